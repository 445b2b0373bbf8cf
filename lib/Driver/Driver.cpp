//===- Driver.cpp - the driver's entry point ------------------------------===//

#include "tileiras/Driver/Driver.h"
#include "tileiras/Driver/Compile.h"
#include "tileiras/Driver/ExitCodes.h"
#include "tileiras/Driver/Options.h"

#include "llvm/Support/WithColor.h"

using namespace tileiras;
using namespace tileiras::driver;

static thread_local llvm::raw_ostream *capturedErrors = nullptr;

static llvm::raw_ostream &errorStream() {
  return capturedErrors ? *capturedErrors : llvm::errs();
}

ScopedErrorCapture::ScopedErrorCapture(llvm::raw_ostream &os)
    : previous(capturedErrors) {
  capturedErrors = &os;
}

ScopedErrorCapture::~ScopedErrorCapture() { capturedErrors = previous; }

void driver::reportError(const llvm::Twine &message) {
  errorStream() << "tileiras: error: " << message << "\n";
}

void driver::reportWarning(const llvm::Twine &message) {
  errorStream() << "tileiras: warning: " << message << "\n";
}

int driver::runDriver(int argc, const char *const *argv) {
  CommandLine commandLine;
  if (std::optional<int> exitCode = parseCommandLine(argc, argv, commandLine))
    return *exitCode;

  if (commandLine.json && !commandLine.listGpus) {
    reportError("--json only applies to --list-gpus");
    return ExitInvalidOptions;
  }
  if (commandLine.version) {
    printVersion(llvm::outs());
    return ExitSuccess;
  }
  if (commandLine.listGpus) {
    printGpuList(llvm::outs(), commandLine.json);
    return ExitSuccess;
  }

  auto plan = validate(commandLine);
  if (!plan) {
    reportError(llvm::toString(plan.takeError()));
    return ExitInvalidOptions;
  }
  return runCompilePlan(*plan);
}
