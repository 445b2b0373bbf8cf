//===- ReduceScanDotUtils.h - layout queries of reduce/scan/dot -*- C++ -*-===//
//
// The layout analysis behind the reduce, scan and dot lowerings
// (ReduceScanOps.cpp, DotOps.cpp), exposed for unit tests.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_PASSES_TILETOLLVM_REDUCESCANDOTUTILS_H
#define TILEIRAS_PASSES_TILETOLLVM_REDUCESCANDOTUTILS_H

#include "tileiras/Layout/LinearLayout.h"
#include "tileiras/Layout/MmaLayouts.h"

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

#include "llvm/ADT/SmallVector.h"

namespace tileiras::lowering {

/// One bit of a coordinate along an axis and the hardware index bit that
/// moves it.
struct AxisLevel {
  layout::InDim kind;
  unsigned bit;
};

/// For every bit j of the coordinate along `axis` (value 2^j, j ascending),
/// the register, lane or warp bit whose basis is 2^j along `axis` and zero
/// elsewhere. Fails with a diagnostic on `op` when a coordinate bit is held
/// by no such bit or by more than one.
mlir::FailureOr<llvm::SmallVector<AxisLevel>>
getAxisLevels(mlir::Operation *op, const layout::LinearLayout &layout,
              unsigned axis);

/// For an FMA dot with accumulator layout `acc` and operand layout
/// `operand` (A for opIdx 0, B for opIdx 1) with contraction size `k`: for
/// every accumulator register, the operand registers holding k = 0..k-1 of
/// its row (A) or column (B) in the same thread. Fails with a diagnostic on
/// `op` when the operand's lanes and warps are not the accumulator's with
/// the missing dimension removed, or a needed element is not in the
/// thread's registers.
mlir::FailureOr<llvm::SmallVector<llvm::SmallVector<unsigned>>>
getFmaOperandRegisters(mlir::Operation *op, const layout::LinearLayout &acc,
                       const layout::LinearLayout &operand, unsigned opIdx,
                       int64_t k);

/// The registers of one mma.sync instruction's fragments, in fragment
/// order: A (4 * kWidth elements), B (2 * kWidth), C/D (4).
struct MmaInstruction {
  llvm::SmallVector<unsigned> a, b, c;
  /// Where it sits: its K step and the tile coordinates (M, N) of the first
  /// accumulator element of warp 0's fragment.
  int64_t kStep = 0, row = 0, column = 0;
};

/// Every mma.sync instruction of a dot with accumulator layout `acc` and
/// operand layouts `a`, `b` (the mma fragment layouts for `kWidth` and
/// `warpsPerCTA`), K step outermost. Fails with a diagnostic on `op` when a
/// fragment element is not in the thread's registers.
mlir::FailureOr<llvm::SmallVector<MmaInstruction>>
planMmaSync(mlir::Operation *op, const layout::LinearLayout &acc,
            const layout::LinearLayout &a, const layout::LinearLayout &b,
            unsigned kWidth, llvm::ArrayRef<unsigned> warpsPerCTA,
            int64_t instrM = layout::kMmaM);

} // namespace tileiras::lowering

#endif // TILEIRAS_PASSES_TILETOLLVM_REDUCESCANDOTUTILS_H
