//===- CudaTileControlFlow.cpp - reduce, scan, for, loop, if, terminators -===//

#include "CudaTileAsm.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace tileiras::cuda_tile;

static constexpr StringLiteral kDialect = "cuda_tile";
StringRef ReduceOp::getDefaultDialect() { return kDialect; }
StringRef ScanOp::getDefaultDialect() { return kDialect; }
StringRef ForOp::getDefaultDialect() { return kDialect; }
StringRef LoopOp::getDefaultDialect() { return kDialect; }
StringRef IfOp::getDefaultDialect() { return kDialect; }

// Appends `Terminator` to a block that has none (implicit continue/yield).
template <typename Terminator>
static void ensureTerminator(Region &region, Location loc) {
  MLIRContext *ctx = loc.getContext();
  if (region.empty())
    region.emplaceBlock();
  Block &block = region.back();
  if (!block.empty() && block.back().hasTrait<OpTrait::IsTerminator>())
    return;
  OpBuilder builder(ctx);
  builder.setInsertionPointToEnd(&block);
  Terminator::create(builder, loc, ValueRange());
}

static ParseResult parseTypeList(OpAsmParser &parser,
                                 SmallVectorImpl<Type> &types) {
  return parseCTList(parser, types);
}

//===----------------------------------------------------------------------===//
// reduce and scan
//===----------------------------------------------------------------------===//

// `%a, %b dim=0 [reverse=false] identities=[...] : T.. -> R.. (args) {...}`
static ParseResult parseReduceLike(OpAsmParser &parser, OperationState &result,
                                   bool isScan) {
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  SmallVector<Type> types, resultTypes;
  SmallVector<OpAsmParser::Argument> args;
  int32_t dim;
  Attribute identities;
  Builder &b = parser.getBuilder();
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOperandList(operands) || parser.parseKeyword("dim") ||
      parser.parseEqual() || parser.parseInteger(dim))
    return failure();
  result.addAttribute("dim", b.getI32IntegerAttr(dim));
  if (isScan) {
    bool reverse = false;
    if (parser.parseKeyword("reverse") || parser.parseEqual())
      return failure();
    if (succeeded(parser.parseOptionalKeyword("true")))
      reverse = true;
    else if (parser.parseKeyword("false"))
      return failure();
    result.addAttribute("reverse", b.getBoolAttr(reverse));
  }
  if (parser.parseKeyword("identities") || parser.parseEqual() ||
      parser.parseAttribute(identities))
    return failure();
  if (!isa<ArrayAttr>(identities))
    return parser.emitError(loc, "identities must be an array");
  result.addAttribute("identities", identities);
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parseTypeList(parser, types) || parser.parseArrow() ||
      parseTypeList(parser, resultTypes) ||
      parser.resolveOperands(operands, types, loc, result.operands) ||
      parseArgumentList(parser, args))
    return failure();
  result.addTypes(resultTypes);
  return parser.parseRegion(*result.addRegion(), args);
}

static void printReduceLike(OpAsmPrinter &printer, Operation *op,
                            std::optional<bool> reverse) {
  printer << ' ';
  printer.printOperands(op->getOperands());
  printer << " dim=" << op->getAttrOfType<IntegerAttr>("dim").getInt();
  if (reverse)
    printer << " reverse=" << (*reverse ? "true" : "false");
  printer << " identities=";
  printer.printAttribute(op->getAttr("identities"));
  printer.printOptionalAttrDict(op->getAttrs(),
                                {"dim", "reverse", "identities"});
  printer << " : ";
  printCTList(printer, op, op->getOperandTypes());
  printer << " -> ";
  printCTList(printer, op, op->getResultTypes());
  printer << ' ';
  Region &body = op->getRegion(0);
  printArgumentList(printer, body.front().getArguments());
  printer << ' ';
  printer.printRegion(body, /*printEntryBlockArgs=*/false);
}

ParseResult ReduceOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseReduceLike(parser, result, /*isScan=*/false);
}
void ReduceOp::print(OpAsmPrinter &printer) {
  printReduceLike(printer, *this, std::nullopt);
}
ParseResult ScanOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseReduceLike(parser, result, /*isScan=*/true);
}
void ScanOp::print(OpAsmPrinter &printer) {
  printReduceLike(printer, *this, getReverse());
}

// Body arguments (x_0, acc_0, x_1, acc_1, ...) are 0-d tiles of the input
// element types; the body yields one 0-d tile per input.
static LogicalResult verifyReduceLike(Operation *op, int32_t dim,
                                      ArrayAttr identities, bool keepsDim) {
  if (op->getNumOperands() == 0)
    return op->emitOpError("expects at least one operand");
  if (op->getNumResults() != op->getNumOperands())
    return op->emitOpError("expects one result per operand");
  if (identities.size() != op->getNumOperands())
    return op->emitOpError("expects one identity per operand, got ")
           << identities.size();
  auto first = cast<TileType>(op->getOperand(0).getType());
  if (dim < 0 || dim >= first.getRank())
    return op->emitOpError("dim ")
           << dim << " is out of range for rank " << first.getRank();
  SmallVector<int64_t> reduced(first.getShape());
  if (!keepsDim)
    reduced.erase(reduced.begin() + dim);
  Block &body = op->getRegion(0).front();
  if (body.getNumArguments() != 2 * op->getNumOperands())
    return op->emitOpError("body must have ")
           << 2 * op->getNumOperands() << " arguments";
  for (auto [i, operand] : llvm::enumerate(op->getOperands())) {
    auto tile = cast<TileType>(operand.getType());
    if (tile.getShape() != first.getShape())
      return op->emitOpError("operands must have the same shape");
    auto expected =
        TileType::get(op->getContext(), reduced, tile.getElementType());
    if (op->getResult(i).getType() != expected)
      return op->emitOpError("result #") << i << " must be " << expected;
    auto scalar = TileType::get(op->getContext(), {}, tile.getElementType());
    if (body.getArgument(2 * i).getType() != scalar ||
        body.getArgument(2 * i + 1).getType() != scalar)
      return op->emitOpError("body arguments ")
             << 2 * i << " and " << 2 * i + 1 << " must be " << scalar;
  }
  auto yield = dyn_cast<YieldOp>(body.getTerminator());
  if (!yield || yield.getNumOperands() != op->getNumOperands())
    return op->emitOpError("body must yield ")
           << op->getNumOperands() << " values";
  return success();
}

LogicalResult ReduceOp::verify() {
  return verifyReduceLike(*this, getDim(), getIdentities(), false);
}
LogicalResult ScanOp::verify() {
  return verifyReduceLike(*this, getDim(), getIdentities(), true);
}

//===----------------------------------------------------------------------===//
// for
//===----------------------------------------------------------------------===//

// `iter_values(%v = %init, ...)`
static ParseResult
parseIterValues(OpAsmParser &parser,
                SmallVectorImpl<OpAsmParser::Argument> &args,
                SmallVectorImpl<OpAsmParser::UnresolvedOperand> &inits) {
  if (failed(parser.parseOptionalKeyword("iter_values")))
    return success();
  return parser.parseCommaSeparatedList(
      OpAsmParser::Delimiter::Paren, [&]() -> ParseResult {
        OpAsmParser::Argument arg;
        OpAsmParser::UnresolvedOperand init;
        if (parser.parseArgument(arg) || parser.parseEqual() ||
            parser.parseOperand(init))
          return failure();
        args.push_back(arg);
        inits.push_back(init);
        return success();
      });
}

static void printIterValues(OpAsmPrinter &printer, ValueRange args,
                            ValueRange inits) {
  if (inits.empty())
    return;
  printer << " iter_values(";
  llvm::interleaveComma(llvm::zip(args, inits), printer, [&](auto pair) {
    printer << std::get<0>(pair) << " = " << std::get<1>(pair);
  });
  printer << ')';
}

ParseResult ForOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder &b = parser.getBuilder();
  if (succeeded(parser.parseOptionalKeyword("unsigned")))
    result.addAttribute(getUnsignedCmpAttrName(result.name), b.getUnitAttr());
  OpAsmParser::Argument iv;
  OpAsmParser::UnresolvedOperand lb, ub, step;
  Type ivType;
  if (parser.parseArgument(iv) || parser.parseKeyword("in") ||
      parser.parseLParen() || parser.parseOperand(lb) ||
      parser.parseKeyword("to") || parser.parseOperand(ub) ||
      parser.parseComma() || parser.parseKeyword("step") ||
      parser.parseOperand(step) || parser.parseRParen() ||
      parser.parseColon() || parseShortType(parser, ivType))
    return failure();
  iv.type = ivType;
  SmallVector<OpAsmParser::Argument> args{iv};
  SmallVector<OpAsmParser::UnresolvedOperand> inits;
  SmallVector<Type> types;
  if (parseIterValues(parser, args, inits))
    return failure();
  if (!inits.empty() && (parser.parseArrow() || parser.parseLParen() ||
                         parseTypeList(parser, types) || parser.parseRParen()))
    return failure();
  if (types.size() != inits.size())
    return parser.emitError(parser.getCurrentLocation(), "expects ")
           << inits.size() << " result types, got " << types.size();
  for (auto [arg, type] : llvm::zip(llvm::drop_begin(args), types))
    arg.type = type;
  if (parser.resolveOperand(lb, ivType, result.operands) ||
      parser.resolveOperand(ub, ivType, result.operands) ||
      parser.resolveOperand(step, ivType, result.operands) ||
      parser.resolveOperands(inits, types, parser.getNameLoc(),
                             result.operands))
    return failure();
  result.addTypes(types);
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, args) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  ensureTerminator<ContinueOp>(*body, result.location);
  return success();
}

void ForOp::print(OpAsmPrinter &printer) {
  if (getUnsignedCmp())
    printer << " unsigned";
  Block &body = getBody().front();
  printer << ' ' << body.getArgument(0) << " in (" << getLowerBound() << " to "
          << getUpperBound() << ", step " << getStep() << ") : ";
  printShortType(printer, getLowerBound().getType());
  printIterValues(printer, body.getArguments().drop_front(), getInitValues());
  if (!getInitValues().empty()) {
    printer << " -> (";
    printCTList(printer, *this, getResultTypes());
    printer << ')';
  }
  printer << ' ';
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false);
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {getUnsignedCmpAttrName()});
}

LogicalResult ForOp::verify() {
  Block &body = getBody().front();
  if (body.getNumArguments() != 1 + getInitValues().size())
    return emitOpError("body must have ")
           << 1 + getInitValues().size() << " arguments";
  if (getLowerBound().getType() != getUpperBound().getType() ||
      getLowerBound().getType() != getStep().getType() ||
      body.getArgument(0).getType() != getLowerBound().getType())
    return emitOpError("bounds, step and induction variable must share one "
                       "type");
  if (getResultTypes() != getInitValues().getTypes())
    return emitOpError("result types must match the iter_values types");
  for (auto [arg, init] :
       llvm::zip(body.getArguments().drop_front(), getInitValues()))
    if (arg.getType() != init.getType())
      return emitOpError("iter_values argument types must match their "
                         "initial values");
  if (!isa<ContinueOp>(body.getTerminator()))
    return emitOpError("body must end with 'continue'");
  return success();
}

//===----------------------------------------------------------------------===//
// loop
//===----------------------------------------------------------------------===//

ParseResult LoopOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::Argument> args;
  SmallVector<OpAsmParser::UnresolvedOperand> inits;
  SmallVector<Type> iterTypes, resultTypes;
  if (parseIterValues(parser, args, inits))
    return failure();
  if (!inits.empty() &&
      (parser.parseColon() || parseTypeList(parser, iterTypes)))
    return failure();
  if (iterTypes.size() != inits.size())
    return parser.emitError(parser.getCurrentLocation(), "expects ")
           << inits.size() << " iter_values types, got " << iterTypes.size();
  if (succeeded(parser.parseOptionalArrow()) &&
      parseTypeList(parser, resultTypes))
    return failure();
  for (auto [arg, type] : llvm::zip(args, iterTypes))
    arg.type = type;
  if (parser.resolveOperands(inits, iterTypes, parser.getNameLoc(),
                             result.operands))
    return failure();
  result.addTypes(resultTypes);
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, args) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  if (inits.empty())
    ensureTerminator<ContinueOp>(*body, result.location);
  return success();
}

void LoopOp::print(OpAsmPrinter &printer) {
  printIterValues(printer, getBody().front().getArguments(), getInitValues());
  if (!getInitValues().empty()) {
    printer << " : ";
    printCTList(printer, *this, getInitValues().getTypes());
  }
  if (getNumResults()) {
    printer << " -> ";
    printCTList(printer, *this, getResultTypes());
  }
  printer << ' ';
  printer.printRegion(getBody(), /*printEntryBlockArgs=*/false);
  printer.printOptionalAttrDict((*this)->getAttrs());
}

LogicalResult LoopOp::verify() {
  Block &body = getBody().front();
  if (body.getArgumentTypes() != getInitValues().getTypes())
    return emitOpError("body arguments must match the iter_values types");
  return success();
}

//===----------------------------------------------------------------------===//
// if
//===----------------------------------------------------------------------===//

ParseResult IfOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand cond;
  SmallVector<Type> types;
  MLIRContext *ctx = parser.getContext();
  Type condType = TileType::get(ctx, {}, IntegerType::get(ctx, 1));
  if (parser.parseOperand(cond) ||
      parser.resolveOperand(cond, condType, result.operands))
    return failure();
  if (succeeded(parser.parseOptionalArrow()) &&
      (parser.parseLParen() || parseTypeList(parser, types) ||
       parser.parseRParen()))
    return failure();
  result.addTypes(types);
  Region *thenRegion = result.addRegion();
  Region *elseRegion = result.addRegion();
  if (parser.parseRegion(*thenRegion))
    return failure();
  if (types.empty())
    ensureTerminator<YieldOp>(*thenRegion, result.location);
  if (succeeded(parser.parseOptionalKeyword("else"))) {
    if (parser.parseRegion(*elseRegion))
      return failure();
    if (types.empty())
      ensureTerminator<YieldOp>(*elseRegion, result.location);
  }
  return parser.parseOptionalAttrDict(result.attributes);
}

void IfOp::print(OpAsmPrinter &printer) {
  printer << ' ' << getCondition();
  if (getNumResults()) {
    printer << " -> (";
    printCTList(printer, *this, getResultTypes());
    printer << ')';
  }
  printer << ' ';
  printer.printRegion(getThenRegion());
  if (!getElseRegion().empty()) {
    printer << " else ";
    printer.printRegion(getElseRegion());
  }
  printer.printOptionalAttrDict((*this)->getAttrs());
}

LogicalResult IfOp::verify() {
  if (getNumResults() && getElseRegion().empty())
    return emitOpError("must have an else region when it yields values");
  return success();
}

//===----------------------------------------------------------------------===//
// Terminators
//===----------------------------------------------------------------------===//

static LogicalResult verifyTypes(Operation *op, TypeRange expected,
                                 StringRef what) {
  if (op->getOperandTypes() != expected) {
    InFlightDiagnostic diag = op->emitOpError("operand types must match ");
    diag << what << " (" << expected.size() << " values)";
    return diag;
  }
  return success();
}

// The innermost for/loop around `op`, looking through ifs only.
static Operation *enclosingLoop(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp()) {
    if (isa<ForOp, LoopOp>(parent))
      return parent;
    if (!isa<IfOp>(parent))
      return nullptr;
  }
  return nullptr;
}

LogicalResult ContinueOp::verify() {
  Operation *loop = enclosingLoop(*this);
  if (!loop)
    return emitOpError("must be inside a 'for' or 'loop'");
  Block &body = loop->getRegion(0).front();
  TypeRange iterTypes =
      TypeRange(body.getArguments().drop_front(isa<ForOp>(loop) ? 1 : 0));
  return verifyTypes(*this, iterTypes, "the loop's iter_values");
}

LogicalResult BreakOp::verify() {
  Operation *loop = enclosingLoop(*this);
  if (!loop || !isa<LoopOp>(loop))
    return emitOpError("must be inside a 'loop'");
  return verifyTypes(*this, loop->getResultTypes(), "the loop's results");
}

LogicalResult YieldOp::verify() {
  Operation *parent = (*this)->getParentOp();
  if (isa<IfOp>(parent))
    return verifyTypes(*this, parent->getResultTypes(), "the if's results");
  if (!isa<ReduceOp, ScanOp>(parent))
    return emitOpError("must be inside 'if', 'reduce' or 'scan'");
  for (Type type : getOperandTypes()) {
    auto tile = dyn_cast<TileType>(type);
    if (!tile || tile.getRank() != 0)
      return emitOpError("reduce and scan bodies must yield 0-d tiles");
  }
  return success();
}
