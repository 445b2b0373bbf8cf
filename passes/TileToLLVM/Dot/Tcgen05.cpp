//===- Tcgen05.cpp - warpgroup_dot on tcgen05.mma (sm_100a family) --------===//
//
// A warpgroup_dot whose accumulator has tensor memory's layout (a blocked
// layout of one row per thread, warps [4, W]) runs synchronously on
// tcgen05.mma cta_group::1 kind::f16, M = 128:
//
//   barrier; warp 0 allocates the columns (tcgen05.alloc into scratch),
//   thread 0 initializes an mbarrier; fence, barrier, fence;
//   thread 0 issues one m128nNk16 per K step (A K-major, B N-major read
//   through shared-memory descriptors, layout::wgmmaOperandPlan with
//   tcgen05's encoding) and commits them to the mbarrier;
//   every thread waits on it (phase 0), loads its row (tcgen05.ld 32x32b:
//   warp w reads lanes 32 (w % 4) .. + 31, warpgroup w / 4 its half of the
//   columns) and adds C; fence, barrier; warp 0 frees the columns, thread 0
//   invalidates the mbarrier.
//
// D = A B lands in tensor memory and C is added in registers, so tensor
// memory holds no state between ops.
//
//===----------------------------------------------------------------------===//

#include "TileToLLVM/Dot/DotPaths.h"
#include "TileToLLVM/MemoryUtils.h"
#include "tileiras/Layout/WgmmaLayouts.h"
#include "tileiras/TargetSpec/InstructionFamily.h"

#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tileiras;
using namespace tileiras::lowering;
namespace nv = tileiras::nv_tileaa;
using layout::Coord;
using layout::InDim;

namespace {

constexpr int64_t kTcgen05M = 128, kTcgen05K = 16;

/// The 32-bit instruction descriptor of kind::f16 with an f32 D, A K-major
/// and B N-major (transpose B), M 128 and `n` columns.
uint32_t instructionDescriptor(Type element, int64_t n) {
  uint32_t type = element.isBF16() ? 1 : 0;
  return 1u << 4 | type << 7 | type << 10 | 1u << 16 | uint32_t(n >> 3) << 17 |
         uint32_t(kTcgen05M >> 4) << 24;
}

/// Whether `acc` is tensor memory's layout: lane l of warp w holds row
/// 32 (w % 4) + l, warpgroup w / 4 the columns from (w / 4) N / W.
bool hasTensorMemoryThreads(const layout::LinearLayout &acc, int64_t n,
                            unsigned warpgroups) {
  SmallVector<Coord> lanes = {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}};
  SmallVector<Coord> warps = {{32, 0}, {64, 0}};
  if (warpgroups == 2)
    warps.push_back({0, n / 2});
  return llvm::ArrayRef<Coord>(lanes) == acc.getBases(InDim::Lane) &&
         llvm::ArrayRef<Coord>(warps) == acc.getBases(InDim::Warp);
}

/// `body` on the threads for which `condition` holds.
void onThreads(ImplicitLocOpBuilder &b, Value condition,
               llvm::function_ref<void(ImplicitLocOpBuilder &)> body) {
  memory::emitIf(b, b.getLoc(), condition, [&](OpBuilder &inner) {
    ImplicitLocOpBuilder ib(b.getLoc(), inner);
    body(ib);
  });
}

void fence(ImplicitLocOpBuilder &b, NVVM::Tcgen05FenceKind kind) {
  NVVM::Tcgen05FenceOp::create(b, kind);
}

/// The tensor-memory address (ptr addrspace(6)) `taddr` + `offset` (lane
/// in bits 31..16, column in 15..0).
Value tensorAddress(ImplicitLocOpBuilder &b, Value taddr, int64_t offset = 0) {
  Value sum =
      offset ? LLVM::AddOp::create(b, taddr, i32Constant(b, b.getLoc(), offset))
                   .getResult()
             : taddr;
  return LLVM::IntToPtrOp::create(
      b, LLVM::LLVMPointerType::get(b.getContext(), 6), sum);
}

/// This thread's row of D: tcgen05.ld 32x32b in power-of-two pieces of at
/// most 128 columns from `address` (i32), then the wait.
SmallVector<Value> loadRow(ImplicitLocOpBuilder &b, Value address,
                           int64_t columns) {
  SmallVector<Value> row;
  for (int64_t done = 0; done < columns;) {
    int64_t piece =
        std::min<int64_t>(128, llvm::bit_floor(uint64_t(columns - done)));
    auto vector = VectorType::get({piece}, b.getI32Type());
    Value at = tensorAddress(b, address, done);
    Value words = NVVM::Tcgen05LdOp::create(
        b, vector, /*pack=*/false, NVVM::Tcgen05LdStShape::SHAPE_32X32B, at,
        Value());
    for (int64_t i = 0; i < piece; ++i)
      row.push_back(LLVM::BitcastOp::create(
          b, b.getF32Type(),
          LLVM::ExtractElementOp::create(b, words,
                                         i32Constant(b, b.getLoc(), i))));
    done += piece;
  }
  NVVM::Tcgen05WaitOp::create(b, NVVM::Tcgen05WaitKind::LOAD);
  return row;
}

/// Tensor memory and the mbarrier of one warpgroup_dot, set up by
/// `allocate` and released by `release`.
struct TensorMemory {
  Value scratch, barrier, warpZero, threadZero, columns, taddr;
};

/// Warp 0 allocates `n` columns (rounded up to a power of two of at least
/// 32; the address goes to scratch), thread 0 initializes the mbarrier;
/// then every thread reads the address.
TensorMemory allocate(ImplicitLocOpBuilder &b, LoweringState &state,
                      int64_t n) {
  Location loc = b.getLoc();
  TensorMemory tm;
  tm.scratch = state.scratch.getBuffer(b, loc, 16);
  tm.barrier = LLVM::GEPOp::create(b, tm.scratch.getType(), b.getI8Type(),
                                   tm.scratch, ArrayRef<LLVM::GEPArg>{8});
  tm.warpZero = LLVM::ICmpOp::create(b, LLVM::ICmpPredicate::eq,
                                     getWarpId(b, loc), i32Constant(b, loc, 0));
  tm.threadZero = memory::threadIsZero(b, loc);
  tm.columns =
      i32Constant(b, loc, std::max<int64_t>(32, llvm::PowerOf2Ceil(n)));
  onThreads(b, tm.warpZero, [&](ImplicitLocOpBuilder &ib) {
    NVVM::Tcgen05AllocOp::create(ib, tm.scratch, tm.columns);
  });
  onThreads(b, tm.threadZero, [&](ImplicitLocOpBuilder &ib) {
    NVVM::MBarrierInitOp::create(ib, tm.barrier, i32Constant(ib, loc, 1),
                                 Value());
    NVVM::FenceMbarrierInitOp::create(ib);
  });
  fence(b, NVVM::Tcgen05FenceKind::BEFORE_THREAD_SYNC);
  NVVM::Barrier0Op::create(b);
  fence(b, NVVM::Tcgen05FenceKind::AFTER_THREAD_SYNC);
  tm.taddr = LLVM::LoadOp::create(b, b.getI32Type(), tm.scratch);
  return tm;
}

/// Thread 0 issues one MMA per K step of 16 (D = A B: the first one
/// ignores D) and commits them to the mbarrier; every thread waits.
void multiply(ImplicitLocOpBuilder &b, const TensorMemory &tm,
              const layout::WgmmaOperandPlan &a,
              const layout::WgmmaOperandPlan &bPlan, Value aBase, Value bBase,
              int64_t k, Value idesc) {
  Location loc = b.getLoc();
  onThreads(b, tm.threadZero, [&](ImplicitLocOpBuilder &ib) {
    Value d = tensorAddress(ib, tm.taddr);
    for (int64_t k0 = 0; k0 < k; k0 += kTcgen05K) {
      Value descA = matrixDescriptor(ib, a, aBase, a.byteOffset(0, k0), true);
      Value descB =
          matrixDescriptor(ib, bPlan, bBase, bPlan.byteOffset(k0, 0), true);
      Value accumulate =
          LLVM::ConstantOp::create(ib, ib.getI1Type(), ib.getBoolAttr(k0 != 0));
      NVVM::Tcgen05MMAOp::create(
          ib, NVVM::Tcgen05MMAKind::F16, NVVM::CTAGroupKind::CTA_1,
          NVVM::Tcgen05MMACollectorOp::DISCARD, /*aShift=*/false, d, descA,
          descB, idesc, accumulate, Value(), Value());
    }
    NVVM::Tcgen05CommitOp::create(ib, tm.barrier, Value());
  });
  NVVM::MBarrierTryWaitParityOp::create(b, tm.barrier, i32Constant(b, loc, 0),
                                        i32Constant(b, loc, 10000000));
  fence(b, NVVM::Tcgen05FenceKind::AFTER_THREAD_SYNC);
}

/// This thread's part of D: tensor-memory lane 32 (w % 4) + lane, the
/// columns of its warpgroup w / 4.
SmallVector<Value> loadProduct(ImplicitLocOpBuilder &b, const TensorMemory &tm,
                               int64_t columns) {
  Location loc = b.getLoc();
  Value warp = getWarpId(b, loc);
  Value quadrant = LLVM::URemOp::create(b, warp, i32Constant(b, loc, 4));
  Value group = LLVM::UDivOp::create(b, warp, i32Constant(b, loc, 4));
  Value rowOffset = LLVM::ShlOp::create(
      b, LLVM::MulOp::create(b, quadrant, i32Constant(b, loc, 32)),
      i32Constant(b, loc, 16));
  Value columnOffset =
      LLVM::MulOp::create(b, group, i32Constant(b, loc, columns));
  Value address = LLVM::AddOp::create(
      b, tm.taddr, LLVM::AddOp::create(b, rowOffset, columnOffset));
  return loadRow(b, address, columns);
}

/// After every thread's loads: warp 0 frees the columns, thread 0
/// invalidates the mbarrier.
void release(ImplicitLocOpBuilder &b, const TensorMemory &tm) {
  fence(b, NVVM::Tcgen05FenceKind::BEFORE_THREAD_SYNC);
  NVVM::Barrier0Op::create(b);
  onThreads(b, tm.warpZero, [&](ImplicitLocOpBuilder &ib) {
    NVVM::Tcgen05DeallocOp::create(ib, tensorAddress(ib, tm.taddr), tm.columns);
  });
  onThreads(b, tm.threadZero, [&](ImplicitLocOpBuilder &ib) {
    NVVM::MBarrierInvalOp::create(ib, tm.barrier);
  });
}

} // namespace

LogicalResult lowering::lowerTcgen05Dot(nv::WarpgroupDotOp op, Value aBuffer,
                                        Value aSlot, Value bBuffer, Value bSlot,
                                        Value c, Value useC,
                                        ConversionPatternRewriter &rewriter,
                                        const TileTypeConverter &tiles,
                                        LoweringState &state) {
  if (!targetspec::targetSupports(state.target,
                                  targetspec::InstrFamily::Tcgen05))
    return op.emitOpError()
           << "needs tcgen05.mma, which " << state.target.name()
           << " lacks (sm_100a/f, sm_103a/f, sm_110a/f)";
  nv::SharedMemType aType = op.getA().getType();
  auto plans = sharedOperandPlans(op);
  if (failed(plans))
    return failure();
  auto accType = cast<RankedTensorType>(op.getType());
  int64_t n = accType.getDimSize(1);
  unsigned warpgroups =
      cast<nv::BlockedEncodingAttr>(accType.getEncoding()).getWarpsPerCTA()[1];
  int64_t columns = n / warpgroups;
  layout::LinearLayout acc = getLayout(accType);
  if (accType.getDimSize(0) != kTcgen05M ||
      !hasTensorMemoryThreads(acc, n, warpgroups))
    return op.emitOpError("accumulator layout is not tensor memory's: ")
           << acc.str();
  SmallVector<unsigned> columnRegisters;
  for (int64_t j = 0; j < columns; ++j) {
    std::optional<unsigned> reg = acc.findRegister({0, j});
    if (!reg)
      return op.emitOpError("no accumulator register holds (0, ") << j << ")";
    columnRegisters.push_back(*reg);
  }

  ImplicitLocOpBuilder b(op.getLoc(), rewriter);
  MLIRContext *context = rewriter.getContext();
  Type stored = tiles.convertElementType(aType.getElementType());
  Value aBase = sharedSlotBase(b, aBuffer, aSlot, aType, stored);
  Value bBase = sharedSlotBase(b, bBuffer, bSlot, op.getB().getType(), stored);
  if (op.getProxyFence())
    NVVM::FenceProxyOp::create(
        b, NVVM::ProxyKindAttr::get(context, NVVM::ProxyKind::async_shared),
        NVVM::SharedSpaceAttr::get(context, NVVM::SharedSpace::shared_cta));
  // The slots are written and nobody uses the scratch any more (a barrier
  // the barrier analysis keeps: it does not see tcgen05.alloc's write).
  NVVM::Barrier0Op::create(b);
  TensorMemory tm = allocate(b, state, n);
  Value idesc = i32Constant(
      b, b.getLoc(), int64_t(instructionDescriptor(aType.getElementType(), n)));
  multiply(b, tm, plans->first, plans->second, aBase, bBase,
           aType.getTileShape()[1], idesc);
  SmallVector<Value> product = loadProduct(b, tm, columns);
  SmallVector<Value> registers = unpackTile(b, b.getLoc(), c);
  for (auto [j, reg] : llvm::enumerate(columnRegisters)) {
    Value sum = LLVM::FAddOp::create(b, registers[reg], product[j]);
    registers[reg] =
        useC ? Value(LLVM::SelectOp::create(b, useC, sum, product[j])) : sum;
  }
  release(b, tm);
  rewriter.replaceOp(
      op, packTile(b, b.getLoc(), tiles.convertType(accType), registers));
  return success();
}
