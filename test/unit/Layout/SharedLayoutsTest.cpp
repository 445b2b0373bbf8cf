//===- SharedLayoutsTest.cpp - swizzles, GF(2) inverses, ldmatrix plans ---===//
//
// The ldmatrix checks do not trust the plan: they run the instruction as the
// PTX ISA describes it (lanes 8j..8j+7 give the row addresses of matrix j;
// without .trans lane L receives 32-bit column L % 4 of row L / 4, with it
// the 16-bit elements of rows 2(L % 4) and 2(L % 4) + 1 in column L / 4)
// over a shared buffer filled by the swizzled layout, and compare what every
// lane receives with what its register layout says it holds.
//
//===----------------------------------------------------------------------===//

#include "tileiras/Layout/SharedLayouts.h"
#include "tileiras/Layout/MmaLayouts.h"

#include "gtest/gtest.h"

#include <map>

using namespace tileiras::layout;

namespace {

Coord c(std::initializer_list<int64_t> values) { return Coord(values); }

/// The swizzle formula itself: the offset of (row, col) in a row-major
/// tile whose 16-byte chunks are XORed with (row / perPhase) % maxPhase.
int64_t swizzledOffset(int64_t row, int64_t col, int64_t rowLength, int64_t vec,
                       int64_t perPhase, int64_t maxPhase) {
  int64_t phase = (row / perPhase) % maxPhase;
  return row * rowLength + ((col / vec) ^ phase) * vec + col % vec;
}

void expectSwizzle(int64_t rows, int64_t cols, unsigned bytes, int64_t vec,
                   int64_t perPhase, int64_t maxPhase) {
  LinearLayout s = ldmatrixSharedLayout({rows, cols}, {1, 0}, bytes);
  auto inverse = invertShared(s);
  ASSERT_TRUE(inverse.has_value());
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t col = 0; col < cols; ++col) {
      int64_t expected = swizzledOffset(r, col, cols, vec, perPhase, maxPhase);
      EXPECT_EQ(applyInverse(*inverse, c({r, col}), s.getShape()), expected)
          << "(" << r << ", " << col << ")";
      EXPECT_EQ(s.applyPart(InDim::Offset, unsigned(expected)), c({r, col}));
    }
}

TEST(SharedLayouts, Swizzle128ByteRows) { expectSwizzle(16, 64, 2, 8, 1, 8); }
TEST(SharedLayouts, Swizzle64ByteRows) { expectSwizzle(16, 32, 2, 8, 2, 4); }
TEST(SharedLayouts, Swizzle32ByteRows) { expectSwizzle(32, 16, 2, 8, 4, 2); }
TEST(SharedLayouts, Swizzle8BitRows) { expectSwizzle(16, 128, 1, 16, 1, 8); }

/// The byte TMA writes element (row, col) of a tile to, from the hardware's
/// swizzle rule on the address (tensor-cores.md 2.4: bits [4, 4 + k) ^=
/// bits [7, 7 + k), k = log2(swizzle / 16)), one box of `boxColumns` after
/// another; independent of swizzledSharedLayout.
int64_t tmaByte(int64_t row, int64_t col, int64_t rows, int64_t boxColumns,
                unsigned bytes, unsigned swizzleBytes) {
  int64_t box = col / boxColumns;
  int64_t inBox = row * boxColumns * bytes + (col % boxColumns) * bytes;
  if (swizzleBytes) {
    int64_t mask = swizzleBytes / 16 - 1;
    inBox ^= ((inBox >> 7) & mask) << 4;
  }
  return box * rows * boxColumns * bytes + inBox;
}

void expectTmaPlan(int64_t rows, int64_t cols, unsigned bytes,
                   unsigned boxColumns, unsigned swizzleBytes) {
  std::optional<TmaTilePlan> plan = tmaTilePlan(rows, cols, bytes);
  ASSERT_TRUE(plan.has_value());
  EXPECT_EQ(plan->boxColumns, boxColumns);
  EXPECT_EQ(plan->swizzleBytes, swizzleBytes);
  unsigned segment = plan->boxColumns < cols ? plan->boxColumns : 0;
  LinearLayout s = swizzledSharedLayout({rows, cols}, {1, 0}, plan->swizzle.vec,
                                        plan->swizzle.perPhase,
                                        plan->swizzle.maxPhase, segment);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t col = 0; col < cols; ++col) {
      int64_t byte = tmaByte(r, col, rows, boxColumns, bytes, swizzleBytes);
      ASSERT_EQ(byte % bytes, 0);
      EXPECT_EQ(s.applyPart(InDim::Offset, unsigned(byte / bytes)), c({r, col}))
          << "(" << r << ", " << col << ")";
    }
}

TEST(SharedLayouts, TmaPlan64ByteRows) { expectTmaPlan(128, 32, 2, 32, 64); }
TEST(SharedLayouts, TmaPlan32ByteRows) { expectTmaPlan(32, 16, 2, 16, 32); }
TEST(SharedLayouts, TmaPlan128ByteRows) { expectTmaPlan(64, 128, 1, 128, 128); }
TEST(SharedLayouts, TmaPlanTwoBoxes) { expectTmaPlan(32, 128, 2, 64, 128); }
TEST(SharedLayouts, TmaPlanFourBoxesF32) { expectTmaPlan(16, 128, 4, 32, 128); }
TEST(SharedLayouts, TmaPlanUnswizzled) {
  // 16-byte rows, and 64-byte rows of a tile of 4 rows (not a whole
  // swizzle pattern): plain row-major boxes.
  expectTmaPlan(64, 4, 4, 4, 0);
  expectTmaPlan(4, 32, 2, 32, 0);
}
TEST(SharedLayouts, TmaPlanRejects) {
  EXPECT_FALSE(tmaTilePlan(512, 32, 2).has_value()); // > 256 rows
  EXPECT_FALSE(tmaTilePlan(64, 4, 2).has_value());   // 8-byte rows
  EXPECT_FALSE(tmaTilePlan(4, 512, 2).has_value());  // 1 KiB unswizzled box
}

TEST(SharedLayouts, SolveAndFindRegisterWithSeveralComponents) {
  // Register bases with two components each: (1,1), (0,1), (2,0).
  LinearLayout l(llvm::ArrayRef<int64_t>{4, 2},
                 {c({1, 1}), c({0, 1}), c({2, 0})}, {}, {});
  for (unsigned reg = 0; reg < 8; ++reg)
    EXPECT_EQ(l.findRegister(l.applyPart(InDim::Register, reg)), reg);
  EXPECT_EQ(solveGF2({c({1, 1}), c({0, 1})}, c({1, 0}), {4, 2}), 3u);
  EXPECT_FALSE(solveGF2({c({1, 1})}, c({2, 0}), {4, 2}).has_value());
}

TEST(SharedLayouts, NotInvertibleWhenOffsetsCollide) {
  LinearLayout s = LinearLayout::shared({2, 2}, {c({1, 0}), c({1, 0})});
  EXPECT_FALSE(invertShared(s).has_value());
}

TEST(SharedLayouts, ComposeUndoesInvertAndCompose) {
  LinearLayout a = mmaOperandLayout({64, 32}, 0, {2, 2}, 2);
  LinearLayout s = ldmatrixSharedLayout({64, 32}, {1, 0}, 2);
  auto offsets = invertAndCompose(a, s);
  ASSERT_TRUE(offsets.has_value());
  EXPECT_EQ(compose(*offsets, s), a);
  // Every register lands where the swizzle formula puts its coordinate.
  for (unsigned reg = 0; reg < a.getNumRegisters(); ++reg)
    for (unsigned lane = 0; lane < 32; ++lane) {
      Coord coord = a.apply(reg, lane, 3);
      EXPECT_EQ(offsets->apply(reg, lane, 3)[0],
                swizzledOffset(coord[0], coord[1], 32, 8, 2, 4));
    }
}

TEST(SharedLayouts, VectorWidthFromBlockedLayout) {
  // 8 contiguous f16 per thread along the 128-byte rows: 16-byte accesses.
  LinearLayout blocked =
      blockedLayout({64, 64}, {1, 8}, {4, 8}, {4, 1}, {1, 0});
  LinearLayout s = ldmatrixSharedLayout({64, 64}, {1, 0}, 2);
  auto offsets = invertAndCompose(blocked, s);
  ASSERT_TRUE(offsets.has_value());
  EXPECT_EQ(sharedVectorElements(*offsets, 8), 8u);
  EXPECT_EQ(sharedVectorElements(*offsets, 4), 4u);
  // Stored column-major, the same registers are scattered: one at a time.
  LinearLayout t = ldmatrixSharedLayout({64, 64}, {0, 1}, 2);
  EXPECT_EQ(sharedVectorElements(*invertAndCompose(blocked, t), 8), 1u);
}

/// Runs every ldmatrix of `plan` over a buffer holding, at each offset, the
/// coordinate the shared layout stores there, and checks each lane's words.
void checkLdmatrix(const LinearLayout &regs, const LinearLayout &shared,
                   unsigned elementBytes, bool expectTrans,
                   unsigned expectMatrices) {
  auto offsets = invertAndCompose(regs, shared);
  ASSERT_TRUE(offsets.has_value());
  auto plan = planLdmatrix(*offsets, elementBytes);
  ASSERT_TRUE(plan.has_value()) << regs.str();
  EXPECT_EQ(plan->trans, expectTrans);
  EXPECT_EQ(plan->numMatrices, expectMatrices);
  auto element = [&](int64_t offset) {
    return shared.applyPart(InDim::Offset, unsigned(offset));
  };
  for (unsigned warp = 0; warp < regs.getNumWarps(); ++warp)
    for (unsigned outer = 0; outer < (1u << plan->outerBits.size()); ++outer) {
      unsigned outerReg = 0;
      for (unsigned i = 0; i < plan->outerBits.size(); ++i)
        if (outer & (1u << i))
          outerReg |= 1u << plan->outerBits[i];
      int64_t base = offsets->apply(outerReg, 0, warp)[0];
      // Byte address of the row that lane `lane` supplies.
      auto rowAddress = [&](unsigned lane) {
        int64_t o = base;
        for (unsigned b = 0; b < 5; ++b)
          if (lane & (1u << b))
            o ^= plan->addressLaneBases[b];
        EXPECT_EQ(o * elementBytes % 16, 0) << "row not 16-byte aligned";
        return o * elementBytes;
      };
      for (unsigned lane = 0; lane < 32; ++lane)
        for (unsigned j = 0; j < plan->numMatrices; ++j) {
          unsigned reg = outerReg;
          for (unsigned b = 0; b < plan->matrixBits.size(); ++b)
            if (j & (1u << b))
              reg |= 1u << plan->matrixBits[b];
          for (unsigned i = 0; i < plan->wordElements; ++i) {
            // Byte of word j, element i, as the ISA table places it.
            int64_t byte =
                plan->trans
                    ? rowAddress(8 * j + 2 * (lane % 4) + i) + 2 * (lane / 4)
                    : rowAddress(8 * j + lane / 4) + 4 * (lane % 4) +
                          i * elementBytes;
            EXPECT_EQ(element(byte / elementBytes),
                      regs.apply(reg | i, lane, warp))
                << "lane " << lane << " matrix " << j << " element " << i;
          }
        }
    }
}

TEST(SharedLayouts, LdmatrixF16OperandA) {
  checkLdmatrix(mmaOperandLayout({64, 32}, 0, {2, 2}, 2),
                ldmatrixSharedLayout({64, 32}, {1, 0}, 2), 2, false, 4);
}

TEST(SharedLayouts, LdmatrixF16OperandBKContiguous) {
  checkLdmatrix(mmaOperandLayout({32, 64}, 1, {2, 2}, 2),
                ldmatrixSharedLayout({32, 64}, {0, 1}, 2), 2, false, 4);
}

TEST(SharedLayouts, LdmatrixF16OperandBNContiguousIsTransposed) {
  checkLdmatrix(mmaOperandLayout({32, 64}, 1, {2, 2}, 2),
                ldmatrixSharedLayout({32, 64}, {1, 0}, 2), 2, true, 4);
}

TEST(SharedLayouts, LdmatrixI8OperandA) {
  checkLdmatrix(mmaOperandLayout({64, 64}, 0, {2, 2}, 4),
                ldmatrixSharedLayout({64, 64}, {1, 0}, 1), 1, false, 4);
}

TEST(SharedLayouts, LdmatrixTf32OperandA) {
  checkLdmatrix(mmaOperandLayout({32, 16}, 0, {2, 2}, 1),
                ldmatrixSharedLayout({32, 16}, {1, 0}, 4), 4, false, 4);
}

TEST(SharedLayouts, LdmatrixSmallBUsesTwoMatrices) {
  // 16x8 B: one n8 block, two k8 halves -> .x2.
  checkLdmatrix(mmaOperandLayout({16, 8}, 1, {1, 1}, 2),
                ldmatrixSharedLayout({16, 8}, {0, 1}, 2), 2, false, 2);
}

// Batched operands: one swizzled matrix per batch, one after another; the
// batch bits (warps first, then registers) are whole matrices, so the
// per-batch ldmatrix plan carries over.
TEST(SharedLayouts, BatchedSwizzleStacksMatrices) {
  LinearLayout s = ldmatrixSharedLayout({4, 16, 64}, {2, 1, 0}, 2);
  LinearLayout one = ldmatrixSharedLayout({16, 64}, {1, 0}, 2);
  for (int64_t offset = 0; offset < 16 * 64; offset += 7)
    for (int64_t batch = 0; batch < 4; ++batch) {
      Coord inner = one.applyPart(InDim::Offset, unsigned(offset));
      EXPECT_EQ(s.applyPart(InDim::Offset, unsigned(batch * 16 * 64 + offset)),
                c({batch, inner[0], inner[1]}));
    }
}

TEST(SharedLayouts, LdmatrixBatchedF16Operands) {
  // [4, 32, 32] over warps {2, 1, 2}: each warp reads 2 batches.
  checkLdmatrix(mmaOperandLayout({4, 32, 32}, 0, {2, 1, 2}, 2),
                ldmatrixSharedLayout({4, 32, 32}, {2, 1, 0}, 2), 2, false, 4);
  checkLdmatrix(mmaOperandLayout({4, 32, 32}, 1, {2, 1, 2}, 2),
                ldmatrixSharedLayout({4, 32, 32}, {2, 1, 0}, 2), 2, true, 4);
  checkLdmatrix(mmaOperandLayout({4, 32, 32}, 1, {2, 1, 2}, 2),
                ldmatrixSharedLayout({4, 32, 32}, {1, 2, 0}, 2), 2, false, 4);
}

TEST(SharedLayouts, LdmatrixBatchedI8OperandA) {
  checkLdmatrix(mmaOperandLayout({2, 32, 64}, 0, {2, 2, 1}, 4),
                ldmatrixSharedLayout({2, 32, 64}, {2, 1, 0}, 1), 1, false, 4);
}

TEST(SharedLayouts, NoLdmatrixForNContiguous8BitB) {
  // ldmatrix .trans moves 16-bit elements: 8-bit B stored N-contiguous
  // cannot be transposed by it.
  LinearLayout b = mmaOperandLayout({64, 64}, 1, {2, 2}, 4);
  auto offsets = invertAndCompose(b, ldmatrixSharedLayout({64, 64}, {1, 0}, 1));
  ASSERT_TRUE(offsets.has_value());
  EXPECT_FALSE(planLdmatrix(*offsets, 1).has_value());
}

} // namespace
