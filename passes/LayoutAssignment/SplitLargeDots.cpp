//===- SplitLargeDots.cpp - dots whose fragments exceed the registers -----===//
//
// An mma.sync dot holds A and B as register fragments, each thread its
// rows' (or columns') share of all of K, replicated across the warps of the
// other dimension. A large tile -- the 256x256x256 f64 mmaf of cuda_tile's
// print-op sample needs 512 A and 1024 B values per thread -- cannot be
// held. Such a dot becomes a chain of dots over slices of K (extract_slice
// of A's columns and B's rows), each accumulating into the next: the order
// in which one dot's K loop adds the products anyway. The slice is the
// largest power of two whose fragments fit, and at least one instruction's
// K. The fragment sizes come from the operand layouts themselves.
//
//===----------------------------------------------------------------------===//

#include "LayoutAssignment/SplitLargeDots.h"
#include "LayoutAssignment/MmaChoice.h"
#include "tileiras/Analysis/AxisInfo.h"
#include "tileiras/Layout/Limits.h"
#include "tileiras/Layout/MmaLayouts.h"

#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;
using namespace tileiras;
namespace nv = tileiras::nv_tileaa;

namespace {

/// Registers per thread of operand `opIdx` of `dot` as an mma fragment under
/// `accumulator` when K is `k`.
int64_t fragmentRegisters(nv::DotOp dot, unsigned opIdx, int64_t k,
                          Attribute accumulator, unsigned kWidth) {
  RankedTensorType type =
      opIdx == 0 ? dot.getA().getType() : dot.getB().getType();
  SmallVector<int64_t> shape(type.getShape());
  shape[type.getRank() - 1 - opIdx] = k;
  auto encoding = nv::DotOperandEncodingAttr::get(dot.getContext(), opIdx,
                                                  accumulator, kWidth);
  auto layout = nv::getLinearLayout(
      RankedTensorType::get(shape, type.getElementType(), encoding));
  return succeeded(layout) ? int64_t(layout->getNumRegisters()) : 0;
}

/// Fragment registers per operand a slice may take once a dot is split:
/// well below the limit, so that the slices' trips through shared memory
/// (extract_slice, the fragment conversion) stay small too.
constexpr int64_t kSliceRegisters = layout::kMaxElementsPerThread / 4;

/// Registers per thread of the larger of the A and B fragments of `dot`
/// with K `k`, under the accumulator encoding `accumulator`.
int64_t largerFragment(nv::DotOp dot, Attribute accumulator, unsigned kWidth,
                       int64_t k) {
  return std::max(fragmentRegisters(dot, 0, k, accumulator, kWidth),
                  fragmentRegisters(dot, 1, k, accumulator, kWidth));
}

/// The K slice `dot` needs (its whole K when the fragments fit).
int64_t sliceK(nv::DotOp dot, const DotPathChoice &choice) {
  RankedTensorType a = dot.getA().getType();
  int64_t k = a.getShape()[a.getRank() - 1];
  Attribute accumulator = mmaAccumulatorEncoding(dot.getContext(), choice);
  auto larger = [&](int64_t kSlice) {
    return largerFragment(dot, accumulator, choice.kWidth, kSlice);
  };
  if (larger(k) <= layout::kMaxElementsPerThread)
    return k;
  int64_t minimum = layout::mmaInstrK(choice.kWidth, choice.instrM);
  int64_t slice = k;
  while (larger(slice) > kSliceRegisters && slice / 2 >= minimum &&
         slice % 2 == 0)
    slice /= 2;
  return slice;
}

/// Slice `index` of `value` along `dim`, `size` wide.
Value sliceAlong(ImplicitLocOpBuilder &b, Value value, unsigned dim,
                 int64_t size, int64_t index) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> shape(type.getShape()), offsets(type.getRank(), 0);
  shape[dim] = size;
  offsets[dim] = index * size;
  return sliceTile(b, b.getLoc(), value, offsets, shape);
}

void splitDot(nv::DotOp dot, int64_t slice) {
  ImplicitLocOpBuilder b(dot.getLoc(), dot);
  unsigned rank = dot.getType().getRank();
  int64_t k = dot.getA().getType().getShape()[rank - 1];
  Value accumulator = dot.getC();
  for (int64_t i = 0; i < k / slice; ++i) {
    Value a = sliceAlong(b, dot.getA(), rank - 1, slice, i);
    Value bSlice = sliceAlong(b, dot.getB(), rank - 2, slice, i);
    auto part = cast<nv::DotOp>(b.clone(*dot));
    part.getAMutable().assign(a);
    part.getBMutable().assign(bSlice);
    part.getCMutable().assign(accumulator);
    accumulator = part.getD();
  }
  dot.getD().replaceAllUsesWith(accumulator);
  dot.erase();
}

} // namespace

bool tileiras::splitLargeDots(nv::FuncOp func, const targetspec::Target &target,
                              unsigned numWarps,
                              const AxisInfoAnalysis &axisInfo) {
  SmallVector<std::pair<nv::DotOp, int64_t>> splits;
  func.walk([&](nv::DotOp dot) {
    bool kContiguous = loadedContiguousAlongK(axisInfo, dot.getA(), 1) &&
                       loadedContiguousAlongK(axisInfo, dot.getB(), 0);
    DotPathChoice choice = chooseDotPath(dot, target, numWarps, kContiguous);
    // wgmma and tcgen05 read their operands from shared memory.
    if (!choice.usesMma() || choice.wgmma || choice.tcgen05)
      return;
    int64_t slice = sliceK(dot, choice);
    if (slice < dot.getA().getType().getShape().back())
      splits.push_back({dot, slice});
  });
  for (auto [dot, slice] : splits)
    splitDot(dot, slice);
  if (splits.empty())
    return false;
  RewritePatternSet patterns(func.getContext());
  populateSliceToSourcePatterns(patterns);
  (void)applyPatternsGreedily(func, std::move(patterns));
  return true;
}
