//===- NVTileAATypes.h - nv_tileaa types and tile rules ---------*- C++ -*-===//
//
// The dialect types (!nv_tileaa.ptr, !nv_tileaa.mem_token) and the rules that
// make a builtin ranked tensor a valid tile.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_DIALECT_NVTILEAA_NVTILEAATYPES_H
#define TILEIRAS_DIALECT_NVTILEAA_NVTILEAATYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "tileiras/Dialect/NVTileAA/NVTileAATypes.h.inc"

namespace tileiras::nv_tileaa {

/// Largest number of elements a tile may have (2^20).
inline constexpr int64_t kMaxTileElements = int64_t(1) << 20;

/// Scalar element types: i1 i8 i16 i32 i64, f16 bf16 f32 f64 tf32,
/// f8E4M3FN f8E5M2, f8E8M0FNU (scales only), and !nv_tileaa.ptr.
bool isTileElementType(mlir::Type type);
/// f8E8M0FNU: the power-of-two scales of dot_scaled. Tiles of them are
/// loaded, stored, moved and bitcast (to i8), but take no arithmetic.
bool isScaleType(mlir::Type type);
/// Types a pointer may point to: the tile element types except tf32 and
/// pointers.
bool isPointeeType(mlir::Type type);
/// f16, bf16, f32, f64: the types of float arithmetic.
bool isArithFloatType(mlir::Type type);
/// Any float type a tile may hold (adds tf32 and the f8 formats).
bool isFloatType(mlir::Type type);
bool isSignlessInt(mlir::Type type);
bool isI1(mlir::Type type);
/// i32 or i64: pointer offsets.
bool isOffsetType(mlir::Type type);
bool isPtr(mlir::Type type);
/// Integer, float or pointer scalar.
bool isScalarValueType(mlir::Type type);
/// Not a shaped type at all, or a ranked tensor (the tile check is separate).
bool isScalarOrTile(mlir::Type type);

/// Checks the tile rules for a ranked tensor type: static dimensions, each a
/// power of two, at most kMaxTileElements elements, a supported element
/// type, rank at least 1. `what` names the value in the message ("operand
/// #1", "result #0", ...). Types that are not tensors are accepted.
mlir::LogicalResult
verifyTileType(llvm::function_ref<mlir::InFlightDiagnostic()> emitError,
               mlir::Type type, llvm::StringRef what);

/// The i1 type a mask of values shaped like `type` has: i1 for scalars, a
/// tile of i1 with the same shape and encoding for tiles.
mlir::Type getMaskType(mlir::Type type);

/// Shape of a tile, or the empty shape for a scalar.
llvm::ArrayRef<int64_t> getShapeOrEmpty(mlir::Type type);

/// `elementType` shaped like `like` (same shape and encoding) or the bare
/// element type when `like` is a scalar.
mlir::Type getSameShape(mlir::Type like, mlir::Type elementType);

} // namespace tileiras::nv_tileaa

#endif // TILEIRAS_DIALECT_NVTILEAA_NVTILEAATYPES_H
