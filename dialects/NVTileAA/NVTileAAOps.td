//===- NVTileAAOps.td - nv_tileaa operations ---------------*- tablegen -*-===//
//
// The op definitions of the v1 language. The textual forms are a user-visible
// contract (DESIGN.md section 5); docs/language.md describes semantics.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_DIALECT_NVTILEAA_OPS_TD
#define TILEIRAS_DIALECT_NVTILEAA_OPS_TD

include "NVTileAAAttrs.td"
include "NVTileAATypes.td"

include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

// Every tensor operand and result of an nv_tileaa op must be a valid tile
// (static power-of-two shape, at most 2^20 elements, supported element type).
// A native trait checks this so the message can say which rule failed.
def NVTileAA_ValidTiles : NativeOpTrait<"ValidTiles"> {
  let cppNamespace = "::tileiras::nv_tileaa::OpTrait";
}

class NVTileAA_Op<string mnemonic, list<Trait> traits = []>
    : Op<NVTileAA_Dialect, mnemonic, !listconcat(traits, [NVTileAA_ValidTiles])>;

def NVTileAA_Tile : Type<CPred<"::llvm::isa<::mlir::RankedTensorType>($_self)">,
                         "tile", "::mlir::RankedTensorType">;

class NVTileAA_ScalarOrTileOf<string elemPred, string desc>
    : Type<CPred<"::tileiras::nv_tileaa::isScalarOrTile($_self) && "
                 "::tileiras::nv_tileaa::" # elemPred #
                 "(::mlir::getElementTypeOrSelf($_self))">,
           desc # " scalar or tile">;

def NVTileAA_FloatLike
    : NVTileAA_ScalarOrTileOf<"isArithFloatType", "f16/bf16/f32/f64">;
def NVTileAA_IntLike : NVTileAA_ScalarOrTileOf<"isSignlessInt", "integer">;
def NVTileAA_BoolLike : NVTileAA_ScalarOrTileOf<"isI1", "i1">;
def NVTileAA_OffsetLike : NVTileAA_ScalarOrTileOf<"isOffsetType", "i32/i64">;
def NVTileAA_PtrLike : NVTileAA_ScalarOrTileOf<"isPtr", "!nv_tileaa.ptr">;
def NVTileAA_ValueLike
    : NVTileAA_ScalarOrTileOf<"isScalarValueType", "integer/float/pointer">;

def NVTileAA_MemToken
    : Type<CPred<"::llvm::isa<::tileiras::nv_tileaa::MemTokenType>($_self)">,
           "!nv_tileaa.mem_token", "::tileiras::nv_tileaa::MemTokenType">,
      BuildableType<"::tileiras::nv_tileaa::MemTokenType::get("
                    "$_builder.getContext())">;

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

def NVTileAA_FuncOp : NVTileAA_Op<"func", [
    FunctionOpInterface, IsolatedFromAbove]> {
  let summary = "a kernel or device function";
  let description = [{
    ```mlir
    nv_tileaa.func @k(%a: !nv_tileaa.ptr<f32>, %n: i32) attributes {
        nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
      ...
      nv_tileaa.return
    }
    ```
    A function with `nv_tileaa.kernel_spec` is a kernel; one without is a
    device function that kernels and other device functions may call. Every
    function has a body.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region AnyRegion:$body);

  let builders = [OpBuilder<(ins
    "::llvm::StringRef":$name, "::mlir::FunctionType":$type,
    CArg<"::llvm::ArrayRef<::mlir::NamedAttribute>", "{}">:$attrs,
    CArg<"::llvm::ArrayRef<::mlir::DictionaryAttr>", "{}">:$argAttrs)>];

  let extraClassDeclaration = [{
    //===------------------------------------------------------------------===//
    // FunctionOpInterface / CallableOpInterface
    //===------------------------------------------------------------------===//
    ::mlir::Region *getCallableRegion() {
      return isExternal() ? nullptr : &getBody();
    }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
    bool isDeclaration() { return isExternal(); }

    /// The launch configuration; null for device functions.
    KernelSpecAttr getKernelSpec();
    /// Whether this function is a kernel (carries nv_tileaa.kernel_spec).
    bool isKernel() { return static_cast<bool>(getKernelSpec()); }
  }];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def NVTileAA_ReturnOp : NVTileAA_Op<"return", [
    Pure, HasParent<"FuncOp">, ReturnLike, Terminator]> {
  let summary = "return from an nv_tileaa.func";
  let description = [{
    `nv_tileaa.return` or `nv_tileaa.return %x : f32`. The operands must match
    the result types of the enclosing function.
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
  let hasVerifier = 1;
}

def NVTileAA_CallOp : NVTileAA_Op<"call", [
    CallOpInterface, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "call a device function";
  let description = [{
    `%r = nv_tileaa.call @helper(%x) : (f32) -> f32`. The callee must be an
    `nv_tileaa.func` without `nv_tileaa.kernel_spec` whose signature matches.
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee,
                       Variadic<AnyType>:$operands,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let results = (outs Variadic<AnyType>);
  let builders = [
    OpBuilder<(ins "FuncOp":$callee, CArg<"::mlir::ValueRange", "{}">:$operands), [{
      $_state.addOperands(operands);
      $_state.addAttribute("callee", ::mlir::SymbolRefAttr::get(callee));
      $_state.addTypes(callee.getFunctionType().getResults());
    }]>,
    OpBuilder<(ins "::mlir::SymbolRefAttr":$callee,
                   "::mlir::TypeRange":$results,
                   CArg<"::mlir::ValueRange", "{}">:$operands), [{
      $_state.addOperands(operands);
      $_state.addAttribute("callee", callee);
      $_state.addTypes(results);
    }]>];
  let extraClassDeclaration = [{
    ::mlir::FunctionType getCalleeType();
    operand_range getArgOperands() { return getOperands(); }
    ::mlir::MutableOperandRange getArgOperandsMutable() {
      return getOperandsMutable();
    }
    ::mlir::CallInterfaceCallable getCallableForCallee() {
      return (*this)->getAttrOfType<::mlir::SymbolRefAttr>("callee");
    }
    void setCalleeFromCallable(::mlir::CallInterfaceCallable callee) {
      (*this)->setAttr("callee", ::llvm::cast<::mlir::SymbolRefAttr>(callee));
    }
  }];
  let assemblyFormat = [{
    $callee `(` $operands `)` attr-dict `:` functional-type($operands, results)
  }];
}

//===----------------------------------------------------------------------===//
// Launch grid
//===----------------------------------------------------------------------===//

class NVTileAA_GridQueryOp<string mnemonic> : NVTileAA_Op<mnemonic, [Pure]> {
  let arguments = (ins NVTileAA_GridDimAttr:$dim);
  let results = (outs I32:$result);
  let assemblyFormat = "custom<GridDim>($dim) attr-dict `:` type($result)";
}

def NVTileAA_GetProgramIdOp : NVTileAA_GridQueryOp<"get_program_id"> {
  let summary = "index of this program (CTA) along one grid dimension";
  let description = [{ `%pid = nv_tileaa.get_program_id x : i32` (x, y or z). }];
}

def NVTileAA_GetNumProgramsOp : NVTileAA_GridQueryOp<"get_num_programs"> {
  let summary = "number of programs (CTAs) along one grid dimension";
  let description = [{ `%n = nv_tileaa.get_num_programs y : i32` (x, y or z). }];
}

//===----------------------------------------------------------------------===//
// Tile construction and shape manipulation
//===----------------------------------------------------------------------===//

def NVTileAA_MakeRangeOp : NVTileAA_Op<"make_range", [Pure]> {
  let summary = "the 1-D tile [start, start + 1, ..., end - 1]";
  let description = [{
    `%i = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>`.
    `end - start` must equal the result length.
  }];
  let arguments = (ins I32Attr:$start, I32Attr:$end);
  let results = (outs NVTileAA_Tile:$result);
  // The dictionary prints `start` before `end` (DESIGN.md), not sorted.
  let assemblyFormat = "custom<RangeAttrDict>(attr-dict) `:` type($result)";
  let hasVerifier = 1;
}

def NVTileAA_SplatOp : NVTileAA_Op<"splat", [Pure]> {
  let summary = "a tile with every element equal to a scalar";
  let description = [{
    `%t = nv_tileaa.splat %s : i32 -> tensor<128xi32>`.
  }];
  let arguments = (ins AnyType:$src);
  let results = (outs NVTileAA_Tile:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def NVTileAA_BroadcastOp : NVTileAA_Op<"broadcast", [Pure]> {
  let summary = "repeat a tile along its size-1 dimensions";
  let description = [{
    `%b = nv_tileaa.broadcast %t : tensor<1x128xf32> -> tensor<64x128xf32>`.
    Same rank; only size-1 dimensions may grow.
  }];
  let arguments = (ins NVTileAA_Tile:$src);
  let results = (outs NVTileAA_Tile:$result);
  let assemblyFormat =
      "$src attr-dict `:` custom<BroadcastTypes>(type($src), type($result))";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def NVTileAA_ExpandDimsOp : NVTileAA_Op<"expand_dims", [Pure]> {
  let summary = "insert a size-1 dimension";
  let description = [{
    `%e = nv_tileaa.expand_dims %t {axis = 0 : i32} : tensor<128xf32> -> tensor<1x128xf32>`.
  }];
  let arguments = (ins NVTileAA_Tile:$src, I32Attr:$axis);
  let results = (outs NVTileAA_Tile:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def NVTileAA_ViewOp : NVTileAA_Op<"view", [Pure]> {
  let summary = "reshape a tile, keeping its elements in row-major order";
  let description = [{
    `%v = nv_tileaa.view %t : tensor<64x2xf32> -> tensor<128xf32>`.
  }];
  let arguments = (ins NVTileAA_Tile:$src);
  let results = (outs NVTileAA_Tile:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def NVTileAA_PermuteOp : NVTileAA_Op<"permute", [Pure]> {
  let summary = "transpose the dimensions of a tile";
  let description = [{
    `%q = nv_tileaa.permute %t {order = array<i32: 1, 0>} : tensor<64x32xf32> -> tensor<32x64xf32>`.
    Result dimension i is source dimension order[i].
  }];
  let arguments = (ins NVTileAA_Tile:$src, DenseI32ArrayAttr:$order);
  let results = (outs NVTileAA_Tile:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def NVTileAA_ExtractSliceOp : NVTileAA_Op<"extract_slice", [Pure]> {
  let summary = "a static sub-tile";
  let description = [{
    `%s = nv_tileaa.extract_slice %t {offsets = array<i64: 0, 16>} : tensor<64x32xf32> -> tensor<64x16xf32>`.
    The result shape gives the slice sizes; offsets + sizes must stay within
    the source.
  }];
  let arguments = (ins NVTileAA_Tile:$src, DenseI64ArrayAttr:$offsets);
  let results = (outs NVTileAA_Tile:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def NVTileAA_CatOp : NVTileAA_Op<"cat", [Pure]> {
  let summary = "concatenate two tiles along an axis";
  let description = [{
    `%c = nv_tileaa.cat %t0, %t1 {axis = 0 : i32} : tensor<32x16xf32>, tensor<32x16xf32> -> tensor<64x16xf32>`.
  }];
  let arguments = (ins NVTileAA_Tile:$lhs, NVTileAA_Tile:$rhs, I32Attr:$axis);
  let results = (outs NVTileAA_Tile:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
  let hasVerifier = 1;
}

def NVTileAA_ConvertLayoutOp : NVTileAA_Op<"convert_layout", [Pure]> {
  let summary = "move a tile to another distributed layout";
  let description = [{
    `%y = nv_tileaa.convert_layout %x : tensor<128xf32, #a> -> tensor<128xf32, #b>`.
    The elements stay the same; only the encoding (which thread holds which
    element) changes. Inserted by layout assignment.
  }];
  let arguments = (ins NVTileAA_Tile:$src);
  let results = (outs NVTileAA_Tile:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Pointers and memory
//===----------------------------------------------------------------------===//

def NVTileAA_AddPtrOp : NVTileAA_Op<"addptr", [
    Pure, AllTypesMatch<["ptr", "result"]>]> {
  let summary = "advance pointers by element offsets";
  let description = [{
    `%p = nv_tileaa.addptr %ptrs, %offs : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>`.
    Offsets count elements of the pointee type (signed). The offset has the
    pointer operand's shape.
  }];
  let arguments = (ins NVTileAA_PtrLike:$ptr, NVTileAA_OffsetLike:$offset);
  let results = (outs NVTileAA_PtrLike:$result);
  let assemblyFormat = [{
    $ptr `,` $offset attr-dict `:` type($ptr) `,` type($offset)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

// Pointer casts. Pointers are untyped 64-bit addresses once lowered, so all
// three keep the bits: int_to_ptr / ptr_to_int are LLVM inttoptr / ptrtoint,
// ptr_to_ptr (a new pointee, same address space) is no instruction at all.
class NVTileAA_PtrCastOp<string mnemonic, Type from, Type to>
    : NVTileAA_Op<mnemonic, [Pure]> {
  let arguments = (ins from:$src);
  let results = (outs to:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def NVTileAA_IntToPtrOp
    : NVTileAA_PtrCastOp<"int_to_ptr", NVTileAA_IntLike, NVTileAA_PtrLike> {
  let summary = "pointers from 64-bit integer addresses";
  let description = [{
    `%p = nv_tileaa.int_to_ptr %a : tensor<128xi64> -> tensor<128x!nv_tileaa.ptr<f32>>`.
    The integer is the address (an i64); the result has its shape.
  }];
  let hasFolder = 1;
}

def NVTileAA_PtrToIntOp
    : NVTileAA_PtrCastOp<"ptr_to_int", NVTileAA_PtrLike, NVTileAA_IntLike> {
  let summary = "the 64-bit integer addresses of pointers";
  let description = [{
    `%a = nv_tileaa.ptr_to_int %p : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xi64>`.
  }];
  let hasFolder = 1;
}

def NVTileAA_PtrToPtrOp
    : NVTileAA_PtrCastOp<"ptr_to_ptr", NVTileAA_PtrLike, NVTileAA_PtrLike> {
  let summary = "the same addresses with another pointee type";
  let description = [{
    `%q = nv_tileaa.ptr_to_ptr %p : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128x!nv_tileaa.ptr<i8>>`.
    Same shape and address space; `addptr` then counts elements of the new
    pointee type.
  }];
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Shared memory and asynchronous copies (made by the software pipeliner)
//===----------------------------------------------------------------------===//

def NVTileAA_SharedMem
    : Type<CPred<"::llvm::isa<::tileiras::nv_tileaa::SharedMemType>($_self)">,
           "shared-memory buffer", "::tileiras::nv_tileaa::SharedMemType">;

def NVTileAA_LocalAllocOp : NVTileAA_Op<"local_alloc"> {
  let summary = "allocate a shared-memory buffer";
  let description = [{
    `%buf = nv_tileaa.local_alloc : !nv_tileaa.smem<3x64x32xf16, #shared>`.
    The buffer lives until the function returns; its offset in the CTA's
    shared memory is chosen when the function is lowered.
    `reuse_distance = d` (a pipeliner's ring): a slot is written again no
    sooner than d iterations after the one that last read it; 2 leaves a
    spare slot, so that the reads of one iteration (an asynchronous
    warpgroup_dot) may still be in flight during the next.
  }];
  let arguments = (ins OptionalAttr<ConfinedAttr<I32Attr,
                         [IntMinValue<1>]>>:$reuse_distance);
  let results = (outs Res<NVTileAA_SharedMem, "", [MemAlloc]>:$result);
  let builders = [OpBuilder<(ins "::mlir::Type":$type), [{
    build($_builder, $_state, type, ::mlir::IntegerAttr());
  }]>];
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

def NVTileAA_AsyncCopyOp : NVTileAA_Op<"async_copy", [
    MemoryEffects<[MemRead]>]> {
  let summary = "start copying a tile from global memory into a buffer slot";
  let description = [{
    `nv_tileaa.async_copy %ptrs, %buf[%slot], %mask : tensor<64x32x!nv_tileaa.ptr<f16>, #blocked> -> !nv_tileaa.smem<3x64x32xf16, #shared>`.
    Each element of slot `%slot` receives the value its pointer addresses,
    or zero where the mask is false. The copy is asynchronous (cp.async on
    sm_80+): it belongs to the group the next `async_commit` closes, and
    the slot may be read only after an `async_wait` has retired that group.
  }];
  let arguments = (ins NVTileAA_Tile:$ptr,
                       Arg<NVTileAA_SharedMem, "", [MemWrite]>:$buffer,
                       I32:$slot, Optional<NVTileAA_Tile>:$mask);
  let assemblyFormat = [{
    $ptr `,` $buffer `[` $slot `]` (`,` $mask^)? attr-dict `:` type($ptr)
    (`,` type($mask)^)? `->` qualified(type($buffer))
  }];
  let hasVerifier = 1;
}

def NVTileAA_AsyncCommitOp : NVTileAA_Op<"async_commit"> {
  let summary = "close the group of the async_copy ops issued since the last";
  let assemblyFormat = "attr-dict";
}

def NVTileAA_AsyncWaitOp : NVTileAA_Op<"async_wait"> {
  let summary = "wait until at most `pending` copy groups are in flight";
  let description = [{
    `nv_tileaa.async_wait {pending = 1 : i32}`: every thread waits until
    at most `pending` of its most recent groups are unfinished, then the
    CTA synchronizes, so what any thread copied is visible to all and no
    thread still reads a slot that the next copies overwrite.
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntNonNegative]>:$pending);
  let assemblyFormat = "attr-dict";
}

def NVTileAA_LocalLoadOp : NVTileAA_Op<"local_load"> {
  let summary = "read a tile out of a buffer slot";
  let description = [{
    `%t = nv_tileaa.local_load %buf[%slot] : !nv_tileaa.smem<3x64x32xf16, #shared> -> tensor<64x32xf16, #dot_operand>`.
    The result may have any distributed layout; mma operand layouts are
    read with ldmatrix where the buffer's encoding allows it.
  }];
  let arguments = (ins Arg<NVTileAA_SharedMem, "", [MemRead]>:$buffer,
                       I32:$slot);
  let results = (outs NVTileAA_Tile:$result);
  let assemblyFormat = [{
    $buffer `[` $slot `]` attr-dict `:` qualified(type($buffer)) `->`
    type($result)
  }];
  let hasVerifier = 1;
}

def NVTileAA_WarpgroupDotOp : NVTileAA_Op<"warpgroup_dot",
    [AttrSizedOperandSegments]> {
  let summary = "D = A * B + C with B (and A, or A from registers) read from buffer slots";
  let description = [{
    `%d = nv_tileaa.warpgroup_dot %a[%i], %b[%j], %c : !nv_tileaa.smem<3x128x32xf16, #shared>, !nv_tileaa.smem<3x32x128xf16, #shared1>, tensor<128x128xf32, #mma> -> tensor<128x128xf32, #mma>`.
    The dot of tileaa-warpgroup-dots: wgmma.mma_async (sm_90a) reading A
    and B through matrix descriptors, so both slots must hold a canonical
    wgmma layout (layout::wgmmaSlotPlan: a row-major slot is read as
    stored, a column-major one as its transpose; 8-bit operands must have
    K contiguous) and the accumulator an #nv_tileaa.mma layout whose warps
    all lie along M. Operands are f16, bf16, f32 (read as tf32: slots that
    tileaa-warpgroup-dots filled from a tf32 tile, so the values are tf32
    already; both K-major), f8E4M3FN/f8E5M2 (any pair) with an f32
    accumulator, or i8 with an i32 accumulator and `signedness_a`/
    `signedness_b` as on `dot`. The
    result is complete when the op returns (the lowering waits for it).
    `proxy_fence` asks for fence.proxy.async first, for slots that ordinary
    stores or cp.async wrote rather than TMA. With `pending = N` the op
    returns with up to N of the most recent warpgroup_dots (this one
    included) still running: its result may then only be the C of the next
    warpgroup_dot or pass through a `warpgroup_wait` before anything reads
    it, and its slots must not be written until then. `use_c %flag`: where
    the flag is false, C is ignored (D = A * B), so that a loop's first
    iteration needs no zeroed accumulator. `barriers`: the slots were just
    written with ordinary stores (operands staged for this op), so a CTA
    barrier follows the proxy fence, and another follows the wait, before
    any thread may store into them again.

    `scales (%sa, %sb : tensor<128x4xf8E8M0FNU, #l>, tensor<4x128xf8E8M0FNU, #l1>)`
    makes it the block-scaled dot of a `dot_scaled` (tcgen05.mma
    kind::mxf8f6f4.block_scale, blocked accumulators only): f8E4M3FN/f8E5M2
    slots, one f8E8M0FNU scale per row of A (M x K/32) and per column of B
    (K/32 x N) for each 32 K elements, in any layout. i8 slots hold packed
    f4E2M1FN pairs (kind::mxf4 / mxf4nvf4, K twice the bytes) with
    f8E8M0FNU scales per 32 or 16 K elements or f8E4M3FN per 16.

    `%d = nv_tileaa.warpgroup_dot %a, %b[%j], %c : tensor<64x32xf16, #dot_operand>, ...`
    (no slot after A):
    A in registers (wgmma's register form, sm_90a): an f16/bf16 tile in
    the `#nv_tileaa.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>`
    layout of the accumulator's `#mma` (per warp the m16n8k16 A fragment
    of its 16 rows), with an f32 accumulator; such an op is synchronous
    (`pending = 0`), as its registers must not change while it runs.
  }];
  let arguments = (ins Arg<AnyTypeOf<[NVTileAA_SharedMem, NVTileAA_Tile]>,
                           "", [MemRead]>:$a,
                       Optional<I32>:$slot_a,
                       Arg<NVTileAA_SharedMem, "", [MemRead]>:$b,
                       I32:$slot_b, NVTileAA_Tile:$c, Optional<I1>:$use_c,
                       Variadic<NVTileAA_Tile>:$scales,
                       UnitAttr:$proxy_fence, UnitAttr:$barriers,
                       DefaultValuedAttr<ConfinedAttr<I32Attr,
                         [IntNonNegative]>, "0">:$pending,
                       OptionalAttr<NVTileAA_SignednessAttr>:$signedness_a,
                       OptionalAttr<NVTileAA_SignednessAttr>:$signedness_b);
  let results = (outs NVTileAA_Tile:$d);
  let assemblyFormat = [{
    $a (`[` $slot_a^ `]`)? `,` $b `[` $slot_b `]` `,` $c (`use_c` $use_c^)?
    (`scales` `(` $scales^ `:` type($scales) `)`)?
    attr-dict `:`
    qualified(type($a)) `,` qualified(type($b)) `,` type($c) `->` type($d)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::LogicalResult verifyScales();
    ::mlir::LogicalResult verifyOperandTypes();
    ::mlir::LogicalResult verifyRegisterA();
    /// A's slot type, or null when A is a register tile (wgmma's register
    /// form).
    ::tileiras::nv_tileaa::SharedMemType getASlotType() {
      return ::llvm::dyn_cast<::tileiras::nv_tileaa::SharedMemType>(
          getA().getType());
    }
    /// A's M x K shape and element type, from its slot or its tile.
    ::llvm::ArrayRef<int64_t> getAShape();
    ::mlir::Type getAElementType();
  }];
}

def NVTileAA_WarpgroupWaitOp : NVTileAA_Op<"warpgroup_wait",
    [AllTypesMatch<["value", "result"]>]> {
  let summary = "wait until at most `pending` warpgroup_dots are running";
  let description = [{
    `%r = nv_tileaa.warpgroup_wait %acc {pending = 0 : i32} : tensor<128x128xf32, #mma>`:
    `%acc`, the result of an asynchronous warpgroup_dot, as it is once at
    most `pending` warpgroup_dots are still running (wgmma.wait_group).
  }];
  let arguments = (ins NVTileAA_Tile:$value,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$pending);
  let results = (outs NVTileAA_Tile:$result);
  let assemblyFormat = "$value attr-dict `:` type($value)";
}

//===----------------------------------------------------------------------===//
// Tensor memory (tcgen05, sm_100a family; made by tileaa-warpgroup-dots)
//===----------------------------------------------------------------------===//

def NVTileAA_TensorMem
    : Type<CPred<"::llvm::isa<::tileiras::nv_tileaa::TensorMemType>($_self)">,
           "tensor-memory tile", "::tileiras::nv_tileaa::TensorMemType">;

def NVTileAA_TmemAllocOp : NVTileAA_Op<"tmem_alloc"> {
  let summary = "allocate an accumulator tile in tensor memory";
  let description = [{
    `%acc = nv_tileaa.tmem_alloc : !nv_tileaa.tmem<128x128xf32>`: warp 0
    allocates the tile's columns (rounded up to a power of two of at least
    32; with the columns of the block scales of a scaled `tmem_dot` on the
    tile) with tcgen05.alloc and the CTA synchronizes, so that every thread
    knows the address. The contents are undefined until a `tmem_dot`
    with count 0 writes them. `tmem_dealloc` frees the columns; a kernel
    must free what it allocates.
  }];
  let results = (outs Res<NVTileAA_TensorMem, "", [MemAlloc]>:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

def NVTileAA_TmemDeallocOp : NVTileAA_Op<"tmem_dealloc"> {
  let summary = "free an accumulator tile's tensor memory";
  let description = [{
    `nv_tileaa.tmem_dealloc %acc : !nv_tileaa.tmem<128x128xf32>`: the CTA
    synchronizes (every thread's `tmem_load` is complete), then warp 0
    frees the columns with tcgen05.dealloc.
  }];
  let arguments = (ins Arg<NVTileAA_TensorMem, "", [MemFree]>:$acc);
  let assemblyFormat = "$acc attr-dict `:` qualified(type($acc))";
}

def NVTileAA_TmemDotOp : NVTileAA_Op<"tmem_dot"> {
  let summary = "accumulate A * B from buffer slots into a tensor-memory tile";
  let description = [{
    `nv_tileaa.tmem_dot %a[%i], %b[%j], %acc, %bar, %count : !nv_tileaa.smem<3x128x32xf16, #shared>, !nv_tileaa.smem<3x32x128xf16, #shared1>, !nv_tileaa.tmem<128x128xf32>, !nv_tileaa.smem<1x1x1xi64, #bar>`:
    ACC = A * B + ACC on tcgen05.mma cta_group::1, with A and B read from
    their slots through shared-memory descriptors as `warpgroup_dot` reads
    them (same canonical layouts, element types and signedness). `%count`
    is the number of tmem_dots into `%acc` before this one: with 0 the old
    contents are ignored (ACC = A * B). The CTA synchronizes, one thread
    issues the MMAs and commits them to the mbarrier of `%bar` (one slot,
    initialized with one arrival), and every thread waits for the phase of
    parity `%count` mod 2, so that the slots may be written again when the
    op returns. `proxy_fence` asks for fence.proxy.async first, for slots
    that ordinary stores or cp.async wrote. A loop that accumulates with
    tmem_dot keeps its accumulator out of registers: it is read once, with
    `tmem_load`, after the loop.

    With `pending = 1` the op returns with its own MMAs still running: it
    commits them to mbarrier `%count mod 2` of a two-slot `%bar` and waits
    for those of the tmem_dot before it (count - 1), so its slots must not
    be written during the next iteration, and a `tmem_wait` must retire
    the last one before `tmem_load` reads the tile.

    `scales (%sa, %sb : ...)` makes it block-scaled as on `warpgroup_dot`
    (kind::mxf8f6f4.block_scale: f8E4M3FN/f8E5M2 slots, f8E8M0FNU scales
    per row of A and column of B for each 32 K elements, f32 tile; i8
    slots: packed FP4, kind::mxf4 / mxf4nvf4); the
    scales are copied into tensor memory after the tile's columns each
    time, so `tmem_alloc` allocates those columns too.
  }];
  let arguments = (ins Arg<NVTileAA_SharedMem, "", [MemRead]>:$a,
                       I32:$slot_a,
                       Arg<NVTileAA_SharedMem, "", [MemRead]>:$b,
                       I32:$slot_b,
                       Arg<NVTileAA_TensorMem, "", [MemRead, MemWrite]>:$acc,
                       Arg<NVTileAA_SharedMem, "", [MemRead, MemWrite]>:$mbarrier,
                       I32:$count, Variadic<NVTileAA_Tile>:$scales,
                       UnitAttr:$proxy_fence,
                       DefaultValuedAttr<ConfinedAttr<I32Attr,
                         [IntMinValue<0>, IntMaxValue<1>]>, "0">:$pending,
                       OptionalAttr<NVTileAA_SignednessAttr>:$signedness_a,
                       OptionalAttr<NVTileAA_SignednessAttr>:$signedness_b);
  let assemblyFormat = [{
    $a `[` $slot_a `]` `,` $b `[` $slot_b `]` `,` $acc `,` $mbarrier `,`
    $count (`scales` `(` $scales^ `:` type($scales) `)`)? attr-dict `:`
    qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($acc))
    `,` qualified(type($mbarrier))
  }];
  let hasVerifier = 1;
}

def NVTileAA_TmemWaitOp : NVTileAA_Op<"tmem_wait"> {
  let summary = "wait until every tmem_dot before a count is complete";
  let description = [{
    `nv_tileaa.tmem_wait %bar, %count : !nv_tileaa.smem<2x1x1xi64, #bar>`:
    every thread waits until tmem_dot number `%count - 1` (committed to
    mbarrier `(%count - 1) mod 2` by a tmem_dot with `pending = 1`), and so
    every one before it, is complete; nothing when `%count` is 0.
  }];
  let arguments = (ins Arg<NVTileAA_SharedMem, "", [MemRead, MemWrite]>:$mbarrier,
                       I32:$count);
  let assemblyFormat = [{
    $mbarrier `,` $count attr-dict `:` qualified(type($mbarrier))
  }];
  let hasVerifier = 1;
}

def NVTileAA_TmemLoadOp : NVTileAA_Op<"tmem_load"> {
  let summary = "read a tensor-memory tile into registers";
  let description = [{
    `%t = nv_tileaa.tmem_load %acc : !nv_tileaa.tmem<128x128xf32> -> tensor<128x128xf32, #blocked>`:
    every thread reads its row with tcgen05.ld 32x32b. The result has tensor
    memory's layout: one row per thread, sizePerThread [1, N / W],
    threadsPerWarp [32, 1], warpsPerCTA [4, W] with W 1 or 2 (warp w
    reads lanes 32 (w % 4) .. + 31, warpgroup w / 4 its half of the
    columns). Reads after the last `tmem_dot` into the tile.
  }];
  let arguments = (ins Arg<NVTileAA_TensorMem, "", [MemRead]>:$acc);
  let results = (outs NVTileAA_Tile:$result);
  let assemblyFormat = [{
    $acc attr-dict `:` qualified(type($acc)) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// TMA and mbarriers (sm_90+; made by tileaa-lower-tiled-memory and the
// software pipeliner)
//===----------------------------------------------------------------------===//

def NVTileAA_TensorMap
    : Type<CPred<"::llvm::isa<::tileiras::nv_tileaa::TensorMapType>($_self)">,
           "!nv_tileaa.tensor_map", "::tileiras::nv_tileaa::TensorMapType">,
      BuildableType<"::tileiras::nv_tileaa::TensorMapType::get($_builder.getContext())">;

def NVTileAA_TmaLoadOp : NVTileAA_Op<"tma_load", [MemoryEffects<[MemRead]>]> {
  let summary = "load a tile through a TMA tensor map";
  let description = [{
    `%t = nv_tileaa.tma_load %map[%row, %column] : tensor<128x32xf16>`
    reads the tile whose first element is at element coordinates
    (%row, %column) of the tensor the map describes; elements outside it
    read as the map's fill. The software pipeliner turns it into
    `tma_copy`s into shared memory, mbarrier waits and a `local_load`.
  }];
  let arguments = (ins NVTileAA_TensorMap:$map, Variadic<I32>:$coordinates);
  let results = (outs NVTileAA_Tile:$result);
  let assemblyFormat = [{
    $map `[` $coordinates `]` attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def NVTileAA_TmaCopyOp : NVTileAA_Op<"tma_copy", [AttrSizedOperandSegments]> {
  let summary = "start a TMA copy of a tile into a buffer slot";
  let description = [{
    `nv_tileaa.tma_copy %map[%row, %column], %buf[%slot], %bars if %pred : !nv_tileaa.smem<3x128x32xf16, #shared>, !nv_tileaa.smem<3x1x1xi64, #bar>`.
    One thread adds the slot's bytes to the expected transactions of
    mbarrier `%bars[%slot]`, arrives on it and issues
    `cp.async.bulk.tensor` (one per box of the buffer's segments); the
    copy completes the transactions. Nothing happens when `%pred` is false.
    With `{arrive_bytes = B}` the thread expects B bytes instead (the
    copies of several tma_copy ops of one mbarrier phase: one arrival for
    all), or, with B = 0, neither expects nor arrives.
  }];
  let arguments = (ins NVTileAA_TensorMap:$map, Variadic<I32>:$coordinates,
                       Arg<NVTileAA_SharedMem, "", [MemWrite]>:$buffer,
                       I32:$slot,
                       Arg<NVTileAA_SharedMem, "", [MemRead, MemWrite]>:$barriers,
                       Optional<I1>:$pred,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntNonNegative]>>:$arrive_bytes);
  let assemblyFormat = [{
    $map `[` $coordinates `]` `,` $buffer `[` $slot `]` `,` $barriers
    (`if` $pred^)? attr-dict `:` qualified(type($buffer)) `,`
    qualified(type($barriers))
  }];
  let hasVerifier = 1;
}

def NVTileAA_TmaStoreOp : NVTileAA_Op<"tma_store", [MemoryEffects<[MemWrite]>]> {
  let summary = "store a tile through a TMA tensor map";
  let description = [{
    `nv_tileaa.tma_store %map[%row, %column], %t : tensor<128x128xf32, #mma>`
    writes the tile to element coordinates (%row, %column) of the tensor
    the map describes; elements outside it are not written. The software
    pipeliner's pass turns it into a `local_store` into a buffer laid out as
    TMA reads it and a `tma_copy_out`.
  }];
  let arguments = (ins NVTileAA_TensorMap:$map, Variadic<I32>:$coordinates,
                       NVTileAA_Tile:$value);
  let assemblyFormat = [{
    $map `[` $coordinates `]` `,` $value attr-dict `:` type($value)
  }];
  let hasVerifier = 1;
}

def NVTileAA_LocalStoreOp : NVTileAA_Op<"local_store"> {
  let summary = "write a tile into a buffer slot";
  let description = [{
    `nv_tileaa.local_store %t, %buf[%slot] : tensor<128x64xf16, #mma> -> !nv_tileaa.smem<1x128x64xf16, #shared>`:
    every thread writes its elements of the tile to the slot, laid out as
    the buffer's encoding says. No synchronization: a reader in another
    thread needs a barrier (`tma_copy_out` has one).
  }];
  let arguments = (ins NVTileAA_Tile:$value,
                       Arg<NVTileAA_SharedMem, "", [MemWrite]>:$buffer,
                       I32:$slot);
  let assemblyFormat = [{
    $value `,` $buffer `[` $slot `]` attr-dict `:` type($value) `->`
    qualified(type($buffer))
  }];
  let hasVerifier = 1;
}

def NVTileAA_TmaCopyOutOp : NVTileAA_Op<"tma_copy_out", [
    MemoryEffects<[MemWrite]>]> {
  let summary = "copy a buffer slot to global memory with TMA, and wait";
  let description = [{
    `nv_tileaa.tma_copy_out %map[%row, %column], %buf[%slot] : !nv_tileaa.smem<1x128x64xf16, #shared>`:
    every thread fences its shared-memory writes for the asynchronous
    proxy and the CTA synchronizes; one thread issues
    `cp.async.bulk.tensor` (one per box of the buffer's segments) from the
    slot to element coordinates (%row, %column), commits the bulk group and
    waits until the slot has been read; then the CTA synchronizes again, so
    the slot may be written anew.
  }];
  let arguments = (ins NVTileAA_TensorMap:$map, Variadic<I32>:$coordinates,
                       Arg<NVTileAA_SharedMem, "", [MemRead]>:$buffer,
                       I32:$slot);
  let assemblyFormat = [{
    $map `[` $coordinates `]` `,` $buffer `[` $slot `]` attr-dict `:`
    qualified(type($buffer))
  }];
  let hasVerifier = 1;
}

def NVTileAA_MBarrierInitOp : NVTileAA_Op<"mbarrier_init"> {
  let summary = "initialize every mbarrier of a buffer, then synchronize";
  let description = [{
    `nv_tileaa.mbarrier_init %bars {count = 1 : i32} : !nv_tileaa.smem<3x1x1xi64, #bar>`:
    one thread initializes each slot's mbarrier (phase 0, `count` expected
    arrivals), fences the initialization for the asynchronous proxy, and
    the CTA synchronizes.
  }];
  let arguments = (ins Arg<NVTileAA_SharedMem, "", [MemWrite]>:$barriers,
                       ConfinedAttr<I32Attr, [IntPositive]>:$count);
  let assemblyFormat = "$barriers attr-dict `:` qualified(type($barriers))";
  let hasVerifier = 1;
}

def NVTileAA_MBarrierWaitOp : NVTileAA_Op<"mbarrier_wait"> {
  let summary = "wait for a phase of a slot's mbarrier, then synchronize";
  let description = [{
    `nv_tileaa.mbarrier_wait %bars[%slot], %phase : !nv_tileaa.smem<3x1x1xi64, #bar>`:
    every thread waits until the phase of parity `%phase` (0 or 1) of the
    slot's mbarrier has completed, then the CTA synchronizes, so no thread
    still reads a slot that a following copy overwrites.
  }];
  let arguments = (ins Arg<NVTileAA_SharedMem, "", [MemRead, MemWrite]>:$barriers,
                       I32:$slot, I32:$phase);
  let assemblyFormat = [{
    $barriers `[` $slot `]` `,` $phase attr-dict `:` qualified(type($barriers))
  }];
  let hasVerifier = 1;
}

def NVTileAA_MBarrierInvalOp : NVTileAA_Op<"mbarrier_inval"> {
  let summary = "synchronize, then invalidate every mbarrier of a buffer";
  let description = [{
    `nv_tileaa.mbarrier_inval %bars : !nv_tileaa.smem<1x1x1xi64, #bar>`: the
    CTA synchronizes, then one thread invalidates each slot's mbarrier, so
    that it may be initialized again.
  }];
  let arguments = (ins Arg<NVTileAA_SharedMem, "", [MemWrite]>:$barriers);
  let assemblyFormat = "$barriers attr-dict `:` qualified(type($barriers))";
  let hasVerifier = 1;
}

def NVTileAA_LoadOp : NVTileAA_Op<"load", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "load through a pointer or a tile of pointers";
  let description = [{
    ```mlir
    %x = nv_tileaa.load %ptrs : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
    %x = nv_tileaa.load %ptrs, %mask, %other : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
    %s = nv_tileaa.load %p : !nv_tileaa.ptr<f32> -> f32
    ```
    The mask (i1 with the pointer's shape) disables lanes; disabled lanes
    read nothing and yield `other`, or zero when `other` is absent.
  }];
  let arguments = (ins
    NVTileAA_PtrLike:$ptr,
    Optional<NVTileAA_BoolLike>:$mask,
    Optional<NVTileAA_ValueLike>:$other,
    OptionalAttr<NVTileAA_CacheModifierAttr>:$cache_modifier,
    OptionalAttr<NVTileAA_EvictionPolicyAttr>:$eviction_policy,
    OptionalAttr<NVTileAA_MemSemanticAttr>:$mem_semantic,
    OptionalAttr<NVTileAA_MemScopeAttr>:$mem_scope);
  let results = (outs NVTileAA_ValueLike:$result);
  let builders = [
    OpBuilder<(ins "::mlir::Value":$ptr,
                   CArg<"::mlir::Value", "{}">:$mask,
                   CArg<"::mlir::Value", "{}">:$other)>
  ];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def NVTileAA_StoreOp : NVTileAA_Op<"store", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "store through a pointer or a tile of pointers";
  let description = [{
    ```mlir
    nv_tileaa.store %ptrs, %val : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
    nv_tileaa.store %ptrs, %val, %mask : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
    ```
  }];
  let arguments = (ins
    NVTileAA_PtrLike:$ptr,
    NVTileAA_ValueLike:$value,
    Optional<NVTileAA_BoolLike>:$mask,
    OptionalAttr<NVTileAA_CacheModifierAttr>:$cache_modifier,
    OptionalAttr<NVTileAA_EvictionPolicyAttr>:$eviction_policy,
    OptionalAttr<NVTileAA_MemSemanticAttr>:$mem_semantic,
    OptionalAttr<NVTileAA_MemScopeAttr>:$mem_scope);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def NVTileAA_AtomicRMWOp : NVTileAA_Op<"atomic_rmw", [
    MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "atomic read-modify-write; yields the old values";
  let description = [{
    `%o = nv_tileaa.atomic_rmw add, %ptrs, %val, %mask : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32> -> tensor<128xf32>`.
    Without `mem_semantic`/`mem_scope` the access is relaxed at gpu scope.
  }];
  let arguments = (ins
    NVTileAA_AtomicRMWModeAttr:$rmw_mode,
    NVTileAA_PtrLike:$ptr,
    NVTileAA_ValueLike:$val,
    Optional<NVTileAA_BoolLike>:$mask,
    OptionalAttr<NVTileAA_MemSemanticAttr>:$mem_semantic,
    OptionalAttr<NVTileAA_MemScopeAttr>:$mem_scope);
  let results = (outs NVTileAA_ValueLike:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def NVTileAA_AtomicCASOp : NVTileAA_Op<"atomic_cas", [
    MemoryEffects<[MemRead, MemWrite]>, AllTypesMatch<["cmp", "val"]>]> {
  let summary = "atomic compare-and-swap; yields the old values";
  let description = [{
    `%o = nv_tileaa.atomic_cas %ptrs, %cmp, %new : tensor<128x!nv_tileaa.ptr<i32>>, tensor<128xi32> -> tensor<128xi32>`.
  }];
  let arguments = (ins
    NVTileAA_PtrLike:$ptr,
    NVTileAA_ValueLike:$cmp,
    NVTileAA_ValueLike:$val,
    OptionalAttr<NVTileAA_MemSemanticAttr>:$mem_semantic,
    OptionalAttr<NVTileAA_MemScopeAttr>:$mem_scope);
  let results = (outs NVTileAA_ValueLike:$result);
  let assemblyFormat = [{
    $ptr `,` $cmp `,` $val attr-dict `:` type($ptr) `,` type($cmp) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tensor descriptors and tiled memory ops
//===----------------------------------------------------------------------===//

def NVTileAA_GlobalMemRef
    : Type<CPred<"::llvm::isa<::tileiras::nv_tileaa::GlobalMemRefType>($_self)">,
           "!nv_tileaa.memref", "::tileiras::nv_tileaa::GlobalMemRefType">;

def NVTileAA_MakeMemRefOp : NVTileAA_Op<"make_memref", [
    Pure, AttrSizedOperandSegments]> {
  let summary = "describe a strided tensor in global memory";
  let description = [{
    ```mlir
    %a = nv_tileaa.make_memref %base, sizes [%m, %k], strides [%lda]
        {strides_div_by = array<i64: 8, 1>, sizes_div_by = array<i64: 1, 8>}
        : !nv_tileaa.ptr<f16> -> !nv_tileaa.memref<?x?xf16, strides = [?, 1]>
    ```
    The operands give the `?` sizes and strides of the result type, in
    order (i32, in elements). Optional hints, one entry per dimension (1: no
    claim), each a power of two: `sizes_div_by`, `strides_div_by`; and
    `base_align` (bytes) for the base pointer. A false hint is undefined
    behaviour, as for `assume`.
  }];
  let arguments = (ins NVTileAA_PtrLike:$base,
                       Variadic<I32>:$sizes,
                       Variadic<I32>:$strides,
                       OptionalAttr<DenseI64ArrayAttr>:$sizes_div_by,
                       OptionalAttr<DenseI64ArrayAttr>:$strides_div_by,
                       OptionalAttr<I64Attr>:$base_align);
  let results = (outs NVTileAA_GlobalMemRef:$result);
  let assemblyFormat = [{
    $base `,` `sizes` ` ` `[` $sizes `]` `,` `strides` ` ` `[` $strides `]`
    attr-dict
    `:` qualified(type($base)) `->` qualified(type($result))
  }];
  let extraClassDeclaration = [{
    /// Size or stride `dim` as an i32 value: the operand when the type says
    /// `?`, else a constant built with `builder`.
    ::mlir::Value getSizeValue(::mlir::OpBuilder &builder, unsigned dim);
    ::mlir::Value getStrideValue(::mlir::OpBuilder &builder, unsigned dim);
  }];
  let hasVerifier = 1;
}

def NVTileAA_TiledLoadOp : NVTileAA_Op<"tiled_load"> {
  let summary = "load the tile at tile-index coordinates of a memref";
  let description = [{
    `%t = nv_tileaa.tiled_load %a[%i, %j] : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<64x32xf16>`
    reads elements [64 i, 64 i + 64) x [32 j, 32 j + 32). Elements outside
    the memref's sizes read as zero, or as `padding` (`{padding = 1.0 : f16}`).
  }];
  let arguments = (ins Arg<NVTileAA_GlobalMemRef, "", [MemRead]>:$memref,
                       Variadic<I32>:$indices,
                       OptionalAttr<TypedAttrInterface>:$padding);
  let results = (outs NVTileAA_Tile:$result);
  let assemblyFormat = [{
    $memref `[` $indices `]` attr-dict `:` qualified(type($memref)) `->`
    type($result)
  }];
  let hasVerifier = 1;
}

def NVTileAA_TiledStoreOp : NVTileAA_Op<"tiled_store"> {
  let summary = "store a tile at tile-index coordinates of a memref";
  let description = [{
    `nv_tileaa.tiled_store %c[%i, %j], %t : !nv_tileaa.memref<?x?xf32, strides = [?, 1]>, tensor<64x64xf32>`.
    Elements outside the memref's sizes are not written.
  }];
  let arguments = (ins Arg<NVTileAA_GlobalMemRef, "", [MemWrite]>:$memref,
                       Variadic<I32>:$indices, NVTileAA_Tile:$value);
  let assemblyFormat = [{
    $memref `[` $indices `]` `,` $value attr-dict `:`
    qualified(type($memref)) `,` type($value)
  }];
  let hasVerifier = 1;
}

def NVTileAA_TiledAtomicRMWOp : NVTileAA_Op<"tiled_atomic_rmw"> {
  let summary = "atomically add a tile at tile-index coordinates of a memref";
  let description = [{
    `%old = nv_tileaa.tiled_atomic_rmw add, %c[%i, %j], %t : !nv_tileaa.memref<?x?xf32, strides = [?, 1]>, tensor<64x64xf32> -> tensor<64x64xf32>`.
    `add` (or `addf`) on i32, i64, f16, bf16, f32 or f64 elements, relaxed
    at gpu scope; yields the old values. Elements outside the memref's sizes
    are not touched and yield unspecified values.
  }];
  let arguments = (ins NVTileAA_AtomicRMWModeAttr:$rmw_mode,
                       Arg<NVTileAA_GlobalMemRef, "", [MemRead, MemWrite]>:$memref,
                       Variadic<I32>:$indices, NVTileAA_Tile:$value);
  let results = (outs NVTileAA_Tile:$result);
  let assemblyFormat = [{
    custom<RmwMode>($rmw_mode) `,` $memref `[` $indices `]` `,` $value attr-dict `:`
    qualified(type($memref)) `,` type($value) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Elementwise arithmetic
//===----------------------------------------------------------------------===//

class NVTileAA_FloatOp<string mnemonic, list<Trait> traits = []>
    : NVTileAA_Op<mnemonic, !listconcat(traits, [
        Pure, Elementwise, SameOperandsAndResultType])> {
  let results = (outs NVTileAA_FloatLike:$result);
  let hasVerifier = 1;
}

class NVTileAA_FloatBinaryOp<string mnemonic, string what>
    : NVTileAA_FloatOp<mnemonic> {
  let summary = "elementwise floating-point " # what;
  let arguments = (ins NVTileAA_FloatLike:$lhs, NVTileAA_FloatLike:$rhs,
                       OptionalAttr<NVTileAA_RoundingModeAttr>:$rounding_mode,
                       OptionalAttr<NVTileAA_FastMathAttr>:$fastmath,
                       UnitAttr:$ftz);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
  let hasFolder = 1;
}

def NVTileAA_AddFOp : NVTileAA_FloatBinaryOp<"addf", "addition">;
def NVTileAA_SubFOp : NVTileAA_FloatBinaryOp<"subf", "subtraction">;
def NVTileAA_MulFOp : NVTileAA_FloatBinaryOp<"mulf", "multiplication">;
def NVTileAA_DivFOp : NVTileAA_FloatBinaryOp<"divf", "division">;

def NVTileAA_FmaOp : NVTileAA_FloatOp<"fma"> {
  let summary = "elementwise fused multiply-add a * b + c, rounded once";
  let arguments = (ins NVTileAA_FloatLike:$a, NVTileAA_FloatLike:$b,
                       NVTileAA_FloatLike:$c,
                       OptionalAttr<NVTileAA_RoundingModeAttr>:$rounding_mode,
                       OptionalAttr<NVTileAA_FastMathAttr>:$fastmath,
                       UnitAttr:$ftz);
  let assemblyFormat = "$a `,` $b `,` $c attr-dict `:` type($result)";
  let hasFolder = 1;
}

class NVTileAA_FloatUnaryOp<string mnemonic, string what>
    : NVTileAA_FloatOp<mnemonic> {
  let summary = "elementwise " # what;
  let arguments = (ins NVTileAA_FloatLike:$src,
                       OptionalAttr<NVTileAA_RoundingModeAttr>:$rounding_mode,
                       OptionalAttr<NVTileAA_FastMathAttr>:$fastmath,
                       UnitAttr:$ftz);
  let assemblyFormat = "$src attr-dict `:` type($result)";
}

def NVTileAA_SqrtOp : NVTileAA_FloatUnaryOp<"sqrt", "square root"> {
  let hasFolder = 1;
}
def NVTileAA_RsqrtOp : NVTileAA_FloatUnaryOp<"rsqrt", "reciprocal square root">;
def NVTileAA_Exp2Op : NVTileAA_FloatUnaryOp<"exp2", "base-2 exponential">;

def NVTileAA_ClampFOp : NVTileAA_FloatOp<"clampf"> {
  let summary = "elementwise clamp of x to [lo, hi]";
  let description = [{
    `%z = nv_tileaa.clampf %x, %lo, %hi : tensor<128xf32>` computes
    minnum(maxnum(x, lo), hi): a NaN x yields x, a NaN bound is ignored and
    lo > hi yields hi.
  }];
  let arguments = (ins NVTileAA_FloatLike:$x, NVTileAA_FloatLike:$lo,
                       NVTileAA_FloatLike:$hi,
                       OptionalAttr<NVTileAA_FastMathAttr>:$fastmath);
  let assemblyFormat = "$x `,` $lo `,` $hi attr-dict `:` type($result)";
  let hasVerifier = 0;
  let hasFolder = 1;
}

def NVTileAA_MulHiUIOp : NVTileAA_Op<"mulhiui", [
    Pure, Elementwise, SameOperandsAndResultType]> {
  let summary = "high half of the unsigned double-width product";
  let description = [{ `%z = nv_tileaa.mulhiui %x, %y : tensor<128xi32>`. }];
  let arguments = (ins NVTileAA_IntLike:$lhs, NVTileAA_IntLike:$rhs);
  let results = (outs NVTileAA_IntLike:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
  let hasFolder = 1;
}

def NVTileAA_FpToFpOp : NVTileAA_Op<"fp_to_fp", [Pure]> {
  let summary = "convert between floating-point formats";
  let description = [{
    `%h = nv_tileaa.fp_to_fp %x : tensor<128xf32> -> tensor<128xf16>`. The
    only op that changes float width; narrowing rounds with `rounding_mode`
    (default rn).
  }];
  // Element types are checked by the verifier (with the messages of the
  // reference implementation), so the operand and result accept any type.
  let arguments = (ins AnyType:$src,
                       OptionalAttr<NVTileAA_RoundingModeAttr>:$rounding_mode);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Dot, reduce, scan
//===----------------------------------------------------------------------===//

def NVTileAA_DotOp : NVTileAA_Op<"dot", [Pure]> {
  let summary = "matrix multiply-accumulate D = A * B + C";
  let description = [{
    `%d = nv_tileaa.dot %a, %b, %c : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>`.
    Rank 2 (M x K times K x N), or rank 3 with a leading batch dimension.
  }];
  let arguments = (ins NVTileAA_Tile:$a, NVTileAA_Tile:$b, NVTileAA_Tile:$c,
                       OptionalAttr<NVTileAA_SignednessAttr>:$signedness_a,
                       OptionalAttr<NVTileAA_SignednessAttr>:$signedness_b,
                       UnitAttr:$propagate_nan);
  let results = (outs NVTileAA_Tile:$d);
  let assemblyFormat = [{
    $a `,` $b `,` $c attr-dict `:` type($a) `,` type($b) `,` type($c) `->` type($d)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def NVTileAA_DotScaledOp : NVTileAA_Op<"dot_scaled", [Pure]> {
  let summary = "block-scaled matrix multiply-accumulate (microscaling, MX)";
  let description = [{
    ```mlir
    %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c
        : tensor<64x64xf8E4M3FN> scale tensor<64x2xf8E8M0FNU>,
          tensor<64x32xf8E5M2> scale tensor<2x32xf8E8M0FNU>,
          tensor<64x32xf32> -> tensor<64x32xf32>
    ```
    D[m, n] = C[m, n] + sum_k A[m, k] * 2^(sa[m, k / 32] - 127)
                              * B[k, n] * 2^(sb[k / 32, n] - 127):
    A is M x K and B is K x N (f8E4M3FN or f8E5M2, any pair), the scales
    are f8E8M0FNU (one power of two per 32 consecutive K elements of a row
    of A or a column of B; 0xFF is NaN), C and D are M x N f32.

    FP4: with `a_format = f4E2M1FN` A is an i8 tile of M x K/2 bytes, two
    f4E2M1FN values per byte along K (bits 0-3 the even K index); with
    `b_format = f4E2M1FN` B is K/2 x N bytes likewise. When both are FP4
    the scales may also be f8E4M3FN (the unsigned ue4m3 of NVFP4, its sign
    bit not read) and the block V = K / (scale columns) 16 or 32
    (f8E8M0FNU) or 16 (f8E4M3FN).

    With `a_format = f4E2M1FN` and `a_unpacked` A is an i8 tile of M x K
    bytes, one f4E2M1FN value each in bits 2-5 (the 8-bit container of
    kind::mxf8f6f4; the other bits zero), likewise B with `b_unpacked`: an
    FP4 operand beside an FP8 one (f8E8M0FNU scales per 32).
  }];
  let arguments = (ins NVTileAA_Tile:$a, NVTileAA_Tile:$a_scale,
                       NVTileAA_Tile:$b, NVTileAA_Tile:$b_scale,
                       NVTileAA_Tile:$c,
                       OptionalAttr<TypeAttr>:$a_format,
                       OptionalAttr<TypeAttr>:$b_format,
                       UnitAttr:$a_unpacked, UnitAttr:$b_unpacked);
  let results = (outs NVTileAA_Tile:$d);
  let assemblyFormat = [{
    $a `scale` $a_scale `,` $b `scale` $b_scale `,` $c attr-dict `:`
    type($a) `scale` type($a_scale) `,` type($b) `scale` type($b_scale) `,`
    type($c) `->` type($d)
  }];
  let extraClassDeclaration = [{
    /// K elements per scale of FP8 operands (32).
    static constexpr int64_t kScaleBlock = 32;
    /// A (operand 0) or B (1) holds two f4E2M1FN values per byte.
    bool isPackedFp4(unsigned operand) {
      return bool(operand == 0 ? getAFormatAttr() : getBFormatAttr()) &&
             !isFp4Bytes(operand);
    }
    /// A (operand 0) or B (1) holds one f4E2M1FN value per byte (bits 2-5).
    bool isFp4Bytes(unsigned operand) {
      return operand == 0 ? getAUnpacked() : getBUnpacked();
    }
    /// Both operands are FP4 (the kinds mxf4 and mxf4nvf4).
    bool isFp4() { return isPackedFp4(0) && isPackedFp4(1); }
    /// K in elements (twice A's bytes along K when A is packed).
    int64_t getK() {
      return getA().getType().getDimSize(1) * (isPackedFp4(0) ? 2 : 1);
    }
    /// K elements per scale: K / (columns of A's scales).
    int64_t getScaleBlock() {
      int64_t blocks = getAScale().getType().getDimSize(1);
      return blocks > 0 ? getK() / blocks : 0;
    }
  }];
  let hasVerifier = 1;
}

class NVTileAA_CombinerOp<string mnemonic>
    : NVTileAA_Op<mnemonic, [IsolatedFromAbove, SingleBlock,
                             RecursiveMemoryEffects]> {
  let regions = (region SizedRegion<1>:$combiner);
  let assemblyFormat = [{
    $src attr-dict `:` type($src) `->` type($result) $combiner
  }];
  let hasVerifier = 1;
}

def NVTileAA_ReduceOp : NVTileAA_CombinerOp<"reduce"> {
  let summary = "reduce a tile along one axis with a combiner region";
  let description = [{
    ```mlir
    %r = nv_tileaa.reduce %x {axis = 1 : i32} : tensor<64x128xf32> -> tensor<64xf32> {
    ^bb0(%l: f32, %r: f32):
      %m = arith.maximumf %l, %r : f32
      nv_tileaa.yield %m : f32
    }
    ```
    Reducing a 1-D tile yields a scalar. The combiner must be associative
    and commutative; the combination order is unspecified.
  }];
  let arguments = (ins NVTileAA_Tile:$src, I32Attr:$axis);
  let results = (outs AnyType:$result);
}

def NVTileAA_ScanOp : NVTileAA_CombinerOp<"scan"> {
  let summary = "inclusive prefix scan along one axis";
  let description = [{
    `%c = nv_tileaa.scan %x {axis = 0 : i32, reverse = false} : tensor<128xi32> -> tensor<128xi32> { ... }`.
    With `reverse = true` the scan runs from the last element to the first.
  }];
  let arguments = (ins NVTileAA_Tile:$src, I32Attr:$axis,
                       OptionalAttr<BoolAttr>:$reverse);
  let results = (outs NVTileAA_Tile:$result);
  let extraClassDeclaration = [{
    bool isReverse() { return getReverse().value_or(false); }
  }];
}

def NVTileAA_YieldOp : NVTileAA_Op<"yield", [
    Pure, ReturnLike, Terminator,
    ParentOneOf<["ReduceOp", "ScanOp"]>]> {
  let summary = "yield the combined value of a reduce or scan combiner";
  let arguments = (ins Variadic<AnyType>:$values);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
}

//===----------------------------------------------------------------------===//
// Debugging, assumptions and tokens
//===----------------------------------------------------------------------===//

def NVTileAA_AssertOp : NVTileAA_Op<"assert", [MemoryEffects<[MemWrite]>]> {
  let summary = "trap with a message when any element of a condition is false";
  let description = [{
    `nv_tileaa.assert %cond, "index out of range" : tensor<128xi1>`.
  }];
  let arguments = (ins NVTileAA_BoolLike:$condition, StrAttr:$message);
  let assemblyFormat = [{
    $condition `,` custom<CString>($message) attr-dict `:` type($condition)
  }];
  let hasCanonicalizer = 1;
}

def NVTileAA_PrintOp : NVTileAA_Op<"print", [MemoryEffects<[MemWrite]>]> {
  let summary = "printf-style device print";
  let description = [{
    `nv_tileaa.print "x=%f\n", %x : tensor<128xf32>`. One conversion
    specifier per operand.
  }];
  let arguments = (ins StrAttr:$format, Variadic<AnyType>:$args);
  // The format prints with C escapes (`\n`, not MLIR's `\0A`), as DESIGN.md
  // writes it; the assert message likewise.
  let assemblyFormat = [{
    custom<CString>($format) (`,` $args^ `:` type($args))? attr-dict
  }];
  let hasVerifier = 1;
}

def NVTileAA_AssumeOp : NVTileAA_Op<"assume", [
    Pure, AllTypesMatch<["value", "result"]>]> {
  let summary = "attach facts about a value for the compiler's analyses";
  let description = [{
    `%n16 = nv_tileaa.assume %n {div_by = 16 : i64} : i32`. Predicates:
    `div_by = D : i64` (with optional `every = E : i64, along = A : i64`),
    `bounded = array<i64: lo, hi>`, `same_elements = array<i64: ...>`.
    The result equals the operand; a false fact is undefined behaviour.
  }];
  let arguments = (ins NVTileAA_ValueLike:$value,
                       OptionalAttr<I64Attr>:$div_by,
                       OptionalAttr<I64Attr>:$every,
                       OptionalAttr<I64Attr>:$along,
                       OptionalAttr<DenseI64ArrayAttr>:$bounded,
                       OptionalAttr<DenseI64ArrayAttr>:$same_elements);
  let results = (outs NVTileAA_ValueLike:$result);
  let assemblyFormat = "$value attr-dict `:` type($value)";
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def NVTileAA_CreateMemTokenOp : NVTileAA_Op<"create_mem_token", [Pure]> {
  let summary = "create a memory-ordering token";
  let results = (outs NVTileAA_MemToken:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def NVTileAA_JoinMemTokenOp : NVTileAA_Op<"join_mem_token", [Pure]> {
  let summary = "merge memory-ordering tokens";
  let arguments = (ins Variadic<NVTileAA_MemToken>:$tokens);
  let results = (outs NVTileAA_MemToken:$result);
  let assemblyFormat = "($tokens^)? attr-dict `:` type($result)";
  let hasFolder = 1;
}

#endif // TILEIRAS_DIALECT_NVTILEAA_OPS_TD
