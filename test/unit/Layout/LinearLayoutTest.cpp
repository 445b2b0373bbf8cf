//===- LinearLayoutTest.cpp - distributed layout math ---------------------===//

#include "tileiras/Layout/LinearLayout.h"

#include "gtest/gtest.h"

using namespace tileiras::layout;

namespace {

Coord c(std::initializer_list<int64_t> values) { return Coord(values); }

TEST(LinearLayout, Blocked1DVectorized) {
  LinearLayout l = blockedLayout({1024}, {4}, {32}, {4}, {0});
  EXPECT_EQ(l.getNumRegisters(), 8u);
  EXPECT_EQ(l.getNumLanes(), 32u);
  EXPECT_EQ(l.getNumWarps(), 4u);
  // Lane 1 of warp 0 starts at element 4; warp 1 starts at 128.
  EXPECT_EQ(l.apply(0, 1, 0), c({4}));
  EXPECT_EQ(l.apply(3, 1, 0), c({7}));
  EXPECT_EQ(l.apply(0, 0, 1), c({128}));
  // The second block repeats in registers 4..7.
  EXPECT_EQ(l.apply(4, 0, 0), c({512}));
  EXPECT_EQ(l.contiguousRegisters(0), 4u);
  EXPECT_TRUE(l.isSurjective());
  EXPECT_TRUE(l.registersAreDistinct());
}

TEST(LinearLayout, SmallTileReplicates) {
  // 64 elements over 128 threads: warps 2 and 3 hold copies of 0 and 1.
  LinearLayout l = blockedLayout({64}, {1}, {32}, {4}, {0});
  EXPECT_EQ(l.getNumRegisters(), 1u);
  EXPECT_EQ(l.apply(0, 5, 2), l.apply(0, 5, 0));
  EXPECT_EQ(l.freeBits(InDim::Warp), (llvm::SmallVector<unsigned>{1}));
  EXPECT_TRUE(l.isSurjective());
}

TEST(LinearLayout, NotSurjectiveWhenTooFewOwners) {
  LinearLayout l(llvm::ArrayRef<int64_t>{8}, {c({1})}, {}, {});
  EXPECT_FALSE(l.isSurjective());
}

TEST(LinearLayout, DefaultParams) {
  BlockedParams p = defaultBlockedParams({64, 64}, 4, 4);
  EXPECT_EQ(p.sizePerThread, (llvm::SmallVector<unsigned, 4>{1, 4}));
  EXPECT_EQ(p.threadsPerWarp, (llvm::SmallVector<unsigned, 4>{2, 16}));
  EXPECT_EQ(p.warpsPerCTA, (llvm::SmallVector<unsigned, 4>{4, 1}));
  EXPECT_EQ(p.order, (llvm::SmallVector<unsigned, 4>{1, 0}));

  BlockedParams q = defaultBlockedParams({1024}, 4, 4);
  EXPECT_EQ(q.sizePerThread, (llvm::SmallVector<unsigned, 4>{4}));
  EXPECT_EQ(q.threadsPerWarp, (llvm::SmallVector<unsigned, 4>{32}));
  EXPECT_EQ(q.warpsPerCTA, (llvm::SmallVector<unsigned, 4>{4}));

  // A tile narrower than a warp puts the spare lanes on the slow dimension.
  BlockedParams r = defaultBlockedParams({32, 8}, 1, 1);
  EXPECT_EQ(r.threadsPerWarp, (llvm::SmallVector<unsigned, 4>{4, 8}));
}

TEST(LinearLayout, TwoDimensionalBlocked) {
  BlockedParams p = defaultBlockedParams({64, 64}, 4, 4);
  LinearLayout l = blockedLayout({64, 64}, p.sizePerThread, p.threadsPerWarp,
                                 p.warpsPerCTA, p.order);
  EXPECT_EQ(l.getNumRegisters(), 32u);
  EXPECT_EQ(l.apply(0, 1, 0), c({0, 4}));
  EXPECT_EQ(l.apply(0, 16, 0), c({1, 0}));
  EXPECT_EQ(l.apply(0, 0, 1), c({2, 0}));
  EXPECT_EQ(l.apply(4, 0, 0), c({8, 0}));
  EXPECT_EQ(l.contiguousRegisters(1), 4u);
  EXPECT_EQ(l.contiguousRegisters(0), 1u);
  EXPECT_EQ(l.bitsAlong(InDim::Lane, 0), (llvm::SmallVector<unsigned>{4}));
  EXPECT_EQ(l.bitsAlong(InDim::Register, 0),
            (llvm::SmallVector<unsigned>{2, 3, 4}));
  EXPECT_TRUE(l.isSurjective());
}

TEST(LinearLayout, SliceDropsDimensionAndReplicates) {
  BlockedParams p = defaultBlockedParams({64, 64}, 4, 4);
  LinearLayout l = blockedLayout({64, 64}, p.sizePerThread, p.threadsPerWarp,
                                 p.warpsPerCTA, p.order);
  LinearLayout rows = l.sliced(1);
  EXPECT_EQ(rows.getShape(), (llvm::ArrayRef<int64_t>{64}));
  // The two column registers vanish; the row repetitions stay.
  EXPECT_EQ(rows.getNumRegisters(), 8u);
  // Lanes 0..15 all own row 0: the column lanes replicate.
  EXPECT_EQ(rows.apply(0, 7, 0), c({0}));
  EXPECT_EQ(rows.apply(0, 16, 0), c({1}));
  EXPECT_EQ(rows.freeBits(InDim::Lane).size(), 4u);
  EXPECT_TRUE(rows.isSurjective());
}

TEST(LinearLayout, ExpandAndPermute) {
  LinearLayout l = blockedLayout({128}, {4}, {32}, {1}, {0});
  LinearLayout e = l.expandedDims(0);
  EXPECT_EQ(e.getShape(), (llvm::ArrayRef<int64_t>{1, 128}));
  EXPECT_EQ(e.apply(1, 2, 0), c({0, 9}));
  LinearLayout t = e.permuted({1, 0});
  EXPECT_EQ(t.getShape(), (llvm::ArrayRef<int64_t>{128, 1}));
  EXPECT_EQ(t.apply(1, 2, 0), c({9, 0}));
}

TEST(LinearLayout, RegisterPermutation) {
  LinearLayout a(llvm::ArrayRef<int64_t>{4}, {c({1}), c({2})}, {}, {});
  LinearLayout b(llvm::ArrayRef<int64_t>{4}, {c({2}), c({1})}, {}, {});
  auto mapping = a.registerPermutationTo(b);
  ASSERT_TRUE(mapping.has_value());
  // a's register 1 holds element 1, which b keeps in register 2.
  EXPECT_EQ(*mapping, (llvm::SmallVector<unsigned>{0, 2, 1, 3}));
  LinearLayout lanes(llvm::ArrayRef<int64_t>{4}, {c({1})}, {c({2})}, {});
  EXPECT_FALSE(a.registerPermutationTo(lanes).has_value());
}

TEST(LinearLayout, FmaDotOperands) {
  // C 16x16 with one warp: 2x... layout from the defaults.
  BlockedParams p = defaultBlockedParams({16, 16}, 1, 4);
  LinearLayout acc = blockedLayout({16, 16}, p.sizePerThread,
                                   p.threadsPerWarp, p.warpsPerCTA, p.order);
  LinearLayout a = fmaDotOperandLayout(acc, 0, 8);
  LinearLayout b = fmaDotOperandLayout(acc, 1, 8);
  EXPECT_EQ(a.getShape(), (llvm::ArrayRef<int64_t>{16, 8}));
  EXPECT_EQ(b.getShape(), (llvm::ArrayRef<int64_t>{8, 16}));
  EXPECT_TRUE(a.registersAreDistinct());
  EXPECT_TRUE(b.registersAreDistinct());
  // Every thread holds, for each C element it owns, the whole row of A and
  // column of B it needs.
  for (unsigned lane = 0; lane < 32; ++lane)
    for (unsigned reg = 0; reg < acc.getNumRegisters(); ++reg) {
      Coord cc = acc.apply(reg, lane, 0);
      for (int64_t k = 0; k < 8; ++k) {
        bool haveA = false, haveB = false;
        for (unsigned r = 0; r < a.getNumRegisters(); ++r)
          haveA |= a.apply(r, lane, 0) == c({cc[0], k});
        for (unsigned r = 0; r < b.getNumRegisters(); ++r)
          haveB |= b.apply(r, lane, 0) == c({k, cc[1]});
        EXPECT_TRUE(haveA && haveB);
      }
    }
}

TEST(LinearLayout, FindRegister) {
  LinearLayout l = blockedLayout({1024}, {4}, {32}, {4}, {0});
  EXPECT_EQ(l.findRegister(c({2})), 2u);
  EXPECT_EQ(l.findRegister(c({513})), 5u);
  EXPECT_FALSE(l.findRegister(c({4})).has_value());
}

TEST(LinearLayout, Render) {
  LinearLayout l = blockedLayout({2, 4}, {1, 2}, {2, 2}, {1, 1}, {1, 0});
  EXPECT_EQ(l.render(), "T0:0 T0:1 T1:0 T1:1\n"
                        "T2:0 T2:1 T3:0 T3:1\n");
}

} // namespace
