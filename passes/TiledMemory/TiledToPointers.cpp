//===- TiledToPointers.cpp - tiled memory ops through pointers ------------===//
//
// tiled_load %m[i0, ..] of a T0 x T1 x .. tile addresses the elements
//   base + sum_d (i_d * T_d + r_d) * stride_d,   r_d in [0, T_d)
// and masks those with (i_d * T_d + r_d) >= size_d (unsigned, so negative
// indices are out of bounds too). Each dimension's part is built on a 1-D
// tile and broadcast, as hand-written kernels do, so AxisInfo sees the
// contiguity of the innermost dimension (stride 1 by the type) and the
// divisibility the make_memref hints assert.
//
//===----------------------------------------------------------------------===//

#include "TiledMemory/TiledToPointers.h"
#include "tileiras/Dialect/NVTileAA/NVTileAA.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace tileiras;
using namespace tileiras::nv_tileaa;

namespace {
struct TiledAddress {
  Value pointers;
  Value mask;
};

/// `value` with `assume {div_by = hint}` when the hint says anything.
Value withHint(OpBuilder &b, Location loc, Value value, int64_t hint) {
  if (hint <= 1 || value.getDefiningOp<arith::ConstantOp>())
    return value;
  auto assume = AssumeOp::create(
      b, loc, value.getType(), value, b.getI64IntegerAttr(hint), IntegerAttr(),
      IntegerAttr(), DenseI64ArrayAttr(), DenseI64ArrayAttr());
  return assume.getResult();
}

int64_t hintAt(std::optional<ArrayRef<int64_t>> hints, unsigned dim) {
  return hints ? (*hints)[dim] : 1;
}

/// The 1-D tile `shape[dim]`-long, broadcast to `shape` (expand_dims on the
/// other axes, then broadcast).
Value broadcastAlong(OpBuilder &b, Location loc, Value line, unsigned dim,
                     ArrayRef<int64_t> shape) {
  auto type = cast<RankedTensorType>(line.getType());
  SmallVector<int64_t> current{shape[dim]};
  for (unsigned axis = 0; axis < shape.size(); ++axis) {
    if (axis == dim)
      continue;
    current.insert(current.begin() + axis, 1);
    auto expanded = RankedTensorType::get(current, type.getElementType());
    line =
        ExpandDimsOp::create(b, loc, expanded, line, b.getI32IntegerAttr(axis));
  }
  auto full = RankedTensorType::get(shape, type.getElementType());
  if (line.getType() != full)
    line = BroadcastOp::create(b, loc, full, line);
  return line;
}

/// i * T + [0, T) as a 1-D i32 tile.
Value elementIndices(OpBuilder &b, Location loc, Value index, int64_t extent) {
  auto type = RankedTensorType::get({extent}, b.getI32Type());
  Value tileSize = arith::ConstantIntOp::create(b, loc, extent, 32);
  Value first = arith::MulIOp::create(b, loc, index, tileSize);
  Value range = MakeRangeOp::create(b, loc, type, 0, extent);
  Value firsts = SplatOp::create(b, loc, type, first);
  return arith::AddIOp::create(b, loc, firsts, range);
}

/// Offsets (in elements) and in-bounds mask of dimension `dim`, 1-D.
std::pair<Value, Value> dimensionPart(OpBuilder &b, Location loc,
                                      MakeMemRefOp make, Value index,
                                      unsigned dim, int64_t extent) {
  Value indices = elementIndices(b, loc, index, extent);
  auto type = cast<RankedTensorType>(indices.getType());
  Value size = withHint(b, loc, make.getSizeValue(b, dim),
                        hintAt(make.getSizesDivBy(), dim));
  Value inBounds =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, indices,
                            SplatOp::create(b, loc, type, size));
  if (make.getType().getStrides()[dim] == 1)
    return {indices, inBounds};
  Value stride = withHint(b, loc, make.getStrideValue(b, dim),
                          hintAt(make.getStridesDivBy(), dim));
  Value offsets = arith::MulIOp::create(b, loc, indices,
                                        SplatOp::create(b, loc, type, stride));
  return {offsets, inBounds};
}

/// Pointers and mask of the tile `shape` at tile indices `indices` of the
/// memref made by `make`.
TiledAddress buildTiledAddress(OpBuilder &b, Location loc, MakeMemRefOp make,
                               ValueRange indices, ArrayRef<int64_t> shape) {
  Value offsets, mask;
  for (unsigned dim = 0; dim < shape.size(); ++dim) {
    auto [lineOffsets, lineMask] =
        dimensionPart(b, loc, make, indices[dim], dim, shape[dim]);
    Value dimOffsets = broadcastAlong(b, loc, lineOffsets, dim, shape);
    Value dimMask = broadcastAlong(b, loc, lineMask, dim, shape);
    offsets = offsets ? arith::AddIOp::create(b, loc, offsets, dimOffsets)
                      : dimOffsets;
    mask = mask ? arith::AndIOp::create(b, loc, mask, dimMask) : dimMask;
  }
  Value base = make.getBase();
  if (std::optional<uint64_t> align = make.getBaseAlign())
    base = withHint(b, loc, base, static_cast<int64_t>(*align));
  auto ptrType = RankedTensorType::get(shape, base.getType());
  Value bases = SplatOp::create(b, loc, ptrType, base);
  return {AddPtrOp::create(b, loc, ptrType, bases, offsets), mask};
}

/// +0 (integer or float): what a masked load reads without `other`.
bool isPositiveZero(TypedAttr attr) {
  if (auto value = dyn_cast<FloatAttr>(attr))
    return value.getValue().isPosZero();
  auto value = dyn_cast<IntegerAttr>(attr);
  return value && value.getValue().isZero();
}

/// The shared half of the three patterns: finds the make_memref and builds
/// the pointers and mask of the op's tile; `rewrite` replaces the op.
template <typename OpT> struct TiledToPointers : OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpT op,
                                PatternRewriter &rewriter) const override {
    auto make = op.getMemref().template getDefiningOp<MakeMemRefOp>();
    if (!make)
      return rewriter.notifyMatchFailure(op,
                                         "memref is not made by make_memref");
    auto type = cast<RankedTensorType>(tileType(op));
    TiledAddress address = buildTiledAddress(rewriter, op.getLoc(), make,
                                             op.getIndices(), type.getShape());
    rewrite(op, type, address, rewriter);
    return success();
  }
  static Type tileType(TiledStoreOp op) { return op.getValue().getType(); }
  static Type tileType(Operation *op) { return op->getResult(0).getType(); }
  virtual void rewrite(OpT op, RankedTensorType type, TiledAddress address,
                       PatternRewriter &rewriter) const = 0;
};

struct TiledLoadToPointers : TiledToPointers<TiledLoadOp> {
  using TiledToPointers::TiledToPointers;
  void rewrite(TiledLoadOp op, RankedTensorType type, TiledAddress address,
               PatternRewriter &rewriter) const override {
    // Zero padding is what a masked load reads anyway; keeping `other` out
    // lets cp.async zero-fill.
    Value other;
    std::optional<TypedAttr> padding = op.getPadding();
    if (padding && !isPositiveZero(*padding))
      other = arith::ConstantOp::create(rewriter, op.getLoc(),
                                        DenseElementsAttr::get(type, *padding));
    rewriter.replaceOpWithNewOp<LoadOp>(op, address.pointers, address.mask,
                                        other);
  }
};

struct TiledStoreToPointers : TiledToPointers<TiledStoreOp> {
  using TiledToPointers::TiledToPointers;
  void rewrite(TiledStoreOp op, RankedTensorType, TiledAddress address,
               PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<StoreOp>(
        op, address.pointers, op.getValue(), address.mask, CacheModifierAttr(),
        EvictionPolicyAttr(), MemSemanticAttr(), MemScopeAttr());
  }
};

struct TiledAtomicToPointers : TiledToPointers<TiledAtomicRMWOp> {
  using TiledToPointers::TiledToPointers;
  void rewrite(TiledAtomicRMWOp op, RankedTensorType type, TiledAddress address,
               PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<AtomicRMWOp>(
        op, type, op.getRmwModeAttr(), address.pointers, op.getValue(),
        address.mask, MemSemanticAttr(), MemScopeAttr());
  }
};
} // namespace

void tileiras::populateTiledToPointerPatterns(RewritePatternSet &patterns,
                                              PatternBenefit benefit) {
  patterns
      .add<TiledLoadToPointers, TiledStoreToPointers, TiledAtomicToPointers>(
          patterns.getContext(), benefit);
}
