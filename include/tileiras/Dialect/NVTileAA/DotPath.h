//===- DotPath.h - the dot instruction-path attribute -----------*- C++ -*-===//

#ifndef TILEIRAS_DIALECT_NVTILEAA_DOTPATH_H
#define TILEIRAS_DIALECT_NVTILEAA_DOTPATH_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"

#include "llvm/ADT/StringRef.h"

namespace tileiras::nv_tileaa {

/// Set by layout assignment on a dot: the instruction path it takes and why
/// (e.g. "mma.sync.m16n8k16 f16", "fma: sm_75 has no mma.sync ...").
inline constexpr llvm::StringLiteral kDotPathAttrName = "nv_tileaa.dot_path";

/// Set by tileaa-decompose-scaled-dots on the bf16 dot a dot_scaled became,
/// saying why the block-scaled instruction was not used.
inline constexpr llvm::StringLiteral kScaledDotAttrName =
    "nv_tileaa.scaled_dot";

/// Whether layout assignment meant `dot` for wgmma (its path starts with
/// "wgmma"): the pipeliner and tileaa-warpgroup-dots act on that.
inline bool isMeantForWgmma(mlir::Operation *dot) {
  auto path = dot->getAttrOfType<mlir::StringAttr>(kDotPathAttrName);
  return path && path.getValue().starts_with("wgmma");
}

/// Whether layout assignment meant `dot` for tcgen05.mma (its path starts
/// with "tcgen05"): its accumulator has tensor memory's row-per-thread
/// layout and its operands are read from shared memory, like wgmma's.
inline bool isMeantForTcgen05(mlir::Operation *dot) {
  auto path = dot->getAttrOfType<mlir::StringAttr>(kDotPathAttrName);
  return path && path.getValue().starts_with("tcgen05");
}

/// Whether `dot` is meant for an instruction that reads both operands from
/// shared memory through descriptors (wgmma or tcgen05.mma).
inline bool readsOperandsFromShared(mlir::Operation *dot) {
  return isMeantForWgmma(dot) || isMeantForTcgen05(dot);
}

} // namespace tileiras::nv_tileaa

#endif // TILEIRAS_DIALECT_NVTILEAA_DOTPATH_H
