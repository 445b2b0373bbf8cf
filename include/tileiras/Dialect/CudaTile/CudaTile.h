//===- CudaTile.h - the cuda_tile dialect -----------------------*- C++ -*-===//
//
// NVIDIA's open Tile IR (cuda_tile 13.1 - 13.3): dialect, types, attributes,
// enums and ops. See docs/cuda-tile.md.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_DIALECT_CUDATILE_CUDATILE_H
#define TILEIRAS_DIALECT_CUDATILE_CUDATILE_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tileiras/Dialect/CudaTile/CudaTileDialect.h.inc"
#include "tileiras/Dialect/CudaTile/CudaTileEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tileiras/Dialect/CudaTile/CudaTileTypes.h.inc"
#define GET_ATTRDEF_CLASSES
#include "tileiras/Dialect/CudaTile/CudaTileAttrs.h.inc"

namespace tileiras::cuda_tile {
/// f16, bf16, f32, f64: the types most math ops accept.
bool isBaseFloat(mlir::Type type);
/// The number types: i1 i8 i16 i32 i64, every float type of the dialect.
bool isNumberType(mlir::Type type);
/// Types a tile may hold: number types, i4 and pointers.
bool isTileElementType(mlir::Type type);
/// Size in bits of one element in memory (i1 is a byte, pointers 64).
unsigned getElementBitWidth(mlir::Type type);
/// The tensor_view a partition, strided or gather/scatter view is over.
TensorViewType getViewTensorView(mlir::Type view);
/// Tile shape of a view type (empty for anything else).
llvm::SmallVector<int64_t> getViewTileShape(mlir::Type view);
/// Rank of a view's index space (the number of load/store indices).
int64_t getViewIndexRank(mlir::Type view);
/// Element type of the builtin tensor with the tile's shape (for dense
/// constants): tile<2x4xf32> -> tensor<2x4xf32>.
mlir::RankedTensorType getDenseType(TileType tile);

namespace detail {
bool isTile(mlir::Type type);
bool isBaseFloatTile(mlir::Type type);
bool isFloatTile(mlir::Type type);
bool isIntTile(mlir::Type type);
bool isBoolTile(mlir::Type type);
bool isPtrTile(mlir::Type type);
bool isNumberTile(mlir::Type type);
bool isScalarTile(mlir::Type type);
bool isScalarBool(mlir::Type type);
bool isScalarInt(mlir::Type type);
bool isScalarPtr(mlir::Type type);
bool isScalarI32(mlir::Type type);
bool isTileView(mlir::Type type);
} // namespace detail
} // namespace tileiras::cuda_tile

#define GET_OP_CLASSES
#include "tileiras/Dialect/CudaTile/CudaTileOps.h.inc"

#endif // TILEIRAS_DIALECT_CUDATILE_CUDATILE_H
