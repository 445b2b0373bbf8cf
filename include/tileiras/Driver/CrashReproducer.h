//===- CrashReproducer.h - reproducers for internal errors ------*- C++ -*-===//
//
// When the compiler crashes or hits an LLVM fatal error, it writes a copy of
// the input and a shell script with the full command line, the phase, the
// pass pipeline and the pass that was running, and tells the user how to
// re-run it (docs/cli.md, "Internal errors"). Everything the handlers write
// is prepared in advance; the handlers themselves only write(2).
//
// TILEIRAS_CRASH_REPRODUCER_DIR=DIR writes into DIR (default: the system
// temporary directory); TILEIRAS_CRASH_REPRODUCER=off writes nothing.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_DRIVER_CRASHREPRODUCER_H
#define TILEIRAS_DRIVER_CRASHREPRODUCER_H

#include "mlir/Pass/PassManager.h"

#include "llvm/ADT/StringRef.h"

namespace tileiras::driver {

/// Records the command line and hooks the crash signals; call once from
/// main before anything else runs.
void installCrashReproducer(int argc, const char *const *argv);

/// Turns the reproducer off in this process (sandboxed children).
void disableCrashReproducer();

/// The input the reproducer copies; `contents` must outlive the compile.
/// `isBytecode` picks the copy's extension.
void setCrashReproducerInput(llvm::StringRef path, llvm::StringRef contents,
                             bool isBytecode);

/// Writes the reproducer for an internal error with `reason` (may be
/// empty) and prints where it is. Async-signal-safe; at most once.
void writeCrashReproducer(const char *reason);

/// While alive, names the phase (and its textual pass pipeline) this
/// thread runs, for the reproducer.
class CrashPhaseScope {
public:
  CrashPhaseScope(llvm::StringRef phase, std::string pipeline = "");
  ~CrashPhaseScope();

private:
  std::string phase, pipeline;
  const char *previousPhase, *previousPipeline;
};

/// Adds an instrumentation to `pm` that records the running pass for the
/// reproducer, and returns the pipeline's textual form.
std::string trackPassesForCrashReproducer(mlir::PassManager &pm);

/// TILEIRAS_TEST_CRASH=<phase>[:fatal|:stall]: crash (or report a fatal
/// error, or sleep two minutes) when `phase` starts. Only for testing the
/// reproducer and the signal cleanup.
void maybeCrashForTesting(llvm::StringRef phase);

} // namespace tileiras::driver

#endif // TILEIRAS_DRIVER_CRASHREPRODUCER_H
