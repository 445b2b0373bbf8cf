//===- NVTileAALayouts.cpp - distributed layout encodings -----------------===//

#include "tileiras/Dialect/NVTileAA/NVTileAA.h"
#include "tileiras/Layout/MmaLayouts.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tileiras;
using namespace tileiras::nv_tileaa;

static bool allPowersOfTwo(llvm::ArrayRef<unsigned> values) {
  return llvm::all_of(values,
                      [](unsigned v) { return v && llvm::isPowerOf2_32(v); });
}

static unsigned product(llvm::ArrayRef<unsigned> values) {
  unsigned result = 1;
  for (unsigned v : values)
    result *= v;
  return result;
}

static LayoutEncodingAttrInterface asLayout(Attribute attr) {
  return dyn_cast_or_null<LayoutEncodingAttrInterface>(attr);
}

/// Checks that a tensor of `shape` may carry a layout of `rank`.
static LogicalResult
verifyRankMatches(llvm::StringRef name, unsigned rank,
                  llvm::ArrayRef<int64_t> shape,
                  function_ref<InFlightDiagnostic()> emitError) {
  if (rank != shape.size())
    return emitError() << "#nv_tileaa." << name << " layout of rank " << rank
                       << " on a tile of rank " << shape.size();
  return success();
}

//===----------------------------------------------------------------------===//
// BlockedEncodingAttr
//===----------------------------------------------------------------------===//

LogicalResult
BlockedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                            llvm::ArrayRef<unsigned> sizePerThread,
                            llvm::ArrayRef<unsigned> threadsPerWarp,
                            llvm::ArrayRef<unsigned> warpsPerCTA,
                            llvm::ArrayRef<unsigned> order) {
  size_t rank = sizePerThread.size();
  if (rank == 0 || threadsPerWarp.size() != rank ||
      warpsPerCTA.size() != rank || order.size() != rank)
    return emitError() << "#nv_tileaa.blocked needs sizePerThread, "
                          "threadsPerWarp, warpsPerCTA and order of the same "
                          "non-zero rank";
  if (!allPowersOfTwo(sizePerThread) || !allPowersOfTwo(threadsPerWarp) ||
      !allPowersOfTwo(warpsPerCTA))
    return emitError() << "#nv_tileaa.blocked sizes must be powers of two";
  if (product(threadsPerWarp) != 32)
    return emitError() << "#nv_tileaa.blocked threadsPerWarp must multiply "
                          "to 32, got "
                       << product(threadsPerWarp);
  if (product(warpsPerCTA) > 32)
    return emitError() << "#nv_tileaa.blocked warpsPerCTA must multiply to "
                          "at most 32, got "
                       << product(warpsPerCTA);
  llvm::SmallVector<unsigned> sorted(order);
  llvm::sort(sorted);
  for (unsigned i = 0; i < rank; ++i)
    if (sorted[i] != i)
      return emitError() << "#nv_tileaa.blocked order must be a permutation "
                            "of 0.."
                         << rank - 1;
  return success();
}

layout::LinearLayout
BlockedEncodingAttr::toLinearLayout(llvm::ArrayRef<int64_t> shape) const {
  return layout::blockedLayout(shape, getSizePerThread(), getThreadsPerWarp(),
                               getWarpsPerCTA(), getOrder());
}

unsigned BlockedEncodingAttr::getLayoutRank() const {
  return getSizePerThread().size();
}

unsigned BlockedEncodingAttr::getLayoutNumWarps() const {
  return product(getWarpsPerCTA());
}

LogicalResult BlockedEncodingAttr::verifyEncoding(
    llvm::ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyRankMatches("blocked", getLayoutRank(), shape, emitError);
}

//===----------------------------------------------------------------------===//
// SliceEncodingAttr
//===----------------------------------------------------------------------===//

LogicalResult
SliceEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          unsigned dim, Attribute parent) {
  auto parentLayout = asLayout(parent);
  if (!parentLayout)
    return emitError() << "#nv_tileaa.slice parent must be a layout";
  if (dim >= parentLayout.getLayoutRank())
    return emitError() << "#nv_tileaa.slice dim " << dim
                       << " is out of range for a parent of rank "
                       << parentLayout.getLayoutRank();
  return success();
}

layout::LinearLayout
SliceEncodingAttr::toLinearLayout(llvm::ArrayRef<int64_t> shape) const {
  // The parent sees the removed dimension with size 1: its bases along it
  // vanish, and slicing drops the dimension.
  llvm::SmallVector<int64_t> parentShape(shape.begin(), shape.end());
  parentShape.insert(parentShape.begin() + getDim(), 1);
  return asLayout(getParent()).toLinearLayout(parentShape).sliced(getDim());
}

unsigned SliceEncodingAttr::getLayoutRank() const {
  return asLayout(getParent()).getLayoutRank() - 1;
}

unsigned SliceEncodingAttr::getLayoutNumWarps() const {
  return asLayout(getParent()).getLayoutNumWarps();
}

LogicalResult SliceEncodingAttr::verifyEncoding(
    llvm::ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyRankMatches("slice", getLayoutRank(), shape, emitError);
}

//===----------------------------------------------------------------------===//
// DotOperandEncodingAttr
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// MmaEncodingAttr
//===----------------------------------------------------------------------===//

LogicalResult MmaEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned versionMajor,
    llvm::ArrayRef<unsigned> warpsPerCTA, llvm::ArrayRef<unsigned> instrShape) {
  if (versionMajor != 2)
    return emitError() << "#nv_tileaa.mma versionMajor must be 2 (mma.sync), "
                          "got "
                       << versionMajor;
  size_t rank = warpsPerCTA.size();
  if ((rank != 2 && rank != 3) || !allPowersOfTwo(warpsPerCTA) ||
      product(warpsPerCTA) > 32)
    return emitError() << "#nv_tileaa.mma warpsPerCTA must be two (or, "
                          "batched, three) powers of two multiplying to at "
                          "most 32";
  // Rank 3 puts a batch of one instruction in front: [1, instrM, 8].
  if (instrShape.size() != rank || (rank == 3 && instrShape[0] != 1) ||
      (instrShape[rank - 2] != layout::kMmaM &&
       instrShape[rank - 2] != layout::kMmaF64M) ||
      instrShape[rank - 1] != layout::kMmaN)
    return emitError() << "#nv_tileaa.mma instrShape must be [16, 8] "
                          "(m16n8kK) or [8, 8] (m8n8k4 f64) for version 2, "
                          "with a leading 1 when warpsPerCTA has rank 3";
  return success();
}

layout::LinearLayout
MmaEncodingAttr::toLinearLayout(llvm::ArrayRef<int64_t> shape) const {
  return layout::mmaAccumulatorLayout(shape, getWarpsPerCTA(), getInstrM());
}

unsigned MmaEncodingAttr::getLayoutRank() const {
  return getWarpsPerCTA().size();
}

unsigned MmaEncodingAttr::getLayoutNumWarps() const {
  return product(getWarpsPerCTA());
}

LogicalResult MmaEncodingAttr::verifyEncoding(
    llvm::ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  if (failed(verifyRankMatches("mma", getLayoutRank(), shape, emitError)))
    return failure();
  // A size-1 dimension is a broadcast source (an accumulator's row or
  // column of indices): every fragment position along it holds the element.
  int64_t instrM = getInstrM();
  int64_t m = shape[shape.size() - 2], n = shape.back();
  if ((m < instrM && m != 1) || (n < layout::kMmaN && n != 1))
    return emitError() << "#nv_tileaa.mma needs a tile of at least " << instrM
                       << "x8 (or 1 along a broadcast dimension), got " << m
                       << "x" << n;
  return success();
}

//===----------------------------------------------------------------------===//
// DotOperandEncodingAttr
//===----------------------------------------------------------------------===//

LogicalResult
DotOperandEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               unsigned opIdx, Attribute parent,
                               unsigned kWidth) {
  if (opIdx > 1)
    return emitError() << "#nv_tileaa.dot_operand opIdx must be 0 (A) or 1 "
                          "(B), got "
                       << opIdx;
  auto parentLayout = asLayout(parent);
  if (!parentLayout)
    return emitError() << "#nv_tileaa.dot_operand parent must be a layout";
  unsigned parentRank = parentLayout.getLayoutRank();
  if (parentRank < 2 || parentRank > 3)
    return emitError() << "#nv_tileaa.dot_operand parent must have rank 2 "
                          "or 3, got "
                       << parentRank;
  auto mmaParent = dyn_cast<MmaEncodingAttr>(parent);
  bool mma = bool(mmaParent);
  if (mma && kWidth != 1 && kWidth != 2 && kWidth != 4)
    return emitError() << "#nv_tileaa.dot_operand of an mma parent needs "
                          "kWidth 1, 2 or 4, got "
                       << kWidth;
  if (mma && mmaParent.getInstrM() == layout::kMmaF64M && kWidth != 1)
    return emitError() << "#nv_tileaa.dot_operand of an m8n8k4 (instrShape "
                          "[8, 8]) parent needs kWidth 1, got "
                       << kWidth;
  if (!mma && kWidth != 0)
    return emitError() << "#nv_tileaa.dot_operand kWidth applies only to an "
                          "mma parent";
  return success();
}

layout::LinearLayout
DotOperandEncodingAttr::toLinearLayout(llvm::ArrayRef<int64_t> shape) const {
  if (auto mma = dyn_cast<MmaEncodingAttr>(getParent()))
    return layout::mmaOperandLayout(shape, getOpIdx(), mma.getWarpsPerCTA(),
                                    getKWidth(), mma.getInstrM());
  // The accumulator's extent along the dimension this operand lacks does
  // not matter: its bases are dropped. Size 1 keeps them out entirely.
  unsigned rank = shape.size();
  llvm::SmallVector<int64_t> accShape(shape.begin(), shape.end());
  int64_t k;
  if (getOpIdx() == 0) {
    k = shape[rank - 1];
    accShape[rank - 1] = 1;
  } else {
    k = shape[rank - 2];
    accShape[rank - 2] = 1;
  }
  layout::LinearLayout acc = asLayout(getParent()).toLinearLayout(accShape);
  return layout::fmaDotOperandLayout(acc, getOpIdx(), k);
}

unsigned DotOperandEncodingAttr::getLayoutRank() const {
  return asLayout(getParent()).getLayoutRank();
}

unsigned DotOperandEncodingAttr::getLayoutNumWarps() const {
  return asLayout(getParent()).getLayoutNumWarps();
}

LogicalResult DotOperandEncodingAttr::verifyEncoding(
    llvm::ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  if (failed(
          verifyRankMatches("dot_operand", getLayoutRank(), shape, emitError)))
    return failure();
  if (!isa<MmaEncodingAttr>(getParent()))
    return success();
  // One instruction's operand: A is at least instrM x kInstr, B kInstr x 8.
  int64_t instrM = cast<MmaEncodingAttr>(getParent()).getInstrM();
  int64_t kInstr = layout::mmaInstrK(getKWidth(), instrM);
  int64_t rows = shape[shape.size() - 2], columns = shape.back();
  int64_t outer = getOpIdx() == 0 ? rows : columns;
  int64_t k = getOpIdx() == 0 ? columns : rows;
  if (outer < (getOpIdx() == 0 ? instrM : layout::kMmaN) || k < kInstr)
    return emitError() << "#nv_tileaa.dot_operand of an mma parent needs a "
                       << (getOpIdx() == 0 ? std::to_string(instrM) + " x "
                                           : std::string())
                       << kInstr << (getOpIdx() == 0 ? "" : " x 8")
                       << " tile at least, got " << rows << "x" << columns;
  return success();
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

FailureOr<layout::LinearLayout>
nv_tileaa::getLinearLayout(RankedTensorType type) {
  auto encoding = asLayout(type.getEncoding());
  if (!encoding)
    return failure();
  return encoding.toLinearLayout(type.getShape());
}

//===----------------------------------------------------------------------===//
// MmaScaleEncodingAttr
//===----------------------------------------------------------------------===//

LogicalResult
MmaScaleEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                             unsigned opIdx, Attribute parent) {
  if (opIdx > 1)
    return emitError() << "#nv_tileaa.mma_scale opIdx must be 0 (A) or 1 "
                          "(B), got "
                       << opIdx;
  auto mma = dyn_cast<MmaEncodingAttr>(parent);
  if (!mma || mma.getWarpsPerCTA().size() != 2 ||
      mma.getInstrM() != layout::kMmaM)
    return emitError() << "#nv_tileaa.mma_scale parent must be a rank-2 "
                          "#nv_tileaa.mma of m16n8 instructions";
  return success();
}

layout::LinearLayout
MmaScaleEncodingAttr::toLinearLayout(llvm::ArrayRef<int64_t> shape) const {
  return layout::mmaScaleLayout(
      shape, getOpIdx(), cast<MmaEncodingAttr>(getParent()).getWarpsPerCTA());
}

unsigned MmaScaleEncodingAttr::getLayoutRank() const { return 2; }

unsigned MmaScaleEncodingAttr::getLayoutNumWarps() const {
  return asLayout(getParent()).getLayoutNumWarps();
}

LogicalResult MmaScaleEncodingAttr::verifyEncoding(
    llvm::ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyRankMatches("mma_scale", getLayoutRank(), shape, emitError);
}
