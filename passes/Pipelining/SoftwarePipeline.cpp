//===- SoftwarePipeline.cpp - cp.async pipelining of dot loops ------------===//
//
// A load inside an scf.for whose only user converts it to an mma operand
// layout becomes an async_copy into one slot of a multi-buffered shared
// tile, and the conversion becomes a local_load of that slot. MLIR's loop
// pipeliner then issues the copies (stage 0: the copies, their addresses
// and masks, and the loop-carried values those depend on) numStages - 1
// iterations ahead of everything else (stage numStages - 1).
//
// Per kernel iteration i the order is: wait until the group of iteration i
// is complete (at most numStages - 2 newer groups pending) and barrier;
// read slot i; issue and commit the copies of iteration i + numStages - 1,
// into slot (i - 1) mod numStages, which every thread finished reading
// before the barrier; then the dot. The prologue and the last iterations
// predicate the copies off (zero-filling, harmless) instead of peeling, so
// any trip count, zero included, is handled by one loop.
//
// A tma_load (sm_90+, from tileaa-lower-tiled-memory) pipelines the same
// way through a tma_copy: one thread expects the slot's bytes on the slot's
// mbarrier and issues cp.async.bulk.tensor; the reads of iteration i wait
// for phase (i / numStages) mod 2 of slot i's mbarrier, then the CTA
// synchronizes, which also tells the copying thread that every thread is
// done with the slot it overwrites next. Inside another loop, the
// mbarriers are invalidated after the loop, to be initialized again on the
// next run. A tma_load left outside a
// pipelined loop gets a slot and an mbarrier of its own, used once per run;
// a tma_store, a slot that local_store fills and tma_copy_out empties.
//
// A loop with a dot meant for wgmma or tcgen05.mma (not block-scaled, not
// tf32: those read buffers staged every step) gets one spare slot
// (numStages + 1, slot and phase taken modulo that): the copies of
// iteration i then overwrite the slot of iteration i - 2, so that
// iteration i - 1's MMAs may still be reading its slot (marked
// reuse_distance = 2 for tileaa-warpgroup-dots).
//
//===----------------------------------------------------------------------===//

#include "Pipelining/TensorMemoryAccumulator.h"
#include "TileToLLVM/MemoryUtils.h"
#include "tileiras/Analysis/AxisInfo.h"
#include "tileiras/Dialect/NVTileAA/DotPath.h"
#include "tileiras/Layout/SharedLayouts.h"
#include "tileiras/Layout/WgmmaLayouts.h"
#include "tileiras/Passes/ModuleTarget.h"
#include "tileiras/Passes/Passes.h"
#include "tileiras/TargetSpec/InstructionFamily.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/ADT/SetVector.h"

namespace tileiras {
#define GEN_PASS_DEF_SOFTWAREPIPELINE
#include "tileiras/Passes/Passes.h.inc"
} // namespace tileiras

using namespace mlir;
using namespace tileiras;
namespace nv = tileiras::nv_tileaa;

namespace {

/// A load to pipeline (a pointer load or a tma_load) and the conversion
/// that feeds it to a dot.
struct Candidate {
  Operation *load;
  /// The conversion to the dot operand layout that the read replaces, or
  /// null when the tile reaches it through elementwise ops (the read then
  /// has the load's own layout).
  nv::ConvertLayoutOp convert;
  nv::SharedMemType bufferType;
  bool isTma() const { return isa<nv::TmaLoadOp>(load); }
  /// What the read from the buffer replaces.
  Operation *replaced() const {
    return convert ? convert->getOpResult(0).getOwner() : load;
  }
};

/// The dimension along which register 0 and 1 of a layout are adjacent:
/// stored contiguously, it gives the widest copies.
unsigned contiguousDim(const layout::LinearLayout &layout) {
  llvm::ArrayRef<layout::Coord> regs = layout.getBases(layout::InDim::Register);
  return !regs.empty() && regs[0][0] != 0 && regs[0][1] == 0 ? 0 : 1;
}

/// True when `convert` feeds a dot that layout assignment meant for wgmma
/// or tcgen05.mma (tileaa-warpgroup-dots reads its operands from the
/// slots).
bool feedsSharedMma(nv::ConvertLayoutOp convert) {
  return convert->hasOneUse() &&
         isa<nv::DotOp, nv::DotScaledOp>(*convert->user_begin()) &&
         nv::readsOperandsFromShared(*convert->user_begin());
}

/// The buffer for `load`'s tile, or null when cp.async cannot copy it with
/// accesses of at least 4 bytes. A wgmma operand gets wgmma's layout (in
/// the order the tile has in memory), else the one ldmatrix reads best.
nv::SharedMemType bufferFor(nv::LoadOp load, unsigned numSlots,
                            const AxisInfoAnalysis &axisInfo, bool forWgmma) {
  auto pointers = cast<RankedTensorType>(load.getPtr().getType());
  Type element = cast<RankedTensorType>(load.getType()).getElementType();
  unsigned bits = element.getIntOrFloatBitWidth();
  unsigned bytes = bits / 8;
  FailureOr<layout::LinearLayout> source = nv::getLinearLayout(pointers);
  if (failed(source))
    return {};
  unsigned fast = contiguousDim(*source);
  unsigned order[2] = {fast, 1 - fast};
  layout::SwizzleParams swizzle =
      layout::ldmatrixSwizzle(pointers.getShape(), order, bytes);
  unsigned segment = 0;
  // Rows of the slot run along order[1]: a column-major slot (K of B, or M
  // of A, contiguous) is the canonical layout of the transposed tile.
  int64_t storage[2] = {pointers.getDimSize(order[1]),
                        pointers.getDimSize(order[0])};
  if (forWgmma)
    if (auto canonical = layout::wgmmaSharedLayout(storage, bytes))
      std::tie(swizzle, segment) = *canonical;
  layout::LinearLayout shared =
      layout::swizzledSharedLayout(pointers.getShape(), order, swizzle.vec,
                                   swizzle.perPhase, swizzle.maxPhase, segment);
  auto offsets = layout::invertAndCompose(*source, shared);
  if (!offsets)
    return {};
  unsigned width = std::min(lowering::memory::asyncCopyVector(
                                axisInfo, load.getPtr(), load.getMask(), bits)
                                .width,
                            layout::sharedVectorElements(*offsets, 16 / bytes));
  if (width * bytes < 4)
    return {};
  MLIRContext *context = load.getContext();
  auto encoding = nv::SwizzledSharedEncodingAttr::get(
      context, swizzle.vec, swizzle.perPhase, swizzle.maxPhase, order, segment);
  SmallVector<int64_t> shape = {int64_t(numSlots)};
  llvm::append_range(shape, pointers.getShape());
  return nv::SharedMemType::get(context, shape, element, encoding);
}

/// The buffer TMA fills for a tma_load of `tile`: the swizzle and box
/// segments of layout::tmaTilePlan, as tileaa-lower-tiled-memory encoded
/// them in the tensor map.
nv::SharedMemType tmaBufferFor(RankedTensorType tile, unsigned numSlots) {
  Type element = tile.getElementType();
  unsigned bytes = element.getIntOrFloatBitWidth() / 8;
  std::optional<layout::TmaTilePlan> plan =
      layout::tmaTilePlan(tile.getDimSize(0), tile.getDimSize(1), bytes);
  if (!plan)
    return {};
  unsigned segment =
      plan->boxColumns < tile.getDimSize(1) ? plan->boxColumns : 0;
  MLIRContext *context = tile.getContext();
  auto encoding = nv::SwizzledSharedEncodingAttr::get(
      context, plan->swizzle.vec, plan->swizzle.perPhase,
      plan->swizzle.maxPhase, ArrayRef<unsigned>{1, 0}, segment);
  SmallVector<int64_t> shape = {int64_t(numSlots)};
  llvm::append_range(shape, tile.getShape());
  return nv::SharedMemType::get(context, shape, element, encoding);
}

/// The conversion to an mma operand layout (or to any operand layout of a
/// tcgen05 dot) that is `load`'s only user, in `loop`'s body.
nv::ConvertLayoutOp operandConversion(Operation *load, scf::ForOp loop) {
  if (!load->hasOneUse())
    return {};
  auto convert = dyn_cast<nv::ConvertLayoutOp>(*load->user_begin());
  if (!convert || convert->getBlock() != loop.getBody())
    return {};
  auto operand = dyn_cast_or_null<nv::DotOperandEncodingAttr>(
      convert.getType().getEncoding());
  if (!operand || !(isa<nv::MmaEncodingAttr>(operand.getParent()) ||
                    feedsSharedMma(convert)))
    return {};
  return convert;
}

/// True when `load` reaches an mma operand conversion (or any operand
/// conversion of a tcgen05 dot) through a chain of single-use elementwise
/// ops in `loop`'s body (fp_to_fp, arith, e.g. the scaling of a decomposed
/// dot_scaled or the rounding of a tf32 dot's operands): it can be copied
/// ahead and read back in its own layout.
bool feedsMmaThroughElementwise(Operation *load, scf::ForOp loop) {
  Operation *op = load;
  for (unsigned depth = 0; depth < 8; ++depth) {
    if (!op->hasOneUse())
      return false;
    Operation *user = *op->user_begin();
    if (user->getBlock() != loop.getBody())
      return false;
    if (auto convert = dyn_cast<nv::ConvertLayoutOp>(user)) {
      auto operand = dyn_cast_or_null<nv::DotOperandEncodingAttr>(
          convert.getType().getEncoding());
      return op != load && operand &&
             (isa<nv::MmaEncodingAttr>(operand.getParent()) ||
              feedsSharedMma(convert));
    }
    bool elementwise = isa<nv::FpToFpOp>(user) ||
                       (user->hasTrait<OpTrait::Elementwise>() &&
                        isMemoryEffectFree(user) && user->getNumResults() == 1);
    if (!elementwise)
      return false;
    op = user;
  }
  return false;
}

/// True for a tile of zeros (what a masked cp.async writes), as a constant
/// or a splat of one.
bool isZeroTile(Value value) {
  if (auto splat = value.getDefiningOp<nv::SplatOp>())
    value = splat.getSrc();
  return matchPattern(value, m_Zero()) || matchPattern(value, m_AnyZeroFloat());
}

/// Loads of `loop`'s body that only feed an mma operand conversion.
SmallVector<Candidate> findCandidates(scf::ForOp loop, unsigned numSlots,
                                      const AxisInfoAnalysis &axisInfo) {
  SmallVector<Candidate> result;
  for (auto load : loop.getBody()->getOps<nv::LoadOp>()) {
    auto pointers = dyn_cast<RankedTensorType>(load.getPtr().getType());
    if (!pointers || pointers.getRank() != 2 ||
        (load.getOther() && !isZeroTile(load.getOther())) ||
        load.getCacheModifierAttr() || load.getEvictionPolicyAttr() ||
        load.getMemSemanticAttr() || load.getMemScopeAttr() ||
        cast<nv::PtrType>(pointers.getElementType()).getAddressSpace() !=
            nv::PtrType::kGlobalAddressSpace)
      continue;
    Type element = cast<RankedTensorType>(load.getType()).getElementType();
    if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() < 8)
      continue;
    nv::ConvertLayoutOp convert = operandConversion(load, loop);
    if (!convert && !feedsMmaThroughElementwise(load, loop))
      continue;
    bool forWgmma = convert && feedsSharedMma(convert);
    if (nv::SharedMemType type = bufferFor(load, numSlots, axisInfo, forWgmma))
      result.push_back({load, convert, type});
  }
  for (auto load : loop.getBody()->getOps<nv::TmaLoadOp>()) {
    nv::ConvertLayoutOp convert = operandConversion(load, loop);
    auto tile = cast<RankedTensorType>(load.getType());
    if (!convert || tile.getRank() != 2)
      continue;
    if (nv::SharedMemType type = tmaBufferFor(tile, numSlots))
      result.push_back({load, convert, type});
  }
  return result;
}

} // namespace

namespace {

/// The ops of `loop`'s body that `seeds` (the loads, or the copies that
/// replace them) depend on, with the seeds, through operands and
/// loop-carried values, in body order; nullopt when one of them has side
/// effects or regions (it could not run iterations ahead), or when a value
/// they carry around the loop is used after it (the loop would return it
/// advanced past the end).
std::optional<llvm::SetVector<Operation *>>
stageZero(scf::ForOp loop, ArrayRef<Operation *> seeds) {
  Block *body = loop.getBody();
  llvm::DenseSet<Operation *> found;
  SmallVector<Value> work;
  for (Operation *seed : seeds) {
    found.insert(seed);
    llvm::append_range(work, seed->getOperands());
  }
  llvm::DenseSet<Value> seen;
  while (!work.empty()) {
    Value value = work.pop_back_val();
    if (!seen.insert(value).second)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (arg.getOwner() != body || arg.getArgNumber() == 0)
        continue; // defined outside, or the induction variable
      unsigned index = arg.getArgNumber() - 1;
      if (!loop.getResult(index).use_empty())
        return std::nullopt;
      work.push_back(loop.getYieldedValues()[index]);
      continue;
    }
    Operation *op = body->findAncestorOpInBlock(*value.getDefiningOp());
    if (!op || !found.insert(op).second)
      continue;
    if (!isMemoryEffectFree(op) || op->getNumRegions() != 0)
      return std::nullopt;
    llvm::append_range(work, op->getOperands());
  }
  llvm::SetVector<Operation *> ordered;
  for (Operation &op : body->without_terminator())
    if (found.contains(&op) || isa<nv::AsyncCommitOp>(op))
      ordered.insert(&op);
  return ordered;
}

/// `value` (of the induction variable's type) as an i32.
Value toI32(OpBuilder &b, Location loc, Value value) {
  Type type = value.getType();
  if (type.isIndex())
    return arith::IndexCastOp::create(b, loc, b.getI32Type(), value);
  if (type.getIntOrFloatBitWidth() > 32)
    return arith::TruncIOp::create(b, loc, b.getI32Type(), value);
  if (type.getIntOrFloatBitWidth() < 32)
    return arith::ExtUIOp::create(b, loc, b.getI32Type(), value);
  return value;
}

/// ((iv - lb) / step) mod numSlots as an i32: the slot of the iteration;
/// with `phase`, ((iv - lb) / step / numSlots) mod 2 instead: the parity
/// of the slot's mbarrier phase that the iteration's copies complete.
Value slotOf(OpBuilder &b, Location loc, scf::ForOp loop, unsigned numSlots,
             bool phase = false) {
  Value iv = loop.getInductionVar();
  Type type = iv.getType();
  Value distance = arith::SubIOp::create(b, loc, iv, loop.getLowerBound());
  Value iteration = arith::DivUIOp::create(b, loc, distance, loop.getStep());
  Value stages =
      arith::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, numSlots));
  if (!phase)
    return toI32(b, loc, arith::RemUIOp::create(b, loc, iteration, stages));
  Value lap = arith::DivUIOp::create(b, loc, iteration, stages);
  Value one =
      arith::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, 1));
  return toI32(b, loc, arith::AndIOp::create(b, loc, lap, one));
}

/// The ops the rewrite created, by role.
struct Rewritten {
  SmallVector<Operation *> copies;
  SmallVector<Operation *> head; // slot, wait and reads of stage S-1
};

/// Records the ops a builder creates, in order.
struct HeadCollector : public OpBuilder::Listener {
  explicit HeadCollector(SmallVectorImpl<Operation *> &ops) : ops(ops) {}
  void notifyOperationInserted(Operation *op, OpBuilder::InsertPoint) override {
    ops.push_back(op);
  }
  SmallVectorImpl<Operation *> &ops;
};

/// Replaces each candidate load by an async_copy (a tma_copy for a
/// tma_load) and its conversion by a local_load; the reads go right before
/// the first user of any of them, after the waits.
Rewritten rewriteLoads(scf::ForOp loop, MutableArrayRef<Candidate> candidates,
                       unsigned numStages, unsigned numSlots) {
  Rewritten result;
  Block *body = loop.getBody();
  Operation *firstUser = body->getTerminator();
  for (Candidate &c : candidates)
    for (Operation *user : c.replaced()->getUsers())
      if (Operation *inBody = body->findAncestorOpInBlock(*user))
        if (inBody->isBeforeInBlock(firstUser))
          firstUser = inBody;
  unsigned numTma =
      llvm::count_if(candidates, [](const Candidate &c) { return c.isTma(); });
  bool anyCpAsync = numTma < candidates.size();
  OpBuilder b(loop);
  SmallVector<Value> buffers;
  // Copies run numStages - 1 iterations ahead: with numSlots slots, a slot
  // is written again numSlots - numStages + 1 iterations after its read.
  IntegerAttr reuse;
  if (numSlots > numStages)
    reuse = b.getI32IntegerAttr(int32_t(numSlots - numStages + 1));
  for (Candidate &c : candidates)
    buffers.push_back(
        nv::LocalAllocOp::create(b, c.load->getLoc(), c.bufferType, reuse));
  // The TMA copies of one iteration share one mbarrier per slot: the first
  // expects the bytes of all of them and arrives, once.
  Value barriers;
  int64_t stageBytes = 0;
  if (numTma) {
    barriers = nv::LocalAllocOp::create(
        b, loop.getLoc(),
        nv::SharedMemType::getMBarriers(loop.getContext(), numSlots));
    nv::MBarrierInitOp::create(b, loop.getLoc(), barriers, 1);
    for (Candidate &c : candidates)
      if (c.isTma())
        stageBytes += c.bufferType.getTileElements() *
                      c.bufferType.getElementType().getIntOrFloatBitWidth() / 8;
  }
  // The copies' slot, computed once before the first of them.
  Operation *firstLoad = candidates.front().load;
  for (Candidate &c : candidates)
    if (c.load->isBeforeInBlock(firstLoad))
      firstLoad = c.load;
  b.setInsertionPoint(firstLoad);
  Value copySlot = slotOf(b, firstLoad->getLoc(), loop, numSlots);
  Operation *firstTma = nullptr;
  for (Candidate &c : candidates)
    if (c.isTma() && (!firstTma || c.load->isBeforeInBlock(firstTma)))
      firstTma = c.load;
  for (auto [c, buffer] : llvm::zip(candidates, buffers)) {
    b.setInsertionPoint(c.load);
    if (auto tma = dyn_cast<nv::TmaLoadOp>(c.load))
      result.copies.push_back(nv::TmaCopyOp::create(
          b, tma.getLoc(), tma.getMap(), tma.getCoordinates(), buffer, copySlot,
          barriers, Value(),
          b.getI64IntegerAttr(tma == firstTma ? stageBytes : 0)));
    else if (auto load = dyn_cast<nv::LoadOp>(c.load))
      result.copies.push_back(nv::AsyncCopyOp::create(
          b, load.getLoc(), load.getPtr(), buffer, copySlot, load.getMask()));
  }
  Location loc = candidates.front().replaced()->getLoc();
  // One cp.async group per iteration: the commit follows the last copy.
  if (anyCpAsync) {
    Operation *lastCopy = result.copies.front();
    for (Operation *copy : result.copies)
      if (lastCopy->isBeforeInBlock(copy))
        lastCopy = copy;
    b.setInsertionPointAfter(lastCopy);
    nv::AsyncCommitOp::create(b, loc);
  }
  // The reads go before the first user; the schedule puts them first.
  HeadCollector head(result.head);
  b.setListener(&head);
  b.setInsertionPoint(firstUser);
  Value slot = slotOf(b, loc, loop, numSlots);
  if (anyCpAsync)
    nv::AsyncWaitOp::create(b, loc, numStages - 2);
  if (numTma)
    nv::MBarrierWaitOp::create(b, loc, barriers, slot,
                               slotOf(b, loc, loop, numSlots, true));
  for (auto [c, buffer] : llvm::zip(candidates, buffers)) {
    Operation *replaced = c.replaced();
    auto read = nv::LocalLoadOp::create(
        b, replaced->getLoc(), replaced->getResult(0).getType(), buffer, slot);
    replaced->replaceAllUsesWith(read->getResults());
    if (c.convert)
      c.convert->erase();
    c.load->erase();
  }
  b.setListener(nullptr);
  return result;
}

/// Folds the pipeliner's predicate into a copy's mask; the commit and pure
/// ops may run for iterations past the end.
Operation *predicate(RewriterBase &rewriter, Operation *op, Value pred) {
  if (auto tma = dyn_cast<nv::TmaCopyOp>(op)) {
    rewriter.setInsertionPoint(tma);
    Value all = tma.getPred() ? arith::AndIOp::create(rewriter, tma.getLoc(),
                                                      tma.getPred(), pred)
                              : pred;
    rewriter.modifyOpInPlace(tma, [&] { tma.getPredMutable().assign(all); });
    return tma;
  }
  auto copy = dyn_cast<nv::AsyncCopyOp>(op);
  if (!copy)
    return isa<nv::AsyncCommitOp>(op) || isMemoryEffectFree(op) ? op : nullptr;
  rewriter.setInsertionPoint(copy);
  auto pointers = cast<RankedTensorType>(copy.getPtr().getType());
  auto maskType = RankedTensorType::get(
      pointers.getShape(), rewriter.getI1Type(), pointers.getEncoding());
  Value mask = nv::SplatOp::create(rewriter, copy.getLoc(), maskType, pred);
  if (Value old = copy.getMask())
    mask = arith::AndIOp::create(rewriter, copy.getLoc(), old, mask);
  rewriter.modifyOpInPlace(copy, [&] { copy.getMaskMutable().assign(mask); });
  return copy;
}

} // namespace

namespace {

/// Stage numStages - 1 first reads (head), then stage 0, then the rest.
std::vector<std::pair<Operation *, unsigned>>
schedule(scf::ForOp loop, const Rewritten &rewritten,
         const llvm::SetVector<Operation *> &early, unsigned numStages) {
  unsigned last = numStages - 1;
  std::vector<std::pair<Operation *, unsigned>> result;
  llvm::DenseSet<Operation *> head(rewritten.head.begin(),
                                   rewritten.head.end());
  for (Operation *op : rewritten.head)
    result.push_back({op, last});
  for (Operation *op : early)
    result.push_back({op, 0});
  for (Operation &op : loop.getBody()->without_terminator())
    if (!head.contains(&op) && !early.contains(&op))
      result.push_back({&op, last});
  return result;
}

/// Moves each read of a slot in the pipelined `loop` that another dot
/// precedes in the body down to right before its first user: the schedule
/// issued all reads first, which would keep a second dot's operand
/// fragments live across the first dot and what follows it (attention's
/// softmax). Reads of a single dot stay first (moving them past the copies
/// made ptxas spill the 128 x 128 GEMM on sm_120a). The copies between
/// the wait and a moved read fill other slots.
void sinkReads(scf::ForOp loop) {
  Block *body = loop.getBody();
  SmallVector<nv::LocalLoadOp> reads(body->getOps<nv::LocalLoadOp>());
  for (nv::LocalLoadOp read : reads) {
    Operation *first = nullptr;
    for (Operation *user : read->getUsers())
      if (Operation *inBody = body->findAncestorOpInBlock(*user))
        if (!first || inBody->isBeforeInBlock(first))
          first = inBody;
    if (!first || !read->isBeforeInBlock(first))
      continue;
    bool dotBetween = llvm::any_of(
        llvm::make_range(std::next(read->getIterator()), first->getIterator()),
        [](Operation &op) { return isa<nv::DotOp, nv::DotScaledOp>(op); });
    if (dotBetween)
      read->moveBefore(first);
  }
}

LogicalResult pipelineLoop(scf::ForOp loop, unsigned numStages,
                           const AxisInfoAnalysis &axisInfo) {
  // A loop with a known trip count needs more iterations than stages.
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (lb && ub && step && *step > 0) {
    int64_t trips = *ub > *lb ? (*ub - *lb + *step - 1) / *step : 0;
    numStages = unsigned(std::min<int64_t>(numStages, trips));
    if (numStages < 2)
      return success();
  }
  // A wgmma or tcgen05 dot may keep reading its slots while the next
  // iteration runs (tileaa-warpgroup-dots makes it asynchronous): one spare
  // slot. Block-scaled tcgen05 dots stage their scales every step, tf32
  // dots their operands (rounded in registers), and a wgmma whose A is not
  // loaded in the loop reads it from registers: those stay synchronous.
  bool asyncDot =
      llvm::any_of(loop.getBody()->getOps<nv::DotOp>(), [&](nv::DotOp dot) {
        auto a = cast<RankedTensorType>(dot.getA().getType());
        return nv::readsOperandsFromShared(dot) &&
               loadedInBlock(dot.getA(), loop.getBody()) &&
               !isa<FloatTF32Type>(a.getElementType());
      });
  unsigned numSlots = numStages + (asyncDot ? 1 : 0);
  SmallVector<Candidate> candidates = findCandidates(loop, numSlots, axisInfo);
  SmallVector<Operation *> loads;
  for (Candidate &c : candidates)
    loads.push_back(c.load);
  // A loop whose loads cannot run ahead keeps them.
  if (candidates.empty() || !stageZero(loop, loads))
    return success();
  Rewritten rewritten = rewriteLoads(loop, candidates, numStages, numSlots);
  std::optional<llvm::SetVector<Operation *>> early =
      stageZero(loop, rewritten.copies);
  if (!early) // the copies depend on what the loads did: not expected
    return loop.emitError("software pipelining of this loop failed; compile "
                          "with --num-stages=1 (and report it)");
  // Copies past the last iteration are predicated off: only cp.async
  // groups can be left in flight.
  OpBuilder after(loop->getContext());
  after.setInsertionPointAfter(loop);
  if (llvm::any_of(rewritten.copies, llvm::IsaPred<nv::AsyncCopyOp>))
    nv::AsyncWaitOp::create(after, loop.getLoc(), 0);
  // A loop that runs again (inside another loop) initializes its mbarriers
  // again: they must be invalidated first.
  for (Operation *copy : rewritten.copies)
    if (auto tma = dyn_cast<nv::TmaCopyOp>(copy)) {
      if (loop->getParentOfType<LoopLikeOpInterface>())
        nv::MBarrierInvalOp::create(after, loop.getLoc(), tma.getBarriers());
      break;
    }
  scf::PipeliningOption options;
  auto order = schedule(loop, rewritten, *early, numStages);
  options.getScheduleFn =
      [&](scf::ForOp, std::vector<std::pair<Operation *, unsigned>> &out) {
        out = order;
      };
  options.peelEpilogue = false;
  options.supportDynamicLoops = true;
  options.predicateFn = predicate;
  IRRewriter rewriter(loop->getContext());
  rewriter.setInsertionPoint(loop);
  Location loc = loop.getLoc();
  FailureOr<scf::ForOp> pipelined =
      scf::pipelineForLoop(rewriter, loop, options);
  if (succeeded(pipelined)) {
    sinkReads(*pipelined);
    return success();
  }
  return emitError(loc, "software pipelining of this loop failed; compile "
                        "with --num-stages=1 (and report it)");
}

/// A tma_load the pipeliner left (its loop is not pipelined): one slot and
/// one mbarrier of its own, initialized, filled, waited on and invalidated
/// each time it runs.
void lowerUnpipelinedTmaLoad(nv::TmaLoadOp load) {
  auto tile = cast<RankedTensorType>(load.getType());
  nv::SharedMemType bufferType = tmaBufferFor(tile, 1);
  OpBuilder b(load);
  Location loc = load.getLoc();
  Value buffer = nv::LocalAllocOp::create(b, loc, bufferType);
  Value barriers = nv::LocalAllocOp::create(
      b, loc, nv::SharedMemType::getMBarriers(load.getContext(), 1));
  Value zero = arith::ConstantIntOp::create(b, loc, 0, 32);
  nv::MBarrierInitOp::create(b, loc, barriers, 1);
  nv::TmaCopyOp::create(b, loc, load.getMap(), load.getCoordinates(), buffer,
                        zero, barriers, Value(), IntegerAttr());
  nv::MBarrierWaitOp::create(b, loc, barriers, zero, zero);
  auto read = nv::LocalLoadOp::create(b, loc, tile, buffer, zero);
  nv::MBarrierInvalOp::create(b, loc, barriers);
  load.replaceAllUsesWith(read.getResult());
  load.erase();
}

/// A tma_store: the tile goes into a one-slot buffer laid out as TMA reads
/// it, and tma_copy_out copies it out (fenced, and waited for before the
/// buffer may be written again).
void lowerTmaStore(nv::TmaStoreOp store) {
  auto tile = cast<RankedTensorType>(store.getValue().getType());
  OpBuilder b(store);
  Location loc = store.getLoc();
  Value buffer = nv::LocalAllocOp::create(b, loc, tmaBufferFor(tile, 1));
  Value zero = arith::ConstantIntOp::create(b, loc, 0, 32);
  nv::LocalStoreOp::create(b, loc, store.getValue(), buffer, zero);
  nv::TmaCopyOutOp::create(b, loc, store.getMap(), store.getCoordinates(),
                           buffer, zero);
  store.erase();
}

unsigned stagesFor(Operation *loop, unsigned option) {
  unsigned fallback =
      option ? option : unsigned(nv::KernelSpecAttr::kDefaultNumStages);
  auto func = loop->getParentOfType<nv::FuncOp>();
  if (!func || !func.isKernel())
    return fallback;
  return unsigned(func.getKernelSpec().getNumStages(fallback));
}

struct SoftwarePipelinePass
    : public tileiras::impl::SoftwarePipelineBase<SoftwarePipelinePass> {
  using SoftwarePipelineBase::SoftwarePipelineBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!targetspec::targetSupports(recordedTarget(module),
                                    targetspec::InstrFamily::CpAsync))
      return;
    SmallVector<scf::ForOp> loops;
    module.walk([&](scf::ForOp loop) { loops.push_back(loop); });
    AxisInfoAnalysis axisInfo(module);
    for (scf::ForOp loop : loops) {
      unsigned stages = stagesFor(loop, numStages);
      if (stages >= 2 && failed(pipelineLoop(loop, stages, axisInfo)))
        return signalPassFailure();
    }
    SmallVector<nv::TmaLoadOp> unpipelined;
    module.walk([&](nv::TmaLoadOp load) { unpipelined.push_back(load); });
    for (nv::TmaLoadOp load : unpipelined) {
      if (!tmaBufferFor(cast<RankedTensorType>(load.getType()), 1)) {
        load.emitOpError("tile cannot be loaded with TMA");
        return signalPassFailure();
      }
      lowerUnpipelinedTmaLoad(load);
    }
    SmallVector<nv::TmaStoreOp> stores;
    module.walk([&](nv::TmaStoreOp store) { stores.push_back(store); });
    for (nv::TmaStoreOp store : stores) {
      if (!tmaBufferFor(cast<RankedTensorType>(store.getValue().getType()),
                        1)) {
        store.emitOpError("tile cannot be stored with TMA");
        return signalPassFailure();
      }
      lowerTmaStore(store);
    }
  }
};

} // namespace
