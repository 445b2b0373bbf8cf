//===- TensorMemoryAccumulator.cpp - tcgen05 accumulators across loops ---===//
//
// A synchronous tcgen05 warpgroup_dot allocates tensor memory, multiplies,
// reads D back into registers, adds C and frees the columns, every time it
// runs. When it accumulates across an scf.for (C an iteration argument used
// by it alone, its result only yielded back), the accumulator can stay in
// tensor memory instead (a block-scaled dot's scales are copied into the
// columns after it each iteration):
//
//   %acc = tmem_alloc; %bar = local_alloc (one mbarrier); mbarrier_init
//   scf.for ... iter_args(..., %count = 0) {
//     tmem_dot %a[..], %b[..], %acc, %bar, %count   // ignores %acc at 0
//     yield ..., %count + 1
//   }
//   %d = tmem_load %acc; %r = ran ? C0 + %d : C0   (%d alone for a zero C0)
//   tmem_dealloc %acc; mbarrier_inval %bar
//
// so no register holds the accumulator inside the loop. Only functions with
// one tcgen05 dot do this: a CTA that holds an allocation while it waits for
// another can deadlock with the other CTAs of its SM, which hold theirs.
// With a nonzero C0, C0 is added once after the loop rather than first.
//
//===----------------------------------------------------------------------===//

#include "Pipelining/TensorMemoryAccumulator.h"

#include "tileiras/Dialect/NVTileAA/NVTileAA.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;
using namespace tileiras;
namespace nv = tileiras::nv_tileaa;

namespace {

/// Whether `dot` runs on tcgen05.mma (a blocked accumulator).
bool onTcgen05(nv::WarpgroupDotOp dot) {
  return isa_and_nonnull<nv::BlockedEncodingAttr>(
      cast<RankedTensorType>(dot.getType()).getEncoding());
}

/// The iteration argument index of `dot`'s accumulator when it only
/// circulates through the scf.for around `dot` (used by nothing else).
std::optional<unsigned> circulatingIterArg(nv::WarpgroupDotOp dot) {
  if (dot.getUseC() || dot.getPending() != 0 || !dot.getC().hasOneUse())
    return std::nullopt;
  return accumulatingIterArg(dot);
}

/// C0 + `loaded` (just `loaded` for a zero C0) where the loop ran, C0
/// where it did not.
Value finalValue(OpBuilder &b, Location loc, Value init, Value loaded,
                 Value count) {
  bool integer = getElementTypeOrSelf(init.getType()).isInteger();
  Value sum = loaded;
  if (!matchPattern(init, m_AnyZeroFloat()) && !matchPattern(init, m_Zero()))
    sum = integer ? arith::AddIOp::create(b, loc, init, loaded).getResult()
                  : arith::AddFOp::create(b, loc, init, loaded).getResult();
  Value zero = arith::ConstantIntOp::create(b, loc, 0, 32);
  Value ran =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, count, zero);
  return arith::SelectOp::create(b, loc, ran, sum, init);
}

void keepInTensorMemory(nv::WarpgroupDotOp dot, unsigned index) {
  auto loop = cast<scf::ForOp>(dot->getParentOp());
  MLIRContext *context = dot.getContext();
  Location loc = dot.getLoc();
  auto accType = cast<RankedTensorType>(dot.getType());
  IRRewriter rewriter(context);
  rewriter.setInsertionPoint(loop);
  Value zero = arith::ConstantIntOp::create(rewriter, loc, 0, 32);
  // The count of the iterations so far.
  FailureOr<LoopLikeOpInterface> replaced = loop.replaceWithAdditionalYields(
      rewriter, zero, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &b, Location yieldLoc, ArrayRef<BlockArgument> args) {
        Value one = arith::ConstantIntOp::create(b, yieldLoc, 1, 32);
        return SmallVector<Value>{
            arith::AddIOp::create(b, yieldLoc, args[0], one).getResult()};
      });
  if (failed(replaced)) // not expected of an scf.for: stay synchronous
    return;
  auto newLoop = cast<scf::ForOp>(replaced->getOperation());
  rewriter.setInsertionPoint(newLoop);
  auto tmemType = nv::TensorMemType::get(context, accType.getShape(),
                                         accType.getElementType());
  Value acc = nv::TmemAllocOp::create(rewriter, loc, tmemType);
  // The MMAs of one iteration may run during the next where both rings
  // have a spare slot: one mbarrier per iteration in flight. Not with block
  // scales: the next iteration's tcgen05.cp would overwrite the scales'
  // columns (and the scratch they are copied from) under running MMAs.
  bool pending = dot.getScales().empty() && reuseDistance(dot.getA()) >= 2 &&
                 reuseDistance(dot.getB()) >= 2;
  Value mbarrier = nv::LocalAllocOp::create(
      rewriter, loc, nv::SharedMemType::getMBarriers(context, pending ? 2 : 1));
  nv::MBarrierInitOp::create(rewriter, loc, mbarrier, 1);
  Value count = newLoop.getRegionIterArgs().back();
  rewriter.setInsertionPoint(dot);
  nv::TmemDotOp::create(rewriter, loc, dot.getA(), dot.getSlotA(), dot.getB(),
                        dot.getSlotB(), acc, mbarrier, count, dot.getScales(),
                        dot.getProxyFence(), uint32_t(pending),
                        dot.getSignednessAAttr(), dot.getSignednessBAttr());
  // The iteration argument now goes around unchanged.
  rewriter.replaceOp(dot, dot.getC());
  rewriter.setInsertionPointAfter(newLoop);
  if (pending)
    nv::TmemWaitOp::create(rewriter, loc, mbarrier,
                           newLoop.getResults().back());
  Value loaded = nv::TmemLoadOp::create(rewriter, loc, accType, acc);
  Value init = newLoop.getInitArgs()[index];
  Value final =
      finalValue(rewriter, loc, init, loaded, newLoop.getResults().back());
  nv::TmemDeallocOp::create(rewriter, loc, acc);
  nv::MBarrierInvalOp::create(rewriter, loc, mbarrier);
  newLoop.getResult(index).replaceAllUsesWith(final);
  // Drop the iteration argument that now goes around unchanged.
  RewritePatternSet patterns(context);
  scf::ForOp::getCanonicalizationPatterns(patterns, context);
  (void)applyOpPatternsGreedily({newLoop.getOperation()}, std::move(patterns));
}

} // namespace

int64_t tileiras::reuseDistance(Value buffer) {
  auto alloc = buffer.getDefiningOp<nv::LocalAllocOp>();
  if (!alloc || !alloc.getReuseDistance())
    return 1;
  return *alloc.getReuseDistance();
}

bool tileiras::loadedInBlock(Value operand, Block *block) {
  if (auto convert = operand.getDefiningOp<nv::ConvertLayoutOp>())
    operand = convert.getSrc();
  Operation *def = operand.getDefiningOp();
  return def && isa<nv::LoadOp, nv::TmaLoadOp, nv::LocalLoadOp>(def) &&
         def->getBlock() == block;
}

std::optional<unsigned> tileiras::accumulatingIterArg(nv::WarpgroupDotOp dot) {
  auto loop = dyn_cast<scf::ForOp>(dot->getParentOp());
  auto arg = dyn_cast<BlockArgument>(dot.getC());
  if (!loop || !arg || arg.getOwner() != loop.getBody() ||
      arg.getArgNumber() == 0 || !dot->hasOneUse())
    return std::nullopt;
  unsigned index = arg.getArgNumber() - 1;
  OpOperand &use = *dot->use_begin();
  if (use.getOwner() != loop.getBody()->getTerminator() ||
      use.getOperandNumber() != index)
    return std::nullopt;
  return index;
}

void tileiras::keepAccumulatorsInTensorMemory(ModuleOp module) {
  module.walk([](nv::FuncOp function) {
    SmallVector<nv::WarpgroupDotOp> dots;
    function.walk([&](nv::WarpgroupDotOp dot) {
      if (onTcgen05(dot))
        dots.push_back(dot);
    });
    if (dots.size() != 1)
      return;
    if (std::optional<unsigned> index = circulatingIterArg(dots.front()))
      keepInTensorMemory(dots.front(), *index);
  });
}
