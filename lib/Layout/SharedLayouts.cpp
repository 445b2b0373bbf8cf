//===- SharedLayouts.cpp - swizzled shared memory, vector and ldmatrix ----===//

#include "tileiras/Layout/SharedLayouts.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace tileiras;
using namespace tileiras::layout;

LinearLayout layout::swizzledSharedLayout(llvm::ArrayRef<int64_t> shape,
                                          llvm::ArrayRef<unsigned> order,
                                          unsigned vec, unsigned perPhase,
                                          unsigned maxPhase, unsigned segment) {
  assert((shape.size() == 2 || shape.size() == 3) &&
         order.size() == shape.size() && "rank-2 or rank-3 tiles only");
  unsigned column = order[0], row = order[1];
  auto unit = [&](unsigned dim, int64_t value) {
    Coord coord(shape.size(), 0);
    coord[dim] = value;
    return coord;
  };
  int64_t piece =
      segment ? std::min<int64_t>(segment, shape[column]) : shape[column];
  llvm::SmallVector<Coord> bases;
  for (int64_t v = 1; v < piece; v <<= 1)
    bases.push_back(unit(column, v));
  unsigned phaseShift = llvm::Log2_32(perPhase);
  unsigned phaseBits = llvm::Log2_32(maxPhase);
  for (unsigned bit = 0; (int64_t(1) << bit) < shape[row]; ++bit) {
    Coord basis = unit(row, int64_t(1) << bit);
    // Row bit `bit` is phase bit (bit - phaseShift): it flips that bit of
    // the chunk index, as long as the row has such a chunk.
    if (bit >= phaseShift && bit - phaseShift < phaseBits) {
      int64_t flip = int64_t(vec) << (bit - phaseShift);
      if (flip < piece)
        basis[column] = flip;
    }
    bases.push_back(basis);
  }
  // The pieces of a segmented row: one block of all rows per piece.
  for (int64_t v = piece; v < shape[column]; v <<= 1)
    bases.push_back(unit(column, v));
  // A batch dimension (rank 3): whole swizzled matrices one after another.
  for (unsigned i = 2; i < order.size(); ++i)
    for (int64_t v = 1; v < shape[order[i]]; v <<= 1)
      bases.push_back(unit(order[i], v));
  return LinearLayout::shared(shape, bases);
}

std::optional<TmaTilePlan> layout::tmaTilePlan(int64_t rows, int64_t columns,
                                               unsigned elementBytes) {
  int64_t rowBytes = columns * int64_t(elementBytes);
  if (rows < 1 || rows > 256 || rowBytes % 16 != 0 || elementBytes > 16)
    return std::nullopt;
  TmaTilePlan plan;
  plan.swizzle.vec = 16 / elementBytes;
  // A swizzle repeats every 8 rows (1024, 512 or 256 bytes): the tile must
  // hold whole repetitions for the slots to keep the pattern.
  bool wholeAtoms = rows % 8 == 0;
  if (wholeAtoms && (rowBytes == 32 || rowBytes == 64 || rowBytes == 128))
    plan.swizzleBytes = unsigned(rowBytes);
  else if (wholeAtoms && rowBytes % 128 == 0)
    plan.swizzleBytes = 128;
  plan.boxColumns =
      plan.swizzleBytes ? plan.swizzleBytes / elementBytes : unsigned(columns);
  if (plan.boxColumns > 256)
    return std::nullopt;
  if (plan.swizzleBytes) {
    plan.swizzle.perPhase = 128 / plan.swizzleBytes;
    plan.swizzle.maxPhase = plan.swizzleBytes / 16;
  }
  return plan;
}

SwizzleParams layout::ldmatrixSwizzle(llvm::ArrayRef<int64_t> shape,
                                      llvm::ArrayRef<unsigned> order,
                                      unsigned elementBytes) {
  int64_t rowLength = shape[order[0]];
  SwizzleParams params;
  params.vec = static_cast<unsigned>(
      std::min<int64_t>(std::max(1u, 16 / elementBytes), rowLength));
  int64_t rowBytes = rowLength * elementBytes;
  params.perPhase = static_cast<unsigned>(std::max<int64_t>(1, 128 / rowBytes));
  params.maxPhase = static_cast<unsigned>(std::max<int64_t>(
      1, std::min<int64_t>(8 / params.perPhase, rowLength / params.vec)));
  return params;
}

LinearLayout layout::ldmatrixSharedLayout(llvm::ArrayRef<int64_t> shape,
                                          llvm::ArrayRef<unsigned> order,
                                          unsigned elementBytes) {
  SwizzleParams params = ldmatrixSwizzle(shape, order, elementBytes);
  return swizzledSharedLayout(shape, order, params.vec, params.perPhase,
                              params.maxPhase);
}

/// True if every offset in `bases` is a multiple of `granule`.
static bool allAligned(llvm::ArrayRef<Coord> bases, int64_t granule) {
  return llvm::all_of(
      bases, [&](const Coord &basis) { return basis[0] % granule == 0; });
}

unsigned layout::sharedVectorElements(const LinearLayout &offsets,
                                      unsigned maxElements) {
  llvm::ArrayRef<Coord> regs = offsets.getBases(InDim::Register);
  unsigned bits = 0;
  while (bits < regs.size() && (2u << bits) <= maxElements &&
         regs[bits][0] == int64_t(1) << bits)
    ++bits;
  for (; bits > 0; --bits) {
    int64_t width = int64_t(1) << bits;
    if (allAligned(regs.drop_front(bits), width) &&
        allAligned(offsets.getBases(InDim::Lane), width) &&
        allAligned(offsets.getBases(InDim::Warp), width))
      break;
  }
  return 1u << bits;
}

namespace {
/// The bases of an ldmatrix candidate sorted by role.
struct Roles {
  llvm::SmallVector<int64_t, 4> inRow; // must be 1, 2, 4, ... in order
  llvm::SmallVector<int64_t, 3> rows;  // one per row bit of the 8x8 matrix
};
} // namespace

static std::optional<LdmatrixPlan> tryPlan(const LinearLayout &offsets,
                                           unsigned elementBytes, bool trans) {
  llvm::ArrayRef<Coord> regs = offsets.getBases(InDim::Register);
  llvm::ArrayRef<Coord> lanes = offsets.getBases(InDim::Lane);
  unsigned wordElements = 4 / elementBytes;
  unsigned wordBits = llvm::Log2_32(wordElements);
  if (lanes.size() != 5 || regs.size() < wordBits)
    return std::nullopt;
  // Without .trans a lane receives a word of one row (lane / 4) at column
  // word (lane % 4); with it (16-bit only) the word's two elements are rows
  // 2 * (lane % 4) and 2 * (lane % 4) + 1 of column lane / 4.
  Roles roles;
  if (!trans) {
    for (unsigned b = 0; b < wordBits; ++b)
      roles.inRow.push_back(regs[b][0]);
    roles.inRow.append({lanes[0][0], lanes[1][0]});
    roles.rows = {lanes[2][0], lanes[3][0], lanes[4][0]};
  } else {
    roles.inRow = {lanes[2][0], lanes[3][0], lanes[4][0]};
    roles.rows = {regs[0][0], lanes[0][0], lanes[1][0]};
  }
  for (unsigned i = 0; i < roles.inRow.size(); ++i)
    if (roles.inRow[i] != int64_t(1) << i)
      return std::nullopt;
  int64_t rowElements = 16 / elementBytes;
  LdmatrixPlan plan;
  plan.trans = trans;
  plan.wordElements = wordElements;
  for (unsigned b = wordBits; b < regs.size(); ++b) {
    if (plan.matrixBits.size() < 2)
      plan.matrixBits.push_back(b);
    else
      plan.outerBits.push_back(b);
  }
  plan.numMatrices = 1u << plan.matrixBits.size();
  plan.addressLaneBases.assign(roles.rows.begin(), roles.rows.end());
  for (unsigned i = 0; i < 2; ++i)
    plan.addressLaneBases.push_back(
        i < plan.matrixBits.size() ? regs[plan.matrixBits[i]][0] : 0);
  // Every row address, and every instruction's and warp's base, must start
  // a 16-byte row.
  bool aligned =
      llvm::all_of(plan.addressLaneBases,
                   [&](int64_t o) { return o % rowElements == 0; }) &&
      llvm::all_of(plan.outerBits,
                   [&](unsigned b) { return regs[b][0] % rowElements == 0; }) &&
      allAligned(offsets.getBases(InDim::Warp), rowElements);
  if (!aligned)
    return std::nullopt;
  return plan;
}

std::optional<LdmatrixPlan> layout::planLdmatrix(const LinearLayout &offsets,
                                                 unsigned elementBytes) {
  if (elementBytes != 1 && elementBytes != 2 && elementBytes != 4)
    return std::nullopt;
  if (auto plan = tryPlan(offsets, elementBytes, /*trans=*/false))
    return plan;
  if (elementBytes == 2)
    return tryPlan(offsets, elementBytes, /*trans=*/true);
  return std::nullopt;
}
