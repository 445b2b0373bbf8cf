//===- NVTileAAAsmDirectives.h - custom<> assembly directives ---*- C++ -*-===//
//
// Parsers and printers for the `custom<...>` directives of the op assembly
// formats. Included by the generated op definitions (NVTileAAOpsGen*.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_DIALECTS_NVTILEAA_NVTILEAAASMDIRECTIVES_H
#define TILEIRAS_DIALECTS_NVTILEAA_NVTILEAAASMDIRECTIVES_H

#include "tileiras/Dialect/NVTileAA/NVTileAAAttrs.h"

#include "mlir/IR/OpImplementation.h"

namespace tileiras::nv_tileaa {

/// The grid dimension as a bare keyword: `x`, `y` or `z`. (An enum attribute
/// in the format would be printed with an extra leading space.)
inline mlir::ParseResult parseGridDim(mlir::OpAsmParser &parser,
                                      GridDimAttr &attr) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  llvm::StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return mlir::failure();
  std::optional<GridDim> dim = symbolizeGridDim(keyword);
  if (!dim)
    return parser.emitError(loc) << "expected grid dimension x, y or z, but "
                                    "got '"
                                 << keyword << "'";
  attr = GridDimAttr::get(parser.getContext(), *dim);
  return mlir::success();
}

inline void printGridDim(mlir::OpAsmPrinter &printer, mlir::Operation *,
                         GridDimAttr attr) {
  printer << stringifyGridDim(attr.getValue());
}

} // namespace tileiras::nv_tileaa

#endif // TILEIRAS_DIALECTS_NVTILEAA_NVTILEAAASMDIRECTIVES_H
