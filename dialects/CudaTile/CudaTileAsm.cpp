//===- CudaTileAsm.cpp - custom<...> directives of cuda_tile ops ----------===//

#include "CudaTileAsm.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tileiras::cuda_tile;

ParseResult tileiras::cuda_tile::parseCT(OpAsmParser &parser, Type &type) {
  return parseShortType(parser, type);
}

void tileiras::cuda_tile::printCT(OpAsmPrinter &printer, Operation *,
                                  Type type) {
  printShortType(printer, type);
}

// `, T` for an optional operand that is present.
ParseResult tileiras::cuda_tile::parseOptCT(OpAsmParser &parser, Type &type) {
  if (failed(parser.parseOptionalComma()))
    return success();
  return parseShortType(parser, type);
}

void tileiras::cuda_tile::printOptCT(OpAsmPrinter &printer, Operation *,
                                     Type type) {
  if (!type)
    return;
  printer << ", ";
  printShortType(printer, type);
}

ParseResult tileiras::cuda_tile::parseCTList(OpAsmParser &parser,
                                             SmallVectorImpl<Type> &types) {
  do {
    Type type;
    if (parseShortType(parser, type))
      return failure();
    types.push_back(type);
  } while (succeeded(parser.parseOptionalComma()));
  return success();
}

void tileiras::cuda_tile::printCTList(OpAsmPrinter &printer, Operation *,
                                      TypeRange types) {
  llvm::interleaveComma(types, printer,
                        [&](Type type) { printShortType(printer, type); });
}

// Index operands of a view access: `, T` printed once when all indices share
// a type, else `, T0, T1, ...`.
ParseResult tileiras::cuda_tile::parseIndexTypes(
    OpAsmParser &parser, ArrayRef<OpAsmParser::UnresolvedOperand> indices,
    SmallVectorImpl<Type> &types) {
  if (indices.empty())
    return success();
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseComma())
    return failure();
  SmallVector<Type> parsed;
  // Stop before the `->` that follows.
  do {
    Type type;
    if (parseShortType(parser, type))
      return failure();
    parsed.push_back(type);
    if (parsed.size() == indices.size())
      break;
  } while (succeeded(parser.parseOptionalComma()));
  if (parsed.size() == 1)
    types.assign(indices.size(), parsed.front());
  else if (parsed.size() == indices.size())
    types.append(parsed.begin(), parsed.end());
  else
    return parser.emitError(loc, "expected 1 or ")
           << indices.size() << " index types, got " << parsed.size();
  return success();
}

void tileiras::cuda_tile::printIndexTypes(OpAsmPrinter &printer, Operation *,
                                          ValueRange indices, TypeRange types) {
  if (types.empty())
    return;
  printer << ", ";
  if (llvm::all_equal(types)) {
    printShortType(printer, types.front());
    return;
  }
  printCTList(printer, nullptr, types);
}

// One scalar result per dimension of `source`, their type printed once.
ParseResult tileiras::cuda_tile::parsePerDim(OpAsmParser &parser,
                                             SmallVectorImpl<Type> &types,
                                             Type source) {
  Type type;
  if (parseShortType(parser, type))
    return failure();
  int64_t rank = isa<TensorViewType>(source)
                     ? cast<TensorViewType>(source).getRank()
                     : getViewIndexRank(source);
  types.assign(rank, type);
  return success();
}

void tileiras::cuda_tile::printPerDim(OpAsmPrinter &printer, Operation *op,
                                      TypeRange types, Type) {
  if (!types.empty()) {
    printShortType(printer, types.front());
    return;
  }
  // A 0-d view has no results; print the type the op would produce.
  printShortType(printer,
                 TileType::get(op->getContext(), {},
                               IntegerType::get(op->getContext(), 32)));
}

// `partition_view<...>`: the source tensor_view is part of the result type.
ParseResult tileiras::cuda_tile::parseViewResult(OpAsmParser &parser,
                                                 Type &source, Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  if (parseShortType(parser, result))
    return failure();
  source = getViewTensorView(result);
  if (!source)
    return parser.emitError(loc, "expected a partition_view, strided_view or "
                                 "gather_scatter_view type");
  return success();
}

void tileiras::cuda_tile::printViewResult(OpAsmPrinter &printer, Operation *,
                                          Type, Type result) {
  printShortType(printer, result);
}

// `div_by<16>`, `same_elements<[2]>`, `bounded<0, ?>`.
ParseResult tileiras::cuda_tile::parsePredicate(OpAsmParser &parser,
                                                Attribute &attr) {
  StringRef mnemonic;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseKeyword(&mnemonic))
    return failure();
  if (mnemonic == "div_by")
    attr = DivByAttr::parse(parser, Type());
  else if (mnemonic == "same_elements")
    attr = SameElementsAttr::parse(parser, Type());
  else if (mnemonic == "bounded")
    attr = BoundedAttr::parse(parser, Type());
  else
    return parser.emitError(loc, "unknown assume predicate '")
           << mnemonic << "'";
  return success(static_cast<bool>(attr));
}

void tileiras::cuda_tile::printPredicate(OpAsmPrinter &printer, Operation *,
                                         Attribute attr) {
  llvm::TypeSwitch<Attribute>(attr)
      .Case<DivByAttr, SameElementsAttr, BoundedAttr>([&](auto a) {
        printer << decltype(a)::getMnemonic();
        a.print(printer);
      })
      .Default([&](Attribute a) { printer.printAttribute(a); });
}

// `: T0, T1 -> token`, or `-> token` without arguments.
ParseResult tileiras::cuda_tile::parsePrintTypes(OpAsmParser &parser,
                                                 SmallVectorImpl<Type> &args,
                                                 Type &token) {
  bool colon = succeeded(parser.parseOptionalColon());
  if (colon && failed(parser.parseOptionalArrow())) {
    if (parseCTList(parser, args) || parser.parseArrow())
      return failure();
  } else if (!colon && parser.parseArrow()) {
    return failure();
  }
  return parseShortType(parser, token);
}

void tileiras::cuda_tile::printPrintTypes(OpAsmPrinter &printer, Operation *op,
                                          TypeRange args, Type token) {
  if (!args.empty()) {
    printer << ": ";
    printCTList(printer, op, args);
    printer << ' ';
  }
  printer << "-> ";
  printShortType(printer, token);
}

//===----------------------------------------------------------------------===//
// Dense values and argument lists
//===----------------------------------------------------------------------===//

static void printElement(OpAsmPrinter &printer, Type element, Attribute v) {
  if (auto f = dyn_cast<FloatAttr>(v)) {
    printer.printFloat(f.getValue());
    return;
  }
  APInt value = cast<IntegerAttr>(v).getValue();
  if (element.isInteger(1))
    printer << (value.isZero() ? "false" : "true");
  else
    printer << value.getSExtValue();
}

// Nested `[[a, b], [c, d]]` from the row-major element list.
static void printNested(OpAsmPrinter &printer, Type element,
                        ArrayRef<Attribute> values, ArrayRef<int64_t> shape) {
  if (shape.empty()) {
    printElement(printer, element, values.front());
    return;
  }
  int64_t inner = values.size() / shape.front();
  printer << '[';
  for (int64_t i = 0; i < shape.front(); ++i) {
    if (i)
      printer << ", ";
    printNested(printer, element, values.slice(i * inner, inner),
                shape.drop_front());
  }
  printer << ']';
}

void tileiras::cuda_tile::printDenseValue(OpAsmPrinter &printer,
                                          ElementsAttr value) {
  auto dense = cast<DenseElementsAttr>(value);
  Type element = dense.getElementType();
  printer << '<';
  printer.printType(element);
  printer << ": ";
  if (dense.isSplat()) {
    printElement(printer, element, dense.getSplatValue<Attribute>());
  } else {
    SmallVector<Attribute> values(dense.getValues<Attribute>());
    printNested(printer, element, values, dense.getType().getShape());
  }
  printer << '>';
}

ParseResult tileiras::cuda_tile::parseArgumentList(
    OpAsmParser &parser, SmallVectorImpl<OpAsmParser::Argument> &args) {
  return parser.parseCommaSeparatedList(
      OpAsmParser::Delimiter::Paren, [&]() -> ParseResult {
        OpAsmParser::Argument arg;
        if (parser.parseArgument(arg) || parser.parseColon() ||
            parseShortType(parser, arg.type))
          return failure();
        args.push_back(arg);
        return success();
      });
}

void tileiras::cuda_tile::printArgumentList(OpAsmPrinter &printer,
                                            Block::BlockArgListType args) {
  printer << '(';
  llvm::interleaveComma(args, printer, [&](BlockArgument arg) {
    printer.printRegionArgument(arg, {}, /*omitType=*/true);
    printer << ": ";
    printShortType(printer, arg.getType());
  });
  printer << ')';
}
