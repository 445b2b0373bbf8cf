//===- CudaTileAsm.h - shared parsing/printing helpers ----------*- C++ -*-===//
//
// Types and attributes of cuda_tile print without their `!cuda_tile.` /
// `#cuda_tile.` prefix inside ops; these helpers parse both spellings and
// provide the custom<...> directives of CudaTileOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_DIALECT_CUDATILE_CUDATILEASM_H
#define TILEIRAS_DIALECT_CUDATILE_CUDATILEASM_H

#include "tileiras/Dialect/CudaTile/CudaTile.h"

#include "mlir/IR/OpImplementation.h"

namespace tileiras::cuda_tile {

/// Parses a type in short form (`tile<4xf32>`, `ptr<f32>`, `token`, ...),
/// with the `!cuda_tile.` prefix, or any builtin type.
mlir::ParseResult parseShortType(mlir::AsmParser &parser, mlir::Type &type);
/// Prints dialect types without prefix, other types as usual.
void printShortType(mlir::AsmPrinter &printer, mlir::Type type);
/// The dialect type named by `mnemonic`, parsed after the mnemonic.
mlir::Type parseTypeAfterMnemonic(mlir::AsmParser &parser,
                                  llvm::StringRef mnemonic);
/// Mnemonic of a dialect type ("" for others).
llvm::StringRef getTypeMnemonic(mlir::Type type);

/// The i1 tile with the shape of `tile`.
TileType getMaskTypeFor(TileType tile);

// custom<...> directives.
mlir::ParseResult parseCT(mlir::OpAsmParser &parser, mlir::Type &type);
void printCT(mlir::OpAsmPrinter &printer, mlir::Operation *, mlir::Type type);
mlir::ParseResult parseOptCT(mlir::OpAsmParser &parser, mlir::Type &type);
void printOptCT(mlir::OpAsmPrinter &printer, mlir::Operation *,
                mlir::Type type);
mlir::ParseResult parseCTList(mlir::OpAsmParser &parser,
                              llvm::SmallVectorImpl<mlir::Type> &types);
void printCTList(mlir::OpAsmPrinter &printer, mlir::Operation *,
                 mlir::TypeRange types);
mlir::ParseResult
parseIndexTypes(mlir::OpAsmParser &parser,
                llvm::ArrayRef<mlir::OpAsmParser::UnresolvedOperand> indices,
                llvm::SmallVectorImpl<mlir::Type> &types);
void printIndexTypes(mlir::OpAsmPrinter &printer, mlir::Operation *,
                     mlir::ValueRange indices, mlir::TypeRange types);
mlir::ParseResult parsePerDim(mlir::OpAsmParser &parser,
                              llvm::SmallVectorImpl<mlir::Type> &types,
                              mlir::Type source);
void printPerDim(mlir::OpAsmPrinter &printer, mlir::Operation *,
                 mlir::TypeRange types, mlir::Type source);
mlir::ParseResult parseViewResult(mlir::OpAsmParser &parser, mlir::Type &source,
                                  mlir::Type &result);
void printViewResult(mlir::OpAsmPrinter &printer, mlir::Operation *,
                     mlir::Type source, mlir::Type result);
mlir::ParseResult parsePredicate(mlir::OpAsmParser &parser,
                                 mlir::Attribute &attr);
void printPredicate(mlir::OpAsmPrinter &printer, mlir::Operation *,
                    mlir::Attribute attr);
mlir::ParseResult parsePrintTypes(mlir::OpAsmParser &parser,
                                  llvm::SmallVectorImpl<mlir::Type> &args,
                                  mlir::Type &token);
void printPrintTypes(mlir::OpAsmPrinter &printer, mlir::Operation *,
                     mlir::TypeRange args, mlir::Type token);

void printDenseValue(mlir::OpAsmPrinter &printer, mlir::ElementsAttr value);

/// `(%a: tile<i32>, %b: ...)` with short-form types.
mlir::ParseResult
parseArgumentList(mlir::OpAsmParser &parser,
                  llvm::SmallVectorImpl<mlir::OpAsmParser::Argument> &args);
void printArgumentList(mlir::OpAsmPrinter &printer,
                       mlir::Block::BlockArgListType args);

/// Aliases #di_file, #di_subprogram, ... (CudaTileDebugInfo.cpp).
void registerDebugInfoAsmInterface(CudaTileDialect *dialect);

} // namespace tileiras::cuda_tile

#endif // TILEIRAS_DIALECT_CUDATILE_CUDATILEASM_H
