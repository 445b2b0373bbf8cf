//===- SharedLayouts.h - shared-memory layouts and access plans -*- C++ -*-===//
//
// Shared-memory layouts are linear layouts over the element offset
// (InDim::Offset). A swizzled layout stores rows of the tile contiguously
// and XORs the 16-byte chunk index of each element with a phase taken from
// its row, so that the rows an ldmatrix (or a column of threads) reads fall
// in different banks. Composing a distributed layout with the inverse of a
// shared one (invertAndCompose) gives every register's offset; the access
// plans below read vector widths and ldmatrix addressing off that map.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_LAYOUT_SHAREDLAYOUTS_H
#define TILEIRAS_LAYOUT_SHAREDLAYOUTS_H

#include "tileiras/Layout/LinearLayout.h"

#include <optional>

namespace tileiras::layout {

/// A rank-2 swizzled layout: rows along order[1], each `shape[order[0]]`
/// elements long and contiguous; the stored chunk of `vec` elements is the
/// column's chunk XOR ((row / perPhase) % maxPhase). perPhase = maxPhase = 1
/// is plain row-major storage. A rank-3 tile stores one such matrix per
/// index of order[2] (a batch), one after another.
/// With `segment` (elements, a power of two; 0: the whole row) each row is
/// split into pieces that long: piece p of all rows forms block p, stored
/// after blocks 0..p-1, and the swizzle acts within a piece.
LinearLayout swizzledSharedLayout(llvm::ArrayRef<int64_t> shape,
                                  llvm::ArrayRef<unsigned> order, unsigned vec,
                                  unsigned perPhase, unsigned maxPhase,
                                  unsigned segment = 0);

/// The parameters of a swizzled layout.
struct SwizzleParams {
  unsigned vec = 1, perPhase = 1, maxPhase = 1;
};

/// How TMA loads a row-major rank-2 tile into shared memory: boxes of
/// `boxColumns` x rows (the whole tile when boxColumns is its width), each
/// with the hardware swizzle of `swizzleBytes` (0, 32, 64 or 128), which is
/// the swizzled layout `swizzle` with `segment = boxColumns`.
struct TmaTilePlan {
  unsigned boxColumns = 0;
  unsigned swizzleBytes = 0;
  SwizzleParams swizzle;
};

/// The plan for a `rows` x `columns` tile of `elementBytes`-byte elements:
/// a swizzle as wide as the row where the row is 32, 64 or 128 bytes, 128-byte
/// boxes for longer rows of whole 128-byte multiples, no swizzle otherwise.
/// nullopt when TMA cannot load such a tile (a row not a multiple of 16
/// bytes, more than 256 rows or box columns).
std::optional<TmaTilePlan> tmaTilePlan(int64_t rows, int64_t columns,
                                       unsigned elementBytes);

/// The swizzle for a tile that ldmatrix reads: 16-byte chunks, one phase per
/// 128 bytes of rows, as many phases as 8 chunks allow.
SwizzleParams ldmatrixSwizzle(llvm::ArrayRef<int64_t> shape,
                              llvm::ArrayRef<unsigned> order,
                              unsigned elementBytes);
LinearLayout ldmatrixSharedLayout(llvm::ArrayRef<int64_t> shape,
                                  llvm::ArrayRef<unsigned> order,
                                  unsigned elementBytes);

/// Number of leading registers a thread can move with one access: the
/// registers whose offsets (from invertAndCompose) are 0, 1, 2, ... in a row,
/// capped at `maxElements`, and only as many as every other basis keeps
/// aligned.
unsigned sharedVectorElements(const LinearLayout &offsets,
                              unsigned maxElements);

/// How ldmatrix.m8n8.b16 delivers a distributed layout from shared memory.
/// A 32-bit register word holds `wordElements` consecutive registers
/// (register bits below log2(wordElements)); word j of one instruction is
/// register block j of `matrixBits`; every combination of `outerBits` is one
/// more instruction.
struct LdmatrixPlan {
  bool trans = false;
  unsigned numMatrices = 1;                  // .x1, .x2 or .x4
  unsigned wordElements = 1;                 // elements per 32-bit word
  llvm::SmallVector<unsigned, 2> matrixBits; // register bits -> matrix
  llvm::SmallVector<unsigned, 4> outerBits;  // register bits -> instruction
  /// Offset (in elements) contributed by each of the 5 bits of the lane
  /// that supplies an address: bits 0-2 pick the row, bits 3-4 the matrix.
  /// Lanes past the last matrix repeat the lower lanes' addresses.
  llvm::SmallVector<int64_t, 5> addressLaneBases;
};

/// The ldmatrix plan for `offsets` = invertAndCompose(registers, shared), or
/// nullopt when the layouts do not fit the instruction (then the tile needs
/// ordinary shared loads). `.trans` is considered only for 16-bit elements.
std::optional<LdmatrixPlan> planLdmatrix(const LinearLayout &offsets,
                                         unsigned elementBytes);

} // namespace tileiras::layout

#endif // TILEIRAS_LAYOUT_SHAREDLAYOUTS_H
