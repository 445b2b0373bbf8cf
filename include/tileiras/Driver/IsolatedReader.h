//===- IsolatedReader.h - MLIR bytecode read in a sandbox -------*- C++ -*-===//
//
// MLIR's bytecode reader is not built for untrusted input: corrupted files
// can make it crash, corrupt the heap, abort on an absurd allocation or
// loop. The driver therefore never runs it in its own process: a forked
// child with CPU-time, wall-clock and memory limits parses (and verifies)
// the bytecode and sends the module back as generic MLIR text with its
// locations, which the driver then parses as usual. Whatever goes wrong in
// the child becomes a clean "cannot read bytecode: ..." error.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_DRIVER_ISOLATEDREADER_H
#define TILEIRAS_DRIVER_ISOLATEDREADER_H

#include "mlir/IR/DialectRegistry.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>

namespace tileiras::driver {

/// What went wrong when the bytecode could not be converted.
struct BytecodeReadFailure {
  /// Diagnostics of a clean parse or verification failure (located, ready
  /// to print), or empty.
  std::string diagnostics;
  /// Otherwise why the reader failed ("the reader crashed (Segmentation
  /// fault)"), to follow "cannot read bytecode: ".
  std::string reason;
};

/// Converts MLIR bytecode to generic MLIR text (with locations) in a
/// sandboxed child process. On failure returns nullptr and fills `failure`.
/// Must be called while the process is single-threaded.
std::unique_ptr<llvm::MemoryBuffer>
convertBytecodeIsolated(llvm::MemoryBufferRef bytecode,
                        const mlir::DialectRegistry &registry,
                        BytecodeReadFailure &failure);

} // namespace tileiras::driver

#endif // TILEIRAS_DRIVER_ISOLATEDREADER_H
