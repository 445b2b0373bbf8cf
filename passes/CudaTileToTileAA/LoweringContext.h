//===- LoweringContext.h - state of convert-cuda-tile-to-tileaa -*- C++ -*-===//
//
// One instance lowers one cuda_tile.entry into an nv_tileaa.func: a value
// map from cuda_tile values to nv_tileaa/arith/scf values, the views (which
// have no runtime representation: they are kept as base pointer, shape and
// strides), and the token placeholder.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_PASSES_CUDATILETOTILEAA_LOWERINGCONTEXT_H
#define TILEIRAS_PASSES_CUDATILETOTILEAA_LOWERINGCONTEXT_H

#include "tileiras/Dialect/CudaTile/CudaTile.h"
#include "tileiras/Dialect/NVTileAA/NVTileAA.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

namespace tileiras::cuda_tile_lowering {

/// A tensor_view: base pointer (scalar), extents and strides as scalar
/// integers of `indexType`.
struct TensorView {
  mlir::Value base;
  llvm::SmallVector<mlir::Value> shape, strides;
};

class Lowering {
public:
  Lowering(mlir::OpBuilder &builder) : b(builder) {}

  /// The nv_tileaa type of a cuda_tile type (rank-0 tiles are scalars);
  /// null for views and tokens.
  mlir::Type convertType(mlir::Type type);
  mlir::Value lookup(mlir::Value v) { return map.lookupOrNull(v); }
  void map1(mlir::Value from, mlir::Value to) { map.map(from, to); }

  mlir::LogicalResult lowerBlock(mlir::Block &src);
  mlir::LogicalResult lowerOp(mlir::Operation *op);

  /// Generic builder for ops named by string (nv_tileaa.*, arith.*, ...).
  mlir::Operation *create(llvm::StringRef name, mlir::TypeRange results,
                          mlir::ValueRange operands,
                          llvm::ArrayRef<mlir::NamedAttribute> attrs = {});
  mlir::Value create1(llvm::StringRef name, mlir::Type result,
                      mlir::ValueRange operands,
                      llvm::ArrayRef<mlir::NamedAttribute> attrs = {}) {
    return create(name, result, operands, attrs)->getResult(0);
  }
  mlir::Value constantInt(mlir::Type type, int64_t value);
  /// Splats a scalar to `shape` (no-op for an empty shape).
  mlir::Value splat(mlir::Value scalar, llvm::ArrayRef<int64_t> shape);
  /// Integer cast of a scalar or tile to `type`'s width (sign-extending).
  mlir::Value castInt(mlir::Value v, mlir::Type elementType);
  mlir::Value token();

  mlir::LogicalResult fail(mlir::Operation *op, const llvm::Twine &why);

  mlir::OpBuilder &b;
  mlir::IRMapping map;
  llvm::DenseMap<mlir::Value, TensorView> tensorViews;
  mlir::Location loc = mlir::UnknownLoc::get(b.getContext());
  mlir::Value tokenValue;
};

// Op families (one file each).
mlir::LogicalResult lowerElementwise(Lowering &l, mlir::Operation *op,
                                     bool &handled);
mlir::LogicalResult lowerShape(Lowering &l, mlir::Operation *op, bool &handled);
mlir::LogicalResult lowerMemory(Lowering &l, mlir::Operation *op,
                                bool &handled);
mlir::LogicalResult lowerControl(Lowering &l, mlir::Operation *op,
                                 bool &handled);
mlir::LogicalResult lowerAtomic(Lowering &l, mlir::Operation *op,
                                bool &handled);

} // namespace tileiras::cuda_tile_lowering

#endif // TILEIRAS_PASSES_CUDATILETOTILEAA_LOWERINGCONTEXT_H
