//===- TmaOps.cpp - TMA copies and mbarriers ------------------------------===//
//
// tma_copy: thread 0 expects the slot's bytes (or `arrive_bytes`, those of
// all the copies of a phase) on the slot's mbarrier, arrives, and issues one
// cp.async.bulk.tensor per box (a segmented buffer holds one box per
// segment, one after another); the copies complete the transactions.
// tma_copy_out: fence.proxy.async, a CTA barrier, thread 0 copies the slot
// out box by box, commits and waits until the slot has been read, then a
// CTA barrier. mbarrier_init: thread 0 initializes each slot and fences the
// initialization, then a CTA barrier. mbarrier_wait: try_wait.parity in a
// loop, then a CTA barrier. mbarrier_inval: a CTA barrier, then thread 0
// invalidates each slot. These barriers order the asynchronous proxy, which
// the barrier analysis does not see, so they are not marked as removable.
//
//===----------------------------------------------------------------------===//

#include "TileToLLVM/MemoryUtils.h"

using namespace mlir;
using namespace tileiras;
using namespace tileiras::lowering;
using namespace tileiras::lowering::memory;
namespace nv = tileiras::nv_tileaa;

namespace {

/// The mbarrier of `slot` in the lowered barrier buffer `base`.
Value barrierAddress(ImplicitLocOpBuilder &b, Value base, Value slot) {
  return sharedElementAddress(b, b.getLoc(), base, b.getI64Type(), slot);
}

/// Calls `copy` for every TMA box of slot `base` of a buffer of `type`:
/// the box's shared address and its coordinates, innermost first (a
/// segmented buffer holds one box per segment, one after another).
void forEachBox(ImplicitLocOpBuilder &b, nv::SharedMemType type, Type stored,
                Value base, ValueRange coordinates,
                llvm::function_ref<void(Value, ValueRange)> copy) {
  auto encoding = cast<nv::SwizzledSharedEncodingAttr>(type.getEncoding());
  int64_t rows = type.getTileShape()[0], columns = type.getTileShape()[1];
  int64_t boxColumns = encoding.getSegment() ? encoding.getSegment() : columns;
  for (int64_t box = 0; box * boxColumns < columns; ++box) {
    Value address = sharedElementAddress(
        b, b.getLoc(), base, stored,
        i32Constant(b, b.getLoc(), box * boxColumns * rows));
    Value column = LLVM::AddOp::create(
        b, coordinates[1], i32Constant(b, b.getLoc(), box * boxColumns));
    copy(address, ValueRange{column, coordinates[0]});
  }
}

/// Thread 0 calls `body` with the address of every slot's mbarrier, then
/// `after` (when given).
void forEachBarrierOnThreadZero(
    ImplicitLocOpBuilder &b, Value barriers, int64_t slots,
    llvm::function_ref<void(ImplicitLocOpBuilder &, Value)> body,
    llvm::function_ref<void(ImplicitLocOpBuilder &)> after = nullptr) {
  emitIf(b, b.getLoc(), threadIsZero(b, b.getLoc()), [&](OpBuilder &inner) {
    ImplicitLocOpBuilder ib(b.getLoc(), inner);
    for (int64_t slot = 0; slot < slots; ++slot)
      body(ib,
           barrierAddress(ib, barriers, i32Constant(ib, ib.getLoc(), slot)));
    if (after)
      after(ib);
  });
}

/// The CTA barrier after an mbarrier op; not a shared-memory fence the
/// barrier analysis may remove.
void ctaBarrier(ImplicitLocOpBuilder &b) { NVVM::Barrier0Op::create(b); }

struct TmaCopyLowering : public ConvertOpToLLVMPattern<nv::TmaCopyOp> {
  TmaCopyLowering(TileTypeConverter &converter)
      : ConvertOpToLLVMPattern(converter), converter(converter) {}

  LogicalResult
  matchAndRewrite(nv::TmaCopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    nv::SharedMemType type = op.getBuffer().getType();
    Type stored = converter.convertElementType(type.getElementType());
    int64_t bytes =
        type.getTileElements() * int64_t(sharedElementBytes(stored));
    Value slot = adaptor.getSlot();
    Value base = slotAddress(b, adaptor.getBuffer(), stored, type, slot);
    Value barrier = barrierAddress(b, adaptor.getBarriers(), slot);
    Value issue = threadIsZero(b, b.getLoc());
    if (Value pred = adaptor.getPred())
      issue = LLVM::AndOp::create(b, issue, pred);
    int64_t expect = op.getArriveBytes().value_or(bytes);
    emitIf(b, op.getLoc(), issue, [&](OpBuilder &inner) {
      ImplicitLocOpBuilder ib(op.getLoc(), inner);
      if (expect > 0)
        NVVM::MBarrierArriveExpectTxOp::create(
            ib, Type(), barrier, i32Constant(ib, ib.getLoc(), expect),
            NVVM::MemScopeKindAttr(), BoolAttr(), Value());
      forEachBox(ib, type, stored, base, adaptor.getCoordinates(),
                 [&](Value address, ValueRange coordinates) {
                   // The CTA's own shared memory, as shared::cluster.
                   Value destination = LLVM::AddrSpaceCastOp::create(
                       ib, LLVM::LLVMPointerType::get(ib.getContext(), 7),
                       address);
                   NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
                       ib, destination, adaptor.getMap(), coordinates, barrier,
                       ValueRange{}, Value(), Value(), NVVM::TMALoadMode::TILE,
                       /*isCTAOnly=*/false, NVVM::CTAGroupKindAttr(), Value());
                 });
    });
    rewriter.eraseOp(op);
    return success();
  }

  TileTypeConverter &converter;
};

struct TmaCopyOutLowering : public ConvertOpToLLVMPattern<nv::TmaCopyOutOp> {
  TmaCopyOutLowering(TileTypeConverter &converter)
      : ConvertOpToLLVMPattern(converter), converter(converter) {}

  LogicalResult
  matchAndRewrite(nv::TmaCopyOutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    MLIRContext *context = op.getContext();
    nv::SharedMemType type = op.getBuffer().getType();
    Type stored = converter.convertElementType(type.getElementType());
    Value base =
        slotAddress(b, adaptor.getBuffer(), stored, type, adaptor.getSlot());
    // Every thread's st.shared must be visible to the asynchronous proxy
    // before the copy reads them.
    NVVM::FenceProxyOp::create(
        b, NVVM::ProxyKindAttr::get(context, NVVM::ProxyKind::async_shared),
        NVVM::SharedSpaceAttr::get(context, NVVM::SharedSpace::shared_cta));
    ctaBarrier(b);
    emitIf(b, op.getLoc(), threadIsZero(b, b.getLoc()), [&](OpBuilder &inner) {
      ImplicitLocOpBuilder ib(op.getLoc(), inner);
      forEachBox(ib, type, stored, base, adaptor.getCoordinates(),
                 [&](Value address, ValueRange coordinates) {
                   NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp::create(
                       ib, adaptor.getMap(), address, coordinates, Value(),
                       NVVM::TMAStoreMode::TILE, Value());
                 });
      NVVM::CpAsyncBulkCommitGroupOp::create(ib);
      // The slot may be written again once the copies have read it.
      NVVM::CpAsyncBulkWaitGroupOp::create(ib, ib.getI32IntegerAttr(0),
                                           ib.getUnitAttr());
    });
    ctaBarrier(b);
    rewriter.eraseOp(op);
    return success();
  }

  TileTypeConverter &converter;
};

struct MBarrierInitLowering
    : public ConvertOpToLLVMPattern<nv::MBarrierInitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(nv::MBarrierInitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    int64_t slots = op.getBarriers().getType().getNumSlots();
    Value count = i32Constant(b, b.getLoc(), op.getCount());
    // One fence after all the inits orders them for the asynchronous
    // proxy; the barrier makes them visible to the other threads.
    forEachBarrierOnThreadZero(
        b, adaptor.getBarriers(), slots,
        [&](ImplicitLocOpBuilder &ib, Value barrier) {
          NVVM::MBarrierInitOp::create(ib, barrier, count, Value());
        },
        [](ImplicitLocOpBuilder &ib) {
          NVVM::FenceMbarrierInitOp::create(ib);
        });
    ctaBarrier(b);
    rewriter.eraseOp(op);
    return success();
  }
};

struct MBarrierWaitLowering
    : public ConvertOpToLLVMPattern<nv::MBarrierWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(nv::MBarrierWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    Value barrier = barrierAddress(b, adaptor.getBarriers(), adaptor.getSlot());
    // The suspend-time hint CUTLASS uses (ns); the loop retries anyway.
    NVVM::MBarrierTryWaitParityOp::create(b, barrier, adaptor.getPhase(),
                                          i32Constant(b, b.getLoc(), 10000000));
    ctaBarrier(b);
    rewriter.eraseOp(op);
    return success();
  }
};

struct MBarrierInvalLowering
    : public ConvertOpToLLVMPattern<nv::MBarrierInvalOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(nv::MBarrierInvalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    int64_t slots = op.getBarriers().getType().getNumSlots();
    ctaBarrier(b);
    forEachBarrierOnThreadZero(b, adaptor.getBarriers(), slots,
                               [&](ImplicitLocOpBuilder &ib, Value barrier) {
                                 NVVM::MBarrierInvalOp::create(ib, barrier);
                               });
    rewriter.eraseOp(op);
    return success();
  }
};

/// tma_load reaches the conversion only from hand-written pipelines that
/// skip tileaa-pipeline, which gives it its buffer and barriers.
struct TmaLoadLowering : public ConvertOpToLLVMPattern<nv::TmaLoadOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult matchAndRewrite(nv::TmaLoadOp op, OpAdaptor,
                                ConversionPatternRewriter &) const override {
    return op.emitOpError("must be given a shared buffer by tileaa-pipeline "
                          "before the conversion to LLVM");
  }
};

/// Likewise for tma_store, which tileaa-pipeline gives its staging buffer.
struct TmaStoreLowering : public ConvertOpToLLVMPattern<nv::TmaStoreOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult matchAndRewrite(nv::TmaStoreOp op, OpAdaptor,
                                ConversionPatternRewriter &) const override {
    return op.emitOpError("must be given a staging buffer by tileaa-pipeline "
                          "before the conversion to LLVM");
  }
};

} // namespace

void memory::populateTmaOpPatterns(TileTypeConverter &converter,
                                   RewritePatternSet &patterns) {
  patterns.add<TmaCopyLowering, TmaCopyOutLowering>(converter);
  patterns.add<MBarrierInitLowering, MBarrierWaitLowering,
               MBarrierInvalLowering, TmaLoadLowering, TmaStoreLowering>(
      converter);
}
