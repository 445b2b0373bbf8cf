// Runtime of the CPU simulator: the state of one simulated GPU thread and of
// its CTA, shared by the whole-kernel launcher (kernel_main.cpp) and the
// single-function harness of the lowering tests (function_main.cpp).
#ifndef TILEIRAS_SIM_RUNTIME_H
#define TILEIRAS_SIM_RUNTIME_H

#include <atomic>
#include <barrier>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "mbarrier.h"
#include "proxy.h"
#include "tcgen05.h"

namespace sim {

struct Dim3 {
  uint32_t x = 1, y = 1, z = 1;
  uint32_t count() const { return x * y * z; }
};

/// One warp: the lanes meet at `meet` for shuffles and votes and pass
/// values through `slots`. `op` records what each lane is doing so that a
/// divergent warp (lanes in different shuffles) is reported, not silently
/// mixed.
struct Warp {
  explicit Warp(unsigned lanes) : lanes(lanes), meet(lanes) {}
  unsigned lanes;
  std::barrier<> meet;
  uint64_t slots[32] = {};
  uint64_t op[32] = {};
  uint32_t exitedLanes = 0; // lanes that returned from the kernel
};

/// A warpgroup (4 warps): the 128 threads meet for wgmma with A in
/// registers and pass their A words through `a`.
struct WarpGroup {
  explicit WarpGroup(unsigned threads) : meet(threads) {}
  std::barrier<> meet;
  uint32_t a[128][4] = {};
};

/// Completion of a CTA barrier phase: before any thread is released, the
/// count of threads waiting at it drops to zero (so that the deadlock
/// check never counts a released thread as blocked).
struct BarrierDone {
  std::atomic<unsigned> *waiting;
  std::atomic<uint32_t> *completed;
  void operator()() noexcept {
    waiting->store(0);
    completed->fetch_add(1);
  }
};

/// One CTA: its barrier, warps and shared-memory arena.
struct Cta {
  Cta(Dim3 id, Dim3 block, size_t sharedBytes);
  ~Cta();
  Dim3 id;
  Dim3 block;
  unsigned threads;
  std::barrier<BarrierDone> all;
  std::vector<std::unique_ptr<Warp>> warps;
  char *shared = nullptr;
  size_t sharedBytes = 0;
  std::atomic<unsigned> atBarrier{0}, exited{0};
  std::vector<std::unique_ptr<WarpGroup>> warpGroups;
  // mbarriers and the TMA transfers in flight on them (runtime_async.cpp),
  // under `asyncMutex`; `mbarrierWaiting` threads block in a wait.
  std::mutex asyncMutex;
  std::condition_variable asyncChanged;
  mbarrier::Table barriers;
  unsigned mbarrierWaiting = 0;
  // Bumped by every change of the barrier table: a waiter whose phase has
  // completed is still counted in mbarrierWaiting until it runs again, so
  // a deadlock is declared only when nothing changed for a while.
  uint64_t asyncProgress = 0;
  tcgen05::TensorMemory tmem; // under asyncMutex
  // Which shared bytes the async proxy may not read yet (proxy.h), and how
  // many CTA barriers have completed.
  proxy::SharedWrites proxyWrites;
  std::atomic<uint32_t> barriersCompleted{0};
};

/// Makes the calling host thread simulated thread `linear` of `cta`.
void enterThread(Cta &cta, Dim3 grid, unsigned linear);
/// The thread returned from the kernel: it stops taking part in barriers,
/// shuffles and votes (as an exited GPU thread does).
void exitThread();

/// The calling thread's CTA and its linear index in it.
Cta &currentCta();
unsigned currentThread();
/// Exits (5) unless [address, address + bytes) is inside a kernel buffer
/// (space 1) or the CTA's shared memory (space 3).
void checkInside(uint64_t address, uint64_t bytes, uint32_t space,
                 uint32_t write);
/// The calling thread wrote [address, address + bytes) in the generic
/// proxy: recorded where it is the CTA's shared memory (proxy.h).
void markGenericWrite(uint64_t address, uint64_t bytes);
/// Per-thread state of the asynchronous proxy (runtime_async.cpp): reset
/// when a thread starts, settled when it exits.
void resetAsyncThread();
void exitAsyncThread();

/// A range of host memory that global-space accesses may touch.
void addGlobalBuffer(const void *base, size_t bytes, const std::string &name);

/// Set when a device-side assertion failed (__assertfail).
extern std::atomic<bool> assertionFailed;

/// Reports the simulated thread and CTA, prints the message and exits
/// with `code`.
[[noreturn]] void die(int code, const char *format, ...);

} // namespace sim

#endif // TILEIRAS_SIM_RUNTIME_H
