//===- Pipelines.h - the named tileaa-to-nvvm pipeline ----------*- C++ -*-===//
//
// The MLIR side of the compiler, as phases the driver can run and dump one
// at a time; `tileaa-to-nvvm` in tileiras-opt is all of them in order:
//
//   frontend  resolve the target, wrap device code in a gpu.module,
//             canonicalize, verify                      (--emit=tile)
//   layouts   give every tile value a distributed layout
//   lowering  ConvertTileFuncToLLVM, tile ops -> LLVM + NVVM, upstream
//             conversions of arith/math/scf/cf
//   target    AttachNVVMTarget and debug-info scopes    (--emit=mlir)
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_PASSES_PIPELINES_H
#define TILEIRAS_PASSES_PIPELINES_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir {
class DialectRegistry;
class OpPassManager;
} // namespace mlir

namespace tileiras {

enum class DebugInfoKind { None, LineTables, Full };

struct TileaaToNvvmOptions {
  /// Target chip ("sm_90a"); empty: the module's own target, else sm_75.
  std::string gpuName;
  /// Optimization level recorded in #nvvm.target (0..3).
  unsigned optLevel = 3;
  /// numWarps for kernels whose kernel_spec does not give one (0: 4).
  unsigned numWarps = 0;
  /// numStages for kernels whose kernel_spec does not give one (0: 3).
  unsigned numStages = 0;
  /// Which debug-info scopes to attach to the LLVM functions.
  DebugInfoKind debugInfo = DebugInfoKind::LineTables;
};

void buildFrontendPipeline(mlir::OpPassManager &pm,
                           const TileaaToNvvmOptions &options);
void buildLayoutPipeline(mlir::OpPassManager &pm,
                         const TileaaToNvvmOptions &options);
void buildLoweringPipeline(mlir::OpPassManager &pm,
                           const TileaaToNvvmOptions &options);
void buildTargetPipeline(mlir::OpPassManager &pm,
                         const TileaaToNvvmOptions &options);

/// All four phases.
void buildTileaaToNvvmPipeline(mlir::OpPassManager &pm,
                               const TileaaToNvvmOptions &options);

/// Registers `tileaa-to-nvvm{gpu-name= O= num-warps=}` with MLIR.
void registerTileirasPipelines();

/// Every dialect, interface and LLVM IR translation the pipeline and the
/// driver need: nv_tileaa, arith, math, scf, cf, func, gpu, llvm, nvvm,
/// nvgpu, ub, plus the to-LLVM and NVVM target interfaces.
void registerTileirasDialects(mlir::DialectRegistry &registry);

} // namespace tileiras

#endif // TILEIRAS_PASSES_PIPELINES_H
