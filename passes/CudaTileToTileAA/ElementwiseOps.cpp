//===- ElementwiseOps.cpp - cuda_tile arithmetic and conversions ----------===//
//
// Float ops map to nv_tileaa (add/sub/mul/div/fma/sqrt/rsqrt/exp2) or to
// arith/math; integer ops and comparisons to arith. Rounding modes other
// than the default and flush_to_zero are not lowered yet (an error).
//
//===----------------------------------------------------------------------===//

#include "LoweringContext.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace tileiras::cuda_tile_lowering;
namespace ct = tileiras::cuda_tile;

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
      .Case("itof", isSigned ? "arith.sitofp" : "arith.uitofp")
      .Case("mulhii", "nv_tileaa.mulhiui")
      // Pointer casts (i64 addresses; the cuda_tile verifier checks it).
      .Case("int_to_ptr", "nv_tileaa.int_to_ptr")
      .Case("ptr_to_int", "nv_tileaa.ptr_to_int")
      .Case("ptr_to_ptr", "nv_tileaa.ptr_to_ptr")
      .Default("");
}

// Non-default rounding and flush_to_zero have no lowering yet.
static LogicalResult checkModifiers(Lowering &l, Operation *op) {
  if (op->hasAttr("flush_to_zero"))
    return l.fail(op, "flush_to_zero is not supported yet");
  auto rounding = op->getAttrOfType<IntegerAttr>("rounding");
  // divi's modes pick the upstream division op (lowerSpecial).
  if (!rounding || isa<ct::DivIOp>(op))
    return success();
  auto mode = static_cast<ct::Rounding>(rounding.getInt());
  StringRef name = op->getName().stripDialect();
  bool isDefault =
      mode == ct::Rounding::NearestEven ||
      (mode == ct::Rounding::Full && (name == "exp" || name == "tanh")) ||
      (mode == ct::Rounding::Zero && name == "divi") ||
      (mode == ct::Rounding::NearestIntToZero && name == "ftoi");
  // approx/full exp, tanh and divf are within the default's accuracy.
  bool approx = (mode == ct::Rounding::Approx || mode == ct::Rounding::Full) &&
                (name == "exp" || name == "tanh" || name == "divf");
  if (!isDefault && !approx)
    return l.fail(op, "rounding<" + ct::stringifyRounding(mode) +
                          "> is not supported yet");
  return success();
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
    return l.create1(upstream, result, in);
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
  if (name == "ftof") {
    unsigned from =
        getElementTypeOrSelf(in[0].getType()).getIntOrFloatBitWidth();
    unsigned to = getElementTypeOrSelf(result).getIntOrFloatBitWidth();
    return l.create1(from < to ? "arith.extf" : "arith.truncf", result, in);
  }
  return failure();
}

LogicalResult tileiras::cuda_tile_lowering::lowerElementwise(Lowering &l,
                                                             Operation *op,
                                                             bool &handled) {
  StringRef direct = directName(op);
  bool special = isa<ct::CmpFOp, ct::CmpIOp, ct::NegIOp, ct::MaxFOp, ct::MinFOp,
                     ct::DivIOp, ct::FToFOp, ct::ExpOp>(op);
  if (direct.empty() && !special)
    return success();
  handled = true;
  if (failed(checkModifiers(l, op)))
    return failure();
  SmallVector<Value> in;
  for (Value v : op->getOperands())
    in.push_back(l.lookup(v));
  Type result = l.convertType(op->getResult(0).getType());
  Value lowered;
  if (special) {
    FailureOr<Value> v = lowerSpecial(l, op, in, result);
    if (failed(v))
      return l.fail(op, "no lowering");
    lowered = *v;
  } else {
    lowered = l.create1(direct, result, in);
  }
  l.map1(op->getResult(0), lowered);
  return success();
}
