//===- TiledToTma.h - tiled_loads that TMA can serve ------------*- C++ -*-===//
//
// On targets with TMA, a kernel's tiled_load that feeds a dot inside a loop
// becomes a tma_load through a new tensor-map kernel parameter, when the
// launcher can build the map: the memref's base, sizes and strides are
// kernel parameters or constants, its rows are 16-byte aligned, the tile is
// rank 2 and TMA can load it. The rest keep the pointer path.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_PASSES_TILEDMEMORY_TILEDTOTMA_H
#define TILEIRAS_PASSES_TILEDMEMORY_TILEDTOTMA_H

#include "tileiras/Dialect/NVTileAA/NVTileAA.h"

namespace tileiras {
/// The argument attribute of a tensor-map parameter: what the launcher
/// encodes (lib/Driver/Metadata.cpp turns it into the metadata JSON).
inline constexpr llvm::StringLiteral kTensorMapArgAttr = "nv_tileaa.tensor_map";

/// Rewrites `kernel`'s eligible tiled_loads into tma_loads, appending one
/// tensor-map parameter per memref and tile shape.
void rewriteTiledLoadsToTma(nv_tileaa::FuncOp kernel);
} // namespace tileiras

#endif // TILEIRAS_PASSES_TILEDMEMORY_TILEDTOTMA_H
