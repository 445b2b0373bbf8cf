//===- CudaTileTypes.td - cuda_tile types ------------------*- tablegen -*-===//
//
// All types have hand-written parsers and printers (CudaTileTypes.cpp) so
// that the same body text serves `!cuda_tile.tile<...>` and the short form
// `tile<...>` used inside a module.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_DIALECT_CUDATILE_TYPES_TD
#define TILEIRAS_DIALECT_CUDATILE_TYPES_TD

include "CudaTileDialect.td"
include "mlir/IR/AttrTypeBase.td"

class CudaTile_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<CudaTile_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def CudaTile_PointerType : CudaTile_Type<"Pointer", "ptr"> {
  let summary = "typed global-memory address";
  let parameters = (ins "::mlir::Type":$pointeeType);
  let genVerifyDecl = 1;
  let hasCustomAssemblyFormat = 1;
}

def CudaTile_TileType : CudaTile_Type<"Tile", "tile"> {
  let summary = "statically shaped tile of numbers or pointers";
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType);
  let genVerifyDecl = 1;
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    int64_t getRank() const { return getShape().size(); }
    int64_t getNumElements() const;
    /// Same shape, another element type.
    TileType withElementType(::mlir::Type elementType) const {
      return TileType::get(getContext(), getShape(), elementType);
    }
  }];
}

def CudaTile_TensorViewType : CudaTile_Type<"TensorView", "tensor_view"> {
  let summary = "global tensor: element type, shape and strides";
  let parameters = (ins "::mlir::Type":$elementType,
                        ArrayRefParameter<"int64_t">:$shape,
                        ArrayRefParameter<"int64_t">:$strides);
  let genVerifyDecl = 1;
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    static constexpr int64_t kDynamic = INT64_MIN;
    int64_t getRank() const { return getShape().size(); }
  }];
}

def CudaTile_PartitionViewType
    : CudaTile_Type<"PartitionView", "partition_view"> {
  let summary = "grid of equal tiles over a tensor_view";
  // padding is -1 when absent, else a PaddingValue.
  let parameters = (ins ArrayRefParameter<"int32_t">:$tileShape,
                        "TensorViewType":$tensorView,
                        ArrayRefParameter<"int32_t">:$dimMap,
                        "int32_t":$padding);
  let genVerifyDecl = 1;
  let hasCustomAssemblyFormat = 1;
}

def CudaTile_StridedViewType : CudaTile_Type<"StridedView", "strided_view"> {
  let summary = "tiles whose origins step by traversal strides (13.3)";
  let parameters = (ins ArrayRefParameter<"int32_t">:$tileShape,
                        ArrayRefParameter<"int32_t">:$traversalStrides,
                        "TensorViewType":$tensorView,
                        ArrayRefParameter<"int32_t">:$dimMap,
                        "int32_t":$padding);
  let genVerifyDecl = 1;
  let hasCustomAssemblyFormat = 1;
}

def CudaTile_GatherScatterViewType
    : CudaTile_Type<"GatherScatterView", "gather_scatter_view"> {
  let summary = "view with one gathered/scattered dimension (13.3)";
  let parameters = (ins ArrayRefParameter<"int32_t">:$tileShape,
                        "TensorViewType":$tensorView,
                        "int32_t":$sparseDim,
                        "int32_t":$padding);
  let genVerifyDecl = 1;
  let hasCustomAssemblyFormat = 1;
}

def CudaTile_TokenType : CudaTile_Type<"Token", "token"> {
  let summary = "ordering token of token-ordered (tko) ops";
  let hasCustomAssemblyFormat = 1;
}

#endif // TILEIRAS_DIALECT_CUDATILE_TYPES_TD
