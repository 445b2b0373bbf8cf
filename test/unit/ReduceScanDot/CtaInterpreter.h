//===- CtaInterpreter.h - run lowered tile code on the CPU ------*- C++ -*-===//
//
// Executes a straight-line llvm.func produced by the tile lowering for every
// thread of one CTA, in lockstep: each operation runs for all threads before
// the next one. Shuffles read the other lanes' values, shared memory is a
// byte array, and every cross-thread access to shared memory between two
// barriers is reported as a race (a missing barrier on real hardware, where
// warps do not run in lockstep). Floating point follows IEEE 754 through
// APFloat, with the GPU's canonical NaN for NaN results, so results can be
// compared bit for bit.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_TEST_UNIT_CTAINTERPRETER_H
#define TILEIRAS_TEST_UNIT_CTAINTERPRETER_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include "llvm/ADT/APInt.h"

#include <string>
#include <vector>

namespace tileiras::testing {

/// One thread's value: the bits of a scalar (floats as their encoding,
/// pointers as a shared-memory byte offset), or the elements of a struct or
/// vector.
struct ThreadValue {
  llvm::APInt bits;
  std::vector<llvm::APInt> elements;
};

/// Per thread, in thread order.
using CtaValue = std::vector<ThreadValue>;

class CtaInterpreter {
public:
  explicit CtaInterpreter(unsigned numThreads) : numThreads(numThreads) {}

  /// Runs `func` with the given arguments. Returns false and sets `error`
  /// on an unsupported operation or a race.
  bool run(mlir::LLVM::LLVMFuncOp func, const std::vector<CtaValue> &args,
           std::vector<CtaValue> &results);

  const std::string &getError() const { return error; }
  /// Barriers executed by the last run.
  unsigned getNumBarriers() const { return epoch; }

private:
  bool fail(mlir::Operation *op, const llvm::Twine &message);
  bool execute(mlir::Operation *op);
  bool executeLdmatrix(mlir::NVVM::LdMatrixOp op);
  bool executeStmatrix(mlir::NVVM::StMatrixOp op);
  bool accessShared(mlir::Operation *op, unsigned thread, int64_t offset,
                    unsigned bytes, bool isWrite, llvm::APInt &value);

  unsigned numThreads;
  std::string error;
  llvm::DenseMap<mlir::Value, CtaValue> values;
  std::vector<CtaValue> returned;

  // Shared memory, with the last writer and reader of each byte and the
  // barrier epoch of those accesses.
  struct ByteState {
    uint8_t value = 0;
    int writer = -1; // thread, or -2 for several threads (same value)
    unsigned writeEpoch = ~0u;
    int reader = -1; // thread, or -2 for several threads
    unsigned readEpoch = ~0u;
  };
  std::vector<ByteState> shared;
  unsigned epoch = 0;
};

} // namespace tileiras::testing

#endif // TILEIRAS_TEST_UNIT_CTAINTERPRETER_H
