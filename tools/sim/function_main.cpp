// Harness of the lowering tests' single functions (simlib.Program): runs
// one function of a module (`sim_entry(function, in0, in1, out)`) on one
// simulated CTA, one host thread per GPU thread, with the runtime of
// runtime.cpp (shared memory, bar.sync, shfl.sync, rounding intrinsics).
//
// Usage: harness FUNCTION THREADS IN0_BYTES IN1_BYTES OUT_BYTES in0 in1 out
// (FUNCTION: which of the module's functions; byte counts per thread,
// thread t's data starts at t * bytes).
#include "runtime.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

extern "C" void sim_entry(int function, void *in0, void *in1, void *out);
extern "C" const uint64_t __sim_shared_bytes;

// fptrunc f32 -> bf16, round to nearest even (what LLVM emits on every
// chip); bf16 values travel as i16 on the host (simlib._bf16_as_i16).
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
  sim::Cta cta({0, 0, 0}, {threads, 1, 1}, __sim_shared_bytes);
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      sim::enterThread(cta, {1, 1, 1}, t);
      sim_entry(function, a.data() + t * in0, b.data() + t * in1,
                c.data() + t * out);
      sim::exitThread();
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
