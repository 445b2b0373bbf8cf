//===- TiledToPointers.h - tiled memory ops through pointers ----*- C++ -*-===//
//
// The pattern set that rewrites tiled_load, tiled_store and tiled_atomic_rmw
// into pointer tiles with bounds masks. It is separate from the pass so that
// a TMA lowering can add its own patterns at a higher benefit and leave the
// rest to these.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_PASSES_TILEDMEMORY_TILEDTOPOINTERS_H
#define TILEIRAS_PASSES_TILEDMEMORY_TILEDTOPOINTERS_H

#include "mlir/IR/PatternMatch.h"

namespace tileiras {
void populateTiledToPointerPatterns(mlir::RewritePatternSet &patterns,
                                    mlir::PatternBenefit benefit = 1);
} // namespace tileiras

#endif // TILEIRAS_PASSES_TILEDMEMORY_TILEDTOPOINTERS_H
