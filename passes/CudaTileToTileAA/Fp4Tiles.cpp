//===- Fp4Tiles.cpp - f4E2M1FN tiles as packed bytes ----------------------===//
//
// nv_tileaa has no 4-bit element type: an f4E2M1FN tile is lowered to an i8
// tile of pairs packed along one dimension (two elements a byte, the even
// index in the low nibble, as in memory), which is what dot_scaled reads
// with a_format/b_format = f4E2M1FN. Loads from views pack along the
// view's contiguous dimension (MemoryOps.cpp); splat constants are packed
// where used. mmaf_scaled needs A packed along K (dimension 1) and B along
// K (dimension 0).
//
//===----------------------------------------------------------------------===//

#include "LoweringContext.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace tileiras::cuda_tile_lowering;
namespace ct = tileiras::cuda_tile;

bool tileiras::cuda_tile_lowering::isFp4Tile(Type type) {
  auto tile = dyn_cast<ct::TileType>(type);
  return tile && isa<Float4E2M1FNType>(tile.getElementType());
}

bool tileiras::cuda_tile_lowering::acceptsFp4Tiles(Operation *op) {
  return isa<ct::LoadViewTkoOp, ct::ConstantOp, ct::MmaFScaledOp>(op);
}

LogicalResult
tileiras::cuda_tile_lowering::lowerFp4Constant(Lowering &l, ct::ConstantOp op) {
  auto dense = cast<DenseElementsAttr>(op.getValue());
  if (!dense.isSplat())
    return l.fail(op, "f4E2M1FN constants must be splats (one value)");
  APInt bits = dense.getSplatValue<APFloat>().bitcastToAPInt();
  l.fp4Splats[op.getResult()] = uint8_t(bits.getZExtValue() & 0xF);
  return success();
}

FailureOr<Value> tileiras::cuda_tile_lowering::packedFp4Operand(
    Lowering &l, Operation *op, Value v, int dim, StringRef name) {
  auto tile = cast<ct::TileType>(v.getType());
  SmallVector<int64_t> shape(tile.getShape());
  if (shape[dim] % 2 != 0)
    return l.fail(op, Twine("the f4E2M1FN operand ") + name +
                          " needs an even extent along K (two elements a "
                          "byte)");
  shape[dim] /= 2;
  if (auto splat = l.fp4Splats.find(v); splat != l.fp4Splats.end()) {
    Type byte = l.b.getI8Type();
    auto type = RankedTensorType::get(shape, byte);
    int64_t pair = splat->second | splat->second << 4;
    return Value(arith::ConstantOp::create(
        l.b, l.loc,
        DenseElementsAttr::get(type, l.b.getIntegerAttr(byte, pair))));
  }
  auto packed = l.packedFp4.find(v);
  if (packed == l.packedFp4.end())
    return l.fail(op, Twine("the f4E2M1FN operand ") + name +
                          " must be loaded from a view or be a splat "
                          "constant");
  if (packed->second != dim)
    return l.fail(op, Twine("the f4E2M1FN operand ") + name +
                          " must be loaded from a view whose K dimension (" +
                          Twine(dim) +
                          " of the tile) has stride 1: two K elements share "
                          "a byte");
  return l.lookup(v);
}
