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
#include "llvm/ADT/StringExtras.h"

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

/// make_range's attribute dictionary. Any order parses; `start` and `end`
/// print first and in that order, as DESIGN.md writes them (the default
/// printer sorts the keys), followed by any other attributes.
inline mlir::ParseResult parseRangeAttrDict(mlir::OpAsmParser &parser,
                                            mlir::NamedAttrList &attrs) {
  return parser.parseOptionalAttrDict(attrs);
}

inline void printRangeAttrDict(mlir::OpAsmPrinter &printer, mlir::Operation *op,
                               mlir::DictionaryAttr) {
  llvm::SmallVector<mlir::NamedAttribute> ordered;
  for (llvm::StringRef name : {"start", "end"})
    if (mlir::Attribute value = op->getAttr(name))
      ordered.emplace_back(mlir::StringAttr::get(op->getContext(), name),
                           value);
  for (mlir::NamedAttribute attr : op->getAttrs())
    if (attr.getName() != "start" && attr.getName() != "end")
      ordered.push_back(attr);
  if (ordered.empty())
    return;
  printer << "{";
  llvm::interleaveComma(ordered, printer, [&](mlir::NamedAttribute attr) {
    printer.printNamedAttribute(attr);
  });
  printer << "}";
}

/// A string literal with C escapes for newline, tab, quote and backslash, so
/// that `"x=%f\n"` prints back as written; other unprintable bytes use
/// MLIR's `\XX` hex escape. The MLIR lexer reads all of these.
inline mlir::ParseResult parseCString(mlir::OpAsmParser &parser,
                                      mlir::StringAttr &attr) {
  std::string value;
  if (parser.parseString(&value))
    return mlir::failure();
  attr = mlir::StringAttr::get(parser.getContext(), value);
  return mlir::success();
}

inline void printCString(mlir::OpAsmPrinter &printer, mlir::Operation *,
                         mlir::StringAttr attr) {
  llvm::raw_ostream &os = printer.getStream();
  os << '"';
  for (unsigned char c : attr.getValue()) {
    switch (c) {
    case '\n':
      os << "\\n";
      break;
    case '\t':
      os << "\\t";
      break;
    case '"':
      os << "\\\"";
      break;
    case '\\':
      os << "\\\\";
      break;
    default:
      if (llvm::isPrint(c))
        os << c;
      else
        os << '\\' << llvm::hexdigit(c >> 4) << llvm::hexdigit(c & 0xF);
    }
  }
  os << '"';
}

} // namespace tileiras::nv_tileaa

#endif // TILEIRAS_DIALECTS_NVTILEAA_NVTILEAAASMDIRECTIVES_H
