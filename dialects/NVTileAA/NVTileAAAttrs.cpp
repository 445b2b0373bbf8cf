//===- NVTileAAAttrs.cpp - nv_tileaa enums and attributes -----------------===//

#include "tileiras/Dialect/NVTileAA/NVTileAAAttrs.h"
#include "tileiras/Dialect/NVTileAA/NVTileAADialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tileiras::nv_tileaa;

#include "tileiras/Dialect/NVTileAA/NVTileAAEnums.cpp.inc"
#include "tileiras/Dialect/NVTileAA/NVTileAALayoutInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tileiras/Dialect/NVTileAA/NVTileAAAttrs.cpp.inc"

void NVTileAADialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tileiras/Dialect/NVTileAA/NVTileAAAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// KernelSpecAttr
//===----------------------------------------------------------------------===//

LogicalResult
KernelSpecAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                       int64_t numWarps, ArrayRef<int64_t> clusterDim,
                       int64_t numStages) {
  // 0 stands for "not given".
  if (numWarps != 0 && (numWarps < 1 || numWarps > 32 ||
                        !llvm::isPowerOf2_64(static_cast<uint64_t>(numWarps))))
    return emitError() << "#nv_tileaa.kernel_spec numWarps must be a power "
                          "of two from 1 to 32, but got "
                       << numWarps;
  if (clusterDim.size() != 3)
    return emitError() << "#nv_tileaa.kernel_spec clusterDim must have "
                          "exactly 3 extents (x, y, z), but got "
                       << clusterDim.size();
  for (auto [index, extent] : llvm::enumerate(clusterDim))
    if (extent < 1)
      return emitError() << "#nv_tileaa.kernel_spec clusterDim extents must "
                            "be positive, but extent "
                         << index << " is " << extent;
  if (numStages != 0 && (numStages < 1 || numStages > kMaxNumStages))
    return emitError() << "#nv_tileaa.kernel_spec numStages must be from 1 "
                          "to "
                       << kMaxNumStages << ", but got " << numStages;
  return success();
}

int64_t KernelSpecAttr::getClusterSize() const {
  int64_t size = 1;
  for (int64_t extent : getClusterDim())
    size *= extent;
  return size;
}

// `<` (param (`,` param)*)? `>` with param = `numWarps = N`,
// `clusterDim = [x, y, z]` or `numStages = S`, in any order; missing params
// take their defaults.
Attribute KernelSpecAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  std::optional<int64_t> numWarps;
  std::optional<SmallVector<int64_t>> clusterDim;
  std::optional<int64_t> numStages;

  auto parseParam = [&]() -> ParseResult {
    SMLoc keyLoc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key))
      return failure();
    if (key == "numWarps") {
      if (numWarps)
        return parser.emitError(keyLoc, "duplicate 'numWarps' in "
                                        "#nv_tileaa.kernel_spec");
      int64_t value;
      SMLoc valueLoc = parser.getCurrentLocation();
      if (parser.parseEqual() || parser.parseInteger(value))
        return failure();
      // 0 is how "not given" is stored; written out it is simply invalid.
      if (value == 0)
        return parser.emitError(valueLoc,
                                "#nv_tileaa.kernel_spec numWarps must be a "
                                "power of two from 1 to 32, but got 0");
      numWarps = value;
      return success();
    }
    if (key == "clusterDim") {
      if (clusterDim)
        return parser.emitError(keyLoc, "duplicate 'clusterDim' in "
                                        "#nv_tileaa.kernel_spec");
      SmallVector<int64_t> extents;
      if (parser.parseEqual() ||
          parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                         [&]() -> ParseResult {
                                           int64_t extent;
                                           if (parser.parseInteger(extent))
                                             return failure();
                                           extents.push_back(extent);
                                           return success();
                                         }))
        return failure();
      clusterDim = std::move(extents);
      return success();
    }
    if (key == "numStages") {
      if (numStages)
        return parser.emitError(keyLoc, "duplicate 'numStages' in "
                                        "#nv_tileaa.kernel_spec");
      int64_t value;
      SMLoc valueLoc = parser.getCurrentLocation();
      if (parser.parseEqual() || parser.parseInteger(value))
        return failure();
      if (value < 1)
        return parser.emitError(valueLoc)
               << "#nv_tileaa.kernel_spec numStages must be from 1 to "
               << kMaxNumStages << ", but got " << value;
      numStages = value;
      return success();
    }
    return parser.emitError(keyLoc)
           << "unknown #nv_tileaa.kernel_spec parameter '" << key
           << "'; expected 'numWarps', 'clusterDim' or 'numStages'";
  };

  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::LessGreater,
                                     parseParam))
    return {};
  SmallVector<int64_t> extents =
      clusterDim ? *clusterDim : SmallVector<int64_t>{1, 1, 1};
  return Base::getChecked([&]() { return parser.emitError(loc); },
                          parser.getContext(), numWarps.value_or(0), extents,
                          numStages.value_or(0));
}

void KernelSpecAttr::print(AsmPrinter &printer) const {
  printer << "<";
  llvm::ListSeparator separator;
  raw_ostream &os = printer.getStream();
  if (hasNumWarps())
    os << separator << "numWarps = " << getRequestedNumWarps();
  ArrayRef<int64_t> clusterDim = getClusterDim();
  // The default cluster is not printed so the common form stays short.
  if (clusterDim != ArrayRef<int64_t>{1, 1, 1}) {
    os << separator << "clusterDim = [";
    llvm::interleaveComma(clusterDim, printer);
    printer << "]";
  }
  if (hasNumStages())
    os << separator << "numStages = " << getRequestedNumStages();
  printer << ">";
}

//===----------------------------------------------------------------------===//
// SwizzledSharedEncodingAttr
//===----------------------------------------------------------------------===//

LogicalResult
SwizzledSharedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   unsigned vec, unsigned perPhase,
                                   unsigned maxPhase, ArrayRef<unsigned> order,
                                   unsigned segment) {
  for (auto [name, value] : {std::pair<StringRef, unsigned>{"vec", vec},
                             {"perPhase", perPhase},
                             {"maxPhase", maxPhase}})
    if (!llvm::isPowerOf2_32(value))
      return emitError() << "#nv_tileaa.swizzled_shared " << name
                         << " must be a power of two, but got " << value;
  if (order.size() != 2 || order[0] + order[1] != 1)
    return emitError() << "#nv_tileaa.swizzled_shared order must be [0, 1] "
                          "or [1, 0]";
  if (segment != 0 && (!llvm::isPowerOf2_32(segment) || segment < vec))
    return emitError() << "#nv_tileaa.swizzled_shared segment must be a "
                          "power of two of at least vec, but got "
                       << segment;
  return success();
}
