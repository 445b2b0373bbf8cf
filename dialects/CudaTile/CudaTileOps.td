//===- CudaTileOps.td - cuda_tile operations ---------------*- tablegen -*-===//
//
// The op set of cuda_tile 13.1 - 13.3. Types in op syntax go through the
// custom<CT> directives (CudaTileAsm.h) so that dialect types print in their
// short form (`tile<4xf32>`).
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_DIALECT_CUDATILE_OPS_TD
#define TILEIRAS_DIALECT_CUDATILE_OPS_TD

include "CudaTileDialect.td"
include "CudaTileTypes.td"
include "CudaTileAttrs.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

class CT_TileOf<string pred, string what>
    : Type<CPred<"::tileiras::cuda_tile::detail::" # pred # "($_self)">, what,
           "::tileiras::cuda_tile::TileType">;

def CT_Tile : CT_TileOf<"isTile", "tile">;
def CT_FloatTile : CT_TileOf<"isBaseFloatTile", "tile of f16, bf16, f32 or f64">;
def CT_AnyFloatTile : CT_TileOf<"isFloatTile", "tile of floats">;
def CT_IntTile : CT_TileOf<"isIntTile", "tile of integers">;
def CT_BoolTile : CT_TileOf<"isBoolTile", "tile of i1">;
def CT_PtrTile : CT_TileOf<"isPtrTile", "tile of pointers">;
def CT_NumberTile : CT_TileOf<"isNumberTile", "tile of numbers">;
def CT_ScalarTile : CT_TileOf<"isScalarTile", "0-d tile">;
def CT_ScalarBool : CT_TileOf<"isScalarBool", "0-d tile of i1">;
def CT_ScalarInt : CT_TileOf<"isScalarInt", "0-d tile of integers">;
def CT_ScalarPtr : CT_TileOf<"isScalarPtr", "0-d tile of pointers">;
def CT_ScalarI32 : CT_TileOf<"isScalarI32", "0-d tile of i32"> {
  let builderCall = "::tileiras::cuda_tile::TileType::get($_builder.getContext(), {}, $_builder.getI32Type())";
}
def CT_Token : Type<CPred<"::llvm::isa<::tileiras::cuda_tile::TokenType>($_self)">,
                    "token", "::tileiras::cuda_tile::TokenType"> {
  let builderCall = "::tileiras::cuda_tile::TokenType::get($_builder.getContext())";
}
def CT_TensorView : Type<CPred<"::llvm::isa<::tileiras::cuda_tile::TensorViewType>($_self)">,
                         "tensor_view", "::tileiras::cuda_tile::TensorViewType">;
def CT_TileView : Type<CPred<"::tileiras::cuda_tile::detail::isTileView($_self)">,
                       "partition, strided or gather/scatter view">;
def CT_Value : AnyTypeOf<[CT_Tile, CT_Token, CT_TensorView, CT_TileView]>;

//===----------------------------------------------------------------------===//
// Base classes
//===----------------------------------------------------------------------===//

class CT_Op<string mnemonic, list<Trait> traits = []>
    : Op<CudaTile_Dialect, mnemonic, traits>;

// Ops with regions print their bodies without the dialect prefix.
def CT_DefaultDialect : DeclareOpInterfaceMethods<OpAsmOpInterface,
                                                  ["getDefaultDialect"]>;

defvar CT_RoundingFmt = "(`rounding` `<` $rounding^ `>`)?";
defvar CT_FtzFmt = "(`flush_to_zero` $flush_to_zero^)?";
defvar CT_OverflowFmt = "(`overflow` `<` $overflow^ `>`)?";
defvar CT_RndFtzFmt = "(`rounding` `<` $rounding^ `>`)? (`flush_to_zero` $flush_to_zero^)?";
defvar CT_NanFtzFmt = "(`propagate_nan` $propagate_nan^)? (`flush_to_zero` $flush_to_zero^)?";
defvar CT_SignRndFmt = "$signedness (`rounding` `<` $rounding^ `>`)?";

class CT_FUnary<string mn, dag extra = (ins), string mods = "">
    : CT_Op<mn, [Pure, SameOperandsAndResultType]> {
  let arguments = !con((ins CT_FloatTile:$source), extra);
  let results = (outs CT_FloatTile:$result);
  let assemblyFormat = "$source " # mods #
                       " attr-dict `:` custom<CT>(type($result))";
}

class CT_FBinary<string mn, dag extra = (ins), string mods = "">
    : CT_Op<mn, [Pure, SameOperandsAndResultType]> {
  let arguments = !con((ins CT_FloatTile:$lhs, CT_FloatTile:$rhs), extra);
  let results = (outs CT_FloatTile:$result);
  let assemblyFormat = "$lhs `,` $rhs " # mods #
                       " attr-dict `:` custom<CT>(type($result))";
  let hasVerifier = 1;
}

class CT_IBinary<string mn, dag extra = (ins), string mods = "">
    : CT_Op<mn, [Pure, SameOperandsAndResultType]> {
  let arguments = !con((ins CT_IntTile:$lhs, CT_IntTile:$rhs), extra);
  let results = (outs CT_IntTile:$result);
  let assemblyFormat = "$lhs `,` $rhs " # mods #
                       " attr-dict `:` custom<CT>(type($result))";
}

class CT_IUnary<string mn, dag extra = (ins), string mods = "">
    : CT_Op<mn, [Pure, SameOperandsAndResultType]> {
  let arguments = !con((ins CT_IntTile:$source), extra);
  let results = (outs CT_IntTile:$result);
  let assemblyFormat = "$source " # mods #
                       " attr-dict `:` custom<CT>(type($result))";
}

// Conversions print `src : T -> T`.
class CT_Convert<string mn, Type from, Type to, dag extra = (ins),
                 string mods = "">
    : CT_Op<mn, [Pure]> {
  let arguments = !con((ins from:$source), extra);
  let results = (outs to:$result);
  let assemblyFormat = "$source " # mods # " attr-dict `:` "
      "custom<CT>(type($source)) `->` custom<CT>(type($result))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Module structure
//===----------------------------------------------------------------------===//

def CT_ModuleOp : CT_Op<"module", [IsolatedFromAbove, SymbolTable, Symbol,
    NoTerminator, SingleBlock, NoRegionArguments, CT_DefaultDialect]> {
  let summary = "a cuda_tile module: entries and globals";
  let arguments = (ins SymbolNameAttr:$sym_name,
                       OptionalAttr<StrAttr>:$producer);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$sym_name attr-dict-with-keyword $body";
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins "::llvm::StringRef":$name)>];
}

def CT_EntryOp : CT_Op<"entry", [IsolatedFromAbove, Symbol,
    HasParent<"ModuleOp">, AutomaticAllocationScope, CT_DefaultDialect]> {
  let summary = "a kernel";
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CT_GlobalOp : CT_Op<"global", [Symbol, HasParent<"ModuleOp">]> {
  let summary = "a statically initialized 1-D global allocation";
  let arguments = (ins SymbolNameAttr:$sym_name,
                       ElementsAttr:$value,
                       DefaultValuedAttr<I64Attr, "0">:$alignment,
                       UnitAttr:$constant,
                       OptionalAttr<StrAttr>:$sym_visibility);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CT_GetGlobalOp : CT_Op<"get_global", [Pure,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "pointer to a global's first element";
  let arguments = (ins FlatSymbolRefAttr:$name);
  let results = (outs CT_ScalarPtr:$result);
  let assemblyFormat = "$name attr-dict `:` custom<CT>(type($result))";
}

def CT_ReturnOp : CT_Op<"return", [Pure, Terminator, ReturnLike]> {
  let summary = "terminator of an entry";
  let arguments = (ins Variadic<CT_Value>:$operands);
  let assemblyFormat =
      "attr-dict ($operands^ `:` custom<CTList>(type($operands)))?";
}

//===----------------------------------------------------------------------===//
// Grid, constants, shape ops
//===----------------------------------------------------------------------===//

class CT_GridOp<string mn> : CT_Op<mn, [Pure,
    AllTypesMatch<["x", "y", "z"]>]> {
  let results = (outs CT_ScalarI32:$x, CT_ScalarI32:$y, CT_ScalarI32:$z);
  let assemblyFormat = "attr-dict `:` custom<CT>(type($x))";
}
def CT_GetTileBlockIdOp : CT_GridOp<"get_tile_block_id"> {
  let summary = "3-D coordinates of this tile block";
}
def CT_GetNumTileBlocksOp : CT_GridOp<"get_num_tile_blocks"> {
  let summary = "grid extents";
}

def CT_ConstantOp : CT_Op<"constant", [Pure, ConstantLike]> {
  let summary = "splat or dense constant tile";
  let arguments = (ins ElementsAttr:$value);
  let results = (outs CT_NumberTile:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasFolder = 1;
}

def CT_IotaOp : CT_Op<"iota", [Pure]> {
  let summary = "1-D tile 0 .. n-1";
  let results = (outs CT_IntTile:$result);
  let assemblyFormat = "attr-dict `:` custom<CT>(type($result))";
  let hasVerifier = 1;
}

def CT_BroadcastOp : CT_Convert<"broadcast", CT_Tile, CT_Tile>;
def CT_ReshapeOp : CT_Convert<"reshape", CT_Tile, CT_Tile>;

def CT_PermuteOp : CT_Op<"permute", [Pure]> {
  let arguments = (ins CT_Tile:$source, DenseI32ArrayAttr:$permutation);
  let results = (outs CT_Tile:$result);
  let assemblyFormat = "$source $permutation attr-dict `:` "
      "custom<CT>(type($source)) `->` custom<CT>(type($result))";
  let hasVerifier = 1;
}

def CT_CatOp : CT_Op<"cat", [Pure]> {
  let arguments = (ins CT_Tile:$lhs, CT_Tile:$rhs, I64Attr:$dim);
  let results = (outs CT_Tile:$result);
  let assemblyFormat = "$lhs `,` $rhs `dim` `=` $dim attr-dict `:` "
      "custom<CT>(type($lhs)) `,` custom<CT>(type($rhs)) `->` "
      "custom<CT>(type($result))";
  let hasVerifier = 1;
}

def CT_ExtractOp : CT_Op<"extract", [Pure]> {
  let arguments = (ins CT_Tile:$source, Variadic<CT_ScalarI32>:$indices);
  let results = (outs CT_Tile:$result);
  let assemblyFormat = "$source `[` $indices `]` attr-dict `:` "
      "custom<CT>(type($source)) `->` custom<CT>(type($result))";
  let hasVerifier = 1;
}

def CT_SelectOp : CT_Op<"select", [Pure,
    AllTypesMatch<["true_value", "false_value", "result"]>]> {
  let arguments = (ins CT_BoolTile:$cond, CT_Tile:$true_value,
                       CT_Tile:$false_value);
  let results = (outs CT_Tile:$result);
  let assemblyFormat = "$cond `,` $true_value `,` $false_value attr-dict `:` "
      "custom<CT>(type($cond)) `,` custom<CT>(type($result))";
  let hasVerifier = 1;
}

def CT_OffsetOp : CT_Op<"offset", [Pure, AllTypesMatch<["ptr", "result"]>]> {
  let arguments = (ins CT_PtrTile:$ptr, CT_IntTile:$offset);
  let results = (outs CT_PtrTile:$result);
  let assemblyFormat = "$ptr `,` $offset attr-dict `:` custom<CT>(type($ptr)) "
      "`,` custom<CT>(type($offset)) `->` custom<CT>(type($result))";
  let hasVerifier = 1;
}

def CT_PackOp : CT_Convert<"pack", CT_NumberTile, CT_IntTile>;
def CT_UnpackOp : CT_Convert<"unpack", CT_IntTile, CT_NumberTile>;

//===----------------------------------------------------------------------===//
// Views and memory
//===----------------------------------------------------------------------===//

def CT_MakeTensorViewOp : CT_Op<"make_tensor_view", [Pure,
    AttrSizedOperandSegments]> {
  let arguments = (ins CT_ScalarPtr:$base, Variadic<CT_ScalarInt>:$dynamicShape,
                       Variadic<CT_ScalarInt>:$dynamicStrides);
  let results = (outs CT_TensorView:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

class CT_MakeViewOp<string mn> : CT_Op<mn, [Pure]> {
  let arguments = (ins CT_TensorView:$source);
  let results = (outs CT_TileView:$result);
  let assemblyFormat = "$source attr-dict `:` custom<ViewResult>(type($source), type($result))";
  let hasVerifier = 1;
}
def CT_MakePartitionViewOp : CT_MakeViewOp<"make_partition_view">;
def CT_MakeStridedViewOp : CT_MakeViewOp<"make_strided_view">;
def CT_MakeGatherScatterViewOp : CT_MakeViewOp<"make_gather_scatter_view">;

def CT_GetTensorShapeOp : CT_Op<"get_tensor_shape", [Pure]> {
  let arguments = (ins CT_TensorView:$source);
  let results = (outs Variadic<CT_ScalarInt>:$results);
  let assemblyFormat = "$source attr-dict `:` custom<CT>(type($source)) `->` "
      "custom<PerDim>(type($results), ref(type($source)))";
  let hasVerifier = 1;
}

def CT_GetIndexSpaceShapeOp : CT_Op<"get_index_space_shape", [Pure]> {
  let arguments = (ins CT_TileView:$source);
  let results = (outs Variadic<CT_ScalarInt>:$results);
  let assemblyFormat = "$source attr-dict `:` custom<CT>(type($source)) `->` "
      "custom<PerDim>(type($results), ref(type($source)))";
  let hasVerifier = 1;
}

defvar CT_TokenHintsFmt = "(`token` `=` $token^)? "
    "(`optimization_hints` `=` $optimization_hints^)? attr-dict";

def CT_LoadViewTkoOp : CT_Op<"load_view_tko", [AttrSizedOperandSegments,
    MemoryEffects<[MemRead]>]> {
  let summary = "load one tile of a view";
  let arguments = (ins CudaTile_MemoryOrdering:$memory_ordering,
                       OptionalAttr<CudaTile_MemoryScope>:$memory_scope,
                       OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints,
                       CT_TileView:$view, Variadic<CT_Tile>:$indices,
                       Optional<CT_Token>:$token);
  let results = (outs CT_Tile:$tile, CT_Token:$result_token);
  let assemblyFormat = "$memory_ordering ($memory_scope^)? $view `[` $indices `]` "
      "(`token` `=` $token^)? (`optimization_hints` `=` $optimization_hints^)? attr-dict" " `:` custom<CT>(type($view)) "
      "`` custom<IndexTypes>(ref($indices), type($indices)) `->` "
      "custom<CT>(type($tile)) `,` custom<CT>(type($result_token))";
  let hasVerifier = 1;
}

def CT_StoreViewTkoOp : CT_Op<"store_view_tko", [AttrSizedOperandSegments,
    MemoryEffects<[MemWrite]>]> {
  let summary = "store one tile of a view";
  let arguments = (ins CudaTile_MemoryOrdering:$memory_ordering,
                       OptionalAttr<CudaTile_MemoryScope>:$memory_scope,
                       OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints,
                       CT_Tile:$tile, CT_TileView:$view,
                       Variadic<CT_Tile>:$indices, Optional<CT_Token>:$token);
  let results = (outs CT_Token:$result_token);
  let assemblyFormat = "$memory_ordering ($memory_scope^)? $tile `,` $view "
      "`[` $indices `]` " "(`token` `=` $token^)? (`optimization_hints` `=` $optimization_hints^)? attr-dict" " `:` custom<CT>(type($tile)) "
      "`,` custom<CT>(type($view)) "
      "`` custom<IndexTypes>(ref($indices), type($indices)) `->` "
      "custom<CT>(type($result_token))";
  let hasVerifier = 1;
}

def CT_LoadPtrTkoOp : CT_Op<"load_ptr_tko", [AttrSizedOperandSegments,
    MemoryEffects<[MemRead]>]> {
  let summary = "gather through a tile of pointers";
  let arguments = (ins CudaTile_MemoryOrdering:$memory_ordering,
                       OptionalAttr<CudaTile_MemoryScope>:$memory_scope,
                       OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints,
                       CT_PtrTile:$source, Optional<CT_BoolTile>:$mask,
                       Optional<CT_NumberTile>:$padding,
                       Optional<CT_Token>:$token);
  let results = (outs CT_NumberTile:$result, CT_Token:$result_token);
  let assemblyFormat = "$memory_ordering ($memory_scope^)? $source "
      "(`,` $mask^)? (`,` $padding^)? " "(`token` `=` $token^)? (`optimization_hints` `=` $optimization_hints^)? attr-dict"
      " `:` custom<CT>(type($source)) `` custom<OptCT>(type($mask)) "
      "`` custom<OptCT>(type($padding)) `->` custom<CT>(type($result)) `,` "
      "custom<CT>(type($result_token))";
  let hasVerifier = 1;
}

def CT_StorePtrTkoOp : CT_Op<"store_ptr_tko", [AttrSizedOperandSegments,
    MemoryEffects<[MemWrite]>]> {
  let summary = "scatter through a tile of pointers";
  let arguments = (ins CudaTile_MemoryOrdering:$memory_ordering,
                       OptionalAttr<CudaTile_MemoryScope>:$memory_scope,
                       OptionalAttr<CudaTile_OptimizationHintsAttr>:$optimization_hints,
                       CT_PtrTile:$destination, CT_NumberTile:$value,
                       Optional<CT_BoolTile>:$mask, Optional<CT_Token>:$token);
  let results = (outs CT_Token:$result_token);
  let assemblyFormat = "$memory_ordering ($memory_scope^)? $destination `,` "
      "$value (`,` $mask^)? " "(`token` `=` $token^)? (`optimization_hints` `=` $optimization_hints^)? attr-dict"
      " `:` custom<CT>(type($destination)) `,` custom<CT>(type($value)) "
      "`` custom<OptCT>(type($mask)) `->` custom<CT>(type($result_token))";
  let hasVerifier = 1;
}

def CT_AtomicRmwTkoOp : CT_Op<"atomic_rmw_tko", [AttrSizedOperandSegments,
    MemoryEffects<[MemRead, MemWrite]>, AllTypesMatch<["arg", "result"]>]> {
  let arguments = (ins CudaTile_MemoryOrdering:$memory_ordering,
                       CudaTile_MemoryScope:$memory_scope,
                       CudaTile_AtomicMode:$mode,
                       CT_PtrTile:$pointers, CT_NumberTile:$arg,
                       Optional<CT_BoolTile>:$mask, Optional<CT_Token>:$token);
  let results = (outs CT_NumberTile:$result, CT_Token:$result_token);
  let assemblyFormat = "$memory_ordering $memory_scope $pointers `,` $mode `,` "
      "$arg (`,` $mask^)? (`token` `=` $token^)? attr-dict `:` "
      "custom<CT>(type($pointers)) `,` custom<CT>(type($arg)) "
      "`` custom<OptCT>(type($mask)) `->` custom<CT>(type($result)) `,` "
      "custom<CT>(type($result_token))";
  let hasVerifier = 1;
}

def CT_AtomicCasTkoOp : CT_Op<"atomic_cas_tko", [AttrSizedOperandSegments,
    MemoryEffects<[MemRead, MemWrite]>,
    AllTypesMatch<["cmp", "val", "result"]>]> {
  let arguments = (ins CudaTile_MemoryOrdering:$memory_ordering,
                       CudaTile_MemoryScope:$memory_scope,
                       CT_PtrTile:$pointers, CT_NumberTile:$cmp,
                       CT_NumberTile:$val, Optional<CT_BoolTile>:$mask,
                       Optional<CT_Token>:$token);
  let results = (outs CT_NumberTile:$result, CT_Token:$result_token);
  let assemblyFormat = "$memory_ordering $memory_scope $pointers `,` $cmp `,` "
      "$val (`,` $mask^)? (`token` `=` $token^)? attr-dict `:` "
      "custom<CT>(type($pointers)) `,` custom<CT>(type($cmp)) "
      "`` custom<OptCT>(type($mask)) `->` custom<CT>(type($result)) `,` "
      "custom<CT>(type($result_token))";
  let hasVerifier = 1;
}

def CT_AtomicRedViewTkoOp : CT_Op<"atomic_red_view_tko", [
    AttrSizedOperandSegments, MemoryEffects<[MemRead, MemWrite]>]> {
  let arguments = (ins CudaTile_MemoryOrdering:$memory_ordering,
                       CudaTile_MemoryScope:$memory_scope,
                       CudaTile_AtomicMode:$mode, CT_TileView:$view,
                       Variadic<CT_Tile>:$indices, CT_NumberTile:$value,
                       Optional<CT_Token>:$token);
  let results = (outs CT_Token:$result_token);
  let assemblyFormat = "$memory_ordering $memory_scope $view `[` $indices `]` "
      "`,` $mode `,` $value (`token` `=` $token^)? attr-dict `:` "
      "custom<CT>(type($value)) `,` custom<CT>(type($view)) "
      "`` custom<IndexTypes>(ref($indices), type($indices)) `->` "
      "custom<CT>(type($result_token))";
  let hasVerifier = 1;
}

def CT_MakeTokenOp : CT_Op<"make_token", [Pure]> {
  let results = (outs CT_Token:$result);
  let assemblyFormat = "attr-dict `:` custom<CT>(type($result))";
}

def CT_JoinTokensOp : CT_Op<"join_tokens", [Pure]> {
  let arguments = (ins Variadic<CT_Token>:$tokens);
  let results = (outs CT_Token:$result);
  let assemblyFormat = "$tokens attr-dict `:` custom<CT>(type($result))";
  let hasVerifier = 1;
}

def CT_AllocaOp : CT_Op<"alloca", [MemoryEffects<[MemAlloc]>]> {
  let arguments = (ins I64Attr:$num_elem, I64Attr:$alignment,
                       UnitAttr:$global);
  let results = (outs CT_ScalarPtr:$result);
  let assemblyFormat = "`num_elem` `=` $num_elem `,` `alignment` `=` "
      "$alignment (`global` $global^)? attr-dict `:` custom<CT>(type($result))";
}

//===----------------------------------------------------------------------===//
// Matrix multiply
//===----------------------------------------------------------------------===//

def CT_MmaFOp : CT_Op<"mmaf", [Pure, AllTypesMatch<["acc", "result"]>]> {
  let arguments = (ins CT_AnyFloatTile:$lhs, CT_AnyFloatTile:$rhs,
                       CT_AnyFloatTile:$acc, UnitAttr:$fast_acc);
  let results = (outs CT_AnyFloatTile:$result);
  let assemblyFormat = "$lhs `,` $rhs `,` $acc (`fast_acc` $fast_acc^)? "
      "attr-dict `:` custom<CT>(type($lhs)) `,` custom<CT>(type($rhs)) `,` "
      "custom<CT>(type($acc))";
  let hasVerifier = 1;
}

def CT_MmaIOp : CT_Op<"mmai", [Pure, AllTypesMatch<["acc", "result"]>]> {
  let arguments = (ins CT_IntTile:$lhs, CT_IntTile:$rhs, CT_IntTile:$acc,
                       CudaTile_Signedness:$signedness_lhs,
                       CudaTile_Signedness:$signedness_rhs);
  let results = (outs CT_IntTile:$result);
  let assemblyFormat = "$lhs `,` $rhs `,` $acc $signedness_lhs $signedness_rhs "
      "attr-dict `:` custom<CT>(type($lhs)) `,` custom<CT>(type($rhs)) `,` "
      "custom<CT>(type($acc))";
  let hasVerifier = 1;
}

def CT_MmaFScaledOp : CT_Op<"mmaf_scaled", [Pure,
    AllTypesMatch<["acc", "result"]>]> {
  let arguments = (ins CT_AnyFloatTile:$lhs, CT_AnyFloatTile:$rhs,
                       CT_AnyFloatTile:$acc, CT_AnyFloatTile:$lhs_scale,
                       CT_AnyFloatTile:$rhs_scale);
  let results = (outs CT_AnyFloatTile:$result);
  let assemblyFormat = "$lhs `,` $rhs `,` $acc `,` $lhs_scale `,` $rhs_scale "
      "attr-dict `:` custom<CT>(type($lhs)) `,` custom<CT>(type($rhs)) `,` "
      "custom<CT>(type($acc)) `,` custom<CT>(type($lhs_scale)) `,` "
      "custom<CT>(type($rhs_scale))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Reductions and control flow
//===----------------------------------------------------------------------===//

def CT_ReduceOp : CT_Op<"reduce", [Pure, CT_DefaultDialect]> {
  let arguments = (ins Variadic<CT_Tile>:$operands, I32Attr:$dim,
                       ArrayAttr:$identities);
  let results = (outs Variadic<CT_Tile>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CT_ScanOp : CT_Op<"scan", [Pure, CT_DefaultDialect]> {
  let arguments = (ins Variadic<CT_Tile>:$operands, I32Attr:$dim,
                       BoolAttr:$reverse, ArrayAttr:$identities);
  let results = (outs Variadic<CT_Tile>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CT_ForOp : CT_Op<"for", [CT_DefaultDialect, RecursiveMemoryEffects]> {
  let summary = "counted loop over [lb, ub) with step";
  let arguments = (ins CT_ScalarInt:$lowerBound, CT_ScalarInt:$upperBound,
                       CT_ScalarInt:$step, Variadic<CT_Value>:$initValues,
                       UnitAttr:$unsignedCmp);
  let results = (outs Variadic<CT_Value>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CT_LoopOp : CT_Op<"loop", [CT_DefaultDialect, RecursiveMemoryEffects]> {
  let summary = "loop left by break";
  let arguments = (ins Variadic<CT_Value>:$initValues);
  let results = (outs Variadic<CT_Value>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def CT_IfOp : CT_Op<"if", [CT_DefaultDialect, RecursiveMemoryEffects,
    NoRegionArguments]> {
  let arguments = (ins CT_ScalarBool:$condition);
  let results = (outs Variadic<CT_Value>:$results);
  let regions = (region SizedRegion<1>:$thenRegion, AnyRegion:$elseRegion);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

class CT_Terminator<string mn, list<Trait> traits = []>
    : CT_Op<mn, !listconcat([Pure, Terminator], traits)> {
  let arguments = (ins Variadic<CT_Value>:$operands);
  let assemblyFormat =
      "attr-dict ($operands^ `:` custom<CTList>(type($operands)))?";
  let hasVerifier = 1;
}
def CT_BreakOp : CT_Terminator<"break">;
def CT_ContinueOp : CT_Terminator<"continue">;
def CT_YieldOp : CT_Terminator<"yield">;

def CT_AssertOp : CT_Op<"assert", [MemoryEffects<[MemWrite]>]> {
  let arguments = (ins CT_BoolTile:$condition, StrAttr:$message);
  let assemblyFormat = "$condition `,` $message attr-dict `:` "
      "custom<CT>(type($condition))";
}

def CT_AssumeOp : CT_Op<"assume", [Pure, AllTypesMatch<["value", "result"]>]> {
  let arguments = (ins AnyAttr:$predicate, CT_Value:$value);
  let results = (outs CT_Value:$result);
  let assemblyFormat = "custom<Predicate>($predicate) `,` $value attr-dict `:` "
      "custom<CT>(type($value))";
  let hasVerifier = 1;
}

def CT_PrintTkoOp : CT_Op<"print_tko", [AttrSizedOperandSegments,
    MemoryEffects<[MemWrite]>]> {
  let arguments = (ins StrAttr:$str, Variadic<CT_Tile>:$args,
                       Optional<CT_Token>:$token);
  let results = (outs CT_Token:$result_token);
  let assemblyFormat = "$str (`,` $args^)? (`token` `=` $token^)? attr-dict "
      "custom<PrintTypes>(type($args), type($result_token))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Elementwise float arithmetic and math
//===----------------------------------------------------------------------===//

defvar CT_RndFtz = (ins OptionalAttr<CudaTile_Rounding>:$rounding,
                        UnitAttr:$flush_to_zero);
def CT_AddFOp : CT_FBinary<"addf", CT_RndFtz, CT_RndFtzFmt>;
def CT_SubFOp : CT_FBinary<"subf", CT_RndFtz, CT_RndFtzFmt>;
def CT_MulFOp : CT_FBinary<"mulf", CT_RndFtz, CT_RndFtzFmt>;
def CT_DivFOp : CT_FBinary<"divf", CT_RndFtz, CT_RndFtzFmt>;
def CT_PowOp : CT_FBinary<"pow">;
def CT_RemFOp : CT_FBinary<"remf">;
def CT_Atan2Op : CT_FBinary<"atan2">;
defvar CT_NanFtz = (ins UnitAttr:$propagate_nan, UnitAttr:$flush_to_zero);
def CT_MaxFOp : CT_FBinary<"maxf", CT_NanFtz,
                           CT_NanFtzFmt>;
def CT_MinFOp : CT_FBinary<"minf", CT_NanFtz,
                           CT_NanFtzFmt>;

def CT_FmaOp : CT_Op<"fma", [Pure, SameOperandsAndResultType]> {
  let arguments = (ins CT_FloatTile:$lhs, CT_FloatTile:$rhs, CT_FloatTile:$acc,
                       OptionalAttr<CudaTile_Rounding>:$rounding,
                       UnitAttr:$flush_to_zero);
  let results = (outs CT_FloatTile:$result);
  let assemblyFormat = "$lhs `,` $rhs `,` $acc (`rounding` `<` $rounding^ `>`)? "
      "(`flush_to_zero` $flush_to_zero^)? attr-dict `:` custom<CT>(type($result))";
  let hasVerifier = 1;
}

def CT_SqrtOp : CT_FUnary<"sqrt", CT_RndFtz, CT_RndFtzFmt> {
  let hasVerifier = 1;
}
def CT_RsqrtOp : CT_FUnary<"rsqrt", (ins UnitAttr:$flush_to_zero), CT_FtzFmt> {
  let hasVerifier = 1;
}
def CT_Exp2Op : CT_FUnary<"exp2", (ins UnitAttr:$flush_to_zero), CT_FtzFmt> {
  let hasVerifier = 1;
}
def CT_ExpOp : CT_FUnary<"exp", (ins OptionalAttr<CudaTile_Rounding>:$rounding),
                         CT_RoundingFmt> {
  let hasVerifier = 1;
}
def CT_TanhOp : CT_FUnary<"tanh", (ins OptionalAttr<CudaTile_Rounding>:$rounding),
                          CT_RoundingFmt> {
  let hasVerifier = 1;
}
def CT_AbsFOp : CT_FUnary<"absf">;
def CT_NegFOp : CT_FUnary<"negf">;
def CT_CeilOp : CT_FUnary<"ceil">;
def CT_FloorOp : CT_FUnary<"floor">;
def CT_CosOp : CT_FUnary<"cos">;
def CT_CoshOp : CT_FUnary<"cosh">;
def CT_SinOp : CT_FUnary<"sin">;
def CT_SinhOp : CT_FUnary<"sinh">;
def CT_TanOp : CT_FUnary<"tan">;
def CT_LogOp : CT_FUnary<"log">;
def CT_Log2Op : CT_FUnary<"log2">;

def CT_CmpFOp : CT_Op<"cmpf", [Pure, AllTypesMatch<["lhs", "rhs"]>]> {
  let arguments = (ins CudaTile_Predicate:$comparison_predicate,
                       CudaTile_Ordering:$comparison_ordering,
                       CT_FloatTile:$lhs, CT_FloatTile:$rhs);
  let results = (outs CT_BoolTile:$result);
  let assemblyFormat = "$comparison_predicate $comparison_ordering $lhs `,` "
      "$rhs attr-dict `:` custom<CT>(type($lhs)) `->` custom<CT>(type($result))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Elementwise integer arithmetic
//===----------------------------------------------------------------------===//

defvar CT_Ovf = (ins OptionalAttr<CudaTile_Overflow>:$overflow);
def CT_AddIOp : CT_IBinary<"addi", CT_Ovf, CT_OverflowFmt>;
def CT_SubIOp : CT_IBinary<"subi", CT_Ovf, CT_OverflowFmt>;
def CT_MulIOp : CT_IBinary<"muli", CT_Ovf, CT_OverflowFmt>;
def CT_ShLIOp : CT_IBinary<"shli", CT_Ovf, CT_OverflowFmt>;
def CT_NegIOp : CT_IUnary<"negi", CT_Ovf, CT_OverflowFmt>;
defvar CT_Sign = (ins CudaTile_Signedness:$signedness);
def CT_MaxIOp : CT_IBinary<"maxi", CT_Sign, "$signedness">;
def CT_MinIOp : CT_IBinary<"mini", CT_Sign, "$signedness">;
def CT_RemIOp : CT_IBinary<"remi", CT_Sign, "$signedness">;
def CT_ShRIOp : CT_IBinary<"shri", CT_Sign, "$signedness">;
def CT_DivIOp : CT_IBinary<"divi", (ins CudaTile_Signedness:$signedness,
                                        OptionalAttr<CudaTile_Rounding>:$rounding),
                           CT_SignRndFmt> {
  let hasVerifier = 1;
}
def CT_AbsIOp : CT_IUnary<"absi">;
def CT_MulHiIOp : CT_IBinary<"mulhii">;
def CT_AndIOp : CT_IBinary<"andi">;
def CT_OrIOp : CT_IBinary<"ori">;
def CT_XOrIOp : CT_IBinary<"xori">;

def CT_CmpIOp : CT_Op<"cmpi", [Pure, AllTypesMatch<["lhs", "rhs"]>]> {
  let arguments = (ins CudaTile_Predicate:$comparison_predicate,
                       CT_IntTile:$lhs, CT_IntTile:$rhs,
                       CudaTile_Signedness:$signedness);
  let results = (outs CT_BoolTile:$result);
  let assemblyFormat = "$comparison_predicate $lhs `,` $rhs `,` $signedness "
      "attr-dict `:` custom<CT>(type($lhs)) `->` custom<CT>(type($result))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

def CT_ExtIOp : CT_Convert<"exti", CT_IntTile, CT_IntTile, CT_Sign, "$signedness">;
def CT_TruncIOp : CT_Convert<"trunci", CT_IntTile, CT_IntTile, CT_Ovf,
                             CT_OverflowFmt>;
def CT_FToFOp : CT_Convert<"ftof", CT_AnyFloatTile, CT_AnyFloatTile,
                           (ins OptionalAttr<CudaTile_Rounding>:$rounding),
                           CT_RoundingFmt>;
def CT_FToIOp : CT_Convert<"ftoi", CT_AnyFloatTile, CT_IntTile,
                           (ins CudaTile_Signedness:$signedness,
                                OptionalAttr<CudaTile_Rounding>:$rounding),
                           CT_SignRndFmt>;
def CT_IToFOp : CT_Convert<"itof", CT_IntTile, CT_AnyFloatTile,
                           (ins CudaTile_Signedness:$signedness,
                                OptionalAttr<CudaTile_Rounding>:$rounding),
                           CT_SignRndFmt>;
def CT_BitcastOp : CT_Convert<"bitcast", CT_NumberTile, CT_NumberTile>;
def CT_IntToPtrOp : CT_Convert<"int_to_ptr", CT_IntTile, CT_PtrTile>;
def CT_PtrToIntOp : CT_Convert<"ptr_to_int", CT_PtrTile, CT_IntTile>;
def CT_PtrToPtrOp : CT_Convert<"ptr_to_ptr", CT_PtrTile, CT_PtrTile>;

#endif // TILEIRAS_DIALECT_CUDATILE_OPS_TD
