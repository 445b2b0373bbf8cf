//===- CudaTileDebugInfo.cpp - #cuda_tile.di_* attributes -----------------===//
//
// Debug information as NVIDIA's tools print it: fields as `key = value`,
// nested attributes by alias (`#di_file`, `#di_subprogram`, ...), and
// `di_loc<loc("f.py":3:5) in #scope>` as a location.
//
//===----------------------------------------------------------------------===//

#include "CudaTileAsm.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tileiras::cuda_tile;

static bool isDIScope(Attribute attr) {
  return isa_and_nonnull<DISubprogramAttr, DILexicalBlockAttr>(attr);
}

/// `<key = value, ...>`; `field` parses the value of one key.
static ParseResult
parseFields(AsmParser &parser,
            llvm::function_ref<ParseResult(StringRef key)> field) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::LessGreater, [&]() -> ParseResult {
        StringRef key;
        if (parser.parseKeyword(&key) || parser.parseEqual())
          return failure();
        return field(key);
      });
}

template <typename AttrT>
static ParseResult parseTyped(AsmParser &parser, AttrT &out, StringRef what) {
  Attribute attr;
  SMLoc at = parser.getCurrentLocation();
  if (parser.parseAttribute(attr))
    return failure();
  out = dyn_cast<AttrT>(attr);
  if (!out)
    return parser.emitError(at, "expected ") << what;
  return success();
}

static ParseResult parseScope(AsmParser &parser, Attribute &out) {
  SMLoc at = parser.getCurrentLocation();
  if (parser.parseAttribute(out))
    return failure();
  if (!isDIScope(out))
    return parser.emitError(at, "expected a #cuda_tile.di_subprogram or "
                                "#cuda_tile.di_lexical_block scope");
  return success();
}

/// Reports the first field of `fields` (present?, name) that is absent.
static ParseResult
requireFields(AsmParser &parser, SMLoc at, StringRef attr,
              std::initializer_list<std::pair<bool, StringRef>> fields) {
  for (auto [present, key] : fields)
    if (!present)
      return parser.emitError(at) << attr << " needs '" << key << "'";
  return success();
}

//===----------------------------------------------------------------------===//
// di_file, di_compile_unit
//===----------------------------------------------------------------------===//

Attribute DIFileAttr::parse(AsmParser &parser, Type) {
  std::string name, directory;
  if (parser.parseLess() || parser.parseString(&name) ||
      parser.parseKeyword("in") || parser.parseString(&directory) ||
      parser.parseGreater())
    return {};
  Builder b(parser.getContext());
  return get(parser.getContext(), b.getStringAttr(name),
             b.getStringAttr(directory));
}

void DIFileAttr::print(AsmPrinter &printer) const {
  printer << "<";
  printer.printString(getName().getValue());
  printer << " in ";
  printer.printString(getDirectory().getValue());
  printer << ">";
}

Attribute DICompileUnitAttr::parse(AsmParser &parser, Type) {
  SMLoc at = parser.getCurrentLocation();
  DIFileAttr file;
  if (parseFields(parser, [&](StringRef key) -> ParseResult {
        if (key != "file")
          return parser.emitError(at, "unknown di_compile_unit field '")
                 << key << "'";
        return parseTyped(parser, file, "a #cuda_tile.di_file");
      }))
    return {};
  if (requireFields(parser, at, "di_compile_unit", {{bool(file), "file"}}))
    return {};
  return get(parser.getContext(), file);
}

void DICompileUnitAttr::print(AsmPrinter &printer) const {
  printer << "<file = ";
  printer.printAttribute(getFile());
  printer << ">";
}

//===----------------------------------------------------------------------===//
// di_subprogram
//===----------------------------------------------------------------------===//

Attribute DISubprogramAttr::parse(AsmParser &parser, Type) {
  SMLoc at = parser.getCurrentLocation();
  DIFileAttr file;
  DICompileUnitAttr unit;
  std::optional<unsigned> line, scopeLine;
  std::string name, linkage;
  bool hasName = false, hasLinkage = false;
  auto field = [&](StringRef key) -> ParseResult {
    if (key == "file")
      return parseTyped(parser, file, "a #cuda_tile.di_file");
    if (key == "compileUnit")
      return parseTyped(parser, unit, "a #cuda_tile.di_compile_unit");
    if (key == "line" || key == "scopeLine") {
      unsigned value;
      if (parser.parseInteger(value))
        return failure();
      (key == "line" ? line : scopeLine) = value;
      return success();
    }
    if (key == "name")
      return hasName = true, parser.parseString(&name);
    if (key == "linkageName")
      return hasLinkage = true, parser.parseString(&linkage);
    return parser.emitError(at, "unknown di_subprogram field '") << key << "'";
  };
  if (parseFields(parser, field))
    return {};
  if (requireFields(parser, at, "di_subprogram",
                    {{bool(file), "file"},
                     {line.has_value(), "line"},
                     {hasName, "name"},
                     {hasLinkage, "linkageName"},
                     {bool(unit), "compileUnit"}}))
    return {};
  Builder b(parser.getContext());
  return get(parser.getContext(), file, *line, b.getStringAttr(name),
             b.getStringAttr(linkage), unit, scopeLine);
}

void DISubprogramAttr::print(AsmPrinter &printer) const {
  printer << "<file = ";
  printer.printAttribute(getFile());
  printer << ", line = " << getLine() << ", name = ";
  printer.printString(getName().getValue());
  printer << ", linkageName = ";
  printer.printString(getLinkageName().getValue());
  printer << ", compileUnit = ";
  printer.printAttribute(getCompileUnit());
  if (getScopeLine())
    printer << ", scopeLine = " << *getScopeLine();
  printer << ">";
}

//===----------------------------------------------------------------------===//
// di_lexical_block
//===----------------------------------------------------------------------===//

LogicalResult
DILexicalBlockAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                           Attribute scope, DIFileAttr, unsigned, unsigned) {
  if (!isDIScope(scope))
    return emitError() << "a lexical block's scope must be a subprogram or "
                          "a lexical block";
  return success();
}

Attribute DILexicalBlockAttr::parse(AsmParser &parser, Type) {
  SMLoc at = parser.getCurrentLocation();
  Attribute scope;
  DIFileAttr file;
  std::optional<unsigned> line, column;
  auto field = [&](StringRef key) -> ParseResult {
    if (key == "scope")
      return parseScope(parser, scope);
    if (key == "file")
      return parseTyped(parser, file, "a #cuda_tile.di_file");
    if (key == "line" || key == "column") {
      unsigned value;
      if (parser.parseInteger(value))
        return failure();
      (key == "line" ? line : column) = value;
      return success();
    }
    return parser.emitError(at, "unknown di_lexical_block field '")
           << key << "'";
  };
  if (parseFields(parser, field))
    return {};
  if (requireFields(parser, at, "di_lexical_block",
                    {{bool(scope), "scope"},
                     {bool(file), "file"},
                     {line.has_value(), "line"},
                     {column.has_value(), "column"}}))
    return {};
  return get(parser.getContext(), scope, file, *line, *column);
}

void DILexicalBlockAttr::print(AsmPrinter &printer) const {
  printer << "<scope = ";
  printer.printAttribute(getScope());
  printer << ", file = ";
  printer.printAttribute(getFile());
  printer << ", line = " << getLine() << ", column = " << getColumn() << ">";
}

//===----------------------------------------------------------------------===//
// di_loc
//===----------------------------------------------------------------------===//

LogicalResult DILocAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                FileLineColLoc, Attribute scope) {
  if (!isDIScope(scope))
    return emitError() << "a di_loc's scope must be a subprogram or a "
                          "lexical block";
  return success();
}

Attribute DILocAttr::parse(AsmParser &parser, Type) {
  Attribute inner, scope;
  SMLoc at = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseAttribute(inner))
    return {};
  auto fileLoc = dyn_cast<FileLineColLoc>(inner);
  if (!fileLoc)
    return parser.emitError(at, "a di_loc needs a file location "
                                "(loc(\"file\":line:column))"),
           Attribute();
  if (parser.parseKeyword("in") || parseScope(parser, scope) ||
      parser.parseGreater())
    return {};
  return get(parser.getContext(), fileLoc, scope);
}

void DILocAttr::print(AsmPrinter &printer) const {
  printer << "<";
  printer.printAttribute(getLoc());
  printer << " in ";
  printer.printAttribute(getScope());
  printer << ">";
}

//===----------------------------------------------------------------------===//
// Aliases
//===----------------------------------------------------------------------===//

namespace {
struct CudaTileAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;
  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    StringRef name =
        llvm::TypeSwitch<Attribute, StringRef>(attr)
            .Case([](DIFileAttr) { return "di_file"; })
            .Case([](DICompileUnitAttr) { return "di_compile_unit"; })
            .Case([](DISubprogramAttr) { return "di_subprogram"; })
            .Case([](DILexicalBlockAttr) { return "di_lexical_block"; })
            .Default([](Attribute) { return ""; });
    if (name.empty())
      return AliasResult::NoAlias;
    os << name;
    return AliasResult::OverridableAlias;
  }
};
} // namespace

void tileiras::cuda_tile::registerDebugInfoAsmInterface(
    CudaTileDialect *dialect) {
  dialect->addInterfaces<CudaTileAsmInterface>();
}
