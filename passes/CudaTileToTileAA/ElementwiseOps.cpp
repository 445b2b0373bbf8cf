//===- ElementwiseOps.cpp - cuda_tile arithmetic and conversions ----------===//
//
// Float ops map to nv_tileaa (add/sub/mul/div/fma/sqrt/rsqrt/exp2) or to
// arith/math; integer ops and comparisons to arith. Rounding modes and
// flush_to_zero become nv_tileaa's rounding_mode and ftz; maxf/minf flush
// their result; itof with a directed rounding converts exactly to f64 and
// rounds with fp_to_fp, or from 64 bits corrects the nearest conversion.
// Conversions to and from f8E8M0FNU scales are in ScaleConversions.cpp.
//
//===----------------------------------------------------------------------===//

#include "LoweringContext.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace tileiras::cuda_tile_lowering;
namespace ct = tileiras::cuda_tile;
namespace nv_tileaa = tileiras::nv_tileaa;

// The upstream or nv_tileaa op for a cuda_tile op whose operands map 1:1.
static StringRef directName(Operation *op) {
  StringRef name = op->getName().stripDialect();
  bool isSigned = false;
  if (auto s = op->getAttrOfType<IntegerAttr>("signedness"))
    isSigned = s.getInt() == int64_t(ct::Signedness::Signed);
  return llvm::StringSwitch<StringRef>(name)
      .Case("addf", "nv_tileaa.addf")
      .Case("subf", "nv_tileaa.subf")
      .Case("mulf", "nv_tileaa.mulf")
      .Case("divf", "nv_tileaa.divf")
      .Case("fma", "nv_tileaa.fma")
      .Case("sqrt", "nv_tileaa.sqrt")
      .Case("rsqrt", "nv_tileaa.rsqrt")
      .Case("exp2", "nv_tileaa.exp2")
      .Case("tanh", "math.tanh")
      .Case("absf", "math.absf")
      .Case("negf", "arith.negf")
      .Case("ceil", "math.ceil")
      .Case("floor", "math.floor")
      .Case("cos", "math.cos")
      .Case("cosh", "math.cosh")
      .Case("sin", "math.sin")
      .Case("sinh", "math.sinh")
      .Case("tan", "math.tan")
      .Case("log", "math.log")
      .Case("log2", "math.log2")
      .Case("pow", "math.powf")
      .Case("remf", "arith.remf")
      .Case("atan2", "math.atan2")
      .Case("addi", "arith.addi")
      .Case("subi", "arith.subi")
      .Case("muli", "arith.muli")
      .Case("shli", "arith.shli")
      .Case("andi", "arith.andi")
      .Case("ori", "arith.ori")
      .Case("xori", "arith.xori")
      .Case("absi", "math.absi")
      .Case("remi", isSigned ? "arith.remsi" : "arith.remui")
      .Case("maxi", isSigned ? "arith.maxsi" : "arith.maxui")
      .Case("mini", isSigned ? "arith.minsi" : "arith.minui")
      .Case("shri", isSigned ? "arith.shrsi" : "arith.shrui")
      .Case("select", "arith.select")
      .Case("bitcast", "arith.bitcast")
      .Case("exti", isSigned ? "arith.extsi" : "arith.extui")
      .Case("trunci", "arith.trunci")
      .Case("ftoi", isSigned ? "arith.fptosi" : "arith.fptoui")
      .Case("mulhii", "nv_tileaa.mulhiui")
      // Pointer casts (i64 addresses; the cuda_tile verifier checks it).
      .Case("int_to_ptr", "nv_tileaa.int_to_ptr")
      .Case("ptr_to_int", "nv_tileaa.ptr_to_int")
      .Case("ptr_to_ptr", "nv_tileaa.ptr_to_ptr")
      .Default("");
}

static bool isDirected(ct::Rounding mode) {
  return mode == ct::Rounding::Zero || mode == ct::Rounding::NegativeInf ||
         mode == ct::Rounding::PositiveInf;
}

static std::optional<ct::Rounding> roundingOf(Operation *op) {
  if (auto rounding = op->getAttrOfType<IntegerAttr>("rounding"))
    return static_cast<ct::Rounding>(rounding.getInt());
  return std::nullopt;
}

// nv_tileaa's rounding mode for a cuda_tile one; none for nearest_even
// (the default) and the modes of integer results.
static std::optional<nv_tileaa::RoundingMode> tileaaMode(ct::Rounding mode) {
  switch (mode) {
  case ct::Rounding::Zero:
    return nv_tileaa::RoundingMode::rz;
  case ct::Rounding::NegativeInf:
    return nv_tileaa::RoundingMode::rm;
  case ct::Rounding::PositiveInf:
    return nv_tileaa::RoundingMode::rp;
  case ct::Rounding::Approx:
    return nv_tileaa::RoundingMode::approx;
  case ct::Rounding::Full:
    return nv_tileaa::RoundingMode::full;
  default:
    return std::nullopt;
  }
}

static NamedAttribute roundingAttr(Lowering &l, nv_tileaa::RoundingMode mode) {
  return l.b.getNamedAttr("rounding_mode", nv_tileaa::RoundingModeAttr::get(
                                               l.b.getContext(), mode));
}

// nv_tileaa's rounding_mode and ftz for the float ops that have them.
static SmallVector<NamedAttribute> floatModifiers(Lowering &l, Operation *op) {
  SmallVector<NamedAttribute> attrs;
  if (!isa<ct::AddFOp, ct::SubFOp, ct::MulFOp, ct::DivFOp, ct::FmaOp,
           ct::SqrtOp, ct::RsqrtOp, ct::Exp2Op>(op))
    return attrs;
  if (op->hasAttr("flush_to_zero"))
    attrs.push_back(l.b.getNamedAttr("ftz", l.b.getUnitAttr()));
  // No attribute for nearest_even: the default, which --fmad may contract.
  if (std::optional<ct::Rounding> mode = roundingOf(op))
    if (std::optional<nv_tileaa::RoundingMode> to = tileaaMode(*mode))
      attrs.push_back(roundingAttr(l, *to));
  return attrs;
}

Value tileiras::cuda_tile_lowering::constantLike(Lowering &l, Type type,
                                                 TypedAttr scalar) {
  if (auto shaped = dyn_cast<RankedTensorType>(type))
    return arith::ConstantOp::create(
        l.b, l.loc,
        DenseElementsAttr::get(shaped.clone(scalar.getType()), scalar));
  return arith::ConstantOp::create(l.b, l.loc, scalar);
}

// f32 subnormals replaced by zeros of their sign: the flush_to_zero of
// maxf/minf (the maximum of flushed inputs is the flushed maximum).
static Value flushSubnormals(Lowering &l, Value x) {
  Type type = x.getType();
  Type i32 = l.b.getI32Type();
  Type bitsType = intLike(type, 32);
  Value magnitude = math::AbsFOp::create(l.b, l.loc, x);
  Value tiny = arith::CmpFOp::create(
      l.b, l.loc, arith::CmpFPredicate::OLT, magnitude,
      constantLike(l, type, l.b.getF32FloatAttr(0x1p-126f)));
  Value bits = arith::BitcastOp::create(l.b, l.loc, bitsType, x);
  Value sign = arith::AndIOp::create(
      l.b, l.loc, bits,
      constantLike(l, type, l.b.getIntegerAttr(i32, int64_t(0x80000000))));
  Value zero = arith::BitcastOp::create(l.b, l.loc, type, sign);
  return arith::SelectOp::create(l.b, l.loc, tiny, zero, x);
}

Type tileiras::cuda_tile_lowering::elementsLike(Type like, Type element) {
  if (auto shaped = dyn_cast<RankedTensorType>(like))
    return shaped.clone(element);
  return element;
}

Type tileiras::cuda_tile_lowering::intLike(Type like, unsigned width) {
  return elementsLike(like, IntegerType::get(like.getContext(), width));
}

// A directed itof from a 64-bit integer: convert to nearest, then step one
// ulp (the float's bits +-1) where that went the wrong way. The comparison
// of the rounded value with the input is exact: a float of at least 2^p in
// magnitude is an integer, and smaller integers convert exactly. Rounded
// values past the integer range (2^63, 2^64, or f16's infinity) are beyond
// every input and are kept away from the integer conversion.
static Value directedIToF64(Lowering &l, Value in, Type result, bool isSigned,
                            ct::Rounding mode) {
  auto &b = l.b;
  Location loc = l.loc;
  auto element = cast<FloatType>(getElementTypeOrSelf(result));
  Type bitsType = intLike(result, element.getWidth());
  Type boolType = intLike(result, 1);
  Value nearest =
      l.create1(isSigned ? "arith.sitofp" : "arith.uitofp", result, in);
  auto floatConst = [&](double v) {
    APFloat value(v);
    bool lost;
    value.convert(element.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                  &lost);
    return constantLike(l, result, b.getFloatAttr(element, value));
  };
  auto intConst = [&](Type type, int64_t v) {
    return constantLike(l, type,
                        b.getIntegerAttr(getElementTypeOrSelf(type), v));
  };
  double limit = isSigned ? 0x1p63 : 0x1p64;
  Value over = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE, nearest,
                                     floatConst(limit));
  // -2^63 is an input when the type holds it; f16 rounds it to -infinity,
  // which is below every input.
  APFloat lowest(-limit);
  bool lost;
  lowest.convert(element.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                 &lost);
  Value under =
      arith::CmpFOp::create(b, loc,
                            lowest.isInfinity() ? arith::CmpFPredicate::OLE
                                                : arith::CmpFPredicate::OLT,
                            nearest, floatConst(-limit));
  Value outside = arith::OrIOp::create(b, loc, over, under);
  Value safe = arith::SelectOp::create(b, loc, outside, floatConst(0), nearest);
  Type inType = in.getType();
  Value back = isSigned ? Value(arith::FPToSIOp::create(b, loc, inType, safe))
                        : Value(arith::FPToUIOp::create(b, loc, inType, safe));
  auto cmp = [&](arith::CmpIPredicate sgn, arith::CmpIPredicate uns) {
    return arith::CmpIOp::create(b, loc, isSigned ? sgn : uns, back, in);
  };
  // above: nearest > in; below: nearest < in.
  Value above = arith::SelectOp::create(
      b, loc, outside, over,
      cmp(arith::CmpIPredicate::sgt, arith::CmpIPredicate::ugt));
  Value below = arith::SelectOp::create(
      b, loc, outside, under,
      cmp(arith::CmpIPredicate::slt, arith::CmpIPredicate::ult));
  Value negative =
      isSigned ? Value(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                             in, intConst(inType, 0)))
               : intConst(boolType, 0);
  // The step in the float's bits: -1 shrinks the magnitude, +1 grows it
  // (toward +-infinity past the largest finite value).
  Value shrink = intConst(bitsType, -1), grow = intConst(bitsType, 1);
  Value wrong, delta;
  switch (mode) {
  case ct::Rounding::Zero: // |nearest| > |in|
    wrong = arith::SelectOp::create(b, loc, negative, below, above);
    delta = shrink;
    break;
  case ct::Rounding::NegativeInf:
    wrong = above;
    delta = arith::SelectOp::create(b, loc, negative, grow, shrink);
    break;
  default: // PositiveInf
    wrong = below;
    delta = arith::SelectOp::create(b, loc, negative, shrink, grow);
    break;
  }
  Value bits = arith::BitcastOp::create(b, loc, bitsType, nearest);
  Value stepped = arith::AddIOp::create(b, loc, bits, delta);
  Value chosen = arith::SelectOp::create(b, loc, wrong, stepped, bits);
  return arith::BitcastOp::create(b, loc, result, chosen);
}

// ftof or itof to f8E8M0FNU scales (encodeScales). Integers go through
// f64 with a rounding that keeps what the scale's rounding looks at: toward
// +infinity for positive_inf (ceil(log2 v) stays), else toward zero
// (floor(log2 v) and the comparison with 1.5 * 2^k stay); up to 32 bits
// that is exact.
static Value lowerToScales(Lowering &l, Operation *op, Value in, Type result) {
  ct::Rounding mode = roundingOf(op).value_or(ct::Rounding::NearestEven);
  auto itof = dyn_cast<ct::IToFOp>(op);
  if (!itof)
    return encodeScales(l, in, mode, result);
  Type f64 = elementsLike(in.getType(), l.b.getF64Type());
  bool isSigned = itof.getSignedness() == ct::Signedness::Signed;
  Value wide;
  if (getElementTypeOrSelf(in.getType()).getIntOrFloatBitWidth() > 32)
    wide = directedIToF64(l, in, f64, isSigned,
                          mode == ct::Rounding::PositiveInf
                              ? ct::Rounding::PositiveInf
                              : ct::Rounding::Zero);
  else
    wide = l.create1(isSigned ? "arith.sitofp" : "arith.uitofp", f64, in);
  return encodeScales(l, wide, mode, result);
}

// itof: a directed rounding from up to 32 bits converts exactly to f64
// (every such integer is an f64) and rounds once with fp_to_fp; from 64
// bits it corrects the nearest conversion (directedIToF64).
static Value lowerIToF(Lowering &l, ct::IToFOp op, Value in, Type result) {
  bool isSigned = op.getSignedness() == ct::Signedness::Signed;
  StringRef upstream = isSigned ? "arith.sitofp" : "arith.uitofp";
  std::optional<ct::Rounding> mode = op.getRounding();
  if (mode && isDirected(*mode) &&
      getElementTypeOrSelf(in.getType()).getIntOrFloatBitWidth() > 32)
    return directedIToF64(l, in, result, isSigned, *mode);
  if (!mode || !isDirected(*mode) || getElementTypeOrSelf(result).isF64())
    return l.create1(upstream, result, in);
  Type f64 = elementsLike(result, l.b.getF64Type());
  Value wide = l.create1(upstream, f64, in);
  return l.create1("nv_tileaa.fp_to_fp", result, wide,
                   roundingAttr(l, *tileaaMode(*mode)));
}

static Value lowerCompare(Lowering &l, Operation *op, ValueRange operands,
                          Type result) {
  auto pred = static_cast<ct::ComparisonPredicate>(
      op->getAttrOfType<IntegerAttr>("comparison_predicate").getInt());
  int index = static_cast<int>(pred);
  if (auto cmpf = dyn_cast<ct::CmpFOp>(op)) {
    static const arith::CmpFPredicate ordered[] = {
        arith::CmpFPredicate::OEQ, arith::CmpFPredicate::ONE,
        arith::CmpFPredicate::OLT, arith::CmpFPredicate::OLE,
        arith::CmpFPredicate::OGT, arith::CmpFPredicate::OGE};
    static const arith::CmpFPredicate unordered[] = {
        arith::CmpFPredicate::UEQ, arith::CmpFPredicate::UNE,
        arith::CmpFPredicate::ULT, arith::CmpFPredicate::ULE,
        arith::CmpFPredicate::UGT, arith::CmpFPredicate::UGE};
    bool isOrdered =
        cmpf.getComparisonOrdering() == ct::ComparisonOrdering::Ordered;
    return arith::CmpFOp::create(l.b, l.loc,
                                 isOrdered ? ordered[index] : unordered[index],
                                 operands[0], operands[1]);
  }
  bool isSigned =
      cast<ct::CmpIOp>(op).getSignedness() == ct::Signedness::Signed;
  static const arith::CmpIPredicate sgn[] = {
      arith::CmpIPredicate::eq,  arith::CmpIPredicate::ne,
      arith::CmpIPredicate::slt, arith::CmpIPredicate::sle,
      arith::CmpIPredicate::sgt, arith::CmpIPredicate::sge};
  static const arith::CmpIPredicate uns[] = {
      arith::CmpIPredicate::eq,  arith::CmpIPredicate::ne,
      arith::CmpIPredicate::ult, arith::CmpIPredicate::ule,
      arith::CmpIPredicate::ugt, arith::CmpIPredicate::uge};
  return arith::CmpIOp::create(l.b, l.loc, isSigned ? sgn[index] : uns[index],
                               operands[0], operands[1]);
}

// Ops that need more than a renaming.
static FailureOr<Value> lowerSpecial(Lowering &l, Operation *op, ValueRange in,
                                     Type result) {
  StringRef name = op->getName().stripDialect();
  if (name == "cmpf" || name == "cmpi")
    return lowerCompare(l, op, in, result);
  if (name == "negi") {
    Value zero = arith::ConstantOp::create(l.b, l.loc, l.b.getZeroAttr(result));
    return Value(arith::SubIOp::create(l.b, l.loc, zero, in[0]));
  }
  if (name == "maxf" || name == "minf") {
    bool nan = op->hasAttr("propagate_nan");
    StringRef upstream = name == "maxf"
                             ? (nan ? "arith.maximumf" : "arith.maxnumf")
                             : (nan ? "arith.minimumf" : "arith.minnumf");
    Value v = l.create1(upstream, result, in);
    return op->hasAttr("flush_to_zero") ? flushSubnormals(l, v) : v;
  }
  if (name == "divi") {
    auto divi = cast<ct::DivIOp>(op);
    bool isSigned = divi.getSignedness() == ct::Signedness::Signed;
    ct::Rounding mode = divi.getRounding().value_or(ct::Rounding::Zero);
    StringRef upstream =
        mode == ct::Rounding::PositiveInf
            ? (isSigned ? "arith.ceildivsi" : "arith.ceildivui")
        : mode == ct::Rounding::NegativeInf ? "arith.floordivsi"
        : isSigned                          ? "arith.divsi"
                                            : "arith.divui";
    return l.create1(upstream, result, in);
  }
  if (name == "exp") {
    // exp(x) = exp2(x * log2(e)), the form the exp2 lowering handles.
    Type element = getElementTypeOrSelf(result);
    TypedAttr log2e = l.b.getFloatAttr(element, 1.4426950408889634);
    if (auto shaped = dyn_cast<RankedTensorType>(result))
      log2e = DenseElementsAttr::get(shaped, log2e);
    Value scale = arith::ConstantOp::create(l.b, l.loc, log2e);
    Value scaled = l.create1("nv_tileaa.mulf", result, {in[0], scale});
    return l.create1("nv_tileaa.exp2", result, scaled);
  }
  if (auto itof = dyn_cast<ct::IToFOp>(op))
    return lowerIToF(l, itof, in[0], result);
  if (name == "ftof") {
    // From scales: their exact f32 value, then on as from f32.
    if (isa<Float8E8M0FNUType>(getElementTypeOrSelf(in[0].getType()))) {
      Value wide = decodeScales(l, in[0]);
      if (wide.getType() == result)
        return wide;
      return lowerSpecial(l, op, wide, result);
    }
    unsigned from =
        getElementTypeOrSelf(in[0].getType()).getIntOrFloatBitWidth();
    unsigned to = getElementTypeOrSelf(result).getIntOrFloatBitWidth();
    // FP8 and tf32 have no arith lowering on tiles; fp_to_fp converts
    // every format.
    bool tf32 = isa<FloatTF32Type>(getElementTypeOrSelf(in[0].getType())) ||
                isa<FloatTF32Type>(getElementTypeOrSelf(result));
    if (from == 8 || to == 8 || tf32)
      return l.create1("nv_tileaa.fp_to_fp", result, in);
    return l.create1(from < to ? "arith.extf" : "arith.truncf", result, in);
  }
  return failure();
}

LogicalResult tileiras::cuda_tile_lowering::lowerElementwise(Lowering &l,
                                                             Operation *op,
                                                             bool &handled) {
  StringRef direct = directName(op);
  bool special = isa<ct::CmpFOp, ct::CmpIOp, ct::NegIOp, ct::MaxFOp, ct::MinFOp,
                     ct::DivIOp, ct::FToFOp, ct::ExpOp, ct::IToFOp>(op);
  if (direct.empty() && !special)
    return success();
  handled = true;
  SmallVector<Value> in;
  for (Value v : op->getOperands())
    in.push_back(l.lookup(v));
  Type result = l.convertType(op->getResult(0).getType());
  // f8E8M0FNU tiles (the scales of mmaf_scaled) take no arithmetic in
  // nv_tileaa: ftof from them decodes the bits, select picks bytes.
  auto isScales = [](Type t) {
    return isa<Float8E8M0FNUType>(getElementTypeOrSelf(t));
  };
  if (isa<ct::FToFOp, ct::IToFOp>(op) && isScales(result)) {
    l.map1(op->getResult(0), lowerToScales(l, op, in[0], result));
    return success();
  }
  // ftoi from scales: from their exact f32 values.
  if (isa<ct::FToIOp>(op) && isScales(in[0].getType()))
    in[0] = decodeScales(l, in[0]);
  if (isa<ct::SelectOp>(op) && isScales(result)) {
    Type bytes = intLike(result, 8);
    Value onTrue = arith::BitcastOp::create(l.b, l.loc, bytes, in[1]);
    Value onFalse = arith::BitcastOp::create(l.b, l.loc, bytes, in[2]);
    Value picked = arith::SelectOp::create(l.b, l.loc, in[0], onTrue, onFalse);
    l.map1(op->getResult(0),
           arith::BitcastOp::create(l.b, l.loc, result, picked));
    return success();
  }
  Value lowered;
  if (special) {
    FailureOr<Value> v = lowerSpecial(l, op, in, result);
    if (failed(v))
      return l.fail(op, "no lowering");
    lowered = *v;
  } else {
    lowered = l.create1(direct, result, in, floatModifiers(l, op));
  }
  l.map1(op->getResult(0), lowered);
  return success();
}
