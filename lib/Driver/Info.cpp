//===- Info.cpp - --version and --list-gpus -------------------------------===//

#include "tileiras/Config.h"
#include "tileiras/Driver/Driver.h"
#include "tileiras/TargetSpec/Target.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"

using namespace tileiras;
using namespace tileiras::driver;
using targetspec::CpuVariant;
using targetspec::Target;

static llvm::StringRef variantWord(CpuVariant variant) {
  switch (variant) {
  case CpuVariant::Base:
    return "base";
  case CpuVariant::Arch:
    return "arch-specific";
  case CpuVariant::Family:
    return "family";
  }
  return "base";
}

void driver::printVersion(llvm::raw_ostream &os) {
  llvm::ArrayRef<Target> targets = targetspec::acceptedTargets();
  targetspec::PtxVersion lowest = targetspec::newestLlvmPtx();
  for (const Target &target : targets)
    lowest = std::min(lowest, target.minPtx());
  os << "tileiras " << TILEIRAS_VERSION << "\n"
     << "LLVM " << LLVM_VERSION_STRING << " (NVPTX backend linked in-process)\n"
     << "PTX ISA " << lowest.str() << " to "
     << targetspec::newestLlvmPtx().str() << " for " << targets.front().name()
     << " through " << targets.back().name() << " (" << targets.size()
     << " targets; see --list-gpus)\n";
}

void driver::printGpuList(llvm::raw_ostream &os, bool json) {
  llvm::ArrayRef<Target> targets = targetspec::acceptedTargets();
  if (json) {
    llvm::json::Array array;
    for (const Target &target : targets)
      array.push_back(llvm::json::Object{
          {"name", target.name()},
          {"compute_name", target.computeName()},
          {"sm", target.sm},
          {"variant", target.suffix()},
          {"family", target.arch().family},
          {"cuda_arch", target.cudaArch()},
          {"min_ptx", target.minPtx().str()},
          {"tmem", target.hasTMem()},
          {"static_shared_memory_per_cta",
           target.arch().geometry.staticSharedMemoryBytes},
          {"max_shared_memory_per_cta",
           target.arch().geometry.maxSharedMemoryPerCTABytes},
      });
    os << llvm::formatv("{0:2}", llvm::json::Value(std::move(array))) << "\n";
    return;
  }
  // Shared memory per CTA in bytes: what a kernel may declare statically,
  // and the opt-in maximum (static + dynamic) the compiler allows a kernel.
  os << llvm::format("%-9s %-4s %-14s %-10s %-10s %-8s %-5s %-12s %s\n",
                     "TARGET", "SM", "VARIANT", "FAMILY", "CUDA_ARCH",
                     "MIN_PTX", "TMEM", "STATIC_SMEM", "MAX_SMEM");
  for (const Target &target : targets)
    os << llvm::format("%-9s %-4u %-14s %-10s %-10u %-8s %-5s %-12u %u\n",
                       target.name().c_str(), target.sm,
                       variantWord(target.variant).str().c_str(),
                       target.arch().family, target.cudaArch(),
                       target.minPtx().str().c_str(),
                       target.hasTMem() ? "yes" : "no",
                       target.arch().geometry.staticSharedMemoryBytes,
                       target.arch().geometry.maxSharedMemoryPerCTABytes);
}
