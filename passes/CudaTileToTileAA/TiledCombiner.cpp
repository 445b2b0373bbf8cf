//===- TiledCombiner.cpp - wide cuda_tile reduce/scan of several operands -===//
//
// Operands wider than 64 bits together (argmax of f64 with an i32 index)
// do not fit one packed integer (PackedReduce.cpp). Their combiner runs on
// whole tiles instead, each body op lowered once per step on tiles of the
// step's shape:
// * reduce: the reduced dimension is halved log2(n) times, the lower half
//   combined with the upper one;
// * scan (Sklansky): for block sizes b = 1, 2, ..., n/2 the dimension is
//   viewed as (n / 2b, 2, b) and every second block is combined with the
//   last element of the block before it (the first of the block after it
//   for `reverse`).
// cuda_tile extents are powers of two, so every slice is one. As in the
// other paths, the body's first arguments hold the earlier elements in
// combination order.
//
//===----------------------------------------------------------------------===//

#include "LoweringContext.h"

#include "llvm/ADT/ScopeExit.h"

using namespace mlir;
using namespace tileiras::cuda_tile_lowering;
namespace ct = tileiras::cuda_tile;

static bool isSingleElement(Type type) {
  auto tile = dyn_cast<ct::TileType>(type);
  return tile && tile.getRank() == 0;
}

/// Only ops on single elements, without regions, can run on whole tiles.
static LogicalResult checkBody(Lowering &l, Operation *op) {
  for (Operation &inner : op->getRegion(0).front().without_terminator()) {
    bool elementwise = inner.getNumRegions() == 0 &&
                       llvm::all_of(inner.getOperandTypes(), isSingleElement) &&
                       llvm::all_of(inner.getResultTypes(), isSingleElement);
    if (!elementwise)
      return l.fail(op, "reductions and scans of several operands wider than "
                        "64 bits together need a body of ops on single "
                        "elements without regions ('" +
                            inner.getName().getStringRef() + "' is not one)");
  }
  return success();
}

static RankedTensorType withDim(Value v, int64_t dim, int64_t size) {
  auto type = cast<RankedTensorType>(v.getType());
  SmallVector<int64_t> shape(type.getShape());
  shape[dim] = size;
  return type.clone(shape);
}

static Value slice(Lowering &l, Value v, int64_t dim, int64_t offset,
                   int64_t size) {
  SmallVector<int64_t> offsets(withDim(v, dim, size).getRank(), 0);
  offsets[dim] = offset;
  return l.create1(
      "nv_tileaa.extract_slice", withDim(v, dim, size), v,
      {l.b.getNamedAttr("offsets", l.b.getDenseI64ArrayAttr(offsets))});
}

/// The body on tiles: `first` and `second` are the (earlier, later)
/// operand tiles of one shape; returns the yielded tiles.
static FailureOr<SmallVector<Value>> runBody(Lowering &l, Operation *op,
                                             ArrayRef<Value> first,
                                             ArrayRef<Value> second) {
  auto shape = cast<RankedTensorType>(first[0].getType()).getShape();
  l.elementwiseShape.assign(shape.begin(), shape.end());
  llvm::scope_exit restore([&] { l.elementwiseShape.clear(); });
  Block &body = op->getRegion(0).front();
  for (size_t i = 0; i < first.size(); ++i) {
    l.map1(body.getArgument(2 * i), first[i]);
    l.map1(body.getArgument(2 * i + 1), second[i]);
  }
  for (Operation &inner : body.without_terminator())
    if (failed(l.lowerOp(&inner)))
      return failure();
  return lowerValues(l, body.getTerminator()->getOperands());
}

/// A tile whose dimension `dim` has extent 1 without that dimension (a
/// scalar for a 1-D tile: a reduce over one element).
static Value dropDim(Lowering &l, Value v, int64_t dim) {
  auto type = cast<RankedTensorType>(v.getType());
  if (type.getRank() > 1) {
    SmallVector<int64_t> shape(type.getShape());
    shape.erase(shape.begin() + dim);
    return l.create1("nv_tileaa.view", type.clone(shape), v);
  }
  return reduceAxis(l, v, 0, type.getElementType(),
                    [](Value lhs, Value) { return lhs; });
}

static LogicalResult lowerTiledReduce(Lowering &l, Operation *op,
                                      SmallVector<Value> tiles, int64_t dim) {
  Location loc = l.loc;
  int64_t n = cast<RankedTensorType>(tiles[0].getType()).getDimSize(dim);
  for (int64_t extent = n; extent > 1; extent /= 2) {
    SmallVector<Value> lower, upper;
    for (Value t : tiles) {
      lower.push_back(slice(l, t, dim, 0, extent / 2));
      upper.push_back(slice(l, t, dim, extent / 2, extent / 2));
    }
    FailureOr<SmallVector<Value>> combined = runBody(l, op, lower, upper);
    if (failed(combined))
      return failure();
    tiles = std::move(*combined);
    l.loc = loc;
  }
  for (auto [result, tile] : llvm::zip(op->getResults(), tiles))
    l.map1(result, dropDim(l, tile, dim));
  return success();
}

/// One Sklansky step of block size `block` on `tile` viewed as
/// (..., n / 2block, 2, block, ...): the pairs' halves along dim + 1.
struct Halves {
  SmallVector<Value> earlier, later;
};

static Halves splitPairs(Lowering &l, ArrayRef<Value> tiles, int64_t dim,
                         int64_t block, bool reverse) {
  Halves h;
  for (Value t : tiles) {
    auto type = cast<RankedTensorType>(t.getType());
    SmallVector<int64_t> shape(type.getShape());
    int64_t n = shape[dim];
    shape[dim] = block;
    shape.insert(shape.begin() + dim, {n / (2 * block), 2});
    Value pairs = l.create1("nv_tileaa.view", type.clone(shape), t);
    Value lower = slice(l, pairs, dim + 1, 0, 1);
    Value upper = slice(l, pairs, dim + 1, 1, 1);
    h.earlier.push_back(reverse ? upper : lower);
    h.later.push_back(reverse ? lower : upper);
  }
  return h;
}

static LogicalResult lowerTiledScan(Lowering &l, Operation *op,
                                    SmallVector<Value> tiles, int64_t dim,
                                    bool reverse) {
  Location loc = l.loc;
  int64_t n = cast<RankedTensorType>(tiles[0].getType()).getDimSize(dim);
  for (int64_t block = 1; block < n; block *= 2) {
    Halves h = splitPairs(l, tiles, dim, block, reverse);
    // The element next to the later block: the earlier block's total.
    SmallVector<Value> carries;
    for (Value e : h.earlier) {
      Value last = slice(l, e, dim + 2, reverse ? 0 : block - 1, 1);
      carries.push_back(l.create1("nv_tileaa.broadcast", e.getType(), last));
    }
    FailureOr<SmallVector<Value>> combined = runBody(l, op, carries, h.later);
    if (failed(combined))
      return failure();
    l.loc = loc;
    for (size_t i = 0; i < tiles.size(); ++i) {
      Value lower = reverse ? (*combined)[i] : h.earlier[i];
      Value upper = reverse ? h.earlier[i] : (*combined)[i];
      Value pairs = l.create1(
          "nv_tileaa.cat", withDim(lower, dim + 1, 2), {lower, upper},
          {l.b.getNamedAttr("axis", l.b.getI32IntegerAttr(int32_t(dim + 1)))});
      tiles[i] = l.create1("nv_tileaa.view", tiles[i].getType(), pairs);
    }
  }
  for (auto [result, tile] : llvm::zip(op->getResults(), tiles))
    l.map1(result, tile);
  return success();
}

LogicalResult tileiras::cuda_tile_lowering::lowerTiledCombiner(Lowering &l,
                                                               Operation *op) {
  if (failed(checkBody(l, op)))
    return failure();
  SmallVector<Value> tiles = lowerValues(l, op->getOperands());
  int64_t dim = op->getAttrOfType<IntegerAttr>("dim").getInt();
  if (auto scan = dyn_cast<ct::ScanOp>(op))
    return lowerTiledScan(l, op, std::move(tiles), dim, scan.getReverse());
  return lowerTiledReduce(l, op, std::move(tiles), dim);
}
