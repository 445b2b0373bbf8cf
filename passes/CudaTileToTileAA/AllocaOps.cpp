//===- AllocaOps.cpp - cuda_tile.alloca -> per-tile-block global scratch --===//
//
// An alloca's memory belongs to one tile block (a CTA here) or, with
// `global`, may be handed to others; both need memory every thread of the
// CTA (and, for `global`, other CTAs) can address with the ordinary global
// pointers of nv_tileaa, which shared and local memory are not. So the
// kernel takes one more parameter, a global scratch buffer the launcher
// allocates with `tileiras.global_scratch_bytes_per_cta` bytes per tile
// block (the kernel metadata's `global_scratch_bytes_per_cta`), and each
// alloca is a fixed offset in its tile block's slice:
//   scratch + linear_block_id * bytes_per_cta + offset.
// Offsets are assigned once per entry without reuse, which the block
// lifetimes of the spec permit.
//
//===----------------------------------------------------------------------===//

#include "LoweringContext.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace tileiras::cuda_tile_lowering;
namespace ct = tileiras::cuda_tile;

/// The slice of a tile block is aligned to at least this many bytes.
static constexpr int64_t kMinSliceAlignment = 16;

FailureOr<ScratchSize>
tileiras::cuda_tile_lowering::assignAllocaOffsets(Lowering &l,
                                                  ct::EntryOp entry) {
  int64_t end = 0, maxAlign = kMinSliceAlignment;
  WalkResult walk = entry.walk([&](ct::AllocaOp op) {
    auto ptr = cast<ct::PointerType>(op.getType().getElementType());
    int64_t align = std::max<int64_t>(op.getAlignment(), 1);
    int64_t bytes = op.getNumElem() *
                    ((ct::getElementBitWidth(ptr.getPointeeType()) + 7) / 8);
    if (op.getNumElem() > (int64_t(1) << 40) || align > (int64_t(1) << 20)) {
      (void)l.fail(op, "the allocation is too large for a scratch buffer");
      return WalkResult::interrupt();
    }
    int64_t offset = llvm::alignTo(end, align);
    l.allocaOffsets[op] = offset;
    end = offset + bytes;
    maxAlign = std::max(maxAlign, align);
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  if (l.allocaOffsets.empty())
    return ScratchSize{0, 0};
  return ScratchSize{int64_t(llvm::alignTo(end, maxAlign)), maxAlign};
}

void tileiras::cuda_tile_lowering::setupScratch(Lowering &l, Value scratch,
                                                int64_t bytesPerCta) {
  Type i64 = l.b.getI64Type();
  Value id, count;
  // Linear tile block id: x + nx * (y + ny * z).
  for (int d = 2; d >= 0; --d) {
    auto dim = tileiras::nv_tileaa::GridDimAttr::get(
        l.b.getContext(), static_cast<tileiras::nv_tileaa::GridDim>(d));
    auto attr = l.b.getNamedAttr("dim", dim);
    Value pid = l.castInt(
        l.create1("nv_tileaa.get_program_id", l.b.getI32Type(), {}, {attr}),
        i64, /*zeroExtend=*/true);
    if (!id) {
      id = pid;
    } else {
      Value n = l.castInt(
          l.create1("nv_tileaa.get_num_programs", l.b.getI32Type(), {}, {attr}),
          i64, /*zeroExtend=*/true);
      id = arith::AddIOp::create(l.b, l.loc, pid,
                                 arith::MulIOp::create(l.b, l.loc, n, id));
    }
  }
  Value offset =
      arith::MulIOp::create(l.b, l.loc, id, l.constantInt(i64, bytesPerCta));
  l.scratchBase =
      l.create1("nv_tileaa.addptr", scratch.getType(), {scratch, offset});
}

static LogicalResult lowerAlloca(Lowering &l, ct::AllocaOp op) {
  Type i64 = l.b.getI64Type();
  Value bytePtr = l.create1(
      "nv_tileaa.addptr", l.scratchBase.getType(),
      {l.scratchBase, l.constantInt(i64, l.allocaOffsets.lookup(op))});
  Value ptr =
      l.create1("nv_tileaa.ptr_to_ptr", l.convertType(op.getType()), bytePtr);
  // The offset keeps the requested alignment: the launcher aligns the
  // buffer, and every slice starts, at a multiple of the largest one.
  int64_t align = std::max<int64_t>(op.getAlignment(), 1);
  if (align > 1)
    ptr = l.create1("nv_tileaa.assume", ptr.getType(), ptr,
                    l.b.getNamedAttr("div_by", l.b.getI64IntegerAttr(align)));
  l.map1(op.getResult(), ptr);
  return success();
}

/// True when `ptrs` may point into alloca memory: it is computed from an
/// alloca, or comes from a loop or branch the walk does not follow.
static bool mayPointToScratch(Value ptrs, unsigned depth = 0) {
  if (depth > 32)
    return true;
  if (auto arg = dyn_cast<BlockArgument>(ptrs))
    return !isa<ct::EntryOp>(arg.getOwner()->getParentOp());
  Operation *def = ptrs.getDefiningOp();
  if (isa<ct::AllocaOp>(def))
    return true;
  if (def->getNumRegions())
    return true;
  return llvm::any_of(def->getOperands(), [&](Value v) {
    return isa<ct::TileType>(v.getType()) &&
           isa<ct::PointerType>(
               cast<ct::TileType>(v.getType()).getElementType()) &&
           mayPointToScratch(v, depth + 1);
  });
}

void tileiras::cuda_tile_lowering::orderScratchAccess(Lowering &l,
                                                      Operation *op) {
  if (op->getNumRegions()) {
    l.scratchState = Lowering::ScratchState::Unknown;
    return;
  }
  if (l.allocaOffsets.empty() ||
      !isa<ct::LoadPtrTkoOp, ct::StorePtrTkoOp, ct::AtomicRmwTkoOp,
           ct::AtomicCasTkoOp>(op) ||
      !mayPointToScratch(op->getOperand(0)))
    return;
  bool reads = isa<ct::LoadPtrTkoOp>(op);
  // Other threads of the CTA may have written (or still read) what this
  // access touches; reads after reads need nothing.
  if (!(reads && l.scratchState == Lowering::ScratchState::Read))
    l.create("nvvm.barrier0", {}, {});
  l.scratchState =
      reads ? Lowering::ScratchState::Read : Lowering::ScratchState::Write;
}

LogicalResult tileiras::cuda_tile_lowering::lowerAllocaOps(Lowering &l,
                                                           Operation *op,
                                                           bool &handled) {
  auto alloca = dyn_cast<ct::AllocaOp>(op);
  handled = bool(alloca);
  return alloca ? lowerAlloca(l, alloca) : success();
}
