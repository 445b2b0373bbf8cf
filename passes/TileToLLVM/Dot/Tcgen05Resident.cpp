//===- Tcgen05Resident.cpp - a tcgen05 accumulator kept in tensor memory --===//
//
// tileaa-warpgroup-dots keeps the accumulator of a tcgen05 dot that
// accumulates across a loop in tensor memory:
//
//   tmem_alloc    barrier; warp 0 allocates the columns (tcgen05.alloc
//                 into scratch); fence, barrier, fence; every thread reads
//                 the address.
//   tmem_dot      (each iteration) proxy fence where asked; the block
//                 scales into scratch (fenced) when scaled; barrier;
//                 thread 0 copies the scales into the columns after the
//                 tile's (tcgen05.cp) and issues one m128nNkK per K step, the
//                 first accumulating unless the count is 0, and commits them to
//                 the op's mbarrier; every thread waits for the phase of
//                 the count's parity.
//   tmem_load     every thread reads its row (tcgen05.ld 32x32b).
//   tmem_dealloc  fence, barrier; warp 0 frees the columns.
//
// Unlike the synchronous warpgroup_dot (Tcgen05.cpp), nothing is
// allocated, read back or added in registers per iteration.
//
//===----------------------------------------------------------------------===//

#include "TileToLLVM/Dot/Tcgen05Common.h"
#include "TileToLLVM/MemoryUtils.h"

#include "mlir/IR/ImplicitLocOpBuilder.h"

using namespace mlir;
using namespace tileiras;
using namespace tileiras::lowering;
namespace nv = tileiras::nv_tileaa;
namespace tcgen05 = tileiras::lowering::tcgen05;

namespace {

/// The block scales' plan of a scaled tmem_dot.
Tcgen05ScalePlan scalePlanOf(nv::TmemDotOp dot) {
  auto scales = cast<RankedTensorType>(dot.getScales()[0].getType());
  return Tcgen05ScalePlan::get(dot.getAcc().getType().getColumns(),
                               dot.getA().getType().getTileShape()[1],
                               scales.getDimSize(1), scales.getElementType());
}

/// The columns the tile `alloc` makes needs: its own, and after them the
/// scales of a block-scaled tmem_dot on it.
int64_t neededColumns(nv::TmemAllocOp alloc) {
  int64_t columns = alloc.getType().getColumns();
  for (Operation *user : alloc->getUsers())
    if (auto dot = dyn_cast<nv::TmemDotOp>(user);
        dot && !dot.getScales().empty())
      columns = std::max(columns, scalePlanOf(dot).columns);
  return columns;
}

/// The columns `alloc` allocates and who manages them, for `taddr`.
tcgen05::Allocation allocationOf(ImplicitLocOpBuilder &b, nv::TmemAllocOp alloc,
                                 Value taddr) {
  Location loc = b.getLoc();
  tcgen05::Allocation allocation;
  allocation.warpZero = LLVM::ICmpOp::create(
      b, LLVM::ICmpPredicate::eq, getWarpId(b, loc), i32Constant(b, loc, 0));
  allocation.columns = i32Constant(
      b, loc, std::max<int64_t>(32, llvm::PowerOf2Ceil(neededColumns(alloc))));
  allocation.taddr = taddr;
  return allocation;
}

/// The mbarrier of `barriers` (one or two of them, `type`) that tmem_dot
/// number `step` commits to: step mod the number of mbarriers.
Value stepBarrier(ImplicitLocOpBuilder &b, Value barriers,
                  nv::SharedMemType type, Value step) {
  if (type.getNumSlots() == 1)
    return barriers;
  Value slot = LLVM::AndOp::create(b, step, i32Constant(b, b.getLoc(), 1));
  return memory::slotAddress(b, barriers, b.getI64Type(), type, slot);
}

/// Every thread waits until tmem_dot number `step` (i32) is complete: the
/// phase (step / number of mbarriers) of its mbarrier, by parity.
void waitForStep(ImplicitLocOpBuilder &b, Value barriers,
                 nv::SharedMemType type, Value step) {
  Location loc = b.getLoc();
  Value phase = type.getNumSlots() == 1
                    ? step
                    : LLVM::LShrOp::create(b, step, i32Constant(b, loc, 1));
  Value parity = LLVM::AndOp::create(b, phase, i32Constant(b, loc, 1));
  NVVM::MBarrierTryWaitParityOp::create(b, stepBarrier(b, barriers, type, step),
                                        parity, i32Constant(b, loc, 10000000));
}

/// waitForStep of step `count` - 1 where `count` is positive.
void waitForPrevious(ImplicitLocOpBuilder &b, Value barriers,
                     nv::SharedMemType type, Value count) {
  Location loc = b.getLoc();
  Value positive = LLVM::ICmpOp::create(b, LLVM::ICmpPredicate::sgt, count,
                                        i32Constant(b, loc, 0));
  tcgen05::onThreads(b, positive, [&](ImplicitLocOpBuilder &ib) {
    waitForStep(ib, barriers, type,
                LLVM::SubOp::create(ib, count, i32Constant(ib, loc, 1)));
  });
}

template <typename Op>
struct TensorMemoryPattern : public ConvertOpToLLVMPattern<Op> {
  TensorMemoryPattern(TileTypeConverter &converter, LoweringState &state)
      : ConvertOpToLLVMPattern<Op>(converter), tiles(converter), state(state) {}

  const TileTypeConverter &tiles;
  LoweringState &state;
};

struct TmemAllocLowering : public TensorMemoryPattern<nv::TmemAllocOp> {
  using TensorMemoryPattern::TensorMemoryPattern;

  LogicalResult
  matchAndRewrite(nv::TmemAllocOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(tcgen05::checkTarget(op, state)))
      return failure();
    int64_t columns = neededColumns(op);
    if (llvm::PowerOf2Ceil(columns) > nv::TensorMemType::kMaxColumns)
      return op.emitOpError()
             << "needs " << columns << " tensor-memory columns (the tile's "
             << op.getType().getColumns()
             << " and its block scales'), more than the "
             << nv::TensorMemType::kMaxColumns << " a CTA has";
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    // Nobody uses the scratch any more (a barrier the barrier analysis
    // keeps: it does not see tcgen05.alloc's write).
    NVVM::Barrier0Op::create(b);
    Value scratch = state.scratch.getBuffer(b, b.getLoc(), 4);
    tcgen05::Allocation allocation =
        tcgen05::allocate(b, scratch, columns, /*mbarrier=*/Value());
    rewriter.replaceOp(op, allocation.taddr);
    return success();
  }
};

struct TmemDeallocLowering : public TensorMemoryPattern<nv::TmemDeallocOp> {
  using TensorMemoryPattern::TensorMemoryPattern;

  LogicalResult
  matchAndRewrite(nv::TmemDeallocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto alloc = op.getAcc().getDefiningOp<nv::TmemAllocOp>();
    if (!alloc)
      return op.emitOpError("frees a tile that no tmem_alloc made");
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    tcgen05::deallocate(b, allocationOf(b, alloc, adaptor.getAcc()));
    rewriter.eraseOp(op);
    return success();
  }
};

struct TmemDotLowering : public TensorMemoryPattern<nv::TmemDotOp> {
  using TensorMemoryPattern::TensorMemoryPattern;

  LogicalResult
  matchAndRewrite(nv::TmemDotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(tcgen05::checkTarget(op, state)))
      return failure();
    nv::SharedMemType aType = op.getA().getType(), bType = op.getB().getType();
    auto plans = tcgen05::operandPlans(op, aType, bType);
    if (failed(plans))
      return failure();
    if (!op.getScales().empty() &&
        failed(tcgen05::checkFp4Slots(op, aType, bType, plans->first,
                                      plans->second)))
      return failure();
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    Location loc = b.getLoc();
    Type stored = tiles.convertElementType(aType.getElementType());
    tcgen05::MmaOperands operands{
        plans->first,
        plans->second,
        sharedSlotBase(b, adaptor.getA(), adaptor.getSlotA(), aType, stored),
        sharedSlotBase(b, adaptor.getB(), adaptor.getSlotB(), bType, stored),
        aType.getTileShape()[1],
        op.getAcc().getType().getColumns(),
        tcgen05::kindOf(aType.getElementType(), bType.getElementType(),
                        op.getSignednessA(), op.getSignednessB())};
    if (op.getProxyFence())
      tcgen05::proxyFence(b);
    // The scales' copy blocks, for thread 0's tcgen05.cp after the barrier.
    std::optional<Tcgen05ScalePlan> plan;
    Value scaleRegion;
    if (!op.getScales().empty()) {
      plan = scalePlanOf(op);
      NVVM::Barrier0Op::create(b); // nobody uses the scratch any more
      scaleRegion = tcgen05::stageScales(
          b, *plan, state.scratch.getBuffer(b, loc, plan->sharedBytes),
          adaptor.getScales(), op.getScales().getTypes());
    }
    // Every thread's writes into the slots (and its fence) come first.
    NVVM::Barrier0Op::create(b);
    Value count = adaptor.getCount();
    nv::SharedMemType barrierType = op.getMbarrier().getType();
    // This op's mbarrier: count mod the number of steps in flight.
    Value mbarrier = stepBarrier(b, adaptor.getMbarrier(), barrierType, count);
    Value taddr = adaptor.getAcc();
    tcgen05::onThreads(
        b, memory::threadIsZero(b, loc), [&](ImplicitLocOpBuilder &ib) {
          tcgen05::fence(ib, NVVM::Tcgen05FenceKind::AFTER_THREAD_SYNC);
          Value accumulate = LLVM::ICmpOp::create(
              ib, LLVM::ICmpPredicate::ne, count, i32Constant(ib, loc, 0));
          if (plan)
            tcgen05::issueBlockScaled(
                ib, operands, *plan, scaleRegion, aType.getElementType(),
                bType.getElementType(), taddr, accumulate);
          else
            tcgen05::issueMmas(ib, operands, tensorAddress(ib, taddr),
                               accumulate);
          NVVM::Tcgen05CommitOp::create(ib, mbarrier, Value());
        });
    // Pending: the previous op's MMAs, so that their slots may be written
    // in the next iteration; otherwise this op's.
    if (op.getPending())
      waitForPrevious(b, adaptor.getMbarrier(), barrierType, count);
    else
      waitForStep(b, adaptor.getMbarrier(), barrierType, count);
    tcgen05::fence(b, NVVM::Tcgen05FenceKind::AFTER_THREAD_SYNC);
    rewriter.eraseOp(op);
    return success();
  }
};

struct TmemWaitLowering : public TensorMemoryPattern<nv::TmemWaitOp> {
  using TensorMemoryPattern::TensorMemoryPattern;

  LogicalResult
  matchAndRewrite(nv::TmemWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    waitForPrevious(b, adaptor.getMbarrier(), op.getMbarrier().getType(),
                    adaptor.getCount());
    tcgen05::fence(b, NVVM::Tcgen05FenceKind::AFTER_THREAD_SYNC);
    rewriter.eraseOp(op);
    return success();
  }
};

struct TmemLoadLowering : public TensorMemoryPattern<nv::TmemLoadOp> {
  using TensorMemoryPattern::TensorMemoryPattern;

  LogicalResult
  matchAndRewrite(nv::TmemLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    FailureOr<SmallVector<unsigned>> columns =
        tcgen05::accumulatorColumns(op, type);
    if (failed(columns))
      return failure();
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    bool integer = type.getElementType().isInteger(32);
    SmallVector<Value> registers(columns->size());
    tcgen05::loadRows(
        b, adaptor.getAcc(), columns->size(), [&](int64_t j, Value word) {
          registers[(*columns)[j]] =
              integer ? word : LLVM::BitcastOp::create(b, b.getF32Type(), word);
        });
    rewriter.replaceOp(
        op, packTile(b, b.getLoc(), tiles.convertType(type), registers));
    return success();
  }
};

} // namespace

void lowering::populateTensorMemoryPatterns(TileTypeConverter &converter,
                                            RewritePatternSet &patterns,
                                            LoweringState &state) {
  patterns.add<TmemAllocLowering, TmemDeallocLowering, TmemDotLowering,
               TmemWaitLowering, TmemLoadLowering>(converter, state);
}
