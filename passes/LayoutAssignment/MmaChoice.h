//===- MmaChoice.h - which instruction computes a dot -----------*- C++ -*-===//
//
// The accelerate-matmul decision of layout assignment: whether a dot runs on
// mma.sync (and with which operand packing and warp tiling) or on the FMA
// path, and why, from target-spec legality and the operand types.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_PASSES_LAYOUTASSIGNMENT_MMACHOICE_H
#define TILEIRAS_PASSES_LAYOUTASSIGNMENT_MMACHOICE_H

#include "tileiras/Dialect/NVTileAA/NVTileAA.h"
#include "tileiras/TargetSpec/Target.h"

#include "llvm/ADT/SmallVector.h"

#include <string>

namespace tileiras {

class AxisInfoAnalysis;

/// Whether the dot operand `operand` (A [M, K] with K dimension 1, B
/// [K, N] with K dimension 0) is a tile loaded with its elements more
/// contiguous along K than along the other dimension.
bool loadedContiguousAlongK(const AxisInfoAnalysis &axisInfo,
                            mlir::Value operand, unsigned kDim);

struct DotPathChoice {
  /// Zero for the FMA path; otherwise elements per 32-bit operand register
  /// of the mma.sync instruction (1 tf32, 2 f16/bf16, 4 for 8-bit types).
  unsigned kWidth = 0;
  /// {M warps, N warps}, or {batch warps, M warps, N warps} for rank 3.
  llvm::SmallVector<unsigned, 3> warpsPerCTA;
  /// Rows of one instruction: 16 (m16n8kK) or 8 (m8n8k4 f64), the
  /// #nv_tileaa.mma instrShape [instrM, 8].
  unsigned instrM = 16;
  /// What the dot runs on and why (recorded on the dot as
  /// nv_tileaa::kDotPathAttrName), e.g. "mma.sync.m16n8k16 bf16" or
  /// "fma: sm_75 has no mma.sync m16n8 shapes (sm_80+)".
  std::string description;
  /// The dot is meant for wgmma (sm_90a): warps all along M, and the
  /// pipeliner stages its operands in wgmma's canonical layouts. It still
  /// has an mma.sync layout, which is what runs if tileaa-warpgroup-dots
  /// cannot read both operands from shared memory.
  bool wgmma = false;
  /// The dot is meant for tcgen05.mma (sm_100a family): its accumulator
  /// is a blocked layout of one row per thread (tensor memory's lanes:
  /// warpsPerCTA [4, numWarps / 4]), its operands are staged like wgmma's,
  /// and it stays an FMA dot if tileaa-warpgroup-dots cannot read them.
  bool tcgen05 = false;

  bool usesMma() const { return kWidth != 0; }
};

/// Decides the path of `dot` with `numWarps` warps on `target`.
/// `kContiguous`: both operands are loaded with their elements contiguous
/// along K in memory (8-bit ones must be, for wgmma: it reads 8-bit
/// operands K-major only).
DotPathChoice chooseDotPath(nv_tileaa::DotOp dot,
                            const targetspec::Target &target, unsigned numWarps,
                            bool kContiguous);

/// The #nv_tileaa.mma accumulator encoding of a dot that `choice` runs on
/// mma.sync (batched dots: one batch per instruction).
mlir::Attribute mmaAccumulatorEncoding(mlir::MLIRContext *context,
                                       const DotPathChoice &choice);

/// Why `dot` (in a kernel of `numWarps` warps) cannot run on tcgen05.mma
/// kind::mxf8f6f4.block_scale (FP8) or kind::mxf4 / mxf4nvf4 (both
/// operands FP4, `kContiguous`: both loaded with K contiguous, K a
/// multiple of 64) on `target`, or "" when it can: an sm_100a family
/// target, 4 or 8 warps, M = 128, N a multiple of 32 up to 256 (B is read
/// N-major: rows of at least 32 bytes).
std::string whyNotTcgen05BlockScaled(nv_tileaa::DotScaledOp dot,
                                     const targetspec::Target &target,
                                     unsigned numWarps, bool kContiguous);

/// The path of a dot_scaled that tileaa-decompose-scaled-dots kept:
/// tcgen05.mma block_scale where whyNotTcgen05BlockScaled allows it (a
/// blocked accumulator of a row per thread, operands read from shared
/// memory), else block-scaled mma.sync m16n8k32 (kWidth 4, warps as for an
/// FP8 dot).
DotPathChoice chooseScaledDotPath(nv_tileaa::DotScaledOp dot,
                                  const targetspec::Target &target,
                                  unsigned numWarps, bool kContiguous);

} // namespace tileiras

#endif // TILEIRAS_PASSES_LAYOUTASSIGNMENT_MMACHOICE_H
