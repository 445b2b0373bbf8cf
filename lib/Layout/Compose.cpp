//===- Compose.cpp - inverting and composing linear layouts ---------------===//
//
// Linear algebra over GF(2) on layouts: coordinates are flattened into bit
// vectors (dimension 0's bits lowest), so a layout is a binary matrix with
// one column per input bit. Solving, inverting and composing are Gaussian
// elimination and XOR; nothing here assumes single-component bases.
//
//===----------------------------------------------------------------------===//

#include "tileiras/Layout/LinearLayout.h"

#include "llvm/Support/MathExtras.h"

using namespace tileiras;
using namespace tileiras::layout;

std::optional<uint64_t> layout::solveGF2(llvm::ArrayRef<Coord> bases,
                                         const Coord &target,
                                         llvm::ArrayRef<int64_t> shape) {
  // Rows in reduced form: a vector, the bases it combines, its pivot bit.
  struct Row {
    uint64_t vector, combination;
    unsigned pivot;
  };
  llvm::SmallVector<Row> rows;
  for (unsigned i = 0; i < bases.size(); ++i) {
    Row row{flattenCoord(bases[i], shape), uint64_t(1) << i, 0};
    for (const Row &other : rows)
      if ((row.vector >> other.pivot) & 1) {
        row.vector ^= other.vector;
        row.combination ^= other.combination;
      }
    if (row.vector == 0)
      continue; // dependent on earlier bases: never needed
    row.pivot = llvm::countr_zero(row.vector);
    // Keep earlier rows free of the new pivot so the form stays reduced.
    for (Row &other : rows)
      if ((other.vector >> row.pivot) & 1) {
        other.vector ^= row.vector;
        other.combination ^= row.combination;
      }
    rows.push_back(row);
  }
  uint64_t remaining = flattenCoord(target, shape), chosen = 0;
  for (const Row &row : rows)
    if ((remaining >> row.pivot) & 1) {
      remaining ^= row.vector;
      chosen ^= row.combination;
    }
  if (remaining != 0)
    return std::nullopt;
  return chosen;
}

std::optional<llvm::SmallVector<int64_t>>
layout::invertShared(const LinearLayout &shared) {
  llvm::ArrayRef<Coord> bases = shared.getBases(InDim::Offset);
  llvm::ArrayRef<int64_t> shape = shared.getShape();
  unsigned bits = coordBits(shape);
  if (bases.size() != bits)
    return std::nullopt;
  llvm::SmallVector<int64_t> inverse;
  for (unsigned bit = 0; bit < bits; ++bit) {
    std::optional<uint64_t> offset =
        solveGF2(bases, unflattenCoord(uint64_t(1) << bit, shape), shape);
    if (!offset)
      return std::nullopt;
    inverse.push_back(static_cast<int64_t>(*offset));
  }
  return inverse;
}

int64_t layout::applyInverse(llvm::ArrayRef<int64_t> inverse,
                             const Coord &coord,
                             llvm::ArrayRef<int64_t> shape) {
  uint64_t bits = flattenCoord(coord, shape);
  int64_t offset = 0;
  for (unsigned bit = 0; bit < inverse.size(); ++bit)
    if ((bits >> bit) & 1)
      offset ^= inverse[bit];
  return offset;
}

std::optional<LinearLayout>
layout::invertAndCompose(const LinearLayout &distributed,
                         const LinearLayout &shared) {
  if (distributed.getShape() != shared.getShape())
    return std::nullopt;
  std::optional<llvm::SmallVector<int64_t>> inverse = invertShared(shared);
  if (!inverse)
    return std::nullopt;
  auto map = [&](InDim dim) {
    llvm::SmallVector<Coord> offsets;
    for (const Coord &basis : distributed.getBases(dim))
      offsets.push_back(
          Coord{applyInverse(*inverse, basis, distributed.getShape())});
    return offsets;
  };
  return LinearLayout({shared.getNumOffsets()}, map(InDim::Register),
                      map(InDim::Lane), map(InDim::Warp));
}

LinearLayout layout::compose(const LinearLayout &offsets,
                             const LinearLayout &shared) {
  auto map = [&](InDim dim) {
    llvm::SmallVector<Coord> coords;
    for (const Coord &basis : offsets.getBases(dim))
      coords.push_back(shared.applyPart(InDim::Offset, basis[0]));
    return coords;
  };
  return LinearLayout(shared.getShape(), map(InDim::Register), map(InDim::Lane),
                      map(InDim::Warp));
}
