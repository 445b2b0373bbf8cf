//===- Compile.h - running a validated compile plan -------------*- C++ -*-===//

#ifndef TILEIRAS_DRIVER_COMPILE_H
#define TILEIRAS_DRIVER_COMPILE_H

#include "tileiras/Driver/Options.h"
#include "tileiras/Driver/TargetCompile.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace tileiras::driver {

/// Compiles the input for every job of the plan (concurrently when there are
/// several) and writes the outputs all-or-nothing. Returns the exit code.
int runCompilePlan(const CompilePlan &plan);

/// Finds and probes ptxas when the plan needs cubins, and fatbinary for
/// fatbins (the error is the message to report; exit code 5).
llvm::Error findCompileTools(const CompilePlan &plan,
                             JobEnvironment &environment,
                             std::optional<std::string> &fatbinary);

} // namespace tileiras::driver

#endif // TILEIRAS_DRIVER_COMPILE_H
