//===- DotPaths.h - the instruction paths of nv_tileaa.dot ------*- C++ -*-===//
//
// DotOps.cpp dispatches on the accumulator's encoding; each instruction
// family lives in its own file of this folder.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_PASSES_TILETOLLVM_DOT_DOTPATHS_H
#define TILEIRAS_PASSES_TILETOLLVM_DOT_DOTPATHS_H

#include "TileToLLVM/TileLowering.h"

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

/// warpgroup_dot on wgmma.mma_async (Wgmma.cpp, sm_90a).
void populateWarpgroupDotPatterns(TileTypeConverter &converter,
                                  mlir::RewritePatternSet &patterns,
                                  LoweringState &state);

/// f32 rounded to tf32 (10 mantissa bits, nearest, ties away from zero):
/// cvt.rna.tf32.f32 where the target has it, integer ops otherwise.
mlir::Value roundToTf32(mlir::OpBuilder &builder, mlir::Location loc,
                        mlir::Value value, bool hasInstruction);

} // namespace tileiras::lowering

#endif // TILEIRAS_PASSES_TILETOLLVM_DOT_DOTPATHS_H
