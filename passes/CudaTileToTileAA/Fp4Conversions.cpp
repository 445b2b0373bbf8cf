//===- Fp4Conversions.cpp - ftof to and from f4E2M1FN ---------------------===//
//
// f4E2M1FN (OCP MX e2m1): sign, two exponent bits (bias 1), one mantissa
// bit; the codes 0..7 are 0, 0.5, 1, 1.5, 2, 3, 4, 6; no infinity or NaN.
// Both directions are integer and compare arithmetic, so they work on every
// target (the tiles are bytes of codes, FourBitTiles.cpp).
//
// Decoding builds the f32 bits. Encoding rounds to nearest even and
// saturates (as CUDA's __NV_SATFINITE conversions do): |x| > 6 and
// infinities give 6 of their sign, NaN gives +6 (code 0x7), -0 stays -0.
//
//===----------------------------------------------------------------------===//

#include "LoweringContext.h"

#include "tileiras/Dialect/NVTileAA/Fp4.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace tileiras::cuda_tile_lowering;
namespace ct = tileiras::cuda_tile;

static Value intConstant(Lowering &l, Type like, unsigned width,
                         int64_t value) {
  return constantLike(l, like,
                      l.b.getIntegerAttr(l.b.getIntegerType(width), value));
}

Value tileiras::cuda_tile_lowering::decodeFp4(Lowering &l, Value codes) {
  ImplicitLocOpBuilder b(l.loc, l.b);
  return nv_tileaa::decodeE2m1(b, codes);
}

// An f32 value to the float type of `result` (exact for e2m1 values).
static Value fromF32(Lowering &l, Value v, Type result) {
  Type element = getElementTypeOrSelf(result);
  if (element.isF32())
    return v;
  if (element.isF64())
    return arith::ExtFOp::create(l.b, l.loc, result, v);
  if (element.isF16() || element.isBF16())
    return arith::TruncFOp::create(l.b, l.loc, result, v);
  return l.create1("nv_tileaa.fp_to_fp", result, v);
}

// A float value to f32 or f64, exactly, for comparing with the rounding
// thresholds.
static Value toComparable(Lowering &l, Value v) {
  Type element = getElementTypeOrSelf(v.getType());
  if (element.isF32() || element.isF64())
    return v;
  if (isa<Float8E8M0FNUType>(element))
    return decodeScales(l, v);
  Type f32 = elementsLike(v.getType(), l.b.getF32Type());
  if (element.isF16() || element.isBF16())
    return arith::ExtFOp::create(l.b, l.loc, f32, v);
  return l.create1("nv_tileaa.fp_to_fp", f32, v);
}

// The e2m1 magnitude code of |x| is the number of rounding thresholds
// below it: midpoints between neighbours, strict where the tie goes down
// to the even code, inclusive where it goes up, and 5 (between 4 and 6)
// strict, so everything above 5 saturates to code 7.
static Value encodeFromFloat(Lowering &l, Value x) {
  Type like = x.getType();
  Type element = getElementTypeOrSelf(like);
  unsigned width = element.getIntOrFloatBitWidth();
  Value a = l.create1("math.absf", like, x);
  static const std::pair<double, bool> thresholds[] = {
      {0.25, false}, {0.75, true}, {1.25, false}, {1.75, true},
      {2.5, false},  {3.5, true},  {5.0, false}};
  Type bytes = intLike(like, 8);
  Value code;
  for (auto [threshold, inclusive] : thresholds) {
    Value t = constantLike(l, like, l.b.getFloatAttr(element, threshold));
    Value above = arith::CmpFOp::create(l.b, l.loc,
                                        inclusive ? arith::CmpFPredicate::OGE
                                                  : arith::CmpFPredicate::OGT,
                                        a, t);
    Value one = arith::ExtUIOp::create(l.b, l.loc, bytes, above);
    code = code ? Value(arith::AddIOp::create(l.b, l.loc, code, one)) : one;
  }
  Value bits = arith::BitcastOp::create(l.b, l.loc, intLike(like, width), x);
  Value sign = arith::TruncIOp::create(
      l.b, l.loc, bytes,
      arith::ShRUIOp::create(l.b, l.loc, bits,
                             intConstant(l, like, width, width - 1)));
  code = arith::OrIOp::create(
      l.b, l.loc, code,
      arith::ShLIOp::create(l.b, l.loc, sign, intConstant(l, like, 8, 3)));
  Value isNaN =
      arith::CmpFOp::create(l.b, l.loc, arith::CmpFPredicate::UNO, x, x);
  return arith::SelectOp::create(l.b, l.loc, isNaN,
                                 intConstant(l, like, 8, 0x7), code);
}

LogicalResult tileiras::cuda_tile_lowering::lowerFp4Conversion(Lowering &l,
                                                               ct::FToFOp op) {
  Value in = l.lookup(op.getSource());
  Type result = l.convertType(op.getType());
  if (isFp4Tile(op.getSource().getType())) {
    if (isa<Float8E8M0FNUType>(op.getType().getElementType()))
      return l.fail(op, "ftof from f4E2M1FN to f8E8M0FNU is not supported");
    l.map1(op.getResult(), fromF32(l, decodeFp4(l, in), result));
    return success();
  }
  // The verifier allows nearest_even only.
  l.map1(op.getResult(), encodeFromFloat(l, toComparable(l, in)));
  return success();
}
