//===- NVTileAATypes.td - nv_tileaa types ------------------*- tablegen -*-===//

#ifndef TILEIRAS_DIALECT_NVTILEAA_TYPES_TD
#define TILEIRAS_DIALECT_NVTILEAA_TYPES_TD

include "NVTileAADialect.td"
include "mlir/IR/AttrTypeBase.td"

// An address space; parsed as a signed integer so that a negative value gets
// the address-space message instead of wrapping around.
def NVTileAA_AddressSpaceParameter
    : DefaultValuedParameter<"unsigned", "kGlobalAddressSpace"> {
  let parser = "parseAddressSpace($_parser)";
}

class NVTileAA_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<NVTileAA_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def NVTileAA_PtrType : NVTileAA_Type<"Ptr", "ptr"> {
  let summary = "pointer to a scalar in one of the GPU address spaces";
  let description = [{
    `!nv_tileaa.ptr<T>` points to a `T` in global memory (address space 1,
    which is the default and is not printed); `!nv_tileaa.ptr<T, AS>` names
    another address space: 3 shared, 4 constant, 5 local. `T` is one of i1,
    i8, i16, i32, i64, f16, bf16, f32, f64, f8E4M3FN, f8E5M2. A tile of
    pointers is `tensor<128x!nv_tileaa.ptr<f32>>`.
  }];
  let parameters = (ins
    "::mlir::Type":$pointeeType,
    NVTileAA_AddressSpaceParameter:$addressSpace
  );
  let builders = [
    TypeBuilderWithInferredContext<(ins
      "::mlir::Type":$pointeeType,
      CArg<"unsigned", "kGlobalAddressSpace">:$addressSpace), [{
      return $_get(pointeeType.getContext(), pointeeType, addressSpace);
    }]>
  ];
  let skipDefaultBuilders = 1;
  let genVerifyDecl = 1;
  let assemblyFormat = "`<` $pointeeType (`,` $addressSpace^)? `>`";
  let extraClassDeclaration = [{
    static constexpr unsigned kGlobalAddressSpace = 1;
    static constexpr unsigned kSharedAddressSpace = 3;
    static constexpr unsigned kConstantAddressSpace = 4;
    static constexpr unsigned kLocalAddressSpace = 5;
  }];
}

def NVTileAA_MemTokenType : NVTileAA_Type<"MemToken", "mem_token"> {
  let summary = "memory-ordering token";
  let description = [{
    An ordering value without payload. In v1 memory operations execute in
    program order, so tokens carry no additional ordering.
  }];
}

def NVTileAA_SharedMemType : NVTileAA_Type<"SharedMem", "smem"> {
  let summary = "a multi-buffered tile in shared memory";
  let description = [{
    `!nv_tileaa.smem<3x64x32xf16, #nv_tileaa.swizzled_shared<...>>` is a
    shared-memory buffer of 3 slots, each holding one 64x32 f16 tile stored
    as the encoding says (which elements share a row, and the XOR swizzle
    of their 16-byte chunks). Made by `local_alloc`, filled by
    `async_copy`, read by `local_load`; never a function argument.
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t", "slots, then the tile shape">:$shape,
    "::mlir::Type":$elementType,
    "::mlir::Attribute":$encoding
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getNumSlots() const { return getShape().front(); }
    ::llvm::ArrayRef<int64_t> getTileShape() const {
      return getShape().drop_front();
    }
    int64_t getTileElements() const;
    /// A buffer of `slots` mbarriers (one 64-bit word per slot).
    static SharedMemType getMBarriers(::mlir::MLIRContext *context,
                                      unsigned slots);
  }];
}

def NVTileAA_TensorMemType : NVTileAA_Type<"TensorMem", "tmem"> {
  let summary = "an accumulator tile in tensor memory (tcgen05)";
  let description = [{
    `!nv_tileaa.tmem<128x128xf32>` is a 128-row tile in the CTA's tensor
    memory (sm_100a family): row r in tensor-memory lane r, column c in
    the c-th 32-bit column of its allocation. Made by `tmem_alloc`,
    accumulated into by `tmem_dot`, read by `tmem_load`, freed by
    `tmem_dealloc`; `tileaa-warpgroup-dots` keeps a tcgen05 dot's
    accumulator there across its K loop. Rows are always 128 (tcgen05.mma
    M 128, cta_group::1); columns a multiple of 8 up to 512 (what a CTA
    has); f32 or i32 elements.
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t", "rows, columns">:$shape,
    "::mlir::Type":$elementType
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    static constexpr int64_t kRows = 128, kMaxColumns = 512;
    int64_t getColumns() const { return getShape()[1]; }
  }];
}

def NVTileAA_GlobalMemRefType : NVTileAA_Type<"GlobalMemRef", "memref"> {
  let summary = "a strided tensor in global memory (a tensor descriptor)";
  let description = [{
    `!nv_tileaa.memref<?x?xf16, strides = [?, 1]>` describes a rank-1 to
    rank-5 tensor in global memory: its sizes and strides (in elements), each
    static or `?` (known at run time). The innermost stride is always the
    literal 1: rows are contiguous, which both vectorized loads and TMA need.
    Made by `make_memref`, read and written a tile at a time by `tiled_load`,
    `tiled_store` and `tiled_atomic_rmw`.
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t", "sizes, ShapedType::kDynamic for ?">:$shape,
    "::mlir::Type":$elementType,
    ArrayRefParameter<"int64_t", "strides, ShapedType::kDynamic for ?">:$strides
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    static constexpr unsigned kMaxRank = 5;
    unsigned getRank() const { return getShape().size(); }
  }];
}

def NVTileAA_TensorMapType : NVTileAA_Type<"TensorMap", "tensor_map"> {
  let summary = "a TMA tensor map (CUtensorMap) kernel parameter";
  let description = [{
    `!nv_tileaa.tensor_map` is the 128-byte tensor map that
    `cp.async.bulk.tensor` reads: a by-value `grid_constant` kernel
    parameter that the launcher builds with `cuTensorMapEncodeTiled`. Only
    `tileaa-lower-tiled-memory` adds such parameters (with an
    `nv_tileaa.tensor_map` argument attribute saying what to encode);
    `tma_load` and `tma_copy` read through them.
  }];
}

#endif // TILEIRAS_DIALECT_NVTILEAA_TYPES_TD
