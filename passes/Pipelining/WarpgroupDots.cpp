//===- WarpgroupDots.cpp - wgmma reads dot operands from their slots ------===//
//
// After the pipeliner, a dot meant for wgmma (or tcgen05.mma, which reads
// the same canonical layouts; a dot_scaled on tcgen05 too, keeping its
// scales as register tiles) reads A and B through
// local_loads (possibly behind a layout conversion) of buffer slots. Where
// a slot holds a canonical wgmma layout (A K-major, B N-major:
// layout::wgmmaOperandPlan) the dot reads it directly and the read goes;
// any other operand (loads the pipeliner left alone, values computed in
// registers) is stored into a one-slot buffer of such a layout first
// (local_store; the op then fences and synchronizes the CTA around the
// wgmmas), except an f16/bf16 A of a wgmma that is computed or defined
// outside the dot's block: wgmma's register form reads it where it is. Slots
// that cp.async or stores filled (generic proxy) ask for a proxy fence. A tile
// with no canonical layout keeps the dot on mma.sync, with the reason in its
// dot_path.
//
// A wgmma warpgroup_dot that accumulates across an scf.for (C the iteration
// argument, the result only yielded back) whose rings have a spare slot
// (reuse_distance 2) becomes asynchronous: it leaves itself running
// (pending = 1) while the next iteration waits for and issues copies, and a
// warpgroup_wait after the loop retires the last one. A tcgen05 one keeps
// its accumulator in tensor memory across the loop instead
// (TensorMemoryAccumulator.cpp).
//
//===----------------------------------------------------------------------===//

#include "Pipelining/TensorMemoryAccumulator.h"
#include "tileiras/Dialect/NVTileAA/DotPath.h"
#include "tileiras/Dialect/NVTileAA/NVTileAA.h"
#include "tileiras/Layout/WgmmaLayouts.h"
#include "tileiras/Passes/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"

namespace tileiras {
#define GEN_PASS_DEF_WARPGROUPDOTS
#include "tileiras/Passes/Passes.h.inc"
} // namespace tileiras

using namespace mlir;
using namespace tileiras;
namespace nv = tileiras::nv_tileaa;

namespace {

/// Where wgmma reads one operand: a slot of a buffer that holds it already
/// (`load` reads it, possibly behind `convert`), or, when `staged`, a
/// one-slot buffer of `stagedType` that the register tile `value` is stored
/// into first.
struct OperandSlot {
  nv::LocalLoadOp load;
  nv::ConvertLayoutOp convert; // null when nothing converts the operand
  bool staged = false;
  Value value;
  nv::SharedMemType stagedType;
};

/// Whether wgmma (tcgen05.mma: `anyMajor`) reads operand A, or B when
/// `isB`, from a slot of `type`: a canonical layout, with K contiguous
/// for types other than 16-bit ones (wgmma transposes only those).
bool isCanonical(nv::SharedMemType type, bool isB, bool anyMajor) {
  auto encoding = dyn_cast<nv::SwizzledSharedEncodingAttr>(type.getEncoding());
  unsigned bits = type.getElementType().getIntOrFloatBitWidth();
  if (!encoding)
    return false;
  auto plan = layout::wgmmaSlotPlan(
      type.getTileShape(), encoding.getOrder(),
      {encoding.getVec(), encoding.getPerPhase(), encoding.getMaxPhase()},
      encoding.getSegment(), bits / 8, isB);
  return plan && (anyMajor || bits == 16 || !plan->mnMajor);
}

/// Whether the B tile `operand` comes with N contiguous: read from a
/// row-major slot, or held with each thread's elements along N (registers'
/// first basis). Storing it K-major transposes it byte by byte.
bool nContiguous(Value operand) {
  if (auto load = operand.getDefiningOp<nv::LocalLoadOp>())
    if (auto encoding = dyn_cast<nv::SwizzledSharedEncodingAttr>(
            load.getBuffer().getType().getEncoding()))
      return encoding.getOrder()[0] == 1;
  auto tile = cast<RankedTensorType>(operand.getType());
  FailureOr<layout::LinearLayout> layout = nv::getLinearLayout(tile);
  if (failed(layout))
    return true;
  llvm::ArrayRef<layout::Coord> regs =
      layout->getBases(layout::InDim::Register);
  return regs.empty() || regs[0][1] != 0;
}

/// How wgmma (or tcgen05.mma, `anyMajor`) can read `operand` (B when
/// `isB`), or a reason it cannot.
FailureOr<OperandSlot> operandSlot(Value operand, bool isB, bool anyMajor,
                                   std::string &why) {
  OperandSlot slot;
  if (auto convert = operand.getDefiningOp<nv::ConvertLayoutOp>();
      convert && convert->hasOneUse()) {
    slot.convert = convert;
    operand = convert.getSrc();
  }
  const char *name = isB ? "B" : "A";
  slot.load = operand.getDefiningOp<nv::LocalLoadOp>();
  if (slot.load && operand.hasOneUse() &&
      isCanonical(slot.load.getBuffer().getType(), isB, anyMajor))
    return slot;
  // Anything else is stored into a buffer of its own first: row-major, but
  // B with K contiguous (column-major, N rows of K) where the instruction
  // reads it K-major only: 8-bit types on wgmma, tf32 on both (tcgen05
  // would need the 128B-with-32B-atoms swizzle to transpose it). A tf32
  // tile is stored as the f32 values it holds (exact), read back as tf32.
  auto tile = cast<RankedTensorType>(operand.getType());
  bool tf32 = isa<FloatTF32Type>(tile.getElementType());
  unsigned bytes = tf32 ? 4 : tile.getElementType().getIntOrFloatBitWidth() / 8;
  bool kMajorB = isB && (tf32 || (bytes == 1 && !anyMajor));
  // Measured on an H200 (matmul_int8, 4096^3): wgmma with such a B
  // transposed through registers every step ran at 80 TFLOP/s, mma.sync
  // reading it from its slot at 179.
  if (kMajorB && bytes == 1 && nContiguous(operand)) {
    why = "an 8-bit B with N contiguous would be transposed every step "
          "(wgmma reads 8-bit operands K-major only)";
    return failure();
  }
  unsigned order[2] = {kMajorB ? 0u : 1u, kMajorB ? 1u : 0u};
  int64_t storage[2] = {tile.getDimSize(order[1]), tile.getDimSize(order[0])};
  auto staged = layout::wgmmaSharedLayout(storage, bytes);
  if (!staged) {
    why = std::string(name) + " [" + std::to_string(tile.getDimSize(0)) + ", " +
          std::to_string(tile.getDimSize(1)) +
          "] has no canonical wgmma layout";
    return failure();
  }
  MLIRContext *context = tile.getContext();
  auto encoding = nv::SwizzledSharedEncodingAttr::get(
      context, staged->first.vec, staged->first.perPhase,
      staged->first.maxPhase, order, staged->second);
  slot.staged = true;
  slot.load = nullptr;
  slot.value = operand;
  slot.stagedType = nv::SharedMemType::get(
      context, {1, tile.getDimSize(0), tile.getDimSize(1)},
      tf32 ? Float32Type::get(context) : tile.getElementType(), encoding);
  return slot;
}

/// Whether anything but TMA writes `buffer` (its writes are then in the
/// generic proxy, which wgmma's reads in the async proxy must be fenced
/// from).
bool writtenByThreads(Value buffer) {
  return llvm::any_of(buffer.getUsers(), [](Operation *user) {
    return isa<nv::AsyncCopyOp, nv::LocalStoreOp>(user);
  });
}

/// The buffer and slot wgmma reads `slot` from, storing a staged operand.
std::pair<Value, Value> materialize(OpBuilder &builder, Location loc,
                                    OperandSlot slot) {
  if (!slot.staged)
    return {slot.load.getBuffer(), slot.load.getSlot()};
  Value buffer = nv::LocalAllocOp::create(builder, loc, slot.stagedType);
  Value zero = arith::ConstantIntOp::create(builder, loc, 0, 32);
  Value value = slot.value;
  auto tile = cast<RankedTensorType>(value.getType());
  if (tile.getElementType() != slot.stagedType.getElementType())
    value = nv::FpToFpOp::create(builder, loc,
                                 tile.clone(slot.stagedType.getElementType()),
                                 value, nv::RoundingModeAttr());
  nv::LocalStoreOp::create(builder, loc, value, buffer, zero);
  return {buffer, zero};
}

/// The iteration argument index when `dot` may run asynchronously: its C
/// is an iteration argument of the scf.for around it and its result only
/// goes back to that argument, and its slots are not written again for two
/// iterations.
std::optional<unsigned> asyncIterArg(nv::WarpgroupDotOp dot) {
  if (reuseDistance(dot.getA()) < 2 || reuseDistance(dot.getB()) < 2)
    return std::nullopt;
  return accumulatingIterArg(dot);
}

/// Leaves `dot` running across iterations; the loop's result is waited for
/// after the loop. A zero initial accumulator becomes "ignore C in the first
/// iteration" (use_c): registers that ordinary instructions zeroed would
/// be accumulator definitions outside wgmma, which makes ptxas serialize
/// the wgmmas (C7515); the zeros are selected after the loop only if it ran
/// no iteration.
void makeAsync(nv::WarpgroupDotOp dot, unsigned index) {
  auto loop = cast<scf::ForOp>(dot->getParentOp());
  dot.setPending(1);
  OpBuilder after(loop->getContext());
  after.setInsertionPointAfter(loop);
  Value result = loop.getResult(index);
  Value init = loop.getInitArgs()[index];
  Location loc = loop.getLoc();
  Value waited =
      nv::WarpgroupWaitOp::create(after, loc, result, uint32_t(0)).getResult();
  Value final = waited;
  if (matchPattern(init, m_AnyZeroFloat()) || matchPattern(init, m_Zero())) {
    OpBuilder inside(dot);
    Value first =
        arith::CmpIOp::create(inside, loc, arith::CmpIPredicate::ne,
                              loop.getInductionVar(), loop.getLowerBound());
    dot.getUseCMutable().assign(first);
    OpBuilder before(loop);
    loop.getInitArgsMutable()[index].assign(
        ub::PoisonOp::create(before, loc, init.getType()));
    Value ran =
        arith::CmpIOp::create(after, loc, arith::CmpIPredicate::slt,
                              loop.getLowerBound(), loop.getUpperBound());
    final = arith::SelectOp::create(after, loc, ran, waited, init);
  }
  result.replaceAllUsesExcept(final, waited.getDefiningOp());
}

/// Whether wgmma takes `operand`, A of `dot` with accumulator `c`, from
/// registers rather than from a buffer it would be stored into first: an
/// f16/bf16 tile in the dot operand layout of the f32 accumulator's mma
/// layout (per warp the m16n8k16 A fragment of its rows), computed
/// (attention's P, from the accumulator of the dot before) or defined
/// outside the dot's block (a loop-invariant Q, which would otherwise be
/// stored again every iteration). A tile loaded next to the dot is stored
/// as loaded instead: its conversion to registers would go through shared
/// memory as well.
bool registerA(Operation *dot, Value operand, Value c) {
  if (loadedInBlock(operand, dot->getBlock()))
    return false;
  auto a = cast<RankedTensorType>(operand.getType());
  auto acc = cast<RankedTensorType>(c.getType());
  auto encoding = dyn_cast_or_null<nv::DotOperandEncodingAttr>(a.getEncoding());
  return nv::isMeantForWgmma(dot) &&
         (a.getElementType().isF16() || a.getElementType().isBF16()) &&
         acc.getElementType().isF32() && encoding && encoding.getOpIdx() == 0 &&
         encoding.getKWidth() == 2 &&
         encoding.getParent() == acc.getEncoding() &&
         isa<nv::MmaEncodingAttr>(acc.getEncoding());
}

/// Rewrites `dot` (a DotOp, or a DotScaledOp with its scales) into a
/// warpgroup_dot; false when a DotScaledOp's operands cannot be read from
/// shared memory (it has no other path on a tcgen05 target).
bool rewriteDot(Operation *dot, Value aOperand, Value bOperand, Value c,
                ValueRange scales) {
  std::string why;
  bool anyMajor = nv::isMeantForTcgen05(dot);
  FailureOr<OperandSlot> a = operandSlot(aOperand, false, anyMajor, why);
  FailureOr<OperandSlot> b = succeeded(a)
                                 ? operandSlot(bOperand, true, anyMajor, why)
                                 : FailureOr<OperandSlot>(failure());
  if ((failed(a) || failed(b)) && !scales.empty()) {
    dot->emitOpError("cannot run on tcgen05.mma block_scale: ") << why;
    return false;
  }
  if (failed(a) || failed(b)) {
    std::string type;
    llvm::raw_string_ostream os(type);
    Type element = cast<RankedTensorType>(aOperand.getType()).getElementType();
    element.print(os);
    std::string shape =
        "m16n8k" + std::to_string(isa<FloatTF32Type>(element)
                                      ? 8
                                      : 256 / element.getIntOrFloatBitWidth());
    // What the dot's layouts fall back to: mma.sync for wgmma, the FMA
    // path for tcgen05 (its accumulator has no mma.sync layout).
    std::string path =
        nv::isMeantForTcgen05(dot)
            ? "fma (not tcgen05: " + why + ")"
            : "mma.sync." + shape + " " + type + " (not wgmma: " + why + ")";
    dot->setAttr(nv::kDotPathAttrName,
                 StringAttr::get(dot->getContext(), path));
    return true;
  }
  bool wgmmaDot = nv::isMeantForWgmma(dot);
  OpBuilder builder(dot);
  // A that would be stored for wgmma stays in registers where it can.
  Value bufferA, slotA;
  if (a->staged && scales.empty() && registerA(dot, aOperand, c)) {
    *a = OperandSlot();
    bufferA = aOperand;
  } else {
    std::tie(bufferA, slotA) = materialize(builder, dot->getLoc(), *a);
  }
  auto [bufferB, slotB] = materialize(builder, dot->getLoc(), *b);
  bool staged = a->staged || b->staged;
  auto plain = dyn_cast<nv::DotOp>(dot);
  auto wgmma = nv::WarpgroupDotOp::create(
      builder, dot->getLoc(), c.getType(), bufferA, slotA, bufferB, slotB, c,
      /*use_c=*/Value(), scales,
      /*proxy_fence=*/(slotA && writtenByThreads(bufferA)) ||
          writtenByThreads(bufferB),
      /*barriers=*/staged, /*pending=*/0,
      plain ? plain.getSignednessAAttr() : nv::SignednessAttr(),
      plain ? plain.getSignednessBAttr() : nv::SignednessAttr());
  dot->getResult(0).replaceAllUsesWith(wgmma.getResult());
  dot->erase();
  for (OperandSlot slot : {*a, *b}) {
    if (slot.convert)
      slot.convert.erase();
    if (slot.load)
      slot.load.erase();
  }
  // tcgen05.mma runs synchronously, or, across a loop, with its
  // accumulator in tensor memory (TensorMemoryAccumulator.cpp).
  if (wgmmaDot)
    if (std::optional<unsigned> index = asyncIterArg(wgmma))
      makeAsync(wgmma, *index);
  return true;
}

struct WarpgroupDotsPass
    : public tileiras::impl::WarpgroupDotsBase<WarpgroupDotsPass> {
  void runOnOperation() override {
    SmallVector<Operation *> dots;
    getOperation().walk([&](Operation *op) {
      if (isa<nv::DotOp, nv::DotScaledOp>(op) &&
          nv::readsOperandsFromShared(op))
        dots.push_back(op);
    });
    bool ok = true;
    for (Operation *op : dots) {
      if (auto dot = dyn_cast<nv::DotOp>(op)) {
        rewriteDot(dot, dot.getA(), dot.getB(), dot.getC(), {});
        continue;
      }
      auto scaled = cast<nv::DotScaledOp>(op);
      ok &= rewriteDot(scaled, scaled.getA(), scaled.getB(), scaled.getC(),
                       {scaled.getAScale(), scaled.getBScale()});
    }
    if (!ok)
      return signalPassFailure();
    keepAccumulatorsInTensorMemory(getOperation());
  }
};

} // namespace
