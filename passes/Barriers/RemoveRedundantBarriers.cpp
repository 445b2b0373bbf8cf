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

/// A block as the analysis sees it: the shared-memory accesses between two
/// barriers, each piece ending at a barrier (the last piece at the block's
/// end, with none). Summarizing asks each op once what it accesses.
struct Piece {
  SharedAccess accesses;
  Operation *barrier = nullptr;
  bool removed = false;

  bool fences() const { return barrier && !removed; }
};
using Pieces = llvm::SmallVector<Piece, 4>;

Pieces summarize(Block &block) {
  Pieces pieces(1);
  for (Operation &op : block) {
    if (isa<NVVM::Barrier0Op>(op)) {
      pieces.back().barrier = &op;
      pieces.emplace_back();
      continue;
    }
    pieces.back().accesses |= sharedAccessOf(&op);
  }
  return pieces;
}

/// The accesses pending at the end of `pieces` given `state` at the start.
SharedAccess forward(const Pieces &pieces, SharedAccess state) {
  for (const Piece &piece : pieces) {
    state |= piece.accesses;
    if (piece.fences())
      state = {};
  }
  return state;
}

/// The accesses pending at the start of `pieces` given `state` at the end.
SharedAccess backward(const Pieces &pieces, SharedAccess state) {
  for (const Piece &piece : llvm::reverse(pieces)) {
    if (piece.fences())
      state = {};
    state |= piece.accesses;
  }
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

/// Shared-memory accesses pending at block boundaries: `before[b]` since the
/// last barrier, at the start of b; `after[b]` until the next barrier, at
/// the end of b.
struct PendingAccesses {
  llvm::DenseMap<Block *, SharedAccess> before, after;
};

PendingAccesses analyze(LLVM::LLVMFuncOp func,
                        llvm::DenseMap<Block *, Pieces> &blocks) {
  bool kernel = func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName());
  SharedAccess boundary = kernel ? SharedAccess{} : SharedAccess::both();
  PendingAccesses pending;
  Region &body = func.getBody();

  llvm::SetVector<Block *> work;
  pending.before[&body.front()] = boundary;
  work.insert(&body.front());
  while (!work.empty()) {
    Block *block = work.pop_back_val();
    SharedAccess out = forward(blocks[block], pending.before.lookup(block));
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
    SharedAccess in = backward(blocks[block], pending.after.lookup(block));
    for (Block *predecessor : block->getPredecessors())
      if (merge(pending.after, predecessor, in))
        work.insert(predecessor);
  }
  return pending;
}

/// Removes, in program order, the fence barriers of a block whose two sides
/// cannot race, given the accesses pending at the block's ends (`before`,
/// `after`). Removing a barrier joins its two sides, which only adds
/// accesses to those of the barriers kept before it, so one forward sweep
/// decides every barrier while the block's ends stay as they were. Returns
/// true when it removed the first or the last barrier of the block: what
/// the block passes on to its neighbours changed, and the analysis must run
/// again.
bool removeInBlock(Pieces &pieces, SharedAccess before, SharedAccess after) {
  // later[i]: accesses after barrier i until the next barrier.
  llvm::SmallVector<SharedAccess, 4> later(pieces.size());
  SharedAccess state = after;
  for (size_t i = pieces.size(); i-- > 0;) {
    later[i] = state;
    if (pieces[i].fences())
      state = {};
    state |= pieces[i].accesses;
  }
  int first = -1, last = -1;
  for (auto [i, piece] : llvm::enumerate(pieces))
    if (piece.fences()) {
      last = int(i);
      first = first < 0 ? int(i) : first;
    }
  state = before;
  for (auto [i, piece] : llvm::enumerate(pieces)) {
    state |= piece.accesses;
    if (!piece.fences())
      continue;
    if (piece.barrier->hasAttr(kSharedFenceAttr) &&
        !state.conflictsWith(later[i])) {
      piece.removed = true;
      piece.barrier->erase();
      if (int(i) == first || int(i) == last)
        return true;
      continue;
    }
    state = {};
  }
  return false;
}

/// Removes the fence barriers of `func` whose two sides cannot race,
/// running the analysis again whenever a removal changes a block's ends.
void removeRedundantBarriers(LLVM::LLVMFuncOp func) {
  llvm::DenseMap<Block *, Pieces> blocks;
  for (Block &block : func.getBody())
    blocks[&block] = summarize(block);
  bool again = true;
  while (again) {
    again = false;
    PendingAccesses pending = analyze(func, blocks);
    for (Block &block : func.getBody())
      if (removeInBlock(blocks[&block], pending.before.lookup(&block),
                        pending.after.lookup(&block))) {
        again = true;
        break;
      }
  }
}

struct RemoveRedundantBarriersPass
    : public tileiras::impl::RemoveRedundantBarriersBase<
          RemoveRedundantBarriersPass> {
  void runOnOperation() override {
    getOperation()->walk([](LLVM::LLVMFuncOp func) {
      if (func.isExternal())
        return;
      removeRedundantBarriers(func);
      // The marks have done their job.
      func.walk([](NVVM::Barrier0Op barrier) {
        barrier->removeAttr(kSharedFenceAttr);
      });
    });
  }
};

} // namespace
