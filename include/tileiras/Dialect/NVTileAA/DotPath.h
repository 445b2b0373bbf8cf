//===- DotPath.h - the dot instruction-path attribute -----------*- C++ -*-===//

#ifndef TILEIRAS_DIALECT_NVTILEAA_DOTPATH_H
#define TILEIRAS_DIALECT_NVTILEAA_DOTPATH_H

#include "llvm/ADT/StringRef.h"

namespace tileiras::nv_tileaa {

/// Set by layout assignment on a dot: the instruction path it takes and why
/// (e.g. "mma.sync.m16n8k16 f16", "fma: sm_75 has no mma.sync ...").
inline constexpr llvm::StringLiteral kDotPathAttrName = "nv_tileaa.dot_path";

} // namespace tileiras::nv_tileaa

#endif // TILEIRAS_DIALECT_NVTILEAA_DOTPATH_H
