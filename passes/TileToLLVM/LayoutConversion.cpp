//===- LayoutConversion.cpp - moving tiles between layouts ----------------===//
//
// A register permutation when both layouts put every element in the same
// thread; ldmatrix from a swizzled buffer when the destination fits it
// (LdmatrixConversion.cpp); vector accesses to a swizzled buffer when both
// layouts allow them (SwizzledConversion.cpp); otherwise every thread
// writes its elements to the scratch buffer (row-major, rows padded by one
// 32-bit word to spread banks) and reads back the elements the destination
// layout gives it.
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
  if (auto loaded = convertWithLdmatrix(builder, loc, state, elementType,
                                        source, destination, elements))
    return *loaded;
  Type storedType = sharedStorageType(elementType);
  int64_t elementBytes = sharedElementBytes(storedType);
  PaddedIndexing padded(source.getShape(), elementBytes);
  if (auto loaded = convertThroughSwizzled(
          builder, loc, state, elementType, source, destination, elements,
          paddedWavefronts(source, padded, elementBytes) +
              paddedWavefronts(destination, padded, elementBytes)))
    return *loaded;

  Value buffer = state.scratch.getBuffer(builder, loc,
                                         padded.totalElements() * elementBytes);

  // Wait until earlier users of the scratch buffer are done with it.
  emitBarrier(builder, loc);
  llvm::SmallVector<Value> sourceIndices =
      emitLinearIndices(builder, loc, source);
  llvm::SmallVector<bool> firstCopy = firstCopyRegisters(source);
  for (unsigned reg = 0; reg < source.getNumRegisters(); ++reg) {
    if (!firstCopy[reg])
      continue;
    storeSharedElement(builder, loc, buffer,
                       padded.apply(builder, loc, sourceIndices[reg]),
                       elements[reg]);
  }
  emitBarrier(builder, loc);

  llvm::SmallVector<Value> result;
  for (Value index : emitLinearIndices(builder, loc, destination))
    result.push_back(loadSharedElement(builder, loc, buffer, elementType,
                                       padded.apply(builder, loc, index)));
  return result;
}
