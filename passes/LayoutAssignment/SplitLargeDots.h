//===- SplitLargeDots.h - dots whose fragments exceed the registers -*- C++
//-*-//
//
// Part of layout assignment: run before it, so that the slices get layouts
// like any other value.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_PASSES_LAYOUTASSIGNMENT_SPLITLARGEDOTS_H
#define TILEIRAS_PASSES_LAYOUTASSIGNMENT_SPLITLARGEDOTS_H

#include "tileiras/Dialect/NVTileAA/NVTileAA.h"
#include "tileiras/TargetSpec/Target.h"

#include "mlir/IR/PatternMatch.h"

namespace tileiras {

class AxisInfoAnalysis;

/// Splits every dot of `func` (`numWarps` warps) that runs on mma.sync and
/// whose A or B fragments would exceed layout::kMaxElementsPerThread into a
/// chain of dots over slices of K. Returns whether it split any.
bool splitLargeDots(nv_tileaa::FuncOp func, const targetspec::Target &target,
                    unsigned numWarps, const AxisInfoAnalysis &axisInfo);

/// The extract_slice of `value` at `offsets`, `sizes` (`value` itself when
/// that is all of it).
mlir::Value sliceTile(mlir::OpBuilder &b, mlir::Location loc, mlir::Value value,
                      llvm::ArrayRef<int64_t> offsets,
                      llvm::ArrayRef<int64_t> sizes);

/// Patterns that compute slices (nv_tileaa.extract_slice) from the sliced
/// value's sources -- loads, ranges, splats, broadcasts, unit-dimension
/// views, elementwise ops -- instead of cutting them out of the whole tile
/// (SliceToSources.cpp).
void populateSliceToSourcePatterns(mlir::RewritePatternSet &patterns);

} // namespace tileiras

#endif // TILEIRAS_PASSES_LAYOUTASSIGNMENT_SPLITLARGEDOTS_H
