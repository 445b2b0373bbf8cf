//===- WgmmaLayouts.cpp - how wgmma reads a shared-memory operand ---------===//
//
// The PTX ISA's swizzled canonical layouts, in bytes (span S = 32, 64 or
// 128, the swizzle applied to the address):
// * K-major: row r of the M (or N) dimension at r * S within an 8-row atom,
//   atoms SBO apart; K contiguous within the S-byte row (LBO unused).
// * MN-major: K row k at k * S within an 8-row atom, atoms SBO apart; MN
//   contiguous within the S-byte row, S-byte blocks of MN LBO apart.
// A row-major slot stored as segments of S-byte rows (rows x S bytes each,
// one after another) is therefore K-major with SBO = 8 S, and MN-major
// with SBO = 8 S and LBO = rows * S, provided its swizzle is the hardware's
// for S: 16-byte chunks XORed with (address / 128) mod (S / 16).
//
//===----------------------------------------------------------------------===//

#include "tileiras/Layout/WgmmaLayouts.h"

using namespace tileiras;
using namespace tileiras::layout;

int64_t WgmmaOperandPlan::byteOffset(int64_t row, int64_t column) const {
  int64_t segmentBytes = rows * spanBytes;
  return column / segmentColumns * segmentBytes + row * spanBytes +
         column % segmentColumns * elementBytes;
}

std::optional<WgmmaOperandPlan>
layout::wgmmaOperandPlan(llvm::ArrayRef<int64_t> shape,
                         llvm::ArrayRef<unsigned> order, SwizzleParams swizzle,
                         unsigned segment, unsigned elementBytes,
                         bool mnMajor) {
  if (shape.size() != 2 || order.size() != 2 || order[0] != 1 ||
      shape[0] % 8 != 0 || elementBytes == 0)
    return std::nullopt;
  int64_t columns = segment ? segment : shape[1];
  if (shape[1] % columns != 0)
    return std::nullopt;
  int64_t span = columns * elementBytes;
  if (span != 32 && span != 64 && span != 128)
    return std::nullopt;
  // The hardware swizzle of the span: 16-byte chunks, one phase per 128
  // bytes, span / 16 phases.
  if (swizzle.vec * elementBytes != 16 || swizzle.maxPhase != span / 16 ||
      swizzle.perPhase != 128 / span)
    return std::nullopt;
  WgmmaOperandPlan plan;
  plan.spanBytes = unsigned(span);
  plan.swizzleCode = span == 128 ? 1 : span == 64 ? 2 : 3;
  plan.mnMajor = mnMajor;
  plan.sboBytes = 8 * span;
  // Swizzled K-major layouts do not use the LBO ("assumed 1", 16 bytes).
  plan.lboBytes = mnMajor ? shape[0] * span : 16;
  plan.rows = shape[0];
  plan.segmentColumns = columns;
  plan.elementBytes = elementBytes;
  return plan;
}

std::optional<WgmmaOperandPlan>
layout::wgmmaSlotPlan(llvm::ArrayRef<int64_t> shape,
                      llvm::ArrayRef<unsigned> order, SwizzleParams swizzle,
                      unsigned segment, unsigned elementBytes, bool isB) {
  if (shape.size() != 2 || order.size() != 2)
    return std::nullopt;
  bool transposed = order[0] == 0;
  int64_t storage[2] = {shape[order[1]], shape[order[0]]};
  // K is A's columns and B's rows.
  bool kContiguous = isB ? transposed : !transposed;
  unsigned rowMajor[2] = {1, 0};
  auto plan = wgmmaOperandPlan(storage, rowMajor, swizzle, segment,
                               elementBytes, !kContiguous);
  if (plan)
    plan->transposed = transposed;
  return plan;
}

std::optional<std::pair<SwizzleParams, unsigned>>
layout::wgmmaSharedLayout(llvm::ArrayRef<int64_t> shape,
                          unsigned elementBytes) {
  if (shape.size() != 2)
    return std::nullopt;
  std::optional<TmaTilePlan> plan =
      tmaTilePlan(shape[0], shape[1], elementBytes);
  if (!plan || !plan->swizzleBytes)
    return std::nullopt;
  unsigned segment = plan->boxColumns < shape[1] ? plan->boxColumns : 0;
  return std::make_pair(plan->swizzle, segment);
}
