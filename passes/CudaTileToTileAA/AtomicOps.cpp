//===- AtomicOps.cpp - cuda_tile atomic_rmw_tko / atomic_cas_tko ----------===//
//
// Per-element atomics map to nv_tileaa.atomic_rmw / atomic_cas with the
// same ordering; scopes tl_blk, device and sys become cta, gpu and sys.
// A masked compare-and-swap has no nv_tileaa form yet (an error).
//
//===----------------------------------------------------------------------===//

#include "LoweringContext.h"

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

static LogicalResult lowerRmw(Lowering &l, ct::AtomicRmwTkoOp op) {
  static const aa::AtomicRMWMode modes[] = {
      aa::AtomicRMWMode::And, aa::AtomicRMWMode::Or,   aa::AtomicRMWMode::Xor,
      aa::AtomicRMWMode::add, aa::AtomicRMWMode::addf, aa::AtomicRMWMode::max,
      aa::AtomicRMWMode::min, aa::AtomicRMWMode::umax, aa::AtomicRMWMode::umin,
      aa::AtomicRMWMode::xchg};
  SmallVector<Value> operands{l.lookup(op.getPointers()),
                              l.lookup(op.getArg())};
  if (op.getMask())
    operands.push_back(l.lookup(op.getMask()));
  auto mode =
      aa::AtomicRMWModeAttr::get(l.b.getContext(), modes[int(op.getMode())]);
  l.map1(op.getResult(),
         l.create1("nv_tileaa.atomic_rmw",
                   l.convertType(op.getResult().getType()), operands,
                   {l.b.getNamedAttr("rmw_mode", mode),
                    semantic(l, op.getMemoryOrdering()),
                    scope(l, op.getMemoryScope())}));
  l.map1(op.getResultToken(), l.token());
  return success();
}

static LogicalResult lowerCas(Lowering &l, ct::AtomicCasTkoOp op) {
  if (op.getMask())
    return l.fail(op, "a masked compare-and-swap is not supported yet");
  l.map1(op.getResult(),
         l.create1("nv_tileaa.atomic_cas",
                   l.convertType(op.getResult().getType()),
                   {l.lookup(op.getPointers()), l.lookup(op.getCmp()),
                    l.lookup(op.getVal())},
                   {semantic(l, op.getMemoryOrdering()),
                    scope(l, op.getMemoryScope())}));
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
