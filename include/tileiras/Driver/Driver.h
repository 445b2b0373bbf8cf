//===- Driver.h - the tileiras driver as a library --------------*- C++ -*-===//
//
// `tileiras` is a thin main() over this: parse, validate, then list GPUs,
// print the version, or compile. Tests and the Python front end call the
// same entry points.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_DRIVER_DRIVER_H
#define TILEIRAS_DRIVER_DRIVER_H

#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

namespace tileiras::driver {

/// Runs the whole driver; returns the process exit code.
int runDriver(int argc, const char *const *argv);

/// `tileiras --version`.
void printVersion(llvm::raw_ostream &os);

/// `tileiras --list-gpus [--json]`.
void printGpuList(llvm::raw_ostream &os, bool json);

/// Prints "tileiras: error: <message>" on stderr.
void reportError(const llvm::Twine &message);
void reportWarning(const llvm::Twine &message);

/// While alive, reportError/reportWarning on this thread write to `os`
/// instead of stderr (the C API returns them as diagnostics).
class ScopedErrorCapture {
public:
  explicit ScopedErrorCapture(llvm::raw_ostream &os);
  ~ScopedErrorCapture();
  ScopedErrorCapture(const ScopedErrorCapture &) = delete;
  ScopedErrorCapture &operator=(const ScopedErrorCapture &) = delete;

private:
  llvm::raw_ostream *previous;
};

} // namespace tileiras::driver

#endif // TILEIRAS_DRIVER_DRIVER_H
