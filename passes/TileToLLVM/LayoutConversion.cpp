//===- LayoutConversion.cpp - moving tiles between layouts ----------------===//
//
// A register permutation when both layouts put every element in the same
// thread; ldmatrix from a swizzled buffer when the destination fits it
// (LdmatrixConversion.cpp); vector accesses to a swizzled buffer when both
// layouts allow them (SwizzledConversion.cpp); otherwise every thread
// writes its elements to the scratch buffer (row-major, rows padded by one
// 32-bit word to spread banks) and reads back the elements the destination
// layout gives it. A tile too large for the target's shared memory goes
// through that buffer in rounds of rows (see roundBits).
//
//===----------------------------------------------------------------------===//

#include "TileToLLVM/TileLowering.h"

using namespace mlir;
using namespace tileiras;
using namespace tileiras::lowering;

namespace {
/// Maps a row-major linear index to its padded position: one 32-bit word of
/// padding after every row of the last dimension.
struct PaddedIndexing {
  int64_t rowLength = 1;
  int64_t padElements = 0;
  int64_t rows = 1;

  PaddedIndexing(llvm::ArrayRef<int64_t> shape, int64_t elementBytes) {
    if (shape.size() < 2) {
      // One unpadded row: the whole (rank-1) tile.
      for (int64_t d : shape)
        rowLength *= d;
      return;
    }
    rowLength = shape.back();
    for (int64_t d : shape.drop_back())
      rows *= d;
    padElements = std::max<int64_t>(1, 4 / elementBytes);
  }

  int64_t totalElements() const { return rows * (rowLength + padElements); }

  int64_t apply(int64_t linear) const {
    return linear + linear / rowLength * padElements;
  }

  Value apply(OpBuilder &builder, Location loc, Value linear) const {
    if (!padElements)
      return linear;
    Value row = LLVM::UDivOp::create(builder, loc, linear,
                                     i32Constant(builder, loc, rowLength));
    Value extra = LLVM::MulOp::create(builder, loc, row,
                                      i32Constant(builder, loc, padElements));
    return LLVM::AddOp::create(builder, loc, linear, extra);
  }
};
/// Row-major index of `coord` in a tile of `shape`.
int64_t rowMajor(const layout::Coord &coord, llvm::ArrayRef<int64_t> shape) {
  int64_t index = 0;
  for (auto [value, size] : llvm::zip(coord, shape))
    index = index * size + value;
  return index;
}

/// Shared-memory wavefronts of the padded path's scalar accesses for one
/// side of a conversion (warp 0).
unsigned paddedWavefronts(const layout::LinearLayout &layout,
                          const PaddedIndexing &padded, int64_t elementBytes) {
  unsigned lanes = layout.getNumLanes();
  return sharedWavefronts(
      layout.getNumRegisters(), unsigned(elementBytes),
      [&](unsigned reg, unsigned lane) {
        return padded.apply(rowMajor(layout.apply(reg, lane % lanes, 0),
                                     layout.getShape())) *
               elementBytes;
      });
}

/// Shared memory one round of a conversion in rounds takes at most.
constexpr int64_t kRoundBytes = 48 * 1024;

/// How many top bits of dimension 0 split a conversion into rounds: none
/// while the whole padded buffer (`bytes`) fits the target's shared memory
/// per CTA, else enough for rounds of at most kRoundBytes. Only bits that
/// no lane or warp basis of either layout sets qualify, so that which round
/// a register belongs to is known at compile time.
unsigned roundBits(const layout::LinearLayout &source,
                   const layout::LinearLayout &destination, int64_t bytes,
                   const targetspec::Target &target) {
  if (bytes <= target.arch().geometry.maxSharedMemoryPerCTABytes)
    return 0;
  int64_t threadBits = 0; // bits of dimension 0 that lanes or warps set
  for (const layout::LinearLayout *layout : {&source, &destination})
    for (layout::InDim dim : {layout::InDim::Lane, layout::InDim::Warp})
      for (const layout::Coord &basis : layout->getBases(dim))
        threadBits |= basis[0];
  unsigned rowBits = llvm::Log2_64(source.getShape()[0]);
  unsigned bits = 0;
  while (bits < rowBits && (bytes >> bits) > kRoundBytes &&
         !(threadBits & (int64_t(1) << (rowBits - 1 - bits))))
    ++bits;
  return bits;
}

/// The padded scratch path, in 2^bits rounds of rows: each round stores
/// the source registers whose rows fall in it and loads the destination
/// registers of those rows (register-only row bits, so no predicates).
llvm::SmallVector<Value>
convertThroughPadded(OpBuilder &builder, Location loc, LoweringState &state,
                     Type elementType, const layout::LinearLayout &source,
                     const layout::LinearLayout &destination,
                     ValueRange elements, const PaddedIndexing &padded,
                     int64_t elementBytes, unsigned bits) {
  unsigned rowBits = llvm::Log2_64(source.getShape()[0]);
  auto roundOf = [&](const layout::LinearLayout &layout, unsigned reg) {
    return unsigned(layout.applyPart(layout::InDim::Register, reg)[0] >>
                    (rowBits - bits));
  };
  // Row-major elements per round; a multiple of the padded row length.
  int64_t roundElements = source.getNumElements() >> bits;
  Value buffer = state.scratch.getBuffer(
      builder, loc, (padded.totalElements() >> bits) * elementBytes);
  llvm::SmallVector<Value> sourceIndices, destinationIndices;
  llvm::SmallVector<bool> firstCopy = firstCopyRegisters(source);
  llvm::SmallVector<Value> result(destination.getNumRegisters());
  auto local = [&](Value index, unsigned round) {
    if (round)
      index = LLVM::SubOp::create(
          builder, loc, index,
          i32Constant(builder, loc, int64_t(round) * roundElements));
    return padded.apply(builder, loc, index);
  };
  for (unsigned round = 0; round < (1u << bits); ++round) {
    // Wait until earlier users of the scratch buffer are done with it.
    emitBarrier(builder, loc);
    if (!round)
      sourceIndices = emitLinearIndices(builder, loc, source);
    for (unsigned reg = 0; reg < source.getNumRegisters(); ++reg)
      if (firstCopy[reg] && roundOf(source, reg) == round)
        storeSharedElement(builder, loc, buffer,
                           local(sourceIndices[reg], round), elements[reg]);
    emitBarrier(builder, loc);
    if (!round)
      destinationIndices = emitLinearIndices(builder, loc, destination);
    for (unsigned reg = 0; reg < destination.getNumRegisters(); ++reg)
      if (roundOf(destination, reg) == round)
        result[reg] = loadSharedElement(builder, loc, buffer, elementType,
                                        local(destinationIndices[reg], round));
  }
  return result;
}
} // namespace

llvm::SmallVector<Value>
lowering::convertLayout(OpBuilder &builder, Location loc, LoweringState &state,
                        Type elementType, const layout::LinearLayout &source,
                        const layout::LinearLayout &destination,
                        ValueRange elements) {
  if (source == destination)
    return llvm::SmallVector<Value>(elements.begin(), elements.end());
  if (auto permutation = destination.registerPermutationTo(source)) {
    llvm::SmallVector<Value> result;
    for (unsigned sourceReg : *permutation)
      result.push_back(elements[sourceReg]);
    return result;
  }
  Type storedType = sharedStorageType(elementType);
  int64_t elementBytes = sharedElementBytes(storedType);
  PaddedIndexing padded(source.getShape(), elementBytes);
  unsigned bits = roundBits(
      source, destination, padded.totalElements() * elementBytes, state.target);
  if (bits)
    return convertThroughPadded(builder, loc, state, elementType, source,
                                destination, elements, padded, elementBytes,
                                bits);
  if (auto loaded = convertWithLdmatrix(builder, loc, state, elementType,
                                        source, destination, elements))
    return *loaded;
  if (auto loaded = convertThroughSwizzled(
          builder, loc, state, elementType, source, destination, elements,
          paddedWavefronts(source, padded, elementBytes) +
              paddedWavefronts(destination, padded, elementBytes)))
    return *loaded;
  return convertThroughPadded(builder, loc, state, elementType, source,
                              destination, elements, padded, elementBytes, 0);
}
