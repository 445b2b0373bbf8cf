//===- CudaTileDialect.td - cuda_tile dialect definition ---*- tablegen -*-===//
//
// NVIDIA's open Tile IR (cuda_tile), written from the public specification
// (docs/cuda-tile.md). Every value is a tile (rank 0 = scalar) of a number
// type or pointer, a view of global memory, or an ordering token.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_DIALECT_CUDATILE_DIALECT_TD
#define TILEIRAS_DIALECT_CUDATILE_DIALECT_TD

include "mlir/IR/OpBase.td"

def CudaTile_Dialect : Dialect {
  let name = "cuda_tile";
  let cppNamespace = "::tileiras::cuda_tile";
  let summary = "NVIDIA's open Tile IR (cuda_tile 13.1 - 13.3)";
  let description = [{
    The input language of NVIDIA's tileiras, as produced by cuTile Python
    and other front ends. Ops and types print without the `cuda_tile.`
    prefix inside a `cuda_tile.module`. See docs/cuda-tile.md.
  }];
  let useDefaultTypePrinterParser = 0;
  let useDefaultAttributePrinterParser = 0;
  let extraClassDeclaration = [{
    ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;
    void printType(::mlir::Type type,
                   ::mlir::DialectAsmPrinter &printer) const override;
    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr,
                        ::mlir::DialectAsmPrinter &printer) const override;

  private:
    void registerTypes();
    void registerAttributes();
  }];
}

#endif // TILEIRAS_DIALECT_CUDATILE_DIALECT_TD
