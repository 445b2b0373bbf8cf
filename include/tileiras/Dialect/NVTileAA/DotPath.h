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

/// Whether layout assignment meant `dot` for wgmma (its path starts with
/// "wgmma"): the pipeliner and tileaa-warpgroup-dots act on that.
inline bool isMeantForWgmma(mlir::Operation *dot) {
  auto path = dot->getAttrOfType<mlir::StringAttr>(kDotPathAttrName);
  return path && path.getValue().starts_with("wgmma");
}

} // namespace tileiras::nv_tileaa

#endif // TILEIRAS_DIALECT_NVTILEAA_DOTPATH_H
