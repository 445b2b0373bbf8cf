//===- TensorMemoryAccumulator.h - tcgen05 accumulators --------*- C++ -*-===//
//-*-===//

#ifndef TILEIRAS_PASSES_PIPELINING_TENSORMEMORYACCUMULATOR_H
#define TILEIRAS_PASSES_PIPELINING_TENSORMEMORYACCUMULATOR_H

#include "tileiras/Dialect/NVTileAA/NVTileAA.h"

#include "mlir/IR/BuiltinOps.h"

namespace tileiras {

/// The reuse distance of the ring `buffer` was allocated as (1 unless a
/// spare slot was left).
int64_t reuseDistance(mlir::Value buffer);

/// Whether the dot operand `operand` (possibly behind a layout conversion)
/// is a tile loaded in `block`: a load, tma_load or slot read there.
bool loadedInBlock(mlir::Value operand, mlir::Block *block);

/// The index of the scf.for iteration argument that `dot` accumulates
/// into: C is that argument of the loop around `dot`, and `dot`'s result
/// only goes back to it.
std::optional<unsigned> accumulatingIterArg(nv_tileaa::WarpgroupDotOp dot);

/// In every function with a single tcgen05 warpgroup_dot, which accumulates
/// across an scf.for, keeps the accumulator in tensor memory for the whole
/// loop (tmem_alloc, tmem_dot, tmem_load, tmem_dealloc).
void keepAccumulatorsInTensorMemory(mlir::ModuleOp module);

} // namespace tileiras

#endif // TILEIRAS_PASSES_PIPELINING_TENSORMEMORYACCUMULATOR_H
