// cp.async (global -> shared, sizes 4, 8, 16) with commit and wait groups,
// for the CPU simulator. Asynchrony is modelled so that a missing wait
// shows: a copy only poisons its destination when issued and lands when a
// wait retires its group.
#ifndef TILEIRAS_SIM_CP_ASYNC_H
#define TILEIRAS_SIM_CP_ASYNC_H

#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

namespace sim::cpasync {

/// The byte a pending copy leaves at `address` of its destination: 0xc1 at
/// even addresses, 0x7f at odd ones, so every 16-bit word reads 0x7fc1 —
/// a NaN as f16, bf16 and (two of them) f32, distinct from the 0xff bytes
/// of uninitialized shared memory.
unsigned char poisonByte(uintptr_t address);

struct Copy {
  unsigned char *destination;
  const unsigned char *source;
  unsigned size;       // cp-size: 4, 8 or 16
  unsigned sourceSize; // bytes read (src-size); the rest is zero-filled
};

/// One thread's copies: those issued since the last commit, and the
/// committed groups not yet retired, oldest first.
class Queue {
public:
  /// Poisons the destination and queues the copy (uncommitted).
  void issue(const Copy &copy);
  /// cp.async.commit_group: the uncommitted copies become the newest group
  /// (an empty one if there are none, as in PTX).
  void commit();
  /// cp.async.wait_group n: performs the oldest groups until at most `n`
  /// are pending (calling `landed`, if given, for each copy performed).
  /// Uncommitted copies are not waited for.
  void wait(unsigned n, void (*landed)(const Copy &) = nullptr);
  /// cp.async.wait_all: commit, then wait_group 0.
  void waitAll();
  /// Forgets every copy without performing it (the thread exited): the
  /// destinations keep their poison.
  size_t drop();

  size_t pendingGroups() const { return groups.size(); }
  size_t uncommitted() const { return open.size(); }

private:
  std::vector<Copy> open;
  std::deque<std::vector<Copy>> groups;
};

} // namespace sim::cpasync

#endif // TILEIRAS_SIM_CP_ASYNC_H
