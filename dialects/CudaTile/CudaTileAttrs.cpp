//===- CudaTileAttrs.cpp - cuda_tile attributes ---------------------------===//

#include "CudaTileAsm.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tileiras::cuda_tile;

#include "tileiras/Dialect/CudaTile/CudaTileEnums.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "tileiras/Dialect/CudaTile/CudaTileAttrs.cpp.inc"

void CudaTileDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tileiras/Dialect/CudaTile/CudaTileAttrs.cpp.inc"
      >();
}

Attribute CudaTileDialect::parseAttribute(DialectAsmParser &parser,
                                          Type type) const {
  StringRef mnemonic;
  Attribute attr;
  SMLoc loc = parser.getCurrentLocation();
  OptionalParseResult parsed =
      generatedAttributeParser(parser, &mnemonic, type, attr);
  if (parsed.has_value())
    return succeeded(*parsed) ? attr : Attribute();
  parser.emitError(loc, "unknown cuda_tile attribute '") << mnemonic << "'";
  return Attribute();
}

void CudaTileDialect::printAttribute(Attribute attr,
                                     DialectAsmPrinter &printer) const {
  (void)generatedAttributePrinter(attr, printer);
}

//===----------------------------------------------------------------------===//
// optimization_hints
//===----------------------------------------------------------------------===//

static const char *const kHintArchs[] = {
    "sm_80",  "sm_86",  "sm_87",  "sm_88",  "sm_89",  "sm_90",
    "sm_100", "sm_103", "sm_110", "sm_120", "sm_121", "default"};

// `{num_worker_warps_per_cta = 8, allow_tma = false}`
static DictionaryAttr parseHintDict(AsmParser &parser) {
  Builder b(parser.getContext());
  SmallVector<NamedAttribute> entries;
  auto parseEntry = [&]() -> ParseResult {
    StringRef name;
    if (parser.parseKeyword(&name) || parser.parseEqual())
      return failure();
    if (succeeded(parser.parseOptionalKeyword("true"))) {
      entries.push_back(b.getNamedAttr(name, b.getBoolAttr(true)));
      return success();
    }
    if (succeeded(parser.parseOptionalKeyword("false"))) {
      entries.push_back(b.getNamedAttr(name, b.getBoolAttr(false)));
      return success();
    }
    int32_t value;
    if (parser.parseInteger(value))
      return failure();
    entries.push_back(b.getNamedAttr(name, b.getI32IntegerAttr(value)));
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Braces, parseEntry))
    return DictionaryAttr();
  return b.getDictionaryAttr(entries);
}

Attribute OptimizationHintsAttr::parse(AsmParser &parser, Type) {
  Builder b(parser.getContext());
  SmallVector<NamedAttribute> archs;
  auto parseArch = [&]() -> ParseResult {
    StringRef arch;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseKeyword(&arch) || parser.parseEqual())
      return failure();
    if (!llvm::is_contained(kHintArchs, arch))
      return parser.emitError(loc, "unknown optimization_hints target '")
             << arch << "'";
    DictionaryAttr dict = parseHintDict(parser);
    if (!dict)
      return failure();
    archs.push_back(b.getNamedAttr(arch, dict));
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::LessGreater,
                                     parseArch))
    return Attribute();
  return parser.getChecked<OptimizationHintsAttr>(parser.getContext(),
                                                  b.getDictionaryAttr(archs));
}

void OptimizationHintsAttr::print(AsmPrinter &printer) const {
  printer << '<';
  llvm::interleaveComma(getHints(), printer, [&](NamedAttribute arch) {
    printer << arch.getName().getValue() << " = {";
    llvm::interleaveComma(
        cast<DictionaryAttr>(arch.getValue()), printer,
        [&](NamedAttribute hint) {
          printer << hint.getName().getValue() << " = ";
          if (auto boolAttr = dyn_cast<BoolAttr>(hint.getValue()))
            printer << (boolAttr.getValue() ? "true" : "false");
          else
            printer << cast<IntegerAttr>(hint.getValue()).getInt();
        });
    printer << '}';
  });
  printer << '>';
}

LogicalResult
OptimizationHintsAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              DictionaryAttr hints) {
  for (NamedAttribute arch : hints) {
    if (!llvm::is_contained(kHintArchs, arch.getName().getValue()))
      return emitError() << "unknown optimization_hints target '"
                         << arch.getName().getValue() << "'";
    auto dict = dyn_cast<DictionaryAttr>(arch.getValue());
    if (!dict)
      return emitError() << "optimization_hints for '"
                         << arch.getName().getValue()
                         << "' must be a dictionary";
    for (NamedAttribute hint : dict)
      if (!isa<IntegerAttr, BoolAttr>(hint.getValue()))
        return emitError() << "optimization hint '" << hint.getName().getValue()
                           << "' must be an integer or a bool";
  }
  return success();
}

std::optional<int64_t> OptimizationHintsAttr::getInt(StringRef arch,
                                                     StringRef name) const {
  for (StringRef key : {arch, StringRef("default")}) {
    auto dict = dyn_cast_or_null<DictionaryAttr>(getHints().get(key));
    if (!dict)
      continue;
    if (auto value = dyn_cast_or_null<IntegerAttr>(dict.get(name)))
      return value.getInt();
  }
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Assume predicates
//===----------------------------------------------------------------------===//

Attribute DivByAttr::parse(AsmParser &parser, Type) {
  uint64_t divisor = 0;
  int64_t every = -1, along = -1;
  if (parser.parseLess() || parser.parseInteger(divisor))
    return Attribute();
  if (succeeded(parser.parseOptionalComma()) &&
      (parser.parseKeyword("every") || parser.parseInteger(every) ||
       parser.parseKeyword("along") || parser.parseInteger(along)))
    return Attribute();
  if (parser.parseGreater())
    return Attribute();
  return parser.getChecked<DivByAttr>(parser.getContext(), divisor, every,
                                      along);
}

void DivByAttr::print(AsmPrinter &printer) const {
  printer << '<' << getDivisor();
  if (getEvery() >= 0)
    printer << ", every " << getEvery() << " along " << getAlong();
  printer << '>';
}

LogicalResult DivByAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                uint64_t divisor, int64_t every,
                                int64_t along) {
  if (divisor == 0 || !llvm::isPowerOf2_64(divisor))
    return emitError() << "div_by divisor must be a power of two, got "
                       << divisor;
  if ((every < 0) != (along < 0))
    return emitError() << "div_by needs both 'every' and 'along'";
  return success();
}

Attribute SameElementsAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> values;
  if (parser.parseLess() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                     [&]() -> ParseResult {
                                       int64_t v;
                                       if (parser.parseInteger(v))
                                         return failure();
                                       values.push_back(v);
                                       return success();
                                     }) ||
      parser.parseGreater())
    return Attribute();
  return SameElementsAttr::get(parser.getContext(), values);
}

void SameElementsAttr::print(AsmPrinter &printer) const {
  printer << "<[";
  llvm::interleaveComma(getValues(), printer);
  printer << "]>";
}

static ParseResult parseBound(AsmParser &parser, std::optional<int64_t> &v) {
  if (succeeded(parser.parseOptionalQuestion()))
    return success();
  int64_t value;
  if (parser.parseInteger(value))
    return failure();
  v = value;
  return success();
}

Attribute BoundedAttr::parse(AsmParser &parser, Type) {
  std::optional<int64_t> lb, ub;
  if (parser.parseLess() || parseBound(parser, lb) || parser.parseComma() ||
      parseBound(parser, ub) || parser.parseGreater())
    return Attribute();
  return BoundedAttr::get(parser.getContext(), lb, ub);
}

void BoundedAttr::print(AsmPrinter &printer) const {
  auto printBound = [&](std::optional<int64_t> v) {
    if (v)
      printer << *v;
    else
      printer << '?';
  };
  printer << '<';
  printBound(getLb());
  printer << ", ";
  printBound(getUb());
  printer << '>';
}
