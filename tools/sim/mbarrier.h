// mbarrier objects (phases, arrival counts, transaction counts) for the CPU
// simulator, with the asynchronous transactions (TMA loads) that complete
// on them. Pure state: the runtime serializes access with a CTA-wide lock
// and does the blocking (runtime.cpp).
#ifndef TILEIRAS_SIM_MBARRIER_H
#define TILEIRAS_SIM_MBARRIER_H

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace sim::mbarrier {

/// A transfer in flight that completes `bytes` transactions on its
/// mbarrier when it lands: `data` is written to `destination` then, or
/// `perform` runs (the tcgen05 operations a commit tracks).
struct Transfer {
  unsigned char *destination;
  std::vector<unsigned char> data;
  uint64_t bytes;
  std::function<void()> perform = nullptr;
};

/// One mbarrier (PTX ISA "mbarrier"): the current phase, the arrivals still
/// pending in it, the expected count each phase starts with, and the
/// transaction count (expect_tx adds, complete_tx subtracts).
struct Barrier {
  uint64_t phase = 0; // phases completed so far; the parity is phase & 1
  uint32_t expected = 0;
  uint32_t pending = 0;
  int64_t tx = 0;
  std::deque<Transfer> inFlight;
};

/// The mbarriers of one CTA, by shared-memory address. Every operation
/// returns false with `error` set when the PTX ISA leaves it undefined
/// (use before init, more arrivals than pending, counts out of range).
class Table {
public:
  bool init(uintptr_t address, uint32_t count, std::string &error);
  bool inval(uintptr_t address, std::string &error);
  /// arrive(count) (after expect_tx(bytes) when `bytes` is non-zero);
  /// `state` gets the phase the arrival belongs to (the opaque token).
  bool arrive(uintptr_t address, uint32_t count, uint64_t bytes,
              uint64_t &state, std::string &error);
  bool expectTx(uintptr_t address, uint64_t bytes, std::string &error);
  bool completeTx(uintptr_t address, uint64_t bytes, std::string &error);
  /// Queues a transfer on the barrier; it lands (and completes its bytes)
  /// only when a waiter needs it (see wait).
  bool startTransfer(uintptr_t address, Transfer transfer, std::string &error);
  /// test_wait.parity / try_wait.parity: whether the phase with `parity`
  /// has completed (the current phase has the other parity). When it has
  /// not and every arrival is in, the transfers in flight land first, in
  /// order, until the phase completes.
  bool waitParity(uintptr_t address, uint32_t parity, bool &done,
                  std::string &error);
  /// test_wait / try_wait with the token of an arrive.
  bool waitState(uintptr_t address, uint64_t state, bool &done,
                 std::string &error);
  /// For diagnostics: the barrier, or null.
  const Barrier *find(uintptr_t address) const;

private:
  Barrier *lookup(uintptr_t address, std::string &error);
  static void maybeComplete(Barrier &barrier);
  static void land(Barrier &barrier, uint64_t targetPhase);
  std::map<uintptr_t, Barrier> barriers;
};

/// Counts the PTX ISA allows: expected arrivals 1 .. 2^20 - 1, transaction
/// counts within +-(2^20 - 1).
constexpr uint32_t kMaxCount = (1u << 20) - 1;

} // namespace sim::mbarrier

#endif // TILEIRAS_SIM_MBARRIER_H
