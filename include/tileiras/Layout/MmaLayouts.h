//===- MmaLayouts.h - register layouts of mma.sync fragments ----*- C++ -*-===//
//
// The accumulator and operand layouts of the m16n8 mma.sync family as
// linear layouts. One instruction's fragment occupies the lowest register
// bits (so fragment element e of a thread is register e of the layout), the
// lanes follow the PTX ISA's groupID / threadID_in_group split, and further
// register bits repeat the instruction over the tile. Warps tile the
// accumulator as warpsPerCTA = {M warps, N warps} (warp id = m * wn + n); an
// operand is replicated over the warps of the dimension it lacks. Batched
// (rank-3, [batch, M, N]) layouts put each batch's 2-D layout under
// warpsPerCTA = {batch warps, M warps, N warps} (warp id = (b * wm + m) * wn
// + n), the batches a warp owns in the highest register bits.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_LAYOUT_MMALAYOUTS_H
#define TILEIRAS_LAYOUT_MMALAYOUTS_H

#include "tileiras/Layout/LinearLayout.h"

namespace tileiras::layout {

/// Rows and columns of one m16n8 instruction's accumulator.
constexpr int64_t kMmaM = 16, kMmaN = 8;

/// Rows of one m8n8k4 f64 instruction's accumulator (instrShape [8, 8]).
/// Its operands hold one f64 per (64-bit) register: kWidth 1.
constexpr int64_t kMmaF64M = 8;

/// K of one instruction whose operands pack `kWidth` elements per 32-bit
/// register: 8 (tf32, kWidth 1), 16 (f16/bf16, 2), 32 (8-bit types, 4);
/// 4 for the m8n8k4 f64 shape (instrM 8).
constexpr int64_t mmaInstrK(unsigned kWidth, int64_t instrM = kMmaM) {
  return instrM == kMmaF64M ? 4 : 8 * int64_t(kWidth);
}

/// The C/D layout of an [M, N] tile (M >= instrM, N >= 8) for instructions
/// of instrM rows (16: m16n8kK, 8: m8n8k4 f64), or of a [batch, M, N] tile
/// with three warpsPerCTA.
LinearLayout mmaAccumulatorLayout(llvm::ArrayRef<int64_t> shape,
                                  llvm::ArrayRef<unsigned> warpsPerCTA,
                                  int64_t instrM = kMmaM);

/// The layout of operand A ([M, K], opIdx 0) or B ([K, N], opIdx 1), or
/// their batched forms [batch, M, K] and [batch, K, N], with
/// `kWidth` consecutive K elements per 32-bit register (m16n8kK), or one
/// f64 per register (instrM 8, kWidth 1).
LinearLayout mmaOperandLayout(llvm::ArrayRef<int64_t> shape, unsigned opIdx,
                              llvm::ArrayRef<unsigned> warpsPerCTA,
                              unsigned kWidth, int64_t instrM = kMmaM);

/// The layout of the scales of block-scaled m16n8k32 (scale_vec::1X, one
/// scale per row of A and per column of B for each K step of 32): A's
/// scales [M, K / 32] (opIdx 0) or B's [K / 32, N] (opIdx 1), one byte per
/// register, held by the lanes that selector {byte 0, thread 0} reads: row
/// m of an instruction in lane 4 (m % 8) + m / 8, column n in lane 4 n.
LinearLayout mmaScaleLayout(llvm::ArrayRef<int64_t> shape, unsigned opIdx,
                            llvm::ArrayRef<unsigned> warpsPerCTA);
/// Elements of one instruction's fragment held by each thread: 4 for C/D,
/// 4 * kWidth for A, 2 * kWidth for B (m16n8kK); 2, 1 and 1 for m8n8k4.
unsigned mmaFragmentElements(int operand, unsigned kWidth,
                             int64_t instrM = kMmaM);

/// warpsPerCTA for an [M, N] accumulator over `numWarps` warps: double the
/// warps along the dimension with more instruction repetitions left.
llvm::SmallVector<unsigned, 2>
mmaWarpsPerCTA(int64_t m, int64_t n, unsigned numWarps, int64_t instrM = kMmaM);

/// warpsPerCTA of a [batch, M, N] accumulator: warps go to the batch first
/// (as many as there are batches, up to numWarps), the rest to each batch's
/// [M, N] as mmaWarpsPerCTA would.
llvm::SmallVector<unsigned, 3> mmaBatchedWarpsPerCTA(int64_t batch, int64_t m,
                                                     int64_t n,
                                                     unsigned numWarps,
                                                     int64_t instrM = kMmaM);

} // namespace tileiras::layout

#endif // TILEIRAS_LAYOUT_MMALAYOUTS_H
