//===- NVTileAATypes.cpp - nv_tileaa types and tile rules -----------------===//

#include "tileiras/Dialect/NVTileAA/NVTileAATypes.h"
#include "tileiras/Dialect/NVTileAA/NVTileAAAttrs.h"
#include "tileiras/Dialect/NVTileAA/NVTileAADialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tileiras::nv_tileaa;

static InFlightDiagnostic emitAddressSpaceError(InFlightDiagnostic diag,
                                                int64_t addressSpace) {
  return std::move(diag) << "!nv_tileaa.ptr address space " << addressSpace
                         << " is not supported; expected 1 (global), 3 "
                            "(shared), 4 (constant) or 5 (local)";
}

static FailureOr<unsigned> parseAddressSpace(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  int64_t value = 0;
  if (parser.parseInteger(value))
    return failure();
  if (value < 0 || value > std::numeric_limits<unsigned>::max()) {
    (void)emitAddressSpaceError(parser.emitError(loc), value);
    return failure();
  }
  return static_cast<unsigned>(value);
}

#define GET_TYPEDEF_CLASSES
#include "tileiras/Dialect/NVTileAA/NVTileAATypes.cpp.inc"

void NVTileAADialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tileiras/Dialect/NVTileAA/NVTileAATypes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Scalar type classes
//===----------------------------------------------------------------------===//

bool tileiras::nv_tileaa::isSignlessInt(Type type) {
  auto intTy = dyn_cast<IntegerType>(type);
  if (!intTy || !intTy.isSignless())
    return false;
  switch (intTy.getWidth()) {
  case 1:
  case 8:
  case 16:
  case 32:
  case 64:
    return true;
  default:
    return false;
  }
}

bool tileiras::nv_tileaa::isI1(Type type) { return type.isInteger(1); }

bool tileiras::nv_tileaa::isOffsetType(Type type) {
  return type.isSignlessInteger(32) || type.isSignlessInteger(64);
}

bool tileiras::nv_tileaa::isArithFloatType(Type type) {
  return isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(type);
}

bool tileiras::nv_tileaa::isFloatType(Type type) {
  return isArithFloatType(type) ||
         isa<FloatTF32Type, Float8E4M3FNType, Float8E5M2Type>(type);
}

bool tileiras::nv_tileaa::isPtr(Type type) { return isa<PtrType>(type); }

bool tileiras::nv_tileaa::isScaleType(Type type) {
  return isa<Float8E8M0FNUType>(type);
}

bool tileiras::nv_tileaa::isPointeeType(Type type) {
  return isSignlessInt(type) || isScaleType(type) ||
         (isFloatType(type) && !isa<FloatTF32Type>(type));
}

bool tileiras::nv_tileaa::isTileElementType(Type type) {
  return isSignlessInt(type) || isFloatType(type) || isScaleType(type) ||
         isPtr(type);
}

bool tileiras::nv_tileaa::isScalarValueType(Type type) {
  return isTileElementType(type);
}

bool tileiras::nv_tileaa::isScalarOrTile(Type type) {
  return !isa<ShapedType>(type) || isa<RankedTensorType>(type);
}

//===----------------------------------------------------------------------===//
// Tile rules
//===----------------------------------------------------------------------===//

LogicalResult tileiras::nv_tileaa::verifyTileType(
    function_ref<InFlightDiagnostic()> emitError, Type type, StringRef what) {
  if (auto unranked = dyn_cast<UnrankedTensorType>(type))
    return emitError() << what << " is an unranked tensor " << type
                       << "; tiles must have a static shape";
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return success();
  if (tensor.getRank() == 0)
    return emitError() << what << " is a 0-d tensor " << type
                       << "; use a scalar instead of a rank-0 tile";
  int64_t numElements = 1;
  for (auto [index, dim] : llvm::enumerate(tensor.getShape())) {
    if (ShapedType::isDynamic(dim))
      return emitError() << what << " " << type
                         << " has a dynamic dimension at index " << index
                         << "; tiles must have a static shape";
    if (dim <= 0 || !llvm::isPowerOf2_64(static_cast<uint64_t>(dim)))
      return emitError() << what << " " << type
                         << " has non-power-of-two dimension " << dim
                         << " at index " << index
                         << "; tile dimensions must be powers of two";
    // Both factors are powers of two, so checking before multiplying cannot
    // overflow.
    if (dim > kMaxTileElements / numElements)
      return emitError() << what << " " << type
                         << " has more than the maximum of " << kMaxTileElements
                         << " elements per tile";
    numElements *= dim;
  }
  Type elementType = tensor.getElementType();
  if (!isTileElementType(elementType))
    return emitError() << what << " " << type << " has element type "
                       << elementType
                       << ", which is not a tile element type (expected i1, "
                          "i8, i16, i32, i64, f16, bf16, f32, f64, tf32, "
                          "f8E4M3FN, f8E5M2 or !nv_tileaa.ptr)";
  return success();
}

Type tileiras::nv_tileaa::getSameShape(Type like, Type elementType) {
  if (auto tensor = dyn_cast<RankedTensorType>(like))
    return RankedTensorType::get(tensor.getShape(), elementType,
                                 tensor.getEncoding());
  return elementType;
}

Type tileiras::nv_tileaa::getMaskType(Type type) {
  return getSameShape(type, IntegerType::get(type.getContext(), 1));
}

ArrayRef<int64_t> tileiras::nv_tileaa::getShapeOrEmpty(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getShape();
  return {};
}

//===----------------------------------------------------------------------===//
// PtrType
//===----------------------------------------------------------------------===//

LogicalResult PtrType::verify(function_ref<InFlightDiagnostic()> emitError,
                              Type pointeeType, unsigned addressSpace) {
  if (!isPointeeType(pointeeType))
    return emitError() << "!nv_tileaa.ptr cannot point to " << pointeeType
                       << "; expected one of i1, i8, i16, i32, i64, f16, "
                          "bf16, f32, f64, f8E4M3FN, f8E5M2";
  switch (addressSpace) {
  case kGlobalAddressSpace:
  case kSharedAddressSpace:
  case kConstantAddressSpace:
  case kLocalAddressSpace:
    return success();
  default:
    return emitAddressSpaceError(emitError(), addressSpace);
  }
}

//===----------------------------------------------------------------------===//
// SharedMemType
//===----------------------------------------------------------------------===//

// `<` slots `x` dims `x` element-type `,` encoding `>`
Type SharedMemType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t> shape;
  Type elementType;
  Attribute encoding;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false) ||
      parser.parseType(elementType) || parser.parseComma() ||
      parser.parseAttribute(encoding) || parser.parseGreater())
    return {};
  return getChecked([&]() { return parser.emitError(loc); },
                    parser.getContext(), shape, elementType, encoding);
}

void SharedMemType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t extent : getShape())
    printer << extent << "x";
  printer << getElementType() << ", " << getEncoding() << ">";
}

LogicalResult
SharedMemType::verify(function_ref<InFlightDiagnostic()> emitError,
                      ArrayRef<int64_t> shape, Type elementType,
                      Attribute encoding) {
  if (shape.size() != 3)
    return emitError() << "!nv_tileaa.smem needs a slot count and a rank-2 "
                          "tile shape, but got "
                       << shape.size() << " dimensions";
  if (llvm::any_of(shape, [](int64_t extent) { return extent < 1; }))
    return emitError() << "!nv_tileaa.smem dimensions must be positive";
  for (int64_t extent : shape.drop_front())
    if (!llvm::isPowerOf2_64(static_cast<uint64_t>(extent)))
      return emitError() << "!nv_tileaa.smem tile dimensions must be powers "
                            "of two, but got "
                         << extent;
  if (!elementType.isIntOrFloat() || elementType.isInteger(1))
    return emitError() << "!nv_tileaa.smem holds integers or floats of at "
                          "least 8 bits, not "
                       << elementType;
  auto shared = dyn_cast<SwizzledSharedEncodingAttr>(encoding);
  if (!shared)
    return emitError() << "!nv_tileaa.smem needs a "
                          "#nv_tileaa.swizzled_shared encoding";
  for (unsigned dim = 0; dim < 2; ++dim) {
    int64_t extent = shape[1 + shared.getOrder()[dim]];
    unsigned granule = dim == 0 ? shared.getVec() : shared.getPerPhase();
    if (extent % granule != 0)
      return emitError() << "!nv_tileaa.smem tile " << shape[1] << "x"
                         << shape[2] << " does not fit the swizzle (dimension "
                         << shared.getOrder()[dim] << " is not a multiple of "
                         << granule << ")";
  }
  if (unsigned segment = shared.getSegment();
      segment && shape[1 + shared.getOrder()[0]] % segment != 0)
    return emitError() << "!nv_tileaa.smem segment " << segment
                       << " does not divide the contiguous dimension";
  return success();
}

SharedMemType SharedMemType::getMBarriers(MLIRContext *context,
                                          unsigned slots) {
  auto encoding = SwizzledSharedEncodingAttr::get(context, 1, 1, 1,
                                                  ArrayRef<unsigned>{1, 0});
  return SharedMemType::get(context, {int64_t(slots), 1, 1},
                            IntegerType::get(context, 64), encoding);
}

//===----------------------------------------------------------------------===//
// TensorMemType
//===----------------------------------------------------------------------===//

// `<` rows `x` columns `x` element-type `>`
Type TensorMemType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t> shape;
  Type elementType;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false) ||
      parser.parseType(elementType) || parser.parseGreater())
    return {};
  return getChecked([&]() { return parser.emitError(loc); },
                    parser.getContext(), shape, elementType);
}

void TensorMemType::print(AsmPrinter &printer) const {
  printer << "<" << getShape()[0] << "x" << getShape()[1] << "x"
          << getElementType() << ">";
}

LogicalResult
TensorMemType::verify(function_ref<InFlightDiagnostic()> emitError,
                      ArrayRef<int64_t> shape, Type elementType) {
  if (shape.size() != 2 || shape[0] != kRows)
    return emitError() << "!nv_tileaa.tmem needs " << kRows
                       << " rows and a column count, but got [" << shape << "]";
  if (shape[1] < 8 || shape[1] % 8 != 0 || shape[1] > kMaxColumns)
    return emitError() << "!nv_tileaa.tmem columns must be a multiple of 8 "
                          "from 8 to "
                       << kMaxColumns << " (a CTA's tensor memory), not "
                       << shape[1];
  if (!elementType.isF32() && !elementType.isInteger(32))
    return emitError() << "!nv_tileaa.tmem holds f32 or i32, not "
                       << elementType;
  return success();
}

int64_t SharedMemType::getTileElements() const {
  int64_t elements = 1;
  for (int64_t extent : getTileShape())
    elements *= extent;
  return elements;
}
