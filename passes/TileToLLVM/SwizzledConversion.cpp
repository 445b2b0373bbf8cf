//===- SwizzledConversion.cpp - layout conversions with vector accesses ---===//
//
// A conversion that crosses threads and that ldmatrix cannot read back goes
// through a swizzled scratch buffer with the widest shared-memory accesses
// both layouts allow. The buffer keeps one dimension contiguous -- the
// source's contiguous one or the destination's, whichever needs fewer
// accesses in all -- and XORs its 16-byte chunks with a phase from the row
// (layout::ldmatrixSharedLayout), so that the rows a warp touches at once
// fall in different banks. Every offset and vector width comes from
// invertAndCompose of a register layout with the shared one. The choice
// counts shared-memory wavefronts (bank conflicts included), then accesses;
// where convertLayout's padded buffer (scalar accesses, rows padded against
// bank conflicts) costs no more, it stays.
//
//===----------------------------------------------------------------------===//

#include "TileToLLVM/TileLowering.h"
#include "tileiras/Layout/SharedLayouts.h"

using namespace mlir;
using namespace tileiras;
using namespace tileiras::lowering;
using layout::InDim;
using layout::LinearLayout;

namespace {

/// Offsets of both sides in one shared layout, and what their accesses
/// cost: shared-memory wavefronts of warp 0, then the number of accesses.
struct SwizzledPlan {
  LinearLayout store, load;
  unsigned wavefronts = 0, accesses = 0;
};

/// The dimension along which a layout's first register bit steps (the one
/// its thread holds contiguously); `fallback` without register bits.
unsigned contiguousDim(const LinearLayout &layout, unsigned fallback) {
  llvm::ArrayRef<layout::Coord> regs = layout.getBases(InDim::Register);
  for (const layout::Coord &basis : regs.take_front(1))
    for (auto [dim, value] : llvm::enumerate(basis))
      if (value != 0)
        return unsigned(dim);
  return fallback;
}

/// Adds the cost of the vector accesses through `offsets` (as
/// storeToShared and loadFromShared make them) to `plan`.
void addCost(SwizzledPlan &plan, const LinearLayout &offsets,
             unsigned elementBytes) {
  unsigned width = layout::sharedVectorElements(offsets, 16 / elementBytes);
  unsigned accesses = llvm::divideCeil(offsets.getNumRegisters(), width);
  unsigned lanes = offsets.getNumLanes();
  plan.accesses += accesses;
  plan.wavefronts += sharedWavefronts(
      accesses, width * elementBytes, [&](unsigned access, unsigned lane) {
        return offsets.apply(access * width, lane % lanes, 0)[0] *
               int64_t(elementBytes);
      });
}

std::optional<SwizzledPlan> planSwizzled(const LinearLayout &source,
                                         const LinearLayout &destination,
                                         unsigned elementBytes) {
  unsigned rank = source.getRank();
  if ((rank != 2 && rank != 3) || destination.getShape() != source.getShape())
    return std::nullopt;
  unsigned rows = rank - 2, columns = rank - 1;
  std::optional<SwizzledPlan> best;
  for (unsigned fast :
       {contiguousDim(source, columns), contiguousDim(destination, columns)}) {
    if (fast != rows && fast != columns)
      continue;
    auto offsets = swizzledOffsets(source, destination, fast, elementBytes);
    if (!offsets)
      continue;
    SwizzledPlan plan{offsets->first, offsets->second};
    addCost(plan, plan.store, elementBytes);
    addCost(plan, plan.load, elementBytes);
    if (!best || std::tie(plan.wavefronts, plan.accesses) <
                     std::tie(best->wavefronts, best->accesses))
      best = plan;
  }
  return best;
}

} // namespace

std::optional<SmallVector<Value>> lowering::convertThroughSwizzled(
    OpBuilder &builder, Location loc, LoweringState &state, Type elementType,
    const LinearLayout &source, const LinearLayout &destination,
    ValueRange elements, unsigned paddedWavefronts) {
  if (!elementType.isIntOrFloat())
    return std::nullopt;
  Type stored = sharedStorageType(elementType);
  unsigned bytes = unsigned(sharedElementBytes(stored));
  std::optional<SwizzledPlan> plan = planSwizzled(source, destination, bytes);
  // The padded path takes one access per register on each side.
  unsigned paddedAccesses =
      source.getNumRegisters() + destination.getNumRegisters();
  if (!plan || std::tie(plan->wavefronts, plan->accesses) >=
                   std::tie(paddedWavefronts, paddedAccesses))
    return std::nullopt;
  ImplicitLocOpBuilder b(loc, builder);
  SmallVector<Value> widened(elements.begin(), elements.end());
  if (stored != elementType)
    for (Value &element : widened)
      element = LLVM::ZExtOp::create(b, stored, element);
  Value buffer = state.scratch.getBuffer(
      builder, loc, source.getNumElements() * int64_t(bytes));
  // Earlier users of the scratch buffer must be done before it is written.
  emitBarrier(b, loc);
  storeToShared(b, buffer, stored, source, plan->store, widened,
                hasStmatrix(state.target));
  emitBarrier(b, loc);
  SmallVector<Value> result = loadFromShared(b, buffer, stored, plan->load);
  if (stored != elementType)
    for (Value &element : result)
      element = LLVM::TruncOp::create(b, elementType, element);
  return result;
}
