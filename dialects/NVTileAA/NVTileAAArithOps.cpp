//===- NVTileAAArithOps.cpp - float arithmetic, conversion and dot --------===//

#include "tileiras/Dialect/NVTileAA/NVTileAA.h"

#include "mlir/Dialect/CommonFolders.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"

#include <cmath>

using namespace mlir;
using namespace tileiras::nv_tileaa;

//===----------------------------------------------------------------------===//
// Rounding modes
//===----------------------------------------------------------------------===//

namespace {
constexpr RoundingMode kIEEEModes[] = {RoundingMode::rn, RoundingMode::rz,
                                       RoundingMode::rm, RoundingMode::rp};

/// Checks `mode` against the modes `allowed` for this op; `approx` and `full`
/// additionally need an element type the hardware approximations exist for.
LogicalResult verifyRounding(Operation *op, std::optional<RoundingMode> mode,
                             Type type, ArrayRef<RoundingMode> allowed,
                             bool approxOnF64 = false) {
  // `ftz` flushes f32 subnormal inputs and results (the .ftz instructions).
  if (op->hasAttr("ftz") && !getElementTypeOrSelf(type).isF32())
    return op->emitOpError("'ftz' requires f32, but the element type is ")
           << getElementTypeOrSelf(type);
  if (!mode)
    return success();
  if (!llvm::is_contained(allowed, *mode)) {
    auto diag = op->emitOpError()
                << "does not support rounding mode '"
                << stringifyRoundingMode(*mode) << "'; expected ";
    llvm::interleave(
        allowed, diag,
        [&](RoundingMode m) { diag << stringifyRoundingMode(m); }, ", ");
    return diag;
  }
  Type elementType = getElementTypeOrSelf(type);
  if (*mode == RoundingMode::approx && elementType.isF64() && !approxOnF64)
    return op->emitOpError("rounding mode 'approx' is not available for f64");
  if (*mode == RoundingMode::full && !elementType.isF32())
    return op->emitOpError() << "rounding mode 'full' requires f32, but the "
                                "element type is "
                             << elementType;
  return success();
}

/// The APFloat rounding of an IEEE mode; none for the approximate ones,
/// which are never constant-folded.
std::optional<llvm::RoundingMode>
toAPFloatRounding(std::optional<RoundingMode> mode) {
  switch (mode.value_or(RoundingMode::rn)) {
  case RoundingMode::rn:
    return llvm::RoundingMode::NearestTiesToEven;
  case RoundingMode::rz:
    return llvm::RoundingMode::TowardZero;
  case RoundingMode::rm:
    return llvm::RoundingMode::TowardNegative;
  case RoundingMode::rp:
    return llvm::RoundingMode::TowardPositive;
  case RoundingMode::approx:
  case RoundingMode::full:
    return std::nullopt;
  }
  llvm_unreachable("unknown rounding mode");
}

using ElementFn =
    function_ref<std::optional<APFloat>(ArrayRef<APFloat> operands)>;

/// Elementwise constant folding over float scalars, splats and dense tiles
/// (all operands of one kind).
Attribute foldFloatElementwise(ArrayRef<Attribute> operands, Type resultType,
                               ElementFn fn) {
  if (llvm::any_of(operands, [](Attribute a) { return !a; }))
    return {};
  if (llvm::all_of(operands, [](Attribute a) { return isa<FloatAttr>(a); })) {
    SmallVector<APFloat> values;
    for (Attribute a : operands)
      values.push_back(cast<FloatAttr>(a).getValue());
    std::optional<APFloat> result = fn(values);
    if (!result)
      return {};
    return FloatAttr::get(resultType, *result);
  }
  auto shaped = dyn_cast<ShapedType>(resultType);
  if (!shaped || !llvm::all_of(operands, [](Attribute a) {
        return isa<DenseFPElementsAttr>(a);
      }))
    return {};
  if (llvm::all_of(operands, [](Attribute a) {
        return cast<DenseElementsAttr>(a).isSplat();
      })) {
    SmallVector<APFloat> values;
    for (Attribute a : operands)
      values.push_back(cast<DenseElementsAttr>(a).getSplatValue<APFloat>());
    std::optional<APFloat> result = fn(values);
    if (!result)
      return {};
    return DenseElementsAttr::get(shaped, *result);
  }
  int64_t numElements = shaped.getNumElements();
  SmallVector<SmallVector<APFloat>> columns;
  for (Attribute a : operands) {
    auto dense = cast<DenseElementsAttr>(a);
    if (dense.getNumElements() != numElements)
      return {};
    columns.push_back(llvm::to_vector(dense.getValues<APFloat>()));
  }
  SmallVector<APFloat> results;
  results.reserve(numElements);
  SmallVector<APFloat> values;
  for (int64_t i = 0; i < numElements; ++i) {
    values.clear();
    for (auto &column : columns)
      values.push_back(column[i]);
    std::optional<APFloat> result = fn(values);
    if (!result)
      return {};
    results.push_back(*result);
  }
  return DenseElementsAttr::get(shaped, results);
}

using BinaryFn = APFloat::opStatus (APFloat::*)(const APFloat &,
                                                llvm::RoundingMode);

template <typename OpTy>
OpFoldResult foldFloatBinary(OpTy op, ArrayRef<Attribute> operands,
                             BinaryFn fn) {
  std::optional<llvm::RoundingMode> rounding =
      toAPFloatRounding(op.getRoundingMode());
  if (!rounding || op.getFtz())
    return {};
  return foldFloatElementwise(
      operands, op.getType(),
      [&](ArrayRef<APFloat> values) -> std::optional<APFloat> {
        APFloat result = values[0];
        (result.*fn)(values[1], *rounding);
        return result;
      });
}
} // namespace

//===----------------------------------------------------------------------===//
// addf / subf / mulf / divf / fma
//===----------------------------------------------------------------------===//

LogicalResult AddFOp::verify() {
  return verifyRounding(*this, getRoundingMode(), getType(), kIEEEModes);
}
LogicalResult SubFOp::verify() {
  return verifyRounding(*this, getRoundingMode(), getType(), kIEEEModes);
}
LogicalResult MulFOp::verify() {
  return verifyRounding(*this, getRoundingMode(), getType(), kIEEEModes);
}
LogicalResult DivFOp::verify() {
  static constexpr RoundingMode modes[] = {
      RoundingMode::rn, RoundingMode::rz,     RoundingMode::rm,
      RoundingMode::rp, RoundingMode::approx, RoundingMode::full};
  return verifyRounding(*this, getRoundingMode(), getType(), modes);
}
LogicalResult FmaOp::verify() {
  return verifyRounding(*this, getRoundingMode(), getType(), kIEEEModes);
}

OpFoldResult AddFOp::fold(FoldAdaptor adaptor) {
  return foldFloatBinary(*this, adaptor.getOperands(), &APFloat::add);
}
OpFoldResult SubFOp::fold(FoldAdaptor adaptor) {
  return foldFloatBinary(*this, adaptor.getOperands(), &APFloat::subtract);
}
OpFoldResult MulFOp::fold(FoldAdaptor adaptor) {
  return foldFloatBinary(*this, adaptor.getOperands(), &APFloat::multiply);
}
OpFoldResult DivFOp::fold(FoldAdaptor adaptor) {
  return foldFloatBinary(*this, adaptor.getOperands(), &APFloat::divide);
}

OpFoldResult FmaOp::fold(FoldAdaptor adaptor) {
  std::optional<llvm::RoundingMode> rounding =
      toAPFloatRounding(getRoundingMode());
  if (!rounding || getFtz())
    return {};
  return foldFloatElementwise(
      adaptor.getOperands(), getType(),
      [&](ArrayRef<APFloat> values) -> std::optional<APFloat> {
        APFloat result = values[0];
        result.fusedMultiplyAdd(values[1], values[2], *rounding);
        return result;
      });
}

//===----------------------------------------------------------------------===//
// sqrt / rsqrt / exp2
//===----------------------------------------------------------------------===//

LogicalResult SqrtOp::verify() {
  static constexpr RoundingMode modes[] = {RoundingMode::rn, RoundingMode::rz,
                                           RoundingMode::rm, RoundingMode::rp,
                                           RoundingMode::approx};
  return verifyRounding(*this, getRoundingMode(), getType(), modes);
}

// rsqrt and exp2 have no correctly rounded hardware form: without a rounding
// mode they are accurate to a few ulp, `approx` asks for the fast
// approximation.
LogicalResult RsqrtOp::verify() {
  return verifyRounding(*this, getRoundingMode(), getType(),
                        {RoundingMode::approx}, /*approxOnF64=*/true);
}
LogicalResult Exp2Op::verify() {
  return verifyRounding(*this, getRoundingMode(), getType(),
                        {RoundingMode::approx});
}

namespace {
/// The square root of `x` rounded to nearest even, or none when it cannot be
/// guaranteed (or is a NaN, whose payload the hardware decides). The host's
/// double sqrt gives a candidate; it is accepted only if x lies strictly
/// between the squares of the midpoints to the candidate's neighbours,
/// checked exactly in binary128: a midpoint has at most 54 significant bits,
/// its square at most 108, within binary128's 113. So the fold is correctly
/// rounded for f16, bf16, f32 and f64 whatever the host library does.
std::optional<APFloat> sqrtNearestEven(const APFloat &x) {
  if (x.isNaN() || (x.isNegative() && !x.isZero()))
    return std::nullopt;
  if (x.isZero() || x.isInfinity())
    return x;
  const llvm::fltSemantics &semantics = x.getSemantics();
  if (APFloat::semanticsPrecision(semantics) > 53)
    return std::nullopt;
  constexpr auto rne = llvm::RoundingMode::NearestTiesToEven;
  bool losesInfo = false;
  APFloat wide = x;
  if (wide.convert(APFloat::IEEEdouble(), rne, &losesInfo) != APFloat::opOK)
    return std::nullopt;
  APFloat root(std::sqrt(wide.convertToDouble()));
  root.convert(semantics, rne, &losesInfo);
  if (!root.isFiniteNonZero())
    return std::nullopt;

  auto toQuad = [&](APFloat value) {
    value.convert(APFloat::IEEEquad(), rne, &losesInfo);
    return value;
  };
  // The exact square of the midpoint between the root and its neighbour
  // below (up = false) or above (up = true); none if any step is inexact.
  auto midpointSquare = [&](bool up) -> std::optional<APFloat> {
    APFloat neighbour = root;
    neighbour.next(/*nextDown=*/!up);
    if (!neighbour.isFinite())
      return std::nullopt;
    APFloat mid = toQuad(root);
    if (mid.add(toQuad(neighbour), rne) != APFloat::opOK ||
        mid.divide(APFloat(APFloat::IEEEquad(), 2), rne) != APFloat::opOK ||
        mid.multiply(APFloat(mid), rne) != APFloat::opOK)
      return std::nullopt;
    return mid;
  };
  std::optional<APFloat> below = midpointSquare(/*up=*/false);
  std::optional<APFloat> above = midpointSquare(/*up=*/true);
  APFloat exact = toQuad(x);
  if (!below || !above || below->compare(exact) != APFloat::cmpLessThan ||
      exact.compare(*above) != APFloat::cmpLessThan)
    return std::nullopt;
  return root;
}
} // namespace

// Only the correctly rounded default (no rounding mode, or rn) folds.
OpFoldResult SqrtOp::fold(FoldAdaptor adaptor) {
  if ((getRoundingMode() && *getRoundingMode() != RoundingMode::rn) || getFtz())
    return {};
  return foldFloatElementwise(
      adaptor.getOperands(), getType(),
      [](ArrayRef<APFloat> values) { return sqrtNearestEven(values[0]); });
}

//===----------------------------------------------------------------------===//
// ClampFOp / MulHiUIOp
//===----------------------------------------------------------------------===//

namespace {
/// maxnum/minnum of a non-NaN `x` and a bound, as the lowering computes them
/// (llvm.maxnum/llvm.minnum): a quiet NaN bound is ignored. None where the
/// result is not fixed: a signalling NaN bound, or zeros of opposite sign.
std::optional<APFloat> clampStep(const APFloat &x, const APFloat &bound,
                                 bool isMax) {
  if (bound.isSignaling())
    return std::nullopt;
  if (bound.isNaN())
    return x;
  if (x.isZero() && bound.isZero() && x.isNegative() != bound.isNegative())
    return std::nullopt;
  APFloat::cmpResult order = x.compare(bound);
  if (isMax)
    return order == APFloat::cmpLessThan ? bound : x;
  return order == APFloat::cmpGreaterThan ? bound : x;
}
} // namespace

// clampf(x, lo, hi) = minnum(maxnum(x, lo), hi), a NaN x passed through
// unchanged (docs/language.md).
OpFoldResult ClampFOp::fold(FoldAdaptor adaptor) {
  return foldFloatElementwise(
      adaptor.getOperands(), getType(),
      [](ArrayRef<APFloat> values) -> std::optional<APFloat> {
        const APFloat &x = values[0];
        if (x.isNaN())
          return x;
        std::optional<APFloat> low = clampStep(x, values[1], /*isMax=*/true);
        if (!low)
          return std::nullopt;
        return clampStep(*low, values[2], /*isMax=*/false);
      });
}

OpFoldResult MulHiUIOp::fold(FoldAdaptor adaptor) {
  // The product with 0 or 1 never reaches the upper half.
  if (matchPattern(getLhs(), m_Zero()) || matchPattern(getRhs(), m_Zero()) ||
      matchPattern(getLhs(), m_One()) || matchPattern(getRhs(), m_One()))
    return Builder(getContext()).getZeroAttr(getType());
  return constFoldBinaryOp<IntegerAttr, APInt, /*PoisonAttr=*/void>(
      adaptor.getOperands(), [](const APInt &lhs, const APInt &rhs) {
        return llvm::APIntOps::mulhu(lhs, rhs);
      });
}

//===----------------------------------------------------------------------===//
// FpToFpOp
//===----------------------------------------------------------------------===//

LogicalResult FpToFpOp::verify() {
  Type srcType = getSrc().getType(), resultType = getResult().getType();
  if (!isScalarOrTile(srcType) || !isFloatType(getElementTypeOrSelf(srcType)))
    return emitOpError("fp_to_fp source element type is not supported");
  if (!isScalarOrTile(resultType) ||
      !isFloatType(getElementTypeOrSelf(resultType)))
    return emitOpError("fp_to_fp result element type is not supported");
  if (isa<RankedTensorType>(srcType) != isa<RankedTensorType>(resultType) ||
      getShapeOrEmpty(srcType) != getShapeOrEmpty(resultType))
    return emitOpError() << "result " << resultType
                         << " must have the shape of the source " << srcType;
  if (failed(verifyRounding(*this, getRoundingMode(), resultType, kIEEEModes)))
    return failure();
  // The f8 conversions of the hardware round to nearest only.
  Type resultElement = getElementTypeOrSelf(resultType);
  if (getRoundingMode() && *getRoundingMode() != RoundingMode::rn &&
      isa<Float8E4M3FNType, Float8E5M2Type>(resultElement))
    return emitOpError() << "conversion to " << resultElement
                         << " supports only rounding mode 'rn'";
  return success();
}

OpFoldResult FpToFpOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  std::optional<llvm::RoundingMode> rounding =
      toAPFloatRounding(getRoundingMode());
  auto resultElement = dyn_cast<FloatType>(getElementTypeOrSelf(getType()));
  if (!rounding || !resultElement)
    return {};
  const llvm::fltSemantics &semantics = resultElement.getFloatSemantics();
  // Only exact conversions fold: no rounding, no NaN payload questions.
  return foldFloatElementwise(
      adaptor.getSrc(), getType(),
      [&](ArrayRef<APFloat> values) -> std::optional<APFloat> {
        APFloat value = values[0];
        if (value.isNaN())
          return std::nullopt;
        bool losesInfo = false;
        APFloat::opStatus status =
            value.convert(semantics, *rounding, &losesInfo);
        if (status != APFloat::opOK || losesInfo)
          return std::nullopt;
        return value;
      });
}

//===----------------------------------------------------------------------===//
// DotOp
//===----------------------------------------------------------------------===//

namespace {
bool isF8(Type type) { return isa<Float8E4M3FNType, Float8E5M2Type>(type); }
} // namespace

// Element-type checks come first, in the order of the reference
// implementation (homogeneity, integer width and signedness, accumulator
// type), then the shapes (result rank, A/B, C).
LogicalResult DotOp::verify() {
  RankedTensorType aType = getA().getType(), bType = getB().getType(),
                   cType = getC().getType(), dType = getD().getType();
  Type a = aType.getElementType(), b = bType.getElementType(),
       c = cType.getElementType(), d = dType.getElementType();

  bool allInt = llvm::all_of(ArrayRef<Type>{a, b, c, d},
                             [](Type t) { return isa<IntegerType>(t); });
  bool allFloat = llvm::all_of(ArrayRef<Type>{a, b, c, d},
                               [](Type t) { return isa<FloatType>(t); });
  if (!allInt && !allFloat)
    return emitOpError("expected the element types of A, B, C, and D to be "
                       "either all integers or all floats.");

  if (allInt) {
    if (a.getIntOrFloatBitWidth() != b.getIntOrFloatBitWidth())
      return emitOpError() << "expects #A and #B have same bit width but got "
                           << a.getIntOrFloatBitWidth() << " vs "
                           << b.getIntOrFloatBitWidth();
    if (!getSignednessA())
      return emitOpError("expect signedness attribute for operand A");
    if (!getSignednessB())
      return emitOpError("expect signedness attribute for operand B");
    if (!a.isInteger(8))
      return emitOpError() << "integer dot expects i8 operands #A and #B, but "
                              "got "
                           << a;
    if (!c.isSignlessInteger(32))
      return emitOpError() << "integer dot expects an i32 accumulator #C, but "
                              "got "
                           << c;
    if (getPropagateNan())
      return emitOpError("propagate_nan applies only to floating-point dot");
  } else {
    // f64 operands accumulate in f64, f16 ones in f32 or f16 (mma.sync has
    // both forms); every other float input in f32.
    bool f16Accumulator = a.isF16() && b.isF16() && c.isF16();
    if (a.isF64() && b.isF64()) {
      if (!c.isF64())
        return emitOpError() << "expects #C element type to be f64 for f64 "
                                "operands, but got "
                             << c;
    } else if (!c.isF32() && !f16Accumulator) {
      return emitOpError() << "expects #C element type to be f32, but got "
                           << c;
    }
    // f8 inputs may mix the two formats; everything else must agree.
    if (a != b && !(isF8(a) && isF8(b)))
      return emitOpError() << "expects #A and #B to have the same element "
                              "type, but got "
                           << a << " vs " << b;
    // The tile rules already limit floats to f16, bf16, tf32, f32, f64 and
    // the two f8 formats, all of which dot accepts.
    if (getSignednessA() || getSignednessB())
      return emitOpError("signedness attributes apply only to integer dot");
  }
  if (d != c)
    return emitOpError() << "expects result #D element type to equal #C "
                            "element type "
                         << c << ", but got " << d;

  int64_t rank = dType.getRank();
  if (rank != 2 && rank != 3)
    return emitOpError() << "expects rank-2 or rank-3 tensor for result, but "
                            "got ("
                         << rank << ")";
  if (aType.getRank() != rank || bType.getRank() != rank ||
      cType.getRank() != rank)
    return emitOpError() << "expects #A, #B and #C to have the rank of the "
                            "result ("
                         << rank << ")";

  // A: [batch,] M x K; B: [batch,] K x N; C and D: [batch,] M x N.
  ArrayRef<int64_t> aShape = aType.getShape(), bShape = bType.getShape();
  bool batchOk = rank == 2 || aShape[0] == bShape[0];
  if (!batchOk || aShape[rank - 1] != bShape[rank - 2])
    return emitOpError(
        "expects the shape of operand #A and #B to be compatible");
  SmallVector<int64_t> expected(aShape.drop_back());
  expected.push_back(bShape[rank - 1]);
  if (cType.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError(
        "expects the shape of operand #C is compatible with operands #A and "
        "#B");
  if (dType.getShape() != cType.getShape())
    return emitOpError("expects result #D to have the shape of #C");
  return success();
}

//===----------------------------------------------------------------------===//
// DotScaledOp
//===----------------------------------------------------------------------===//

/// The operand types of a dot_scaled: FP8, or i8 bytes of packed FP4 where
/// the operand's format attribute says so.
static LogicalResult verifyScaledOperands(DotScaledOp op) {
  for (unsigned i = 0; i < 2; ++i) {
    const char *name = i == 0 ? "#A" : "#B";
    Type element = (i == 0 ? op.getA() : op.getB()).getType().getElementType();
    TypeAttr format = i == 0 ? op.getAFormatAttr() : op.getBFormatAttr();
    if (!format && op.isFp4Bytes(i))
      return op.emitOpError()
             << "expects " << (i == 0 ? "a_unpacked" : "b_unpacked")
             << " only with " << (i == 0 ? "a_format" : "b_format")
             << " = f4E2M1FN";
    if (!format) {
      if (!isF8(element))
        return op.emitOpError()
               << "expects " << name << " to be f8E4M3FN or f8E5M2, but got "
               << element;
      continue;
    }
    if (!isa<Float4E2M1FNType>(format.getValue()))
      return op.emitOpError()
             << "expects " << (i == 0 ? "a_format" : "b_format")
             << " to be f4E2M1FN (the packed format), but got " << format;
    if (!element.isInteger(8))
      return op.emitOpError()
             << "expects " << name << " to be an i8 tile of "
             << (op.isFp4Bytes(i) ? "f4E2M1FN values one a byte"
                                  : "packed f4E2M1FN pairs")
             << ", but got " << element;
  }
  return success();
}

/// The scale block V = K / (scale columns) each operand/scale type allows:
/// 32 for FP8 operands; 16 or 32 (f8E8M0FNU) and 16 (f8E4M3FN) for FP4.
static LogicalResult verifyScaleBlock(DotScaledOp op, int64_t m, int64_t k,
                                      int64_t n) {
  RankedTensorType sa = op.getAScale().getType(), sb = op.getBScale().getType();
  bool e4m3 = isa<Float8E4M3FNType>(sa.getElementType());
  SmallVector<int64_t, 2> allowed;
  if (!op.isFp4())
    allowed = {DotScaledOp::kScaleBlock};
  else if (e4m3)
    allowed = {16};
  else
    allowed = {32, 16};
  for (int64_t block : allowed) {
    if (k % block != 0)
      continue;
    if (sa.getShape() == ArrayRef<int64_t>{m, k / block} &&
        sb.getShape() == ArrayRef<int64_t>{k / block, n})
      return success();
  }
  int64_t block = allowed.front();
  if (k % block != 0)
    return op.emitOpError()
           << "expects K to be a multiple of " << block << " (one scale per "
           << block << " elements), but got " << k;
  auto diag = op.emitOpError() << "expects scales of shapes [" << m << ", "
                               << k / block << "] and [" << k / block << ", "
                               << n << "] (one per " << block << " K elements)";
  if (allowed.size() > 1 && k % 16 == 0)
    diag << " or [" << m << ", " << k / 16 << "] and [" << k / 16 << ", " << n
         << "] (one per 16)";
  return diag << ", but got [" << sa.getShape() << "] and [" << sb.getShape()
              << "]";
}

// Types first (operands, scales, accumulator), then the shapes.
LogicalResult DotScaledOp::verify() {
  RankedTensorType aType = getA().getType(), bType = getB().getType(),
                   saType = getAScale().getType(),
                   sbType = getBScale().getType(), cType = getC().getType();
  if (failed(verifyScaledOperands(*this)))
    return failure();
  for (auto [name, type] : {std::pair{"A", saType}, {"B", sbType}})
    if (!isa<Float8E8M0FNUType, Float8E4M3FNType>(type.getElementType()) ||
        (!isFp4() && !isa<Float8E8M0FNUType>(type.getElementType())))
      return emitOpError() << "expects the scales of " << name << " to be "
                           << (isFp4() ? "f8E8M0FNU or f8E4M3FN" : "f8E8M0FNU")
                           << ", but got " << type.getElementType();
  if (saType.getElementType() != sbType.getElementType())
    return emitOpError() << "expects the scales of A and B to have one type, "
                            "but got "
                         << saType.getElementType() << " and "
                         << sbType.getElementType();
  if (!cType.getElementType().isF32() || getType() != cType)
    return emitOpError("expects #C and the result to be the same f32 tile");
  if (aType.getRank() != 2 || bType.getRank() != 2 || cType.getRank() != 2 ||
      saType.getRank() != 2 || sbType.getRank() != 2)
    return emitOpError("expects rank-2 operands, scales and accumulator");
  int64_t m = aType.getDimSize(0), k = getK(), n = bType.getDimSize(1);
  int64_t kB = bType.getDimSize(0) * (isPackedFp4(1) ? 2 : 1);
  if (kB != k || cType.getDimSize(0) != m || cType.getDimSize(1) != n)
    return emitOpError() << "expects A (M x K), B (K x N) and C (M x N)"
                         << (isPackedFp4(0) || isPackedFp4(1)
                                 ? " (a packed FP4 operand has K/2 bytes)"
                                 : "")
                         << ", but got [" << aType.getShape() << "], ["
                         << bType.getShape() << "] and [" << cType.getShape()
                         << "]";
  return verifyScaleBlock(*this, m, k, n);
}

namespace {
/// The most multiply-adds a constant integer dot is folded with, so that
/// folding stays cheap.
constexpr int64_t kMaxFoldedDotMacs = int64_t(1) << 24;

/// D = A * B + C on constant i8 operands (extended by their signedness) and
/// an i32 accumulator, wrapping modulo 2^32 as the hardware accumulates.
/// Integer arithmetic is exact, so the order of the additions is irrelevant.
Attribute foldIntegerDot(Attribute aAttr, Attribute bAttr, Attribute cAttr,
                         bool aSigned, bool bSigned, RankedTensorType type) {
  auto a = dyn_cast_if_present<DenseIntElementsAttr>(aAttr);
  auto b = dyn_cast_if_present<DenseIntElementsAttr>(bAttr);
  auto c = dyn_cast_if_present<DenseIntElementsAttr>(cAttr);
  if (!a || !b || !c)
    return {};
  ArrayRef<int64_t> aShape = a.getType().getShape();
  ArrayRef<int64_t> bShape = b.getType().getShape();
  int64_t rank = type.getRank();
  int64_t batch = rank == 3 ? aShape[0] : 1;
  int64_t m = aShape[rank - 2], k = aShape[rank - 1], n = bShape[rank - 1];
  if (batch * m * n * k > kMaxFoldedDotMacs)
    return {};
  auto extend = [](DenseIntElementsAttr attr, bool isSigned) {
    SmallVector<int64_t> values;
    values.reserve(attr.getNumElements());
    for (const APInt &value : attr.getValues<APInt>())
      values.push_back(isSigned ? value.getSExtValue()
                                : static_cast<int64_t>(value.getZExtValue()));
    return values;
  };
  SmallVector<int64_t> av = extend(a, aSigned), bv = extend(b, bSigned),
                       cv = extend(c, /*isSigned=*/true);
  SmallVector<APInt> result;
  result.reserve(batch * m * n);
  for (int64_t p = 0; p < batch; ++p)
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        // Products of i8 values fit in 16 bits and at most 2^24 of them are
        // summed, so the 64-bit sum is exact before it wraps to 32 bits.
        int64_t sum = cv[(p * m + i) * n + j];
        for (int64_t q = 0; q < k; ++q)
          sum += av[(p * m + i) * k + q] * bv[(p * k + q) * n + j];
        result.push_back(APInt(32, static_cast<uint64_t>(sum),
                               /*isSigned=*/false, /*implicitTrunc=*/true));
      }
  return DenseElementsAttr::get(type, result);
}
} // namespace

// A zero multiplicand makes the product zero, so D = C. For floats this
// ignores NaN/Inf in the other operand, which the language allows unless
// propagate_nan is set (docs/language.md). An integer dot of constants
// folds to its value; a float one does not, since the hardware's
// accumulation order and precision are unspecified.
OpFoldResult DotOp::fold(FoldAdaptor adaptor) {
  bool isFloat = isa<FloatType>(getType().getElementType());
  if (isFloat && getPropagateNan())
    return {};
  auto isZero = [&](Value v) {
    return isFloat ? matchPattern(v, m_AnyZeroFloat())
                   : matchPattern(v, m_Zero());
  };
  if (getC().getType() == getType() && (isZero(getA()) || isZero(getB())))
    return getC();
  if (isFloat || !getSignednessA() || !getSignednessB())
    return {};
  return foldIntegerDot(adaptor.getA(), adaptor.getB(), adaptor.getC(),
                        *getSignednessA() == Signedness::Signed,
                        *getSignednessB() == Signedness::Signed, getType());
}
