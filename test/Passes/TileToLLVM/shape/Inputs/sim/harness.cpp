// Host harness for lowered tile functions: runs one function of a module
// (`sim_entry(function, in0, in1, out)`) on one host thread per GPU thread
// of a CTA. The module's globals (its
// shared-memory scratch buffer) are shared by all threads like shared
// memory; bar.sync and shfl.sync are simulated, and the NVVM rounding
// intrinsics that the element lowering uses are computed with the host's
// rounding modes.
//
// Usage: harness FUNCTION THREADS IN0_BYTES IN1_BYTES OUT_BYTES in0 in1 out
// (FUNCTION: which of the module's functions; byte counts per thread,
// thread t's data starts at t * bytes).
#include <barrier>
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#pragma STDC FENV_ACCESS ON

extern "C" void sim_entry(int function, void *in0, void *in1, void *out);

static thread_local unsigned tid;
static std::barrier<> *cta;
static uint32_t exchange[1024];

extern "C" uint32_t sim_tid() { return tid; }
extern "C" void sim_barrier(...) { cta->arrive_and_wait(); }

// shfl.sync with a full mask: every thread of the CTA takes part in every
// shuffle of the straight-line code the lowering emits.
static uint32_t shuffle(uint32_t value, uint32_t lane, bool butterfly) {
  exchange[tid] = value;
  cta->arrive_and_wait();
  unsigned me = tid % 32, warp = tid / 32;
  unsigned source = butterfly ? (me ^ lane) : lane;
  if (source > 31)
    source = me;
  uint32_t result = exchange[warp * 32 + source];
  cta->arrive_and_wait();
  return result;
}
extern "C" uint32_t sim_shfl_idx_i32(uint32_t, uint32_t v, uint32_t l,
                                     uint32_t) {
  return shuffle(v, l, false);
}
extern "C" uint32_t sim_shfl_bfly_i32(uint32_t, uint32_t v, uint32_t l,
                                      uint32_t) {
  return shuffle(v, l, true);
}
extern "C" float sim_shfl_idx_f32(uint32_t, float v, uint32_t l, uint32_t) {
  uint32_t bits;
  memcpy(&bits, &v, 4);
  bits = shuffle(bits, l, false);
  memcpy(&v, &bits, 4);
  return v;
}
extern "C" float sim_shfl_bfly_f32(uint32_t, float v, uint32_t l, uint32_t) {
  uint32_t bits;
  memcpy(&bits, &v, 4);
  bits = shuffle(bits, l, true);
  memcpy(&v, &bits, 4);
  return v;
}

// cvt.{rn,rz,rm,rp}.f32.f64 and fma.{rn,rz,rm,rp}.f32. The volatile result
// keeps the operation between the two fesetround calls.
#define SIM_D2F(name, mode)                                                    \
  extern "C" float name(double d) {                                            \
    volatile double v = d;                                                     \
    volatile float r;                                                          \
    int old = fegetround();                                                    \
    fesetround(mode);                                                          \
    r = (float)v;                                                              \
    fesetround(old);                                                           \
    return r;                                                                  \
  }
SIM_D2F(sim_d2f_rn, FE_TONEAREST)
SIM_D2F(sim_d2f_rz, FE_TOWARDZERO)
SIM_D2F(sim_d2f_rm, FE_DOWNWARD)
SIM_D2F(sim_d2f_rp, FE_UPWARD)
#define SIM_FMA(name, mode)                                                    \
  extern "C" float name(float a, float b, float c) {                           \
    volatile float x = a, y = b, z = c;                                        \
    volatile float r;                                                          \
    int old = fegetround();                                                    \
    fesetround(mode);                                                          \
    r = fmaf(x, y, z);                                                         \
    fesetround(old);                                                           \
    return r;                                                                  \
  }
SIM_FMA(sim_fma_rn_f, FE_TONEAREST)
SIM_FMA(sim_fma_rz_f, FE_TOWARDZERO)
SIM_FMA(sim_fma_rm_f, FE_DOWNWARD)
SIM_FMA(sim_fma_rp_f, FE_UPWARD)

// fptrunc f32 -> bf16, round to nearest even (what LLVM emits on every
// chip); bf16 values travel as i16 on the host.
extern "C" uint16_t sim_trunc_float(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  if ((u & 0x7fffffff) > 0x7f800000)
    return (u >> 16) | 0x40;
  u += 0x7fff + ((u >> 16) & 1);
  return u >> 16;
}
extern "C" uint16_t sim_trunc_double(double) { abort(); }

static std::vector<char> readFile(const char *path, size_t bytes) {
  std::vector<char> data(bytes);
  if (!bytes)
    return data;
  FILE *f = fopen(path, "rb");
  if (!f || fread(data.data(), 1, bytes, f) != bytes) {
    perror(path);
    exit(2);
  }
  fclose(f);
  return data;
}

int main(int argc, char **argv) {
  if (argc != 9)
    return 2;
  int function = atoi(argv[1]);
  unsigned threads = atoi(argv[2]);
  size_t in0 = atol(argv[3]), in1 = atol(argv[4]), out = atol(argv[5]);
  std::vector<char> a = readFile(argv[6], in0 * threads);
  std::vector<char> b = readFile(argv[7], in1 * threads);
  std::vector<char> c(out * threads + 1);
  std::barrier<> barrier(threads);
  cta = &barrier;
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      tid = t;
      sim_entry(function, a.data() + t * in0, b.data() + t * in1,
                c.data() + t * out);
    });
  for (std::thread &thread : pool)
    thread.join();
  FILE *f = fopen(argv[8], "wb");
  if (!f)
    return 2;
  fwrite(c.data(), 1, out * threads, f);
  fclose(f);
  return 0;
}
