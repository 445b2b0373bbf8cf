//===- SharedMemoryOps.cpp - buffers, cp.async and reads of slots ---------===//
//
// local_alloc is an offset in the function's shared buffer (planned before
// the conversion, SharedScratch::planAllocations). async_copy becomes one
// cp.async per vector of registers: the destination offset of every
// register comes from invertAndCompose of the pointer tile's layout with
// the buffer's swizzled layout, the vector width from what both the global
// side (axis info) and the shared side allow, and a false mask element
// becomes src-size 0, which zero-fills. async_wait is cp.async.wait_group
// followed by a CTA barrier. local_load reads a slot with ldmatrix where
// the result layout allows it (loadFromShared); local_store writes one with
// stmatrix or the widest vectors both layouts allow (storeToShared).
//
//===----------------------------------------------------------------------===//

#include "TileToLLVM/MemoryUtils.h"
#include "tileiras/Layout/SharedLayouts.h"
#include "tileiras/TargetSpec/InstructionFamily.h"

#include "mlir/IR/ImplicitLocOpBuilder.h"

using namespace mlir;
using namespace tileiras;
using namespace tileiras::lowering;
using namespace tileiras::lowering::memory;
namespace nv = tileiras::nv_tileaa;
using layout::InDim;
using layout::LinearLayout;

namespace {

LinearLayout sharedLayoutOf(nv::SharedMemType type) {
  auto encoding = cast<nv::SwizzledSharedEncodingAttr>(type.getEncoding());
  return layout::swizzledSharedLayout(
      type.getTileShape(), encoding.getOrder(), encoding.getVec(),
      encoding.getPerPhase(), encoding.getMaxPhase(), encoding.getSegment());
}

struct LocalAllocLowering : public ConvertOpToLLVMPattern<nv::LocalAllocOp> {
  LocalAllocLowering(TileTypeConverter &converter, LoweringState &state)
      : ConvertOpToLLVMPattern(converter), state(state) {}

  LogicalResult
  matchAndRewrite(nv::LocalAllocOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(
        op, state.scratch.allocationAddress(rewriter, op.getLoc(), op));
    return success();
  }

  LoweringState &state;
};

struct AsyncCopyLowering : public ConvertOpToLLVMPattern<nv::AsyncCopyOp> {
  AsyncCopyLowering(TileTypeConverter &converter, LoweringState &state,
                    std::shared_ptr<VectorPlan> plan)
      : ConvertOpToLLVMPattern(converter), converter(converter), state(state),
        plan(std::move(plan)) {}

  LogicalResult
  matchAndRewrite(nv::AsyncCopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!targetspec::targetSupports(state.target,
                                    targetspec::InstrFamily::CpAsync))
      return op.emitOpError() << "needs cp.async, which " << state.target.name()
                              << " lacks (sm_80+)";
    nv::SharedMemType type = op.getBuffer().getType();
    auto pointerTile = cast<RankedTensorType>(op.getPtr().getType());
    if (op.getMask() &&
        op.getMask().getType().getEncoding() != pointerTile.getEncoding())
      return op.emitOpError("mask must have the pointers' layout");
    Type stored = converter.convertElementType(type.getElementType());
    unsigned bytes = unsigned(sharedElementBytes(stored));
    LinearLayout source = getLayout(pointerTile);
    std::optional<LinearLayout> offsets =
        layout::invertAndCompose(source, sharedLayoutOf(type));
    if (!offsets)
      return op.emitOpError("the pointer layout does not cover the slot");
    VectorAccess access = plan->lookup(op);
    unsigned width = std::min(
        access.width, layout::sharedVectorElements(*offsets, 16 / bytes));
    unsigned copyBytes = width * bytes;
    if (copyBytes < 4)
      return op.emitOpError()
             << "copies " << copyBytes
             << " bytes per access, cp.async needs 4, 8 or 16 (nv_tileaa."
                "assume can state that the addresses are contiguous and "
                "aligned)";
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    emitCopies(b, adaptor, type, stored, source, *offsets, width, copyBytes,
               access.prefixMask);
    rewriter.eraseOp(op);
    return success();
  }

  void emitCopies(ImplicitLocOpBuilder &b, OpAdaptor adaptor,
                  nv::SharedMemType type, Type stored,
                  const LinearLayout &source, const LinearLayout &offsets,
                  unsigned width, unsigned copyBytes, bool prefixMask) const {
    Value base =
        slotAddress(b, adaptor.getBuffer(), stored, type, adaptor.getSlot());
    Value thread =
        sharedThreadOffset(b, offsets, offsets.getBases(InDim::Lane));
    SmallVector<Value> pointers = unpackTile(b, b.getLoc(), adaptor.getPtr());
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackTile(b, b.getLoc(), adaptor.getMask());
    SmallVector<bool> first = firstCopyRegisters(source);
    // .cg (L2 only) exists for 16-byte copies; smaller ones cache in L1.
    auto cache = copyBytes == 16 ? NVVM::LoadCacheModifierKind::CG
                                 : NVVM::LoadCacheModifierKind::CA;
    Value full = i32Constant(b, b.getLoc(), copyBytes);
    Value none = i32Constant(b, b.getLoc(), 0);
    for (unsigned reg = 0; reg < pointers.size(); reg += width) {
      if (!first[reg])
        continue; // another register of this thread copies these elements
      Value destination = sharedRegisterAddress(
          b, base, stored, thread, offsets.applyPart(InDim::Register, reg)[0]);
      Value sourceSize;
      // An aligned part of a prefix-masked group is prefix-masked too.
      if (prefixMask && !masks.empty())
        sourceSize = prefixBytes(b, ArrayRef(masks).slice(reg, width),
                                 copyBytes / width);
      else if (!masks.empty())
        sourceSize = LLVM::SelectOp::create(b, masks[reg], full, none);
      NVVM::CpAsyncOp::create(
          b, destination, pointers[reg], b.getI32IntegerAttr(copyBytes),
          NVVM::LoadCacheModifierKindAttr::get(b.getContext(), cache),
          sourceSize);
    }
  }

  /// Bytes of a group whose mask is true on a prefix: the true elements
  /// times the element size.
  static Value prefixBytes(ImplicitLocOpBuilder &b, ArrayRef<Value> masks,
                           unsigned elementBytes) {
    Value each = i32Constant(b, b.getLoc(), elementBytes);
    Value zero = i32Constant(b, b.getLoc(), 0);
    Value total = LLVM::SelectOp::create(b, masks.front(), each, zero);
    for (Value mask : masks.drop_front())
      total = LLVM::AddOp::create(b, total,
                                  LLVM::SelectOp::create(b, mask, each, zero));
    return total;
  }

  TileTypeConverter &converter;
  LoweringState &state;
  std::shared_ptr<VectorPlan> plan;
};

struct AsyncCommitLowering : public ConvertOpToLLVMPattern<nv::AsyncCommitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(nv::AsyncCommitOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncCommitGroupOp>(op);
    return success();
  }
};

struct AsyncWaitLowering : public ConvertOpToLLVMPattern<nv::AsyncWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(nv::AsyncWaitOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::CpAsyncWaitGroupOp::create(rewriter, op.getLoc(), op.getPending());
    // The wait covers this thread's copies; the barrier makes every
    // thread's visible to all and ends all reads of the slots that the
    // copies issued after it overwrite.
    emitBarrier(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }
};

struct LocalLoadLowering : public ConvertOpToLLVMPattern<nv::LocalLoadOp> {
  LocalLoadLowering(TileTypeConverter &converter)
      : ConvertOpToLLVMPattern(converter), converter(converter) {}

  LogicalResult
  matchAndRewrite(nv::LocalLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    nv::SharedMemType type = op.getBuffer().getType();
    auto tile = cast<RankedTensorType>(op.getType());
    std::optional<LinearLayout> offsets =
        layout::invertAndCompose(getLayout(tile), sharedLayoutOf(type));
    if (!offsets)
      return op.emitOpError("the result layout does not cover the slot");
    Type stored = converter.convertElementType(type.getElementType());
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    Value base =
        slotAddress(b, adaptor.getBuffer(), stored, type, adaptor.getSlot());
    SmallVector<Value> registers = loadFromShared(b, base, stored, *offsets);
    rewriter.replaceOp(
        op, packTile(b, b.getLoc(), converter.convertType(tile), registers));
    return success();
  }

  TileTypeConverter &converter;
};

struct LocalStoreLowering : public ConvertOpToLLVMPattern<nv::LocalStoreOp> {
  LocalStoreLowering(TileTypeConverter &converter, LoweringState &state)
      : ConvertOpToLLVMPattern(converter), converter(converter), state(state) {}

  LogicalResult
  matchAndRewrite(nv::LocalStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    nv::SharedMemType type = op.getBuffer().getType();
    LinearLayout source =
        getLayout(cast<RankedTensorType>(op.getValue().getType()));
    std::optional<LinearLayout> offsets =
        layout::invertAndCompose(source, sharedLayoutOf(type));
    if (!offsets)
      return op.emitOpError("the tile's layout does not cover the slot");
    Type stored = converter.convertElementType(type.getElementType());
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    Value base =
        slotAddress(b, adaptor.getBuffer(), stored, type, adaptor.getSlot());
    storeToShared(b, base, stored, source, *offsets,
                  unpackTile(b, b.getLoc(), adaptor.getValue()),
                  hasStmatrix(state.target));
    rewriter.eraseOp(op);
    return success();
  }

  TileTypeConverter &converter;
  LoweringState &state;
};

} // namespace

Value memory::slotAddress(ImplicitLocOpBuilder &b, Value base, Type stored,
                          nv::SharedMemType type, Value slot) {
  Value first = LLVM::MulOp::create(
      b, slot, i32Constant(b, b.getLoc(), type.getTileElements()));
  return sharedElementAddress(b, b.getLoc(), base, stored, first);
}

void memory::populateSharedMemoryOpPatterns(TileTypeConverter &converter,
                                            RewritePatternSet &patterns,
                                            LoweringState &state,
                                            std::shared_ptr<VectorPlan> plan) {
  patterns.add<LocalAllocLowering>(converter, state);
  patterns.add<AsyncCopyLowering>(converter, state, std::move(plan));
  patterns.add<AsyncCommitLowering, AsyncWaitLowering>(converter);
  patterns.add<LocalLoadLowering>(converter);
  patterns.add<LocalStoreLowering>(converter, state);
  populateTmaOpPatterns(converter, patterns);
}
