// Runtime of the CPU simulator (see README.md): what the host IR made by
// tileiras-sim-prep (or by the lowering tests' retargeting) calls instead of
// the GPU's special registers, barriers, shuffles, votes, rounding-mode
// intrinsics, PTX atomics on floats, vprintf/__assertfail, libdevice, and
// the tensor-core instructions (mma.sync, ldmatrix/stmatrix, cp.async).
//
// Every simulated GPU thread is one host thread. The NVVM intrinsic
// llvm.nvvm.X.Y is implemented here as __sim_nvvm_X_Y with the same
// signature; an intrinsic that is missing here fails the link, so nothing
// is simulated silently wrong.
#include "runtime.h"
#include "cp_async.h"
#include "matrix.h"
#include "mma.h"

#include <cfenv>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <mutex>
#include <optional>
#include <string>
#include <unistd.h>

#pragma STDC FENV_ACCESS ON

using namespace sim;

namespace {

struct ThreadState {
  Cta *cta = nullptr;
  Dim3 grid;
  Dim3 tid;
  unsigned linear = 0;
  unsigned lane = 0;
  unsigned warp = 0;
};
thread_local ThreadState self;
/// The thread's cp.async copies (cp_async.h).
thread_local cpasync::Queue copies;

struct Buffer {
  uintptr_t base;
  size_t bytes;
  std::string name;
};
std::vector<Buffer> globalBuffers;
std::mutex printMutex;

} // namespace

std::atomic<bool> sim::assertionFailed{false};

void sim::die(int code, const char *format, ...) {
  char message[2048];
  va_list args;
  va_start(args, format);
  vsnprintf(message, sizeof message, format, args);
  va_end(args);
  fflush(stdout);
  if (self.cta)
    fprintf(stderr, "sim: error in CTA (%u, %u, %u), thread (%u, %u, %u): %s\n",
            self.cta->id.x, self.cta->id.y, self.cta->id.z, self.tid.x,
            self.tid.y, self.tid.z, message);
  else
    fprintf(stderr, "sim: error: %s\n", message);
  fflush(stderr);
  _exit(code);
}

//===----------------------------------------------------------------------===//
// Threads and CTAs
//===----------------------------------------------------------------------===//

Cta::Cta(Dim3 id, Dim3 block, size_t sharedBytes)
    : id(id), block(block), threads(block.count()),
      all(block.count(), BarrierDone{&atBarrier, &barriersCompleted}),
      sharedBytes(sharedBytes) {
  for (unsigned first = 0; first < threads; first += 32)
    warps.push_back(std::make_unique<Warp>(std::min(32u, threads - first)));
  for (unsigned first = 0; first < threads; first += 128)
    warpGroups.push_back(
        std::make_unique<WarpGroup>(std::min(128u, threads - first)));
  if (sharedBytes) {
    void *arena = nullptr;
    // 256 KiB aligned: the low 18 bits of an address in the arena are its
    // shared::cta offset, which is what descriptors and swizzles use.
    if (posix_memalign(&arena, 1 << 18, sharedBytes))
      die(2, "cannot allocate %zu bytes of shared memory", sharedBytes);
    shared = static_cast<char *>(arena);
    // Shared memory starts uninitialized: all-ones bytes are NaN as floats
    // and -1 as integers, so a read before the write shows.
    memset(shared, 0xff, sharedBytes);
  }
  proxyWrites.reset(sharedBytes, threads);
}

Cta::~Cta() { free(shared); }

void sim::enterThread(Cta &cta, Dim3 grid, unsigned linear) {
  self.cta = &cta;
  self.grid = grid;
  self.linear = linear;
  self.tid = {linear % cta.block.x, linear / cta.block.x % cta.block.y,
              linear / (cta.block.x * cta.block.y)};
  self.lane = linear % 32;
  self.warp = linear / 32;
  proxy::current = &cta.proxyWrites;
  proxy::reader = int(linear);
  copies.drop();
  resetAsyncThread();
}

Cta &sim::currentCta() { return *self.cta; }
unsigned sim::currentThread() { return self.linear; }

void sim::exitThread() {
  // Copies the thread never waited for are dropped: their destinations keep
  // the poison (no thread may read them without that wait; see README.md).
  copies.drop();
  exitAsyncThread();
  Cta &cta = *self.cta;
  cta.warpGroups[self.linear / 128]->meet.arrive_and_drop();
  cta.exited.fetch_add(1);
  Warp &warp = *cta.warps[self.warp];
  __atomic_fetch_or(&warp.exitedLanes, 1u << self.lane, __ATOMIC_SEQ_CST);
  warp.meet.arrive_and_drop();
  cta.all.arrive_and_drop();
}

void sim::addGlobalBuffer(const void *base, size_t bytes,
                          const std::string &name) {
  globalBuffers.push_back({reinterpret_cast<uintptr_t>(base), bytes, name});
}

//===----------------------------------------------------------------------===//
// Special registers
//===----------------------------------------------------------------------===//

#define SREG(name, expr)                                                       \
  extern "C" uint32_t __sim_nvvm_read_ptx_sreg_##name() { return expr; }
SREG(tid_x, self.tid.x)
SREG(tid_y, self.tid.y)
SREG(tid_z, self.tid.z)
SREG(ntid_x, self.cta->block.x)
SREG(ntid_y, self.cta->block.y)
SREG(ntid_z, self.cta->block.z)
SREG(ctaid_x, self.cta->id.x)
SREG(ctaid_y, self.cta->id.y)
SREG(ctaid_z, self.cta->id.z)
SREG(nctaid_x, self.grid.x)
SREG(nctaid_y, self.grid.y)
SREG(nctaid_z, self.grid.z)
SREG(laneid, self.lane)
SREG(warpid, self.warp)
SREG(nwarpid, static_cast<uint32_t>(self.cta->warps.size()))
SREG(warpsize, 32u)
#undef SREG

//===----------------------------------------------------------------------===//
// Barriers
//===----------------------------------------------------------------------===//

static void ctaBarrier(uint32_t id) {
  if (id != 0)
    die(6, "bar.sync %u: named barriers are not simulated", id);
  Cta &cta = *self.cta;
  cta.atBarrier.fetch_add(1);
  cta.all.arrive_and_wait(); // the phase's completion resets atBarrier
}

extern "C" void __sim_nvvm_barrier0() { ctaBarrier(0); }
extern "C" void __sim_nvvm_barrier_cta_sync_aligned_all(uint32_t id) {
  ctaBarrier(id);
}
extern "C" void __sim_nvvm_barrier_cta_sync_all(uint32_t id) { ctaBarrier(id); }
extern "C" void __sim_nvvm_barrier_sync(uint32_t id) { ctaBarrier(id); }

// Fences: the host's sequentially consistent fence is at least as strong.
extern "C" void __sim_nvvm_membar_cta() {
  std::atomic_thread_fence(std::memory_order_seq_cst);
}
extern "C" void __sim_nvvm_membar_gl() {
  std::atomic_thread_fence(std::memory_order_seq_cst);
}
extern "C" void __sim_nvvm_membar_sys() {
  std::atomic_thread_fence(std::memory_order_seq_cst);
}

//===----------------------------------------------------------------------===//
// Shuffles and votes
//===----------------------------------------------------------------------===//

namespace {

enum WarpOp : uint64_t {
  ShflIdx = 1,
  ShflBfly,
  ShflUp,
  ShflDown,
  Vote,
  Mma,
  Ldmatrix,
  Stmatrix
};

/// Every lane of the warp publishes `value`, then `pick` reads the warp's
/// values. All lanes must execute the same operation with the full member
/// mask (the only form the lowering emits); anything else is reported.
template <typename Pick>
uint64_t warpExchange(WarpOp kind, uint32_t mask, uint32_t c, uint64_t value,
                      Pick pick) {
  Warp &warp = *self.cta->warps[self.warp];
  uint32_t full = warp.lanes == 32 ? 0xffffffffu : (1u << warp.lanes) - 1;
  if (mask != full)
    die(6,
        "warp operation with member mask 0x%08x: only full warps (0x%08x) "
        "are simulated",
        mask, full);
  uint64_t op = (uint64_t(kind) << 40) | (uint64_t(c) << 32) | mask;
  warp.slots[self.lane] = value;
  warp.op[self.lane] = op;
  warp.meet.arrive_and_wait();
  uint32_t exited = __atomic_load_n(&warp.exitedLanes, __ATOMIC_SEQ_CST);
  if (exited & mask)
    die(6, "warp operation while lanes 0x%08x of the warp have exited",
        exited & mask);
  for (unsigned lane = 0; lane < warp.lanes; ++lane)
    if (warp.op[lane] != op)
      die(6,
          "divergent warp: lane %u executes warp operation %llx, lane %u "
          "executes %llx",
          self.lane, (unsigned long long)op, lane,
          (unsigned long long)warp.op[lane]);
  uint64_t result = pick(warp);
  warp.meet.arrive_and_wait();
  return result;
}

/// shfl.sync as the PTX ISA defines it: c holds the clamp value (bits 0-4)
/// and the segment mask (bits 8-12); an out-of-range source lane reads the
/// thread's own value.
uint32_t shuffle(WarpOp kind, uint32_t mask, uint32_t value, uint32_t b,
                 uint32_t c) {
  return static_cast<uint32_t>(
      warpExchange(kind, mask, c, value, [&](Warp &warp) -> uint64_t {
        int lane = self.lane;
        int bval = b & 31, cval = c & 31, segmask = (c >> 8) & 31;
        int maxLane = (lane & segmask) | (cval & ~segmask);
        int minLane = lane & segmask;
        int j;
        bool inRange;
        switch (kind) {
        case ShflUp:
          j = lane - bval;
          inRange = j >= maxLane;
          break;
        case ShflDown:
          j = lane + bval;
          inRange = j <= maxLane;
          break;
        case ShflBfly:
          j = lane ^ bval;
          inRange = j <= maxLane;
          break;
        default:
          j = minLane | (bval & ~segmask);
          inRange = j <= maxLane;
          break;
        }
        if (!inRange || j >= static_cast<int>(warp.lanes))
          j = lane;
        return warp.slots[j];
      }));
}

uint32_t bitsOf(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}
float floatOf(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}
uint64_t bitsOf(double d) {
  uint64_t u;
  memcpy(&u, &d, 8);
  return u;
}
double doubleOf(uint64_t u) {
  double d;
  memcpy(&d, &u, 8);
  return d;
}

} // namespace

#define SHFL(mode, kind)                                                       \
  extern "C" uint32_t __sim_nvvm_shfl_sync_##mode##_i32(                       \
      uint32_t mask, uint32_t a, uint32_t b, uint32_t c) {                     \
    return shuffle(kind, mask, a, b, c);                                       \
  }                                                                            \
  extern "C" float __sim_nvvm_shfl_sync_##mode##_f32(uint32_t mask, float a,   \
                                                     uint32_t b, uint32_t c) { \
    return floatOf(shuffle(kind, mask, bitsOf(a), b, c));                      \
  }
SHFL(idx, ShflIdx)
SHFL(bfly, ShflBfly)
SHFL(up, ShflUp)
SHFL(down, ShflDown)
#undef SHFL

// i1 arguments arrive in the low bit of a register; the rest is undefined.
static uint32_t ballot(uint32_t mask, uint32_t predicate) {
  return static_cast<uint32_t>(
      warpExchange(Vote, mask, 0, predicate & 1, [&](Warp &warp) -> uint64_t {
        uint32_t bits = 0;
        for (unsigned lane = 0; lane < warp.lanes; ++lane)
          bits |= static_cast<uint32_t>(warp.slots[lane] & 1) << lane;
        return bits & mask;
      }));
}
extern "C" uint32_t __sim_nvvm_vote_ballot_sync(uint32_t mask, uint32_t p) {
  return ballot(mask, p);
}
extern "C" bool __sim_nvvm_vote_all_sync(uint32_t mask, uint32_t p) {
  return ballot(mask, p) == mask;
}
extern "C" bool __sim_nvvm_vote_any_sync(uint32_t mask, uint32_t p) {
  return ballot(mask, p) != 0;
}
extern "C" bool __sim_nvvm_vote_uni_sync(uint32_t mask, uint32_t p) {
  uint32_t bits = ballot(mask, p);
  return bits == 0 || bits == mask;
}

//===----------------------------------------------------------------------===//
// Memory checks and shared memory
//===----------------------------------------------------------------------===//

extern "C" void *__sim_shared_base() { return self.cta->shared; }

/// A .global access must fall into a buffer the kernel was given and a
/// .shared one into the CTA's arena.
void sim::checkInside(uint64_t address, uint64_t bytes, uint32_t space,
                      uint32_t write) {
  const char *what = write ? "store" : "load";
  if (space == 1 && !globalBuffers.empty()) {
    for (const Buffer &b : globalBuffers)
      if (address >= b.base && address + bytes <= b.base + b.bytes)
        return;
    std::string near;
    for (const Buffer &b : globalBuffers) {
      long long offset = static_cast<long long>(address - b.base);
      char line[160];
      snprintf(line, sizeof line,
               "\n  %s: %lld bytes from its start (size %zu)", b.name.c_str(),
               offset, b.bytes);
      near += line;
    }
    die(5,
        "global %s of %llu bytes at 0x%llx is outside every kernel "
        "buffer:%s",
        what, (unsigned long long)bytes, (unsigned long long)address,
        near.c_str());
  }
  if (space == 3) {
    Cta &cta = *self.cta;
    uintptr_t base = reinterpret_cast<uintptr_t>(cta.shared);
    if (!cta.shared || address < base ||
        address + bytes > base + cta.sharedBytes)
      die(5,
          "shared %s of %llu bytes at 0x%llx is outside the CTA's %zu "
          "bytes of shared memory (offset %lld)",
          what, (unsigned long long)bytes, (unsigned long long)address,
          cta.sharedBytes, static_cast<long long>(address - base));
  }
}

/// Called before every access of the inline PTX: PTX requires natural
/// alignment of the whole (vector) access, and the access must be inside
/// (checkInside). AddressSanitizer checks every access besides.
extern "C" void __sim_check_access(uint64_t address, uint64_t bytes,
                                   uint32_t space, uint32_t write) {
  if (address % bytes)
    die(5,
        "misaligned %s: %llu bytes at 0x%llx (PTX requires %llu-byte "
        "alignment)",
        write ? "store" : "load", (unsigned long long)bytes,
        (unsigned long long)address, (unsigned long long)bytes);
  checkInside(address, bytes, space, write);
  if (write)
    markGenericWrite(address, bytes);
}

void sim::markGenericWrite(uint64_t address, uint64_t bytes) {
  Cta &cta = *self.cta;
  uintptr_t base = reinterpret_cast<uintptr_t>(cta.shared);
  if (cta.shared && address >= base &&
      address + bytes <= base + cta.sharedBytes)
    cta.proxyWrites.written(address - base, bytes, self.linear,
                            cta.barriersCompleted.load());
}

/// A plain LLVM store to shared memory (SimPrep marks them): recorded as a
/// generic-proxy write.
extern "C" void __sim_shared_written(void *address, uint64_t bytes) {
  markGenericWrite(reinterpret_cast<uintptr_t>(address), bytes);
}

//===----------------------------------------------------------------------===//
// Rounding
//===----------------------------------------------------------------------===//

namespace {

enum Mode { RN = 0, RZ = 1, RM = 2, RP = 3 };

int hostMode(int mode) {
  static const int modes[] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD,
                              FE_UPWARD};
  return modes[mode];
}

/// `x` rounded to a binary format with `precision` significand bits,
/// minimum normal exponent `emin` and `exponentBits`, in `mode`; returns
/// the bits (NaN: the canonical 0x7fff.. pattern the cvt instructions
/// produce). Exact: only power-of-two scalings and an integer split.
uint32_t roundToFormat(double x, int precision, int emin, int exponentBits,
                       int mode) {
  uint32_t sign = std::signbit(x) ? 1u << (precision + exponentBits - 1) : 0;
  uint32_t infinity = ((1u << exponentBits) - 1) << (precision - 1);
  if (std::isnan(x))
    return (1u << (precision + exponentBits - 1)) - 1;
  if (std::isinf(x))
    return sign | infinity;
  double magnitude = std::fabs(x);
  if (magnitude == 0)
    return sign;
  int e;
  std::frexp(magnitude, &e);
  e -= 1; // magnitude in [2^e, 2^(e+1))
  if (e < emin)
    e = emin;
  double scaled = std::ldexp(magnitude, precision - 1 - e);
  double whole = std::floor(scaled);
  double fraction = scaled - whole;
  uint64_t n = static_cast<uint64_t>(whole);
  bool negative = sign != 0;
  bool up = false;
  switch (mode) {
  case RN:
    up = fraction > 0.5 || (fraction == 0.5 && (n & 1));
    break;
  case RZ:
    break;
  case RM:
    up = fraction > 0 && negative;
    break;
  case RP:
    up = fraction > 0 && !negative;
    break;
  }
  n += up;
  // Subnormals (e == emin, no leading one) and a carry into the next
  // binade both come out right from adding the exponent field.
  uint64_t bits = n + (static_cast<uint64_t>(e - emin) << (precision - 1));
  if (bits >= infinity) {
    bool toInfinity =
        mode == RN || (mode == RP && !negative) || (mode == RM && negative);
    bits = toInfinity ? infinity : infinity - 1;
  }
  return sign | static_cast<uint32_t>(bits);
}

double decodeFormat(uint32_t bits, int precision, int emin, int exponentBits) {
  uint32_t mantissa = bits & ((1u << (precision - 1)) - 1);
  uint32_t exponent = (bits >> (precision - 1)) & ((1u << exponentBits) - 1);
  bool negative = bits >> (precision + exponentBits - 1) & 1;
  double value;
  if (exponent == (1u << exponentBits) - 1)
    value = mantissa ? NAN : INFINITY;
  else if (exponent == 0)
    value = std::ldexp(mantissa, emin - (precision - 1));
  else
    value = std::ldexp(mantissa | (1u << (precision - 1)),
                       static_cast<int>(exponent) - 1 + emin - (precision - 1));
  return negative ? -value : value;
}

uint32_t toHalf(double x, int mode) {
  return roundToFormat(x, 11, -14, 5, mode);
}
uint32_t toBf16(double x, int mode) {
  return roundToFormat(x, 8, -126, 8, mode);
}

float flush(float f) {
  return std::fpclassify(f) == FP_SUBNORMAL ? std::copysign(0.0f, f) : f;
}

} // namespace

extern "C" uint32_t __sim_cvt_f32_to_f16(float f, int32_t mode) {
  return toHalf(f, mode);
}
extern "C" uint32_t __sim_cvt_f32_to_bf16(float f, int32_t mode) {
  return toBf16(f, mode);
}

// The IEEE-rounded NVVM arithmetic: the operation runs under the host's
// rounding mode. The operands are read through volatile objects after the
// first fesetround and the result written to one before the second, which
// keeps the operation between them.
template <typename T> static T vol(T x) {
  volatile T v = x;
  return v;
}

#define ROUNDED(type, name, params, expr)                                      \
  extern "C" type name params {                                                \
    int old = fegetround();                                                    \
    fesetround(hostMode(MODE));                                                \
    volatile type r = (expr);                                                  \
    fesetround(old);                                                           \
    return r;                                                                  \
  }
#define ROUNDED_ALL(mode)                                                      \
  ROUNDED(float, __sim_nvvm_add_##mode##_f, (float a, float b),                \
          vol(a) + vol(b))                                                     \
  ROUNDED(float, __sim_nvvm_add_##mode##_ftz_f, (float a, float b),            \
          flush(flush(vol(a)) + flush(vol(b))))                                \
  ROUNDED(double, __sim_nvvm_add_##mode##_d, (double a, double b),             \
          vol(a) + vol(b))                                                     \
  ROUNDED(float, __sim_nvvm_mul_##mode##_f, (float a, float b),                \
          vol(a) * vol(b))                                                     \
  ROUNDED(float, __sim_nvvm_mul_##mode##_ftz_f, (float a, float b),            \
          flush(flush(vol(a)) * flush(vol(b))))                                \
  ROUNDED(double, __sim_nvvm_mul_##mode##_d, (double a, double b),             \
          vol(a) * vol(b))                                                     \
  ROUNDED(float, __sim_nvvm_div_##mode##_f, (float a, float b),                \
          vol(a) / vol(b))                                                     \
  ROUNDED(float, __sim_nvvm_div_##mode##_ftz_f, (float a, float b),            \
          flush(flush(vol(a)) / flush(vol(b))))                                \
  ROUNDED(double, __sim_nvvm_div_##mode##_d, (double a, double b),             \
          vol(a) / vol(b))                                                     \
  ROUNDED(float, __sim_nvvm_fma_##mode##_f, (float a, float b, float c),       \
          fmaf(vol(a), vol(b), vol(c)))                                        \
  ROUNDED(float, __sim_nvvm_fma_##mode##_ftz_f, (float a, float b, float c),   \
          flush(fmaf(flush(vol(a)), flush(vol(b)), flush(vol(c)))))            \
  ROUNDED(double, __sim_nvvm_fma_##mode##_d, (double a, double b, double c),   \
          fma(vol(a), vol(b), vol(c)))                                         \
  ROUNDED(float, __sim_nvvm_sqrt_##mode##_f, (float a), sqrtf(vol(a)))         \
  ROUNDED(float, __sim_nvvm_sqrt_##mode##_ftz_f, (float a),                    \
          flush(sqrtf(flush(vol(a)))))                                         \
  ROUNDED(double, __sim_nvvm_sqrt_##mode##_d, (double a), sqrt(vol(a)))        \
  ROUNDED(float, __sim_nvvm_d2f_##mode, (double a), (float)vol(a))             \
  ROUNDED(float, __sim_nvvm_d2f_##mode##_ftz, (double a), flush((float)vol(a)))
#define MODE RN
ROUNDED_ALL(rn)
#undef MODE
#define MODE RZ
ROUNDED_ALL(rz)
#undef MODE
#define MODE RM
ROUNDED_ALL(rm)
#undef MODE
#define MODE RP
ROUNDED_ALL(rp)
#undef MODE
#undef ROUNDED_ALL
#undef ROUNDED

// Approximations: the host's correctly rounded (or libm) value is within
// the hardware's documented error of the exact result, which is what the
// callers may rely on.
extern "C" float __sim_nvvm_ex2_approx_f(float a) { return exp2f(a); }
extern "C" float __sim_nvvm_ex2_approx_f32(float a) { return exp2f(a); }
extern "C" float __sim_nvvm_ex2_approx_ftz_f(float a) {
  return flush(exp2f(flush(a)));
}
extern "C" double __sim_nvvm_ex2_approx_d(double a) { return exp2(a); }
extern "C" float __sim_nvvm_lg2_approx_f(float a) { return log2f(a); }
extern "C" float __sim_nvvm_lg2_approx_ftz_f(float a) {
  return flush(log2f(flush(a)));
}
extern "C" float __sim_nvvm_rsqrt_approx_f(float a) {
  return static_cast<float>(1.0 / std::sqrt(static_cast<double>(a)));
}
extern "C" float __sim_nvvm_rsqrt_approx_ftz_f(float a) {
  return flush(static_cast<float>(1.0 / std::sqrt(double(flush(a)))));
}
extern "C" double __sim_nvvm_rsqrt_approx_d(double a) {
  return 1.0 / std::sqrt(a);
}
extern "C" float __sim_nvvm_sqrt_approx_f(float a) { return sqrtf(a); }
extern "C" float __sim_nvvm_sqrt_approx_ftz_f(float a) {
  return flush(sqrtf(flush(a)));
}
extern "C" float __sim_nvvm_div_approx_f(float a, float b) { return a / b; }
extern "C" float __sim_nvvm_div_approx_ftz_f(float a, float b) {
  return flush(flush(a) / flush(b));
}
extern "C" float __sim_nvvm_div_full(float a, float b) { return a / b; }
extern "C" float __sim_nvvm_div_full_ftz(float a, float b) {
  return flush(flush(a) / flush(b));
}
extern "C" float __sim_nvvm_sin_approx_f(float a) { return sinf(a); }
extern "C" float __sim_nvvm_cos_approx_f(float a) { return cosf(a); }

//===----------------------------------------------------------------------===//
// Atomic additions of floats (the integer atomics are LLVM atomicrmw)
//===----------------------------------------------------------------------===//

template <typename T, typename F> static T casLoop(T *address, F next) {
  T old = __atomic_load_n(address, __ATOMIC_SEQ_CST);
  while (!__atomic_compare_exchange_n(address, &old, next(old), false,
                                      __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
  }
  return old;
}

/// atom.add.f32: on global memory subnormal inputs and results are flushed
/// to sign-preserving zero (PTX ISA), in shared memory they are kept.
extern "C" uint32_t __sim_atom_add_f32(uint32_t *address, uint32_t value,
                                       int32_t flushSubnormals) {
  return casLoop(address, [&](uint32_t old) {
    float a = floatOf(old), b = floatOf(value);
    if (flushSubnormals)
      return bitsOf(flush(flush(a) + flush(b)));
    return bitsOf(a + b);
  });
}
extern "C" uint64_t __sim_atom_add_f64(uint64_t *address, uint64_t value) {
  return casLoop(address, [&](uint64_t old) {
    return bitsOf(doubleOf(old) + doubleOf(value));
  });
}
// f16 and bf16: the sum of two values is exact in double or rounds there
// with at least 2p + 2 bits, so rounding it once more to the 16-bit format
// is the correctly rounded sum.
extern "C" uint32_t __sim_atom_add_f16(uint16_t *address, uint32_t value) {
  return casLoop(address, [&](uint16_t old) {
    double sum =
        decodeFormat(old, 11, -14, 5) + decodeFormat(value, 11, -14, 5);
    return static_cast<uint16_t>(toHalf(sum, RN));
  });
}
extern "C" uint32_t __sim_atom_add_bf16(uint16_t *address, uint32_t value) {
  return casLoop(address, [&](uint16_t old) {
    double sum =
        decodeFormat(old, 8, -126, 8) + decodeFormat(value, 8, -126, 8);
    return static_cast<uint16_t>(toBf16(sum, RN));
  });
}

//===----------------------------------------------------------------------===//
// vprintf and __assertfail
//===----------------------------------------------------------------------===//

/// vprintf(format, args) (__sim_vprintf on the host): `args` is laid out like a
/// struct of the promoted arguments (ints 4 bytes, or 8 with l/ll/z/j/t;
/// doubles and pointers 8), each at its natural alignment.
extern "C" int __sim_vprintf(const char *format, const char *args) {
  std::string out;
  size_t offset = 0;
  auto take = [&](size_t size) {
    offset = (offset + size - 1) / size * size;
    const char *at = args + offset;
    offset += size;
    return at;
  };
  for (const char *p = format; *p;) {
    if (*p != '%') {
      out += *p++;
      continue;
    }
    const char *start = p++;
    if (*p == '%') {
      out += '%';
      ++p;
      continue;
    }
    while (*p && strchr("-+ #0", *p))
      ++p;
    while (*p && isdigit(static_cast<unsigned char>(*p)))
      ++p;
    if (*p == '.') {
      ++p;
      while (*p && isdigit(static_cast<unsigned char>(*p)))
        ++p;
    }
    bool wide = false;
    while (*p && strchr("hlLqjzt", *p)) {
      if (strchr("lLqjzt", *p))
        wide = true;
      ++p;
    }
    char conversion = *p ? *p++ : 0;
    std::string spec(start, p);
    char piece[512];
    if (strchr("diouxXc", conversion) && conversion) {
      if (wide) {
        long long v;
        memcpy(&v, take(8), 8);
        snprintf(piece, sizeof piece, spec.c_str(), v);
      } else {
        int v;
        memcpy(&v, take(4), 4);
        snprintf(piece, sizeof piece, spec.c_str(), v);
      }
    } else if (conversion && strchr("fFeEgGaA", conversion)) {
      double v;
      memcpy(&v, take(8), 8);
      snprintf(piece, sizeof piece, spec.c_str(), v);
    } else if (conversion == 's' || conversion == 'p') {
      const char *v;
      memcpy(&v, take(8), 8);
      snprintf(piece, sizeof piece, spec.c_str(), v);
    } else {
      die(6, "vprintf: unsupported conversion in \"%s\"", format);
    }
    out += piece;
  }
  std::lock_guard<std::mutex> lock(printMutex);
  fwrite(out.data(), 1, out.size(), stdout);
  return static_cast<int>(out.size());
}

/// __assertfail, CUDA's handler of a failed device assertion: the message, then
/// the kernel stops. The other threads get a moment to print theirs (the
/// lowering emits no trap after it, for that reason), then the launch
/// ends with exit status 4.
extern "C" void __sim_assertfail(const char *message, const char *file,
                                 uint32_t line, const char *function, size_t) {
  {
    std::lock_guard<std::mutex> lock(printMutex);
    fflush(stdout);
    fprintf(stderr,
            "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` "
            "failed.\n",
            file, line, function, self.cta->id.x, self.cta->id.y,
            self.cta->id.z, self.tid.x, self.tid.y, self.tid.z, message);
    fflush(stderr);
  }
  assertionFailed = true;
  usleep(200000);
  fflush(stdout);
  _exit(4);
}

//===----------------------------------------------------------------------===//
// libdevice
//===----------------------------------------------------------------------===//

// The __nv_* functions the element lowering calls (its bodies are dropped
// by tileiras-sim-prep) are the host's libm: correctly rounded or within a
// few ulp, like libdevice.
#define NV1(name, host)                                                        \
  extern "C" float __nv_##name##f(float a) { return host##f(a); }              \
  extern "C" double __nv_##name(double a) { return host(a); }
#define NV2(name, host)                                                        \
  extern "C" float __nv_##name##f(float a, float b) { return host##f(a, b); }  \
  extern "C" double __nv_##name(double a, double b) { return host(a, b); }
NV1(exp, exp)
NV1(exp2, exp2)
NV1(exp10, exp10)
NV1(expm1, expm1)
NV1(log, log)
NV1(log2, log2)
NV1(log10, log10)
NV1(log1p, log1p)
NV1(sin, sin)
NV1(cos, cos)
NV1(tan, tan)
NV1(asin, asin)
NV1(acos, acos)
NV1(atan, atan)
NV1(sinh, sinh)
NV1(cosh, cosh)
NV1(tanh, tanh)
NV1(asinh, asinh)
NV1(acosh, acosh)
NV1(atanh, atanh)
NV1(sqrt, sqrt)
NV1(cbrt, cbrt)
NV1(erf, erf)
NV1(erfc, erfc)
NV1(lgamma, lgamma)
NV1(tgamma, tgamma)
NV1(floor, floor)
NV1(ceil, ceil)
NV1(trunc, trunc)
NV1(round, round)
NV1(rint, rint)
NV1(nearbyint, nearbyint)
NV1(fabs, fabs)
NV2(pow, pow)
NV2(atan2, atan2)
NV2(fmod, fmod)
NV2(fmin, fmin)
NV2(fmax, fmax)
NV2(hypot, hypot)
NV2(copysign, copysign)
NV2(remainder, remainder)
NV2(fdim, fdim)
#undef NV1
#undef NV2
extern "C" float __nv_rsqrtf(float a) {
  return static_cast<float>(1.0 / std::sqrt(static_cast<double>(a)));
}
extern "C" double __nv_rsqrt(double a) { return 1.0 / std::sqrt(a); }
extern "C" float __nv_fmaf(float a, float b, float c) { return fmaf(a, b, c); }
extern "C" double __nv_fma(double a, double b, double c) {
  return fma(a, b, c);
}
extern "C" float __nv_powif(float a, int b) {
  return static_cast<float>(std::pow(static_cast<double>(a), b));
}
extern "C" double __nv_powi(double a, int b) { return std::pow(a, b); }

//===----------------------------------------------------------------------===//
// The NVVM intrinsics of libdevice and of the integer dot
//===----------------------------------------------------------------------===//

// libdevice's bodies are inlined into the kernel before tileiras writes its
// LLVM IR, so what reaches the simulator is their building blocks, not the
// __nv_* calls. Each is the PTX instruction the NVPTX backend selects for
// it, as the PTX ISA defines it (test/Sim/coverage.test lists them all).

namespace {
double flushD(double d) {
  return std::fpclassify(d) == FP_SUBNORMAL ? std::copysign(0.0, d) : d;
}

/// min/max.f32/.f64: a NaN operand is ignored (both NaN: canonical NaN),
/// and -0.0 is smaller than +0.0.
template <typename T> T ptxMin(T a, T b) {
  if (std::isnan(a) && std::isnan(b))
    return std::numeric_limits<T>::quiet_NaN();
  if (std::isnan(a))
    return b;
  if (std::isnan(b))
    return a;
  if (a == b)
    return std::signbit(a) ? a : b;
  return a < b ? a : b;
}
template <typename T> T ptxMax(T a, T b) {
  if (std::isnan(a) && std::isnan(b))
    return std::numeric_limits<T>::quiet_NaN();
  if (std::isnan(a))
    return b;
  if (std::isnan(b))
    return a;
  if (a == b)
    return std::signbit(a) ? b : a;
  return a > b ? a : b;
}

/// cvt.rni.s32.fN: round to the nearest integer (ties to even), saturated
/// to the s32 range; NaN gives 0.
int32_t toInt32Rni(double x) {
  if (std::isnan(x))
    return 0;
  double r = std::nearbyint(x); // the default rounding mode: to nearest even
  if (r <= -2147483648.0)
    return INT32_MIN;
  if (r >= 2147483647.0)
    return INT32_MAX;
  return static_cast<int32_t>(r);
}
} // namespace

// cvt.sat.f32.f32 (saturate): clamp to [+0.0, 1.0]; NaN and -0.0 become
// +0.0 (CUDA's __saturatef).
extern "C" float __sim_nvvm_saturate_f(float a) {
  if (std::isnan(a) || a <= 0.0f)
    return 0.0f;
  return std::fmin(a, 1.0f);
}
extern "C" float __sim_nvvm_saturate_ftz_f(float a) {
  return __sim_nvvm_saturate_f(flush(a));
}
extern "C" double __sim_nvvm_saturate_d(double a) {
  if (std::isnan(a) || a <= 0.0)
    return 0.0;
  return std::fmin(a, 1.0);
}

extern "C" float __sim_nvvm_fabs_f32(float a) { return std::fabs(a); }
extern "C" float __sim_nvvm_fabs_ftz_f32(float a) {
  return std::fabs(flush(a));
}
extern "C" double __sim_nvvm_fabs_f64(double a) { return std::fabs(a); }

extern "C" float __sim_nvvm_fmin_f(float a, float b) { return ptxMin(a, b); }
extern "C" float __sim_nvvm_fmin_ftz_f(float a, float b) {
  return ptxMin(flush(a), flush(b));
}
extern "C" double __sim_nvvm_fmin_d(double a, double b) { return ptxMin(a, b); }
extern "C" float __sim_nvvm_fmax_f(float a, float b) { return ptxMax(a, b); }
extern "C" float __sim_nvvm_fmax_ftz_f(float a, float b) {
  return ptxMax(flush(a), flush(b));
}
extern "C" double __sim_nvvm_fmax_d(double a, double b) { return ptxMax(a, b); }

// cvt.rpi / rmi / rzi / rni .fN.fN: rounding to integral values (round.f
// is cvt.rni: to nearest, ties to even).
extern "C" float __sim_nvvm_ceil_f(float a) { return std::ceil(a); }
extern "C" float __sim_nvvm_ceil_ftz_f(float a) { return std::ceil(flush(a)); }
extern "C" double __sim_nvvm_ceil_d(double a) { return std::ceil(a); }
extern "C" float __sim_nvvm_floor_f(float a) { return std::floor(a); }
extern "C" float __sim_nvvm_floor_ftz_f(float a) {
  return std::floor(flush(a));
}
extern "C" double __sim_nvvm_floor_d(double a) { return std::floor(a); }
extern "C" float __sim_nvvm_trunc_f(float a) { return std::trunc(a); }
extern "C" float __sim_nvvm_trunc_ftz_f(float a) {
  return std::trunc(flush(a));
}
extern "C" double __sim_nvvm_trunc_d(double a) { return std::trunc(a); }
extern "C" float __sim_nvvm_round_f(float a) { return std::nearbyint(a); }
extern "C" float __sim_nvvm_round_ftz_f(float a) {
  return std::nearbyint(flush(a));
}
extern "C" double __sim_nvvm_round_d(double a) { return std::nearbyint(a); }

// Words of a double (mov.b64 {lo, hi}) and back.
extern "C" int32_t __sim_nvvm_d2i_lo(double a) {
  return static_cast<int32_t>(bitsOf(a));
}
extern "C" int32_t __sim_nvvm_d2i_hi(double a) {
  return static_cast<int32_t>(bitsOf(a) >> 32);
}
extern "C" double __sim_nvvm_lohi_i2d(int32_t lo, int32_t hi) {
  return doubleOf((static_cast<uint64_t>(static_cast<uint32_t>(hi)) << 32) |
                  static_cast<uint32_t>(lo));
}
extern "C" int32_t __sim_nvvm_d2i_rn(double a) { return toInt32Rni(a); }
extern "C" int32_t __sim_nvvm_f2i_rn(float a) { return toInt32Rni(a); }
extern "C" int32_t __sim_nvvm_f2i_rn_ftz(float a) {
  return toInt32Rni(flush(a));
}

// More approximations, computed accurately (see above).
extern "C" float __sim_nvvm_ex2_approx_ftz_f32(float a) {
  return flush(exp2f(flush(a)));
}
extern "C" float __sim_nvvm_sin_approx_ftz_f(float a) {
  return flush(sinf(flush(a)));
}
extern "C" float __sim_nvvm_cos_approx_ftz_f(float a) {
  return flush(cosf(flush(a)));
}
extern "C" double __sim_nvvm_rcp_approx_ftz_d(double a) {
  return flushD(1.0 / flushD(a));
}
// The inline PTX of libdevice (tileiras-sim-prep calls these).
extern "C" float __sim_ptx_rcp_approx_ftz_f32(float a) {
  return flush(1.0f / flush(a));
}
extern "C" double __sim_ptx_rsqrt_approx_ftz_f64(double a) {
  return flushD(1.0 / std::sqrt(flushD(a)));
}

// dp4a.{s,u}32.{s,u}32 d, a, b, c: c plus the four products of the bytes
// of a and b, each byte sign- or zero-extended, with wrapping addition.
template <bool SignedA, bool SignedB>
static int32_t dp4a(int32_t a, int32_t b, int32_t c) {
  uint32_t sum = static_cast<uint32_t>(c);
  for (int i = 0; i < 4; ++i) {
    uint32_t ba = (static_cast<uint32_t>(a) >> (8 * i)) & 0xff;
    uint32_t bb = (static_cast<uint32_t>(b) >> (8 * i)) & 0xff;
    int32_t va = SignedA ? static_cast<int8_t>(ba) : static_cast<int32_t>(ba);
    int32_t vb = SignedB ? static_cast<int8_t>(bb) : static_cast<int32_t>(bb);
    sum += static_cast<uint32_t>(va * vb);
  }
  return static_cast<int32_t>(sum);
}
extern "C" int32_t __sim_nvvm_idp4a_s_s(int32_t a, int32_t b, int32_t c) {
  return dp4a<true, true>(a, b, c);
}
extern "C" int32_t __sim_nvvm_idp4a_s_u(int32_t a, int32_t b, int32_t c) {
  return dp4a<true, false>(a, b, c);
}
extern "C" int32_t __sim_nvvm_idp4a_u_s(int32_t a, int32_t b, int32_t c) {
  return dp4a<false, true>(a, b, c);
}
extern "C" int32_t __sim_nvvm_idp4a_u_u(int32_t a, int32_t b, int32_t c) {
  return dp4a<false, false>(a, b, c);
}

//===----------------------------------------------------------------------===//
// 16-bit float, tf32 and FP8 intrinsics of the element lowering
//===----------------------------------------------------------------------===//

// tileiras-sim-prep passes half and bfloat values as their 16 bits and
// pairs of them as 32 bits (element 0 in the low half).

namespace {
double fromHalf(uint32_t bits) { return decodeFormat(bits, 11, -14, 5); }
double fromBf16(uint32_t bits) { return decodeFormat(bits, 8, -126, 8); }

/// fma(a, b, c) rounded to double with round-to-odd: rounding that once
/// more to a format of at most 51 bits gives the correctly rounded result.
double fmaRoundToOdd(double a, double b, double c) {
  int old = fegetround();
  fesetround(FE_TOWARDZERO);
  feclearexcept(FE_INEXACT);
  volatile double r = fma(vol(a), vol(b), vol(c));
  bool inexact = fetestexcept(FE_INEXACT);
  fesetround(old);
  double result = r;
  if (inexact)
    result = doubleOf(bitsOf(result) | 1);
  return result;
}

/// cvt.rn.satfinite.e4m3 (sign, 4 exponent bits with bias 7, 3 mantissa
/// bits, no infinities, 0x7f NaN): out-of-range values and infinities
/// become the largest finite value, 448.
uint32_t toE4m3(double x) {
  if (std::isnan(x))
    return 0x7f;
  // Rounded with a 5-bit exponent field, so that nothing up to 2^16
  // overflows, then saturated to 0x7e.
  uint32_t bits = roundToFormat(x, 4, -6, 5, RN);
  uint32_t magnitude = std::min<uint32_t>(bits & 0xff, 0x7e);
  return (bits >> 8 ? 0x80 : 0) | magnitude;
}
/// cvt.rn.satfinite.e5m2 (IEEE-like, bias 15): saturates to 57344.
uint32_t toE5m2(double x) {
  if (std::isnan(x))
    return 0x7f;
  uint32_t bits = roundToFormat(x, 3, -14, 5, RN);
  uint32_t magnitude = std::min<uint32_t>(bits & 0x7f, 0x7b);
  return (bits & 0x80) | magnitude;
}
double fromE4m3(uint32_t byte) {
  if ((byte & 0x7f) == 0x7f)
    return NAN;
  double magnitude = decodeFormat(byte & 0x7f, 4, -6, 5);
  return byte & 0x80 ? -magnitude : magnitude;
}

/// cvt.{rn,rz,rna}.tf32.f32: f32 bits with the low 13 mantissa bits
/// cleared after rounding the magnitude (a carry moves into the exponent,
/// which is right); NaN gives the canonical 0x7fffffff.
int32_t toTf32(float f, int mode) {
  uint32_t bits = bitsOf(f);
  if (std::isnan(f))
    return 0x7fffffff;
  if (std::isinf(f))
    return static_cast<int32_t>(bits);
  uint32_t sign = bits & 0x80000000u, magnitude = bits & 0x7fffffffu;
  uint32_t low = magnitude & 0x1fff;
  magnitude &= ~0x1fffu;
  if (mode == RN)
    magnitude +=
        (low > 0x1000 || (low == 0x1000 && (magnitude & 0x2000))) ? 0x2000 : 0;
  else if (mode == -1) // rna: ties away from zero
    magnitude += low >= 0x1000 ? 0x2000 : 0;
  return static_cast<int32_t>(sign | magnitude);
}
} // namespace

extern "C" uint16_t __sim_nvvm_fma_rn_f16(uint16_t a, uint16_t b, uint16_t c) {
  return toHalf(fmaRoundToOdd(fromHalf(a), fromHalf(b), fromHalf(c)), RN);
}
extern "C" uint16_t __sim_nvvm_fma_rn_bf16(uint16_t a, uint16_t b, uint16_t c) {
  return toBf16(fmaRoundToOdd(fromBf16(a), fromBf16(b), fromBf16(c)), RN);
}
// ex2.approx.f16 / .ftz.bf16, computed accurately and rounded once.
extern "C" uint16_t __sim_nvvm_ex2_approx_f16(uint16_t a) {
  return toHalf(std::exp2(fromHalf(a)), RN);
}
extern "C" uint16_t __sim_nvvm_ex2_approx_ftz_bf16(uint16_t a) {
  double x = fromBf16(a);
  if (std::fpclassify(static_cast<float>(x)) == FP_SUBNORMAL)
    x = std::copysign(0.0, x);
  uint16_t r = toBf16(std::exp2(x), RN);
  return (r & 0x7f80) == 0 ? r & 0x8000 : r; // flush a subnormal result
}
extern "C" uint16_t __sim_nvvm_f2f16_rz(float a) { return toHalf(a, RZ); }
extern "C" uint16_t __sim_nvvm_f2bf16_rz(float a) { return toBf16(a, RZ); }
extern "C" int32_t __sim_nvvm_f2tf32_rna(float a) { return toTf32(a, -1); }
extern "C" int32_t __sim_nvvm_f2tf32_rn(float a) { return toTf32(a, RN); }
extern "C" int32_t __sim_nvvm_f2tf32_rz(float a) { return toTf32(a, RZ); }

// FP8 pairs: byte 0 (low) is element 0 of the f16x2; of two f32 operands
// the first goes to the high byte.
extern "C" uint32_t __sim_nvvm_e4m3x2_to_f16x2_rn(uint16_t pair) {
  return toHalf(fromE4m3(pair & 0xff), RN) | toHalf(fromE4m3(pair >> 8), RN)
                                                 << 16;
}
extern "C" uint32_t __sim_nvvm_e5m2x2_to_f16x2_rn(uint16_t pair) {
  // e5m2 is the high byte of an f16.
  return static_cast<uint32_t>(pair & 0xff) << 8 |
         static_cast<uint32_t>(pair >> 8) << 24;
}
extern "C" uint16_t __sim_nvvm_ff_to_e4m3x2_rn(float a, float b) {
  return static_cast<uint16_t>(toE4m3(a) << 8 | toE4m3(b));
}
extern "C" uint16_t __sim_nvvm_ff_to_e5m2x2_rn(float a, float b) {
  return static_cast<uint16_t>(toE5m2(a) << 8 | toE5m2(b));
}
extern "C" uint16_t __sim_nvvm_f16x2_to_e4m3x2_rn(uint32_t pair) {
  return static_cast<uint16_t>(toE4m3(fromHalf(pair & 0xffff)) |
                               toE4m3(fromHalf(pair >> 16)) << 8);
}
extern "C" uint16_t __sim_nvvm_f16x2_to_e5m2x2_rn(uint32_t pair) {
  return static_cast<uint16_t>(toE5m2(fromHalf(pair & 0xffff)) |
                               toE5m2(fromHalf(pair >> 16)) << 8);
}

//===----------------------------------------------------------------------===//
// mma.sync (mma.cpp computes; here the warp meets)
//===----------------------------------------------------------------------===//

/// Every lane publishes its fragment registers (A, B, C words, then a
/// block-scaled form's six scale operands: `in` holds the instruction's
/// operandWords()); each lane then computes its own D from the whole warp's
/// fragments.
extern "C" void __sim_mma(const char *name, const uint32_t *in, uint32_t *out) {
  std::optional<mma::Instr> instr = mma::decode(name);
  if (!instr)
    die(6, "mma.sync form %s is not simulated", name);
  // A whole LaneFragments (SimPrep's buffer has only the form's words),
  // alive until the warp has met twice.
  mma::LaneFragments mine = {};
  memcpy(&mine, in, 4 * instr->operandWords());
  warpExchange(Mma, 0xffffffffu, 0, reinterpret_cast<uintptr_t>(&mine),
               [&](Warp &warp) -> uint64_t {
                 const mma::LaneFragments *lanes[32];
                 for (unsigned lane = 0; lane < 32; ++lane)
                   lanes[lane] = reinterpret_cast<const mma::LaneFragments *>(
                       warp.slots[lane]);
                 if (std::optional<std::string> why =
                         mma::checkScaleSelectors(*instr, lanes))
                   die(6, "%s: %s", name, why->c_str());
                 mma::compute(*instr, lanes, self.lane, out);
                 return 0;
               });
}

//===----------------------------------------------------------------------===//
// ldmatrix / stmatrix (matrix.cpp has the table; here the warp meets)
//===----------------------------------------------------------------------===//

namespace {

/// Every lane checks its own row address (lanes 8 count .. 31 supply none)
/// and publishes it; `move` then runs on each lane with all of them.
template <typename Move>
void matrixExchange(WarpOp kind, const char *name, void *row, Move move) {
  std::optional<matrix::Form> form = matrix::decode(name);
  if (!form)
    die(6, "%s is not simulated (only .m8n8 .b16)", name);
  uintptr_t address = reinterpret_cast<uintptr_t>(row);
  if (self.lane < 8 * form->count)
    __sim_check_access(address, 16, 3, form->store);
  uint32_t c = form->count | uint32_t(form->trans) << 3;
  warpExchange(kind, 0xffffffffu, c, address, [&](Warp &warp) -> uint64_t {
    matrix::Rows rows = {};
    for (unsigned lane = 0; lane < 8 * form->count; ++lane)
      rows.row[lane] = reinterpret_cast<unsigned char *>(warp.slots[lane]);
    move(*form, rows);
    return 0;
  });
}

} // namespace

extern "C" void __sim_ldmatrix(const char *name, void *row, uint32_t *out) {
  matrixExchange(Ldmatrix, name, row,
                 [&](const matrix::Form &form, const matrix::Rows &rows) {
                   matrix::load(form, rows, self.lane, out);
                 });
}

extern "C" void __sim_stmatrix(const char *name, void *row,
                               const uint32_t *in) {
  matrixExchange(Stmatrix, name, row,
                 [&](const matrix::Form &form, const matrix::Rows &rows) {
                   matrix::store(form, rows, self.lane, in);
                 });
}

//===----------------------------------------------------------------------===//
// cp.async (cp_async.cpp queues; here the accesses are checked)
//===----------------------------------------------------------------------===//

/// cp.async.{ca,cg}.shared.global [dst], [src], size{, srcSize}: both
/// addresses aligned to `size`, the shared destination inside the CTA's
/// arena, the `srcSize` bytes read inside a kernel buffer.
static void issueCopy(void *dst, const void *src, uint32_t size,
                      uint32_t srcSize) {
  if (srcSize > size)
    die(5, "cp.async of %u bytes with src-size %u (at most the copy size)",
        size, srcSize);
  uintptr_t from = reinterpret_cast<uintptr_t>(src);
  if (from % size)
    die(5,
        "misaligned cp.async source: %u bytes at 0x%llx (PTX requires "
        "%u-byte alignment)",
        size, (unsigned long long)from, size);
  if (srcSize) // src-size 0 reads nothing (a masked-off copy)
    checkInside(from, srcSize, 1, 0);
  __sim_check_access(reinterpret_cast<uintptr_t>(dst), size, 3, 1);
  copies.issue({static_cast<unsigned char *>(dst),
                static_cast<const unsigned char *>(src), size, srcSize});
}

#define CP_ASYNC(cache, size)                                                  \
  extern "C" void __sim_nvvm_cp_async_##cache##_shared_global_##size(          \
      void *dst, const void *src) {                                            \
    issueCopy(dst, src, size, size);                                           \
  }                                                                            \
  extern "C" void __sim_nvvm_cp_async_##cache##_shared_global_##size##_s(      \
      void *dst, const void *src, uint32_t srcSize) {                          \
    issueCopy(dst, src, size, srcSize);                                        \
  }
CP_ASYNC(ca, 4)
CP_ASYNC(ca, 8)
CP_ASYNC(ca, 16)
CP_ASYNC(cg, 16)
#undef CP_ASYNC

extern "C" void __sim_nvvm_cp_async_commit_group() { copies.commit(); }
// A copy writes its destination in the generic proxy when it lands.
static void landed(const cpasync::Copy &copy) {
  markGenericWrite(reinterpret_cast<uintptr_t>(copy.destination), copy.size);
}
extern "C" void __sim_nvvm_cp_async_wait_group(uint32_t n) {
  copies.wait(n, landed);
}
extern "C" void __sim_nvvm_cp_async_wait_all() {
  copies.commit();
  copies.wait(0, landed);
}

//===----------------------------------------------------------------------===//
// Host code generation support
//===----------------------------------------------------------------------===//

/// x86 keeps bfloat values promoted to float and converts them back (when
/// packing bf16 pairs into an mma.sync operand, say) with this libgcc
/// helper, which GCC 12's libgcc lacks. Round to nearest even, NaN kept
/// quiet; the 16 bits are returned in the low half of xmm0, where the
/// x86-64 ABI returns a __bf16. Weak, so a libgcc that has it wins.
extern "C" __attribute__((weak)) float __truncsfbf2(float x) {
  uint32_t u;
  std::memcpy(&u, &x, 4);
  uint32_t bits = (u & 0x7fffffffu) > 0x7f800000u
                      ? (u >> 16) | 0x40u
                      : (u + 0x7fffu + ((u >> 16) & 1u)) >> 16;
  uint32_t low = bits & 0xffffu;
  float result;
  std::memcpy(&result, &low, 4);
  return result;
}
