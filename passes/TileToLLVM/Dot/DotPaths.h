//===- DotPaths.h - the instruction paths of nv_tileaa.dot ------*- C++ -*-===//
//
// DotOps.cpp dispatches on the accumulator's encoding; each instruction
// family lives in its own file of this folder.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_PASSES_TILETOLLVM_DOT_DOTPATHS_H
#define TILEIRAS_PASSES_TILETOLLVM_DOT_DOTPATHS_H

#include "TileToLLVM/TileLowering.h"
#include "tileiras/Layout/WgmmaLayouts.h"

#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace tileiras::lowering {

/// The FMA path with operands in registers (Fma.cpp): every thread holds
/// the rows of A and columns of B of its accumulator elements, all of K.
mlir::FailureOr<llvm::SmallVector<mlir::Value>>
lowerFmaDot(nv_tileaa::DotOp op, mlir::Value a, mlir::Value b, mlir::Value c,
            mlir::OpBuilder &builder, const TileTypeConverter &tiles,
            LoweringState &state);

/// The FMA path with A and B staged in shared memory and streamed one K
/// step at a time (Fma.cpp).
mlir::FailureOr<llvm::SmallVector<mlir::Value>>
lowerFmaSharedOperandsDot(nv_tileaa::DotOp op, mlir::Value a, mlir::Value b,
                          mlir::Value c, mlir::OpBuilder &builder,
                          const TileTypeConverter &tiles, LoweringState &state);

/// mma.sync (MmaSync.cpp): the accumulator registers after D = A * B + C,
/// in the layout of the dot's result.
mlir::FailureOr<llvm::SmallVector<mlir::Value>>
lowerMmaSyncDot(nv_tileaa::DotOp op, mlir::Value a, mlir::Value b,
                mlir::Value c, mlir::OpBuilder &builder,
                const TileTypeConverter &tiles, LoweringState &state);

/// dot_scaled on block-scaled mma.sync (MmaSync.cpp, sm_120a/f, sm_121a/f):
/// kind::mxf8f6f4, one ue8m0 scale per row of A and column of B per K step
/// of 32.
mlir::FailureOr<llvm::SmallVector<mlir::Value>> lowerBlockScaledMmaSyncDot(
    nv_tileaa::DotScaledOp op, mlir::Value a, mlir::Value aScale, mlir::Value b,
    mlir::Value bScale, mlir::Value c, mlir::OpBuilder &builder,
    const TileTypeConverter &tiles, LoweringState &state);

/// warpgroup_dot on wgmma.mma_async (Wgmma.cpp, sm_90a), or on
/// tcgen05.mma when its accumulator is a blocked layout (Tcgen05.cpp).
void populateWarpgroupDotPatterns(TileTypeConverter &converter,
                                  mlir::RewritePatternSet &patterns,
                                  LoweringState &state);

/// warpgroup_dot on tcgen05.mma (Tcgen05.cpp, sm_100a family): replaces
/// `op` with D = A B + C (A B alone where `useC` is false); with `scales`
/// (A's and B's, converted) the block-scaled kind::mxf8f6f4.
mlir::LogicalResult
lowerTcgen05Dot(nv_tileaa::WarpgroupDotOp op, mlir::Value aBuffer,
                mlir::Value aSlot, mlir::Value bBuffer, mlir::Value bSlot,
                mlir::Value c, mlir::Value useC, mlir::ValueRange scales,
                mlir::ConversionPatternRewriter &rewriter,
                const TileTypeConverter &tiles, LoweringState &state);

/// tmem_alloc, tmem_dot, tmem_load and tmem_dealloc: a tcgen05 dot's
/// accumulator kept in tensor memory (Tcgen05Resident.cpp).
void populateTensorMemoryPatterns(TileTypeConverter &converter,
                                  mlir::RewritePatternSet &patterns,
                                  LoweringState &state);

/// The tensor-memory address (ptr addrspace(6)) `taddr` + `offset` (lane
/// in bits 31..16, column in 15..0; `taddr` an i32).
mlir::Value tensorAddress(mlir::ImplicitLocOpBuilder &b, mlir::Value taddr,
                          int64_t offset = 0);

/// Where a block-scaled tcgen05 dot of N columns and K = 32 steps keeps
/// its scales (Tcgen05Scales.cpp): in tensor memory after the accumulator's
/// N columns, 4 columns of A's and 4 per 128 columns of B's per group of 4
/// steps (one byte per step); in shared memory, 512-byte blocks that
/// tcgen05.cp.32x128b.warpx4 copies.
struct Tcgen05ScalePlan {
  /// MMAs (K steps of 32 slot bytes: 32 FP8 or 64 FP4 elements), scale
  /// blocks per MMA (1 kind::mxf8f6f4; 2 or 4 for FP4: scale_vec 2X, 4X),
  /// scale blocks in all, and the word groups of four blocks.
  int64_t steps = 0, perStep = 1, blocks = 0, groups = 0, bChunks = 0;
  int64_t aColumn = 0, bColumn = 0, columns = 0, sharedBytes = 0;
  /// f8E8M0FNU scales (else f8E4M3FN, NVFP4's ue4m3).
  bool ue8m0 = true;
  /// The plan for an accumulator of `n` columns, `k` slot bytes along K
  /// and `blocks` scale blocks (the scales' K extent) of type `scale`.
  static Tcgen05ScalePlan get(int64_t n, int64_t k, int64_t blocks,
                              mlir::Type scale);
  /// Tensor-memory columns of the scales of `step`, and its scale id (the
  /// byte of its first block: blocks of four share a word).
  int64_t aColumnOf(int64_t step) const {
    return aColumn + 4 * (step * perStep / 4);
  }
  int64_t bColumnOf(int64_t step) const {
    return bColumn + 4 * bChunks * (step * perStep / 4);
  }
  unsigned scaleId(int64_t step) const { return unsigned(step * perStep % 4); }
};

/// Every thread stores the scale elements it holds into the copy blocks at
/// `region` (a shared pointer of plan.sharedBytes bytes).
void storeTcgen05Scales(mlir::ImplicitLocOpBuilder &b,
                        const Tcgen05ScalePlan &plan, mlir::Value region,
                        mlir::Value aScales, mlir::RankedTensorType aType,
                        mlir::Value bScales, mlir::RankedTensorType bType);

/// tcgen05.cp.32x128b.warpx4 of every block at `region` into its columns
/// of the allocation at `taddr` (i32); issued by one thread.
void copyTcgen05Scales(mlir::ImplicitLocOpBuilder &b,
                       const Tcgen05ScalePlan &plan, mlir::Value region,
                       mlir::Value taddr);

/// The descriptor fields of a slot dot's A and B slots (A K-major, B
/// N-major), or an error at `op` when one holds no canonical layout.
mlir::FailureOr<std::pair<layout::WgmmaOperandPlan, layout::WgmmaOperandPlan>>
sharedOperandPlans(mlir::Operation *op, nv_tileaa::SharedMemType a,
                   nv_tileaa::SharedMemType b);

/// The shared address (i64) of slot `slot` of `buffer`.
mlir::Value sharedSlotBase(mlir::ImplicitLocOpBuilder &b, mlir::Value buffer,
                           mlir::Value slot, nv_tileaa::SharedMemType type,
                           mlir::Type stored);

/// The 64-bit matrix descriptor of `plan` at `base` + `offset` bytes:
/// wgmma's (swizzle code in bits 62..63) or tcgen05's (0b001 at bits
/// 46..48, twice wgmma's swizzle code in bits 61..63).
mlir::Value matrixDescriptor(mlir::ImplicitLocOpBuilder &b,
                             const layout::WgmmaOperandPlan &plan,
                             mlir::Value base, int64_t offset, bool tcgen05);

/// f32 rounded to tf32 (10 mantissa bits, nearest, ties away from zero):
/// cvt.rna.tf32.f32 where the target has it, integer ops otherwise.
mlir::Value roundToTf32(mlir::OpBuilder &builder, mlir::Location loc,
                        mlir::Value value, bool hasInstruction);

} // namespace tileiras::lowering

#endif // TILEIRAS_PASSES_TILETOLLVM_DOT_DOTPATHS_H
