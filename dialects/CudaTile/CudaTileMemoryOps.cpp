//===- CudaTileMemoryOps.cpp - views, loads, stores, atomics, tokens ------===//

#include "CudaTileAsm.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace tileiras::cuda_tile;

static TileType tileOf(Value v) { return cast<TileType>(v.getType()); }

//===----------------------------------------------------------------------===//
// make_tensor_view
//===----------------------------------------------------------------------===//

// `[%n, 64]`: operands for dynamic entries, integers for static ones.
static ParseResult
parseMixedList(OpAsmParser &parser, StringRef keyword,
               SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dynamic,
               SmallVectorImpl<int64_t> &values) {
  if (parser.parseKeyword(keyword) || parser.parseEqual())
    return failure();
  return parser.parseCommaSeparatedList(
      OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
        OpAsmParser::UnresolvedOperand operand;
        OptionalParseResult isOperand = parser.parseOptionalOperand(operand);
        if (isOperand.has_value()) {
          if (failed(*isOperand))
            return failure();
          dynamic.push_back(operand);
          values.push_back(TensorViewType::kDynamic);
          return success();
        }
        int64_t v;
        if (parser.parseInteger(v))
          return failure();
        values.push_back(v);
        return success();
      });
}

static void printMixedList(OpAsmPrinter &printer, ArrayRef<int64_t> values,
                           OperandRange dynamic) {
  printer << '[';
  unsigned next = 0;
  llvm::interleaveComma(values, printer, [&](int64_t v) {
    if (v == TensorViewType::kDynamic && next < dynamic.size())
      printer << dynamic[next++];
    else
      printer << v;
  });
  printer << ']';
}

ParseResult MakeTensorViewOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  OpAsmParser::UnresolvedOperand base;
  SmallVector<OpAsmParser::UnresolvedOperand> dynShape, dynStrides;
  SmallVector<int64_t> shape, strides;
  if (parser.parseOperand(base) || parser.parseComma() ||
      parseMixedList(parser, "shape", dynShape, shape) || parser.parseComma() ||
      parseMixedList(parser, "strides", dynStrides, strides) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  SMLoc typeLoc = parser.getCurrentLocation();
  Type first, indexType;
  if (parseShortType(parser, first))
    return failure();
  Type viewType = first;
  if (succeeded(parser.parseOptionalArrow())) {
    indexType = first;
    if (parseShortType(parser, viewType))
      return failure();
  }
  auto view = dyn_cast<TensorViewType>(viewType);
  if (!view)
    return parser.emitError(typeLoc, "expected a tensor_view result type");
  if (view.getShape() != ArrayRef(shape) ||
      view.getStrides() != ArrayRef(strides))
    return parser.emitError(typeLoc, "shape and strides must match the "
                                     "tensor_view type");
  if (!indexType && (!dynShape.empty() || !dynStrides.empty()))
    return parser.emitError(typeLoc, "dynamic shape or strides need the index "
                                     "type: `: tile<i32> -> tensor_view<...>`");
  MLIRContext *ctx = parser.getContext();
  Type baseType =
      TileType::get(ctx, {}, PointerType::get(ctx, view.getElementType()));
  if (parser.resolveOperand(base, baseType, result.operands) ||
      parser.resolveOperands(dynShape, indexType, result.operands) ||
      parser.resolveOperands(dynStrides, indexType, result.operands))
    return failure();
  result.addAttribute(
      getOperandSegmentSizesAttrName(result.name),
      parser.getBuilder().getDenseI32ArrayAttr(
          {1, int32_t(dynShape.size()), int32_t(dynStrides.size())}));
  result.addTypes(view);
  return success();
}

void MakeTensorViewOp::print(OpAsmPrinter &printer) {
  TensorViewType view = getType();
  printer << ' ' << getBase() << ", shape = ";
  printMixedList(printer, view.getShape(), getDynamicShape());
  printer << ", strides = ";
  printMixedList(printer, view.getStrides(), getDynamicStrides());
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {getOperandSegmentSizesAttrName()});
  printer << " : ";
  Value firstDynamic = !getDynamicShape().empty()     ? getDynamicShape()[0]
                       : !getDynamicStrides().empty() ? getDynamicStrides()[0]
                                                      : Value();
  if (firstDynamic) {
    printShortType(printer, firstDynamic.getType());
    printer << " -> ";
  }
  printShortType(printer, view);
}

LogicalResult MakeTensorViewOp::verify() {
  TensorViewType view = getType();
  auto ptr = cast<PointerType>(tileOf(getBase()).getElementType());
  if (ptr.getPointeeType() != view.getElementType())
    return emitOpError("base pointee type ")
           << ptr.getPointeeType()
           << " does not match the tensor_view element type "
           << view.getElementType();
  auto countDynamic = [](ArrayRef<int64_t> values) {
    return llvm::count(values, TensorViewType::kDynamic);
  };
  if (countDynamic(view.getShape()) != int64_t(getDynamicShape().size()))
    return emitOpError("expects ")
           << countDynamic(view.getShape()) << " dynamic shape operands, got "
           << getDynamicShape().size();
  if (countDynamic(view.getStrides()) != int64_t(getDynamicStrides().size()))
    return emitOpError("expects ")
           << countDynamic(view.getStrides())
           << " dynamic stride operands, got " << getDynamicStrides().size();
  Type indexType;
  for (Value v : llvm::concat<Value>(getDynamicShape(), getDynamicStrides())) {
    if (indexType && v.getType() != indexType)
      return emitOpError("dynamic shape and stride operands must share one "
                         "type");
    indexType = v.getType();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

static LogicalResult verifyMakeView(Operation *op, Type source, Type result) {
  if (getViewTensorView(result) != source)
    return op->emitOpError("result view must be over the source tensor_view");
  return success();
}

LogicalResult MakePartitionViewOp::verify() {
  if (!isa<PartitionViewType>(getType()))
    return emitOpError("result must be a partition_view");
  return verifyMakeView(*this, getSource().getType(), getType());
}
LogicalResult MakeStridedViewOp::verify() {
  if (!isa<StridedViewType>(getType()))
    return emitOpError("result must be a strided_view");
  return verifyMakeView(*this, getSource().getType(), getType());
}
LogicalResult MakeGatherScatterViewOp::verify() {
  if (!isa<GatherScatterViewType>(getType()))
    return emitOpError("result must be a gather_scatter_view");
  return verifyMakeView(*this, getSource().getType(), getType());
}

static LogicalResult verifyShapeResults(Operation *op, int64_t rank) {
  if (int64_t(op->getNumResults()) != rank)
    return op->emitOpError("expects ")
           << rank << " results, one per dimension, got "
           << op->getNumResults();
  if (!llvm::all_equal(op->getResultTypes()))
    return op->emitOpError("results must share one type");
  return success();
}

LogicalResult GetTensorShapeOp::verify() {
  return verifyShapeResults(*this, getSource().getType().getRank());
}
LogicalResult GetIndexSpaceShapeOp::verify() {
  return verifyShapeResults(*this, getViewIndexRank(getSource().getType()));
}

//===----------------------------------------------------------------------===//
// Loads and stores
//===----------------------------------------------------------------------===//

// Loads take weak/relaxed/acquire, stores weak/relaxed/release; `weak`
// forbids a scope, the others need one.
static LogicalResult verifyOrdering(Operation *op, MemoryOrdering ordering,
                                    std::optional<MemoryScope> scope,
                                    bool isLoad) {
  MemoryOrdering allowed =
      isLoad ? MemoryOrdering::Acquire : MemoryOrdering::Release;
  if (ordering != MemoryOrdering::Weak && ordering != MemoryOrdering::Relaxed &&
      ordering != allowed)
    return op->emitOpError("memory ordering '")
           << stringifyMemoryOrdering(ordering) << "' is not supported; "
           << (isLoad ? "loads" : "stores") << " take weak, relaxed or "
           << stringifyMemoryOrdering(allowed);
  if (ordering == MemoryOrdering::Weak && scope)
    return op->emitOpError("weak memory ordering must not have a scope");
  if (ordering != MemoryOrdering::Weak && !scope)
    return op->emitOpError("memory ordering '")
           << stringifyMemoryOrdering(ordering) << "' needs a memory scope";
  return success();
}

// Index count, index types and the tile type of a view access.
static LogicalResult verifyViewAccess(Operation *op, Type view,
                                      ValueRange indices, TileType tile) {
  int64_t rank = getViewIndexRank(view);
  if (int64_t(indices.size()) != rank)
    return op->emitOpError("expects ")
           << rank << " indices, got " << indices.size();
  auto gather = dyn_cast<GatherScatterViewType>(view);
  for (auto [i, index] : llvm::enumerate(indices)) {
    TileType t = tileOf(index);
    if (!t.getElementType().isSignlessInteger())
      return op->emitOpError("index #") << i << " must be an integer tile";
    bool isGather = gather && int64_t(i) == gather.getSparseDim();
    if (!isGather && t.getRank() != 0)
      return op->emitOpError("index #") << i << " must be a 0-d tile";
    if (isGather &&
        (t.getRank() != 1 || t.getShape()[0] != gather.getTileShape()[i]))
      return op->emitOpError("gather index must be a 1-D tile of ")
             << gather.getTileShape()[i] << " elements";
  }
  TensorViewType tv = getViewTensorView(view);
  SmallVector<int64_t> shape = getViewTileShape(view);
  if (tile.getShape() != ArrayRef(shape) ||
      tile.getElementType() != tv.getElementType())
    return op->emitOpError("tile type ")
           << tile << " does not match the view's tile "
           << TileType::get(op->getContext(), shape, tv.getElementType());
  return success();
}

LogicalResult LoadViewTkoOp::verify() {
  if (failed(verifyOrdering(*this, getMemoryOrdering(), getMemoryScope(),
                            /*isLoad=*/true)))
    return failure();
  return verifyViewAccess(*this, getView().getType(), getIndices(),
                          tileOf(getTile()));
}

LogicalResult StoreViewTkoOp::verify() {
  if (failed(verifyOrdering(*this, getMemoryOrdering(), getMemoryScope(),
                            /*isLoad=*/false)))
    return failure();
  return verifyViewAccess(*this, getView().getType(), getIndices(),
                          tileOf(getTile()));
}

// Pointer tile, value tile and mask agree in shape; pointee = element.
static LogicalResult verifyPointerAccess(Operation *op, Value pointers,
                                         TileType value, Value mask) {
  TileType ptrs = tileOf(pointers);
  if (ptrs.getShape() != value.getShape())
    return op->emitOpError("pointer and value shapes must match");
  auto ptr = cast<PointerType>(ptrs.getElementType());
  if (ptr.getPointeeType() != value.getElementType())
    return op->emitOpError("value element type ")
           << value.getElementType() << " does not match the pointee type "
           << ptr.getPointeeType();
  if (mask && tileOf(mask).getShape() != ptrs.getShape())
    return op->emitOpError("mask shape must match the pointer shape");
  return success();
}

LogicalResult LoadPtrTkoOp::verify() {
  if (failed(verifyOrdering(*this, getMemoryOrdering(), getMemoryScope(),
                            /*isLoad=*/true)))
    return failure();
  if (getPadding() && !getMask())
    return emitOpError("padding needs a mask");
  if (getPadding() && getPadding().getType() != getResult().getType())
    return emitOpError("padding type must match the result type");
  return verifyPointerAccess(*this, getSource(), tileOf(getResult()),
                             getMask());
}

LogicalResult StorePtrTkoOp::verify() {
  if (failed(verifyOrdering(*this, getMemoryOrdering(), getMemoryScope(),
                            /*isLoad=*/false)))
    return failure();
  return verifyPointerAccess(*this, getDestination(), tileOf(getValue()),
                             getMask());
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

static LogicalResult verifyAtomicMode(Operation *op, AtomicMode mode,
                                      Type element) {
  bool isInt = element.isInteger(32) || element.isInteger(64);
  bool ok = false;
  switch (mode) {
  case AtomicMode::AddF:
    ok = element.isF16() || element.isBF16() || element.isF32() ||
         element.isF64();
    break;
  case AtomicMode::Xchg:
    ok = isInt || element.isF32() || element.isF64();
    break;
  default:
    ok = isInt;
  }
  if (!ok)
    return op->emitOpError("atomic mode '")
           << stringifyAtomicMode(mode) << "' does not support " << element;
  return success();
}

LogicalResult AtomicRmwTkoOp::verify() {
  if (getMemoryOrdering() == MemoryOrdering::Weak)
    return emitOpError("atomics need relaxed, acquire, release or acq_rel "
                       "ordering");
  if (failed(verifyAtomicMode(*this, getMode(),
                              tileOf(getArg()).getElementType())))
    return failure();
  return verifyPointerAccess(*this, getPointers(), tileOf(getArg()), getMask());
}

LogicalResult AtomicCasTkoOp::verify() {
  if (getMemoryOrdering() == MemoryOrdering::Weak)
    return emitOpError("atomics need relaxed, acquire, release or acq_rel "
                       "ordering");
  Type element = tileOf(getCmp()).getElementType();
  if (!element.isInteger(32) && !element.isInteger(64) && !element.isF32() &&
      !element.isF64())
    return emitOpError("compare-and-swap supports i32, i64, f32 and f64, got ")
           << element;
  return verifyPointerAccess(*this, getPointers(), tileOf(getCmp()), getMask());
}

LogicalResult AtomicRedViewTkoOp::verify() {
  if (getMemoryOrdering() != MemoryOrdering::Relaxed)
    return emitOpError("atomic_red_view_tko supports only relaxed ordering");
  if (getMemoryScope() == MemoryScope::Sys)
    return emitOpError("atomic_red_view_tko supports the tl_blk and device "
                       "scopes");
  if (getMode() == AtomicMode::Xchg)
    return emitOpError("atomic_red_view_tko does not support xchg");
  if (failed(verifyAtomicMode(*this, getMode(),
                              tileOf(getValue()).getElementType())))
    return failure();
  return verifyViewAccess(*this, getView().getType(), getIndices(),
                          tileOf(getValue()));
}

LogicalResult JoinTokensOp::verify() {
  if (getTokens().size() < 2)
    return emitOpError("expects at least 2 tokens, got ") << getTokens().size();
  return success();
}

//===----------------------------------------------------------------------===//
// assume, print
//===----------------------------------------------------------------------===//

LogicalResult AssumeOp::verify() {
  Attribute pred = getPredicate();
  if (!isa<DivByAttr, SameElementsAttr, BoundedAttr>(pred))
    return emitOpError("predicate must be div_by, same_elements or bounded");
  Type type = getValue().getType();
  auto tile = dyn_cast<TileType>(type);
  if (auto same = dyn_cast<SameElementsAttr>(pred))
    if (!tile || int64_t(same.getValues().size()) != tile.getRank())
      return emitOpError("same_elements needs one group size per tile "
                         "dimension");
  if (isa<BoundedAttr>(pred) &&
      (!tile || !tile.getElementType().isSignlessInteger()))
    return emitOpError("bounded applies to integer tiles");
  if (auto div = dyn_cast<DivByAttr>(pred)) {
    bool ok = isa<TensorViewType>(type) ||
              (tile && (isa<PointerType>(tile.getElementType()) ||
                        tile.getElementType().isSignlessInteger()));
    if (!ok)
      return emitOpError("div_by applies to integer or pointer tiles and "
                         "tensor_views");
    if (div.getAlong() >= 0 && (!tile || div.getAlong() >= tile.getRank()))
      return emitOpError("div_by 'along' dimension is out of range");
  }
  return success();
}

LogicalResult PrintTkoOp::verify() {
  // One conversion per argument; `%%` is a literal percent sign.
  StringRef format = getStr();
  unsigned specs = 0;
  for (size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%')
      continue;
    if (i + 1 < format.size() && format[i + 1] == '%') {
      ++i;
      continue;
    }
    ++specs;
  }
  if (specs != getArgs().size())
    return emitOpError("format has ")
           << specs << " conversion specifications but " << getArgs().size()
           << " arguments were given";
  return success();
}
