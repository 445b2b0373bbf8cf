//===- SliceToSources.cpp - computing slices instead of cutting them ------===//
//
// A slice of a tile in registers is cut through shared memory, every thread
// storing the elements it holds inside the window. When the tile was
// computed from loads, ranges, splats and elementwise ops, computing the
// slice itself is cheaper: these patterns move nv_tileaa.extract_slice
// towards the values' sources, so that a load of 256x256 elements cut into
// sixteen K slices becomes sixteen loads of one slice each. A load is
// sliced only when slices are all its uses (else it would be read twice),
// at its own position (so no store can come between), and only without
// memory ordering attributes.
//
//===----------------------------------------------------------------------===//

#include "LayoutAssignment/SplitLargeDots.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace tileiras;
namespace nv = tileiras::nv_tileaa;

Value tileiras::sliceTile(OpBuilder &b, Location loc, Value value,
                          ArrayRef<int64_t> offsets, ArrayRef<int64_t> sizes) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getShape() == sizes)
    return value;
  return nv::ExtractSliceOp::create(b, loc, type.clone(sizes), value,
                                    b.getDenseI64ArrayAttr(offsets));
}

namespace {

/// slice(load(p, m, o)) -> load(slice(p), slice(m), slice(o)).
struct SliceLoad : OpRewritePattern<nv::ExtractSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nv::ExtractSliceOp op,
                                PatternRewriter &rewriter) const override {
    auto load = op.getSrc().getDefiningOp<nv::LoadOp>();
    if (!load || load.getMemSemanticAttr() || load.getMemScopeAttr() ||
        !llvm::all_of(load->getUsers(), llvm::IsaPred<nv::ExtractSliceOp>))
      return failure();
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointAfter(load);
    ArrayRef<int64_t> offsets = op.getOffsets();
    ArrayRef<int64_t> sizes = op.getType().getShape();
    auto cut = [&](Value value) {
      // A scalar mask or padding applies to every element as it is.
      if (!isa<RankedTensorType>(value.getType()))
        return value;
      return sliceTile(rewriter, op.getLoc(), value, offsets, sizes);
    };
    SmallVector<Value> operands;
    for (Value operand : load->getOperands())
      operands.push_back(cut(operand));
    auto sliced = cast<nv::LoadOp>(rewriter.clone(*load));
    sliced->setOperands(operands);
    sliced.getResult().setType(op.getType());
    rewriter.replaceOp(op, sliced.getResult());
    return success();
  }
};

/// slice(f(a, b)) -> f(slice(a), slice(b)) for elementwise, pure f.
struct SliceElementwise : OpRewritePattern<nv::ExtractSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nv::ExtractSliceOp op,
                                PatternRewriter &rewriter) const override {
    Operation *producer = op.getSrc().getDefiningOp();
    if (!producer || producer->getNumResults() != 1 ||
        producer->getNumRegions() != 0 || !isMemoryEffectFree(producer) ||
        !(producer->hasTrait<OpTrait::Elementwise>() ||
          isa<nv::AddPtrOp>(producer)))
      return failure();
    ArrayRef<int64_t> shape = op.getSrc().getType().getShape();
    for (Value operand : producer->getOperands()) {
      auto type = dyn_cast<RankedTensorType>(operand.getType());
      if (!type || type.getShape() != shape)
        return failure();
    }
    SmallVector<Value> operands;
    for (Value operand : producer->getOperands())
      operands.push_back(sliceTile(rewriter, op.getLoc(), operand,
                                   op.getOffsets(), op.getType().getShape()));
    Operation *sliced = rewriter.clone(*producer);
    sliced->setOperands(operands);
    sliced->getResult(0).setType(op.getType());
    rewriter.replaceOp(op, sliced->getResult(0));
    return success();
  }
};

/// The part of a source tile that a slice of a shape op's result needs.
struct Window {
  SmallVector<int64_t> offsets, sizes;
};

/// slice(f(x)) -> f(slice(x)) for a shape op f of one source whose window
/// `Derived::sourceWindow` finds.
template <typename Derived, typename OpTy>
struct SliceThroughShape : OpRewritePattern<nv::ExtractSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nv::ExtractSliceOp op,
                                PatternRewriter &rewriter) const override {
    auto producer = op.getSrc().getDefiningOp<OpTy>();
    if (!producer)
      return failure();
    std::optional<Window> window = Derived::sourceWindow(producer, op);
    if (!window)
      return failure();
    Value input = sliceTile(rewriter, op.getLoc(), producer.getSrc(),
                            window->offsets, window->sizes);
    rewriter.replaceOpWithNewOp<OpTy>(op, op.getType(), input);
    return success();
  }
};

/// slice(broadcast(x)) -> broadcast(slice of x along its non-unit dims).
struct SliceBroadcast : SliceThroughShape<SliceBroadcast, nv::BroadcastOp> {
  using SliceThroughShape::SliceThroughShape;
  static std::optional<Window> sourceWindow(nv::BroadcastOp broadcast,
                                            nv::ExtractSliceOp op) {
    RankedTensorType source = broadcast.getSrc().getType();
    Window window{SmallVector<int64_t>(op.getOffsets()),
                  SmallVector<int64_t>(op.getType().getShape())};
    for (unsigned d = 0; d < window.sizes.size(); ++d)
      if (source.getDimSize(d) == 1) {
        window.offsets[d] = 0;
        window.sizes[d] = 1;
      }
    return window;
  }
};

/// slice(view(x)) -> view(slice(x)) when the view only adds or drops unit
/// dimensions: the non-unit dimensions correspond in order.
struct SliceUnitView : SliceThroughShape<SliceUnitView, nv::ViewOp> {
  using SliceThroughShape::SliceThroughShape;
  static SmallVector<unsigned> nonUnit(ArrayRef<int64_t> shape) {
    SmallVector<unsigned> dims;
    for (auto [d, size] : llvm::enumerate(shape))
      if (size != 1)
        dims.push_back(unsigned(d));
    return dims;
  }
  static std::optional<Window> sourceWindow(nv::ViewOp view,
                                            nv::ExtractSliceOp op) {
    ArrayRef<int64_t> from = view.getSrc().getType().getShape();
    ArrayRef<int64_t> to = view.getType().getShape();
    SmallVector<unsigned> fromDims = nonUnit(from), toDims = nonUnit(to);
    if (fromDims.size() != toDims.size())
      return std::nullopt;
    Window window{SmallVector<int64_t>(from.size(), 0),
                  SmallVector<int64_t>(from)};
    for (auto [f, t] : llvm::zip(fromDims, toDims)) {
      if (from[f] != to[t])
        return std::nullopt;
      window.offsets[f] = op.getOffsets()[t];
      window.sizes[f] = op.getType().getDimSize(t);
    }
    return window;
  }
};

/// slice(make_range(s, e)) -> make_range(s + offset, s + offset + size).
struct SliceRange : OpRewritePattern<nv::ExtractSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(nv::ExtractSliceOp op,
                                PatternRewriter &rewriter) const override {
    auto range = op.getSrc().getDefiningOp<nv::MakeRangeOp>();
    if (!range)
      return failure();
    int64_t start = range.getStartAttr().getInt() + op.getOffsets()[0];
    int64_t end = start + op.getType().getDimSize(0);
    rewriter.replaceOpWithNewOp<nv::MakeRangeOp>(
        op, op.getType(), rewriter.getI32IntegerAttr(int32_t(start)),
        rewriter.getI32IntegerAttr(int32_t(end)));
    return success();
  }
};

} // namespace

void tileiras::populateSliceToSourcePatterns(RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<SliceLoad, SliceElementwise, SliceBroadcast, SliceUnitView,
               SliceRange>(context);
  nv::ExtractSliceOp::getCanonicalizationPatterns(patterns, context);
}
