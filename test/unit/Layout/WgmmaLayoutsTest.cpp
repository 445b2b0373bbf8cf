//===- WgmmaLayoutsTest.cpp - wgmma descriptors of swizzled slots --------===//
//
// Every element an instruction reads through the planned descriptor must be
// where the slot's own layout (swizzledSharedLayout, as TMA, cp.async and
// stores write it) puts it. The read side is the PTX ISA's canonical
// layout table, written out here: K-major ((8, m), (T, 2k)) : ((S/16 T,
// SBO), (1, T)) and MN-major ((T, S/16, m), (8, k)) : ((1, T, LBO), (S/16 T,
// SBO)) in elements, then Swizzle<log2(S/16), 4, 3> on the byte address.
//
//===----------------------------------------------------------------------===//

#include "tileiras/Layout/WgmmaLayouts.h"

#include "gtest/gtest.h"

using namespace tileiras::layout;

namespace {

int64_t swizzled(int64_t byte, unsigned span) {
  int64_t mask = span / 16 - 1;
  return byte ^ (((byte >> 7) & mask) << 4);
}

/// The byte the instruction reads for (mn, k) of its sub-tile.
int64_t isaByte(const WgmmaOperandPlan &p, int64_t start, int64_t mn,
                int64_t k) {
  int64_t t = 16 / p.elementBytes, s = p.spanBytes / 16;
  int64_t element;
  if (!p.mnMajor)
    element = mn % 8 * s * t + mn / 8 * (p.sboBytes / p.elementBytes) + k;
  else
    element = mn % t + mn / t % s * t +
              mn / (t * s) * (p.lboBytes / p.elementBytes) + k % 8 * s * t +
              k / 8 * (p.sboBytes / p.elementBytes);
  return swizzled(start + element * p.elementBytes, p.spanBytes);
}

/// A [rows, columns] slot laid out as TMA writes it, read by instructions
/// of kBytes of K and `mnStep` rows/columns of M/N.
void expectReadsMatch(int64_t rows, int64_t columns, unsigned bytes,
                      bool mnMajor, int64_t mnStep) {
  std::optional<TmaTilePlan> tma = tmaTilePlan(rows, columns, bytes);
  ASSERT_TRUE(tma);
  unsigned segment = tma->boxColumns < columns ? tma->boxColumns : 0;
  std::optional<WgmmaOperandPlan> plan = wgmmaOperandPlan(
      {rows, columns}, {1, 0}, tma->swizzle, segment, bytes, mnMajor);
  ASSERT_TRUE(plan);
  LinearLayout slot = swizzledSharedLayout(
      {rows, columns}, {1, 0}, tma->swizzle.vec, tma->swizzle.perPhase,
      tma->swizzle.maxPhase, segment);
  auto inverse = invertShared(slot);
  ASSERT_TRUE(inverse);
  int64_t kStep = 32 / bytes; // K of one instruction: 32 bytes
  int64_t mnExtent = mnMajor ? columns : rows;
  int64_t kExtent = mnMajor ? rows : columns;
  for (int64_t mn0 = 0; mn0 < mnExtent; mn0 += mnStep)
    for (int64_t k0 = 0; k0 < kExtent; k0 += kStep) {
      int64_t start =
          mnMajor ? plan->byteOffset(k0, mn0) : plan->byteOffset(mn0, k0);
      for (int64_t mn = 0; mn < mnStep; ++mn)
        for (int64_t k = 0; k < kStep; ++k) {
          Coord at =
              mnMajor ? Coord{k0 + k, mn0 + mn} : Coord{mn0 + mn, k0 + k};
          int64_t want =
              applyInverse(*inverse, at, slot.getShape()) * int64_t(bytes);
          ASSERT_EQ(isaByte(*plan, start, mn, k), want)
              << "element (" << at[0] << ", " << at[1] << ")";
        }
    }
}

TEST(WgmmaLayouts, KMajorA64ByteRows) {
  expectReadsMatch(128, 32, 2, false, 64);
}
TEST(WgmmaLayouts, KMajorA128ByteRows) {
  expectReadsMatch(64, 64, 2, false, 64);
}
TEST(WgmmaLayouts, KMajorATwoBoxes) {
  expectReadsMatch(128, 128, 2, false, 64);
}
TEST(WgmmaLayouts, KMajorA32ByteRows) {
  expectReadsMatch(64, 16, 2, false, 64);
}
TEST(WgmmaLayouts, MnMajorBTwoBoxes) {
  expectReadsMatch(32, 128, 2, true, 128);
}
TEST(WgmmaLayouts, MnMajorB128ByteRows) {
  expectReadsMatch(16, 64, 2, true, 64);
}
TEST(WgmmaLayouts, MnMajorB64ByteRows) {
  expectReadsMatch(64, 32, 2, true, 32);
}
TEST(WgmmaLayouts, MnMajorBFourBoxes) {
  expectReadsMatch(16, 256, 2, true, 256);
}

TEST(WgmmaLayouts, Descriptors) {
  SwizzleParams s128{8, 1, 8};
  auto b = wgmmaOperandPlan({32, 128}, {1, 0}, s128, 64, 2, true);
  ASSERT_TRUE(b);
  EXPECT_EQ(b->swizzleCode, 1u);
  EXPECT_EQ(b->lboBytes, 32 * 128);
  EXPECT_EQ(b->sboBytes, 1024);
  auto a =
      wgmmaOperandPlan({128, 32}, {1, 0}, SwizzleParams{8, 2, 4}, 0, 2, false);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->swizzleCode, 2u);
  EXPECT_EQ(a->sboBytes, 512);
}

TEST(WgmmaLayouts, StagingLayoutsAreCanonical) {
  // What a tile staged for wgmma is stored with is a layout wgmma reads,
  // as A (K-major) and as B (N-major); 16-byte rows have none.
  for (auto [rows, columns] : {std::pair<int64_t, int64_t>{64, 32},
                               {128, 64},
                               {32, 128},
                               {64, 16},
                               {16, 256}}) {
    auto staged = wgmmaSharedLayout({rows, columns}, 2);
    ASSERT_TRUE(staged) << rows << " x " << columns;
    for (bool mnMajor : {false, true})
      EXPECT_TRUE(wgmmaOperandPlan({rows, columns}, {1, 0}, staged->first,
                                   staged->second, 2, mnMajor));
  }
  EXPECT_FALSE(wgmmaSharedLayout({64, 8}, 2));
}

/// A column-major [k, n] B slot (K contiguous, as the pipeliner stores a
/// B tile whose K runs along memory, or a staged 8-bit B) is a K-major
/// operand: each instruction's reads, K-major by the ISA's table from
/// operandOffset, land where the slot's layout stores the elements.
void expectKMajorB(int64_t k, int64_t n, unsigned bytes) {
  auto staged = wgmmaSharedLayout({n, k}, bytes);
  ASSERT_TRUE(staged);
  std::optional<WgmmaOperandPlan> plan = wgmmaSlotPlan(
      {k, n}, {0, 1}, staged->first, staged->second, bytes, /*isB=*/true);
  ASSERT_TRUE(plan);
  EXPECT_FALSE(plan->mnMajor);
  EXPECT_TRUE(plan->transposed);
  LinearLayout slot = swizzledSharedLayout(
      {k, n}, {0, 1}, staged->first.vec, staged->first.perPhase,
      staged->first.maxPhase, staged->second);
  auto inverse = invertShared(slot);
  ASSERT_TRUE(inverse);
  int64_t kStep = 32 / bytes, nStep = std::min<int64_t>(n, 64);
  for (int64_t n0 = 0; n0 < n; n0 += nStep)
    for (int64_t k0 = 0; k0 < k; k0 += kStep) {
      int64_t start = plan->operandOffset(k0, n0);
      for (int64_t j = 0; j < nStep; ++j)
        for (int64_t i = 0; i < kStep; ++i) {
          int64_t want =
              applyInverse(*inverse, {k0 + i, n0 + j}, slot.getShape()) *
              int64_t(bytes);
          ASSERT_EQ(isaByte(*plan, start, j, i), want)
              << "B element (" << k0 + i << ", " << n0 + j << ")";
        }
    }
}

TEST(WgmmaLayouts, KMajorBFp8) { expectKMajorB(64, 128, 1); }
TEST(WgmmaLayouts, KMajorBFp8TwoBoxes) { expectKMajorB(256, 64, 1); }
TEST(WgmmaLayouts, KMajorBTf32) { expectKMajorB(32, 64, 4); }
TEST(WgmmaLayouts, KMajorBF16) { expectKMajorB(64, 32, 2); }

TEST(WgmmaLayouts, SlotPlanMajorness) {
  SwizzleParams s128{8, 1, 8};
  // Row-major A is K-major, row-major B N-major, column-major A M-major.
  auto a = wgmmaSlotPlan({64, 64}, {1, 0}, s128, 0, 2, false);
  auto b = wgmmaSlotPlan({64, 64}, {1, 0}, s128, 0, 2, true);
  auto at = wgmmaSlotPlan({64, 64}, {0, 1}, s128, 0, 2, false);
  ASSERT_TRUE(a && b && at);
  EXPECT_FALSE(a->mnMajor);
  EXPECT_TRUE(b->mnMajor);
  EXPECT_TRUE(at->mnMajor);
  EXPECT_TRUE(at->transposed);
  EXPECT_EQ(at->operandOffset(3, 8), at->byteOffset(8, 3));
}

TEST(WgmmaLayouts, NotCanonical) {
  // Column-major, 256-byte rows without segments, an ldmatrix swizzle
  // that is not the span's, rows not a multiple of 8.
  EXPECT_FALSE(wgmmaOperandPlan({64, 32}, {0, 1}, {8, 2, 4}, 0, 2, false));
  EXPECT_FALSE(wgmmaOperandPlan({32, 128}, {1, 0}, {8, 1, 8}, 0, 2, true));
  EXPECT_FALSE(wgmmaOperandPlan({64, 32}, {1, 0}, {8, 1, 8}, 0, 2, false));
  EXPECT_FALSE(wgmmaOperandPlan({4, 64}, {1, 0}, {8, 1, 8}, 0, 2, false));
}

} // namespace
