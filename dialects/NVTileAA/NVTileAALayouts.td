//===- NVTileAALayouts.td - distributed layout encodings ---*- tablegen -*-===//
//
// Encodings attached to tile (tensor) types by tileaa-assign-layouts: how a
// tile is spread over the registers, lanes and warps of a CTA. Each one maps
// to a linear layout (include/tileiras/Layout/LinearLayout.h); docs/layouts.md
// draws them.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_DIALECT_NVTILEAA_LAYOUTS_TD
#define TILEIRAS_DIALECT_NVTILEAA_LAYOUTS_TD

include "NVTileAADialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/TensorEncoding.td"

def NVTileAA_LayoutEncodingInterface
    : AttrInterface<"LayoutEncodingAttrInterface"> {
  let cppNamespace = "::tileiras::nv_tileaa";
  let description = [{
    A distributed layout of a tile over the registers, lanes and warps of a
    CTA.
  }];
  let methods = [
    InterfaceMethod<"The linear layout of a tile of this shape.",
      "::tileiras::layout::LinearLayout", "toLinearLayout",
      (ins "::llvm::ArrayRef<int64_t>":$shape)>,
    InterfaceMethod<"The rank of the tiles this layout applies to.",
      "unsigned", "getLayoutRank">,
    InterfaceMethod<"Warps per CTA the layout spreads over.",
      "unsigned", "getLayoutNumWarps">,
  ];
}

class NVTileAA_LayoutAttr<string name, string mnemonicName>
    : AttrDef<NVTileAA_Dialect, name, [
        DeclareAttrInterfaceMethods<NVTileAA_LayoutEncodingInterface>,
        DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let mnemonic = mnemonicName;
  let genVerifyDecl = 1;
}

def NVTileAA_BlockedEncodingAttr
    : NVTileAA_LayoutAttr<"BlockedEncoding", "blocked"> {
  let summary = "each thread owns contiguous blocks of a tile";
  let description = [{
    `#nv_tileaa.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16],
    warpsPerCTA = [4, 1], order = [1, 0]>`: every lane owns `sizePerThread`
    contiguous elements per block; the lanes of a warp and then the warps of
    the CTA tile the block, filling the dimensions in `order` (fastest
    first). A larger tile repeats the block in more registers; a smaller one
    is replicated across threads.
  }];
  let parameters = (ins
    ArrayRefParameter<"unsigned">:$sizePerThread,
    ArrayRefParameter<"unsigned">:$threadsPerWarp,
    ArrayRefParameter<"unsigned">:$warpsPerCTA,
    ArrayRefParameter<"unsigned">:$order);
  let assemblyFormat = [{
    `<` `sizePerThread` `=` `[` $sizePerThread `]` `,`
        `threadsPerWarp` `=` `[` $threadsPerWarp `]` `,`
        `warpsPerCTA` `=` `[` $warpsPerCTA `]` `,`
        `order` `=` `[` $order `]` `>`
  }];
}

def NVTileAA_SliceEncodingAttr
    : NVTileAA_LayoutAttr<"SliceEncoding", "slice"> {
  let summary = "a parent layout with one dimension removed";
  let description = [{
    `#nv_tileaa.slice<dim = 1, parent = #nv_tileaa.blocked<...>>`: the layout
    of a reduction's result. The threads that held the removed dimension all
    hold the reduced value.
  }];
  let parameters = (ins "unsigned":$dim, "::mlir::Attribute":$parent);
  let assemblyFormat = "`<` `dim` `=` $dim `,` `parent` `=` $parent `>`";
}

def NVTileAA_MmaEncodingAttr
    : NVTileAA_LayoutAttr<"MmaEncoding", "mma"> {
  let summary = "the accumulator of a tensor-core dot";
  let description = [{
    `#nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [2, 2], instrShape =
    [16, 8]>`: the C/D fragments of `mma.sync` m16n8 instructions (version
    2), warps tiling the [M, N] accumulator `warpsPerCTA` = [along M, along
    N] (warp id = m * wn + n) and each warp repeating the 16x8 instruction
    over the rest. Rank 3 (a batched dot, [batch, M, N]):
    `warpsPerCTA = [batch warps, M warps, N warps]` (warp id =
    (b * wm + m) * wn + n) and `instrShape = [1, 16, 8]` (or `[1, 8, 8]`);
    each batch is laid out as the rank-2 form, the batches a warp owns
    after its 2-D repetitions.
  }];
  let parameters = (ins "unsigned":$versionMajor,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$instrShape);
  let extraClassDeclaration = [{
    /// Rows of one instruction: 16 (m16n8kK) or 8 (m8n8k4 f64).
    int64_t getInstrM() const {
      return getInstrShape()[getInstrShape().size() - 2];
    }
  }];
  let assemblyFormat = [{
    `<` `versionMajor` `=` $versionMajor `,`
        `warpsPerCTA` `=` `[` $warpsPerCTA `]` `,`
        `instrShape` `=` `[` $instrShape `]` `>`
  }];
}

def NVTileAA_DotOperandEncodingAttr
    : NVTileAA_LayoutAttr<"DotOperandEncoding", "dot_operand"> {
  let summary = "an operand of dot, laid out for its accumulator";
  let description = [{
    `#nv_tileaa.dot_operand<opIdx = 0, parent = #nv_tileaa.blocked<...>>`:
    operand A (opIdx 0, [.., M, K]) or B (opIdx 1, [.., K, N]) of a `dot`
    whose accumulator has the parent layout. For the FMA path (a blocked
    parent) every thread holds all of K for the rows (A) or columns (B) it
    owns in the accumulator. With an `#nv_tileaa.mma` parent the operand is
    in mma.sync A/B fragments with `kWidth` consecutive K elements per
    32-bit register (1 tf32, 2 f16/bf16, 4 for 8-bit types):
    `#nv_tileaa.dot_operand<opIdx = 0, parent = #nv_tileaa.mma<...>,
    kWidth = 2>`.
  }];
  let parameters = (ins "unsigned":$opIdx, "::mlir::Attribute":$parent,
                        DefaultValuedParameter<"unsigned", "0">:$kWidth);
  let assemblyFormat = [{
    `<` `opIdx` `=` $opIdx `,` `parent` `=` $parent
        (`,` `kWidth` `=` $kWidth^)? `>`
  }];
  let builders = [
    AttrBuilder<(ins "unsigned":$opIdx, "::mlir::Attribute":$parent), [{
      return $_get($_ctxt, opIdx, parent, 0u);
    }]>
  ];
}

def NVTileAA_MmaScaleEncodingAttr
    : NVTileAA_LayoutAttr<"MmaScaleEncoding", "mma_scale"> {
  let summary = "the scales of a block-scaled dot, where mma.sync reads them";
  let description = [{
    `#nv_tileaa.mma_scale<opIdx = 0, parent = #nv_tileaa.mma<...>>`: the
    scales of operand A ([M, K / 32], opIdx 0) or B ([K / 32, N], opIdx 1)
    of a `dot_scaled` on block-scaled mma.sync (m16n8k32, scale_vec::1X)
    with the parent accumulator: one byte per register, in the lanes the
    selector {byte 0, thread 0} reads (row m of an instruction in lane
    4 (m % 8) + m / 8, column n in lane 4 n); a register per K step of 32,
    then the M (N) repetitions. Rank 2.
  }];
  let parameters = (ins "unsigned":$opIdx, "::mlir::Attribute":$parent);
  let assemblyFormat = "`<` `opIdx` `=` $opIdx `,` `parent` `=` $parent `>`";
}

#endif // TILEIRAS_DIALECT_NVTILEAA_LAYOUTS_TD
