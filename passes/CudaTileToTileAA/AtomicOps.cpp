//===- AtomicOps.cpp - cuda_tile atomic_rmw_tko / atomic_cas_tko ----------===//
//
// Per-element atomics map to nv_tileaa.atomic_rmw / atomic_cas with the
// same ordering; scopes tl_blk, device and sys become cta, gpu and sys.
// nv_tileaa.atomic_cas has no mask: a masked compare-and-swap is built
// from pointer casts, a reduction and scf.if (maskedCas below).
//
//===----------------------------------------------------------------------===//

#include "LoweringContext.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tileiras::cuda_tile_lowering;
namespace ct = tileiras::cuda_tile;
namespace aa = tileiras::nv_tileaa;

NamedAttribute tileiras::cuda_tile_lowering::semantic(Lowering &l,
                                                      ct::MemoryOrdering o) {
  static const aa::MemSemantic map[] = {
      aa::MemSemantic::weak, aa::MemSemantic::relaxed, aa::MemSemantic::acquire,
      aa::MemSemantic::release, aa::MemSemantic::acq_rel};
  return l.b.getNamedAttr(
      "mem_semantic", aa::MemSemanticAttr::get(l.b.getContext(), map[int(o)]));
}

NamedAttribute tileiras::cuda_tile_lowering::scope(Lowering &l,
                                                   ct::MemoryScope s) {
  static const aa::MemScope map[] = {aa::MemScope::cta, aa::MemScope::gpu,
                                     aa::MemScope::sys};
  return l.b.getNamedAttr("mem_scope",
                          aa::MemScopeAttr::get(l.b.getContext(), map[int(s)]));
}

NamedAttribute tileiras::cuda_tile_lowering::rmwMode(Lowering &l,
                                                     ct::AtomicMode mode) {
  static const aa::AtomicRMWMode modes[] = {
      aa::AtomicRMWMode::And, aa::AtomicRMWMode::Or,   aa::AtomicRMWMode::Xor,
      aa::AtomicRMWMode::add, aa::AtomicRMWMode::addf, aa::AtomicRMWMode::max,
      aa::AtomicRMWMode::min, aa::AtomicRMWMode::umax, aa::AtomicRMWMode::umin,
      aa::AtomicRMWMode::xchg};
  return l.b.getNamedAttr("rmw_mode", aa::AtomicRMWModeAttr::get(
                                          l.b.getContext(), modes[int(mode)]));
}

static LogicalResult lowerRmw(Lowering &l, ct::AtomicRmwTkoOp op) {
  SmallVector<Value> operands{l.lookup(op.getPointers()),
                              l.lookup(op.getArg())};
  if (op.getMask())
    operands.push_back(l.lookup(op.getMask()));
  l.map1(
      op.getResult(),
      l.create1("nv_tileaa.atomic_rmw", l.convertType(op.getResult().getType()),
                operands,
                {rmwMode(l, op.getMode()), semantic(l, op.getMemoryOrdering()),
                 scope(l, op.getMemoryScope())}));
  l.map1(op.getResultToken(), l.token());
  return success();
}

static Value casOp(Lowering &l, ct::AtomicCasTkoOp op, Value pointers,
                   Value cmp, Value val) {
  return l.create1(
      "nv_tileaa.atomic_cas", cmp.getType(), {pointers, cmp, val},
      {semantic(l, op.getMemoryOrdering()), scope(l, op.getMemoryScope())});
}

/// The largest element of an i64 tile, as a scalar (maxui over every axis).
static Value maxAll(Lowering &l, Value tile) {
  while (auto type = dyn_cast<RankedTensorType>(tile.getType())) {
    Type i64 = l.b.getI64Type();
    Type result = i64;
    if (type.getRank() > 1)
      result = RankedTensorType::get(type.getShape().drop_front(), i64);
    tile = reduceAxis(l, tile, 0, result, [&](Value lhs, Value rhs) {
      return arith::MaxUIOp::create(l.b, l.loc, lhs, rhs).getResult();
    });
  }
  return tile;
}

/// A masked compare-and-swap: nv_tileaa.atomic_cas has no mask, so
/// masked-off lanes are sent to the address of an enabled lane (the largest
/// one) with cmp as both the expected and the new value, which never changes
/// memory: CAS(q, c, c) writes c only where *q already is c. Their results
/// are cmp, as cuda_tile specifies. With no lane enabled nothing runs.
static Value maskedCas(Lowering &l, ct::AtomicCasTkoOp op) {
  Value pointers = l.lookup(op.getPointers()), cmp = l.lookup(op.getCmp());
  Value val = l.lookup(op.getVal()), mask = l.lookup(op.getMask());
  auto tile = cast<RankedTensorType>(pointers.getType());
  Type i64Tile = tile.clone(l.b.getI64Type());
  Value addresses = arith::SelectOp::create(
      l.b, l.loc, mask, l.create1("nv_tileaa.ptr_to_int", i64Tile, pointers),
      l.zero(i64Tile));
  Value target = maxAll(l, addresses);
  Value any = arith::CmpIOp::create(l.b, l.loc, arith::CmpIPredicate::ne,
                                    target, l.constantInt(l.b.getI64Type(), 0));
  auto ifOp = scf::IfOp::create(l.b, l.loc, TypeRange{cmp.getType()}, any,
                                /*addThenBlock=*/true, /*addElseBlock=*/true);
  OpBuilder::InsertionGuard guard(l.b);
  l.b.setInsertionPointToEnd(ifOp.thenBlock());
  Value safe =
      l.splat(l.create1("nv_tileaa.int_to_ptr", tile.getElementType(), target),
              tile.getShape());
  Value redirected = arith::SelectOp::create(l.b, l.loc, mask, pointers, safe);
  Value newValues = arith::SelectOp::create(l.b, l.loc, mask, val, cmp);
  Value old = casOp(l, op, redirected, cmp, newValues);
  scf::YieldOp::create(
      l.b, l.loc, Value(arith::SelectOp::create(l.b, l.loc, mask, old, cmp)));
  l.b.setInsertionPointToEnd(ifOp.elseBlock());
  scf::YieldOp::create(l.b, l.loc, cmp);
  return ifOp.getResult(0);
}

/// A masked scalar compare-and-swap runs under scf.if.
static Value maskedScalarCas(Lowering &l, ct::AtomicCasTkoOp op) {
  Value cmp = l.lookup(op.getCmp());
  auto ifOp = scf::IfOp::create(l.b, l.loc, TypeRange{cmp.getType()},
                                l.lookup(op.getMask()), true, true);
  OpBuilder::InsertionGuard guard(l.b);
  l.b.setInsertionPointToEnd(ifOp.thenBlock());
  scf::YieldOp::create(
      l.b, l.loc,
      casOp(l, op, l.lookup(op.getPointers()), cmp, l.lookup(op.getVal())));
  l.b.setInsertionPointToEnd(ifOp.elseBlock());
  scf::YieldOp::create(l.b, l.loc, cmp);
  return ifOp.getResult(0);
}

static LogicalResult lowerCas(Lowering &l, ct::AtomicCasTkoOp op) {
  Value result;
  if (!op.getMask())
    result = casOp(l, op, l.lookup(op.getPointers()), l.lookup(op.getCmp()),
                   l.lookup(op.getVal()));
  else if (isa<RankedTensorType>(l.lookup(op.getPointers()).getType()))
    result = maskedCas(l, op);
  else
    result = maskedScalarCas(l, op);
  l.map1(op.getResult(), result);
  l.map1(op.getResultToken(), l.token());
  return success();
}

LogicalResult tileiras::cuda_tile_lowering::lowerAtomic(Lowering &l,
                                                        Operation *op,
                                                        bool &handled) {
  handled = true;
  if (auto rmw = dyn_cast<ct::AtomicRmwTkoOp>(op))
    return lowerRmw(l, rmw);
  if (auto cas = dyn_cast<ct::AtomicCasTkoOp>(op))
    return lowerCas(l, cas);
  handled = false;
  return success();
}
