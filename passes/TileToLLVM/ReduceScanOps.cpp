//===- ReduceScanOps.cpp - reduce and scan --------------------------------===//
//
// nv_tileaa.reduce and nv_tileaa.scan along one axis of a tile, for any
// linear layout and any combiner region. The bits of the axis coordinate
// come from register, lane and warp bits of the layout; each kind of bit is
// crossed in its own way: register bits inside the thread, lane bits with
// shfl.sync.bfly, warp bits through the scratch shared memory. The combiner
// region is instantiated (cloned) for every combination; its scalar ops are
// then lowered by the same conversion. docs/lowering/reduce-scan-dot.md
// describes both algorithms.
//
//===----------------------------------------------------------------------===//

#include "TileToLLVM/ReduceScanDotUtils.h"
#include "TileToLLVM/TileLowering.h"

#include "mlir/IR/IRMapping.h"

#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace mlir;
using namespace tileiras;
using namespace tileiras::lowering;
namespace nv = tileiras::nv_tileaa;
using layout::InDim;

//===----------------------------------------------------------------------===//
// The axis of a layout
//===----------------------------------------------------------------------===//

// Both algorithms need each coordinate bit along the axis to come from
// exactly one hardware bit that moves along the axis only; the layouts of
// our encodings always have that shape.
FailureOr<SmallVector<AxisLevel>>
lowering::getAxisLevels(Operation *op, const layout::LinearLayout &ll,
                        unsigned axis) {
  unsigned numLevels = llvm::Log2_64(ll.getShape()[axis]);
  SmallVector<std::optional<AxisLevel>> levels(numLevels);
  for (InDim kind : {InDim::Register, InDim::Lane, InDim::Warp}) {
    for (auto [bit, basis] : llvm::enumerate(ll.getBases(kind))) {
      int64_t value = basis[axis];
      if (value == 0)
        continue;
      bool single = llvm::isPowerOf2_64(value);
      for (unsigned d = 0; d < basis.size(); ++d)
        single &= d == axis || basis[d] == 0;
      unsigned level = llvm::Log2_64(value);
      if (!single || levels[level])
        return op->emitOpError()
               << "cannot be lowered for the layout " << ll.str()
               << ": coordinate " << value << " along axis " << axis
               << " is not held by exactly one register, lane or warp bit";
      levels[level] = AxisLevel{kind, static_cast<unsigned>(bit)};
    }
  }
  SmallVector<AxisLevel> result;
  for (auto [level, found] : llvm::enumerate(levels)) {
    if (!found)
      return op->emitOpError()
             << "cannot be lowered for the layout " << ll.str()
             << ": no register, lane or warp bit holds coordinate "
             << (int64_t(1) << level) << " along axis " << axis;
    result.push_back(*found);
  }
  return result;
}

namespace {

/// Mask of the register bits whose basis is zero (in-thread replication):
/// registers that differ only in these bits hold the same element.
unsigned freeRegisterMask(const layout::LinearLayout &ll) {
  unsigned mask = 0;
  for (unsigned bit : ll.freeBits(InDim::Register))
    mask |= 1u << bit;
  return mask;
}

/// Whether bit `bit` of a hardware index is set (or clear) as an i1.
Value testBit(OpBuilder &builder, Location loc, Value index, unsigned bit,
              bool set = true) {
  Value masked = LLVM::AndOp::create(builder, loc, index,
                                     i32Constant(builder, loc, 1u << bit));
  return LLVM::ICmpOp::create(
      builder, loc, set ? LLVM::ICmpPredicate::ne : LLVM::ICmpPredicate::eq,
      masked, i32Constant(builder, loc, 0));
}

/// The bits `bits` of `index`, packed: bit i of the result is bit bits[i].
Value gatherBits(OpBuilder &builder, Location loc, Value index,
                 ArrayRef<unsigned> bits) {
  Value result;
  for (auto [i, bit] : llvm::enumerate(bits)) {
    Value piece = index;
    if (bit)
      piece = LLVM::LShrOp::create(builder, loc, piece,
                                   i32Constant(builder, loc, bit));
    piece =
        LLVM::AndOp::create(builder, loc, piece, i32Constant(builder, loc, 1));
    if (i)
      piece = LLVM::ShlOp::create(builder, loc, piece,
                                  i32Constant(builder, loc, i));
    result = result ? LLVM::OrOp::create(builder, loc, result, piece) : piece;
  }
  return result ? result : i32Constant(builder, loc, 0);
}

/// The lane and warp ids, created on first use and shared by all the
/// index computations of one op.
class ThreadIds {
public:
  ThreadIds(OpBuilder &builder, Location loc) : builder(builder), loc(loc) {}
  Value lane() {
    if (!laneId)
      laneId = getLaneId(builder, loc);
    return laneId;
  }
  Value warp() {
    if (!warpId)
      warpId = getWarpId(builder, loc);
    return warpId;
  }

private:
  OpBuilder &builder;
  Location loc;
  Value laneId, warpId;
};

/// The coordinate along `dim` contributed by the bits of a lane or warp id
/// (XOR of the bases of its set bits); runs of consecutive bits with
/// doubling bases become one shift-and-mask. Null when no basis moves
/// along `dim`.
Value bitsContribution(OpBuilder &builder, Location loc,
                       function_ref<Value()> getIndex,
                       ArrayRef<layout::Coord> bases, unsigned dim) {
  Value result;
  unsigned bit = 0;
  while (bit < bases.size()) {
    int64_t value = bases[bit][dim];
    if (value == 0) {
      ++bit;
      continue;
    }
    unsigned run = 1;
    while (bit + run < bases.size() && bases[bit + run][dim] == value << run)
      ++run;
    Value piece = getIndex();
    if (bit)
      piece = LLVM::LShrOp::create(builder, loc, piece,
                                   i32Constant(builder, loc, bit));
    piece = LLVM::AndOp::create(builder, loc, piece,
                                i32Constant(builder, loc, (1 << run) - 1));
    if (unsigned shift = llvm::Log2_64(value))
      piece = LLVM::ShlOp::create(builder, loc, piece,
                                  i32Constant(builder, loc, shift));
    result = result ? LLVM::XOrOp::create(builder, loc, result, piece) : piece;
    bit += run;
  }
  return result;
}

/// The coordinate of each listed register of the calling thread, one i32
/// per dimension (emitCoordinates with shared thread ids).
SmallVector<SmallVector<Value>>
registerCoordinates(OpBuilder &builder, Location loc,
                    const layout::LinearLayout &ll, ArrayRef<unsigned> regs,
                    ThreadIds &ids) {
  SmallVector<Value> base;
  for (unsigned d = 0; d < ll.getRank(); ++d) {
    Value fromLane = bitsContribution(
        builder, loc, [&] { return ids.lane(); }, ll.getBases(InDim::Lane), d);
    Value fromWarp = bitsContribution(
        builder, loc, [&] { return ids.warp(); }, ll.getBases(InDim::Warp), d);
    Value value = fromLane && fromWarp
                      ? LLVM::XOrOp::create(builder, loc, fromLane, fromWarp)
                      : (fromLane ? fromLane : fromWarp);
    base.push_back(value ? value : i32Constant(builder, loc, 0));
  }
  SmallVector<SmallVector<Value>> coords;
  for (unsigned reg : regs) {
    layout::Coord part = ll.applyPart(InDim::Register, reg);
    SmallVector<Value> coord;
    for (unsigned d = 0; d < ll.getRank(); ++d)
      coord.push_back(
          part[d] ? LLVM::XOrOp::create(builder, loc, base[d],
                                        i32Constant(builder, loc, part[d]))
                        .getResult()
                  : base[d]);
    coords.push_back(std::move(coord));
  }
  return coords;
}

//===----------------------------------------------------------------------===//
// Scratch memory for one element type
//===----------------------------------------------------------------------===//

/// Shared-memory slots of one element type; i1 is kept as a byte.
struct ScratchSlots {
  Value base;
  Type elementType;

  ScratchSlots(OpBuilder &builder, Location loc, LoweringState &state,
               Type elementType, int64_t numSlots)
      : elementType(elementType) {
    base = state.scratch.getBuffer(
        builder, loc,
        numSlots * sharedElementBytes(sharedStorageType(elementType)));
  }

  void store(OpBuilder &builder, Location loc, Value value, Value slot) const {
    storeSharedElement(builder, loc, base, slot, value);
  }

  Value load(OpBuilder &builder, Location loc, Value slot) const {
    return loadSharedElement(builder, loc, base, elementType, slot);
  }
};

//===----------------------------------------------------------------------===//
// The combiner
//===----------------------------------------------------------------------===//

/// Instantiates the combiner region on lowered values. The clones are
/// nv_tileaa/arith/math ops on scalars, which the running conversion lowers
/// right after the pattern (it legalizes every op a pattern creates).
class Combiner {
public:
  Combiner(Region &region, ConversionPatternRewriter &rewriter, Location loc,
           Type sourceType, Type loweredType)
      : block(region.front()), rewriter(rewriter), loc(loc),
        sourceType(sourceType), loweredType(loweredType) {}

  /// combine(lhs, rhs): lhs is the first block argument.
  Value operator()(Value lhs, Value rhs) const {
    IRMapping mapping;
    mapping.map(block.getArgument(0), toSource(lhs));
    mapping.map(block.getArgument(1), toSource(rhs));
    for (Operation &op : block.without_terminator())
      rewriter.clone(op, mapping);
    Value yielded =
        mapping.lookupOrDefault(block.getTerminator()->getOperand(0));
    return toLowered(yielded);
  }

  /// Whether combine(a, b) and combine(b, a) are the same computation: the
  /// region is one commutative op applied to the two arguments. Other
  /// combiners get their operands in a thread-independent order so that
  /// every thread holding a result computes it bit for bit identically.
  bool isKnownCommutative() const {
    auto ops = block.without_terminator();
    if (std::distance(ops.begin(), ops.end()) != 1)
      return false;
    Operation &op = *ops.begin();
    if (!op.hasTrait<OpTrait::IsCommutative>() || op.getNumOperands() != 2 ||
        op.getNumResults() != 1 || op.getNumRegions() != 0)
      return false;
    Value a = block.getArgument(0), b = block.getArgument(1);
    bool onArgs = (op.getOperand(0) == a && op.getOperand(1) == b) ||
                  (op.getOperand(0) == b && op.getOperand(1) == a);
    return onArgs && block.getTerminator()->getOperand(0) == op.getResult(0);
  }

private:
  // Element types whose lowered form differs (pointers) cross with casts
  // that the conversion resolves.
  Value toSource(Value value) const {
    if (sourceType == loweredType)
      return value;
    return UnrealizedConversionCastOp::create(rewriter, loc, sourceType, value)
        .getResult(0);
  }
  Value toLowered(Value value) const {
    if (sourceType == loweredType)
      return value;
    return UnrealizedConversionCastOp::create(rewriter, loc, loweredType, value)
        .getResult(0);
  }

  Block &block;
  ConversionPatternRewriter &rewriter;
  Location loc;
  Type sourceType, loweredType;
};

//===----------------------------------------------------------------------===//
// reduce
//===----------------------------------------------------------------------===//

/// Reduction: (1) each thread folds the registers along the axis in
/// increasing coordinate order, (2) shfl.sync.bfly over each lane bit along
/// the axis, (3) if warps split the axis, each warp writes its partials to
/// scratch and every thread folds the partials of all warps in increasing
/// coordinate order. Bits with zero bases (replicas) are never crossed, so
/// no element is combined twice. The result is computed in the layout
/// `sliced(axis)` of the source and moved to the result's layout if that
/// differs.
struct ReduceLowering : public ConvertOpToLLVMPattern<nv::ReduceOp> {
  ReduceLowering(TileTypeConverter &converter, LoweringState &state)
      : ConvertOpToLLVMPattern(converter), tiles(converter), state(state) {}

  LogicalResult
  matchAndRewrite(nv::ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType sourceType = op.getSrc().getType();
    unsigned axis = op.getAxis();
    layout::LinearLayout source = getLayout(sourceType);
    if (failed(getAxisLevels(op, source, axis)))
      return failure();
    Type elementType = tiles.convertElementType(sourceType.getElementType());
    Combiner combine(op.getCombiner(), rewriter, loc,
                     sourceType.getElementType(), elementType);
    bool ordered = !combine.isKnownCommutative();
    SmallVector<Value> elements = unpackTile(rewriter, loc, adaptor.getSrc());

    // Result registers of the sliced layout: register bit i of the slice is
    // the i-th source register bit that moves along another dimension.
    layout::LinearLayout sliced = source.sliced(axis);
    SmallVector<unsigned> otherBits;
    for (auto [bit, basis] :
         llvm::enumerate(source.getBases(InDim::Register))) {
      bool movesElsewhere = false;
      for (unsigned d = 0; d < basis.size(); ++d)
        movesElsewhere |= d != axis && basis[d] != 0;
      if (movesElsewhere)
        otherBits.push_back(bit);
    }
    assert(sliced.getNumRegisters() == 1u << otherBits.size() &&
           "slice keeps the register bits along other dimensions");
    SmallVector<unsigned> axisRegBits = source.bitsAlong(InDim::Register, axis);

    // (1) In-thread, in increasing coordinate order along the axis.
    SmallVector<Value> partials;
    for (unsigned r = 0; r < sliced.getNumRegisters(); ++r) {
      unsigned base = 0;
      for (auto [i, bit] : llvm::enumerate(otherBits))
        if (r & (1u << i))
          base |= 1u << bit;
      Value acc;
      for (unsigned j = 0; j < (1u << axisRegBits.size()); ++j) {
        unsigned reg = base;
        for (auto [i, bit] : llvm::enumerate(axisRegBits))
          if (j & (1u << i))
            reg |= 1u << bit;
        acc = acc ? combine(acc, elements[reg]) : elements[reg];
      }
      partials.push_back(acc);
    }

    // (2) Across the lanes that split the axis. For combiners that are not
    // known to commute, the lane whose bit is clear (the lower coordinate)
    // always provides the first operand.
    ThreadIds ids(rewriter, loc);
    for (unsigned bit : source.bitsAlong(InDim::Lane, axis)) {
      Value upper = ordered ? testBit(rewriter, loc, ids.lane(), bit) : Value();
      for (Value &acc : partials) {
        Value other = shuffleXor(rewriter, loc, acc, 1u << bit);
        if (!ordered) {
          acc = combine(acc, other);
          continue;
        }
        Value lhs = LLVM::SelectOp::create(rewriter, loc, upper, other, acc);
        Value rhs = LLVM::SelectOp::create(rewriter, loc, upper, acc, other);
        acc = combine(lhs, rhs);
      }
    }

    // (3) Across the warps that split the axis: slot (element, warp index
    // along the axis) of the scratch buffer.
    SmallVector<unsigned> warpBits = source.bitsAlong(InDim::Warp, axis);
    if (!warpBits.empty()) {
      unsigned numParts = 1u << warpBits.size();
      ScratchSlots slots(rewriter, loc, state, elementType,
                         sliced.getNumElements() * numParts);
      // First slot of each result: its row-major index times numParts.
      SmallVector<Value> firstSlots;
      Value partShift = i32Constant(rewriter, loc, warpBits.size());
      if (sliced.getRank() == 0) {
        firstSlots.push_back(i32Constant(rewriter, loc, 0));
      } else {
        SmallVector<unsigned> regs(sliced.getNumRegisters());
        std::iota(regs.begin(), regs.end(), 0u);
        for (const auto &coord :
             registerCoordinates(rewriter, loc, sliced, regs, ids))
          firstSlots.push_back(LLVM::ShlOp::create(
              rewriter, loc,
              emitRowMajorIndex(rewriter, loc, coord, sliced.getShape()),
              partShift));
      }
      Value part = gatherBits(rewriter, loc, ids.warp(), warpBits);
      // Earlier users of the scratch buffer must be done with it.
      emitBarrier(rewriter, loc);
      for (auto [acc, first] : llvm::zip(partials, firstSlots))
        slots.store(rewriter, loc, acc,
                    LLVM::OrOp::create(rewriter, loc, first, part));
      emitBarrier(rewriter, loc);
      for (auto [acc, first] : llvm::zip(partials, firstSlots)) {
        Value total;
        for (unsigned p = 0; p < numParts; ++p) {
          Value slot = p ? LLVM::OrOp::create(rewriter, loc, first,
                                              i32Constant(rewriter, loc, p))
                               .getResult()
                         : first;
          Value value = slots.load(rewriter, loc, slot);
          total = total ? combine(total, value) : value;
        }
        acc = total;
      }
    }

    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!resultType) {
      rewriter.replaceOp(op, partials.front());
      return success();
    }
    SmallVector<Value> results =
        convertLayout(rewriter, loc, state, elementType, sliced,
                      getLayout(resultType), partials);
    rewriter.replaceOp(op, packTile(rewriter, loc,
                                    getTypeConverter()->convertType(resultType),
                                    results));
    return success();
  }

  const TileTypeConverter &tiles;
  LoweringState &state;
};

//===----------------------------------------------------------------------===//
// scan
//===----------------------------------------------------------------------===//

/// A condition known at compile time or computed per thread.
struct Flag {
  Value dynamic; // set when the value depends on the thread
  bool known = false;

  static Flag constant(bool value) { return {Value(), value}; }
  static Flag of(Value value) { return {value, false}; }
  bool isFalse() const { return !dynamic && !known; }
  bool isTrue() const { return !dynamic && known; }

  Flag orWith(OpBuilder &builder, Location loc, Flag other) const {
    if (isTrue() || other.isFalse())
      return *this;
    if (other.isTrue() || isFalse())
      return other;
    return of(LLVM::OrOp::create(builder, loc, dynamic, other.dynamic));
  }
};

/// select(flag, a, b) without a select when the flag is known.
Value select(OpBuilder &builder, Location loc, Flag flag, Value a, Value b) {
  if (flag.isTrue())
    return a;
  if (flag.isFalse())
    return b;
  return LLVM::SelectOp::create(builder, loc, flag.dynamic, a, b);
}

/// The state of one segment (see ScanLowering) within its current block of
/// the axis.
struct Segment {
  unsigned reg;  // canonical register of the segment's first element
  Value total;   // the combination of the whole block, in scan order
  Value carry;   // the combination of the block's elements before the segment
  Flag hasCarry; // whether any element of the block precedes the segment
};

/// Inclusive scan. The axis coordinate's bits are processed from low to high
/// (see getAxisLevels). The lowest bits, when they are register bits, form the
/// segments each thread scans sequentially. Every further bit merges pairs
/// of blocks of the axis: a segment of the later block (in scan order) gains
/// the earlier block's total as carry, and both blocks get the combined
/// total. The partner block's total comes from another register (register
/// bit), from shfl.sync.bfly (lane bit), or from the scratch buffer, where a
/// run of consecutive warp bits is crossed at once. Finally every element
/// combines its segment's carry with its in-segment prefix. Operands are
/// always (earlier, later) in scan order: increasing coordinates, or
/// decreasing ones for reverse scans, which equal flipping, scanning and
/// flipping back.
struct ScanLowering : public ConvertOpToLLVMPattern<nv::ScanOp> {
  ScanLowering(TileTypeConverter &converter, LoweringState &state)
      : ConvertOpToLLVMPattern(converter), tiles(converter), state(state) {}

  LogicalResult
  matchAndRewrite(nv::ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType sourceType = op.getSrc().getType();
    unsigned axis = op.getAxis();
    bool reverse = op.isReverse();
    layout::LinearLayout source = getLayout(sourceType);
    FailureOr<SmallVector<AxisLevel>> levels = getAxisLevels(op, source, axis);
    if (failed(levels))
      return failure();
    Type elementType = tiles.convertElementType(sourceType.getElementType());
    Combiner combine(op.getCombiner(), rewriter, loc,
                     sourceType.getElementType(), elementType);
    SmallVector<Value> elements = unpackTile(rewriter, loc, adaptor.getSrc());

    // Segments: the lowest levels that are register bits.
    unsigned numSegmentLevels = 0;
    while (numSegmentLevels < levels->size() &&
           (*levels)[numSegmentLevels].kind == InDim::Register)
      ++numSegmentLevels;
    unsigned segmentMask = 0;
    for (unsigned j = 0; j < numSegmentLevels; ++j)
      segmentMask |= 1u << (*levels)[j].bit;
    unsigned freeMask = freeRegisterMask(source);
    unsigned segmentLength = 1u << numSegmentLevels;
    // Register of the i-th element (in coordinate order) of a segment.
    auto segmentElement = [&](unsigned first, unsigned i) {
      unsigned reg = first;
      for (unsigned j = 0; j < numSegmentLevels; ++j)
        if (i & (1u << j))
          reg |= 1u << (*levels)[j].bit;
      return reg;
    };

    // Sequential scan of each segment.
    DenseMap<unsigned, Value> prefix; // canonical register -> in-segment scan
    SmallVector<Segment> segments;
    DenseMap<unsigned, unsigned> segmentOf; // first register -> index
    for (unsigned reg = 0; reg < source.getNumRegisters(); ++reg) {
      if (reg & (segmentMask | freeMask))
        continue;
      Value acc;
      for (unsigned step = 0; step < segmentLength; ++step) {
        unsigned i = reverse ? segmentLength - 1 - step : step;
        unsigned element = segmentElement(reg, i);
        acc = acc ? combine(acc, elements[element]) : elements[element];
        prefix[element] = acc;
      }
      segmentOf[reg] = segments.size();
      segments.push_back({reg, acc, Value(), Flag::constant(false)});
    }

    // The merges, level by level.
    ThreadIds ids(rewriter, loc);
    for (unsigned j = numSegmentLevels; j < levels->size();) {
      AxisLevel level = (*levels)[j];
      if (level.kind == InDim::Register) {
        unsigned mask = 1u << level.bit;
        for (Segment &low : segments) {
          if (low.reg & mask)
            continue;
          Segment &high = segments[segmentOf.lookup(low.reg | mask)];
          Segment &earlier = reverse ? high : low;
          Segment &later = reverse ? low : high;
          mergeLater(rewriter, loc, combine, later, earlier.total,
                     Flag::constant(true));
          Value total = combine(earlier.total, later.total);
          earlier.total = later.total = total;
        }
        ++j;
        continue;
      }
      if (level.kind == InDim::Lane) {
        // The later block in scan order has the bit set (clear if reverse).
        Flag isLater =
            Flag::of(testBit(rewriter, loc, ids.lane(), level.bit, !reverse));
        for (Segment &segment : segments) {
          Value partner =
              shuffleXor(rewriter, loc, segment.total, 1u << level.bit);
          Value first = select(rewriter, loc, isLater, partner, segment.total);
          Value second = select(rewriter, loc, isLater, segment.total, partner);
          mergeLater(rewriter, loc, combine, segment, partner, isLater);
          segment.total = combine(first, second);
        }
        ++j;
        continue;
      }
      // A run of consecutive warp levels.
      unsigned runEnd = j;
      SmallVector<unsigned> runBits;
      while (runEnd < levels->size() && (*levels)[runEnd].kind == InDim::Warp)
        runBits.push_back((*levels)[runEnd++].bit);
      crossWarps(rewriter, loc, combine, source, axis, reverse, j, runBits, ids,
                 elementType, segments);
      j = runEnd;
    }

    // Each element: the segment's carry, then the in-segment prefix.
    SmallVector<Value> scanned(source.getNumRegisters());
    for (Segment &segment : segments) {
      for (unsigned i = 0; i < segmentLength; ++i) {
        unsigned element = segmentElement(segment.reg, i);
        Value value = prefix[element];
        if (!segment.hasCarry.isFalse())
          value = select(rewriter, loc, segment.hasCarry,
                         combine(segment.carry, value), value);
        scanned[element] = value;
      }
    }
    // Replicated registers take the value of their first copy.
    for (unsigned reg = 0; reg < source.getNumRegisters(); ++reg)
      scanned[reg] = scanned[reg & ~freeMask];

    RankedTensorType resultType = op.getType();
    SmallVector<Value> results =
        convertLayout(rewriter, loc, state, elementType, source,
                      getLayout(resultType), scanned);
    rewriter.replaceOp(op, packTile(rewriter, loc,
                                    getTypeConverter()->convertType(resultType),
                                    results));
    return success();
  }

private:
  /// Where `isLater` holds, the segment's block follows a block whose total
  /// is `earlierTotal`: that total precedes the segment's carry.
  static void mergeLater(OpBuilder &builder, Location loc,
                         const Combiner &combine, Segment &segment,
                         Value earlierTotal, Flag isLater) {
    Value carried = earlierTotal;
    if (!segment.hasCarry.isFalse())
      carried = select(builder, loc, segment.hasCarry,
                       combine(earlierTotal, segment.carry), earlierTotal);
    segment.carry = segment.carry
                        ? select(builder, loc, isLater, carried, segment.carry)
                        : carried;
    segment.hasCarry = segment.hasCarry.orWith(builder, loc, isLater);
  }

  /// Crosses the consecutive warp levels starting at level `firstLevel`
  /// (warp bits `runBits`, in level order): every thread writes its block
  /// totals to scratch, indexed by the coordinate with the axis shifted
  /// right by `firstLevel`; then each reads the totals of the 2^run blocks
  /// that merge, folds them in scan order and takes as carry the fold of
  /// the blocks before its own.
  void crossWarps(OpBuilder &builder, Location loc, const Combiner &combine,
                  const layout::LinearLayout &source, unsigned axis,
                  bool reverse, unsigned firstLevel, ArrayRef<unsigned> runBits,
                  ThreadIds &ids, Type elementType,
                  SmallVector<Segment> &segments) const {
    SmallVector<int64_t> blockShape(source.getShape().begin(),
                                    source.getShape().end());
    blockShape[axis] >>= firstLevel;
    int64_t numBlocks = 1;
    for (int64_t size : blockShape)
      numBlocks *= size;
    int64_t axisStride = 1;
    for (unsigned d = axis + 1; d < blockShape.size(); ++d)
      axisStride *= blockShape[d];
    unsigned numParts = 1u << runBits.size();
    ScratchSlots slots(builder, loc, state, elementType, numBlocks);

    // Slot of each segment's block, and of the first block of the run.
    SmallVector<unsigned> regs;
    for (Segment &segment : segments)
      regs.push_back(segment.reg);
    SmallVector<SmallVector<Value>> coords =
        registerCoordinates(builder, loc, source, regs, ids);
    SmallVector<Value> ownSlots, firstSlots;
    for (SmallVector<Value> &coord : coords) {
      coord[axis] = LLVM::LShrOp::create(builder, loc, coord[axis],
                                         i32Constant(builder, loc, firstLevel));
      ownSlots.push_back(emitRowMajorIndex(builder, loc, coord, blockShape));
      coord[axis] =
          LLVM::AndOp::create(builder, loc, coord[axis],
                              i32Constant(builder, loc, -int64_t(numParts)));
      firstSlots.push_back(emitRowMajorIndex(builder, loc, coord, blockShape));
    }

    emitBarrier(builder, loc);
    for (auto [segment, slot] : llvm::zip(segments, ownSlots))
      slots.store(builder, loc, segment.total, slot);
    emitBarrier(builder, loc);

    // Position of this warp's block in the run (bits firstLevel.. of the
    // axis coordinate).
    Value part = gatherBits(builder, loc, ids.warp(), runBits);
    for (auto [segment, firstSlot] : llvm::zip(segments, firstSlots)) {
      SmallVector<Value> totals;
      for (unsigned p = 0; p < numParts; ++p) {
        Value slot =
            p ? LLVM::AddOp::create(builder, loc, firstSlot,
                                    i32Constant(builder, loc, p * axisStride))
                    .getResult()
              : firstSlot;
        totals.push_back(slots.load(builder, loc, slot));
      }
      // folds[i]: the blocks from the start of the run (in scan order) up to
      // block i, inclusive.
      SmallVector<Value> folds(numParts);
      for (unsigned step = 0; step < numParts; ++step) {
        unsigned p = reverse ? numParts - 1 - step : step;
        unsigned previous = reverse ? p + 1 : p - 1;
        folds[p] = step ? combine(folds[previous], totals[p]) : totals[p];
      }
      // The carry of block `part` is the fold up to the block before it
      // (the first block in scan order has none).
      unsigned firstPart = reverse ? numParts - 1 : 0;
      unsigned secondPart = reverse ? numParts - 2 : 1;
      Value carry = folds[firstPart];
      for (unsigned p = 0; p < numParts; ++p) {
        if (p == firstPart || p == secondPart)
          continue;
        unsigned previous = reverse ? p + 1 : p - 1;
        Value isPart =
            LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::eq, part,
                                 i32Constant(builder, loc, p));
        carry = LLVM::SelectOp::create(builder, loc, isPart, folds[previous],
                                       carry);
      }
      Value isLater =
          LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::ne, part,
                               i32Constant(builder, loc, firstPart));
      mergeLater(builder, loc, combine, segment, carry, Flag::of(isLater));
      segment.total = folds[reverse ? 0 : numParts - 1];
    }
  }

  const TileTypeConverter &tiles;
  LoweringState &state;
};

} // namespace

void lowering::populateReduceScanPatterns(TileTypeConverter &converter,
                                          RewritePatternSet &patterns,
                                          LoweringState &state) {
  patterns.add<ReduceLowering, ScanLowering>(converter, state);
}
