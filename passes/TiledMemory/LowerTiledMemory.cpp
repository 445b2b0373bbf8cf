//===- LowerTiledMemory.cpp - the tileaa-lower-tiled-memory pass ----------===//
//
// Applies the tiled-to-pointer patterns to every function that has tiled
// memory ops, then hoists the loop-invariant address arithmetic out of its
// loops and merges duplicates, so that a K loop of tiled_loads ends up like
// a hand-written pointer loop. A tiled op that remains (its memref does not
// come straight from make_memref) is an error. On TMA targets the kernels'
// tiled_loads that TMA can serve become tma_loads first (TiledToTma.h).
//
//===----------------------------------------------------------------------===//

#include "TiledMemory/TiledToPointers.h"
#include "TiledMemory/TiledToTma.h"
#include "tileiras/Passes/ModuleTarget.h"
#include "tileiras/Passes/Passes.h"
#include "tileiras/TargetSpec/InstructionFamily.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace tileiras {
#define GEN_PASS_DEF_LOWERTILEDMEMORY
#include "tileiras/Passes/Passes.h.inc"
} // namespace tileiras

using namespace mlir;
using namespace tileiras;
namespace nv = tileiras::nv_tileaa;

namespace {
bool isTiledAccess(Operation *op) {
  return isa<nv::TiledLoadOp, nv::TiledStoreOp, nv::TiledAtomicRMWOp>(op);
}

bool isTiledOp(Operation *op) {
  return isTiledAccess(op) || isa<nv::MakeMemRefOp>(op);
}

/// make_memrefs whose users are all gone are erased; one still used (by an
/// op other than the tiled accesses) has no lowering and is an error.
LogicalResult eraseMemRefs(nv::FuncOp func) {
  SmallVector<nv::MakeMemRefOp> makers;
  func->walk([&](nv::MakeMemRefOp make) { makers.push_back(make); });
  for (nv::MakeMemRefOp make : makers) {
    if (make->use_empty()) {
      make->erase();
      continue;
    }
    Operation *user = *make->getUsers().begin();
    return make->emitOpError()
           << "result is used by '" << user->getName()
           << "'; a memref may only be used by tiled_load, tiled_store and "
              "tiled_atomic_rmw";
  }
  return success();
}

struct LowerTiledMemoryPass
    : public tileiras::impl::LowerTiledMemoryBase<LowerTiledMemoryPass> {
  using LowerTiledMemoryBase::LowerTiledMemoryBase;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateTiledToPointerPatterns(patterns);
    // A permuted tiled_load becomes a pointer load in the permuted order
    // (attention's K^T), which the pipeliner then copies ahead.
    nv::PermuteOp::getCanonicalizationPatterns(patterns, &getContext());
    FrozenRewritePatternSet frozen(std::move(patterns));
    SmallVector<nv::FuncOp> funcs;
    getOperation()->walk([&](nv::FuncOp func) {
      if (func->walk([](Operation *op) {
                return isTiledOp(op) ? WalkResult::interrupt()
                                     : WalkResult::advance();
              })
              .wasInterrupted())
        funcs.push_back(func);
    });
    targetspec::Target target = recordedTarget(getOperation());
    bool tma =
        targetspec::targetSupports(target, targetspec::InstrFamily::TmaTile);
    for (nv::FuncOp func : funcs) {
      if (tma && func.isKernel())
        rewriteTiledAccessesToTma(
            func, numStages,
            int64_t(target.arch().geometry.maxSharedMemoryPerCTABytes),
            targetspec::targetSupports(target, targetspec::InstrFamily::Wgmma));
      if (failed(lowerFunction(func, frozen)))
        return signalPassFailure();
    }
  }

  LogicalResult lowerFunction(nv::FuncOp func,
                              const FrozenRewritePatternSet &patterns) {
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingOps);
    (void)applyPatternsGreedily(func, patterns, config);
    WalkResult remaining = func->walk([](Operation *op) {
      if (!isTiledAccess(op))
        return WalkResult::advance();
      op->emitOpError("needs a memref made by nv_tileaa.make_memref in the "
                      "same function (not a block argument or another op's "
                      "result)");
      return WalkResult::interrupt();
    });
    if (remaining.wasInterrupted() || failed(eraseMemRefs(func)))
      return failure();
    func->walk([](LoopLikeOpInterface loop) { moveLoopInvariantCode(loop); });
    IRRewriter rewriter(func->getContext());
    DominanceInfo dominance(func);
    eliminateCommonSubExpressions(rewriter, dominance, func);
    return success();
  }
};
} // namespace
