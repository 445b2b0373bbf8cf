//===- ExitCodes.h - the driver's documented exit codes ---------*- C++ -*-===//

#ifndef TILEIRAS_DRIVER_EXITCODES_H
#define TILEIRAS_DRIVER_EXITCODES_H

namespace tileiras::driver {

/// Exit codes of `tileiras` (docs/cli.md). Stable: scripts depend on them.
enum ExitCode : int {
  ExitSuccess = 0,
  ExitCompileError = 1,   // diagnostics were printed
  ExitInvalidOptions = 2, // bad command line or target
  ExitInputError = 3,     // input cannot be read or parsed
  ExitOutputError = 4,    // output cannot be written
  ExitToolError = 5,      // ptxas/fatbinary failed or is missing
};

} // namespace tileiras::driver

#endif // TILEIRAS_DRIVER_EXITCODES_H
