//===- NVTileAAAsmDirectives.h - custom<> assembly directives ---*- C++ -*-===//
//
// Parsers and printers for the `custom<...>` directives of the op assembly
// formats. Included by the generated op definitions (NVTileAAOpsGen*.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_DIALECTS_NVTILEAA_NVTILEAAASMDIRECTIVES_H
#define TILEIRAS_DIALECTS_NVTILEAA_NVTILEAAASMDIRECTIVES_H

#include "tileiras/Dialect/NVTileAA/NVTileAAAttrs.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/StringExtras.h"

#include <optional>
#include <string>

namespace tileiras::nv_tileaa {

/// An enum attribute spelled as a bare keyword (an enum attribute in the
/// format would be printed with an extra leading space): `symbolize` maps
/// the keyword, `unknown` gives the message for one that is no case.
template <typename AttrT, typename EnumT>
mlir::ParseResult
parseEnumKeyword(mlir::OpAsmParser &parser, AttrT &attr,
                 std::optional<EnumT> (*symbolize)(llvm::StringRef),
                 llvm::function_ref<std::string(llvm::StringRef)> unknown) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  llvm::StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return mlir::failure();
  std::optional<EnumT> value = symbolize(keyword);
  if (!value)
    return parser.emitError(loc) << unknown(keyword);
  attr = AttrT::get(parser.getContext(), *value);
  return mlir::success();
}

/// The grid dimension: `x`, `y` or `z`.
inline mlir::ParseResult parseGridDim(mlir::OpAsmParser &parser,
                                      GridDimAttr &attr) {
  return parseEnumKeyword(parser, attr, &symbolizeGridDim, [](auto keyword) {
    return ("expected grid dimension x, y or z, but got '" + keyword + "'")
        .str();
  });
}

inline void printGridDim(mlir::OpAsmPrinter &printer, mlir::Operation *,
                         GridDimAttr attr) {
  printer << stringifyGridDim(attr.getValue());
}

/// The read-modify-write mode of tiled_atomic_rmw (`add`), as atomic_rmw
/// spells it.
inline mlir::ParseResult parseRmwMode(mlir::OpAsmParser &parser,
                                      AtomicRMWModeAttr &attr) {
  return parseEnumKeyword(
      parser, attr, &symbolizeAtomicRMWMode, [](auto keyword) {
        return ("unknown atomic_rmw mode '" + keyword + "'").str();
      });
}

inline void printRmwMode(mlir::OpAsmPrinter &printer, mlir::Operation *,
                         AtomicRMWModeAttr attr) {
  printer << stringifyAtomicRMWMode(attr.getValue());
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

/// Why `result` is not a broadcast of `source` (ranks or a dimension that
/// is not 1 and changes), or nothing. Shared by the verifier and the
/// parser below.
inline std::optional<std::string>
broadcastShapeError(mlir::RankedTensorType source,
                    mlir::RankedTensorType result) {
  std::string message;
  llvm::raw_string_ostream os(message);
  int64_t from = source.getRank(), to = result.getRank();
  if (from < to) {
    // The usual mistake: a rank-1 row or column broadcast straight to 2-D.
    llvm::SmallVector<int64_t> expanded(source.getShape());
    expanded.insert(expanded.begin(), to - from, 1);
    os << "source rank " << from << " and result rank " << to
       << " must be equal; insert the missing size-1 dimension"
       << (to - from > 1 ? "s" : "")
       << " with nv_tileaa.expand_dims first (for example " << source << " -> "
       << mlir::RankedTensorType::get(expanded, source.getElementType())
       << " with {axis = 0 : i32}), then broadcast";
    return message;
  }
  if (from > to) {
    os << "source rank " << from << " and result rank " << to
       << " must be equal; broadcast cannot remove dimensions (use "
          "nv_tileaa.view or nv_tileaa.reduce)";
    return message;
  }
  for (int64_t i = 0; i < from; ++i) {
    int64_t a = source.getDimSize(i), b = result.getDimSize(i);
    if (a != b && a != 1) {
      os << "dimension " << i << " of size " << a << " cannot be broadcast to "
         << b << "; only size-1 dimensions may grow";
      return message;
    }
  }
  return std::nullopt;
}

/// `type($src) -> type($result)` of broadcast, checked while parsing: a
/// wrong broadcast is reported at the broadcast instead of as a type clash
/// at a later use of its result (which would stop the parser first). MLIR
/// prefixes the message with "custom op 'nv_tileaa.broadcast'".
template <typename TileType>
mlir::ParseResult parseBroadcastTypes(mlir::OpAsmParser &parser,
                                      TileType &source, TileType &result) {
  if (parser.parseType(source) || parser.parseArrow() ||
      parser.parseType(result))
    return mlir::failure();
  auto from = llvm::dyn_cast<mlir::RankedTensorType>(source);
  auto to = llvm::dyn_cast<mlir::RankedTensorType>(result);
  if (!from || !to)
    return mlir::success(); // the type constraints report it
  if (std::optional<std::string> error = broadcastShapeError(from, to))
    return parser.emitError(parser.getNameLoc()) << *error;
  return mlir::success();
}

template <typename TileType>
void printBroadcastTypes(mlir::OpAsmPrinter &printer, mlir::Operation *,
                         TileType source, TileType result) {
  printer << source << " -> " << result;
}

} // namespace tileiras::nv_tileaa

#endif // TILEIRAS_DIALECTS_NVTILEAA_NVTILEAAASMDIRECTIVES_H
