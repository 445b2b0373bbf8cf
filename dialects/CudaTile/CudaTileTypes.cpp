//===- CudaTileTypes.cpp - cuda_tile types --------------------------------===//

#include "CudaTileAsm.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tileiras::cuda_tile;

#define GET_TYPEDEF_CLASSES
#include "tileiras/Dialect/CudaTile/CudaTileTypes.cpp.inc"

void CudaTileDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tileiras/Dialect/CudaTile/CudaTileTypes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Element type classes
//===----------------------------------------------------------------------===//

bool tileiras::cuda_tile::isBaseFloat(Type type) {
  return type.isF16() || type.isBF16() || type.isF32() || type.isF64();
}

bool tileiras::cuda_tile::isNumberType(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type))
    return intType.isSignless() &&
           llvm::is_contained(ArrayRef<unsigned>{1, 8, 16, 32, 64},
                              intType.getWidth());
  return isBaseFloat(type) || type.isTF32() ||
         isa<Float8E4M3FNType, Float8E5M2Type, Float8E8M0FNUType,
             Float4E2M1FNType>(type);
}

bool tileiras::cuda_tile::isTileElementType(Type type) {
  return isNumberType(type) || type.isSignlessInteger(4) ||
         isa<PointerType>(type);
}

unsigned tileiras::cuda_tile::getElementBitWidth(Type type) {
  if (isa<PointerType>(type))
    return 64;
  if (type.isInteger(1))
    return 8;
  return type.getIntOrFloatBitWidth();
}

TensorViewType tileiras::cuda_tile::getViewTensorView(Type view) {
  return TypeSwitch<Type, TensorViewType>(view)
      .Case<PartitionViewType, StridedViewType, GatherScatterViewType>(
          [](auto v) { return v.getTensorView(); })
      .Default([](Type) { return TensorViewType(); });
}

SmallVector<int64_t> tileiras::cuda_tile::getViewTileShape(Type view) {
  return TypeSwitch<Type, SmallVector<int64_t>>(view)
      .Case<PartitionViewType, StridedViewType, GatherScatterViewType>(
          [](auto v) {
            return SmallVector<int64_t>(v.getTileShape().begin(),
                                        v.getTileShape().end());
          })
      .Default([](Type) { return SmallVector<int64_t>(); });
}

int64_t tileiras::cuda_tile::getViewIndexRank(Type view) {
  TensorViewType tv = getViewTensorView(view);
  return tv ? tv.getRank() : 0;
}

RankedTensorType tileiras::cuda_tile::getDenseType(TileType tile) {
  return RankedTensorType::get(tile.getShape(), tile.getElementType());
}

TileType tileiras::cuda_tile::getMaskTypeFor(TileType tile) {
  return tile.withElementType(IntegerType::get(tile.getContext(), 1));
}

namespace tileiras::cuda_tile::detail {
static Type elementOf(Type type) {
  auto tile = dyn_cast<TileType>(type);
  return tile ? tile.getElementType() : Type();
}
bool isTile(Type type) { return isa<TileType>(type); }
bool isBaseFloatTile(Type type) {
  Type e = elementOf(type);
  return e && isBaseFloat(e);
}
bool isFloatTile(Type type) {
  Type e = elementOf(type);
  return e && isa<FloatType>(e);
}
bool isIntTile(Type type) {
  Type e = elementOf(type);
  return e && e.isSignlessInteger();
}
bool isBoolTile(Type type) {
  Type e = elementOf(type);
  return e && e.isInteger(1);
}
bool isPtrTile(Type type) {
  return isa_and_nonnull<PointerType>(elementOf(type));
}
bool isNumberTile(Type type) {
  Type e = elementOf(type);
  return e && (isNumberType(e) || e.isSignlessInteger(4));
}
bool isScalarTile(Type type) {
  auto tile = dyn_cast<TileType>(type);
  return tile && tile.getRank() == 0;
}
bool isScalarBool(Type type) { return isScalarTile(type) && isBoolTile(type); }
bool isScalarInt(Type type) { return isScalarTile(type) && isIntTile(type); }
bool isScalarPtr(Type type) { return isScalarTile(type) && isPtrTile(type); }
bool isScalarI32(Type type) {
  return isScalarTile(type) && elementOf(type).isInteger(32);
}
bool isTileView(Type type) {
  return isa<PartitionViewType, StridedViewType, GatherScatterViewType>(type);
}
} // namespace tileiras::cuda_tile::detail

//===----------------------------------------------------------------------===//
// Short-form parsing and printing
//===----------------------------------------------------------------------===//

Type tileiras::cuda_tile::parseTypeAfterMnemonic(AsmParser &parser,
                                                 StringRef mnemonic) {
  if (mnemonic == "tile")
    return TileType::parse(parser);
  if (mnemonic == "ptr")
    return PointerType::parse(parser);
  if (mnemonic == "token")
    return TokenType::get(parser.getContext());
  if (mnemonic == "tensor_view")
    return TensorViewType::parse(parser);
  if (mnemonic == "partition_view")
    return PartitionViewType::parse(parser);
  if (mnemonic == "strided_view")
    return StridedViewType::parse(parser);
  if (mnemonic == "gather_scatter_view")
    return GatherScatterViewType::parse(parser);
  parser.emitError(parser.getNameLoc(), "unknown cuda_tile type '")
      << mnemonic << "'";
  return Type();
}

StringRef tileiras::cuda_tile::getTypeMnemonic(Type type) {
  return TypeSwitch<Type, StringRef>(type)
      .Case<TileType, PointerType, TokenType, TensorViewType, PartitionViewType,
            StridedViewType, GatherScatterViewType>(
          [](auto t) { return decltype(t)::getMnemonic(); })
      .Default([](Type) { return StringRef(); });
}

ParseResult tileiras::cuda_tile::parseShortType(AsmParser &parser, Type &type) {
  StringRef mnemonic;
  if (succeeded(parser.parseOptionalKeyword(
          &mnemonic, {"tile", "ptr", "token", "tensor_view", "partition_view",
                      "strided_view", "gather_scatter_view"}))) {
    type = parseTypeAfterMnemonic(parser, mnemonic);
    return success(static_cast<bool>(type));
  }
  return parser.parseType(type);
}

void tileiras::cuda_tile::printShortType(AsmPrinter &printer, Type type) {
  StringRef mnemonic = getTypeMnemonic(type);
  if (mnemonic.empty()) {
    printer.printType(type);
    return;
  }
  printer << mnemonic;
  TypeSwitch<Type>(type)
      .Case<TileType, PointerType, TensorViewType, PartitionViewType,
            StridedViewType, GatherScatterViewType>(
          [&](auto t) { t.print(printer); });
}

Type CudaTileDialect::parseType(DialectAsmParser &parser) const {
  StringRef mnemonic;
  Type type;
  SMLoc loc = parser.getCurrentLocation();
  OptionalParseResult parsed = generatedTypeParser(parser, &mnemonic, type);
  if (parsed.has_value())
    return succeeded(*parsed) ? type : Type();
  parser.emitError(loc, "unknown cuda_tile type '") << mnemonic << "'";
  return Type();
}

void CudaTileDialect::printType(Type type, DialectAsmPrinter &printer) const {
  (void)generatedTypePrinter(type, printer);
}

//===----------------------------------------------------------------------===//
// Shared pieces of the type bodies
//===----------------------------------------------------------------------===//

static void printDims(AsmPrinter &printer, ArrayRef<int64_t> dims,
                      bool trailingX) {
  for (auto [i, d] : llvm::enumerate(dims)) {
    if (i)
      printer << 'x';
    if (d == ShapedType::kDynamic)
      printer << '?';
    else
      printer << d;
  }
  if (trailingX && !dims.empty())
    printer << 'x';
}

// `[1, ?, 3]`
static ParseResult parseIntList(AsmParser &parser,
                                SmallVectorImpl<int64_t> &out,
                                bool allowDynamic) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() {
    if (allowDynamic && succeeded(parser.parseOptionalQuestion())) {
      out.push_back(ShapedType::kDynamic);
      return success();
    }
    int64_t v;
    if (parser.parseInteger(v))
      return failure();
    out.push_back(v);
    return success();
  });
}

template <typename T>
static void printIntList(AsmPrinter &printer, ArrayRef<T> values,
                         StringRef sep) {
  printer << '[';
  for (auto [i, v] : llvm::enumerate(values)) {
    if (i)
      printer << sep;
    if (int64_t(v) == ShapedType::kDynamic)
      printer << '?';
    else
      printer << int64_t(v);
  }
  printer << ']';
}

static SmallVector<int32_t> toI32(ArrayRef<int64_t> values) {
  return SmallVector<int32_t>(values.begin(), values.end());
}

// `tile=(64x64)`
static ParseResult parseTileShape(AsmParser &parser,
                                  SmallVectorImpl<int32_t> &shape) {
  SmallVector<int64_t> dims;
  if (parser.parseKeyword("tile") || parser.parseEqual() ||
      parser.parseLParen() ||
      parser.parseDimensionList(dims, /*allowDynamic=*/false,
                                /*withTrailingX=*/false) ||
      parser.parseRParen())
    return failure();
  shape = toI32(dims);
  return success();
}

static void printTileShape(AsmPrinter &printer, ArrayRef<int32_t> shape) {
  printer << "tile=(";
  printDims(printer, SmallVector<int64_t>(shape.begin(), shape.end()), false);
  printer << ')';
}

// `padding_value = zero` (after a comma); -1 when absent.
static ParseResult parseOptionalPadding(AsmParser &parser, int32_t &padding) {
  padding = -1;
  if (failed(parser.parseOptionalKeyword("padding_value")))
    return success();
  StringRef name;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseEqual() || parser.parseKeyword(&name))
    return failure();
  std::optional<PaddingValue> value = symbolizePaddingValue(name);
  if (!value)
    return parser.emitError(loc, "unknown padding value '") << name << "'";
  padding = static_cast<int32_t>(*value);
  return parser.parseComma();
}

static void printPadding(AsmPrinter &printer, int32_t padding) {
  if (padding >= 0)
    printer << "padding_value = "
            << stringifyPaddingValue(static_cast<PaddingValue>(padding))
            << ", ";
}

static ParseResult parseTensorViewParam(AsmParser &parser,
                                        TensorViewType &view) {
  Type type;
  if (parseShortType(parser, type))
    return failure();
  view = dyn_cast<TensorViewType>(type);
  if (!view)
    return parser.emitError(parser.getCurrentLocation(),
                            "expected a tensor_view type");
  return success();
}

static bool isIdentity(ArrayRef<int32_t> dimMap) {
  for (auto [i, d] : llvm::enumerate(dimMap))
    if (d != int32_t(i))
      return false;
  return true;
}

// `, dim_map=[1, 0]`; an identity map is stored as empty.
static ParseResult parseOptionalDimMap(AsmParser &parser,
                                       SmallVectorImpl<int32_t> &dimMap) {
  if (failed(parser.parseOptionalComma()))
    return success();
  SmallVector<int64_t> values;
  if (parser.parseKeyword("dim_map") || parser.parseEqual() ||
      parseIntList(parser, values, false))
    return failure();
  dimMap = toI32(values);
  if (isIdentity(dimMap))
    dimMap.clear();
  return success();
}

static void printDimMap(AsmPrinter &printer, ArrayRef<int32_t> dimMap) {
  if (!dimMap.empty() && !isIdentity(dimMap)) {
    printer << ", dim_map=";
    printIntList(printer, dimMap, ", ");
  }
}

//===----------------------------------------------------------------------===//
// Pointer, tile, token
//===----------------------------------------------------------------------===//

Type PointerType::parse(AsmParser &parser) {
  Type pointee;
  if (parser.parseLess() || parseShortType(parser, pointee) ||
      parser.parseGreater())
    return Type();
  return parser.getChecked<PointerType>(parser.getContext(), pointee);
}

void PointerType::print(AsmPrinter &printer) const {
  printer << '<';
  printShortType(printer, getPointeeType());
  printer << '>';
}

LogicalResult PointerType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  Type pointee) {
  if (!isNumberType(pointee))
    return emitError() << "pointee type must be a number type, got " << pointee;
  return success();
}

Type TileType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type element;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parseShortType(parser, element) || parser.parseGreater())
    return Type();
  return parser.getChecked<TileType>(parser.getContext(), shape, element);
}

void TileType::print(AsmPrinter &printer) const {
  printer << '<';
  printDims(printer, getShape(), /*trailingX=*/true);
  printShortType(printer, getElementType());
  printer << '>';
}

int64_t TileType::getNumElements() const {
  int64_t n = 1;
  for (int64_t d : getShape())
    n *= d;
  return n;
}

LogicalResult TileType::verify(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<int64_t> shape, Type element) {
  if (!isTileElementType(element))
    return emitError() << "tile element type must be a number type, i4 or "
                          "a pointer, got "
                       << element;
  int64_t count = 1;
  for (int64_t d : shape) {
    if (d <= 0 || !llvm::isPowerOf2_64(d))
      return emitError() << "tile dimensions must be powers of two, got " << d;
    if (d > INT32_MAX / count)
      return emitError() << "tile has more than 2^31 - 1 elements";
    count *= d;
  }
  if (isa<Float4E2M1FNType>(element) && count % 2 != 0)
    return emitError() << "a tile of f4E2M1FN needs an even element count";
  return success();
}

Type TokenType::parse(AsmParser &parser) {
  return TokenType::get(parser.getContext());
}
void TokenType::print(AsmPrinter &) const {}

//===----------------------------------------------------------------------===//
// tensor_view
//===----------------------------------------------------------------------===//

Type TensorViewType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape, strides;
  Type element;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/true,
                                /*withTrailingX=*/true) ||
      parseShortType(parser, element))
    return Type();
  if (succeeded(parser.parseOptionalComma()) &&
      (parser.parseKeyword("strides") || parser.parseEqual() ||
       parseIntList(parser, strides, true)))
    return Type();
  if (parser.parseGreater())
    return Type();
  return parser.getChecked<TensorViewType>(parser.getContext(), element, shape,
                                           strides);
}

void TensorViewType::print(AsmPrinter &printer) const {
  printer << '<';
  printDims(printer, getShape(), /*trailingX=*/true);
  printShortType(printer, getElementType());
  if (!getShape().empty()) {
    printer << ", strides=";
    printIntList(printer, getStrides(), ",");
  }
  printer << '>';
}

LogicalResult
TensorViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                       Type element, ArrayRef<int64_t> shape,
                       ArrayRef<int64_t> strides) {
  if (!isNumberType(element) && !element.isSignlessInteger(4))
    return emitError() << "tensor_view element type must be a number type, "
                          "got "
                       << element;
  if (shape.size() != strides.size())
    return emitError() << "tensor_view has " << shape.size()
                       << " dimensions but " << strides.size() << " strides";
  for (int64_t d : shape)
    if (d != kDynamic && d <= 0)
      return emitError() << "tensor_view dimensions must be positive, got "
                         << d;
  for (int64_t s : strides)
    if (s != kDynamic && s <= 0)
      return emitError() << "tensor_view strides must be positive, got " << s;
  return success();
}

//===----------------------------------------------------------------------===//
// Views over a tensor_view
//===----------------------------------------------------------------------===//

static LogicalResult
verifyViewCommon(function_ref<InFlightDiagnostic()> emitError, StringRef what,
                 ArrayRef<int32_t> tile, TensorViewType tv,
                 ArrayRef<int32_t> dimMap, int32_t padding) {
  if (!tv)
    return emitError() << what << " needs a tensor_view";
  if (int64_t(tile.size()) != tv.getRank())
    return emitError() << what << " tile rank " << tile.size()
                       << " does not match the tensor_view rank "
                       << tv.getRank();
  for (int32_t d : tile)
    if (d <= 0 || !llvm::isPowerOf2_32(d))
      return emitError() << what << " tile dimensions must be powers of two, "
                         << "got " << d;
  if (!dimMap.empty()) {
    if (dimMap.size() != tile.size())
      return emitError() << what << " dim_map must have " << tile.size()
                         << " entries";
    SmallVector<bool> seen(tile.size(), false);
    for (int32_t d : dimMap) {
      if (d < 0 || d >= int32_t(tile.size()) || seen[d])
        return emitError() << what << " dim_map must be a permutation of [0, "
                           << tile.size() << ")";
      seen[d] = true;
    }
  }
  if (padding < -1 || padding > 4)
    return emitError() << what << " has an invalid padding value";
  if (padding > 0 && !isa<FloatType>(tv.getElementType()))
    return emitError() << "padding_value "
                       << stringifyPaddingValue(PaddingValue(padding))
                       << " needs a float element type";
  return success();
}

Type PartitionViewType::parse(AsmParser &parser) {
  SmallVector<int32_t> tile, dimMap;
  int32_t padding;
  TensorViewType tv;
  if (parser.parseLess() || parseTileShape(parser, tile) ||
      parser.parseComma() || parseOptionalPadding(parser, padding) ||
      parseTensorViewParam(parser, tv) || parseOptionalDimMap(parser, dimMap) ||
      parser.parseGreater())
    return Type();
  return parser.getChecked<PartitionViewType>(parser.getContext(), tile, tv,
                                              dimMap, padding);
}

void PartitionViewType::print(AsmPrinter &printer) const {
  printer << '<';
  printTileShape(printer, getTileShape());
  printer << ", ";
  printPadding(printer, getPadding());
  printShortType(printer, getTensorView());
  printDimMap(printer, getDimMap());
  printer << '>';
}

LogicalResult
PartitionViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                          ArrayRef<int32_t> tile, TensorViewType tv,
                          ArrayRef<int32_t> dimMap, int32_t padding) {
  return verifyViewCommon(emitError, "partition_view", tile, tv, dimMap,
                          padding);
}

Type StridedViewType::parse(AsmParser &parser) {
  SmallVector<int32_t> tile, dimMap;
  SmallVector<int64_t> strides;
  int32_t padding;
  TensorViewType tv;
  if (parser.parseLess() || parseTileShape(parser, tile) ||
      parser.parseComma() || parser.parseKeyword("traversal_strides") ||
      parser.parseEqual() || parseIntList(parser, strides, false) ||
      parser.parseComma() || parseOptionalPadding(parser, padding) ||
      parseTensorViewParam(parser, tv) || parseOptionalDimMap(parser, dimMap) ||
      parser.parseGreater())
    return Type();
  return parser.getChecked<StridedViewType>(
      parser.getContext(), tile, toI32(strides), tv, dimMap, padding);
}

void StridedViewType::print(AsmPrinter &printer) const {
  printer << '<';
  printTileShape(printer, getTileShape());
  printer << ", traversal_strides=";
  printIntList(printer, getTraversalStrides(), ",");
  printer << ", ";
  printPadding(printer, getPadding());
  printShortType(printer, getTensorView());
  printDimMap(printer, getDimMap());
  printer << '>';
}

LogicalResult
StridedViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                        ArrayRef<int32_t> tile, ArrayRef<int32_t> strides,
                        TensorViewType tv, ArrayRef<int32_t> dimMap,
                        int32_t padding) {
  if (strides.size() != tile.size())
    return emitError() << "strided_view needs one traversal stride per tile "
                          "dimension";
  for (int32_t s : strides)
    if (s <= 0)
      return emitError() << "strided_view traversal strides must be "
                            "positive, got "
                         << s;
  return verifyViewCommon(emitError, "strided_view", tile, tv, dimMap, padding);
}

Type GatherScatterViewType::parse(AsmParser &parser) {
  SmallVector<int32_t> tile;
  int32_t padding, sparseDim;
  TensorViewType tv;
  if (parser.parseLess() || parseTileShape(parser, tile) ||
      parser.parseComma() || parseOptionalPadding(parser, padding) ||
      parseTensorViewParam(parser, tv) || parser.parseComma() ||
      parser.parseKeyword("sparse_dim") || parser.parseEqual() ||
      parser.parseInteger(sparseDim) || parser.parseGreater())
    return Type();
  return parser.getChecked<GatherScatterViewType>(parser.getContext(), tile, tv,
                                                  sparseDim, padding);
}

void GatherScatterViewType::print(AsmPrinter &printer) const {
  printer << '<';
  printTileShape(printer, getTileShape());
  printer << ", ";
  printPadding(printer, getPadding());
  printShortType(printer, getTensorView());
  printer << ", sparse_dim=" << getSparseDim() << '>';
}

LogicalResult
GatherScatterViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                              ArrayRef<int32_t> tile, TensorViewType tv,
                              int32_t sparseDim, int32_t padding) {
  if (sparseDim < 0 || sparseDim >= int32_t(tile.size()))
    return emitError() << "sparse_dim " << sparseDim
                       << " is out of range for a rank-" << tile.size()
                       << " view";
  return verifyViewCommon(emitError, "gather_scatter_view", tile, tv, {},
                          padding);
}
