//===- tileiras.cpp - the tileiras compiler driver ------------------------===//
//
// A thin main over the driver library (lib/Driver).
//
//===----------------------------------------------------------------------===//

#include "tileiras/Driver/CrashReproducer.h"
#include "tileiras/Driver/Driver.h"
#include "tileiras/Driver/ExitCodes.h"
#include "tileiras/Driver/SignalCleanup.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

/// LLVM reports some backend failures as fatal errors and aborts the process
/// when the handler returns. Report them as a compile error instead of a
/// crash; outputs are only written once every job succeeded, so exiting here
/// cannot leave a half-written file behind.
static void handleFatalError(void *, const char *reason, bool) {
  llvm::errs() << "tileiras: error: internal compiler error: " << reason
               << "\n";
  llvm::errs().flush();
  tileiras::driver::writeCrashReproducer(reason);
  std::_Exit(tileiras::driver::ExitCompileError);
}

int main(int argc, char **argv) {
  tileiras::driver::recordInitialSignalDispositions();
  llvm::InitLLVM initLLVM(argc, argv);
  llvm::install_fatal_error_handler(handleFatalError);
  tileiras::driver::installCrashReproducer(argc, argv);
  return tileiras::driver::runDriver(argc, argv);
}
