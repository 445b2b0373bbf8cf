//===- ShapeOps.cpp - tile construction and data movement -----------------===//
//
// make_range and splat build tiles in registers. The other shape ops move
// data: each result element is some source element. For broadcast,
// expand_dims, permute and view that map from result coordinates to source
// coordinates is linear over GF(2) (a projection, a dropped size-1
// dimension, a permutation of dimensions, a relabelling of row-major index
// bits), so applying it to the result layout's bases gives a layout of the
// *source* tile that puts, in every register of every thread, exactly the
// source element the result needs there. Converting the source into that
// layout (lowering::convertLayout: a register renaming when the layouts
// agree on lanes and warps, a shared-memory round trip otherwise) therefore
// is the whole lowering, correct for any pair of layouts.
//
// extract_slice (an offset) and cat (two sources) are not linear maps; they
// use registers when the layouts allow it and a shared-memory round trip
// otherwise.
//
//===----------------------------------------------------------------------===//

#include "TileToLLVM/TileLowering.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tileiras;
using namespace tileiras::lowering;
namespace nv = tileiras::nv_tileaa;
using layout::Coord;
using layout::InDim;
using layout::LinearLayout;

namespace {

//===----------------------------------------------------------------------===//
// Layout algebra
//===----------------------------------------------------------------------===//

/// The layout over `sourceShape` whose every basis is `map` applied to the
/// matching basis of `result`: register r of thread (lane, warp) then holds
/// the source element at map(result coordinate of r, lane, warp). Bases
/// landing outside `sourceShape` wrap to zero (replication).
LinearLayout pullBack(const LinearLayout &result, ArrayRef<int64_t> sourceShape,
                      function_ref<Coord(const Coord &)> map) {
  auto mapAll = [&](InDim dim) {
    SmallVector<Coord> bases;
    for (const Coord &basis : result.getBases(dim))
      bases.push_back(map(basis));
    return bases;
  };
  return LinearLayout(sourceShape, mapAll(InDim::Register), mapAll(InDim::Lane),
                      mapAll(InDim::Warp));
}

/// Row-major linear index of a coordinate.
int64_t linearIndex(const Coord &coord, ArrayRef<int64_t> shape) {
  int64_t index = 0;
  for (unsigned d = 0; d < shape.size(); ++d)
    index = index * shape[d] + coord[d];
  return index;
}

Coord delinearize(int64_t index, ArrayRef<int64_t> shape) {
  Coord coord(shape.size(), 0);
  for (int d = static_cast<int>(shape.size()) - 1; d >= 0; --d) {
    coord[d] = index % shape[d];
    index /= shape[d];
  }
  return coord;
}

//===----------------------------------------------------------------------===//
// Shared-memory round trips for extract_slice and cat
//===----------------------------------------------------------------------===//

/// Row-major positions in a scratch buffer holding a tile of `shape`, each
/// row of the last dimension padded by one 32-bit word so that column
/// accesses spread over the banks (the padding of lowering::convertLayout).
struct SharedTile {
  SmallVector<int64_t> shape;
  Type storedType; // sharedStorageType of the element
  int64_t rowLength = 1;
  int64_t padElements = 0;
  int64_t rows = 1;

  SharedTile(ArrayRef<int64_t> shape, Type elementType)
      : shape(shape.begin(), shape.end()),
        storedType(sharedStorageType(elementType)) {
    if (shape.size() >= 2) {
      rowLength = shape.back();
      for (int64_t d : shape.drop_back())
        rows *= d;
      padElements = std::max<int64_t>(1, 4 / sharedElementBytes(storedType));
    } else {
      rowLength = shape.empty() ? 1 : shape.front();
    }
  }

  int64_t numSlots() const { return rows * (rowLength + padElements); }
  int64_t bytes(int64_t extraSlots = 0) const {
    return (numSlots() + extraSlots) * sharedElementBytes(storedType);
  }

  /// The slot of the element at `coord` (i32 values, one per dimension).
  Value slot(OpBuilder &builder, Location loc, ArrayRef<Value> coord) const {
    Value index = emitRowMajorIndex(builder, loc, coord, shape);
    if (!padElements)
      return index;
    Value row = LLVM::LShrOp::create(
        builder, loc, index,
        i32Constant(builder, loc, llvm::Log2_64(rowLength)));
    Value extra = LLVM::MulOp::create(builder, loc, row,
                                      i32Constant(builder, loc, padElements));
    return LLVM::AddOp::create(builder, loc, index, extra);
  }

  void store(OpBuilder &builder, Location loc, Value buffer, Value slot,
             Value value) const {
    storeSharedElement(builder, loc, buffer, slot, value);
  }

  Value load(OpBuilder &builder, Location loc, Value buffer, Value slot,
             Type elementType) const {
    return loadSharedElement(builder, loc, buffer, elementType, slot);
  }

  /// Every thread reads the elements `layout` gives it.
  SmallVector<Value> readAll(OpBuilder &builder, Location loc, Value buffer,
                             const LinearLayout &layout,
                             Type elementType) const {
    SmallVector<Value> result;
    for (const auto &coord : emitCoordinates(builder, loc, layout))
      result.push_back(
          load(builder, loc, buffer, slot(builder, loc, coord), elementType));
    return result;
  }
};

/// The coordinates of the registers of `layout` that hold the first copy
/// of their element within the thread (replicated copies in other threads
/// store the same value to the same place, which is harmless).
SmallVector<std::pair<unsigned, SmallVector<Value>>>
storedCoordinates(OpBuilder &builder, Location loc,
                  const LinearLayout &layout) {
  SmallVector<bool> first = firstCopyRegisters(layout);
  SmallVector<std::pair<unsigned, SmallVector<Value>>> result;
  for (auto [reg, coord] :
       llvm::enumerate(emitCoordinates(builder, loc, layout)))
    if (first[reg])
      result.emplace_back(reg, std::move(coord));
  return result;
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

template <typename OpTy>
struct ShapePattern : public ConvertOpToLLVMPattern<OpTy> {
  ShapePattern(TileTypeConverter &converter, LoweringState &state)
      : ConvertOpToLLVMPattern<OpTy>(converter), state(state) {}

  Type elementTypeOf(Type tile) const {
    return static_cast<const TileTypeConverter *>(this->getTypeConverter())
        ->convertElementType(getElementTypeOrSelf(tile));
  }

  /// Replaces `op` with the tile `elements` of its result type.
  void replace(OpTy op, ConversionPatternRewriter &rewriter,
               ArrayRef<Value> elements) const {
    Type type = this->getTypeConverter()->convertType(op.getType());
    rewriter.replaceOp(op, packTile(rewriter, op.getLoc(), type, elements));
  }

  /// The result of an op whose result element at coordinate c is the
  /// source element at map(c), for a linear `map`.
  LogicalResult lowerAsPullBack(OpTy op, Value source,
                                ConversionPatternRewriter &rewriter,
                                function_ref<Coord(const Coord &)> map) const {
    auto sourceType = cast<RankedTensorType>(op.getSrc().getType());
    LinearLayout sourceLayout = getLayout(sourceType);
    LinearLayout resultLayout = getLayout(op.getType());
    LinearLayout needed = pullBack(resultLayout, sourceType.getShape(), map);
    SmallVector<Value> elements = convertLayout(
        rewriter, op.getLoc(), state, elementTypeOf(sourceType), sourceLayout,
        needed, unpackTile(rewriter, op.getLoc(), source));
    replace(op, rewriter, elements);
    return success();
  }

  LoweringState &state;
};

/// start + the coordinate each register holds.
struct MakeRangeLowering : public ShapePattern<nv::MakeRangeOp> {
  using ShapePattern::ShapePattern;

  LogicalResult
  matchAndRewrite(nv::MakeRangeOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t start = op.getStartAttr().getInt();
    SmallVector<Value> elements;
    for (const auto &coord :
         emitCoordinates(rewriter, loc, getLayout(op.getType()))) {
      Value value = coord[0];
      if (start != 0)
        value = LLVM::AddOp::create(rewriter, loc, value,
                                    i32Constant(rewriter, loc, start));
      elements.push_back(value);
    }
    replace(op, rewriter, elements);
    return success();
  }
};

/// The scalar in every register.
struct SplatLowering : public ShapePattern<nv::SplatOp> {
  using ShapePattern::ShapePattern;

  LogicalResult
  matchAndRewrite(nv::SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> elements(getElementsPerThread(op.getType()),
                                adaptor.getSrc());
    replace(op, rewriter, elements);
    return success();
  }
};

/// Source coordinate = result coordinate with the broadcast dimensions set
/// to 0 (bases along size-1 source dimensions wrap to zero by themselves).
struct BroadcastLowering : public ShapePattern<nv::BroadcastOp> {
  using ShapePattern::ShapePattern;

  LogicalResult
  matchAndRewrite(nv::BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return lowerAsPullBack(op, adaptor.getSrc(), rewriter,
                           [](const Coord &coord) { return coord; });
  }
};

/// Source coordinate = result coordinate without the inserted dimension.
struct ExpandDimsLowering : public ShapePattern<nv::ExpandDimsOp> {
  using ShapePattern::ShapePattern;

  LogicalResult
  matchAndRewrite(nv::ExpandDimsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    unsigned axis = op.getAxis();
    return lowerAsPullBack(op, adaptor.getSrc(), rewriter,
                           [axis](const Coord &coord) {
                             Coord source(coord);
                             source.erase(source.begin() + axis);
                             return source;
                           });
  }
};

/// Result dimension i is source dimension order[i].
struct PermuteLowering : public ShapePattern<nv::PermuteOp> {
  using ShapePattern::ShapePattern;

  LogicalResult
  matchAndRewrite(nv::PermuteOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ArrayRef<int32_t> order = op.getOrder();
    return lowerAsPullBack(op, adaptor.getSrc(), rewriter,
                           [order](const Coord &coord) {
                             Coord source(coord.size(), 0);
                             for (auto [i, dim] : llvm::enumerate(order))
                               source[dim] = coord[i];
                             return source;
                           });
  }
};

/// The row-major index is preserved. With power-of-two dimensions a
/// coordinate's bits are the index's bits, so the map is a relabelling of
/// bits and therefore linear.
struct ViewLowering : public ShapePattern<nv::ViewOp> {
  using ShapePattern::ShapePattern;

  LogicalResult
  matchAndRewrite(nv::ViewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ArrayRef<int64_t> from = op.getType().getShape();
    ArrayRef<int64_t> to = op.getSrc().getType().getShape();
    return lowerAsPullBack(op, adaptor.getSrc(), rewriter,
                           [&](const Coord &coord) {
                             return delinearize(linearIndex(coord, from), to);
                           });
  }
};

struct ConvertLayoutLowering : public ShapePattern<nv::ConvertLayoutOp> {
  using ShapePattern::ShapePattern;

  LogicalResult
  matchAndRewrite(nv::ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> elements =
        convertLayout(rewriter, op.getLoc(), state, elementTypeOf(op.getType()),
                      getLayout(op.getSrc().getType()), getLayout(op.getType()),
                      unpackTile(rewriter, op.getLoc(), adaptor.getSrc()));
    replace(op, rewriter, elements);
    return success();
  }
};

/// Result coordinate c is source coordinate c + offsets.
struct ExtractSliceLowering : public ShapePattern<nv::ExtractSliceOp> {
  using ShapePattern::ShapePattern;

  LogicalResult
  matchAndRewrite(nv::ExtractSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType sourceType = op.getSrc().getType();
    LinearLayout source = getLayout(sourceType);
    LinearLayout result = getLayout(op.getType());
    ArrayRef<int64_t> offsets = op.getOffsets();
    SmallVector<Value> elements = unpackTile(rewriter, loc, adaptor.getSrc());

    if (auto registers = inThreadSources(source, result, offsets)) {
      SmallVector<Value> picked;
      for (unsigned reg : *registers)
        picked.push_back(elements[reg]);
      replace(op, rewriter, picked);
      return success();
    }

    // Every thread stores the source elements inside the window at their
    // position in the result tile; those outside go to one spare slot past
    // the end (no branches), which nobody reads. Where the window is known
    // from the register alone, registers outside it store nothing.
    Type elementType = elementTypeOf(sourceType);
    ArrayRef<int64_t> sizes = op.getType().getShape();
    SharedTile tile(sizes, elementType);
    Value buffer = state.scratch.getBuffer(rewriter, loc, tile.bytes(1));
    Value spare = i32Constant(rewriter, loc, tile.numSlots());
    SmallVector<bool> staticWindow =
        registerDecidesWindow(source, sizes, offsets);
    emitBarrier(rewriter, loc);
    for (auto &[reg, coord] : storedCoordinates(rewriter, loc, source)) {
      Coord part = source.applyPart(InDim::Register, reg);
      if (llvm::any_of(llvm::seq(coord.size()), [&](size_t d) {
            return staticWindow[d] && (part[d] & ~(sizes[d] - 1)) != offsets[d];
          }))
        continue;
      Value inside;
      SmallVector<Value> relative;
      for (unsigned d = 0; d < coord.size(); ++d) {
        Value value = coord[d];
        if (offsets[d] != 0)
          value = LLVM::SubOp::create(rewriter, loc, value,
                                      i32Constant(rewriter, loc, offsets[d]));
        relative.push_back(value);
        if (sizes[d] == sourceType.getDimSize(d) || staticWindow[d])
          continue; // the whole extent is kept, or the register is inside
        Value ok =
            LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ult, value,
                                 i32Constant(rewriter, loc, sizes[d]));
        inside =
            inside ? LLVM::AndOp::create(rewriter, loc, inside, ok).getResult()
                   : ok;
      }
      Value slot = tile.slot(rewriter, loc, relative);
      if (inside)
        slot = LLVM::SelectOp::create(rewriter, loc, inside, slot, spare);
      tile.store(rewriter, loc, buffer, slot, elements[reg]);
    }
    emitBarrier(rewriter, loc);
    replace(op, rewriter,
            tile.readAll(rewriter, loc, buffer, result, elementType));
    return success();
  }

  /// Per dimension, whether a register's own part of its coordinate
  /// decides if it lies in the window: the window is aligned to its
  /// (power-of-two) size and no lane or warp basis reaches that size, so
  /// the bits that pick the window come from the register alone.
  static SmallVector<bool> registerDecidesWindow(const LinearLayout &source,
                                                 ArrayRef<int64_t> sizes,
                                                 ArrayRef<int64_t> offsets) {
    SmallVector<bool> decides;
    for (unsigned d = 0; d < sizes.size(); ++d) {
      int64_t threadBits = 0;
      for (InDim dim : {InDim::Lane, InDim::Warp})
        for (const Coord &basis : source.getBases(dim))
          threadBits |= basis[d];
      decides.push_back(offsets[d] % sizes[d] == 0 &&
                        llvm::isPowerOf2_64(sizes[d]) && threadBits < sizes[d]);
    }
    return decides;
  }

  /// For each result register, the source register of the same thread that
  /// holds its element, if there is one for every register. That needs the
  /// offsets to be multiples of the slice sizes (then c + offsets equals
  /// c xor offsets) and the source to spread lanes and warps like the
  /// result does.
  static std::optional<SmallVector<unsigned>>
  inThreadSources(const LinearLayout &source, const LinearLayout &result,
                  ArrayRef<int64_t> offsets) {
    ArrayRef<int64_t> sizes = result.getShape();
    for (unsigned d = 0; d < sizes.size(); ++d)
      if (offsets[d] % sizes[d] != 0)
        return std::nullopt;
    LinearLayout inSource = pullBack(result, source.getShape(),
                                     [](const Coord &coord) { return coord; });
    if (inSource.getBases(InDim::Lane) != source.getBases(InDim::Lane) ||
        inSource.getBases(InDim::Warp) != source.getBases(InDim::Warp))
      return std::nullopt;
    SmallVector<unsigned> registers;
    for (unsigned reg = 0; reg < result.getNumRegisters(); ++reg) {
      Coord part = result.applyPart(InDim::Register, reg);
      for (unsigned d = 0; d < part.size(); ++d)
        part[d] ^= offsets[d];
      std::optional<unsigned> found = source.findRegister(part);
      if (!found)
        return std::nullopt;
      registers.push_back(*found);
    }
    return registers;
  }
};

/// The two operands have equal shapes (their sum along the axis is a power
/// of two), so the highest bit of the axis coordinate selects the operand.
struct CatLowering : public ShapePattern<nv::CatOp> {
  using ShapePattern::ShapePattern;

  LogicalResult
  matchAndRewrite(nv::CatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned axis = op.getAxis();
    RankedTensorType lhsType = op.getLhs().getType();
    LinearLayout lhs = getLayout(lhsType);
    LinearLayout rhs = getLayout(op.getRhs().getType());
    LinearLayout result = getLayout(op.getType());
    int64_t half = lhsType.getDimSize(axis);
    Type elementType = elementTypeOf(op.getType());
    SmallVector<Value> lhsElements =
        unpackTile(rewriter, loc, adaptor.getLhs());
    SmallVector<Value> rhsElements =
        unpackTile(rewriter, loc, adaptor.getRhs());

    // Registers: both operands already sit where the result needs them once
    // the selecting bit is ignored; then a select (or nothing) picks.
    if (auto selector = findSelectorBit(result, axis, half)) {
      // The selecting basis wraps to zero in the operand shape.
      LinearLayout needed = pullBack(result, lhsType.getShape(),
                                     [](const Coord &coord) { return coord; });
      auto lhsMap = needed.registerPermutationTo(lhs);
      auto rhsMap = needed.registerPermutationTo(rhs);
      if (lhsMap && rhsMap) {
        auto [dim, bit] = *selector;
        Value threadBit;
        if (dim != InDim::Register) {
          Value index = dim == InDim::Lane ? getLaneId(rewriter, loc)
                                           : getWarpId(rewriter, loc);
          Value shifted = LLVM::LShrOp::create(rewriter, loc, index,
                                               i32Constant(rewriter, loc, bit));
          threadBit = LLVM::TruncOp::create(rewriter, loc, rewriter.getI1Type(),
                                            shifted);
        }
        SmallVector<Value> elements;
        for (unsigned reg = 0; reg < result.getNumRegisters(); ++reg) {
          Value fromLhs = lhsElements[(*lhsMap)[reg]];
          Value fromRhs = rhsElements[(*rhsMap)[reg]];
          if (dim == InDim::Register)
            elements.push_back((reg >> bit) & 1 ? fromRhs : fromLhs);
          else
            elements.push_back(LLVM::SelectOp::create(rewriter, loc, threadBit,
                                                      fromRhs, fromLhs));
        }
        replace(op, rewriter, elements);
        return success();
      }
    }

    // Shared memory: both operands are stored at their place in the result
    // tile, which every thread then reads in the result layout.
    SharedTile tile(op.getType().getShape(), elementType);
    Value buffer = state.scratch.getBuffer(rewriter, loc, tile.bytes());
    emitBarrier(rewriter, loc);
    for (auto &[reg, coord] : storedCoordinates(rewriter, loc, lhs))
      tile.store(rewriter, loc, buffer, tile.slot(rewriter, loc, coord),
                 lhsElements[reg]);
    for (auto &[reg, coord] : storedCoordinates(rewriter, loc, rhs)) {
      coord[axis] = LLVM::OrOp::create(rewriter, loc, coord[axis],
                                       i32Constant(rewriter, loc, half));
      tile.store(rewriter, loc, buffer, tile.slot(rewriter, loc, coord),
                 rhsElements[reg]);
    }
    emitBarrier(rewriter, loc);
    replace(op, rewriter,
            tile.readAll(rewriter, loc, buffer, result, elementType));
    return success();
  }

  /// The input bit whose basis is exactly `half` along `axis`, if exactly
  /// one is.
  static std::optional<std::pair<InDim, unsigned>>
  findSelectorBit(const LinearLayout &layout, unsigned axis, int64_t half) {
    std::optional<std::pair<InDim, unsigned>> found;
    for (InDim dim : {InDim::Register, InDim::Lane, InDim::Warp}) {
      for (auto [bit, basis] : llvm::enumerate(layout.getBases(dim))) {
        if (basis[axis] != half)
          continue;
        bool single = llvm::all_of(llvm::enumerate(basis), [&](auto entry) {
          return entry.index() == axis || entry.value() == 0;
        });
        if (!single || found)
          return std::nullopt;
        found = std::make_pair(dim, static_cast<unsigned>(bit));
      }
    }
    return found;
  }
};

} // namespace

void lowering::populateShapeOpPatterns(TileTypeConverter &converter,
                                       RewritePatternSet &patterns,
                                       LoweringState &state) {
  patterns.add<MakeRangeLowering, SplatLowering, BroadcastLowering,
               ExpandDimsLowering, PermuteLowering, ViewLowering,
               ConvertLayoutLowering, ExtractSliceLowering, CatLowering>(
      converter, state);
}
