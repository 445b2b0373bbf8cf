// cp.async emulation (see cp_async.h). The copy is performed at the wait
// that retires its group, not at issue: the PTX ISA promises nothing about
// the destination before that wait, and the poison written at issue makes a
// kernel that reads early compute a visibly wrong result.
#include "cp_async.h"

#include <cstring>

using namespace sim::cpasync;

unsigned char sim::cpasync::poisonByte(uintptr_t address) {
  return address % 2 ? 0x7f : 0xc1;
}

void Queue::issue(const Copy &copy) {
  for (unsigned i = 0; i < copy.size; ++i)
    copy.destination[i] =
        poisonByte(reinterpret_cast<uintptr_t>(copy.destination + i));
  open.push_back(copy);
}

void Queue::commit() {
  groups.push_back(std::move(open));
  open.clear();
}

void Queue::wait(unsigned n, void (*landed)(const Copy &)) {
  while (groups.size() > n) {
    for (const Copy &copy : groups.front()) {
      std::memcpy(copy.destination, copy.source, copy.sourceSize);
      std::memset(copy.destination + copy.sourceSize, 0,
                  copy.size - copy.sourceSize);
      if (landed)
        landed(copy);
    }
    groups.pop_front();
  }
}

void Queue::waitAll() {
  commit();
  wait(0);
}

size_t Queue::drop() {
  size_t dropped = open.size();
  for (const std::vector<Copy> &group : groups)
    dropped += group.size();
  open.clear();
  groups.clear();
  return dropped;
}
