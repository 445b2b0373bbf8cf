//===- Tcgen05.cpp - warpgroup_dot on tcgen05.mma (sm_100a family) --------===//
//
// A warpgroup_dot whose accumulator has tensor memory's layout (a blocked
// layout of one row per thread, warps [4, W]) runs synchronously on
// tcgen05.mma cta_group::1 kind::f16, M = 128 (with scale tiles:
// kind::mxf8f6f4.block_scale, the scales copied into tensor memory first;
// Tcgen05Scales.cpp):
//
//   barrier; warp 0 allocates the columns (tcgen05.alloc into scratch),
//   thread 0 initializes an mbarrier; fence, barrier, fence;
//   thread 0 issues one m128nNk16 per K step (A and B read through
//   shared-memory descriptors, layout::wgmmaSlotPlan with tcgen05's
//   encoding, K- or MN-major as their slots are) and commits them to the
//   mbarrier;
//   every thread waits on it (phase 0), loads its row (tcgen05.ld 32x32b:
//   warp w reads lanes 32 (w % 4) .. + 31, warpgroup w / 4 its half of the
//   columns) and adds C; fence, barrier; warp 0 frees the columns, thread 0
//   invalidates the mbarrier.
//
// D = A B lands in tensor memory and C is added in registers, so tensor
// memory holds no state between ops.
//
//===----------------------------------------------------------------------===//

#include "TileToLLVM/Dot/Tcgen05Common.h"
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

namespace tcgen05 = tileiras::lowering::tcgen05;
using tcgen05::kM;

tcgen05::Kind tcgen05::kindOf(Type a, Type b,
                              std::optional<nv::Signedness> signednessA,
                              std::optional<nv::Signedness> signednessB) {
  Kind kind;
  if (a.isInteger(8)) {
    kind.kind = NVVM::Tcgen05MMAKind::I8;
    kind.k = 32;
    kind.dType = 2;
    kind.aType = signednessA == nv::Signedness::Signed;
    kind.bType = signednessB == nv::Signedness::Signed;
  } else if (a.isF32()) { // slots holding tf32 values
    kind.kind = NVVM::Tcgen05MMAKind::TF32;
    kind.k = 8;
    kind.aType = kind.bType = 2;
  } else if (a.getIntOrFloatBitWidth() == 8) {
    kind.kind = NVVM::Tcgen05MMAKind::F8F6F4;
    kind.k = 32;
    kind.aType = isa<Float8E5M2Type>(a);
    kind.bType = isa<Float8E5M2Type>(b);
  } else {
    kind.aType = kind.bType = a.isBF16();
  }
  return kind;
}

uint32_t tcgen05::transposeBits(const layout::WgmmaOperandPlan &a,
                                const layout::WgmmaOperandPlan &b) {
  return uint32_t(a.mnMajor) << 15 | uint32_t(b.mnMajor) << 16;
}

uint32_t tcgen05::instructionDescriptor(const Kind &kind, int64_t n,
                                        uint32_t transpose) {
  return kind.dType << 4 | kind.aType << 7 | kind.bType << 10 | transpose |
         uint32_t(n >> 3) << 17 | uint32_t(kM >> 4) << 24;
}

void tcgen05::onThreads(ImplicitLocOpBuilder &b, Value condition,
                        llvm::function_ref<void(ImplicitLocOpBuilder &)> body) {
  memory::emitIf(b, b.getLoc(), condition, [&](OpBuilder &inner) {
    ImplicitLocOpBuilder ib(b.getLoc(), inner);
    body(ib);
  });
}

void tcgen05::fence(ImplicitLocOpBuilder &b, NVVM::Tcgen05FenceKind kind) {
  NVVM::Tcgen05FenceOp::create(b, kind);
}

void tcgen05::proxyFence(ImplicitLocOpBuilder &b) {
  MLIRContext *context = b.getContext();
  NVVM::FenceProxyOp::create(
      b, NVVM::ProxyKindAttr::get(context, NVVM::ProxyKind::async_shared),
      NVVM::SharedSpaceAttr::get(context, NVVM::SharedSpace::shared_cta));
}

tcgen05::Allocation tcgen05::allocate(ImplicitLocOpBuilder &b, Value scratch,
                                      int64_t n, Value mbarrier) {
  Location loc = b.getLoc();
  Allocation allocation;
  allocation.warpZero = LLVM::ICmpOp::create(
      b, LLVM::ICmpPredicate::eq, getWarpId(b, loc), i32Constant(b, loc, 0));
  allocation.threadZero = memory::threadIsZero(b, loc);
  allocation.columns =
      i32Constant(b, loc, std::max<int64_t>(32, llvm::PowerOf2Ceil(n)));
  onThreads(b, allocation.warpZero, [&](ImplicitLocOpBuilder &ib) {
    NVVM::Tcgen05AllocOp::create(ib, scratch, allocation.columns);
  });
  if (mbarrier)
    onThreads(b, allocation.threadZero, [&](ImplicitLocOpBuilder &ib) {
      NVVM::MBarrierInitOp::create(ib, mbarrier, i32Constant(ib, loc, 1),
                                   Value());
      NVVM::FenceMbarrierInitOp::create(ib);
    });
  fence(b, NVVM::Tcgen05FenceKind::BEFORE_THREAD_SYNC);
  NVVM::Barrier0Op::create(b);
  fence(b, NVVM::Tcgen05FenceKind::AFTER_THREAD_SYNC);
  allocation.taddr = LLVM::LoadOp::create(b, b.getI32Type(), scratch);
  return allocation;
}

void tcgen05::deallocate(ImplicitLocOpBuilder &b,
                         const Allocation &allocation) {
  fence(b, NVVM::Tcgen05FenceKind::BEFORE_THREAD_SYNC);
  NVVM::Barrier0Op::create(b);
  onThreads(b, allocation.warpZero, [&](ImplicitLocOpBuilder &ib) {
    NVVM::Tcgen05DeallocOp::create(ib, tensorAddress(ib, allocation.taddr),
                                   allocation.columns);
  });
}

std::pair<Value, Value> tcgen05::descriptorsAt(ImplicitLocOpBuilder &b,
                                               const MmaOperands &ops,
                                               int64_t k0) {
  return {
      matrixDescriptor(b, ops.a, ops.aBase, ops.a.operandOffset(0, k0), true),
      matrixDescriptor(b, ops.b, ops.bBase, ops.b.operandOffset(k0, 0), true)};
}

void tcgen05::issueMmas(ImplicitLocOpBuilder &b, const MmaOperands &ops,
                        Value d, Value firstAccumulates) {
  Value idesc = i32Constant(b, b.getLoc(),
                            int64_t(instructionDescriptor(
                                ops.kind, ops.n, transposeBits(ops.a, ops.b))));
  Value always =
      LLVM::ConstantOp::create(b, b.getI1Type(), b.getBoolAttr(true));
  for (int64_t k0 = 0; k0 < ops.k; k0 += ops.kind.k) {
    auto [descA, descB] = descriptorsAt(b, ops, k0);
    NVVM::Tcgen05MMAOp::create(b, ops.kind.kind, NVVM::CTAGroupKind::CTA_1,
                               NVVM::Tcgen05MMACollectorOp::DISCARD,
                               /*aShift=*/false, d, descA, descB, idesc,
                               k0 ? always : firstAccumulates, Value(),
                               Value());
  }
}

LogicalResult tcgen05::checkTarget(Operation *op, const LoweringState &state) {
  if (targetspec::targetSupports(state.target,
                                 targetspec::InstrFamily::Tcgen05))
    return success();
  return op->emitOpError() << "needs tcgen05.mma, which " << state.target.name()
                           << " lacks (sm_100a/f, sm_103a/f, sm_110a/f)";
}

FailureOr<std::pair<layout::WgmmaOperandPlan, layout::WgmmaOperandPlan>>
tcgen05::operandPlans(Operation *op, nv::SharedMemType a, nv::SharedMemType b) {
  auto plans = sharedOperandPlans(op, a, b);
  if (failed(plans))
    return failure();
  // An MN-major tf32 operand needs the 128-byte swizzle with 32-byte
  // atoms, which our slots never have.
  if (a.getElementType().isF32() &&
      (plans->first.mnMajor || plans->second.mnMajor))
    return op->emitOpError("tcgen05.mma kind::tf32 operands must have K "
                           "contiguous in their slots");
  return plans;
}

LogicalResult tcgen05::checkFp4Slots(Operation *op, nv::SharedMemType a,
                                     nv::SharedMemType b,
                                     const layout::WgmmaOperandPlan &aPlan,
                                     const layout::WgmmaOperandPlan &bPlan) {
  // kind::mxf4 / mxf4nvf4 read both operands K-major only.
  if (packedFp4Slots(a.getElementType(), b.getElementType()) &&
      (aPlan.mnMajor || bPlan.mnMajor))
    return op->emitOpError("tcgen05.mma kind::mxf4 operands (packed FP4) "
                           "must have K contiguous in their slots");
  return success();
}

namespace {

constexpr int64_t kScaleBlockK = nv::DotScaledOp::kScaleBlock;

/// The instruction descriptor of the block-scaled kinds (their own table:
/// no D type; B's scale id at 4..5, the scale type at 23, 1 ue8m0 and 0
/// ue4m3, A's scale id at 29..30) for M 128: A and B e4m3 (0) / e5m2 (1)
/// / e2m1 one a byte (5, an i8 slot beside an FP8 one) for kind::mxf8f6f4,
/// e2m1 (1, i8 slots of packed pairs) for kind::mxf4 and mxf4nvf4.
uint32_t blockScaledDescriptor(Type a, Type b, int64_t n, unsigned id,
                               bool ue8m0, uint32_t transpose) {
  bool pairs = tcgen05::packedFp4Slots(a, b);
  auto code = [&](Type type) {
    if (type.isInteger(8))
      return pairs ? 1u : 5u;
    return isa<Float8E5M2Type>(type) ? 1u : 0u;
  };
  return id << 4 | code(a) << 7 | code(b) << 10 | transpose |
         uint32_t(n >> 3) << 17 | uint32_t(ue8m0) << 23 |
         uint32_t(kM >> 4) << 24 | id << 29;
}

/// The kind and block size of the block-scaled MMAs of `plan` on slots of
/// `a` and `b`: kind::mxf8f6f4 (FP8, or e2m1 one a byte beside FP8),
/// kind::mxf4.block32 (packed FP4, 2X) or kind::mxf4nvf4.block16 (4X).
std::pair<NVVM::MMABlockScaleKind, NVVM::Tcgen05MMABlockScale>
blockScaledKind(Type a, Type b, const Tcgen05ScalePlan &plan) {
  if (!tcgen05::packedFp4Slots(a, b))
    return {NVVM::MMABlockScaleKind::MXF8F6F4,
            NVVM::Tcgen05MMABlockScale::DEFAULT};
  if (plan.perStep == 2)
    return {NVVM::MMABlockScaleKind::MXF4, NVVM::Tcgen05MMABlockScale::BLOCK32};
  return {NVVM::MMABlockScaleKind::MXF4NVF4,
          NVVM::Tcgen05MMABlockScale::BLOCK16};
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

/// This thread's row of D from `address` (i32), handed to `consume`
/// column by column as i32 words: tcgen05.ld 32x32b in power-of-two pieces of
/// at most 32 columns, each followed by its wait, so that only one piece is
/// live beside the accumulator's registers.
void loadRow(ImplicitLocOpBuilder &b, Value address, int64_t columns,
             llvm::function_ref<void(int64_t, Value)> consume) {
  for (int64_t done = 0; done < columns;) {
    int64_t piece =
        std::min<int64_t>(32, llvm::bit_floor(uint64_t(columns - done)));
    auto vector = VectorType::get({piece}, b.getI32Type());
    Value at = tensorAddress(b, address, done);
    Value words = NVVM::Tcgen05LdOp::create(
        b, vector, /*pack=*/false, NVVM::Tcgen05LdStShape::SHAPE_32X32B, at,
        Value());
    NVVM::Tcgen05WaitOp::create(b, NVVM::Tcgen05WaitKind::LOAD);
    for (int64_t i = 0; i < piece; ++i)
      consume(done + i, LLVM::ExtractElementOp::create(
                            b, words, i32Constant(b, b.getLoc(), i)));
    done += piece;
  }
}

/// C + D (D alone where `useC` is false) in C's `registers`: D, read from
/// the allocation at `taddr`, is s32 when `integer`, else f32.
SmallVector<Value> addProduct(ImplicitLocOpBuilder &b, Value taddr,
                              SmallVector<Value> registers,
                              ArrayRef<unsigned> columnRegisters, Value useC,
                              bool integer) {
  tcgen05::loadRows(
      b, taddr, columnRegisters.size(), [&](int64_t j, Value word) {
        unsigned reg = columnRegisters[j];
        Value product =
            integer ? word : LLVM::BitcastOp::create(b, b.getF32Type(), word);
        Value sum =
            integer ? Value(LLVM::AddOp::create(b, registers[reg], product))
                    : Value(LLVM::FAddOp::create(b, registers[reg], product));
        registers[reg] =
            useC ? Value(LLVM::SelectOp::create(b, useC, sum, product)) : sum;
      });
  return registers;
}

/// An error at `op` when `allocated` columns (the accumulator's `n` and
/// the block scales' for `k`) exceed what a CTA has.
LogicalResult checkColumns(Operation *op, int64_t allocated, int64_t n,
                           int64_t k) {
  if (llvm::PowerOf2Ceil(allocated) <= nv::TensorMemType::kMaxColumns)
    return success();
  return op->emitOpError() << "needs " << allocated
                           << " tensor-memory columns (the accumulator's " << n
                           << " and the block scales' for K = " << k
                           << "), more than the 512 a CTA has";
}

} // namespace

void tcgen05::issueBlockScaled(ImplicitLocOpBuilder &b, const MmaOperands &ops,
                               const Tcgen05ScalePlan &plan, Value scaleRegion,
                               Type aElement, Type bElement, Value taddr,
                               Value firstAccumulates) {
  copyTcgen05Scales(b, plan, scaleRegion, taddr);
  Value d = tensorAddress(b, taddr);
  Value always =
      LLVM::ConstantOp::create(b, b.getI1Type(), b.getBoolAttr(true));
  auto [kind, blockSize] = blockScaledKind(aElement, bElement, plan);
  for (int64_t step = 0; step < plan.steps; ++step) {
    // 32 slot bytes a step: 32 FP8 (or e2m1 one a byte) or 64 packed FP4
    // elements.
    int64_t k0 = step * kScaleBlockK;
    unsigned id = plan.scaleId(step);
    Value idesc = i32Constant(
        b, b.getLoc(),
        int64_t(blockScaledDescriptor(aElement, bElement, ops.n, id, plan.ue8m0,
                                      tcgen05::transposeBits(ops.a, ops.b))));
    auto [descA, descB] = tcgen05::descriptorsAt(b, ops, k0);
    NVVM::Tcgen05MMABlockScaleOp::create(
        b, kind, NVVM::CTAGroupKind::CTA_1, blockSize,
        NVVM::Tcgen05MMACollectorOp::DISCARD, d, descA, descB, idesc,
        step ? always : firstAccumulates,
        tensorAddress(b, taddr, plan.aColumnOf(step)),
        tensorAddress(b, taddr, plan.bColumnOf(step)));
  }
}

Value tcgen05::stageScales(ImplicitLocOpBuilder &b,
                           const Tcgen05ScalePlan &plan, Value region,
                           ValueRange scales, TypeRange scaleTypes) {
  storeTcgen05Scales(b, plan, region, scales[0],
                     cast<RankedTensorType>(scaleTypes[0]), scales[1],
                     cast<RankedTensorType>(scaleTypes[1]));
  proxyFence(b);
  return region;
}

void tcgen05::loadRows(ImplicitLocOpBuilder &b, Value taddr, int64_t columns,
                       llvm::function_ref<void(int64_t, Value)> consume) {
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
      b, taddr, LLVM::AddOp::create(b, rowOffset, columnOffset));
  loadRow(b, address, columns, consume);
}

FailureOr<SmallVector<unsigned>>
tcgen05::accumulatorColumns(Operation *op, RankedTensorType accType) {
  int64_t n = accType.getDimSize(1);
  unsigned warpgroups =
      cast<nv::BlockedEncodingAttr>(accType.getEncoding()).getWarpsPerCTA()[1];
  layout::LinearLayout acc = getLayout(accType);
  if (accType.getDimSize(0) != kM ||
      !hasTensorMemoryThreads(acc, n, warpgroups))
    return op->emitOpError("accumulator layout is not tensor memory's: ")
           << acc.str();
  SmallVector<unsigned> columnRegisters;
  for (int64_t j = 0; j < n / warpgroups; ++j) {
    std::optional<unsigned> reg = acc.findRegister({0, j});
    if (!reg)
      return op->emitOpError("no accumulator register holds (0, ") << j << ")";
    columnRegisters.push_back(*reg);
  }
  return columnRegisters;
}

Value lowering::tensorAddress(ImplicitLocOpBuilder &b, Value taddr,
                              int64_t offset) {
  Value sum =
      offset ? LLVM::AddOp::create(b, taddr, i32Constant(b, b.getLoc(), offset))
                   .getResult()
             : taddr;
  return LLVM::IntToPtrOp::create(
      b, LLVM::LLVMPointerType::get(b.getContext(), 6), sum);
}

LogicalResult lowering::lowerTcgen05Dot(nv::WarpgroupDotOp op, Value aBuffer,
                                        Value aSlot, Value bBuffer, Value bSlot,
                                        Value c, Value useC, ValueRange scales,
                                        ConversionPatternRewriter &rewriter,
                                        const TileTypeConverter &tiles,
                                        LoweringState &state) {
  if (failed(tcgen05::checkTarget(op, state)))
    return failure();
  nv::SharedMemType aType = op.getASlotType();
  auto plans = tcgen05::operandPlans(op, aType, op.getB().getType());
  if (failed(plans))
    return failure();
  if (!scales.empty() &&
      failed(tcgen05::checkFp4Slots(op, aType, op.getB().getType(),
                                    plans->first, plans->second)))
    return failure();
  auto accType = cast<RankedTensorType>(op.getType());
  int64_t n = accType.getDimSize(1);
  FailureOr<SmallVector<unsigned>> columnRegisters =
      tcgen05::accumulatorColumns(op, accType);
  if (failed(columnRegisters))
    return failure();

  int64_t k = aType.getTileShape()[1];
  std::optional<Tcgen05ScalePlan> scalePlan;
  if (!scales.empty()) {
    auto sa = cast<RankedTensorType>(op.getScales()[0].getType());
    scalePlan =
        Tcgen05ScalePlan::get(n, k, sa.getDimSize(1), sa.getElementType());
  }
  int64_t allocated = scalePlan ? scalePlan->columns : n;
  // The message counts K in elements: i8 slots with scales hold FP4 pairs.
  bool pairs = tcgen05::packedFp4Slots(aType.getElementType(),
                                       op.getB().getType().getElementType());
  int64_t kElements = scalePlan && pairs ? 2 * k : k;
  if (failed(checkColumns(op, allocated, n, kElements)))
    return failure();

  ImplicitLocOpBuilder b(op.getLoc(), rewriter);
  Type stored = tiles.convertElementType(aType.getElementType());
  Value aBase = sharedSlotBase(b, aBuffer, aSlot, aType, stored);
  Value bBase = sharedSlotBase(b, bBuffer, bSlot, op.getB().getType(), stored);
  if (op.getProxyFence())
    tcgen05::proxyFence(b);
  // The slots are written and nobody uses the scratch any more (a barrier
  // the barrier analysis keeps: it does not see tcgen05.alloc's write).
  NVVM::Barrier0Op::create(b);
  // tcgen05.alloc's address and the mbarrier, then the scales' copy blocks.
  Value scratch = state.scratch.getBuffer(
      b, b.getLoc(), 128 + (scalePlan ? scalePlan->sharedBytes : 0));
  Value scaleRegion;
  if (scalePlan)
    scaleRegion = tcgen05::stageScales(
        b, *scalePlan,
        LLVM::GEPOp::create(b, scratch.getType(), b.getI8Type(), scratch,
                            ArrayRef<LLVM::GEPArg>{128}),
        scales, op.getScales().getTypes());
  Value mbarrier = LLVM::GEPOp::create(b, scratch.getType(), b.getI8Type(),
                                       scratch, ArrayRef<LLVM::GEPArg>{8});
  tcgen05::Allocation tm = tcgen05::allocate(b, scratch, allocated, mbarrier);
  tcgen05::MmaOperands operands{
      plans->first,
      plans->second,
      aBase,
      bBase,
      k,
      n,
      tcgen05::kindOf(aType.getElementType(),
                      op.getB().getType().getElementType(), op.getSignednessA(),
                      op.getSignednessB())};
  // Thread 0 issues the MMAs (and the scale copies) and commits them to
  // the mbarrier; every thread waits (phase 0).
  Location loc = b.getLoc();
  tcgen05::onThreads(b, tm.threadZero, [&](ImplicitLocOpBuilder &ib) {
    Value first =
        LLVM::ConstantOp::create(ib, ib.getI1Type(), ib.getBoolAttr(false));
    if (scalePlan)
      tcgen05::issueBlockScaled(
          ib, operands, *scalePlan, scaleRegion, aType.getElementType(),
          op.getB().getType().getElementType(), tm.taddr, first);
    else
      tcgen05::issueMmas(ib, operands, tensorAddress(ib, tm.taddr), first);
    NVVM::Tcgen05CommitOp::create(ib, mbarrier, Value());
  });
  NVVM::MBarrierTryWaitParityOp::create(b, mbarrier, i32Constant(b, loc, 0),
                                        i32Constant(b, loc, 10000000));
  tcgen05::fence(b, NVVM::Tcgen05FenceKind::AFTER_THREAD_SYNC);
  SmallVector<Value> registers =
      addProduct(b, tm.taddr, unpackTile(b, b.getLoc(), c), *columnRegisters,
                 useC, /*integer=*/!scalePlan && operands.kind.dType == 2);
  // After every thread's loads: warp 0 frees the columns, thread 0
  // invalidates the mbarrier.
  tcgen05::deallocate(b, tm);
  tcgen05::onThreads(b, tm.threadZero, [&](ImplicitLocOpBuilder &ib) {
    NVVM::MBarrierInvalOp::create(ib, mbarrier);
  });
  rewriter.replaceOp(
      op, packTile(b, b.getLoc(), tiles.convertType(accType), registers));
  return success();
}
