//===- Passes.td - tileiras passes --------------------------*- tablegen -*-===//
//
// Every pass of the project, with generated declarations and registration.
// The folders under passes/ hold one pass family each.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_PASSES_TD
#define TILEIRAS_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// Target resolution
//===----------------------------------------------------------------------===//

def ResolveTarget : Pass<"tileaa-resolve-target", "::mlir::ModuleOp"> {
  let summary = "Record the compilation target on the module";
  let description = [{
    Decides the target chip and writes it as `nv_tileaa.compute_capability`
    (SM major*10+minor, i32) and `nv_tileaa.target_spec` (the chip string,
    variant included) on the module. The `gpu-name` option wins; when the
    module already names a different target a warning says which one is
    replaced. Without the option the module's own target is kept (the legacy
    spelling `nv_tileaa.compute-capability` is accepted and normalized);
    without either the target is sm_75, nvcc's and ptxas' default.
  }];
  let options = [
    Option<"gpuName", "gpu-name", "std::string", /*default=*/"\"\"",
           "Target chip (sm_XX, sm_XXa or sm_XXf)">,
  ];
  let dependentDialects = ["::tileiras::nv_tileaa::NVTileAADialect"];
}

def WrapInGpuModule : Pass<"tileaa-wrap-gpu-module", "::mlir::ModuleOp"> {
  let summary = "Move device code into a gpu.module";
  let description = [{
    Moves every top-level `nv_tileaa.func` (and the other device-side
    top-level operations) into one `gpu.module @tileiras_kernels`, copies the
    target attributes onto it and marks the outer module as a GPU container.
    Modules that already hold their device code in gpu.modules are left
    alone.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def CheckSymbols : Pass<"tileaa-check-symbols", "::mlir::ModuleOp"> {
  let summary = "Reject symbol names PTX cannot spell; warn without kernels";
  let description = [{
    Every function or global that reaches PTX must be a PTX identifier
    (`[A-Za-z_$][A-Za-z0-9_$]*`); MLIR accepts any quoted name
    (`@"(k"`), which LLVM's PTX printer would abort on. Such names are
    errors at the symbol's location. A module in which no `nv_tileaa.func`
    carries `nv_tileaa.kernel_spec` compiles to PTX without an `.entry`;
    that gets a warning naming the attribute.
  }];
}

//===----------------------------------------------------------------------===//
// cuda_tile input
//===----------------------------------------------------------------------===//

def ConvertCudaTileToTileAA
    : Pass<"convert-cuda-tile-to-tileaa", "::mlir::ModuleOp"> {
  let summary = "Lower cuda_tile modules to nv_tileaa kernels";
  let description = [{
    Replaces every `cuda_tile.module` nested in the builtin module by its
    entries lowered to `nv_tileaa.func` kernels: tile-block ids become
    program ids, views become pointer tiles with bounds masks, `mmaf`
    becomes `dot`, `for`/`if` become `scf`, `loop` with `break`/`continue`
    becomes `scf.while`, tokens disappear (nv_tileaa
    executes memory operations in program order) and elementwise ops map op
    by op. `optimization_hints` for the target (or `default`) set numWarps,
    the cluster shape and the occupancy; without a hint numWarps follows the
    largest tile. An op that cannot be lowered yet is an error naming it.
    See docs/cuda-tile.md.
  }];
  let options = [
    Option<"gpuName", "gpu-name", "std::string", /*default=*/"\"\"",
           "Target chip whose optimization_hints apply (sm_XX[a|f])">,
  ];
  let dependentDialects = ["::tileiras::nv_tileaa::NVTileAADialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

//===----------------------------------------------------------------------===//
// Tiled memory ops
//===----------------------------------------------------------------------===//

def LowerTiledMemory : Pass<"tileaa-lower-tiled-memory", "::mlir::ModuleOp"> {
  let summary = "Rewrite tiled_load/tiled_store/tiled_atomic_rmw into pointer ops";
  let description = [{
    Every `tiled_load`, `tiled_store` and `tiled_atomic_rmw` becomes a tile of
    pointers (`make_range`, `splat`, `expand_dims`, `broadcast`, `addptr`)
    with a bounds mask, and a `load`, `store` or `atomic_rmw` through it, so
    that the vectorization (AxisInfo) and the software pipeliner treat them as
    hand-written pointer code. The hints of `make_memref` become `assume`s
    on its sizes, strides and base. Loop-invariant address parts are hoisted
    out of their loops. The memref must come straight from a `make_memref`.
    Runs before layout assignment. On targets with TMA (sm_90+), a kernel's
    tiled_loads feeding a dot in a loop, and its tiled_stores, become
    tma_load and tma_store first where a launcher can encode the tensor map
    (a new kernel parameter); a tiled_store only while its staging buffer,
    with the pipeline rings of the kernel's dot loops (`num-stages` deep,
    unless the kernel_spec says) and 16 KiB to spare, fits the target's
    shared memory per CTA.
  }];
  let options = [
    Option<"numStages", "num-stages", "unsigned", /*default=*/"0",
           "Pipeline depth assumed for kernels whose kernel_spec gives none "
           "(0: the default, 3)">
  ];
  let dependentDialects = ["::tileiras::nv_tileaa::NVTileAADialect",
                           "::mlir::arith::ArithDialect"];
}

//===----------------------------------------------------------------------===//
// Layouts
//===----------------------------------------------------------------------===//

def DecomposeScaledDots
    : Pass<"tileaa-decompose-scaled-dots", "::mlir::ModuleOp"> {
  let summary = "Rewrite dot_scaled as a bf16 dot where no block-scaled "
                "instruction runs it";
  let description = [{
    A `dot_scaled` stays where the target has block-scaled mma.sync
    (sm_120a/f, sm_121a/f) and the tiles hold one m16n8k32 instruction
    (M >= 16, N >= 8); the dot lowering issues
    `mma.sync...kind::mxf8f6f4.block_scale.scale_vec::1X` for it. On the
    tcgen05 targets (sm_100a/f, sm_103a/f, sm_110a/f) it stays in kernels
    of 4 or 8 warps whose tile is 128 x N (N a multiple of 32 up to
    256): `tcgen05.mma...kind::mxf8f6f4.block_scale` with
    the scales copied into tensor memory (tcgen05.cp). Everywhere
    else each operand is converted to f32, multiplied by its scale
    (2^(e - 127), broadcast over its 32 K elements), rounded to bf16 (exact
    for FP8 values unless the scaled value leaves bf16's range) and the
    product is an ordinary `dot` of bf16 tiles, which runs on mma.sync,
    wgmma or FMA like any other. The dot records why in
    `nv_tileaa.scaled_dot`. Runs after target resolution, before layout
    assignment. See docs/language.md ("dot_scaled").
  }];
  let options = [
    Option<"numWarps", "num-warps", "unsigned", /*default=*/"0",
           "numWarps for kernels whose kernel_spec does not give one (0: 4)">,
  ];
  let dependentDialects = ["::tileiras::nv_tileaa::NVTileAADialect",
                           "::mlir::arith::ArithDialect"];
}

def AssignLayouts : Pass<"tileaa-assign-layouts", "::mlir::ModuleOp"> {
  let summary = "Give every tile value a distributed layout";
  let description = [{
    Attaches a layout encoding (`#nv_tileaa.blocked`, `#nv_tileaa.slice`,
    `#nv_tileaa.dot_operand`) to the tensor type of every tile value and
    inserts `nv_tileaa.convert_layout` where a value must change layout.
    Blocked layouts give each lane up to 128 contiguous bits along the
    fastest dimension; reductions produce slice layouts; `dot` operands get
    the layouts the dot lowering needs. See docs/layouts.md.
  }];
  let options = [
    Option<"numWarps", "num-warps", "unsigned", /*default=*/"0",
           "numWarps for kernels whose kernel_spec does not give one (0: 4)">,
  ];
  let dependentDialects = ["::tileiras::nv_tileaa::NVTileAADialect"];
}

def SoftwarePipeline : Pass<"tileaa-pipeline", "::mlir::ModuleOp"> {
  let summary = "Pipeline the operand loads of dot loops through cp.async";
  let description = [{
    In every scf.for that feeds a tensor-core dot from global loads, the
    loads become `async_copy` into a shared buffer of numStages slots,
    issued numStages - 1 iterations ahead of the `local_load` that reads
    them (ldmatrix) for the dot; `async_wait` keeps the right number of
    groups in flight, and the loop's prologue and tail are predicated so
    that any trip count works. numStages comes from the kernel's
    kernel_spec, else this option; 1 (or a target without cp.async) leaves
    the loops alone. A load is pipelined only when its vector accesses move
    at least 4 bytes (what cp.async can copy). See docs/pipelining.md.
  }];
  let options = [
    Option<"numStages", "num-stages", "unsigned", /*default=*/"0",
           "numStages for kernels whose kernel_spec does not give one (0: 3)">,
  ];
  let dependentDialects = ["::tileiras::nv_tileaa::NVTileAADialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def WarpgroupDots : Pass<"tileaa-warpgroup-dots", "::mlir::ModuleOp"> {
  let summary = "Let wgmma read the operands of dots straight from their slots";
  let description = [{
    A dot that layout assignment meant for wgmma (its nv_tileaa.dot_path
    starts with "wgmma") whose A and B are `local_load`s of buffer slots
    (after the pipeliner: TMA or cp.async rings, or the one-slot buffer of
    an unpipelined TMA load) holding wgmma's canonical layouts becomes a
    `warpgroup_dot` on those slots, and the reads go. Otherwise the dot
    stays and runs on mma.sync, with the reason in its dot_path. A wgmma
    dot that accumulates across a loop is left running between
    iterations; the single tcgen05 dot of a function that accumulates
    across a loop keeps its accumulator in tensor memory for the whole
    loop (`tmem_alloc`, `tmem_dot`, `tmem_load`, `tmem_dealloc`).
  }];
  let dependentDialects = ["::tileiras::nv_tileaa::NVTileAADialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::ub::UBDialect"];
}

//===----------------------------------------------------------------------===//
// Lowering to LLVM + NVVM
//===----------------------------------------------------------------------===//

def ConvertTileFuncToLLVM
    : Pass<"convert-nv-tile-func-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Lower nv_tileaa.func/return/call to the LLVM dialect";
  let description = [{
    Rewrites function signatures to LLVM types (pointers become
    `!llvm.ptr<AS>`, 16-byte aligned for kernels), turns kernels
    (`nv_tileaa.kernel_spec`) into `nvvm.kernel` functions with
    `nvvm.reqntid = 32*numWarps`, cluster attributes on SM >= 90 when the
    cluster has more than one CTA, and `nvvm.minctasm`/`nvvm.maxnreg` from
    `nv_tileaa.occupancy`. Function bodies keep their ops (casts bridge the
    types) for convert-tileaa-to-llvm.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

def ConvertTileAAToLLVM : Pass<"convert-tileaa-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Lower nv_tileaa (and arith/math/scf on tiles) to LLVM + NVVM";
  let description = [{
    Lowers every nv_tileaa op, scalar or tile, to per-thread LLVM and NVVM
    dialect code according to the layouts on the tensor types, together with
    the upstream arith, math, scf, cf and ub conversions. One program is one
    CTA: scalar stores and atomics happen once per program.
  }];
  // scf: patterns build scf.if (guarded prints and asserts) that the scf ->
  // cf stage lowers; cf: that stage creates cf branches. Neither is loaded
  // when the input happens not to use it.
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::cf::ControlFlowDialect"];
}

def RemoveRedundantBarriers
    : Pass<"tileaa-remove-redundant-barriers", "::mlir::ModuleOp"> {
  let summary = "Remove the bar.syncs that no shared-memory race needs";
  let description = [{
    The lowering fences each use of shared memory with `nvvm.barrier0` on
    both sides. In every llvm.func this pass keeps a barrier only when a
    shared-memory access before it (since the previous barrier, on some
    path through the CFG) and one after it (until the next barrier) could
    race -- a write with any access, or a read with a write -- and removes
    the others one at a time. Kernels begin and end with nothing pending;
    device functions count as accessed at entry and exit. Accesses are read
    from the ops (address space 3 or generic operands, ldmatrix, stmatrix,
    cp.async and its waits) and from the `tileiras.shared_access`
    attribute of inline PTX; calls count as reading and writing.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

def AttachNVVMTarget : Pass<"tileaa-attach-nvvm-target", "::mlir::ModuleOp"> {
  let summary = "Attach #nvvm.target to every gpu.module";
  let description = [{
    Reads `nv_tileaa.compute_capability`, then `nv_tileaa.target_spec`, from
    the gpu.module or its parent module and writes exactly one
    `#nvvm.target<O = N, chip = "sm_XX[a|f]", features = "+ptxNN">` per
    gpu.module (re-running replaces it). Fails with "failed to get compute
    capability." when neither attribute is present.
  }];
  let options = [
    Option<"optLevel", "O", "unsigned", /*default=*/"3",
           "Optimization level recorded in the target (0..3)">,
  ];
  let dependentDialects = ["::mlir::NVVM::NVVMDialect",
                           "::mlir::gpu::GPUDialect"];
}

//===----------------------------------------------------------------------===//
// Test and inspection passes
//===----------------------------------------------------------------------===//

def TestAxisInfo : Pass<"test-tileaa-axis-info", "::mlir::ModuleOp"> {
  let summary = "Print the axis-info facts of every integer/pointer result";
  let description = [{
    Emits a remark on each operation result with its contiguity,
    divisibility and constancy, for testing the analysis.
  }];
}

def PrintLayouts : Pass<"tileaa-print-layouts", "::mlir::ModuleOp"> {
  let summary = "Draw which lane owns which element of each tile";
  let description = [{
    Emits a remark per tile-producing operation with a picture of its layout
    (T<thread>:<register> per element), for rank-1 and rank-2 tiles.
  }];
}

#endif // TILEIRAS_PASSES_TD
