//===- NVTileAAFp4.cpp - f4E2M1FN codes as nv_tileaa and arith ops --------===//

#include "tileiras/Dialect/NVTileAA/Fp4.h"
#include "tileiras/Dialect/NVTileAA/NVTileAA.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
namespace nv = tileiras::nv_tileaa;

/// An integer constant of `width` bits shaped like `like` (a splat for a
/// tile).
static Value intConstant(ImplicitLocOpBuilder &b, Type like, unsigned width,
                         int64_t value) {
  Type element = b.getIntegerType(width);
  auto tile = dyn_cast<RankedTensorType>(like);
  if (!tile)
    return arith::ConstantOp::create(b, b.getIntegerAttr(element, value));
  return arith::ConstantOp::create(
      b, DenseElementsAttr::get(tile.clone(element),
                                b.getIntegerAttr(element, value)));
}

static Type withElement(Type like, Type element) {
  if (auto tile = dyn_cast<RankedTensorType>(like))
    return tile.clone(element);
  return element;
}

// An e2m1 code s ee m is (-1)^s * m/2 for ee = 0, else
// (-1)^s * 2^(ee-1) * (1 + m/2): f32 bits s << 31 | (ee + 126) << 23 |
// m << 22, or 0x3f000000 (0.5) times m for the subnormals.
Value nv::decodeE2m1(ImplicitLocOpBuilder &b, Value codes) {
  Type like = codes.getType();
  auto splat = [&](int64_t value) { return intConstant(b, like, 32, value); };
  Value code = codes;
  if (getElementTypeOrSelf(like).getIntOrFloatBitWidth() < 32)
    code = arith::ExtUIOp::create(b, withElement(like, b.getI32Type()), code);
  auto field = [&](int64_t shift, int64_t mask) -> Value {
    Value shifted =
        shift ? Value(arith::ShRUIOp::create(b, code, splat(shift))) : code;
    return arith::AndIOp::create(b, shifted, splat(mask));
  };
  Value exponent = field(1, 3), mantissa = field(0, 1);
  Value normal = arith::OrIOp::create(
      b,
      arith::ShLIOp::create(b, arith::AddIOp::create(b, exponent, splat(126)),
                            splat(23)),
      arith::ShLIOp::create(b, mantissa, splat(22)));
  Value half = arith::MulIOp::create(b, mantissa, splat(0x3f000000));
  Value subnormal =
      arith::CmpIOp::create(b, arith::CmpIPredicate::eq, exponent, splat(0));
  Value magnitude = arith::SelectOp::create(b, subnormal, half, normal);
  Value sign = arith::ShLIOp::create(b, field(3, 1), splat(31));
  Value bits = arith::OrIOp::create(b, magnitude, sign);
  return arith::BitcastOp::create(b, withElement(like, b.getF32Type()), bits);
}

// [.., X, ..] -> two [.., X, 1, ..] -> cat [.., X, 2, ..] -> [.., 2X, ..].
Value nv::unpackNibbles(ImplicitLocOpBuilder &b, Value bytes, unsigned dim) {
  auto type = cast<RankedTensorType>(bytes.getType());
  SmallVector<int64_t> column(type.getShape());
  column.insert(column.begin() + dim + 1, 1);
  auto expand = [&](Value nibbles) -> Value {
    return nv::ExpandDimsOp::create(b, type.clone(column), nibbles,
                                    b.getI32IntegerAttr(dim + 1));
  };
  Value low =
      expand(arith::AndIOp::create(b, bytes, intConstant(b, type, 8, 0xf)));
  Value high =
      expand(arith::ShRUIOp::create(b, bytes, intConstant(b, type, 8, 4)));
  SmallVector<int64_t> pairs(column);
  pairs[dim + 1] = 2;
  Value joined = nv::CatOp::create(b, type.clone(pairs), low, high,
                                   b.getI32IntegerAttr(dim + 1));
  SmallVector<int64_t> shape(type.getShape());
  shape[dim] *= 2;
  return nv::ViewOp::create(b, type.clone(shape), joined);
}
