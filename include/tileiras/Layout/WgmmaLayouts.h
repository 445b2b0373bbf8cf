//===- WgmmaLayouts.h - how wgmma reads a shared-memory operand -*- C++ -*-===//
//
// wgmma.mma_async reads A and B from shared memory through 64-bit matrix
// descriptors that describe one of the PTX ISA's canonical layouts. This
// decides whether a slot of a swizzled buffer (#nv_tileaa.swizzled_shared,
// possibly segmented into boxes as TMA writes it) is such a layout, and
// with which descriptor fields each instruction reads its sub-tile.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_LAYOUT_WGMMALAYOUTS_H
#define TILEIRAS_LAYOUT_WGMMALAYOUTS_H

#include "tileiras/Layout/SharedLayouts.h"

#include <optional>

namespace tileiras::layout {

/// A rows x columns row-major slot as a wgmma operand: segments of
/// `spanBytes`-byte rows (each a whole swizzle atom wide), one segment after
/// another; K runs along the columns (K-major, the A tile [M, K]) or along
/// the rows (MN-major, imm-trans 1: the B tile [K, N]).
struct WgmmaOperandPlan {
  unsigned spanBytes = 0;
  /// Descriptor bits 62..63: 1 for 128-byte, 2 for 64-byte, 3 for 32-byte.
  unsigned swizzleCode = 0;
  bool mnMajor = false;
  /// Leading- and stride-dimension byte offsets of the descriptor.
  int64_t lboBytes = 0, sboBytes = 0;
  int64_t rows = 0, segmentColumns = 0;
  unsigned elementBytes = 0;
  /// The slot is column-major (wgmmaSlotPlan): the plan describes its
  /// transpose, the storage order.
  bool transposed = false;

  /// Byte offset from the slot's start of element (row, column) of the
  /// storage order: where an instruction whose sub-tile starts there points
  /// its descriptor.
  int64_t byteOffset(int64_t row, int64_t column) const;
  /// The same for element (i, j) of the operand tile (A [M, K], B [K, N]).
  int64_t operandOffset(int64_t i, int64_t j) const {
    return transposed ? byteOffset(j, i) : byteOffset(i, j);
  }
};

/// The plan for a slot of `shape` ([rows, columns]) with the swizzled
/// layout (`order`, `swizzle`, `segment`: 0 for none) of `elementBytes`-byte
/// elements, or nullopt when it is not a canonical wgmma layout: the order
/// must be row-major, a row segment 32, 64 or 128 bytes with the hardware
/// swizzle of that span, and the rows a multiple of 8.
std::optional<WgmmaOperandPlan>
wgmmaOperandPlan(llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<unsigned> order,
                 SwizzleParams swizzle, unsigned segment, unsigned elementBytes,
                 bool mnMajor);

/// The plan for an operand tile (A [M, K], or B [K, N] when `isB`) held in
/// a slot of `shape` with `order`: a row-major slot (order {1, 0}) as
/// stored, a column-major one ({0, 1}) as its transpose. The operand is
/// K-major when K is the slot's contiguous dimension, else MN-major
/// (imm-trans 1, which wgmma allows for 16-bit types only).
std::optional<WgmmaOperandPlan> wgmmaSlotPlan(llvm::ArrayRef<int64_t> shape,
                                              llvm::ArrayRef<unsigned> order,
                                              SwizzleParams swizzle,
                                              unsigned segment,
                                              unsigned elementBytes, bool isB);

/// The swizzle and segment (0: none) a row-major [rows, columns] tile of
/// `elementBytes`-byte elements is stored with so that wgmma can read it:
/// those TMA would write it with (tmaTilePlan), when they are swizzled.
/// nullopt when no canonical layout fits the tile.
std::optional<std::pair<SwizzleParams, unsigned>>
wgmmaSharedLayout(llvm::ArrayRef<int64_t> shape, unsigned elementBytes);

} // namespace tileiras::layout

#endif // TILEIRAS_LAYOUT_WGMMALAYOUTS_H
