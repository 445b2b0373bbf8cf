//===- TargetCompile.h - one target's compile -------------------*- C++ -*-===//
//
// One job of a compile plan, self-contained so jobs can run concurrently:
// it parses the input into its own MLIRContext, runs the MLIR phases,
// translates to LLVM IR in its own LLVMContext, emits PTX in-process and,
// when asked, runs ptxas. Its diagnostics are collected as text so the
// driver can print every job's messages in a stable order.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_DRIVER_TARGETCOMPILE_H
#define TILEIRAS_DRIVER_TARGETCOMPILE_H

#include "tileiras/Driver/ExternalTools.h"
#include "tileiras/Driver/Metadata.h"
#include "tileiras/Driver/Options.h"

#include "llvm/Support/MemoryBuffer.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace tileiras::driver {

struct JobResult {
  int exitCode = 0;
  std::string diagnostics;   // printed on stderr, in job order
  targetspec::Target target; // after resolution against the module
  /// The job's output when it has its own file or is the only output
  /// (PTX text, LLVM IR, MLIR, cubin bytes).
  std::string output;
  /// For fatbins: every image this job contributes.
  std::vector<FatbinImage> images;
  std::string timingReport;
  /// Filled when plan.collectMetadata is set.
  TargetMetadata metadata;
};

struct JobEnvironment {
  const mlir::DialectRegistry *registry = nullptr;
  /// ptxas probed once by the driver (when cubins are needed).
  std::optional<PtxasInfo> ptxas;
};

JobResult runTargetCompile(const CompilePlan &plan, const TargetJob &job,
                           llvm::MemoryBufferRef input,
                           const JobEnvironment &environment);

} // namespace tileiras::driver

#endif // TILEIRAS_DRIVER_TARGETCOMPILE_H
