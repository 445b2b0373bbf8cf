//===- NVTileAATiledOps.cpp - tensor descriptors and tiled memory ops -----===//
//
// The !nv_tileaa.memref type, make_memref, and the tiled_load, tiled_store and
// tiled_atomic_rmw ops that address a memref a whole tile at a time.
//
//===----------------------------------------------------------------------===//

#include "tileiras/Dialect/NVTileAA/NVTileAA.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tileiras::nv_tileaa;

//===----------------------------------------------------------------------===//
// GlobalMemRefType
//===----------------------------------------------------------------------===//

namespace {
void printExtent(AsmPrinter &printer, int64_t extent) {
  if (ShapedType::isDynamic(extent))
    printer << "?";
  else
    printer << extent;
}

/// One stride: `?` or an integer.
ParseResult parseStride(AsmParser &parser, int64_t &stride) {
  if (succeeded(parser.parseOptionalQuestion())) {
    stride = ShapedType::kDynamic;
    return success();
  }
  return parser.parseInteger(stride);
}
} // namespace

// `<` (dim `x`)+ element-type `,` `strides` `=` `[` stride (`,` stride)* `]`
// `>`
Type GlobalMemRefType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t> shape, strides;
  Type elementType;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/true) ||
      parser.parseType(elementType) || parser.parseComma() ||
      parser.parseKeyword("strides") || parser.parseEqual() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                     [&]() -> ParseResult {
                                       return parseStride(
                                           parser, strides.emplace_back());
                                     }) ||
      parser.parseGreater())
    return {};
  return getChecked([&]() { return parser.emitError(loc); },
                    parser.getContext(), ArrayRef<int64_t>(shape), elementType,
                    ArrayRef<int64_t>(strides));
}

void GlobalMemRefType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t extent : getShape()) {
    printExtent(printer, extent);
    printer << "x";
  }
  printer << getElementType() << ", strides = [";
  llvm::interleaveComma(getStrides(), printer,
                        [&](int64_t stride) { printExtent(printer, stride); });
  printer << "]>";
}

LogicalResult
GlobalMemRefType::verify(function_ref<InFlightDiagnostic()> emitError,
                         ArrayRef<int64_t> shape, Type elementType,
                         ArrayRef<int64_t> strides) {
  if (shape.empty() || shape.size() > kMaxRank)
    return emitError() << "!nv_tileaa.memref rank must be 1 to " << kMaxRank
                       << ", but got " << shape.size();
  if (strides.size() != shape.size())
    return emitError() << "!nv_tileaa.memref needs one stride per dimension ("
                       << shape.size() << "), but got " << strides.size();
  auto invalid = [](int64_t extent) {
    return !ShapedType::isDynamic(extent) && extent < 1;
  };
  if (llvm::any_of(shape, invalid) || llvm::any_of(strides, invalid))
    return emitError() << "!nv_tileaa.memref sizes and strides must be "
                          "positive or ?";
  if (strides.back() != 1)
    return emitError() << "!nv_tileaa.memref innermost stride must be the "
                          "literal 1 (rows are contiguous)";
  if (!isPointeeType(elementType) || elementType.isInteger(1))
    return emitError() << "!nv_tileaa.memref cannot hold " << elementType
                       << "; expected i8, i16, i32, i64, f16, bf16, f32, f64, "
                          "f8E4M3FN or f8E5M2";
  return success();
}

//===----------------------------------------------------------------------===//
// MakeMemRefOp
//===----------------------------------------------------------------------===//

namespace {
int64_t countDynamic(ArrayRef<int64_t> extents) {
  return llvm::count_if(extents, ShapedType::isDynamic);
}

/// The i32 value of entry `dim` of `extents`: the next operand for each `?`,
/// else a constant.
Value extentValue(OpBuilder &builder, Location loc, ArrayRef<int64_t> extents,
                  ValueRange dynamic, unsigned dim) {
  if (ShapedType::isDynamic(extents[dim]))
    return dynamic[countDynamic(extents.take_front(dim))];
  return arith::ConstantIntOp::create(builder, loc, extents[dim], 32);
}

LogicalResult verifyHints(Operation *op, StringRef name,
                          std::optional<ArrayRef<int64_t>> hints,
                          unsigned rank) {
  if (!hints)
    return success();
  if (hints->size() != rank)
    return op->emitOpError() << name << " needs one entry per dimension ("
                             << rank << "), but got " << hints->size();
  for (int64_t hint : *hints)
    if (hint < 1 || !llvm::isPowerOf2_64(hint))
      return op->emitOpError()
             << name << " entries must be positive powers of two, but got "
             << hint;
  return success();
}
} // namespace

Value MakeMemRefOp::getSizeValue(OpBuilder &builder, unsigned dim) {
  return extentValue(builder, getLoc(), getType().getShape(), getSizes(), dim);
}

Value MakeMemRefOp::getStrideValue(OpBuilder &builder, unsigned dim) {
  return extentValue(builder, getLoc(), getType().getStrides(), getStrides(),
                     dim);
}

LogicalResult MakeMemRefOp::verify() {
  GlobalMemRefType type = getType();
  auto ptr = dyn_cast<PtrType>(getBase().getType());
  if (!ptr)
    return emitOpError("base must be a scalar pointer, not a tile");
  if (ptr.getAddressSpace() != PtrType::kGlobalAddressSpace)
    return emitOpError() << "base must point to global memory (address "
                            "space 1), but the address space is "
                         << ptr.getAddressSpace();
  if (ptr.getPointeeType() != type.getElementType())
    return emitOpError() << "base pointee type " << ptr.getPointeeType()
                         << " does not match the memref element type "
                         << type.getElementType();
  if (static_cast<int64_t>(getSizes().size()) != countDynamic(type.getShape()))
    return emitOpError() << "needs one size operand per ? size of the result ("
                         << countDynamic(type.getShape()) << "), but got "
                         << getSizes().size();
  if (static_cast<int64_t>(getStrides().size()) !=
      countDynamic(type.getStrides()))
    return emitOpError() << "needs one stride operand per ? stride of the "
                            "result ("
                         << countDynamic(type.getStrides()) << "), but got "
                         << getStrides().size();
  if (failed(verifyHints(*this, "sizes_div_by", getSizesDivBy(),
                         type.getRank())) ||
      failed(verifyHints(*this, "strides_div_by", getStridesDivBy(),
                         type.getRank())))
    return failure();
  if (std::optional<uint64_t> align = getBaseAlign();
      align && (*align == 0 || !llvm::isPowerOf2_64(*align)))
    return emitOpError() << "base_align must be a positive power of two, but "
                            "got "
                         << *align;
  return success();
}

//===----------------------------------------------------------------------===//
// Tiled accesses
//===----------------------------------------------------------------------===//

namespace {
/// Checks what tiled_load, tiled_store and tiled_atomic_rmw share: one index
/// per memref dimension, a tile of the memref's rank and element type.
LogicalResult verifyTiledAccess(Operation *op, GlobalMemRefType memref,
                                ValueRange indices, Type tileType,
                                StringRef what) {
  if (indices.size() != memref.getRank())
    return op->emitOpError()
           << "needs one tile index per memref dimension (" << memref.getRank()
           << "), but got " << indices.size();
  auto tile = cast<RankedTensorType>(tileType);
  if (tile.getRank() != memref.getRank())
    return op->emitOpError()
           << what << " " << tileType << " must have the memref's rank ("
           << memref.getRank() << ")";
  if (tile.getElementType() != memref.getElementType())
    return op->emitOpError()
           << what << " element type " << tile.getElementType()
           << " does not match the memref element type "
           << memref.getElementType();
  return success();
}
} // namespace

LogicalResult TiledLoadOp::verify() {
  if (failed(verifyTiledAccess(*this, getMemref().getType(), getIndices(),
                               getType(), "result")))
    return failure();
  if (std::optional<TypedAttr> padding = getPadding();
      padding && padding->getType() != getType().getElementType())
    return emitOpError() << "padding " << *padding
                         << " must have the element type "
                         << getType().getElementType();
  return success();
}

LogicalResult TiledStoreOp::verify() {
  return verifyTiledAccess(*this, getMemref().getType(), getIndices(),
                           getValue().getType(), "stored value");
}

LogicalResult TiledAtomicRMWOp::verify() {
  if (failed(verifyTiledAccess(*this, getMemref().getType(), getIndices(),
                               getValue().getType(), "value")))
    return failure();
  if (getType() != getValue().getType())
    return emitOpError() << "result " << getType()
                         << " must have the value's type "
                         << getValue().getType();
  AtomicRMWMode mode = getRmwMode();
  if (mode != AtomicRMWMode::add && mode != AtomicRMWMode::addf)
    return emitOpError() << "supports 'add' and 'addf', not '"
                         << stringifyAtomicRMWMode(mode) << "'";
  Type elementType = getType().getElementType();
  bool isFloat = isArithFloatType(elementType);
  if ((mode == AtomicRMWMode::addf && !isFloat) ||
      (!isFloat && !isOffsetType(elementType)))
    return emitOpError() << "'" << stringifyAtomicRMWMode(mode)
                         << "' cannot update " << elementType
                         << " elements; expected "
                         << (mode == AtomicRMWMode::addf
                                 ? "f16, bf16, f32 or f64"
                                 : "i32, i64, f16, bf16, f32 or f64");
  return success();
}
