//===- Fp8Decode.cpp - FP8 bytes to f32 without cvt.f8 --------------------===//
//
// E4M3FN and E5M2 decoded with integer ops, for chips before sm_89 (no
// cvt.rn.f16x2.e4m3x2): exact, and no f32 subnormal arises, so
// flush-to-zero cannot interfere. The FMA dot, fp_to_fp and printf use it.
//
//===----------------------------------------------------------------------===//

#include "TileToLLVM/TileLowering.h"

#include <cmath>

using namespace mlir;
using namespace tileiras;
using namespace tileiras::lowering;

Value lowering::fp8ToF32Software(OpBuilder &builder, Location loc, Value byte,
                                 Type format) {
  bool isE4M3 = isa<Float8E4M3FNType>(format);
  Type i32 = builder.getI32Type(), f32 = builder.getF32Type();
  unsigned mantissaBits = isE4M3 ? 3 : 2;
  int64_t bias = isE4M3 ? 7 : 15;
  Value x = LLVM::ZExtOp::create(builder, loc, i32, byte);
  Value sign = LLVM::ShlOp::create(
      builder, loc,
      LLVM::AndOp::create(builder, loc, x, i32Constant(builder, loc, 0x80)),
      i32Constant(builder, loc, 24));
  Value magnitude =
      LLVM::AndOp::create(builder, loc, x, i32Constant(builder, loc, 0x7f));
  Value exponent = LLVM::LShrOp::create(
      builder, loc, magnitude, i32Constant(builder, loc, mantissaBits));
  Value mantissa = LLVM::AndOp::create(
      builder, loc, x, i32Constant(builder, loc, (1 << mantissaBits) - 1));

  // Normal: move exponent and mantissa under the f32 fields and rebias.
  Value normal = LLVM::ShlOp::create(
      builder, loc, magnitude, i32Constant(builder, loc, 23 - mantissaBits));
  normal = LLVM::AddOp::create(builder, loc, normal,
                               i32Constant(builder, loc, (127 - bias) << 23));
  // Subnormal (and zero): mantissa * 2^(1 - bias - mantissaBits), exact.
  Value scaled = LLVM::FMulOp::create(
      builder, loc, LLVM::UIToFPOp::create(builder, loc, f32, mantissa),
      LLVM::ConstantOp::create(builder, loc, f32,
                               builder.getF32FloatAttr(std::ldexp(
                                   1.0f, 1 - int(bias) - int(mantissaBits)))));
  Value subnormal = LLVM::BitcastOp::create(builder, loc, i32, scaled);
  Value isSubnormal =
      LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::eq, exponent,
                           i32Constant(builder, loc, 0));
  Value bits =
      LLVM::SelectOp::create(builder, loc, isSubnormal, subnormal, normal);
  // Specials: E4M3FN has only NaN (all ones); E5M2 has Inf and NaN.
  if (isE4M3) {
    Value isNaN =
        LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::eq, magnitude,
                             i32Constant(builder, loc, 0x7f));
    bits = LLVM::SelectOp::create(builder, loc, isNaN,
                                  i32Constant(builder, loc, 0x7fc00000), bits);
  } else {
    Value isSpecial =
        LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::eq, exponent,
                             i32Constant(builder, loc, 0x1f));
    Value isInf = LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::eq,
                                       mantissa, i32Constant(builder, loc, 0));
    Value special = LLVM::SelectOp::create(
        builder, loc, isInf, i32Constant(builder, loc, 0x7f800000),
        i32Constant(builder, loc, 0x7fc00000));
    bits = LLVM::SelectOp::create(builder, loc, isSpecial, special, bits);
  }
  return LLVM::BitcastOp::create(builder, loc, f32,
                                 LLVM::OrOp::create(builder, loc, bits, sign));
}
