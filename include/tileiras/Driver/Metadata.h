//===- Metadata.h - kernel metadata for launchers ---------------*- C++ -*-===//
//
// What a launcher needs to know about each compiled kernel: its name, block
// size, cluster dims, shared memory, the target and PTX ISA it was built
// for, and (when ptxas ran) its registers and spills. Written as JSON by
// `tileiras --metadata=FILE` and returned by the C API (docs/cli.md has the
// schema).
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_DRIVER_METADATA_H
#define TILEIRAS_DRIVER_METADATA_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/JSON.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace mlir::LLVM {
class LLVMFuncOp;
} // namespace mlir::LLVM

namespace tileiras::driver {

/// The metadata JSON's "schema" value; bumped on incompatible changes.
constexpr int kMetadataSchemaVersion = 1;

/// Resources of one kernel in one cubin, from ptxas' -v statistics.
struct CubinResources {
  std::string chip; // "sm_90a"
  int64_t registers = 0;
  int64_t stackFrameBytes = 0;
  int64_t spillStoreBytes = 0;
  int64_t spillLoadBytes = 0;
};

struct KernelMetadata {
  std::string name;
  std::array<int64_t, 3> threads = {0, 1, 1}; // nvvm.reqntid
  std::array<int64_t, 3> clusterDims = {1, 1, 1};
  int64_t staticSharedBytes = 0;
  int64_t dynamicSharedBytes = 0;
  /// cuda_tile `alloca`: a global buffer of this many bytes per CTA (the
  /// last kernel parameter), aligned to `globalScratchAlignment`; 0: none.
  int64_t globalScratchBytes = 0;
  int64_t globalScratchAlignment = 0;
  /// The tensor maps the launcher builds, one JSON object per parameter.
  std::vector<llvm::json::Object> tensorMaps;
  std::vector<CubinResources> cubins;
};

/// One target's compile.
struct TargetMetadata {
  std::string target;     // "sm_90a"
  std::string ptxVersion; // "8.0"; empty when no PTX was emitted
  std::vector<KernelMetadata> kernels;
};

/// Dynamic shared memory a kernel must be launched with (0 for kernels
/// whose shared memory is all static, i.e. at most the target's static
/// limit of 48 KiB).
int64_t dynamicSharedMemoryBytes(mlir::LLVM::LLVMFuncOp kernel);

/// Every kernel (llvm.func with nvvm.kernel) of a lowered module.
std::vector<KernelMetadata> collectKernelMetadata(mlir::ModuleOp module);

/// Adds the registers, stack frame and spills that `ptxas -v` printed for
/// `chip` to the matching kernels.
void addPtxasResources(llvm::StringRef ptxasMessages, llvm::StringRef chip,
                       std::vector<KernelMetadata> &kernels);

/// `ptxas -v` output without its "ptxas info" statistics (used when the
/// driver added -v itself, so that the user sees only warnings).
std::string stripPtxasStatistics(llvm::StringRef ptxasMessages);

/// The JSON document for a whole compile.
void printMetadataJson(llvm::ArrayRef<TargetMetadata> targets,
                       llvm::raw_ostream &os);

} // namespace tileiras::driver

#endif // TILEIRAS_DRIVER_METADATA_H
