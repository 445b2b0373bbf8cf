//===- RemoveRedundantBarriers.cpp - drop bar.syncs no access needs -------===//
//
// The lowering fences every use of shared memory with `bar.sync` on both
// sides, because each pattern sees only its own op. A barrier is needed
// only where a shared-memory access before it (since the previous barrier,
// on some path) and one after it (until the next barrier, on some path)
// could race: a write with any access, or a read with a write. This pass
// computes both sides with a forward and a backward data flow over the
// CFG of each function and removes the barriers with no such pair, one at
// a time until none is left (removing one merges its two sides).
//
// Only the barriers the lowering marked as shared-memory fences
// (kSharedFenceAttr) are candidates; others stay and, like all barriers,
// end the accesses pending before them.
//
// Kernels start and end with no access pending. A device function may be
// called between a caller's accesses to its own buffer, so its entry and
// exit count as both reading and writing. Only memory that may be shared
// counts: the language does not order other memory between threads
// through these barriers (docs/language.md, "Memory model").
//
//===----------------------------------------------------------------------===//

#include "Barriers/SharedAccess.h"

#include "tileiras/Passes/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

namespace tileiras {
#define GEN_PASS_DEF_REMOVEREDUNDANTBARRIERS
#include "tileiras/Passes/Passes.h.inc"
} // namespace tileiras

using namespace mlir;
using namespace tileiras;
using namespace tileiras::barriers;

namespace {

/// Shared-memory accesses pending at block boundaries: `before[b]` since the
/// last barrier, at the start of b; `after[b]` until the next barrier, at
/// the end of b.
struct PendingAccesses {
  llvm::DenseMap<Block *, SharedAccess> before, after;
};

/// The accesses pending after `op` given those before it.
SharedAccess stepForward(Operation &op, SharedAccess state) {
  if (isa<NVVM::Barrier0Op>(op))
    return {};
  return state |= sharedAccessOf(&op);
}

/// The accesses pending at the far end of `ops` given `state` at the near
/// end (the ops in forward or in reverse order).
template <typename Range> SharedAccess across(Range &&ops, SharedAccess state) {
  for (Operation &op : ops)
    state = stepForward(op, state);
  return state;
}

/// Merges `state` into `states[block]`; true when that changed it.
bool merge(llvm::DenseMap<Block *, SharedAccess> &states, Block *block,
           SharedAccess state) {
  auto [it, inserted] = states.try_emplace(block, state);
  if (inserted)
    return true;
  SharedAccess merged = it->second;
  merged |= state;
  if (merged == it->second)
    return false;
  it->second = merged;
  return true;
}

PendingAccesses analyze(LLVM::LLVMFuncOp func) {
  bool kernel = func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName());
  SharedAccess boundary = kernel ? SharedAccess{} : SharedAccess::both();
  PendingAccesses pending;
  Region &body = func.getBody();

  llvm::SetVector<Block *> work;
  pending.before[&body.front()] = boundary;
  work.insert(&body.front());
  while (!work.empty()) {
    Block *block = work.pop_back_val();
    SharedAccess out = across(*block, pending.before.lookup(block));
    for (Block *successor : block->getSuccessors())
      if (merge(pending.before, successor, out))
        work.insert(successor);
  }

  // Every block once (also those of loops that never exit), then what
  // changed.
  for (Block &block : body) {
    bool exit = block.getNumSuccessors() == 0 &&
                isa<LLVM::ReturnOp>(block.getTerminator());
    pending.after[&block] = exit ? boundary : SharedAccess{};
    work.insert(&block);
  }
  while (!work.empty()) {
    Block *block = work.pop_back_val();
    SharedAccess in =
        across(llvm::reverse(*block), pending.after.lookup(block));
    for (Block *predecessor : block->getPredecessors())
      if (merge(pending.after, predecessor, in))
        work.insert(predecessor);
  }
  return pending;
}

/// The first barrier of `func` whose two sides cannot race, if any.
NVVM::Barrier0Op findRedundantBarrier(LLVM::LLVMFuncOp func) {
  PendingAccesses pending = analyze(func);
  for (Block &block : func.getBody()) {
    // Accesses after each op until the next barrier, from the block's end.
    llvm::DenseMap<Operation *, SharedAccess> later;
    SharedAccess state = pending.after.lookup(&block);
    for (Operation &op : llvm::reverse(block)) {
      later[&op] = state;
      state = stepForward(op, state);
    }
    state = pending.before.lookup(&block);
    for (Operation &op : block) {
      auto barrier = dyn_cast<NVVM::Barrier0Op>(op);
      if (barrier && barrier->hasAttr(kSharedFenceAttr) &&
          !state.conflictsWith(later[&op]))
        return barrier;
      state = stepForward(op, state);
    }
  }
  return {};
}

struct RemoveRedundantBarriersPass
    : public tileiras::impl::RemoveRedundantBarriersBase<
          RemoveRedundantBarriersPass> {
  void runOnOperation() override {
    getOperation()->walk([](LLVM::LLVMFuncOp func) {
      if (func.isExternal())
        return;
      while (NVVM::Barrier0Op barrier = findRedundantBarrier(func))
        barrier->erase();
      // The marks have done their job.
      func.walk([](NVVM::Barrier0Op barrier) {
        barrier->removeAttr(kSharedFenceAttr);
      });
    });
  }
};

} // namespace
