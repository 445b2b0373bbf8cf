//===- AssignLayouts.cpp - a distributed layout for every tile ------------===//
//
// Two walks per function:
//  1. Backward, collecting the layout each value would like: memory ops want
//     the layout that gives each lane up to 128 contiguous bits along the
//     most contiguous dimension of their pointer tile (from the axis-info
//     analysis); dot wants its accumulator layout for C. The wish flows back
//     through elementwise ops, broadcasts (same blocked parameters),
//     expand_dims (a slice of the wanted layout), permutes and reductions,
//     so that index computations are born in the layout their use needs.
//  2. Forward, in program order, giving each result a layout from its
//     operands (elementwise ops keep their first operand's layout, reduce
//     makes a slice, expand_dims of a slice gives back the parent, dot
//     operands become dot_operand layouts of the accumulator, ...) and
//     inserting nv_tileaa.convert_layout where an operand must move.
//
//===----------------------------------------------------------------------===//

#include "LayoutAssignment/MmaChoice.h"
#include "LayoutAssignment/SplitLargeDots.h"
#include "tileiras/Analysis/AxisInfo.h"
#include "tileiras/Dialect/NVTileAA/DotPath.h"
#include "tileiras/Layout/LinearLayout.h"
#include "tileiras/Layout/MmaLayouts.h"
#include "tileiras/Passes/ModuleTarget.h"
#include "tileiras/Passes/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

namespace tileiras {
#define GEN_PASS_DEF_ASSIGNLAYOUTS
#include "tileiras/Passes/Passes.h.inc"
} // namespace tileiras

using namespace mlir;
using namespace tileiras;
namespace nv = tileiras::nv_tileaa;

namespace {

RankedTensorType asTile(Type type) { return dyn_cast<RankedTensorType>(type); }

RankedTensorType withLayout(RankedTensorType type, Attribute layout) {
  return RankedTensorType::get(type.getShape(), type.getElementType(), layout);
}

unsigned elementBits(Type type) {
  if (auto tile = asTile(type))
    type = tile.getElementType();
  if (auto ptr = dyn_cast<nv::PtrType>(type))
    type = ptr.getPointeeType();
  if (type.isIntOrFloat())
    return std::max(8u, type.getIntOrFloatBitWidth());
  return 64;
}

int64_t numElements(llvm::ArrayRef<int64_t> shape) {
  int64_t count = 1;
  for (int64_t d : shape)
    count *= d;
  return count;
}

/// Ops whose tile operands and results all share one shape and whose i-th
/// result element depends on the i-th operand elements only.
bool isElementwise(Operation *op) {
  if (op->getNumResults() != 1 || !asTile(op->getResult(0).getType()))
    return false;
  if (isa<nv::AddPtrOp, nv::AddFOp, nv::SubFOp, nv::MulFOp, nv::DivFOp,
          nv::FmaOp, nv::SqrtOp, nv::RsqrtOp, nv::Exp2Op, nv::ClampFOp,
          nv::MulHiUIOp, nv::FpToFpOp, nv::AssumeOp, nv::IntToPtrOp,
          nv::PtrToIntOp, nv::PtrToPtrOp>(op))
    return true;
  if (isa<arith::ConstantOp>(op))
    return false;
  Dialect *dialect = op->getDialect();
  return dialect && isa<arith::ArithDialect, math::MathDialect>(dialect);
}

class FunctionLayouts {
public:
  FunctionLayouts(nv::FuncOp func, unsigned numWarps,
                  const AxisInfoAnalysis &axisInfo,
                  const llvm::DenseMap<Operation *, nv::FuncOp> &callees,
                  const targetspec::Target &target)
      : func(func), numWarps(numWarps), axisInfo(axisInfo), callees(callees),
        target(target), context(func.getContext()) {}

  LogicalResult run() {
    collectWishes();
    assignArguments();
    if (failed(assignRegion(func.getBody())))
      return failure();
    updateSignature();
    // Values recomputed in another layout may have left their originals
    // without uses.
    for (bool changed = true; changed;) {
      llvm::SmallVector<Operation *> dead;
      func.walk([&](Operation *op) {
        if (op->getNumRegions() == 0 && isOpTriviallyDead(op))
          dead.push_back(op);
      });
      for (Operation *op : dead)
        op->erase();
      changed = !dead.empty();
    }
    return success();
  }

private:
  //===--------------------------------------------------------------------===//
  // Layout builders
  //===--------------------------------------------------------------------===//

  nv::BlockedEncodingAttr blocked(const layout::BlockedParams &params) {
    return nv::BlockedEncodingAttr::get(context, params.sizePerThread,
                                        params.threadsPerWarp,
                                        params.warpsPerCTA, params.order);
  }

  /// Elements one thread takes so that every thread gets work before any
  /// gets a vector.
  unsigned cappedVector(llvm::ArrayRef<int64_t> shape, unsigned vector) {
    int64_t perThread = numElements(shape) / (32 * int64_t(numWarps));
    return static_cast<unsigned>(
        std::max<int64_t>(1, std::min<int64_t>(vector, perThread)));
  }

  /// The layout of a tile nothing asks anything of.
  Attribute defaultLayout(llvm::ArrayRef<int64_t> shape) {
    return blocked(
        layout::defaultBlockedParams(shape, numWarps, cappedVector(shape, 4)));
  }

  /// The layout a memory access through `pointers` wants: dimensions ordered
  /// by contiguity, and up to 128 bits per lane along the most contiguous.
  Attribute memoryLayout(Value pointers, unsigned bits) {
    auto tile = asTile(pointers.getType());
    llvm::ArrayRef<int64_t> shape = tile.getShape();
    unsigned rank = shape.size();
    AxisInfo info = axisInfo.getAxisInfo(pointers);
    llvm::SmallVector<unsigned, 4> order;
    for (unsigned d = 0; d < rank; ++d)
      order.push_back(rank - 1 - d);
    llvm::stable_sort(order, [&](unsigned a, unsigned b) {
      return info.getContiguity(a) > info.getContiguity(b);
    });
    unsigned fastest = order.front();
    int64_t vector = std::min<int64_t>(info.getContiguity(fastest), 128 / bits);
    vector = std::min<int64_t>(vector, shape[fastest]);
    vector = int64_t(1) << llvm::Log2_64(std::max<int64_t>(1, vector));
    llvm::SmallVector<unsigned, 4> sizePerThread(rank, 1);
    sizePerThread[fastest] = cappedVector(shape, static_cast<unsigned>(vector));
    return blocked(
        layout::blockedParams(shape, numWarps, sizePerThread, order));
  }

  /// The accumulator layout of a tcgen05.mma dot: one row per thread
  /// (tensor memory lane r is read by lane r % 32 of a warp w with w % 4 ==
  /// r / 32, tcgen05.ld 32x32b); a second warpgroup takes the right half of
  /// the columns (warps along M first: order [0, 1]; the registers run
  /// along N either way).
  Attribute tensorMemoryLayout(Type result, const DotPathChoice &choice) {
    unsigned split = choice.warpsPerCTA[1];
    unsigned columns = unsigned(asTile(result).getShape()[1]) / split;
    return nv::BlockedEncodingAttr::get(context, {1, columns}, {32, 1},
                                        {4, split}, {0, 1});
  }

  bool kContiguous(Value operand, unsigned kDim) {
    return loadedContiguousAlongK(axisInfo, operand, kDim);
  }

  /// Accumulator layout of a dot: mma.sync fragments where the target and
  /// the types allow (the choice is recorded on the dot, and its operand
  /// packing in `kWidth` when asked), else FMA blocks.
  Attribute dotLayout(nv::DotOp dot, unsigned *kWidth = nullptr) {
    DotPathChoice choice =
        chooseDotPath(dot, target, numWarps,
                      kContiguous(dot.getA(), 1) && kContiguous(dot.getB(), 0));
    dot->setAttr(nv::kDotPathAttrName,
                 StringAttr::get(context, choice.description));
    if (kWidth)
      *kWidth = choice.kWidth;
    if (!choice.usesMma())
      return fmaDotLayout(asTile(dot.getType()));
    if (choice.tcgen05)
      return tensorMemoryLayout(dot.getType(), choice);
    return mmaAccumulatorEncoding(context, choice);
  }

  /// Accumulator layout of a dot_scaled (tcgen05.mma or block-scaled
  /// mma.sync), its operand packing in `kWidth` when asked.
  Attribute scaledDotLayout(nv::DotScaledOp dot, unsigned *kWidth = nullptr) {
    DotPathChoice choice = chooseScaledDotPath(dot, target, numWarps,
                                               kContiguous(dot.getA(), 1) &&
                                                   kContiguous(dot.getB(), 0));
    dot->setAttr(nv::kDotPathAttrName,
                 StringAttr::get(context, choice.description));
    if (kWidth)
      *kWidth = choice.kWidth;
    if (choice.tcgen05)
      return tensorMemoryLayout(dot.getType(), choice);
    return nv::MmaEncodingAttr::get(
        context, 2, choice.warpsPerCTA,
        {unsigned(layout::kMmaM), unsigned(layout::kMmaN)});
  }

  /// Accumulator layout of an FMA dot: small square-ish blocks per thread
  /// so each loaded A and B element feeds several FMAs.
  Attribute fmaDotLayout(RankedTensorType result) {
    llvm::ArrayRef<int64_t> shape = result.getShape();
    unsigned rank = shape.size();
    int64_t m = shape[rank - 2], n = shape[rank - 1];
    int64_t perThread =
        std::max<int64_t>(1, numElements(shape) / (32 * int64_t(numWarps)));
    int64_t sn = std::min<int64_t>({4, n, perThread});
    int64_t sm =
        std::min<int64_t>({4, m, std::max<int64_t>(1, perThread / sn)});
    llvm::SmallVector<unsigned, 4> sizePerThread(rank, 1), order;
    sizePerThread[rank - 1] = static_cast<unsigned>(sn);
    sizePerThread[rank - 2] = static_cast<unsigned>(sm);
    for (unsigned d = 0; d < rank; ++d)
      order.push_back(rank - 1 - d);
    return blocked(
        layout::blockedParams(shape, numWarps, sizePerThread, order));
  }

  Attribute slice(unsigned dim, Attribute parent) {
    return nv::SliceEncodingAttr::get(context, dim, parent);
  }

  /// A blocked layout with dimension `axis` inserted (one element, one
  /// lane, one warp; slowest in the order).
  Attribute expandBlocked(nv::BlockedEncodingAttr layout, unsigned axis) {
    auto insert = [&](llvm::ArrayRef<unsigned> values) {
      llvm::SmallVector<unsigned, 4> result(values.begin(), values.end());
      result.insert(result.begin() + axis, 1u);
      return result;
    };
    llvm::SmallVector<unsigned, 4> order;
    for (unsigned d : layout.getOrder())
      order.push_back(d >= axis ? d + 1 : d);
    order.push_back(axis);
    return nv::BlockedEncodingAttr::get(context,
                                        insert(layout.getSizePerThread()),
                                        insert(layout.getThreadsPerWarp()),
                                        insert(layout.getWarpsPerCTA()), order);
  }

  /// The blocked layout of the permuted tile: result dimension i is source
  /// dimension order[i].
  Attribute permuteBlocked(nv::BlockedEncodingAttr layout,
                           llvm::ArrayRef<int32_t> order) {
    auto move = [&](llvm::ArrayRef<unsigned> values) {
      llvm::SmallVector<unsigned, 4> result;
      for (int32_t source : order)
        result.push_back(values[source]);
      return result;
    };
    llvm::SmallVector<unsigned, 4> inverse(order.size());
    for (unsigned i = 0; i < order.size(); ++i)
      inverse[order[i]] = i;
    llvm::SmallVector<unsigned, 4> newOrder;
    for (unsigned d : layout.getOrder())
      newOrder.push_back(inverse[d]);
    return nv::BlockedEncodingAttr::get(
        context, move(layout.getSizePerThread()),
        move(layout.getThreadsPerWarp()), move(layout.getWarpsPerCTA()),
        newOrder);
  }

  //===--------------------------------------------------------------------===//
  // Walk 1: wishes
  //===--------------------------------------------------------------------===//

  /// How much a wish weighs: a dot's accumulator layout outweighs a memory
  /// op's (moving a dot result costs a trip through shared memory, while
  /// loads and stores only lose vector width), so values computed from or
  /// into an accumulator (attention's scores and row statistics) stay in
  /// its layout. Among equals the first (the last use) wins.
  enum Weight : unsigned { MemoryWish = 1, DotWish = 2 };

  /// Memory ops and dots wish; everything else passes wishes on with
  /// their weight.
  void wish(Value value, Attribute layout, unsigned weight) {
    if (!value || !asTile(value.getType()) || !layout)
      return;
    auto [it, inserted] = wishes.try_emplace(value, layout, weight);
    if (inserted) {
      wishesChanged = true;
    } else if (weight > it->second.second) {
      it->second = {layout, weight};
      wishesChanged = true;
    }
  }

  std::optional<std::pair<Attribute, unsigned>> wishOf(Value value) {
    auto it = wishes.find(value);
    if (it == wishes.end())
      return std::nullopt;
    return it->second;
  }

  void collectWishes() {
    // Pre-order, reversed: users before producers, loop bodies before their
    // loops. Loop-carried values need a few rounds to settle.
    llvm::SmallVector<Operation *> ops;
    func.walk<WalkOrder::PreOrder>([&](Operation *op) { ops.push_back(op); });
    for (unsigned round = 0; round < 4; ++round) {
      wishesChanged = false;
      for (Operation *op : llvm::reverse(ops))
        collectWishes(op);
      for (Operation *op : ops)
        forwardMmaWish(op);
      if (!wishesChanged)
        break;
    }
  }

  /// Whether a memory access through `pointers` can use vectors at all: a
  /// gather or scatter (no contiguity anywhere) cannot, so it has no reason
  /// to ask for a layout and takes whatever its addresses come in.
  bool isVectorizable(Value pointers) {
    AxisInfo info = axisInfo.getAxisInfo(pointers);
    for (unsigned d = 0; d < info.getRank(); ++d)
      if (info.getContiguity(d) > 1)
        return true;
    return false;
  }

  void collectWishes(Operation *op) {
    llvm::TypeSwitch<Operation *>(op)
        .Case([&](nv::LoadOp load) {
          if (!asTile(load.getPtr().getType()) ||
              !isVectorizable(load.getPtr()))
            return;
          Attribute layout =
              memoryLayout(load.getPtr(), elementBits(load.getType()));
          wish(load.getPtr(), layout, MemoryWish);
          wish(load.getMask(), layout, MemoryWish);
          wish(load.getOther(), layout, MemoryWish);
        })
        .Case([&](nv::StoreOp store) {
          if (!asTile(store.getPtr().getType()) ||
              !isVectorizable(store.getPtr()))
            return;
          Attribute layout = memoryLayout(
              store.getPtr(), elementBits(store.getValue().getType()));
          wish(store.getPtr(), layout, MemoryWish);
          wish(store.getValue(), layout, MemoryWish);
          wish(store.getMask(), layout, MemoryWish);
        })
        .Case([&](nv::TmaStoreOp store) {
          // The layout a pointer store of the tile would ask for: row-major,
          // 16 bytes per lane along the rows (the value may keep another
          // one; the staging buffer takes any).
          auto tile = asTile(store.getValue().getType());
          unsigned bits = elementBits(store.getValue().getType());
          wish(store.getValue(),
               blocked(layout::defaultBlockedParams(
                   tile.getShape(), numWarps,
                   cappedVector(tile.getShape(), 128 / bits))),
               MemoryWish);
        })
        .Case([&](nv::DotOp dot) {
          Attribute layout = dotLayout(dot);
          wish(dot.getC(), layout, DotWish);
          wish(dot.getResult(), layout, DotWish);
        })
        .Case([&](nv::DotScaledOp dot) {
          Attribute layout = scaledDotLayout(dot);
          wish(dot.getC(), layout, DotWish);
          wish(dot.getResult(), layout, DotWish);
        })
        .Case([&](nv::BroadcastOp broadcast) {
          if (auto w = wishOf(broadcast.getResult()))
            if (isa<nv::BlockedEncodingAttr, nv::MmaEncodingAttr>(w->first))
              wish(broadcast.getSrc(), w->first, w->second);
        })
        .Case([&](nv::ExpandDimsOp expand) {
          if (auto w = wishOf(expand.getResult()))
            wish(expand.getSrc(), slice(expand.getAxis(), w->first), w->second);
        })
        .Case([&](nv::PermuteOp permute) {
          auto w = wishOf(permute.getResult());
          if (!w)
            return;
          auto layout = dyn_cast<nv::BlockedEncodingAttr>(w->first);
          if (!layout)
            return;
          llvm::SmallVector<int32_t> inverse(permute.getOrder().size());
          for (auto [i, source] : llvm::enumerate(permute.getOrder()))
            inverse[source] = static_cast<int32_t>(i);
          wish(permute.getSrc(), permuteBlocked(layout, inverse), w->second);
        })
        .Case([&](nv::ReduceOp reduce) {
          auto w = wishOf(reduce.getResult());
          if (!w)
            return;
          if (auto sliced = dyn_cast<nv::SliceEncodingAttr>(w->first))
            if (sliced.getDim() == reduce.getAxis())
              wish(reduce.getSrc(), sliced.getParent(), w->second);
        })
        .Case([&](scf::ForOp loop) {
          // A carried value is one value: its init, block argument, yielded
          // value and result all want the same layout.
          auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
          for (auto [init, arg, result, yielded] :
               llvm::zip(loop.getInitArgs(), loop.getRegionIterArgs(),
                         loop.getResults(), yield.getOperands())) {
            std::optional<std::pair<Attribute, unsigned>> w;
            for (Value v : {Value(arg), Value(result), yielded, init})
              if (auto candidate = wishOf(v);
                  candidate && (!w || candidate->second > w->second))
                w = candidate;
            if (!w)
              continue;
            wish(arg, w->first, w->second);
            wish(result, w->first, w->second);
            wish(init, w->first, w->second);
            wish(yielded, w->first, w->second);
          }
        })
        .Default([&](Operation *other) {
          if (!isElementwise(other))
            return;
          auto w = wishOf(other->getResult(0));
          if (!w)
            return;
          for (Value operand : other->getOperands()) {
            // An accumulator's layout does not reach back into index and
            // mask computations: those are often shared with addresses,
            // which want the loads' layout, and are cheap to recompute in
            // the accumulator's where it is used.
            if (w->second == DotWish &&
                !isa<FloatType>(getElementTypeOrSelf(operand.getType())))
              continue;
            wish(operand, w->first, w->second);
          }
        });
  }

  /// Forward: an mma accumulator's wish reaches the values computed from
  /// it -- elementwise results, reductions (a slice of it), expand_dims of
  /// such a slice, broadcasts -- so that they are born in it (attention's
  /// scores, probabilities and row statistics) rather than in the layout a
  /// later store asks for; the backward walk then spreads it to their other
  /// operands.
  void forwardMmaWish(Operation *op) {
    auto mmaWish = [&](Value v) -> Attribute {
      auto w = wishOf(v);
      if (!w || w->second != DotWish)
        return Attribute();
      Attribute layout = w->first;
      while (auto sliced = dyn_cast<nv::SliceEncodingAttr>(layout))
        layout = sliced.getParent();
      return isa<nv::MmaEncodingAttr>(layout) ? w->first : Attribute();
    };
    llvm::TypeSwitch<Operation *>(op)
        .Case([&](nv::ReduceOp reduce) {
          Attribute layout = mmaWish(reduce.getSrc());
          if (layout && !isa<nv::SliceEncodingAttr>(layout))
            wish(reduce.getResult(), slice(reduce.getAxis(), layout), DotWish);
        })
        .Case([&](nv::ExpandDimsOp expand) {
          if (auto sliced = dyn_cast_or_null<nv::SliceEncodingAttr>(
                  mmaWish(expand.getSrc()));
              sliced && sliced.getDim() == expand.getAxis())
            wish(expand.getResult(), sliced.getParent(), DotWish);
        })
        .Case([&](nv::BroadcastOp broadcast) {
          Attribute layout = mmaWish(broadcast.getSrc());
          if (isa_and_nonnull<nv::MmaEncodingAttr>(layout))
            wish(broadcast.getResult(), layout, DotWish);
        })
        .Default([&](Operation *other) {
          if (!isElementwise(other))
            return;
          for (Value operand : other->getOperands())
            if (Attribute layout = mmaWish(operand)) {
              wish(other->getResult(0), layout, DotWish);
              return;
            }
        });
  }

  //===--------------------------------------------------------------------===//
  // Walk 2: assignment
  //===--------------------------------------------------------------------===//

  Attribute layoutOf(Value value) {
    auto tile = asTile(value.getType());
    return tile ? tile.getEncoding() : Attribute();
  }

  void setLayout(Value value, Attribute layout) {
    auto tile = asTile(value.getType());
    if (!tile || tile.getEncoding() == layout)
      return;
    value.setType(withLayout(tile, layout));
  }

  /// The layout a fresh value of `type` gets: its wish, else the default.
  Attribute freshLayout(Value value) {
    if (auto w = wishOf(value))
      return w->first;
    return defaultLayout(asTile(value.getType()).getShape());
  }

  /// `value` in `layout`: cheap index computations are recomputed in the
  /// layout; anything else is converted right after its definition (one
  /// conversion shared by every use that needs the same layout).
  Value convert(Value value, Attribute layout) {
    if (!asTile(value.getType()) || layoutOf(value) == layout)
      return value;
    // A conversion of a conversion starts from the original.
    if (auto converted = value.getDefiningOp<nv::ConvertLayoutOp>())
      return convert(converted.getSrc(), layout);
    auto key = std::make_pair(value, layout);
    if (Value existing = conversions.lookup(key))
      return existing;
    int budget = kRematerializationBudget;
    if (canRematerialize(value, layout, budget))
      return rematerialize(value, layout);
    OpBuilder builder(context);
    if (Operation *def = value.getDefiningOp())
      builder.setInsertionPointAfter(def);
    else
      builder.setInsertionPointToStart(cast<BlockArgument>(value).getOwner());
    auto converted = nv::ConvertLayoutOp::create(
        builder, value.getLoc(), withLayout(asTile(value.getType()), layout),
        value);
    conversions[key] = converted.getResult();
    return converted.getResult();
  }

  /// Ops worth recomputing instead of moving their result through shared
  /// memory: tile constants and integer/pointer index arithmetic.
  static constexpr int kRematerializationBudget = 48;

  bool isCheapIndexOp(Operation *op) {
    if (isa<nv::MakeRangeOp, nv::SplatOp, nv::AddPtrOp>(op))
      return true;
    if (auto constant = dyn_cast<arith::ConstantOp>(op))
      return isa<DenseElementsAttr>(constant.getValue());
    return isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::AndIOp,
               arith::OrIOp, arith::XOrIOp, arith::ShLIOp, arith::ShRUIOp,
               arith::ShRSIOp, arith::CmpIOp, arith::SelectOp, arith::ExtSIOp,
               arith::ExtUIOp, arith::TruncIOp, arith::DivSIOp, arith::DivUIOp,
               arith::RemSIOp, arith::RemUIOp, arith::MinSIOp, arith::MaxSIOp,
               arith::MinUIOp, arith::MaxUIOp>(op);
  }

  bool canRematerialize(Value value, Attribute layout, int &budget) {
    if (!asTile(value.getType()) || layoutOf(value) == layout ||
        conversions.count({value, layout}))
      return true;
    Operation *def = value.getDefiningOp();
    if (!def || def->getNumResults() != 1 || --budget < 0)
      return false;
    if (auto broadcast = dyn_cast<nv::BroadcastOp>(def))
      return isa<nv::BlockedEncodingAttr, nv::MmaEncodingAttr>(layout) &&
             canRematerialize(broadcast.getSrc(), layout, budget);
    // Below an expand_dims the source may also be converted: a broadcast
    // row or column moves through shared memory instead of the whole tile
    // (attention's rescaling of its accumulator by a per-row factor).
    if (isa<nv::ExpandDimsOp>(def))
      return true;
    if (!isCheapIndexOp(def))
      return false;
    for (Value operand : def->getOperands())
      if (!canRematerialize(operand, layout, budget))
        return false;
    return true;
  }

  Value rematerialize(Value value, Attribute layout) {
    if (!asTile(value.getType()) || layoutOf(value) == layout)
      return value;
    auto key = std::make_pair(value, layout);
    if (Value existing = conversions.lookup(key))
      return existing;
    Operation *def = value.getDefiningOp();
    llvm::SmallVector<Value> operands;
    if (auto expand = dyn_cast<nv::ExpandDimsOp>(def))
      operands.push_back(
          convert(expand.getSrc(), slice(expand.getAxis(), layout)));
    else
      for (Value operand : def->getOperands())
        operands.push_back(rematerialize(operand, layout));
    OpBuilder builder(context);
    builder.setInsertionPointAfter(def);
    Operation *clone = builder.clone(*def);
    clone->setOperands(operands);
    RankedTensorType type = withLayout(asTile(value.getType()), layout);
    if (auto constant = dyn_cast<arith::ConstantOp>(clone))
      constant.setValueAttr(
          cast<DenseElementsAttr>(constant.getValue()).reshape(type));
    clone->getResult(0).setType(type);
    conversions[key] = clone->getResult(0);
    return clone->getResult(0);
  }

  /// Converts A and B of a dot to the operand layouts of `accumulator`
  /// (`kWidth` K elements per register for mma.sync; 0 otherwise).
  void convertDotOperands(OpOperand &a, OpOperand &b, Attribute accumulator,
                          unsigned kWidth = 0) {
    convertOperand(
        a, nv::DotOperandEncodingAttr::get(context, 0, accumulator, kWidth));
    convertOperand(
        b, nv::DotOperandEncodingAttr::get(context, 1, accumulator, kWidth));
  }

  void convertOperand(OpOperand &operand, Attribute layout) {
    operand.set(convert(operand.get(), layout));
  }

  LogicalResult assignRegion(Region &region) {
    for (Block &block : region)
      for (Operation &op : llvm::make_early_inc_range(block))
        if (failed(assign(&op)))
          return failure();
    return success();
  }

  LogicalResult assign(Operation *op) {
    // Tiles produced by operations already laid out (re-runs) stay.
    if (auto convertOp = dyn_cast<nv::ConvertLayoutOp>(op))
      return success();
    return llvm::TypeSwitch<Operation *, LogicalResult>(op)
        .Case([&](nv::LoadOp load) {
          if (!asTile(load.getPtr().getType()))
            return success();
          Attribute layout = layoutOf(load.getPtr());
          if (load.getMask())
            convertOperand(load.getMaskMutable()[0], layout);
          if (load.getOther())
            convertOperand(load.getOtherMutable()[0], layout);
          setLayout(load.getResult(), layout);
          return success();
        })
        .Case<nv::StoreOp, nv::AtomicRMWOp, nv::AtomicCASOp>(
            [&](Operation *memoryOp) {
              Value ptr = memoryOp->getOperand(0);
              if (!asTile(ptr.getType()))
                return success();
              Attribute layout = layoutOf(ptr);
              // Storing a computed value (a dot result, say) in its own
              // layout beats moving it through shared memory, when the
              // addresses can be recomputed in that layout and vectorize
              // as well.
              if (auto store = dyn_cast<nv::StoreOp>(memoryOp))
                if (Attribute valueLayout = layoutOf(store.getValue());
                    valueLayout && valueLayout != layout &&
                    storesAsWellIn(store, valueLayout))
                  layout = valueLayout;
              for (OpOperand &operand : memoryOp->getOpOperands())
                convertOperand(operand, layout);
              for (Value result : memoryOp->getResults())
                setLayout(result, layout);
              return success();
            })
        .Case([&](nv::DotOp dot) {
          Attribute accumulator = layoutOf(dot.getC());
          unsigned kWidth = 0;
          Attribute wanted = dotLayout(dot, &kWidth);
          bool tcgen05 = nv::isMeantForTcgen05(dot);
          if (tcgen05 || isa<nv::MmaEncodingAttr>(wanted) ||
              !isa_and_nonnull<nv::BlockedEncodingAttr>(accumulator))
            accumulator = wanted;
          convertOperand(dot.getCMutable(), accumulator);
          if (isa<nv::MmaEncodingAttr>(accumulator)) {
            convertDotOperands(dot.getAMutable(), dot.getBMutable(),
                               accumulator, kWidth);
            setLayout(dot.getResult(), accumulator);
            return success();
          }
          // Operands in registers (every thread holding all of K for its
          // rows and columns) unless that is too much to hold; then they
          // stay as they are and the dot lowering streams them from shared
          // memory one K step at a time.
          // A tcgen05 dot's operands are converted too, so that the
          // pipeliner finds and stages them (tileaa-warpgroup-dots then
          // reads them from shared memory; the FMA operand layout is what
          // remains if it cannot).
          if (tcgen05 || keepsOperandsInRegisters(dot, accumulator))
            convertDotOperands(dot.getAMutable(), dot.getBMutable(),
                               accumulator);
          setLayout(dot.getResult(), accumulator);
          return success();
        })
        .Case([&](nv::DotScaledOp dot) {
          unsigned kWidth = 0;
          Attribute accumulator = scaledDotLayout(dot, &kWidth);
          convertOperand(dot.getCMutable(), accumulator);
          if (nv::isMeantForTcgen05(dot)) {
            // As for a tcgen05 dot: the conversions mark the operands for
            // the pipeliner, tileaa-warpgroup-dots reads them from shared
            // memory; the scales keep their layouts (the lowering stores
            // them for tcgen05.cp from any layout).
            convertDotOperands(dot.getAMutable(), dot.getBMutable(),
                               accumulator);
            setLayout(dot.getResult(), accumulator);
            return success();
          }
          // The scales move to the lanes the instruction's selectors read
          // (the loads keep their own layouts: their pointers are usually
          // loop-carried).
          convertOperand(dot.getAScaleMutable(), nv::MmaScaleEncodingAttr::get(
                                                     context, 0, accumulator));
          convertOperand(dot.getBScaleMutable(), nv::MmaScaleEncodingAttr::get(
                                                     context, 1, accumulator));
          convertDotOperands(dot.getAMutable(), dot.getBMutable(), accumulator,
                             kWidth);
          setLayout(dot.getResult(), accumulator);
          return success();
        })
        .Case([&](nv::BroadcastOp broadcast) {
          Attribute source = layoutOf(broadcast.getSrc());
          if (!isa<nv::BlockedEncodingAttr>(source)) {
            Attribute wanted = freshLayout(broadcast.getResult());
            if (!isa<nv::BlockedEncodingAttr>(wanted))
              wanted = defaultLayout(asTile(broadcast.getType()).getShape());
            convertOperand(broadcast.getSrcMutable(), wanted);
            source = wanted;
          }
          setLayout(broadcast.getResult(), source);
          return success();
        })
        .Case([&](nv::ExpandDimsOp expand) {
          unsigned axis = expand.getAxis();
          Attribute source = layoutOf(expand.getSrc());
          if (auto sliced = dyn_cast<nv::SliceEncodingAttr>(source)) {
            if (sliced.getDim() == axis) {
              setLayout(expand.getResult(), sliced.getParent());
              return success();
            }
          }
          if (auto blockedSource = dyn_cast<nv::BlockedEncodingAttr>(source)) {
            setLayout(expand.getResult(), expandBlocked(blockedSource, axis));
            return success();
          }
          Attribute parent = freshLayout(expand.getResult());
          convertOperand(expand.getSrcMutable(), slice(axis, parent));
          setLayout(expand.getResult(), parent);
          return success();
        })
        .Case([&](nv::PermuteOp permute) {
          auto source =
              dyn_cast<nv::BlockedEncodingAttr>(layoutOf(permute.getSrc()));
          if (!source) {
            auto fresh =
                defaultLayout(asTile(permute.getSrc().getType()).getShape());
            convertOperand(permute.getSrcMutable(), fresh);
            source = cast<nv::BlockedEncodingAttr>(fresh);
          }
          setLayout(permute.getResult(),
                    permuteBlocked(source, permute.getOrder()));
          return success();
        })
        .Case([&](nv::ReduceOp reduce) {
          if (asTile(reduce.getType()))
            setLayout(reduce.getResult(),
                      slice(reduce.getAxis(), layoutOf(reduce.getSrc())));
          return success();
        })
        .Case([&](nv::ScanOp scan) {
          setLayout(scan.getResult(), layoutOf(scan.getSrc()));
          return success();
        })
        .Case<nv::ViewOp, nv::CatOp, nv::ExtractSliceOp, nv::MakeRangeOp,
              nv::SplatOp, nv::TmaLoadOp>([&](Operation *producer) {
          // Their lowering moves data into whatever layout the result has.
          setLayout(producer->getResult(0),
                    freshLayout(producer->getResult(0)));
          return success();
        })
        .Case([&](arith::ConstantOp constant) -> LogicalResult {
          auto tile = asTile(constant.getType());
          if (!tile)
            return success();
          Attribute layout = freshLayout(constant.getResult());
          auto value = dyn_cast<DenseElementsAttr>(constant.getValue());
          if (!value)
            return constant.emitOpError()
                   << "tile constants must be dense elements";
          RankedTensorType newType = withLayout(tile, layout);
          constant.setValueAttr(value.reshape(newType));
          constant.getResult().setType(newType);
          return success();
        })
        .Case([&](scf::ForOp loop) {
          for (auto [init, arg, result] :
               llvm::zip(loop.getInitArgs(), loop.getRegionIterArgs(),
                         loop.getResults())) {
            setLayout(arg, layoutOf(init));
            setLayout(result, layoutOf(init));
          }
          if (failed(assignRegion(loop.getRegion())))
            return failure();
          auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
          for (auto [operand, arg] :
               llvm::zip(yield->getOpOperands(), loop.getRegionIterArgs()))
            convertOperand(operand, layoutOf(arg));
          return success();
        })
        .Case([&](scf::IfOp ifOp) {
          if (failed(assignRegion(ifOp.getThenRegion())) ||
              failed(assignRegion(ifOp.getElseRegion())))
            return failure();
          if (ifOp.getNumResults() == 0)
            return success();
          auto thenYield = ifOp.thenYield();
          for (auto [index, result] : llvm::enumerate(ifOp.getResults()))
            setLayout(result, layoutOf(thenYield.getOperand(index)));
          if (!ifOp.getElseRegion().empty()) {
            auto elseYield = ifOp.elseYield();
            for (auto [operand, result] :
                 llvm::zip(elseYield->getOpOperands(), ifOp.getResults()))
              convertOperand(operand, layoutOf(result));
          }
          return success();
        })
        .Case([&](scf::WhileOp loop) {
          for (auto [init, arg] :
               llvm::zip(loop.getInits(), loop.getBeforeArguments()))
            setLayout(arg, layoutOf(init));
          if (failed(assignRegion(loop.getBefore())))
            return failure();
          auto condition = loop.getConditionOp();
          for (auto [operand, arg, result] :
               llvm::zip(condition.getArgs(), loop.getAfterArguments(),
                         loop.getResults())) {
            setLayout(arg, layoutOf(operand));
            setLayout(result, layoutOf(operand));
          }
          if (failed(assignRegion(loop.getAfter())))
            return failure();
          auto yield = loop.getYieldOp();
          for (auto [operand, arg] :
               llvm::zip(yield->getOpOperands(), loop.getBeforeArguments()))
            convertOperand(operand, layoutOf(arg));
          return success();
        })
        .Case([&](nv::CallOp call) {
          nv::FuncOp callee = callees.lookup(call);
          if (!callee)
            return success();
          FunctionType type = callee.getFunctionType();
          for (auto [operand, input] :
               llvm::zip(call->getOpOperands(), type.getInputs()))
            if (auto tile = asTile(input))
              convertOperand(operand, tile.getEncoding());
          for (auto [result, output] :
               llvm::zip(call.getResults(), type.getResults()))
            if (auto tile = asTile(output))
              setLayout(result, tile.getEncoding());
          return success();
        })
        .Case([&](nv::ReturnOp ret) {
          // The first return decides the result layouts; others follow.
          for (auto [index, operand] : llvm::enumerate(ret->getOpOperands())) {
            if (!asTile(operand.get().getType()))
              continue;
            auto [it, inserted] =
                resultLayouts.try_emplace(index, layoutOf(operand.get()));
            if (!inserted)
              convertOperand(operand, it->second);
          }
          return success();
        })
        .Default([&](Operation *other) -> LogicalResult {
          if (isElementwise(other))
            return assignElementwise(other);
          for (Region &region : other->getRegions())
            if (failed(assignRegion(region)))
              return failure();
          for (Value result : other->getResults())
            if (asTile(result.getType()) && !layoutOf(result))
              return other->emitOpError()
                     << "produces a tile tileiras cannot lay out";
          return success();
        });
  }

  /// Registers per thread the FMA operand layouts may take before the
  /// operands go through shared memory instead.
  static constexpr int64_t kRegisterOperandBudget = 64;

  bool keepsOperandsInRegisters(nv::DotOp dot, Attribute accumulator) {
    RankedTensorType type = asTile(dot.getType());
    // The shared-memory path handles rank-2 float dots.
    if (type.getRank() != 2 ||
        !isa<FloatType>(asTile(dot.getA().getType()).getElementType()))
      return true;
    int64_t k = asTile(dot.getA().getType()).getShape()[1];
    auto acc = nv::getLinearLayout(withLayout(type, accumulator));
    if (failed(acc))
      return true;
    llvm::SmallDenseSet<int64_t> rows, columns;
    for (unsigned r = 0; r < acc->getNumRegisters(); ++r) {
      layout::Coord part = acc->applyPart(layout::InDim::Register, r);
      rows.insert(part[0]);
      columns.insert(part[1]);
    }
    return static_cast<int64_t>(rows.size() + columns.size()) * k <=
           kRegisterOperandBudget;
  }

  /// Whether a store vectorizes as well in `candidate` as in its pointer's
  /// layout (an mma accumulator: with its pairs), with pointers and mask
  /// recomputable there.
  bool storesAsWellIn(nv::StoreOp store, Attribute candidate) {
    int budget = kRematerializationBudget;
    if (!canRematerialize(store.getPtr(), candidate, budget) ||
        (store.getMask() &&
         !canRematerialize(store.getMask(), candidate, budget)))
      return false;
    auto tile = asTile(store.getPtr().getType());
    auto current = nv::getLinearLayout(tile);
    auto proposed = nv::getLinearLayout(withLayout(tile, candidate));
    if (failed(current) || failed(proposed))
      return false;
    AxisInfo info = axisInfo.getAxisInfo(store.getPtr());
    int64_t limit = 128 / elementBits(store.getValue().getType());
    // An mma.sync accumulator holds pairs along N: stored from its
    // fragments with pair-wide vectors it still beats a round trip through
    // shared memory and two barriers (Triton's epilogue bypass).
    if (isa<nv::MmaEncodingAttr>(candidate))
      limit = std::min<int64_t>(limit, 2);
    for (unsigned d = 0; d < tile.getRank(); ++d) {
      int64_t want = std::min<int64_t>(
          {info.getContiguity(d), limit,
           static_cast<int64_t>(current->contiguousRegisters(d))});
      if (static_cast<int64_t>(proposed->contiguousRegisters(d)) < want)
        return false;
    }
    return true;
  }

  LogicalResult assignElementwise(Operation *op) {
    // Prefer the operand layout the result wishes for, else the first.
    Attribute layout;
    auto w = wishOf(op->getResult(0));
    for (Value operand : op->getOperands()) {
      Attribute candidate = layoutOf(operand);
      if (!candidate)
        continue;
      if (!layout)
        layout = candidate;
      if (w && candidate == w->first)
        layout = candidate;
    }
    if (!layout)
      layout = freshLayout(op->getResult(0));
    for (OpOperand &operand : op->getOpOperands())
      convertOperand(operand, layout);
    setLayout(op->getResult(0), layout);
    return success();
  }

  void updateSignature() {
    llvm::SmallVector<Type> inputs, results;
    for (BlockArgument arg : func.getBody().getArguments())
      inputs.push_back(arg.getType());
    for (auto [index, type] :
         llvm::enumerate(func.getFunctionType().getResults())) {
      auto tile = asTile(type);
      auto it = resultLayouts.find(index);
      results.push_back(tile && it != resultLayouts.end()
                            ? withLayout(tile, it->second)
                            : type);
    }
    func.setFunctionTypeAttr(
        TypeAttr::get(FunctionType::get(context, inputs, results)));
  }

  nv::FuncOp func;
  unsigned numWarps;
  const AxisInfoAnalysis &axisInfo;
  const llvm::DenseMap<Operation *, nv::FuncOp> &callees;
  const targetspec::Target &target;
  MLIRContext *context;
  llvm::DenseMap<Value, std::pair<Attribute, unsigned>> wishes;
  bool wishesChanged = false;
  llvm::DenseMap<std::pair<Value, Attribute>, Value> conversions;
  llvm::DenseMap<unsigned, Attribute> resultLayouts;

  /// Lays out the tile arguments of a device function before its body.
  void assignArguments() {
    for (BlockArgument arg : func.getBody().getArguments())
      if (auto tile = asTile(arg.getType()))
        if (!tile.getEncoding())
          setLayout(arg, freshLayout(arg));
  }
};

struct AssignLayoutsPass
    : public tileiras::impl::AssignLayoutsBase<AssignLayoutsPass> {
  using AssignLayoutsBase::AssignLayoutsBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    unsigned defaultWarps = numWarps ? numWarps : 4;
    if (!llvm::isPowerOf2_32(defaultWarps) || defaultWarps > 32) {
      module.emitError() << "num-warps must be a power of two from 1 to 32";
      return signalPassFailure();
    }

    llvm::SmallVector<nv::FuncOp> functions;
    llvm::StringMap<nv::FuncOp> byName;
    module.walk([&](nv::FuncOp func) {
      functions.push_back(func);
      byName[func.getSymName()] = func;
    });

    // Warps per function: kernels say; device functions inherit from their
    // callers (all callers must agree).
    llvm::DenseMap<Operation *, nv::FuncOp> callees;
    llvm::DenseMap<Operation *, unsigned> warps;
    for (nv::FuncOp func : functions) {
      if (!func.isKernel())
        continue;
      nv::KernelSpecAttr spec = func.getKernelSpec();
      // A kernel that does not say gets the pass option (the driver's
      // --num-warps); writing it down keeps the later passes in agreement.
      if (!spec.hasNumWarps() && numWarps)
        func->setAttr(nv::NVTileAADialect::kKernelSpecAttrName,
                      nv::KernelSpecAttr::get(&getContext(), numWarps,
                                              spec.getClusterDim(),
                                              spec.getRequestedNumStages()));
      warps[func] =
          static_cast<unsigned>(func.getKernelSpec().getNumWarps(defaultWarps));
    }
    bool changed = true;
    bool ok = true;
    while (changed && ok) {
      changed = false;
      for (nv::FuncOp func : functions) {
        auto caller = warps.find(func);
        if (caller == warps.end())
          continue;
        func.walk([&](nv::CallOp call) {
          nv::FuncOp callee = byName.lookup(call.getCallee());
          if (!callee)
            return;
          callees[call] = callee;
          auto [it, inserted] = warps.try_emplace(callee, caller->second);
          if (inserted) {
            changed = true;
          } else if (it->second != caller->second && !callee.isKernel()) {
            callee.emitError()
                << "device function @" << callee.getSymName()
                << " is called from kernels with " << it->second << " and "
                << caller->second << " warps; its tiles need one layout";
            ok = false;
          }
        });
      }
    }
    if (!ok)
      return signalPassFailure();

    targetspec::Target target = recordedTarget(module);
    std::optional<AxisInfoAnalysis> axisInfo(std::in_place, module);
    bool split = false;
    for (nv::FuncOp func : functions)
      split |= splitLargeDots(
          func, target, warps.lookup(func) ? warps.lookup(func) : defaultWarps,
          *axisInfo);
    if (split) // the slices are new values
      axisInfo.emplace(module);
    // Callees first, so call sites see their callee's layouts.
    llvm::SmallVector<nv::FuncOp> order;
    llvm::DenseSet<Operation *> visited;
    std::function<void(nv::FuncOp)> visit = [&](nv::FuncOp func) {
      if (!visited.insert(func).second)
        return;
      func.walk([&](nv::CallOp call) {
        if (nv::FuncOp callee = byName.lookup(call.getCallee())) {
          callees[call] = callee;
          visit(callee);
        }
      });
      order.push_back(func);
    };
    for (nv::FuncOp func : functions)
      visit(func);

    for (nv::FuncOp func : order) {
      unsigned funcWarps = warps.lookup(func);
      if (!funcWarps)
        funcWarps = defaultWarps;
      FunctionLayouts layouts(func, funcWarps, *axisInfo, callees, target);
      if (failed(layouts.run()))
        return signalPassFailure();
    }
  }
};

} // namespace
