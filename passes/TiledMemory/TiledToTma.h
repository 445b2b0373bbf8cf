//===- TiledToTma.h - tiled_loads that TMA can serve ------------*- C++ -*-===//
//
// On targets with TMA, a kernel's tiled_load that feeds a dot inside a loop
// becomes a tma_load, and its tiled_store a tma_store, through a new
// tensor-map kernel parameter, when the launcher can build the map: the
// memref's base, sizes and strides are kernel parameters or constants, its
// rows are 16-byte aligned, the tile is rank 2 and TMA can move it. The
// rest keep the pointer path.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_PASSES_TILEDMEMORY_TILEDTOTMA_H
#define TILEIRAS_PASSES_TILEDMEMORY_TILEDTOTMA_H

#include "tileiras/Dialect/NVTileAA/NVTileAA.h"

namespace tileiras {
/// The argument attribute of a tensor-map parameter: what the launcher
/// encodes (lib/Driver/Metadata.cpp turns it into the metadata JSON).
inline constexpr llvm::StringLiteral kTensorMapArgAttr = "nv_tileaa.tensor_map";

/// Rewrites `kernel`'s eligible tiled_loads and tiled_stores into tma_loads
/// and tma_stores, appending one tensor-map parameter per memref and map
/// description (tile shape, fill).
/// A tiled_store takes TMA only while its staging buffer fits: the kernel's
/// estimated pipeline rings (`numStages`, 0 for the default, unless the
/// kernel_spec says; one slot more with `spareSlot`, the rings of wgmma
/// targets) plus the staging buffers plus 16 KiB must stay within
/// `sharedLimitBytes`.
void rewriteTiledAccessesToTma(nv_tileaa::FuncOp kernel, unsigned numStages,
                               int64_t sharedLimitBytes, bool spareSlot);
} // namespace tileiras

#endif // TILEIRAS_PASSES_TILEDMEMORY_TILEDTOTMA_H
