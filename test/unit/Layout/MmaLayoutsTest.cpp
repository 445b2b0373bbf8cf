//===- MmaLayoutsTest.cpp - mma.sync fragment layouts vs the PTX ISA ------===//
//
// The expected positions are the PTX ISA's fragment tables for
// mma.m16n8k8 (tf32), m16n8k16 (f16/bf16) and m16n8k32 (8-bit), written out
// per element here, independently of how MmaLayouts.cpp builds its bases.
//
//===----------------------------------------------------------------------===//

#include "tileiras/Layout/MmaLayouts.h"

#include "gtest/gtest.h"

using namespace tileiras::layout;

namespace {

Coord rc(int64_t row, int64_t column) { return Coord{row, column}; }

// (row, col) of fragment element i of lane L, per the ISA's tables.
Coord accElement(unsigned lane, unsigned i) {
  unsigned g = lane / 4, t = lane % 4;
  return rc(g + (i >= 2 ? 8 : 0), 2 * t + (i % 2));
}

Coord aElement(unsigned lane, unsigned i, unsigned kWidth) {
  unsigned g = lane / 4, t = lane % 4;
  switch (kWidth) {
  case 1: // tf32: a0 (g,t) a1 (g+8,t) a2 (g,t+4) a3 (g+8,t+4)
    return rc(g + (i % 2) * 8, t + (i / 2) * 4);
  case 2: // f16: a0,a1 (g, 2t..) a2,a3 (g+8) a4,a5 (g, +8) a6,a7 (g+8, +8)
    return rc(g + ((i / 2) % 2) * 8, 2 * t + (i % 2) + (i / 4) * 8);
  default: // 8-bit: rows g for 0..3, 8..11; cols 4t + i%4 (+16 from 8)
    return rc(g + (((i / 4) % 2) ? 8 : 0), 4 * t + (i % 4) + (i >= 8 ? 16 : 0));
  }
}

Coord bElement(unsigned lane, unsigned i, unsigned kWidth) {
  unsigned g = lane / 4, t = lane % 4;
  switch (kWidth) {
  case 1: // tf32: b0 (k=t), b1 (k=t+4)
    return rc(t + i * 4, g);
  case 2: // f16: b0,b1 k = 2t, 2t+1; b2,b3 k + 8
    return rc(2 * t + (i % 2) + (i / 2) * 8, g);
  default: // 8-bit: k = 4t + i%4, +16 from element 4
    return rc(4 * t + (i % 4) + (i >= 4 ? 16 : 0), g);
  }
}

TEST(MmaLayouts, AccumulatorFragmentMatchesIsa) {
  LinearLayout acc = mmaAccumulatorLayout({16, 8}, {1, 1});
  ASSERT_EQ(acc.getNumRegisters(), 4u);
  for (unsigned lane = 0; lane < 32; ++lane)
    for (unsigned i = 0; i < 4; ++i)
      EXPECT_EQ(acc.apply(i, lane, 0), accElement(lane, i))
          << "lane " << lane << " c" << i;
  EXPECT_TRUE(acc.isSurjective());
  EXPECT_TRUE(acc.registersAreDistinct());
}

TEST(MmaLayouts, OperandFragmentsMatchIsa) {
  for (unsigned kWidth : {1u, 2u, 4u}) {
    int64_t k = mmaInstrK(kWidth);
    LinearLayout a = mmaOperandLayout({16, k}, 0, {1, 1}, kWidth);
    LinearLayout b = mmaOperandLayout({k, 8}, 1, {1, 1}, kWidth);
    ASSERT_EQ(a.getNumRegisters(), mmaFragmentElements(0, kWidth));
    ASSERT_EQ(b.getNumRegisters(), mmaFragmentElements(1, kWidth));
    for (unsigned lane = 0; lane < 32; ++lane) {
      for (unsigned i = 0; i < a.getNumRegisters(); ++i)
        EXPECT_EQ(a.apply(i, lane, 0), aElement(lane, i, kWidth))
            << "kWidth " << kWidth << " lane " << lane << " a" << i;
      for (unsigned i = 0; i < b.getNumRegisters(); ++i)
        EXPECT_EQ(b.apply(i, lane, 0), bElement(lane, i, kWidth))
            << "kWidth " << kWidth << " lane " << lane << " b" << i;
    }
    EXPECT_TRUE(a.isSurjective() && a.registersAreDistinct());
    EXPECT_TRUE(b.isSurjective() && b.registersAreDistinct());
  }
}

TEST(MmaLayouts, WarpsAndRepetitionsTileTheAccumulator) {
  // 64x64 over warps {2 along M, 2 along N}: warp 1 is the next 8 columns,
  // warp 2 the next 16 rows; then the instruction repeats every 16 columns
  // and 32 rows.
  LinearLayout acc = mmaAccumulatorLayout({64, 64}, {2, 2});
  EXPECT_EQ(acc.apply(0, 0, 1), rc(0, 8));
  EXPECT_EQ(acc.apply(0, 0, 2), rc(16, 0));
  EXPECT_EQ(acc.apply(4, 0, 0), rc(0, 16));
  EXPECT_EQ(acc.apply(4 * 4, 0, 0), rc(32, 0));
  EXPECT_EQ(acc.getNumRegisters(), 64u * 64 / 128);
  EXPECT_TRUE(acc.isSurjective() && acc.registersAreDistinct());
}

TEST(MmaLayouts, OperandsReplicateOverTheOtherWarps) {
  LinearLayout a = mmaOperandLayout({64, 32}, 0, {2, 2}, 2);
  LinearLayout b = mmaOperandLayout({32, 64}, 1, {2, 2}, 2);
  for (unsigned lane = 0; lane < 32; ++lane) {
    // Warps 0 and 1 differ only along N: same A, B shifted 8 columns.
    EXPECT_EQ(a.apply(0, lane, 1), a.apply(0, lane, 0));
    EXPECT_EQ(a.apply(0, lane, 2),
              rc(a.apply(0, lane, 0)[0] + 16, a.apply(0, lane, 0)[1]));
    EXPECT_EQ(b.apply(0, lane, 2), b.apply(0, lane, 0));
    EXPECT_EQ(b.apply(0, lane, 1),
              rc(b.apply(0, lane, 0)[0], b.apply(0, lane, 0)[1] + 8));
  }
  // The next K step of A is 16 further along K.
  EXPECT_EQ(a.apply(8, 0, 0), rc(0, 16));
  EXPECT_TRUE(a.isSurjective() && a.registersAreDistinct());
  EXPECT_TRUE(b.isSurjective() && b.registersAreDistinct());
}

TEST(MmaLayouts, WarpChoice) {
  using W = llvm::SmallVector<unsigned, 2>;
  EXPECT_EQ(mmaWarpsPerCTA(128, 128, 4), (W{2, 2}));
  EXPECT_EQ(mmaWarpsPerCTA(128, 256, 8), (W{2, 4}));
  EXPECT_EQ(mmaWarpsPerCTA(64, 64, 4), (W{2, 2}));
  EXPECT_EQ(mmaWarpsPerCTA(16, 8, 4), (W{4, 1}));
  EXPECT_EQ(mmaWarpsPerCTA(16, 64, 4), (W{1, 4}));
}

// Batched (rank 3): every batch is the ISA's fragment; warps take the
// batch first (highest warp bits), a warp's further batches come after the
// 2-D repetitions in the registers.
Coord brc(int64_t batch, const Coord &rowColumn) {
  return Coord{batch, rowColumn[0], rowColumn[1]};
}

TEST(MmaLayouts, BatchedFragmentsMatchIsa) {
  // [4, 16, 8] over 2 batch warps: warp w holds batches w and w + 2, one
  // instruction each; registers 0..3 are batch w's c0..c3, 4..7 batch w + 2's.
  LinearLayout acc = mmaAccumulatorLayout({4, 16, 8}, {2, 1, 1});
  ASSERT_EQ(acc.getNumRegisters(), 8u);
  ASSERT_EQ(acc.getNumWarps(), 2u);
  for (unsigned warp = 0; warp < 2; ++warp)
    for (unsigned lane = 0; lane < 32; ++lane)
      for (unsigned i = 0; i < 4; ++i) {
        EXPECT_EQ(acc.apply(i, lane, warp), brc(warp, accElement(lane, i)));
        EXPECT_EQ(acc.apply(4 + i, lane, warp),
                  brc(warp + 2, accElement(lane, i)));
      }
  EXPECT_TRUE(acc.isSurjective() && acc.registersAreDistinct());
  for (unsigned kWidth : {1u, 2u, 4u}) {
    int64_t k = mmaInstrK(kWidth);
    LinearLayout a = mmaOperandLayout({4, 16, k}, 0, {2, 1, 1}, kWidth);
    LinearLayout b = mmaOperandLayout({4, k, 8}, 1, {2, 1, 1}, kWidth);
    unsigned na = mmaFragmentElements(0, kWidth),
             nb = mmaFragmentElements(1, kWidth);
    ASSERT_EQ(a.getNumRegisters(), 2 * na);
    ASSERT_EQ(b.getNumRegisters(), 2 * nb);
    for (unsigned warp = 0; warp < 2; ++warp)
      for (unsigned lane = 0; lane < 32; ++lane) {
        for (unsigned i = 0; i < na; ++i) {
          EXPECT_EQ(a.apply(i, lane, warp),
                    brc(warp, aElement(lane, i, kWidth)));
          EXPECT_EQ(a.apply(na + i, lane, warp),
                    brc(warp + 2, aElement(lane, i, kWidth)));
        }
        for (unsigned i = 0; i < nb; ++i) {
          EXPECT_EQ(b.apply(i, lane, warp),
                    brc(warp, bElement(lane, i, kWidth)));
          EXPECT_EQ(b.apply(nb + i, lane, warp),
                    brc(warp + 2, bElement(lane, i, kWidth)));
        }
      }
    EXPECT_TRUE(a.isSurjective() && a.registersAreDistinct());
    EXPECT_TRUE(b.isSurjective() && b.registersAreDistinct());
  }
}

TEST(MmaLayouts, BatchedWarpsSplitTheBatchThenTheTile) {
  // [2, 32, 32] over {2, 1, 2}: warp id = (b * 1 + m) * 2 + n, so warp 1 is
  // 8 columns right, warp 2 the next batch; each batch's 32x32 repeats the
  // instruction as the 2-D layout over {1, 2} warps does.
  LinearLayout acc = mmaAccumulatorLayout({2, 32, 32}, {2, 1, 2});
  LinearLayout flat = mmaAccumulatorLayout({32, 32}, {1, 2});
  ASSERT_EQ(acc.getNumRegisters(), flat.getNumRegisters());
  for (unsigned warp = 0; warp < 4; ++warp)
    for (unsigned lane = 0; lane < 32; lane += 5)
      for (unsigned r = 0; r < flat.getNumRegisters(); ++r)
        EXPECT_EQ(acc.apply(r, lane, warp),
                  brc(warp / 2, flat.apply(r, lane, warp % 2)));
  // Operands keep the batch warps (both A and B have the batch) and drop
  // the N warp (A) or the M warp (B, none here).
  LinearLayout a = mmaOperandLayout({2, 32, 16}, 0, {2, 1, 2}, 2);
  for (unsigned lane = 0; lane < 32; ++lane) {
    Coord first = a.apply(0, lane, 0);
    EXPECT_EQ(a.apply(0, lane, 1), first);
    EXPECT_EQ(a.apply(0, lane, 2), (Coord{1, first[1], first[2]}));
  }
  // A batch smaller than the batch warps is replicated over them.
  LinearLayout one = mmaAccumulatorLayout({1, 16, 8}, {2, 1, 1});
  EXPECT_EQ(one.apply(0, 3, 1), one.apply(0, 3, 0));
  EXPECT_TRUE(one.isSurjective());

  using W = llvm::SmallVector<unsigned, 3>;
  EXPECT_EQ(mmaBatchedWarpsPerCTA(2, 32, 32, 4), (W{2, 1, 2}));
  EXPECT_EQ(mmaBatchedWarpsPerCTA(4, 16, 16, 4), (W{4, 1, 1}));
  EXPECT_EQ(mmaBatchedWarpsPerCTA(8, 64, 64, 4), (W{4, 1, 1}));
  EXPECT_EQ(mmaBatchedWarpsPerCTA(1, 32, 64, 4), (W{1, 1, 4})); // as rank 2
  EXPECT_EQ(mmaBatchedWarpsPerCTA(2, 64, 64, 8), (W{2, 2, 2}));
}

} // namespace

// mma.m8n8k4 f64 (instrShape [8, 8]): a0 (g, t), b0 (k = t, n = g),
// c0, c1 (g, 2t), (g, 2t + 1).
TEST(MmaLayouts, F64FragmentsMatchIsa) {
  LinearLayout acc = mmaAccumulatorLayout({8, 8}, {1, 1}, kMmaF64M);
  LinearLayout a = mmaOperandLayout({8, 4}, 0, {1, 1}, 1, kMmaF64M);
  LinearLayout b = mmaOperandLayout({4, 8}, 1, {1, 1}, 1, kMmaF64M);
  EXPECT_EQ(mmaInstrK(1, kMmaF64M), 4);
  ASSERT_EQ(acc.getNumRegisters(), mmaFragmentElements(2, 1, kMmaF64M));
  ASSERT_EQ(acc.getNumRegisters(), 2u);
  ASSERT_EQ(a.getNumRegisters(), 1u);
  ASSERT_EQ(b.getNumRegisters(), 1u);
  ASSERT_EQ(mmaFragmentElements(0, 1, kMmaF64M), 1u);
  ASSERT_EQ(mmaFragmentElements(1, 1, kMmaF64M), 1u);
  for (unsigned lane = 0; lane < 32; ++lane) {
    unsigned g = lane / 4, t = lane % 4;
    EXPECT_EQ(a.apply(0, lane, 0), rc(g, t)) << "lane " << lane;
    EXPECT_EQ(b.apply(0, lane, 0), rc(t, g)) << "lane " << lane;
    EXPECT_EQ(acc.apply(0, lane, 0), rc(g, 2 * t)) << "lane " << lane;
    EXPECT_EQ(acc.apply(1, lane, 0), rc(g, 2 * t + 1)) << "lane " << lane;
  }
  for (const LinearLayout &l : {acc, a, b})
    EXPECT_TRUE(l.isSurjective() && l.registersAreDistinct());
}

TEST(MmaLayouts, F64WarpsAndRepetitions) {
  // 32x32 over {2, 2} warps: warp 2 is 8 rows down (not 16), warp 1 is 8
  // columns right; the instruction repeats every 16 columns and 16 rows;
  // A's next K step is 4 further along K.
  LinearLayout acc = mmaAccumulatorLayout({32, 32}, {2, 2}, kMmaF64M);
  EXPECT_EQ(acc.apply(0, 0, 2), rc(8, 0));
  EXPECT_EQ(acc.apply(0, 0, 1), rc(0, 8));
  EXPECT_EQ(acc.apply(2, 0, 0), rc(0, 16));
  EXPECT_EQ(acc.apply(4, 0, 0), rc(16, 0));
  EXPECT_EQ(acc.getNumRegisters(), 32u * 32 / 128);
  EXPECT_TRUE(acc.isSurjective() && acc.registersAreDistinct());
  LinearLayout a = mmaOperandLayout({32, 16}, 0, {2, 2}, 1, kMmaF64M);
  LinearLayout b = mmaOperandLayout({16, 32}, 1, {2, 2}, 1, kMmaF64M);
  EXPECT_EQ(a.apply(1, 0, 0), rc(0, 4));
  EXPECT_EQ(a.apply(0, 0, 2), rc(8, 0));
  EXPECT_EQ(a.apply(0, 0, 1), rc(0, 0));
  EXPECT_EQ(b.apply(1, 0, 0), rc(4, 0));
  EXPECT_EQ(b.apply(0, 0, 1), rc(0, 8));
  EXPECT_EQ(b.apply(0, 0, 2), rc(0, 0));
  EXPECT_TRUE(a.isSurjective() && a.registersAreDistinct());
  EXPECT_TRUE(b.isSurjective() && b.registersAreDistinct());
  EXPECT_EQ(mmaWarpsPerCTA(32, 32, 4, kMmaF64M),
            (llvm::SmallVector<unsigned, 2>{2, 2}));
}

// The scale selector table of block-scaled m16n8k32 (scale_vec::1X) with
// byte-id 0 and thread-id 0: row m of A's scales comes from lane
// 4 (m % 8) + m / 8, column n of B's from lane 4 n.
TEST(MmaLayouts, ScaleLanesMatchIsaSelectors) {
  unsigned warps[] = {2, 2};
  // A's scales [32, 2] and B's [2, 16]: two K steps, one instruction per
  // warp along M and N.
  LinearLayout a = mmaScaleLayout({32, 2}, 0, warps);
  LinearLayout b = mmaScaleLayout({2, 16}, 1, warps);
  for (int64_t m = 0; m < 16; ++m)
    EXPECT_EQ(a.apply(0, unsigned(4 * (m % 8) + m / 8), 0), rc(m, 0)) << m;
  for (int64_t n = 0; n < 8; ++n)
    EXPECT_EQ(b.apply(0, unsigned(4 * n), 0), rc(0, n)) << n;
  // The next register is the next K step; warps move A along M by 16 and
  // B along N by 8 and copy the other operand's scales.
  EXPECT_EQ(a.apply(1, 0, 0), rc(0, 1));
  EXPECT_EQ(b.apply(1, 0, 0), rc(1, 0));
  EXPECT_EQ(a.apply(0, 0, 2), rc(16, 0));
  EXPECT_EQ(a.apply(0, 0, 1), rc(0, 0));
  EXPECT_EQ(b.apply(0, 0, 1), rc(0, 8));
  EXPECT_EQ(b.apply(0, 0, 2), rc(0, 0));
  // M beyond the warps' rows repeats in registers, like the accumulator.
  LinearLayout tall = mmaScaleLayout({64, 1}, 0, warps);
  EXPECT_EQ(tall.apply(1, 0, 0), rc(32, 0));
}
