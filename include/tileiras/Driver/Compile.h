//===- Compile.h - running a validated compile plan -------------*- C++ -*-===//

#ifndef TILEIRAS_DRIVER_COMPILE_H
#define TILEIRAS_DRIVER_COMPILE_H

#include "tileiras/Driver/Options.h"

namespace tileiras::driver {

/// Compiles the input for every job of the plan (concurrently when there are
/// several) and writes the outputs all-or-nothing. Returns the exit code.
int runCompilePlan(const CompilePlan &plan);

} // namespace tileiras::driver

#endif // TILEIRAS_DRIVER_COMPILE_H
