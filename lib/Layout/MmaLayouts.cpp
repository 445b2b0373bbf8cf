//===- MmaLayouts.cpp - register layouts of mma.sync fragments ------------===//
//
// Bit by bit, from the PTX ISA's fragment tables for m16n8k8 (tf32),
// m16n8k16 (f16/bf16) and m16n8k32 (8-bit): with g = lane / 4 and
// t = lane % 4, the accumulator element c(2i + j) sits at row g + 8i,
// column 2t + j; an operand register holds kWidth consecutive K elements
// starting at K = kWidth * t, the next register moves 8 rows (A) and the
// one after it kInstr / 2 along K.
//
// And from the m8n8k4 f64 table (instrShape [8, 8]): a0 at (g, t), b0 at
// (k = t, n = g), c0 and c1 at (g, 2t) and (g, 2t + 1); one f64 per
// operand register, no register bits inside the instruction but c's.
//
//===----------------------------------------------------------------------===//

#include "tileiras/Layout/MmaLayouts.h"

#include "llvm/Support/MathExtras.h"

using namespace tileiras;
using namespace tileiras::layout;

namespace {
Coord at(int64_t row, int64_t column) { return Coord{row, column}; }

/// Bases first, 2 * first, ... below `limit` along `dim`.
void pushDoublings(llvm::SmallVector<Coord> &bases, unsigned dim, int64_t first,
                   int64_t limit) {
  for (int64_t v = first; v < limit; v <<= 1)
    bases.push_back(dim == 0 ? at(v, 0) : at(0, v));
}

/// Warp bases: the low log2(wn) warp bits go along N, the rest along M.
/// `keepM`/`keepN` say which of them move this tile (an operand is the
/// same for every warp along the dimension it lacks).
llvm::SmallVector<Coord> warpBases(llvm::ArrayRef<unsigned> warpsPerCTA,
                                   bool keepM, bool keepN, int64_t instrM) {
  llvm::SmallVector<Coord> bases;
  for (unsigned v = 1; v < warpsPerCTA[1]; v <<= 1)
    bases.push_back(keepN ? at(0, kMmaN * v) : at(0, 0));
  for (unsigned v = 1; v < warpsPerCTA[0]; v <<= 1)
    bases.push_back(keepM ? at(instrM * v, 0) : at(0, 0));
  return bases;
}

LinearLayout accumulator2D(llvm::ArrayRef<int64_t> shape,
                           llvm::ArrayRef<unsigned> warps, int64_t instrM) {
  llvm::SmallVector<Coord> regs{at(0, 1)};
  if (instrM == kMmaM)
    regs.push_back(at(8, 0));
  llvm::SmallVector<Coord> lanes{at(0, 2), at(0, 4), at(1, 0), at(2, 0),
                                 at(4, 0)};
  pushDoublings(regs, 1, kMmaN * warps[1], shape[1]);
  pushDoublings(regs, 0, instrM * warps[0], shape[0]);
  return LinearLayout(shape, regs, lanes,
                      warpBases(warps, /*keepM=*/true, /*keepN=*/true, instrM));
}

LinearLayout operand2D(llvm::ArrayRef<int64_t> shape, unsigned opIdx,
                       llvm::ArrayRef<unsigned> warps, unsigned kWidth,
                       int64_t instrM) {
  // Work in (outer, k) coordinates, outer = M for A and N for B; B's
  // coordinates are (k, n), so swap at the end.
  int64_t kInstr = mmaInstrK(kWidth, instrM);
  bool isA = opIdx == 0;
  int64_t outer = isA ? shape[0] : shape[1], k = isA ? shape[1] : shape[0];
  llvm::SmallVector<Coord> regs, lanes;
  pushDoublings(regs, 1, 1, kWidth);
  lanes = {at(0, kWidth), at(0, 2 * kWidth), at(1, 0), at(2, 0), at(4, 0)};
  if (instrM == kMmaM) { // m8n8k4: the lanes cover the whole fragment
    if (isA)
      regs.push_back(at(8, 0));
    regs.push_back(at(0, kInstr / 2));
  }
  pushDoublings(regs, 1, kInstr, k);
  pushDoublings(regs, 0, isA ? instrM * warps[0] : kMmaN * warps[1], outer);
  auto toTile = [&](llvm::SmallVector<Coord> bases) {
    if (!isA)
      for (Coord &basis : bases)
        std::swap(basis[0], basis[1]);
    return bases;
  };
  // Warp bases are in tile coordinates already (N is dimension 1 of B).
  return LinearLayout(shape, toTile(regs), toTile(lanes),
                      warpBases(warps, /*keepM=*/isA, /*keepN=*/!isA, instrM));
}

/// A rank-3 ([batch, rows, columns]) layout from the rank-2 one of each
/// batch: the batch is spread over the highest warp bits (warp id = b * (wm
/// * wn) + the 2-D warp id), then over registers above the 2-D ones, so
/// that one instruction's fragment stays in the lowest register bits.
LinearLayout withBatch(const LinearLayout &inner, int64_t batch,
                       unsigned batchWarps) {
  auto lift = [](llvm::ArrayRef<Coord> bases) {
    llvm::SmallVector<Coord> lifted;
    for (const Coord &basis : bases)
      lifted.push_back(Coord{0, basis[0], basis[1]});
    return lifted;
  };
  llvm::SmallVector<Coord> regs = lift(inner.getBases(InDim::Register));
  llvm::SmallVector<Coord> warps = lift(inner.getBases(InDim::Warp));
  for (unsigned v = 1; v < batchWarps; v <<= 1)
    warps.push_back(Coord{v, 0, 0}); // past the batch: replicated
  for (int64_t v = batchWarps; v < batch; v <<= 1)
    regs.push_back(Coord{v, 0, 0});
  int64_t shape[] = {batch, inner.getShape()[0], inner.getShape()[1]};
  return LinearLayout(shape, regs, lift(inner.getBases(InDim::Lane)), warps);
}
} // namespace

LinearLayout layout::mmaAccumulatorLayout(llvm::ArrayRef<int64_t> shape,
                                          llvm::ArrayRef<unsigned> warps,
                                          int64_t instrM) {
  if (shape.size() == 3)
    return withBatch(
        accumulator2D(shape.drop_front(), warps.drop_front(), instrM), shape[0],
        warps[0]);
  return accumulator2D(shape, warps, instrM);
}

LinearLayout layout::mmaOperandLayout(llvm::ArrayRef<int64_t> shape,
                                      unsigned opIdx,
                                      llvm::ArrayRef<unsigned> warps,
                                      unsigned kWidth, int64_t instrM) {
  if (shape.size() == 3)
    return withBatch(operand2D(shape.drop_front(), opIdx, warps.drop_front(),
                               kWidth, instrM),
                     shape[0], warps[0]);
  return operand2D(shape, opIdx, warps, kWidth, instrM);
}

LinearLayout layout::mmaScaleLayout(llvm::ArrayRef<int64_t> shape,
                                    unsigned opIdx,
                                    llvm::ArrayRef<unsigned> warps) {
  // (outer, block) coordinates as in operand2D; lanes whose selector bits
  // are not read (thread 1 of A's pairs, threads 1..3 of B's quads) hold
  // copies.
  bool isA = opIdx == 0;
  int64_t outer = isA ? shape[0] : shape[1];
  int64_t blocks = isA ? shape[1] : shape[0];
  llvm::SmallVector<Coord> regs, lanes;
  pushDoublings(regs, 1, 1, blocks);
  pushDoublings(regs, 0, isA ? kMmaM * warps[0] : kMmaN * warps[1], outer);
  if (isA)
    lanes = {at(8, 0), at(0, 0), at(1, 0), at(2, 0), at(4, 0)};
  else
    lanes = {at(0, 0), at(0, 0), at(1, 0), at(2, 0), at(4, 0)};
  if (!isA) {
    for (Coord &basis : regs)
      std::swap(basis[0], basis[1]);
    for (Coord &basis : lanes)
      std::swap(basis[0], basis[1]);
  }
  return LinearLayout(shape, regs, lanes,
                      warpBases(warps, /*keepM=*/isA, /*keepN=*/!isA, kMmaM));
}

unsigned layout::mmaFragmentElements(int operand, unsigned kWidth,
                                     int64_t instrM) {
  if (instrM == kMmaF64M)
    return operand == 2 ? 2 : 1;
  switch (operand) {
  case 0:
    return 4 * kWidth;
  case 1:
    return 2 * kWidth;
  default:
    return 4;
  }
}

llvm::SmallVector<unsigned, 2> layout::mmaWarpsPerCTA(int64_t m, int64_t n,
                                                      unsigned numWarps,
                                                      int64_t instrM) {
  unsigned wm = 1, wn = 1;
  int64_t repsM = std::max<int64_t>(1, m / instrM);
  int64_t repsN = std::max<int64_t>(1, n / kMmaN);
  while (wm * wn < numWarps) {
    if (repsM >= repsN && repsM > 1) {
      wm *= 2;
      repsM /= 2;
    } else if (repsN > 1) {
      wn *= 2;
      repsN /= 2;
    } else {
      wm *= 2; // more warps than instructions: replicate along M
    }
  }
  return {wm, wn};
}

llvm::SmallVector<unsigned, 3>
layout::mmaBatchedWarpsPerCTA(int64_t batch, int64_t m, int64_t n,
                              unsigned numWarps, int64_t instrM) {
  unsigned wb = 1;
  while (wb * 2 <= numWarps && wb * 2 <= batch)
    wb *= 2;
  llvm::SmallVector<unsigned, 2> inner =
      mmaWarpsPerCTA(m, n, numWarps / wb, instrM);
  return {wb, inner[0], inner[1]};
}
