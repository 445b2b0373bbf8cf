//===- Tcgen05Common.h - pieces of the tcgen05.mma lowerings ----*- C++ -*-===//
//
// What the synchronous warpgroup_dot on tcgen05.mma (Tcgen05.cpp) and the
// tensor-memory accumulator ops (Tcgen05Resident.cpp) share: the kinds and
// instruction descriptors, tensor-memory allocation, issuing the MMAs and
// reading a thread's row back.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_PASSES_TILETOLLVM_DOT_TCGEN05COMMON_H
#define TILEIRAS_PASSES_TILETOLLVM_DOT_TCGEN05COMMON_H

#include "TileToLLVM/Dot/DotPaths.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace tileiras::lowering::tcgen05 {

constexpr int64_t kM = 128;

/// The kind, K per instruction and instruction-descriptor type codes of a
/// dot's operand types: kind::f16 (f16 0, bf16 1; K 16), kind::tf32 (f32
/// slots holding tf32 values: 2; K 8), kind::f8f6f4 (e4m3 0, e5m2 1; K
/// 32), kind::i8 (u8 0, s8 1; K 32, s32 D).
struct Kind {
  mlir::NVVM::Tcgen05MMAKind kind = mlir::NVVM::Tcgen05MMAKind::F16;
  int64_t k = 16;
  uint32_t aType = 0, bType = 0, dType = 1; // D: f32 1, s32 2
};
Kind kindOf(mlir::Type a, mlir::Type b,
            std::optional<nv_tileaa::Signedness> signednessA,
            std::optional<nv_tileaa::Signedness> signednessB);

/// The 32-bit instruction descriptor of `kind` with M 128 and `n` columns
/// (bits 15 and 16 from `transpose`).
uint32_t instructionDescriptor(const Kind &kind, int64_t n, uint32_t transpose);

/// Bits 15 and 16 of both instruction descriptors: A or B MN-major.
uint32_t transposeBits(const layout::WgmmaOperandPlan &a,
                       const layout::WgmmaOperandPlan &b);

/// An error at `op` unless the target has tcgen05.mma.
mlir::LogicalResult checkTarget(mlir::Operation *op,
                                const LoweringState &state);

/// sharedOperandPlans, refusing MN-major tf32 slots.
mlir::FailureOr<std::pair<layout::WgmmaOperandPlan, layout::WgmmaOperandPlan>>
operandPlans(mlir::Operation *op, nv_tileaa::SharedMemType a,
             nv_tileaa::SharedMemType b);

/// Whether block-scaled slots of `a` and `b` hold packed FP4 pairs (both
/// i8: kind::mxf4 / mxf4nvf4); one i8 slot beside an FP8 one holds e2m1
/// values one a byte (kind::mxf8f6f4).
inline bool packedFp4Slots(mlir::Type a, mlir::Type b) {
  return a.isInteger(8) && b.isInteger(8);
}

/// An error at `op` when packed FP4 slots (i8 with block scales: kind::mxf4
/// / mxf4nvf4) are not both K-major.
mlir::LogicalResult checkFp4Slots(mlir::Operation *op,
                                  nv_tileaa::SharedMemType a,
                                  nv_tileaa::SharedMemType b,
                                  const layout::WgmmaOperandPlan &aPlan,
                                  const layout::WgmmaOperandPlan &bPlan);

/// `body` on the threads for which `condition` holds.
void onThreads(mlir::ImplicitLocOpBuilder &b, mlir::Value condition,
               llvm::function_ref<void(mlir::ImplicitLocOpBuilder &)> body);

void fence(mlir::ImplicitLocOpBuilder &b, mlir::NVVM::Tcgen05FenceKind kind);

/// fence.proxy.async.shared::cta: this thread's stores into shared memory
/// before it are visible to the async proxy (tcgen05.mma, tcgen05.cp)
/// after the next barrier.
void proxyFence(mlir::ImplicitLocOpBuilder &b);

/// Tensor-memory columns of one allocation, and who manages them.
struct Allocation {
  mlir::Value warpZero, threadZero, columns, taddr;
};

/// Warp 0 allocates `n` columns (rounded up to a power of two of at least
/// 32; the address goes to `scratch`), thread 0 initializes `mbarrier`
/// when there is one; after a barrier every thread reads the address.
Allocation allocate(mlir::ImplicitLocOpBuilder &b, mlir::Value scratch,
                    int64_t n, mlir::Value mbarrier);

/// After every thread's tensor-memory accesses: warp 0 frees the columns.
void deallocate(mlir::ImplicitLocOpBuilder &b, const Allocation &allocation);

/// The operands of the MMAs of one dot.
struct MmaOperands {
  const layout::WgmmaOperandPlan &a, &b;
  mlir::Value aBase, bBase;
  int64_t k, n;
  Kind kind;
};

/// One m128nNkK per K step into `d` (a tensor-memory pointer); the first
/// accumulates when `firstAccumulates` (i1) holds, the others always.
void issueMmas(mlir::ImplicitLocOpBuilder &b, const MmaOperands &ops,
               mlir::Value d, mlir::Value firstAccumulates);

/// kind::mxf8f6f4.block_scale: the scale copies from `scaleRegion` into
/// the allocation at `taddr`, then one m128nNk32 per K step of 32 (one
/// scale block), reading its step's scale columns and byte; the first
/// accumulates when `firstAccumulates` (i1) holds.
void issueBlockScaled(mlir::ImplicitLocOpBuilder &b, const MmaOperands &ops,
                      const Tcgen05ScalePlan &plan, mlir::Value scaleRegion,
                      mlir::Type aElement, mlir::Type bElement,
                      mlir::Value taddr, mlir::Value firstAccumulates);

/// Every thread stores the scales it holds (`scales`, converted; their
/// tile types `scaleTypes`) into the copy blocks at `region` and fences
/// them for the async proxy (a barrier must then order them before the
/// tcgen05.cp); returns `region`.
mlir::Value stageScales(mlir::ImplicitLocOpBuilder &b,
                        const Tcgen05ScalePlan &plan, mlir::Value region,
                        mlir::ValueRange scales, mlir::TypeRange scaleTypes);

/// The shared-memory descriptors of A's and B's K step at `k0`.
std::pair<mlir::Value, mlir::Value> descriptorsAt(mlir::ImplicitLocOpBuilder &b,
                                                  const MmaOperands &ops,
                                                  int64_t k0);

/// This thread's part of the tile at `taddr` (i32): tensor-memory lane
/// 32 (w % 4) + lane, the `columns` columns of its warpgroup w / 4, handed
/// to `consume` column by column as i32 words.
void loadRows(mlir::ImplicitLocOpBuilder &b, mlir::Value taddr, int64_t columns,
              llvm::function_ref<void(int64_t, mlir::Value)> consume);

/// The register of each column this thread holds (row 0 of its part) of a
/// tile of tensor memory's layout, or an error at `op`.
mlir::FailureOr<llvm::SmallVector<unsigned>>
accumulatorColumns(mlir::Operation *op, mlir::RankedTensorType type);

} // namespace tileiras::lowering::tcgen05

#endif // TILEIRAS_PASSES_TILETOLLVM_DOT_TCGEN05COMMON_H
