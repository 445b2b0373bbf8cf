//===- NVTileAAFuncOps.cpp - functions, regions, debugging ops ------------===//
//
// func / call / return, the region ops reduce and scan with their yield, and
// the op-level helpers assert, print, assume and the memory tokens.
//
//===----------------------------------------------------------------------===//

#include "tileiras/Dialect/NVTileAA/NVTileAA.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/InterleavedRange.h"

using namespace mlir;
using namespace tileiras::nv_tileaa;

//===----------------------------------------------------------------------===//
// FuncOp
//===----------------------------------------------------------------------===//

void FuncOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                   FunctionType type, ArrayRef<NamedAttribute> attrs,
                   ArrayRef<DictionaryAttr> argAttrs) {
  state.addAttribute(SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  state.addAttribute(getFunctionTypeAttrName(state.name), TypeAttr::get(type));
  state.attributes.append(attrs.begin(), attrs.end());
  state.addRegion();
  if (argAttrs.empty())
    return;
  assert(type.getNumInputs() == argAttrs.size());
  call_interface_impl::addArgAndResultAttrs(
      builder, state, argAttrs, /*resultAttrs=*/{},
      getArgAttrsAttrName(state.name), getResAttrsAttrName(state.name));
}

ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildFuncType =
      [](Builder &builder, ArrayRef<Type> argTypes, ArrayRef<Type> results,
         function_interface_impl::VariadicFlag,
         std::string &) { return builder.getFunctionType(argTypes, results); };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      getFunctionTypeAttrName(result.name), buildFuncType,
      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void FuncOp::print(OpAsmPrinter &p) {
  function_interface_impl::printFunctionOp(
      p, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}

KernelSpecAttr FuncOp::getKernelSpec() {
  return (*this)->getAttrOfType<KernelSpecAttr>(
      NVTileAADialect::kKernelSpecAttrName);
}

LogicalResult FuncOp::verify() {
  if (isExternal())
    return emitOpError("expects a body; external nv_tileaa.func declarations "
                       "are not supported");
  auto emit = [this]() { return emitOpError(); };
  for (auto [index, type] : llvm::enumerate(getArgumentTypes()))
    if (failed(verifyTileType(emit, type, "argument #" + Twine(index).str())))
      return failure();
  for (auto [index, type] : llvm::enumerate(getResultTypes()))
    if (failed(verifyTileType(emit, type, "result #" + Twine(index).str())))
      return failure();
  // A launcher builds a kernel's tensor maps from what the attribute says.
  if (isKernel())
    for (auto [index, type] : llvm::enumerate(getArgumentTypes()))
      if (isa<TensorMapType>(type) &&
          !getArgAttr(index, "nv_tileaa.tensor_map"))
        return emitOpError() << "kernel argument #" << index
                             << " is a !nv_tileaa.tensor_map without the "
                                "'nv_tileaa.tensor_map' attribute that says "
                                "what the launcher encodes";
  return success();
}

// Values produced by other dialects' ops (arith, math, scf, ...) inside a
// function must be valid tiles too; nv_tileaa ops check their own operands
// and results. With the signature checked in verify(), every value in the
// body is covered: block arguments only receive values of these types.
LogicalResult FuncOp::verifyRegions() {
  Dialect *self = getOperation()->getDialect();
  WalkResult walk = getBody().walk([&](Operation *op) {
    if (op->getDialect() == self)
      return WalkResult::advance();
    auto emit = [op]() { return op->emitOpError(); };
    for (auto [index, type] : llvm::enumerate(op->getResultTypes()))
      if (failed(verifyTileType(emit, type, "result #" + Twine(index).str())))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// ReturnOp
//===----------------------------------------------------------------------===//

LogicalResult ReturnOp::verify() {
  auto function = cast<FuncOp>((*this)->getParentOp());
  ArrayRef<Type> results = function.getResultTypes();
  if (getNumOperands() != results.size())
    return emitOpError() << "returns " << getNumOperands()
                         << " value(s), but the enclosing function @"
                         << function.getName() << " has " << results.size()
                         << " result(s)";
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip(getOperandTypes(), results))) {
    auto [actual, expected] = pair;
    if (actual != expected)
      return emitOpError() << "operand #" << index << " has type " << actual
                           << ", but the enclosing function @"
                           << function.getName() << " returns " << expected;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// CallOp
//===----------------------------------------------------------------------===//

FunctionType CallOp::getCalleeType() {
  return FunctionType::get(getContext(), getOperandTypes(), getResultTypes());
}

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  FlatSymbolRefAttr callee = getCalleeAttr();
  auto fn = symbolTable.lookupNearestSymbolFrom<FuncOp>(*this, callee);
  if (!fn)
    return emitOpError() << "'" << callee.getValue()
                         << "' does not reference a valid nv_tileaa.func";
  if (fn.isKernel())
    return emitOpError() << "cannot call kernel @" << callee.getValue()
                         << "; only device functions (without "
                         << NVTileAADialect::kKernelSpecAttrName
                         << ") can be called";
  FunctionType fnType = fn.getFunctionType();
  if (fnType.getNumInputs() != getNumOperands())
    return emitOpError() << "passes " << getNumOperands()
                         << " operand(s), but @" << callee.getValue()
                         << " takes " << fnType.getNumInputs();
  for (unsigned i = 0, e = fnType.getNumInputs(); i != e; ++i)
    if (getOperand(i).getType() != fnType.getInput(i))
      return emitOpError() << "operand #" << i << " has type "
                           << getOperand(i).getType() << ", but @"
                           << callee.getValue() << " expects "
                           << fnType.getInput(i);
  if (fnType.getNumResults() != getNumResults())
    return emitOpError() << "expects " << getNumResults() << " result(s), but @"
                         << callee.getValue() << " returns "
                         << fnType.getNumResults();
  for (unsigned i = 0, e = fnType.getNumResults(); i != e; ++i)
    if (getResult(i).getType() != fnType.getResult(i))
      return emitOpError() << "result #" << i << " has type "
                           << getResult(i).getType() << ", but @"
                           << callee.getValue() << " returns "
                           << fnType.getResult(i);
  return success();
}

//===----------------------------------------------------------------------===//
// ReduceOp / ScanOp
//===----------------------------------------------------------------------===//

namespace {
LogicalResult verifyAxis(Operation *op, int64_t axis, int64_t rank) {
  if (axis < 0 || axis >= rank)
    return op->emitOpError()
           << "axis " << axis << " is out of range for a rank-" << rank
           << " tile; expected 0 <= axis < " << rank;
  return success();
}

std::string typeListString(TypeRange types) {
  std::string str;
  llvm::raw_string_ostream os(str);
  os << "(";
  llvm::interleaveComma(types, os);
  os << ")";
  return str;
}

// The combiner takes two scalars of the element type and yields one. The
// terminator is checked here rather than with a trait so that the message is
// the one users of the dialect know.
LogicalResult verifyCombiner(Operation *op, Region &region, Type elementType) {
  Block &block = region.front();
  if (block.empty() || !isa<YieldOp>(block.back()))
    return op->emitOpError("expects regions to end with 'nv_tileaa.yield'");
  TypeRange argTypes = block.getArgumentTypes();
  if (argTypes.size() != 2 || argTypes[0] != elementType ||
      argTypes[1] != elementType)
    return op->emitOpError()
           << "combiner region must take two arguments of "
              "the element type "
           << elementType << ", but takes " << typeListString(argTypes);
  auto yield = cast<YieldOp>(block.back());
  TypeRange yielded = yield.getValues().getTypes();
  if (yielded.size() != 1 || yielded[0] != elementType)
    return yield.emitOpError()
           << "must yield one value of the element type " << elementType
           << ", but yields " << typeListString(yielded);
  return success();
}
} // namespace

LogicalResult ReduceOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  int64_t axis = getAxisAttr().getInt();
  if (failed(verifyAxis(*this, axis, srcType.getRank())))
    return failure();
  SmallVector<int64_t> shape(srcType.getShape());
  shape.erase(shape.begin() + axis);
  Type elementType = srcType.getElementType();
  Type resultType = getResult().getType();
  if (shape.empty()) {
    if (resultType != elementType)
      return emitOpError() << "reducing a 1-D tile yields the scalar "
                           << elementType << ", but the result type is "
                           << resultType;
  } else {
    auto resultTile = dyn_cast<RankedTensorType>(resultType);
    if (!resultTile || resultTile.getShape() != ArrayRef<int64_t>(shape) ||
        resultTile.getElementType() != elementType)
      return emitOpError() << "result type " << resultType
                           << " does not match the source with axis " << axis
                           << " removed (shape "
                           << llvm::interleaved_array(shape)
                           << ", element type " << elementType << ")";
  }
  return verifyCombiner(*this, getCombiner(), elementType);
}

LogicalResult ScanOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  if (failed(verifyAxis(*this, getAxisAttr().getInt(), srcType.getRank())))
    return failure();
  RankedTensorType resultType = getResult().getType();
  if (resultType.getShape() != srcType.getShape() ||
      resultType.getElementType() != srcType.getElementType())
    return emitOpError() << "result type " << resultType
                         << " must have the shape and element type of the "
                            "source "
                         << srcType;
  return verifyCombiner(*this, getCombiner(), srcType.getElementType());
}

//===----------------------------------------------------------------------===//
// AssertOp
//===----------------------------------------------------------------------===//

namespace {
/// An assert whose condition is a constant true everywhere never fires.
struct EraseTrueAssert : OpRewritePattern<AssertOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AssertOp op,
                                PatternRewriter &rewriter) const override {
    if (!matchPattern(op.getCondition(), m_One()))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void AssertOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                           MLIRContext *context) {
  results.add<EraseTrueAssert>(context);
}

//===----------------------------------------------------------------------===//
// PrintOp
//===----------------------------------------------------------------------===//

LogicalResult PrintOp::verify() {
  StringRef format = getFormat();
  ArrayRef<int64_t> tileShape;
  for (auto [index, type] : llvm::enumerate(getArgs().getTypes())) {
    if (!isScalarValueType(getElementTypeOrSelf(type)) || !isScalarOrTile(type))
      return emitOpError() << "operand #" << index
                           << " must be an integer, float or pointer scalar "
                              "or tile, but got "
                           << type;
    auto tile = dyn_cast<RankedTensorType>(type);
    if (!tile)
      continue;
    if (!tileShape.empty() && tile.getShape() != tileShape)
      return emitOpError() << "tile operands must all have the same shape, "
                              "but operand #"
                           << index << " has type " << type;
    tileShape = tile.getShape();
  }

  // Walk the printf-style conversions: %[flags][width][.precision][length]c.
  unsigned conversion = 0;
  for (size_t i = 0, e = format.size(); i < e; ++i) {
    if (format[i] != '%')
      continue;
    size_t start = i++;
    if (i < e && format[i] == '%')
      continue;
    while (i < e && StringRef("-+ #0").contains(format[i]))
      ++i;
    while (i < e && llvm::isDigit(format[i]))
      ++i;
    if (i < e && format[i] == '.') {
      ++i;
      while (i < e && llvm::isDigit(format[i]))
        ++i;
    }
    while (i < e && StringRef("hlLqjzt").contains(format[i]))
      ++i;
    if (i == e)
      return emitOpError() << "format string ends inside the conversion "
                              "specifier at offset "
                           << start;
    char c = format[i];
    StringRef spec = format.slice(start, i + 1);
    enum { Int, Float, Pointer } kind;
    if (StringRef("diouxXc").contains(c))
      kind = Int;
    else if (StringRef("fFeEgGaA").contains(c))
      kind = Float;
    else if (c == 'p')
      kind = Pointer;
    else
      return emitOpError() << "format string has an unsupported conversion "
                              "specifier '"
                           << spec << "' at offset " << start
                           << "; expected one of d i o u x X c f F e E g G "
                              "a A p";
    if (conversion < getArgs().size()) {
      Type elementType = getElementTypeOrSelf(getArgs()[conversion].getType());
      bool ok = (kind == Int && isa<IntegerType>(elementType)) ||
                (kind == Float && isa<FloatType>(elementType)) ||
                (kind == Pointer && isa<PtrType>(elementType));
      if (!ok)
        return emitOpError() << "conversion '" << spec << "' expects "
                             << (kind == Int     ? "an integer"
                                 : kind == Float ? "a floating-point"
                                                 : "a pointer")
                             << " operand, but operand #" << conversion
                             << " has element type " << elementType;
    }
    ++conversion;
  }
  if (conversion != getArgs().size())
    return emitOpError() << "format string has " << conversion
                         << " conversion specifier(s), but " << getArgs().size()
                         << " operand(s) were given";
  return success();
}

//===----------------------------------------------------------------------===//
// AssumeOp
//===----------------------------------------------------------------------===//

LogicalResult AssumeOp::verify() {
  Type type = getValue().getType();
  Type elementType = getElementTypeOrSelf(type);
  ArrayRef<int64_t> shape = getShapeOrEmpty(type);
  int64_t rank = static_cast<int64_t>(shape.size());

  if (!getDivBy() && !getBounded() && !getSameElements())
    return emitOpError("expects at least one predicate: div_by, bounded or "
                       "same_elements");

  // Predicates are checked in order; the first failure is reported.
  if (getEvery().has_value() != getAlong().has_value())
    return emitOpError("div_by every and along must appear together");
  if (getEvery() && !getDivBy())
    return emitOpError("'every' and 'along' refine div_by and require it");
  if (std::optional<uint64_t> divBy = getDivBy()) {
    if (!isa<IntegerType, PtrType>(elementType))
      return emitOpError(
          "div_by requires an integer-, pointer-, or memref-like value");
    int64_t divisor = static_cast<int64_t>(*divBy);
    if (divisor <= 0 || !llvm::isPowerOf2_64(static_cast<uint64_t>(divisor)))
      return emitOpError("div_by divisor must be a positive power of two");
    if (getEvery()) {
      if (static_cast<int64_t>(*getEvery()) <= 0)
        return emitOpError("div_by every must be positive");
      int64_t along = static_cast<int64_t>(*getAlong());
      if (along < 0 || along >= rank)
        return emitOpError("div_by along must reference a valid axis");
    }
  }

  if (std::optional<ArrayRef<int64_t>> bounded = getBounded()) {
    if (bounded->size() != 2)
      return emitOpError() << "bounded expects two values "
                              "array<i64: lower, upper>, but got "
                           << bounded->size();
    auto intType = dyn_cast<IntegerType>(elementType);
    if (!intType)
      return emitOpError("bounded requires an integer-like element type");
    unsigned width = intType.getWidth();
    int64_t lo = width >= 64 ? std::numeric_limits<int64_t>::min()
                             : -(int64_t(1) << (width - 1));
    int64_t hi = width >= 64 ? std::numeric_limits<int64_t>::max()
                             : (int64_t(1) << (width - 1)) - 1;
    int64_t lower = (*bounded)[0], upper = (*bounded)[1];
    if (lower < lo || lower > hi)
      return emitOpError(
          "bounded lower exceeds the element's representable range");
    if (upper < lo || upper > hi)
      return emitOpError(
          "bounded upper exceeds the element's representable range");
    if (lower > upper)
      return emitOpError("bounded lower must not exceed upper");
  }

  if (std::optional<ArrayRef<int64_t>> same = getSameElements()) {
    if (static_cast<int64_t>(same->size()) != rank)
      return emitOpError(
          "same_elements length must match the constrained value's rank");
    for (auto [extent, dim] : llvm::zip(*same, shape))
      if (extent < 0 || extent > dim)
        return emitOpError("same_elements axis bound is out of range");
  }
  return success();
}

namespace {
/// assume(splat x) -> splat(assume x): every element of a splat is x, so
/// the facts are facts about x (docs/language.md, section 7). div_by holds
/// for x even with every/along (element 0 is always covered);
/// same_elements holds for any splat and is dropped. With nothing left the
/// assume goes away.
struct MoveAssumeIntoSplat : OpRewritePattern<AssumeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AssumeOp op,
                                PatternRewriter &rewriter) const override {
    auto splat = op.getValue().getDefiningOp<SplatOp>();
    if (!splat)
      return failure();
    if (!op.getDivBy() && !op.getBounded()) {
      rewriter.replaceOp(op, splat.getResult());
      return success();
    }
    auto scalar = AssumeOp::create(
        rewriter, op.getLoc(), splat.getSrc(), op.getDivByAttr(),
        /*every=*/IntegerAttr(), /*along=*/IntegerAttr(), op.getBoundedAttr(),
        /*same_elements=*/DenseI64ArrayAttr());
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), scalar.getResult());
    return success();
  }
};
} // namespace

void AssumeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                           MLIRContext *context) {
  results.add<MoveAssumeIntoSplat>(context);
}

//===----------------------------------------------------------------------===//
// JoinMemTokenOp
//===----------------------------------------------------------------------===//

OpFoldResult JoinMemTokenOp::fold(FoldAdaptor) {
  // Joining a single token is that token.
  if (getTokens().size() == 1)
    return getTokens().front();
  return {};
}
