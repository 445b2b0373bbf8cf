//===- ExtractOps.cpp - cuda_tile extract (dynamic slice numbers) ---------===//
//
// `extract %t[%i, %j] : tile<32x8xf32> -> tile<4x2xf32>` takes slice number
// i along dimension 0 (offset i * 4) and j along dimension 1 (offset j * 2).
// nv_tileaa.extract_slice has static offsets, so the lowering goes one
// dimension at a time: a constant slice number is one static extract_slice;
// a dynamic one selects among the n = source/result static slices with a
// binary tree of scf.if on `index < mid` (unsigned, as the slice numbers
// are), log2(n) deep. A slice number past the last slice is undefined
// behaviour in cuda_tile; here it reads the last slice.
//
//===----------------------------------------------------------------------===//

#include "LoweringContext.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace tileiras::cuda_tile_lowering;
namespace ct = tileiras::cuda_tile;

namespace {
/// Extraction along one dimension of `source`.
struct DimSlice {
  Value source;
  int64_t dim, size;
  Value index;
};
} // namespace

static RankedTensorType sliceType(const DimSlice &s) {
  auto type = cast<RankedTensorType>(s.source.getType());
  SmallVector<int64_t> shape(type.getShape());
  shape[s.dim] = s.size;
  return type.clone(shape);
}

static Value staticSlice(Lowering &l, const DimSlice &s, int64_t number) {
  int64_t rank = sliceType(s).getRank();
  SmallVector<int64_t> offsets(rank, 0);
  offsets[s.dim] = number * s.size;
  return l.create1(
      "nv_tileaa.extract_slice", sliceType(s), s.source,
      {l.b.getNamedAttr("offsets", l.b.getDenseI64ArrayAttr(offsets))});
}

/// Slice `index` of [lo, hi): an scf.if tree over the static slices.
static Value selectSlice(Lowering &l, const DimSlice &s, int64_t lo,
                         int64_t hi) {
  if (hi - lo == 1)
    return staticSlice(l, s, lo);
  int64_t mid = lo + (hi - lo) / 2;
  Value below =
      arith::CmpIOp::create(l.b, l.loc, arith::CmpIPredicate::ult, s.index,
                            l.constantInt(s.index.getType(), mid));
  auto ifOp = scf::IfOp::create(l.b, l.loc, TypeRange{sliceType(s)}, below,
                                /*addThenBlock=*/true, /*addElseBlock=*/true);
  OpBuilder::InsertionGuard guard(l.b);
  for (auto [block, range] :
       {std::pair(ifOp.thenBlock(), std::pair(lo, mid)),
        std::pair(ifOp.elseBlock(), std::pair(mid, hi))}) {
    l.b.setInsertionPointToEnd(block);
    scf::YieldOp::create(l.b, l.loc,
                         selectSlice(l, s, range.first, range.second));
  }
  return ifOp.getResult(0);
}

static Value extractAlong(Lowering &l, const DimSlice &s, int64_t count) {
  APInt number;
  if (matchPattern(s.index, m_ConstantInt(&number)))
    return staticSlice(l, s,
                       std::min<int64_t>(number.getZExtValue(), count - 1));
  return selectSlice(l, s, 0, count);
}

LogicalResult tileiras::cuda_tile_lowering::lowerExtract(Lowering &l,
                                                         ct::ExtractOp op) {
  auto source = cast<ct::TileType>(op.getSource().getType());
  auto result = cast<ct::TileType>(op.getResult().getType());
  Value value = l.lookup(op.getSource());
  if (source.getRank() == 0) {
    l.map1(op.getResult(), value);
    return success();
  }
  for (int64_t dim = 0; dim < source.getRank(); ++dim) {
    int64_t size = result.getShape()[dim];
    int64_t count = source.getShape()[dim] / size;
    if (count == 1)
      continue;
    DimSlice s{value, dim, size, l.lookup(op.getIndices()[dim])};
    value = extractAlong(l, s, count);
  }
  l.map1(op.getResult(), value);
  return success();
}
