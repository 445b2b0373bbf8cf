//===- ScaleConversions.cpp - f8E8M0FNU scales to and from floats ---------===//
//
// nv_tileaa has no arithmetic on f8E8M0FNU (the scales of mmaf_scaled):
// conversions from and to them are integer operations on the bits. A scale
// byte e is 2^(e - 127) (0xFF NaN), so decoding shifts it into an f32
// exponent field; encoding takes the exponent field of the exact f64 value
// and rounds it up where the mantissa says so.
//
//===----------------------------------------------------------------------===//

#include "LoweringContext.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace tileiras::cuda_tile_lowering;
namespace ct = tileiras::cuda_tile;

Value tileiras::cuda_tile_lowering::decodeScales(Lowering &l, Value scales) {
  auto &b = l.b;
  Location loc = l.loc;
  Type type = scales.getType();
  Type i32 = intLike(type, 32);
  auto bits32 = [&](int64_t v) {
    return constantLike(l, type, b.getIntegerAttr(b.getI32Type(), v));
  };
  Value byte = arith::ExtUIOp::create(
      b, loc, i32, arith::BitcastOp::create(b, loc, intLike(type, 8), scales));
  // Byte e in 1..254 is 2^(e-127): the f32 with biased exponent e.
  Value bits = arith::ShLIOp::create(b, loc, byte, bits32(23));
  auto is = [&](int64_t v) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, byte,
                                 bits32(v));
  };
  // 0 is 2^-127, an f32 subnormal; 0xFF is NaN.
  bits = arith::SelectOp::create(b, loc, is(0), bits32(0x00400000), bits);
  bits = arith::SelectOp::create(b, loc, is(0xFF), bits32(0x7FC00000), bits);
  return arith::BitcastOp::create(b, loc, elementsLike(type, b.getF32Type()),
                                  bits);
}

Value tileiras::cuda_tile_lowering::encodeScales(Lowering &l, Value value,
                                                 ct::Rounding mode,
                                                 Type result) {
  auto &b = l.b;
  Location loc = l.loc;
  Type type = value.getType();
  // Every f16, bf16 and f32 value is an f64, and no f64 subnormal reaches
  // the smallest scale (2^-127): one case for every input type.
  if (!getElementTypeOrSelf(type).isF64())
    value = arith::ExtFOp::create(b, loc, elementsLike(type, b.getF64Type()),
                                  value);
  Type i64 = intLike(type, 64);
  auto c = [&](int64_t v) {
    return constantLike(l, type, b.getIntegerAttr(b.getI64Type(), v));
  };
  auto cmp = [&](arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, p, x, y);
  };
  using P = arith::CmpIPredicate;
  Value bits = arith::BitcastOp::create(b, loc, i64, value);
  Value exponent = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, bits, c(52)), c(0x7FF));
  Value mantissa = arith::AndIOp::create(b, loc, bits, c((1LL << 52) - 1));
  // floor(log2 |x|) + 127 for a normal x: its biased exponent - 1023 + 127.
  Value code = arith::SubIOp::create(b, loc, exponent, c(896));
  Value up;
  if (mode == ct::Rounding::PositiveInf)
    up = cmp(P::ne, mantissa, c(0));
  else if (mode == ct::Rounding::NearestEven) // ties (1.5 * 2^k) go up
    up = cmp(P::uge, mantissa, c(1LL << 51));
  if (up)
    code = arith::AddIOp::create(b, loc, code,
                                 arith::ExtUIOp::create(b, loc, i64, up));
  // Below 2^-127 (zeros too): the smallest scale; e8m0 has no zero.
  code = arith::SelectOp::create(b, loc, cmp(P::slt, code, c(0)), c(0), code);
  // Past 2^127: the largest toward zero, NaN (no infinity) otherwise.
  bool towardZero =
      mode == ct::Rounding::Zero || mode == ct::Rounding::NegativeInf;
  code = arith::SelectOp::create(b, loc, cmp(P::sgt, code, c(254)),
                                 c(towardZero ? 254 : 255), code);
  // NaN, infinities and negative values (not -0) are NaN.
  Value magnitude = arith::AndIOp::create(b, loc, bits, c(INT64_MAX));
  Value negative = arith::AndIOp::create(b, loc, cmp(P::slt, bits, c(0)),
                                         cmp(P::ne, magnitude, c(0)));
  Value special =
      arith::OrIOp::create(b, loc, cmp(P::eq, exponent, c(0x7FF)), negative);
  code = arith::SelectOp::create(b, loc, special, c(255), code);
  Value bytes = arith::TruncIOp::create(b, loc, intLike(type, 8), code);
  return arith::BitcastOp::create(b, loc, result, bytes);
}
