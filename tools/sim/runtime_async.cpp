// The asynchronous proxy of the CPU simulator (README.md "mbarriers, TMA
// and wgmma"): mbarrier objects with phases and transaction counts, TMA
// tile copies (global -> shared completing on an mbarrier, shared ->
// global in bulk groups), and wgmma.mma_async with commit/wait groups.
// Waits that cannot be satisfied are diagnosed: when every thread of the
// CTA is blocked (on an mbarrier, at bar.sync, or exited), exit 3.
#include "cp_async.h"
#include "mbarrier.h"
#include "runtime.h"
#include "tcgen05.h"
#include "tensor_map.h"
#include "wgmma.h"

#include <array>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <deque>
#include <optional>
#include <sched.h>

using namespace sim;

namespace {

/// A TMA store waiting for its bulk group: the box is read from shared
/// memory only when the group is waited for (.read), so a kernel that
/// reuses the buffer before that wait stores the wrong data.
struct BulkStore {
  tma::TensorMap map;
  int32_t coords[tma::kMaxRank];
  const unsigned char *source;
  uint64_t sharedOffset;
};

/// A wgmma result waiting for its group: written to `slot` (the registers'
/// home, see SimPrep) at the wait unless a later wgmma claimed the slot.
/// The operands are kept: the hardware may read shared memory at any time
/// until the wait, so the wait computes the result again and a difference
/// (an operand slot written while the wgmma was in flight) is an error.
struct Pending {
  uint32_t *slot;
  std::vector<uint32_t> result;
  uint32_t tag;
  std::string name;
  wgmma::Instr instr;
  wgmma::Operands ops;
  unsigned thread = 0;
  std::vector<uint32_t> input;
  std::vector<std::array<uint32_t, 4>> aRegisters;
};

struct AsyncThread {
  std::vector<BulkStore> openStores;
  std::deque<std::vector<BulkStore>> storeGroups;
  std::vector<Pending> openMma;
  std::deque<std::vector<Pending>> mmaGroups;
  /// Results of retired wgmmas by tag (the most recent ones), for the
  /// registers that a value-carrying wait_group hands over.
  std::deque<std::pair<uint32_t, std::vector<uint32_t>>> retired;
  uint32_t nextTag = 0;
};
thread_local AsyncThread async;

uint64_t sharedOffset(const void *address) {
  return reinterpret_cast<uintptr_t>(address) -
         reinterpret_cast<uintptr_t>(currentCta().shared);
}

[[noreturn]] void barrierError(const void *bar, const std::string &error) {
  die(5, "mbarrier at shared offset %llu: %s",
      (unsigned long long)sharedOffset(bar), error.c_str());
}

void checkBarrier(const void *bar) {
  checkInside(reinterpret_cast<uintptr_t>(bar), 8, 3, 1);
}

/// Every thread of the CTA blocked: no arrival or transfer can come.
[[noreturn]] void deadlock(Cta &cta, const void *bar, const char *what) {
  const mbarrier::Barrier *b =
      cta.barriers.find(reinterpret_cast<uintptr_t>(bar));
  die(3,
      "deadlock: every thread of the CTA is blocked (%u waiting on "
      "mbarriers, %u at bar.sync, %u exited); this one waits for %s of "
      "the mbarrier at shared offset %llu, which is in phase %llu with %u "
      "of %u arrivals pending, transaction count %lld and %zu TMA "
      "transfers in flight (a missing arrive, expect_tx or copy?)",
      cta.mbarrierWaiting, cta.atBarrier.load(), cta.exited.load(), what,
      (unsigned long long)sharedOffset(bar),
      (unsigned long long)(b ? b->phase : 0), b ? b->pending : 0,
      b ? b->expected : 0, (long long)(b ? b->tx : 0),
      b ? b->inFlight.size() : 0);
}

/// Blocks until `test` (called under the lock) says the phase completed.
template <typename Test>
bool blockUntil(const void *bar, const char *what, Test test) {
  Cta &cta = currentCta();
  std::unique_lock<std::mutex> lock(cta.asyncMutex);
  std::string error;
  bool done = false;
  if (!test(done, error))
    barrierError(bar, error);
  if (done)
    return true;
  ++cta.mbarrierWaiting;
  // All threads blocked is a deadlock only if it lasts: a waiter whose
  // phase completed stays counted until the (possibly busy) host schedules
  // it again.
  using Clock = std::chrono::steady_clock;
  std::optional<std::pair<Clock::time_point, uint64_t>> stuck;
  while (true) {
    cta.asyncChanged.wait_for(lock, std::chrono::milliseconds(2));
    if (!test(done, error))
      barrierError(bar, error);
    if (done) {
      --cta.mbarrierWaiting;
      return true;
    }
    if (cta.mbarrierWaiting + cta.atBarrier.load() + cta.exited.load() !=
        cta.threads) {
      stuck.reset();
      continue;
    }
    if (!stuck || stuck->second != cta.asyncProgress)
      stuck.emplace(Clock::now(), cta.asyncProgress);
    else if (Clock::now() - stuck->first > std::chrono::milliseconds(500))
      deadlock(cta, bar, what);
  }
}

/// Runs `op` on the CTA's barrier table under its lock; wakes waiters.
template <typename Op> void update(const void *bar, Op op) {
  checkBarrier(bar);
  Cta &cta = currentCta();
  std::string error;
  {
    std::lock_guard<std::mutex> lock(cta.asyncMutex);
    if (!op(cta.barriers, reinterpret_cast<uintptr_t>(bar), error))
      barrierError(bar, error);
    ++cta.asyncProgress;
  }
  cta.asyncChanged.notify_all();
}

uint64_t arrive(void *bar, uint32_t count, uint64_t bytes) {
  uint64_t state = 0;
  update(bar, [&](mbarrier::Table &t, uintptr_t a, std::string &e) {
    return t.arrive(a, count, bytes, state, e);
  });
  return state;
}

bool testParity(void *bar, uint32_t parity) {
  checkBarrier(bar);
  Cta &cta = currentCta();
  std::lock_guard<std::mutex> lock(cta.asyncMutex);
  std::string error;
  bool done = false;
  if (!cta.barriers.waitParity(reinterpret_cast<uintptr_t>(bar), parity, done,
                               error))
    barrierError(bar, error);
  if (!done)
    sched_yield();
  return done;
}

bool waitParity(void *bar, uint32_t parity) {
  checkBarrier(bar);
  char what[48];
  snprintf(what, sizeof what, "the phase of parity %u", parity & 1);
  return blockUntil(bar, what, [&](bool &done, std::string &error) {
    return currentCta().barriers.waitParity(reinterpret_cast<uintptr_t>(bar),
                                            parity, done, error);
  });
}

bool waitState(void *bar, uint64_t state, bool block) {
  checkBarrier(bar);
  auto test = [&](bool &done, std::string &error) {
    return currentCta().barriers.waitState(reinterpret_cast<uintptr_t>(bar),
                                           state, done, error);
  };
  if (block)
    return blockUntil(bar, "the phase of its arrival", test);
  std::lock_guard<std::mutex> lock(currentCta().asyncMutex);
  std::string error;
  bool done = false;
  if (!test(done, error))
    barrierError(bar, error);
  return done;
}

} // namespace

//===----------------------------------------------------------------------===//
// mbarrier
//===----------------------------------------------------------------------===//

extern "C" void __sim_nvvm_mbarrier_init_shared(void *bar, uint32_t count) {
  update(bar, [&](mbarrier::Table &t, uintptr_t a, std::string &e) {
    return t.init(a, count, e);
  });
}
extern "C" void __sim_nvvm_mbarrier_init(void *bar, uint32_t count) {
  __sim_nvvm_mbarrier_init_shared(bar, count);
}
extern "C" void __sim_nvvm_mbarrier_inval_shared(void *bar) {
  update(bar, [&](mbarrier::Table &t, uintptr_t a, std::string &e) {
    return t.inval(a, e);
  });
}
extern "C" void __sim_nvvm_mbarrier_inval(void *bar) {
  __sim_nvvm_mbarrier_inval_shared(bar);
}
extern "C" uint64_t __sim_nvvm_mbarrier_arrive_shared(void *bar) {
  return arrive(bar, 1, 0);
}
extern "C" uint64_t __sim_nvvm_mbarrier_arrive(void *bar) {
  return arrive(bar, 1, 0);
}
extern "C" uint64_t __sim_nvvm_mbarrier_arrive_noComplete_shared(void *bar,
                                                                 uint32_t n) {
  return arrive(bar, n, 0);
}
extern "C" uint64_t __sim_nvvm_mbarrier_arrive_scope_cta_space_cta(void *bar,
                                                                   uint32_t n) {
  return arrive(bar, n, 0);
}
extern "C" uint64_t
__sim_nvvm_mbarrier_arrive_expect_tx_scope_cta_space_cta(void *bar,
                                                         uint32_t bytes) {
  return arrive(bar, 1, bytes);
}
extern "C" void __sim_nvvm_mbarrier_expect_tx_scope_cta_space_cta(void *bar,
                                                                  uint32_t b) {
  update(bar, [&](mbarrier::Table &t, uintptr_t a, std::string &e) {
    return t.expectTx(a, b, e);
  });
}
extern "C" void
__sim_nvvm_mbarrier_complete_tx_scope_cta_space_cta(void *bar, uint32_t b) {
  update(bar, [&](mbarrier::Table &t, uintptr_t a, std::string &e) {
    return t.completeTx(a, b, e);
  });
}
extern "C" bool
__sim_nvvm_mbarrier_test_wait_parity_scope_cta_space_cta(void *bar,
                                                         uint32_t parity) {
  return testParity(bar, parity);
}
extern "C" bool
__sim_nvvm_mbarrier_try_wait_parity_scope_cta_space_cta(void *bar,
                                                        uint32_t parity) {
  return waitParity(bar, parity);
}
extern "C" bool __sim_nvvm_mbarrier_try_wait_parity_tl_scope_cta_space_cta(
    void *bar, uint32_t parity, uint32_t) {
  return waitParity(bar, parity);
}
extern "C" bool __sim_nvvm_mbarrier_test_wait_shared(void *bar, uint64_t s) {
  return waitState(bar, s, false);
}
extern "C" bool __sim_nvvm_mbarrier_test_wait_scope_cta_space_cta(void *bar,
                                                                  uint64_t s) {
  return waitState(bar, s, false);
}
extern "C" bool __sim_nvvm_mbarrier_try_wait_scope_cta_space_cta(void *bar,
                                                                 uint64_t s) {
  return waitState(bar, s, true);
}
/// The MLIR nvvm.mbarrier.try_wait.parity loop (inline PTX, SimPrep).
extern "C" void __sim_mbarrier_wait_parity(void *bar, uint32_t parity) {
  waitParity(bar, parity);
}

//===----------------------------------------------------------------------===//
// TMA
//===----------------------------------------------------------------------===//

namespace {

tma::TensorMap tensorMap(const void *bytes) {
  tma::TensorMap map;
  std::string error;
  if (!tma::decode(static_cast<const unsigned char *>(bytes), map, error))
    die(5, "%s", error.c_str());
  checkInside(map.address, tma::tensorExtent(map), 1, 0);
  return map;
}

/// The shared box of a TMA copy: 128-byte aligned, inside shared memory; a
/// swizzled box a whole number of 128-byte rows.
uint64_t sharedBox(const tma::TensorMap &map, const void *box) {
  uint64_t offset = sharedOffset(box);
  if (offset % 128)
    die(5, "TMA shared-memory box at offset %llu is not 128-byte aligned",
        (unsigned long long)offset);
  if (map.swizzle && tma::boxBytes(map) % 128)
    die(6,
        "a swizzled TMA box of %llu bytes (not a multiple of 128) is "
        "not simulated",
        (unsigned long long)tma::boxBytes(map));
  checkInside(reinterpret_cast<uintptr_t>(box), tma::boxBytes(map), 3, 1);
  return offset;
}

void loadTile(void *dst, void *bar, const void *tmap, const int32_t *coords) {
  tma::TensorMap map = tensorMap(tmap);
  uint64_t offset = sharedBox(map, dst);
  mbarrier::Transfer transfer{static_cast<unsigned char *>(dst),
                              tma::loadBox(map, coords, offset),
                              tma::boxBytes(map)};
  currentCta().proxyWrites.asyncWritten(offset, tma::boxBytes(map));
  // Until the transfer lands the box holds the cp.async poison.
  for (size_t i = 0; i < transfer.data.size(); ++i)
    transfer.destination[i] = cpasync::poisonByte(
        reinterpret_cast<uintptr_t>(transfer.destination + i));
  update(bar, [&](mbarrier::Table &t, uintptr_t a, std::string &e) {
    return t.startTransfer(a, std::move(transfer), e);
  });
}

void storeTile(const void *src, const void *tmap, const int32_t *coords) {
  BulkStore store;
  store.map = tensorMap(tmap);
  store.sharedOffset = sharedBox(store.map, src);
  store.source = static_cast<const unsigned char *>(src);
  std::string error;
  if (!proxy::checkAsyncRead("TMA store (cp.async.bulk.tensor)",
                             store.sharedOffset, tma::boxBytes(store.map),
                             error))
    die(5, "%s", error.c_str());
  memcpy(store.coords, coords, sizeof store.coords);
  async.openStores.push_back(store);
}

void retireStores(unsigned n) {
  while (async.storeGroups.size() > n) {
    for (const BulkStore &s : async.storeGroups.front())
      tma::storeBox(s.map, s.coords, s.source, s.sharedOffset);
    async.storeGroups.pop_front();
  }
}

} // namespace

#define TMA_COORDS(...) int32_t coords[tma::kMaxRank] = {__VA_ARGS__};
#define TMA_LOAD(dims, params, ...)                                            \
  extern "C" void __sim_nvvm_cp_async_bulk_tensor_g2s_tile_##dims##d(          \
      void *dst, void *bar, const void *tmap, params, uint16_t, uint64_t,      \
      bool multicast, bool, uint32_t) {                                        \
    if (multicast)                                                             \
      die(6, "TMA multicast (clusters) is not simulated");                     \
    TMA_COORDS(__VA_ARGS__)                                                    \
    loadTile(dst, bar, tmap, coords);                                          \
  }                                                                            \
  extern "C" void __sim_nvvm_cp_async_bulk_tensor_s2g_tile_##dims##d(          \
      const void *src, const void *tmap, params, uint64_t, bool) {             \
    TMA_COORDS(__VA_ARGS__)                                                    \
    storeTile(src, tmap, coords);                                              \
  }
#define P1 int32_t c0
#define P2 P1, int32_t c1
#define P3 P2, int32_t c2
#define P4 P3, int32_t c3
#define P5 P4, int32_t c4
TMA_LOAD(1, P1, c0)
TMA_LOAD(2, P2, c0, c1)
TMA_LOAD(3, P3, c0, c1, c2)
TMA_LOAD(4, P4, c0, c1, c2, c3)
TMA_LOAD(5, P5, c0, c1, c2, c3, c4)

extern "C" void __sim_nvvm_cp_async_bulk_commit_group() {
  async.storeGroups.push_back(std::move(async.openStores));
  async.openStores.clear();
}
extern "C" void __sim_nvvm_cp_async_bulk_wait_group(uint32_t n) {
  retireStores(n);
}
extern "C" void __sim_nvvm_cp_async_bulk_wait_group_read(uint32_t n) {
  retireStores(n);
}
// Makes this thread's generic-proxy writes of shared memory visible to
// the async proxy (proxy.h).
extern "C" void __sim_nvvm_fence_proxy_async_shared_cta() {
  Cta &cta = currentCta();
  cta.proxyWrites.fence(currentThread(), cta.barriersCompleted.load());
}
extern "C" void __sim_nvvm_fence_proxy_async() {
  __sim_nvvm_fence_proxy_async_shared_cta();
}
extern "C" void __sim_nvvm_fence_mbarrier_init_release_cluster() {}
extern "C" void __sim_nvvm_prefetch_tensormap(const void *) {}

//===----------------------------------------------------------------------===//
// wgmma
//===----------------------------------------------------------------------===//

namespace {

/// Poison of element i of wgmma result `tag`: a quiet f32 NaN carrying
/// the tag (14 bits) and i (8 bits), so that a later wgmma or wait_group can
/// recognise an in-flight accumulator register (see README.md).
uint32_t poisonWord(uint32_t tag, unsigned i) {
  return 0x7fc00000u | (tag & 0x3fff) << 8 | (i & 0xff);
}

/// The real value of an in-flight accumulator whose poison `c` holds, so
/// that back-to-back wgmmas chain as on the GPU; null if `c` is data.
const std::vector<uint32_t> *inFlight(const uint32_t *c, unsigned words) {
  auto match = [&](const Pending &p) {
    if (p.result.size() != words)
      return false;
    for (unsigned i = 0; i < words; ++i)
      if (c[i] != poisonWord(p.tag, i))
        return false;
    return true;
  };
  for (const Pending &p : async.openMma)
    if (match(p))
      return &p.result;
  for (const auto &group : async.mmaGroups)
    for (const Pending &p : group)
      if (match(p))
        return &p.result;
  return nullptr;
}

} // namespace

/// One thread's wgmma.mma_async (SimPrep): `in` holds descA, descB (two
/// words each), scale-d, scale-a, scale-b, trans-a, trans-b, then four A
/// words when `name` ends in " a-regs", then the n/2 C words; `slot` is
/// where the D registers live until the wait.
extern "C" void __sim_wgmma(const char *name, const uint32_t *in,
                            uint32_t *slot) {
  std::string text = name;
  bool aRegisters = text.size() > 7 && text.ends_with(" a-regs");
  if (aRegisters)
    text.resize(text.size() - 7);
  std::optional<wgmma::Instr> instr = wgmma::decode(text);
  if (!instr || (aRegisters && instr->elementBytes != 2))
    die(6, "%s is not simulated", name);
  // The ISA allows imm-trans 1 (MN-major) for f16/bf16 operands only.
  if ((in[7] || in[8]) && instr->elementBytes != 2)
    die(5, "%s: imm-trans-a/b must be 0 for this type", name);
  Cta &cta = currentCta();
  unsigned thread = currentThread() % 128;
  WarpGroup &group = *cta.warpGroups[currentThread() / 128];
  const uint32_t *c = in + 9 + (aRegisters ? 4 : 0);
  unsigned words = instr->n / 2;
  std::vector<uint32_t> input(c, c + words);
  if (const std::vector<uint32_t> *real = inFlight(c, words))
    input = *real;
  if (aRegisters) {
    memcpy(group.a[thread], in + 9, 16);
    group.meet.arrive_and_wait();
  }
  wgmma::Operands ops;
  ops.shared = reinterpret_cast<const unsigned char *>(cta.shared);
  ops.sharedBytes = cta.sharedBytes;
  ops.descA = in[0] | uint64_t(in[1]) << 32;
  ops.descB = in[2] | uint64_t(in[3]) << 32;
  ops.aRegisters = aRegisters ? group.a : nullptr;
  ops.scaleD = in[4];
  ops.scaleA = int32_t(in[5]);
  ops.scaleB = int32_t(in[6]);
  ops.transA = in[7];
  ops.transB = in[8];
  Pending pending{slot, std::vector<uint32_t>(words), ++async.nextTag};
  pending.name = text;
  pending.instr = *instr;
  pending.ops = ops;
  pending.thread = thread;
  pending.input = input;
  if (aRegisters)
    pending.aRegisters.assign(
        reinterpret_cast<const std::array<uint32_t, 4> *>(group.a),
        reinterpret_cast<const std::array<uint32_t, 4> *>(group.a) + 128);
  std::string error;
  if (!wgmma::compute(*instr, ops, thread, input.data(), pending.result.data(),
                      error))
    die(5, "%s: %s", name, error.c_str());
  if (aRegisters)
    group.meet.arrive_and_wait(); // the A words are read by everyone
  for (unsigned i = 0; i < words; ++i)
    slot[i] = poisonWord(pending.tag, i);
  async.openMma.push_back(std::move(pending));
}

extern "C" void __sim_nvvm_wgmma_fence_sync_aligned() {}
extern "C" void __sim_nvvm_wgmma_commit_group_sync_aligned() {
  async.mmaGroups.push_back(std::move(async.openMma));
  async.openMma.clear();
}
/// The result of `p` computed from shared memory as it is now.
static void checkOperandsUnchanged(Pending &p) {
  if (!p.aRegisters.empty())
    p.ops.aRegisters =
        reinterpret_cast<const uint32_t(*)[4]>(p.aRegisters.data());
  std::vector<uint32_t> now(p.result.size());
  std::string error;
  if (!wgmma::compute(p.instr, p.ops, p.thread, p.input.data(), now.data(),
                      error) ||
      memcmp(now.data(), p.result.data(), 4 * now.size()) != 0)
    die(5,
        "%s: shared memory it reads was written between the wgmma and the "
        "wait_group that retires it%s%s",
        p.name.c_str(), error.empty() ? "" : ": ", error.c_str());
}

extern "C" void __sim_nvvm_wgmma_wait_group_sync_aligned(uint64_t n) {
  while (async.mmaGroups.size() > n) {
    for (Pending &p : async.mmaGroups.front())
      checkOperandsUnchanged(p);
    for (const Pending &p : async.mmaGroups.front()) {
      if (p.slot[0] == poisonWord(p.tag, 0)) // not claimed by a later wgmma
        memcpy(p.slot, p.result.data(), 4 * p.result.size());
      async.retired.emplace_back(p.tag, p.result);
      if (async.retired.size() > 256)
        async.retired.pop_front();
    }
    async.mmaGroups.pop_front();
  }
}

/// wait_group N with the accumulator registers as operands (tileiras'
/// warpgroup_wait, SimPrep): the wait, then each of the `count` words of
/// `in` that is the poison of a retired wgmma becomes that register's
/// value; poison of a wgmma still in flight stays poison.
extern "C" void __sim_wgmma_wait_values(uint64_t n, const uint32_t *in,
                                        uint32_t *out, uint32_t count) {
  __sim_nvvm_wgmma_wait_group_sync_aligned(n);
  for (uint32_t w = 0; w < count; ++w) {
    out[w] = in[w];
    if ((in[w] & 0xffc00000u) != 0x7fc00000u)
      continue;
    for (const auto &[tag, result] : async.retired) {
      unsigned i = in[w] & 0xff;
      if (i < result.size() && in[w] == poisonWord(tag, i))
        out[w] = result[i];
    }
  }
}

//===----------------------------------------------------------------------===//
// tcgen05
//===----------------------------------------------------------------------===//

namespace {

/// One asynchronous tcgen05 operation: an MMA (block-scaled when `scaled`,
/// of `scaledKind` with `scaleVector` K blocks) or, when `copy`, a
/// tcgen05.cp 32x128b.warpx4 of the scales (d the tensor-memory address, a
/// the shared-memory descriptor).
struct TensorMma {
  uint32_t d;
  uint64_t a, b;
  uint32_t idesc;
  bool accumulate;
  bool scaled = false, copy = false;
  uint32_t scaleA = 0, scaleB = 0;
  unsigned kind = tcgen05::kF16;
  tcgen05::ScaledKind scaledKind = tcgen05::ScaledKind::Mxf8f6f4;
  unsigned scaleVector = 1; // scale_vec::1X, 2X or 4X
  /// The issuing thread: its fences order the operands' generic writes.
  unsigned issuer = 0;
};
/// This thread's tcgen05.mma and tcgen05.cp operations not yet tracked by
/// a commit, in issue order (they run in order in the tcgen05 pipeline).
thread_local std::vector<TensorMma> tensorMmas;

/// Performs one queued operation on `cta`'s tensor memory, its shared
/// memory read as its issuer's (proxy.h).
bool perform(Cta *cta, const TensorMma &op, std::string &error) {
  auto *shared = reinterpret_cast<unsigned char *>(cta->shared);
  struct Reader {
    int saved = proxy::reader;
    ~Reader() { proxy::reader = saved; }
  } restore;
  proxy::reader = int(op.issuer);
  if (op.copy)
    return tcgen05::copy32x128bWarpx4(cta->tmem, shared, cta->sharedBytes, op.d,
                                      op.a, error);
  if (op.scaled)
    return tcgen05::mmaBlockScaled(cta->tmem, shared, cta->sharedBytes, op.d,
                                   op.a, op.b, op.idesc, op.scaleA, op.scaleB,
                                   op.scaledKind, op.scaleVector, op.accumulate,
                                   error);
  return tcgen05::mma(cta->tmem, shared, cta->sharedBytes, op.d, op.a, op.b,
                      op.idesc, op.kind, op.accumulate, error);
}

bool lowestLane() { return currentThread() % 32 == 0; }

uint32_t tmemAddress(const void *taddr) {
  return static_cast<uint32_t>(reinterpret_cast<uintptr_t>(taddr));
}

/// Runs `op` on the CTA's tensor memory under its lock; exit 5 on error.
template <typename Op> void onTensorMemory(Op op) {
  Cta &cta = currentCta();
  std::string error;
  std::lock_guard<std::mutex> lock(cta.asyncMutex);
  if (!op(cta.tmem, error))
    die(5, "%s", error.c_str());
}

} // namespace

// alloc, dealloc and relinquish are warp-wide; the warp's lane 0 acts.
extern "C" void __sim_nvvm_tcgen05_alloc_shared_cg1(void *dst, uint32_t n) {
  checkInside(reinterpret_cast<uintptr_t>(dst), 4, 3, 1);
  if (!lowestLane())
    return;
  onTensorMemory([&](tcgen05::TensorMemory &t, std::string &e) {
    uint32_t address;
    if (!t.allocate(n, address, e))
      return false;
    memcpy(dst, &address, 4);
    return true;
  });
}
extern "C" void __sim_nvvm_tcgen05_alloc_cg1(void *dst, uint32_t n) {
  __sim_nvvm_tcgen05_alloc_shared_cg1(dst, n);
}
extern "C" void __sim_nvvm_tcgen05_dealloc_cg1(void *taddr, uint32_t n) {
  if (lowestLane())
    onTensorMemory([&](tcgen05::TensorMemory &t, std::string &e) {
      return t.deallocate(tmemAddress(taddr), n, e);
    });
}
extern "C" void __sim_nvvm_tcgen05_relinq_alloc_permit_cg1() {
  if (lowestLane())
    onTensorMemory([](tcgen05::TensorMemory &t, std::string &) {
      t.relinquish();
      return true;
    });
}

/// tcgen05.mma: queued until a commit; performed when a waiter of the
/// commit's mbarrier needs it.
extern "C" void __sim_nvvm_tcgen05_mma_shared(void *d, uint64_t a, uint64_t b,
                                              uint32_t idesc, bool enableD,
                                              uint32_t kind, uint32_t group,
                                              uint32_t) {
  if (kind > tcgen05::kI8 || group != 1)
    die(6,
        "tcgen05.mma kind %u cta_group::%u is not simulated (kind::f16, "
        "tf32, f8f6f4 and i8, cta_group::1 only)",
        kind, group);
  TensorMma op{tmemAddress(d), a, b, idesc, enableD};
  op.kind = kind;
  op.issuer = currentThread();
  tensorMmas.push_back(op);
}

namespace {
/// A block-scaled tcgen05.mma of `kind` with `vector` K blocks (scale_vec::
/// 1X, 2X or 4X), queued like the plain form; its form is checked when it
/// is performed.
void queueBlockScaled(void *d, uint64_t a, uint64_t b, uint32_t idesc,
                      bool enableD, void *scaleA, void *scaleB, uint32_t group,
                      tcgen05::ScaledKind kind, unsigned vector) {
  if (group != 1)
    die(6, "tcgen05.mma block_scale cta_group::%u is not simulated", group);
  TensorMma op{tmemAddress(d), a, b, idesc, enableD};
  op.scaled = true;
  op.scaleA = tmemAddress(scaleA);
  op.scaleB = tmemAddress(scaleB);
  op.scaledKind = kind;
  op.scaleVector = vector;
  op.issuer = currentThread();
  tensorMmas.push_back(op);
}
} // namespace

/// tcgen05.mma kind::mxf8f6f4.block_scale (scale_vec::1X, also spelled
/// .block32).
extern "C" void __sim_nvvm_tcgen05_mma_shared_mxf8f6f4_block_scale(
    void *d, uint64_t a, uint64_t b, uint32_t idesc, bool enableD, void *scaleA,
    void *scaleB, uint32_t group, uint32_t) {
  queueBlockScaled(d, a, b, idesc, enableD, scaleA, scaleB, group,
                   tcgen05::ScaledKind::Mxf8f6f4, 1);
}
extern "C" void __sim_nvvm_tcgen05_mma_shared_mxf8f6f4_block_scale_block32(
    void *d, uint64_t a, uint64_t b, uint32_t idesc, bool enableD, void *scaleA,
    void *scaleB, uint32_t group, uint32_t collector) {
  __sim_nvvm_tcgen05_mma_shared_mxf8f6f4_block_scale(
      d, a, b, idesc, enableD, scaleA, scaleB, group, collector);
}

/// tcgen05.mma kind::mxf4.block_scale (scale_vec::2X, also spelled
/// .block32).
extern "C" void __sim_nvvm_tcgen05_mma_shared_mxf4_block_scale(
    void *d, uint64_t a, uint64_t b, uint32_t idesc, bool enableD, void *scaleA,
    void *scaleB, uint32_t group, uint32_t) {
  queueBlockScaled(d, a, b, idesc, enableD, scaleA, scaleB, group,
                   tcgen05::ScaledKind::Mxf4, 2);
}
extern "C" void __sim_nvvm_tcgen05_mma_shared_mxf4_block_scale_block32(
    void *d, uint64_t a, uint64_t b, uint32_t idesc, bool enableD, void *scaleA,
    void *scaleB, uint32_t group, uint32_t collector) {
  __sim_nvvm_tcgen05_mma_shared_mxf4_block_scale(
      d, a, b, idesc, enableD, scaleA, scaleB, group, collector);
}

/// tcgen05.mma kind::mxf4nvf4.block_scale: .block16 is scale_vec::4X
/// (16-element blocks), .block32 scale_vec::2X.
extern "C" void __sim_nvvm_tcgen05_mma_shared_mxf4nvf4_block_scale_block16(
    void *d, uint64_t a, uint64_t b, uint32_t idesc, bool enableD, void *scaleA,
    void *scaleB, uint32_t group, uint32_t) {
  queueBlockScaled(d, a, b, idesc, enableD, scaleA, scaleB, group,
                   tcgen05::ScaledKind::Mxf4Nvf4, 4);
}
extern "C" void __sim_nvvm_tcgen05_mma_shared_mxf4nvf4_block_scale_block32(
    void *d, uint64_t a, uint64_t b, uint32_t idesc, bool enableD, void *scaleA,
    void *scaleB, uint32_t group, uint32_t) {
  queueBlockScaled(d, a, b, idesc, enableD, scaleA, scaleB, group,
                   tcgen05::ScaledKind::Mxf4Nvf4, 2);
}

/// tcgen05.cp.cta_group::1.32x128b.warpx4: queued in issue order with the
/// MMAs; it reads shared memory when performed (at the commit's wait).
extern "C" void __sim_nvvm_tcgen05_cp_32x128b_warpx4_cg1(void *taddr,
                                                         uint64_t desc) {
  TensorMma op{tmemAddress(taddr), desc, 0, 0, false};
  op.copy = true;
  op.issuer = currentThread();
  tensorMmas.push_back(op);
}

/// tcgen05.commit: the mbarrier gets one arrival now and one transaction
/// (the simulator's own) that completes when the tracked operations are
/// performed, so that only a wait on the barrier makes D appear.
extern "C" void __sim_nvvm_tcgen05_commit_shared_cg1(void *bar) {
  Cta *cta = &currentCta();
  std::vector<TensorMma> ops = std::move(tensorMmas);
  tensorMmas.clear();
  mbarrier::Transfer transfer{nullptr, {}, 1, [cta, ops] {
                                for (const TensorMma &op : ops) {
                                  std::string error;
                                  if (!perform(cta, op, error))
                                    die(5, "%s", error.c_str());
                                }
                              }};
  uint64_t state;
  update(bar, [&](mbarrier::Table &t, uintptr_t a, std::string &e) {
    return t.expectTx(a, 1, e) && t.startTransfer(a, std::move(transfer), e) &&
           t.arrive(a, 1, 0, state, e);
  });
}
extern "C" void __sim_nvvm_tcgen05_commit_cg1(void *bar) {
  __sim_nvvm_tcgen05_commit_shared_cg1(bar);
}

/// tcgen05.ld.sync.aligned.32x32b.xN (SimPrep): lane i of the warp reads
/// N columns of tensor-memory lane base + i; a warp may only access the
/// 32 lanes of its quadrant (warp % 4).
extern "C" void __sim_tcgen05_ld(const char *name, void *taddr, uint32_t *out) {
  unsigned count = 0;
  if (sscanf(name, "tcgen05.ld.32x32b.x%u", &count) != 1)
    die(6, "%s is not simulated (32x32b only)", name);
  uint32_t address = tmemAddress(taddr);
  unsigned quadrant = currentThread() / 32 % 4;
  if ((address >> 16) != 32 * quadrant)
    die(5,
        "%s: warp %u may only access tensor-memory lanes %u..%u, not "
        "lane %u",
        name, currentThread() / 32, 32 * quadrant, 32 * quadrant + 31,
        address >> 16);
  onTensorMemory([&](tcgen05::TensorMemory &t, std::string &e) {
    if (!t.allocated(address, count)) {
      e = std::string(name) + " reads columns not allocated";
      return false;
    }
    for (unsigned c = 0; c < count; ++c)
      out[c] =
          t.at((address >> 16) + currentThread() % 32, (address & 0xffff) + c);
    return true;
  });
}
extern "C" void __sim_nvvm_tcgen05_wait_ld() {}
extern "C" void __sim_nvvm_tcgen05_wait_st() {}
extern "C" void __sim_nvvm_tcgen05_fence_before_thread_sync() {}
extern "C" void __sim_nvvm_tcgen05_fence_after_thread_sync() {}

void sim::resetAsyncThread() {
  async = AsyncThread();
  tensorMmas.clear();
}

void sim::exitAsyncThread() {
  // Bulk stores complete even if never waited for (their global writes
  // are visible after the kernel); wgmma results never waited for are lost
  // with the registers.
  __sim_nvvm_cp_async_bulk_commit_group();
  retireStores(0);
  async = AsyncThread();
}
