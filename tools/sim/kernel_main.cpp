// Launcher of a whole kernel on the CPU simulator: links with the host
// module that tileiras-sim-prep made (its __sim_kernel_entry) and with
// runtime.cpp, and runs one launch described by a text file:
//
//   grid X Y Z                  the number of CTAs
//   block X Y Z                 threads per CTA
//   ctas-at-once N              CTAs simulated concurrently (default 1)
//   timeout SECONDS             deadlock watchdog (default 120)
//   buffer NAME BYTES IN OUT    a pointer argument: a fresh allocation of
//                               exactly BYTES (so AddressSanitizer sees any
//                               access past it), filled from file IN ("-":
//                               zeros), written to file OUT after the launch
//                               ("-": not written)
//   scalar KIND VALUE           i8/i16/i32/i64 (decimal) or f32/f64 (the
//                               bits, hexadecimal) argument
//   tensormap NAME BUFFER IN    a tensor map (byval [128 x i8]
//                               grid_constant parameter): the 128 bytes of
//                               file IN (tensor_map.h's encoding) with the
//                               global address set to buffer BUFFER's
//
// Arguments are given in the kernel's parameter order; the launcher checks
// them against the kernel's signature and its required block size
// (nvvm.reqntid). Exit status: 0 done, 2 bad launch, 3 deadlock/timeout,
// 4 device assertion, 5 bad memory access, 6 unsupported operation,
// 1 AddressSanitizer report.
#include "runtime.h"

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

extern "C" void __sim_kernel_entry(void *slots);
extern "C" const char __sim_kernel_name[];
extern "C" const char __sim_kernel_signature[];
extern "C" const char __sim_kernel_reqntid[];
extern "C" const uint64_t __sim_shared_bytes;
/// The module's global-memory variables (tileiras-sim-prep's table).
struct GlobalVariable {
  void *address;
  uint64_t bytes;
  const char *name;
};
extern "C" const GlobalVariable __sim_global_variables[];
extern "C" const uint64_t __sim_global_variable_count;

using namespace sim;

namespace {

struct Argument {
  std::string kind; // "ptr", "i32", ...
  uint64_t slot = 0;
  std::string name, output;
  void *buffer = nullptr;
  size_t bytes = 0;
};

std::vector<char> readFile(const std::string &path, size_t bytes) {
  std::vector<char> data(bytes);
  if (path == "-")
    return data;
  FILE *f = fopen(path.c_str(), "rb");
  if (!f || fread(data.data(), 1, bytes, f) != bytes)
    die(2, "cannot read %zu bytes from %s", bytes, path.c_str());
  fclose(f);
  return data;
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s LAUNCH-FILE\n", argv[0]);
    return 2;
  }
  std::ifstream launch(argv[1]);
  if (!launch)
    die(2, "cannot open %s", argv[1]);
  Dim3 grid, block;
  unsigned atOnce = 1, timeout = 120;
  std::vector<Argument> args;
  std::string line;
  while (std::getline(launch, line)) {
    std::istringstream in(line);
    std::string word;
    if (!(in >> word) || word[0] == '#')
      continue;
    if (word == "grid") {
      in >> grid.x >> grid.y >> grid.z;
    } else if (word == "block") {
      in >> block.x >> block.y >> block.z;
    } else if (word == "ctas-at-once") {
      in >> atOnce;
    } else if (word == "timeout") {
      in >> timeout;
    } else if (word == "buffer") {
      Argument a;
      std::string input;
      a.kind = "ptr";
      in >> a.name >> a.bytes >> input >> a.output;
      std::vector<char> data = readFile(input, a.bytes);
      // Exactly the requested size (AddressSanitizer's redzone starts right
      // after it), aligned like cudaMalloc.
      if (posix_memalign(&a.buffer, 256, a.bytes ? a.bytes : 1))
        die(2, "cannot allocate %zu bytes", a.bytes);
      memcpy(a.buffer, data.data(), a.bytes);
      a.slot = reinterpret_cast<uintptr_t>(a.buffer);
      addGlobalBuffer(a.buffer, a.bytes, a.name);
      args.push_back(a);
    } else if (word == "scalar") {
      Argument a;
      std::string value;
      in >> a.kind >> value;
      a.slot = a.kind[0] == 'f' ? std::stoull(value, nullptr, 16)
                                : static_cast<uint64_t>(std::stoll(value));
      args.push_back(a);
    } else if (word == "tensormap") {
      Argument a;
      std::string buffer, input;
      a.kind = "tmap";
      a.output = "-";
      a.bytes = 128;
      in >> a.name >> buffer >> input;
      std::vector<char> data = readFile(input, a.bytes);
      uint64_t address = 0;
      for (const Argument &b : args)
        if (b.kind == "ptr" && b.name == buffer)
          address = reinterpret_cast<uintptr_t>(b.buffer);
      if (!address)
        die(2, "tensor map %s: no buffer argument %s before it", a.name.c_str(),
            buffer.c_str());
      memcpy(data.data() + 8, &address, 8); // the global address field
      if (posix_memalign(&a.buffer, 128, a.bytes))
        die(2, "cannot allocate a tensor map");
      memcpy(a.buffer, data.data(), a.bytes);
      a.slot = reinterpret_cast<uintptr_t>(a.buffer);
      args.push_back(a);
    } else {
      die(2, "launch file: unknown directive '%s'", word.c_str());
    }
    if (in.fail())
      die(2, "launch file: malformed line '%s'", line.c_str());
  }
  for (uint64_t i = 0; i < __sim_global_variable_count; ++i) {
    const GlobalVariable &v = __sim_global_variables[i];
    addGlobalBuffer(v.address, v.bytes, v.name);
  }

  std::string signature;
  for (const Argument &a : args)
    signature += (signature.empty() ? "" : ",") + a.kind;
  if (signature != __sim_kernel_signature)
    die(2, "the arguments (%s) do not match @%s(%s)", signature.c_str(),
        __sim_kernel_name, __sim_kernel_signature);
  char blockText[64];
  snprintf(blockText, sizeof blockText, "%u,%u,%u", block.x, block.y, block.z);
  if (__sim_kernel_reqntid[0] && strcmp(blockText, __sim_kernel_reqntid))
    die(2, "@%s requires a block of (%s) threads, the launch has (%s)",
        __sim_kernel_name, __sim_kernel_reqntid, blockText);
  if (block.count() == 0 || block.count() > 1024 || grid.count() == 0)
    die(2, "empty or oversized launch");
  std::vector<uint64_t> slots;
  for (const Argument &a : args)
    slots.push_back(a.slot);

  // CTAs in launch order (x fastest), `atOnce` at a time, one host thread
  // per GPU thread; a watchdog reports a deadlock (a barrier some threads
  // never reach).
  std::vector<Dim3> ids;
  for (uint32_t z = 0; z < grid.z; ++z)
    for (uint32_t y = 0; y < grid.y; ++y)
      for (uint32_t x = 0; x < grid.x; ++x)
        ids.push_back({x, y, z});
  for (size_t first = 0; first < ids.size(); first += atOnce) {
    std::vector<std::unique_ptr<Cta>> ctas;
    std::vector<std::thread> threads;
    for (size_t i = first; i < std::min(ids.size(), first + atOnce); ++i)
      ctas.push_back(std::make_unique<Cta>(ids[i], block, __sim_shared_bytes));
    std::mutex mutex;
    std::condition_variable finished;
    bool done = false;
    std::thread watchdog([&] {
      std::unique_lock<std::mutex> lock(mutex);
      if (finished.wait_for(lock, std::chrono::seconds(timeout),
                            [&] { return done; }))
        return;
      for (auto &cta : ctas)
        fprintf(stderr,
                "sim: CTA (%u, %u, %u): %u of %u threads waiting at bar.sync, "
                "%u exited\n",
                cta->id.x, cta->id.y, cta->id.z, cta->atBarrier.load(),
                cta->threads, cta->exited.load());
      die(3, "@%s did not finish within %u s (deadlock?)", __sim_kernel_name,
          timeout);
    });
    for (auto &cta : ctas)
      for (unsigned t = 0; t < cta->threads; ++t)
        threads.emplace_back([&, c = cta.get(), t] {
          enterThread(*c, grid, t);
          __sim_kernel_entry(slots.data());
          exitThread();
        });
    for (std::thread &t : threads)
      t.join();
    {
      std::lock_guard<std::mutex> lock(mutex);
      done = true;
    }
    finished.notify_all();
    watchdog.join();
  }

  fflush(stdout);
  for (const Argument &a : args) {
    if (a.kind != "ptr" || a.output == "-")
      continue;
    FILE *f = fopen(a.output.c_str(), "wb");
    if (!f || fwrite(a.buffer, 1, a.bytes, f) != a.bytes)
      die(2, "cannot write %s", a.output.c_str());
    fclose(f);
  }
  for (const Argument &a : args)
    free(a.buffer);
  return 0;
}
