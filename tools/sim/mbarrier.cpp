// mbarrier emulation (see mbarrier.h). Transfers land lazily, at the wait
// that needs them: a kernel that reads the destination without waiting on
// the barrier reads what was there before (the TMA poison), which is a
// legal schedule of the asynchronous copy and makes the missing wait show.
#include "mbarrier.h"

#include <cstring>

using namespace sim::mbarrier;

Barrier *Table::lookup(uintptr_t address, std::string &error) {
  auto it = barriers.find(address);
  if (it != barriers.end())
    return &it->second;
  error = "mbarrier used before mbarrier.init (or after mbarrier.inval)";
  return nullptr;
}

const Barrier *Table::find(uintptr_t address) const {
  auto it = barriers.find(address);
  return it == barriers.end() ? nullptr : &it->second;
}

bool Table::init(uintptr_t address, uint32_t count, std::string &error) {
  if (address % 8) {
    error = "mbarrier object not 8-byte aligned";
    return false;
  }
  if (count < 1 || count > kMaxCount) {
    error =
        "mbarrier.init count " + std::to_string(count) + " outside 1 .. 2^20-1";
    return false;
  }
  Barrier &barrier = barriers[address];
  barrier = Barrier();
  barrier.expected = barrier.pending = count;
  return true;
}

bool Table::inval(uintptr_t address, std::string &error) {
  Barrier *barrier = lookup(address, error);
  if (!barrier)
    return false;
  if (!barrier->inFlight.empty()) {
    error = "mbarrier.inval with transfers still in flight on it";
    return false;
  }
  barriers.erase(address);
  return true;
}

void Table::maybeComplete(Barrier &barrier) {
  if (barrier.pending != 0 || barrier.tx != 0)
    return;
  ++barrier.phase;
  barrier.pending = barrier.expected;
}

bool Table::arrive(uintptr_t address, uint32_t count, uint64_t bytes,
                   uint64_t &state, std::string &error) {
  Barrier *barrier = lookup(address, error);
  if (!barrier)
    return false;
  if (bytes && !expectTx(address, bytes, error))
    return false;
  if (count == 0 || count > barrier->pending) {
    error = "mbarrier.arrive with count " + std::to_string(count) +
            " but only " + std::to_string(barrier->pending) +
            " arrivals pending in the current phase";
    return false;
  }
  state = barrier->phase;
  barrier->pending -= count;
  maybeComplete(*barrier);
  return true;
}

bool Table::expectTx(uintptr_t address, uint64_t bytes, std::string &error) {
  Barrier *barrier = lookup(address, error);
  if (!barrier)
    return false;
  if (barrier->tx + static_cast<int64_t>(bytes) > kMaxCount) {
    error = "mbarrier transaction count above 2^20-1";
    return false;
  }
  barrier->tx += bytes;
  return true;
}

bool Table::completeTx(uintptr_t address, uint64_t bytes, std::string &error) {
  Barrier *barrier = lookup(address, error);
  if (!barrier)
    return false;
  barrier->tx -= static_cast<int64_t>(bytes);
  if (barrier->tx < -static_cast<int64_t>(kMaxCount)) {
    error = "mbarrier transaction count below -(2^20-1)";
    return false;
  }
  maybeComplete(*barrier);
  return true;
}

bool Table::startTransfer(uintptr_t address, Transfer transfer,
                          std::string &error) {
  Barrier *barrier = lookup(address, error);
  if (!barrier)
    return false;
  barrier->inFlight.push_back(std::move(transfer));
  return true;
}

void Table::land(Barrier &barrier, uint64_t targetPhase) {
  while (barrier.phase < targetPhase && barrier.pending == 0 &&
         !barrier.inFlight.empty()) {
    Transfer &t = barrier.inFlight.front();
    if (t.perform)
      t.perform();
    else
      memcpy(t.destination, t.data.data(), t.data.size());
    barrier.tx -= static_cast<int64_t>(t.bytes);
    barrier.inFlight.pop_front();
    maybeComplete(barrier);
  }
}

bool Table::waitParity(uintptr_t address, uint32_t parity, bool &done,
                       std::string &error) {
  Barrier *barrier = lookup(address, error);
  if (!barrier)
    return false;
  // The phase with this parity completed iff the current one differs.
  if ((barrier->phase & 1) == (parity & 1))
    land(*barrier, barrier->phase + 1);
  done = (barrier->phase & 1) != (parity & 1);
  return true;
}

bool Table::waitState(uintptr_t address, uint64_t state, bool &done,
                      std::string &error) {
  Barrier *barrier = lookup(address, error);
  if (!barrier)
    return false;
  land(*barrier, state + 1);
  done = barrier->phase > state;
  return true;
}
