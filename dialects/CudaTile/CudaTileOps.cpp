//===- CudaTileOps.cpp - cuda_tile op parsers, printers, verifiers --------===//
//
// Module structure, constants, views, memory and arithmetic ops. Region ops
// (reduce, scan, for, loop, if) and terminators are in
// CudaTileControlFlow.cpp.
//
//===----------------------------------------------------------------------===//

#include "CudaTileAsm.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tileiras::cuda_tile;

static constexpr StringLiteral kDialect = "cuda_tile";
StringRef tileiras::cuda_tile::ModuleOp::getDefaultDialect() {
  return kDialect;
}
StringRef EntryOp::getDefaultDialect() { return kDialect; }

static TileType tileOf(Value v) { return cast<TileType>(v.getType()); }
static Type elementOf(Value v) { return tileOf(v).getElementType(); }

//===----------------------------------------------------------------------===//
// module, entry, global
//===----------------------------------------------------------------------===//

void tileiras::cuda_tile::ModuleOp::build(OpBuilder &builder,
                                          OperationState &state,
                                          StringRef name) {
  state.addAttribute(getSymNameAttrName(state.name),
                     builder.getStringAttr(name));
  state.addRegion()->emplaceBlock();
}

LogicalResult tileiras::cuda_tile::ModuleOp::verify() {
  for (Operation &op : getBody().front())
    if (!isa<EntryOp, GlobalOp>(op))
      return op.emitOpError("is not allowed in a cuda_tile.module; only "
                            "'entry' and 'global' are");
  return success();
}

ParseResult EntryOp::parse(OpAsmParser &parser, OperationState &result) {
  StringAttr name;
  SmallVector<OpAsmParser::Argument> args;
  if (parser.parseSymbolName(name, getSymNameAttrName(result.name),
                             result.attributes) ||
      parseArgumentList(parser, args))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("optimization_hints"))) {
    if (parser.parseEqual())
      return failure();
    Attribute hints = OptimizationHintsAttr::parse(parser, Type());
    if (!hints)
      return failure();
    result.addAttribute(getOptimizationHintsAttrName(result.name), hints);
  }
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  SmallVector<Type> inputs;
  for (auto &arg : args)
    inputs.push_back(arg.type);
  result.addAttribute(
      getFunctionTypeAttrName(result.name),
      TypeAttr::get(parser.getBuilder().getFunctionType(inputs, {})));
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, args))
    return failure();
  if (body->empty())
    body->emplaceBlock();
  // The return at the end of an entry may be left out.
  Block &block = body->front();
  if (block.empty() || !block.back().hasTrait<OpTrait::IsTerminator>()) {
    OpBuilder builder(parser.getContext());
    builder.setInsertionPointToEnd(&block);
    ReturnOp::create(builder, result.location, ValueRange());
  }
  return success();
}

void EntryOp::print(OpAsmPrinter &printer) {
  printer << ' ';
  printer.printSymbolName(getSymName());
  printArgumentList(printer, getBody().front().getArguments());
  if (auto hints = getOptimizationHintsAttr()) {
    printer << " optimization_hints=";
    hints.print(printer);
  }
  printer.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(), {getSymNameAttrName(), getFunctionTypeAttrName(),
                            getOptimizationHintsAttrName()});
  printer << ' ';
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}

LogicalResult EntryOp::verify() {
  FunctionType type = getFunctionType();
  if (type.getNumResults() != 0)
    return emitOpError("must not have results");
  Block &block = getBody().front();
  if (block.getNumArguments() != type.getNumInputs())
    return emitOpError("has ")
           << block.getNumArguments() << " block arguments but its type has "
           << type.getNumInputs() << " inputs";
  for (auto [i, arg] : llvm::enumerate(block.getArguments())) {
    if (arg.getType() != type.getInput(i))
      return emitOpError("argument #") << i
                                       << " type does not match the "
                                          "function type";
    auto tile = dyn_cast<TileType>(arg.getType());
    if (tile && tile.getRank() != 0)
      return emitOpError("argument #")
             << i << " must be a 0-d tile, a token or a view, got a tile of "
             << "rank " << tile.getRank();
  }
  if (!isa<ReturnOp>(block.back()))
    return emitOpError("body must end with 'return'");
  return success();
}

// A dense literal after `<T: `: a scalar (splat) or nested lists.
namespace {
struct DenseLiteral {
  Type element;
  SmallVector<Attribute> values;
  bool nested = false;
  SMLoc loc;
};
} // namespace

static ParseResult parseScalar(OpAsmParser &parser, DenseLiteral &lit) {
  Builder b(parser.getContext());
  Type element = lit.element;
  if (auto floatType = dyn_cast<FloatType>(element)) {
    APFloat value(floatType.getFloatSemantics());
    if (parser.parseFloat(floatType.getFloatSemantics(), value))
      return failure();
    lit.values.push_back(b.getFloatAttr(element, value));
    return success();
  }
  if (!element.isSignlessInteger())
    return parser.emitError(lit.loc, "constant element type must be a number "
                                     "type, got ")
           << element;
  unsigned width = element.getIntOrFloatBitWidth();
  APInt value;
  OptionalParseResult parsed = parser.parseOptionalInteger(value);
  if (!parsed.has_value())
    return parser.emitError(parser.getCurrentLocation(), "expected a value");
  if (failed(*parsed))
    return failure();
  lit.values.push_back(b.getIntegerAttr(element, value.sextOrTrunc(width)));
  return success();
}

static ParseResult parseLiteralValue(OpAsmParser &parser, DenseLiteral &lit) {
  if (succeeded(parser.parseOptionalLSquare())) {
    lit.nested = true;
    if (succeeded(parser.parseOptionalRSquare()))
      return success();
    do {
      if (parseLiteralValue(parser, lit))
        return failure();
    } while (succeeded(parser.parseOptionalComma()));
    return parser.parseRSquare();
  }
  Builder b(parser.getContext());
  if (lit.element.isInteger(1)) {
    if (succeeded(parser.parseOptionalKeyword("true"))) {
      lit.values.push_back(b.getIntegerAttr(lit.element, 1));
      return success();
    }
    if (succeeded(parser.parseOptionalKeyword("false"))) {
      lit.values.push_back(b.getIntegerAttr(lit.element, 0));
      return success();
    }
  }
  return parseScalar(parser, lit);
}

// `<T: value>` then `: tile<...>`, into a dense attribute of the tile shape.
static ParseResult parseDenseAndType(OpAsmParser &parser, Attribute &value,
                                     Type &type) {
  DenseLiteral lit;
  lit.loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseType(lit.element) ||
      parser.parseColon() || parseLiteralValue(parser, lit) ||
      parser.parseGreater() || parser.parseColon())
    return failure();
  SMLoc typeLoc = parser.getCurrentLocation();
  if (parseShortType(parser, type))
    return failure();
  auto tile = dyn_cast<TileType>(type);
  if (!tile)
    return parser.emitError(typeLoc, "expected a tile type");
  if (tile.getElementType() != lit.element)
    return parser.emitError(lit.loc, "value element type ")
           << lit.element << " does not match the tile element type "
           << tile.getElementType();
  int64_t count = tile.getNumElements();
  bool splat = !lit.nested && lit.values.size() == 1;
  if (!splat && int64_t(lit.values.size()) != count)
    return parser.emitError(lit.loc, "constant has ")
           << lit.values.size() << " values but the tile has " << count
           << " elements";
  value = DenseElementsAttr::get(getDenseType(tile), lit.values);
  return success();
}

ParseResult ConstantOp::parse(OpAsmParser &parser, OperationState &result) {
  Attribute value;
  Type type;
  if (parseDenseAndType(parser, value, type) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  result.addAttribute(getValueAttrName(result.name), value);
  result.addTypes(type);
  return success();
}

void ConstantOp::print(OpAsmPrinter &printer) {
  printer << ' ';
  printDenseValue(printer, getValue());
  printer.printOptionalAttrDict((*this)->getAttrs(), {getValueAttrName()});
  printer << " : ";
  printShortType(printer, getType());
}

LogicalResult ConstantOp::verify() {
  auto dense = dyn_cast<DenseElementsAttr>(getValue());
  if (!dense)
    return emitOpError("value must be a dense elements attribute");
  TileType tile = getType();
  if (dense.getType().getShape() != tile.getShape() ||
      dense.getElementType() != tile.getElementType())
    return emitOpError("value type ")
           << dense.getType() << " does not match the result type " << tile;
  return success();
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

ParseResult GlobalOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder &b = parser.getBuilder();
  StringRef visibility;
  if (succeeded(
          parser.parseOptionalKeyword(&visibility, {"private", "public"})))
    result.addAttribute(getSymVisibilityAttrName(result.name),
                        b.getStringAttr(visibility));
  if (succeeded(parser.parseOptionalKeyword("constant")))
    result.addAttribute(getConstantAttrName(result.name), b.getUnitAttr());
  StringAttr name;
  if (parser.parseSymbolName(name, getSymNameAttrName(result.name),
                             result.attributes))
    return failure();
  int64_t alignment = 0;
  if (succeeded(parser.parseOptionalKeyword("alignment")) &&
      (parser.parseEqual() || parser.parseInteger(alignment)))
    return failure();
  result.addAttribute(getAlignmentAttrName(result.name),
                      b.getI64IntegerAttr(alignment));
  Attribute value;
  Type type;
  if (parseDenseAndType(parser, value, type) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  result.addAttribute(getValueAttrName(result.name), value);
  return success();
}

void GlobalOp::print(OpAsmPrinter &printer) {
  if (auto visibility = getSymVisibility())
    printer << ' ' << *visibility;
  if (getConstant())
    printer << " constant";
  printer << ' ';
  printer.printSymbolName(getSymName());
  if (getAlignment() != 0)
    printer << " alignment = " << getAlignment();
  printer << ' ';
  printDenseValue(printer, getValue());
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {getSymVisibilityAttrName(),
                                 getConstantAttrName(), getSymNameAttrName(),
                                 getAlignmentAttrName(), getValueAttrName()});
  auto dense = cast<DenseElementsAttr>(getValue());
  printer << " : ";
  printShortType(printer,
                 TileType::get(getContext(), dense.getType().getShape(),
                               dense.getElementType()));
}

LogicalResult GlobalOp::verify() {
  auto dense = dyn_cast<DenseElementsAttr>(getValue());
  if (!dense || dense.getType().getRank() != 1)
    return emitOpError("value must be a 1-D dense tile");
  if (auto visibility = getSymVisibility())
    if (*visibility != "private" && *visibility != "public")
      return emitOpError("visibility must be 'public' or 'private'");
  if (getAlignment() != 0 && !llvm::isPowerOf2_64(getAlignment()))
    return emitOpError("alignment must be 0 or a power of two");
  return success();
}

LogicalResult GetGlobalOp::verifySymbolUses(SymbolTableCollection &tables) {
  auto global = tables.lookupNearestSymbolFrom<GlobalOp>(*this, getNameAttr());
  if (!global)
    return emitOpError("'") << getName() << "' does not name a global";
  auto dense = cast<DenseElementsAttr>(global.getValue());
  auto ptr = cast<PointerType>(tileOf(getResult()).getElementType());
  if (ptr.getPointeeType() != dense.getElementType())
    return emitOpError("result must point to ") << dense.getElementType();
  return success();
}

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

LogicalResult IotaOp::verify() {
  TileType type = getType();
  if (type.getRank() != 1)
    return emitOpError("result must be a 1-D tile");
  unsigned width = type.getElementType().getIntOrFloatBitWidth();
  if (width < 64 && type.getShape()[0] > (int64_t(1) << width))
    return emitOpError("element type ")
           << type.getElementType() << " cannot hold " << type.getShape()[0]
           << " distinct values";
  return success();
}

LogicalResult BroadcastOp::verify() {
  TileType src = tileOf(getSource()), dst = getType();
  if (src.getElementType() != dst.getElementType())
    return emitOpError("source and result element types must match");
  if (src.getRank() != dst.getRank())
    return emitOpError("source and result must have the same rank");
  for (auto [i, s, d] : llvm::enumerate(src.getShape(), dst.getShape()))
    if (s != d && s != 1)
      return emitOpError("dimension ")
             << i << " of size " << s << " cannot broadcast to " << d;
  return success();
}

LogicalResult ReshapeOp::verify() {
  TileType src = tileOf(getSource()), dst = getType();
  if (src.getElementType() != dst.getElementType())
    return emitOpError("source and result element types must match");
  if (src.getNumElements() != dst.getNumElements())
    return emitOpError("source has ")
           << src.getNumElements() << " elements but the result has "
           << dst.getNumElements();
  return success();
}

LogicalResult PermuteOp::verify() {
  TileType src = tileOf(getSource()), dst = getType();
  ArrayRef<int32_t> perm = getPermutation();
  if (int64_t(perm.size()) != src.getRank())
    return emitOpError("permutation must have ") << src.getRank() << " entries";
  SmallVector<bool> seen(perm.size(), false);
  for (auto [i, p] : llvm::enumerate(perm)) {
    if (p < 0 || p >= int32_t(perm.size()) || seen[p])
      return emitOpError("permutation must be a permutation of [0, ")
             << perm.size() << ")";
    seen[p] = true;
    if (dst.getRank() != src.getRank() ||
        dst.getShape()[i] != src.getShape()[p])
      return emitOpError("result dimension ")
             << i << " must equal source dimension " << p;
  }
  if (src.getElementType() != dst.getElementType())
    return emitOpError("source and result element types must match");
  return success();
}

LogicalResult CatOp::verify() {
  TileType a = tileOf(getLhs()), b = tileOf(getRhs()), r = getType();
  int64_t dim = getDim();
  if (a.getRank() == 0 || dim < 0 || dim >= a.getRank())
    return emitOpError("dim ") << dim << " is out of range";
  if (a.getRank() != b.getRank() || a.getRank() != r.getRank() ||
      a.getElementType() != b.getElementType() ||
      a.getElementType() != r.getElementType())
    return emitOpError("operands and result must have the same rank and "
                       "element type");
  for (int64_t i = 0; i < a.getRank(); ++i) {
    int64_t expected =
        i == dim ? a.getShape()[i] + b.getShape()[i] : a.getShape()[i];
    if ((i != dim && b.getShape()[i] != a.getShape()[i]) ||
        r.getShape()[i] != expected)
      return emitOpError("result dimension ") << i << " must be " << expected;
  }
  return success();
}

LogicalResult ExtractOp::verify() {
  TileType src = tileOf(getSource()), dst = getType();
  if (int64_t(getIndices().size()) != src.getRank())
    return emitOpError("expects ")
           << src.getRank() << " indices, got " << getIndices().size();
  if (dst.getRank() != src.getRank() ||
      dst.getElementType() != src.getElementType())
    return emitOpError("result must have the source's rank and element type");
  for (auto [i, s, d] : llvm::enumerate(src.getShape(), dst.getShape()))
    if (s % d != 0)
      return emitOpError("result dimension ")
             << i << " (" << d << ") must divide the source dimension (" << s
             << ")";
  return success();
}

LogicalResult SelectOp::verify() {
  if (tileOf(getCond()).getShape() != getType().getShape())
    return emitOpError("condition shape must match the result shape");
  return success();
}

LogicalResult OffsetOp::verify() {
  if (tileOf(getOffset()).getShape() != tileOf(getPtr()).getShape())
    return emitOpError("offset shape must match the pointer shape");
  return success();
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

static LogicalResult verifySameShape(Operation *op, Value src, Type result) {
  if (tileOf(src).getShape() != cast<TileType>(result).getShape())
    return op->emitOpError("source and result shapes must match");
  return success();
}

static unsigned widthOf(Type t) { return t.getIntOrFloatBitWidth(); }

LogicalResult ExtIOp::verify() {
  if (failed(verifySameShape(*this, getSource(), getType())))
    return failure();
  if (widthOf(getType().getElementType()) <= widthOf(elementOf(getSource())))
    return emitOpError("result element type must be wider than the source");
  return success();
}

LogicalResult TruncIOp::verify() {
  if (failed(verifySameShape(*this, getSource(), getType())))
    return failure();
  if (widthOf(getType().getElementType()) >= widthOf(elementOf(getSource())))
    return emitOpError("result element type must be narrower than the source");
  return success();
}

LogicalResult FToFOp::verify() {
  if (failed(verifySameShape(*this, getSource(), getType())))
    return failure();
  Type to = getType().getElementType();
  if (to == elementOf(getSource()))
    return emitOpError("source and result element types must differ");
  Rounding rounding = getRounding().value_or(Rounding::NearestEven);
  bool toScale = isa<Float8E8M0FNUType>(to);
  if (toScale && rounding != Rounding::PositiveInf &&
      rounding != Rounding::Zero)
    return emitOpError("conversion to f8E8M0FNU needs rounding<positive_inf> "
                       "or rounding<zero>");
  if (!toScale && rounding != Rounding::NearestEven)
    return emitOpError("only rounding<nearest_even> is supported for this "
                       "conversion");
  return success();
}

LogicalResult FToIOp::verify() {
  if (failed(verifySameShape(*this, getSource(), getType())))
    return failure();
  Rounding rounding = getRounding().value_or(Rounding::NearestIntToZero);
  if (rounding != Rounding::NearestIntToZero)
    return emitOpError("only rounding<nearest_int_to_zero> is supported");
  return success();
}

LogicalResult IToFOp::verify() {
  if (failed(verifySameShape(*this, getSource(), getType())))
    return failure();
  Rounding rounding = getRounding().value_or(Rounding::NearestEven);
  if (int(rounding) > int(Rounding::PositiveInf))
    return emitOpError("rounding must be nearest_even, zero, negative_inf or "
                       "positive_inf");
  return success();
}

LogicalResult BitcastOp::verify() {
  if (failed(verifySameShape(*this, getSource(), getType())))
    return failure();
  if (widthOf(elementOf(getSource())) != widthOf(getType().getElementType()))
    return emitOpError("source and result element types must have the same "
                       "bit width");
  return success();
}

LogicalResult IntToPtrOp::verify() {
  if (!elementOf(getSource()).isInteger(64))
    return emitOpError("source must be a tile of i64");
  return verifySameShape(*this, getSource(), getType());
}

LogicalResult PtrToIntOp::verify() {
  if (!getType().getElementType().isInteger(64))
    return emitOpError("result must be a tile of i64");
  return verifySameShape(*this, getSource(), getType());
}

LogicalResult PtrToPtrOp::verify() {
  return verifySameShape(*this, getSource(), getType());
}

static LogicalResult verifyPackBits(Operation *op, TileType src, TileType dst) {
  if (src.getRank() != 1 || dst.getRank() != 1)
    return op->emitOpError("source and result must be 1-D tiles");
  if (src.getNumElements() * widthOf(src.getElementType()) !=
      dst.getNumElements() * widthOf(dst.getElementType()))
    return op->emitOpError("source and result must have the same number of "
                           "bits");
  return success();
}

LogicalResult PackOp::verify() {
  if (!getType().getElementType().isInteger(8))
    return emitOpError("result must be a tile of i8");
  if (widthOf(elementOf(getSource())) == 8)
    return emitOpError("source must not have an 8-bit element type");
  return verifyPackBits(*this, tileOf(getSource()), getType());
}

LogicalResult UnpackOp::verify() {
  if (!elementOf(getSource()).isInteger(8))
    return emitOpError("source must be a tile of i8");
  return verifyPackBits(*this, tileOf(getSource()), getType());
}

//===----------------------------------------------------------------------===//
// Float and integer arithmetic modifiers
//===----------------------------------------------------------------------===//

// flush_to_zero needs f32; `allowed` lists the rounding modes the op takes.
static LogicalResult verifyFloatModifiers(Operation *op, Type element,
                                          ArrayRef<Rounding> allowed) {
  if (op->hasAttr("flush_to_zero") && !element.isF32())
    return op->emitOpError("flush_to_zero is only supported for f32");
  auto attr = op->getAttrOfType<IntegerAttr>("rounding");
  if (!attr)
    return success();
  auto rounding = static_cast<Rounding>(attr.getInt());
  if (!llvm::is_contained(allowed, rounding))
    return op->emitOpError("does not support rounding<")
           << stringifyRounding(rounding) << ">";
  if ((rounding == Rounding::Approx || rounding == Rounding::Full) &&
      !element.isF32() && op->getName().getStringRef() != "cuda_tile.exp" &&
      op->getName().getStringRef() != "cuda_tile.tanh")
    return op->emitOpError("rounding<")
           << stringifyRounding(rounding) << "> is only supported for f32";
  return success();
}

static constexpr Rounding kIeee[] = {Rounding::NearestEven, Rounding::Zero,
                                     Rounding::NegativeInf,
                                     Rounding::PositiveInf};
static constexpr Rounding kIeeeApproxFull[] = {
    Rounding::NearestEven, Rounding::Zero,   Rounding::NegativeInf,
    Rounding::PositiveInf, Rounding::Approx, Rounding::Full};
static constexpr Rounding kApproxFull[] = {Rounding::Approx, Rounding::Full};

#define CT_FLOAT_VERIFIER(OP, MODES)                                           \
  LogicalResult OP::verify() {                                                 \
    return verifyFloatModifiers(*this, getType().getElementType(), MODES);     \
  }
CT_FLOAT_VERIFIER(AddFOp, kIeee)
CT_FLOAT_VERIFIER(SubFOp, kIeee)
CT_FLOAT_VERIFIER(MulFOp, kIeee)
CT_FLOAT_VERIFIER(FmaOp, kIeee)
CT_FLOAT_VERIFIER(DivFOp, kIeeeApproxFull)
CT_FLOAT_VERIFIER(SqrtOp, kIeeeApproxFull)
CT_FLOAT_VERIFIER(ExpOp, kApproxFull)
CT_FLOAT_VERIFIER(TanhOp, kApproxFull)
CT_FLOAT_VERIFIER(RsqrtOp, {})
CT_FLOAT_VERIFIER(Exp2Op, {})
CT_FLOAT_VERIFIER(PowOp, {})
CT_FLOAT_VERIFIER(RemFOp, {})
CT_FLOAT_VERIFIER(Atan2Op, {})
CT_FLOAT_VERIFIER(MaxFOp, {})
CT_FLOAT_VERIFIER(MinFOp, {})
#undef CT_FLOAT_VERIFIER

LogicalResult DivIOp::verify() {
  Rounding rounding = getRounding().value_or(Rounding::Zero);
  if (rounding != Rounding::Zero && rounding != Rounding::PositiveInf &&
      rounding != Rounding::NegativeInf)
    return emitOpError("rounding must be zero, positive_inf or negative_inf");
  if (rounding == Rounding::NegativeInf &&
      getSignedness() == Signedness::Unsigned)
    return emitOpError("rounding<negative_inf> is not supported for unsigned "
                       "division");
  return success();
}

static LogicalResult verifyCompare(Operation *op, Value lhs, Type result) {
  if (cast<TileType>(result).getShape() != tileOf(lhs).getShape())
    return op->emitOpError("result shape must match the operand shape");
  return success();
}
LogicalResult CmpFOp::verify() {
  return verifyCompare(*this, getLhs(), getType());
}
LogicalResult CmpIOp::verify() {
  return verifyCompare(*this, getLhs(), getType());
}

//===----------------------------------------------------------------------===//
// Matrix multiply
//===----------------------------------------------------------------------===//

// (M x K) * (K x N) + (M x N), optionally with one leading batch dimension.
static LogicalResult verifyMmaShapes(Operation *op, TileType a, TileType b,
                                     TileType c) {
  int64_t rank = a.getRank();
  if ((rank != 2 && rank != 3) || b.getRank() != rank || c.getRank() != rank)
    return op->emitOpError("operands must all be 2-D or all be 3-D tiles");
  ArrayRef<int64_t> sa = a.getShape(), sb = b.getShape(), sc = c.getShape();
  if (rank == 3 && (sa[0] != sb[0] || sa[0] != sc[0]))
    return op->emitOpError("batch dimensions must match");
  int64_t m = sa[rank - 2], k = sa[rank - 1], kb = sb[rank - 2],
          n = sb[rank - 1];
  if (k != kb)
    return op->emitOpError("lhs K (")
           << k << ") does not match rhs K (" << kb << ")";
  if (sc[rank - 2] != m || sc[rank - 1] != n)
    return op->emitOpError("accumulator shape must be ") << m << "x" << n;
  return success();
}

LogicalResult MmaFOp::verify() {
  TileType a = tileOf(getLhs()), b = tileOf(getRhs()), c = tileOf(getAcc());
  if (failed(verifyMmaShapes(*this, a, b, c)))
    return failure();
  Type ea = a.getElementType(), eb = b.getElementType(),
       ec = c.getElementType();
  if (ea != eb)
    return emitOpError("lhs and rhs element types must match");
  bool ok = false;
  if (isa<Float8E4M3FNType, Float8E5M2Type>(ea) || ea.isF16())
    ok = ec.isF16() || ec.isF32();
  else if (ea.isBF16() || ea.isTF32() || ea.isF32())
    ok = ec.isF32();
  else if (ea.isF64())
    ok = ec.isF64();
  if (!ok)
    return emitOpError("unsupported element types: ")
           << ea << " x " << eb << " -> " << ec;
  return success();
}

LogicalResult MmaIOp::verify() {
  TileType a = tileOf(getLhs()), b = tileOf(getRhs()), c = tileOf(getAcc());
  if (failed(verifyMmaShapes(*this, a, b, c)))
    return failure();
  if (!a.getElementType().isInteger(8) || !b.getElementType().isInteger(8) ||
      !c.getElementType().isInteger(32))
    return emitOpError("expects i8 operands and an i32 accumulator");
  return success();
}

LogicalResult MmaFScaledOp::verify() {
  TileType a = tileOf(getLhs()), b = tileOf(getRhs()), c = tileOf(getAcc());
  if (failed(verifyMmaShapes(*this, a, b, c)))
    return failure();
  if (!c.getElementType().isF32())
    return emitOpError("accumulator must be a tile of f32");
  return success();
}
