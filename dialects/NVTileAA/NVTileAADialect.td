//===- NVTileAADialect.td - nv_tileaa dialect definition ---*- tablegen -*-===//
//
// The nv_tileaa dialect: tile-level kernels for NVIDIA GPUs. Tiles are builtin
// ranked tensors with static power-of-two shapes; pointers and memory-ordering
// tokens are dialect types.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_DIALECT_NVTILEAA_DIALECT_TD
#define TILEIRAS_DIALECT_NVTILEAA_DIALECT_TD

include "mlir/IR/OpBase.td"

def NVTileAA_Dialect : Dialect {
  let name = "nv_tileaa";
  let cppNamespace = "::tileiras::nv_tileaa";
  let summary = "Tile-level kernels for NVIDIA GPUs";
  let description = [{
    A kernel is written over whole tiles of data (builtin ranked tensors with
    static power-of-two dimensions) instead of threads. The dialect provides
    pointers, pointer arithmetic, masked memory access, atomics, shape
    manipulation, float arithmetic with explicit rounding, `dot`, reductions
    and scans. Integer arithmetic, comparisons and control flow come from the
    upstream `arith`, `math` and `scf` dialects. See docs/language.md.
  }];

  // Folds materialize their constants as arith.constant.
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let hasConstantMaterializer = 1;
  // Verifies the module/function attributes nv_tileaa.compute_capability,
  // nv_tileaa.target_spec, nv_tileaa.kernel_spec and nv_tileaa.occupancy.
  let hasOperationAttrVerify = 1;
  // Verifies the argument attribute nv_tileaa.noalias.
  let hasRegionArgAttrVerify = 1;
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;

  let extraClassDeclaration = [{
    /// Names of the discardable attributes this dialect understands.
    static constexpr ::llvm::StringLiteral kComputeCapabilityAttrName =
        "nv_tileaa.compute_capability";
    /// Older spelling of kComputeCapabilityAttrName, accepted on input.
    static constexpr ::llvm::StringLiteral kLegacyComputeCapabilityAttrName =
        "nv_tileaa.compute-capability";
    static constexpr ::llvm::StringLiteral kTargetSpecAttrName =
        "nv_tileaa.target_spec";
    static constexpr ::llvm::StringLiteral kKernelSpecAttrName =
        "nv_tileaa.kernel_spec";
    static constexpr ::llvm::StringLiteral kOccupancyAttrName =
        "nv_tileaa.occupancy";
    /// Set by the lowering on kernels: scratch shared memory in bytes.
    static constexpr ::llvm::StringLiteral kSharedMemoryBytesAttrName =
        "nv_tileaa.shared_memory_bytes";
    /// On a pointer argument: it does not alias any other argument.
    static constexpr ::llvm::StringLiteral kNoAliasAttrName =
        "nv_tileaa.noalias";

  private:
    void registerTypes();
    void registerAttributes();
    void registerOps();
  public:
  }];
}

#endif // TILEIRAS_DIALECT_NVTILEAA_DIALECT_TD
