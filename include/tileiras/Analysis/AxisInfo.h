//===- AxisInfo.h - contiguity, divisibility and constancy ------*- C++ -*-===//
//
// A forward dataflow analysis over nv_tileaa IR that tells, for every integer
// or pointer value (scalar or tile) and every dimension:
//   contiguity   runs of this many consecutive elements increase by one
//                (pointers: by one element);
//   divisibility the first element of each run is a multiple of this power
//                of two (pointers: in bytes);
//   constancy    runs of this many elements are all equal.
// The lowering uses it to prove that a thread's elements can move with one
// vector access (up to 128 bits) and that a mask is constant over a vector.
// Facts come from make_range (contiguous), splat/broadcast (constant),
// constants, view (runs along the innermost dimension), kernel pointer
// arguments (16-byte aligned by contract, also after
// convert-nv-tile-func-to-llvm turned them into `llvm.align`ed !llvm.ptr
// arguments), scf.for induction variables and nv_tileaa.assume (div_by,
// div_by with every/along, same_elements).
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_ANALYSIS_AXISINFO_H
#define TILEIRAS_ANALYSIS_AXISINFO_H

#include "mlir/Analysis/DataFlow/SparseAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/IR/Value.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace tileiras {

class AxisInfo {
public:
  /// Largest divisibility tracked (also used for the constant 0).
  static constexpr int64_t kMaxDivisibility = int64_t(1) << 30;
  /// Alignment the kernel ABI guarantees for pointer arguments, in bytes.
  static constexpr int64_t kKernelPointerAlignment = 16;

  /// The uninitialized state (no information yet).
  AxisInfo() = default;
  AxisInfo(llvm::ArrayRef<int64_t> contiguity,
           llvm::ArrayRef<int64_t> divisibility,
           llvm::ArrayRef<int64_t> constancy,
           std::optional<int64_t> constant = std::nullopt);

  /// Nothing known beyond `divisibility`, for a value of `rank` (scalars
  /// are rank 1).
  static AxisInfo unknown(unsigned rank, int64_t divisibility = 1);

  bool isInitialized() const { return initialized; }
  unsigned getRank() const { return contiguity.size(); }
  int64_t getContiguity(unsigned d) const { return contiguity[d]; }
  int64_t getDivisibility(unsigned d) const { return divisibility[d]; }
  int64_t getConstancy(unsigned d) const { return constancy[d]; }
  llvm::ArrayRef<int64_t> getContiguity() const { return contiguity; }
  llvm::ArrayRef<int64_t> getDivisibility() const { return divisibility; }
  llvm::ArrayRef<int64_t> getConstancy() const { return constancy; }
  std::optional<int64_t> getConstantValue() const { return constant; }

  /// The most specific facts true of both (the lattice join).
  static AxisInfo join(const AxisInfo &lhs, const AxisInfo &rhs);

  bool operator==(const AxisInfo &other) const;
  void print(llvm::raw_ostream &os) const;

  /// Largest power of two dividing `value` (capped).
  static int64_t powerOfTwoDividing(int64_t value);

private:
  bool initialized = false;
  llvm::SmallVector<int64_t, 4> contiguity, divisibility, constancy;
  std::optional<int64_t> constant;
};

/// Runs the analysis over an operation (a module or function) and answers
/// queries afterwards.
class AxisInfoAnalysis {
public:
  explicit AxisInfoAnalysis(mlir::Operation *root);

  /// Facts for `value`; `unknown` when the value was not analysed.
  AxisInfo getAxisInfo(mlir::Value value) const;

  /// Widest number of consecutive elements along `dim` one access to
  /// `pointers` may cover: contiguity, alignment (divisibility / element
  /// size) and the 128-bit limit. `mask` (may be null) must be constant over
  /// the vector.
  int64_t getVectorElements(mlir::Value pointers, mlir::Value mask,
                            unsigned dim, unsigned elementBits) const;

  /// The operation the analysis ran on. Clients that rewrite the IR (the
  /// lowering) must ask their questions before the values change; this lets
  /// them walk the analysed IR up front.
  mlir::Operation *getRoot() const { return root; }

private:
  mlir::Operation *root;
  mlir::DataFlowSolver solver;
};

} // namespace tileiras

#endif // TILEIRAS_ANALYSIS_AXISINFO_H
