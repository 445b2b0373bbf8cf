//===- SignalCleanup.h - remove what we created on signals ------*- C++ -*-===//
//
// Outputs are all-or-nothing (DESIGN §8): staged in temporaries, renamed at
// the end. A SIGINT, SIGTERM, SIGHUP or SIGQUIT (or a crash) in between must
// not leave the temporaries, the directories the compile created, or part
// of a multi-file output behind. Registered paths are removed by the signal
// handler (files first, then directories, newest first, a directory only
// when empty), after which the previous handler runs (LLVM's, which ends
// the process with the signal). SIGKILL cannot be caught.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_DRIVER_SIGNALCLEANUP_H
#define TILEIRAS_DRIVER_SIGNALCLEANUP_H

#include "llvm/ADT/StringRef.h"

#include <system_error>

namespace tileiras::driver {

/// Notes which signals the process started with ignored; those are left
/// alone. Call first thing in main, before LLVM installs its handlers.
void recordInitialSignalDispositions();

/// Removes the file `path` if a signal ends the process.
void removeFileOnSignal(llvm::StringRef path);

/// Removes the (then empty) directory `path` if a signal ends the process.
void removeDirectoryOnSignal(llvm::StringRef path);

/// Forgets `path`: it is complete (or already gone) and stays.
void keepOnSignal(llvm::StringRef path);

/// Like llvm::sys::fs::create_directories, but every directory this call
/// creates is registered with removeDirectoryOnSignal.
std::error_code createDirectoriesRemovedOnSignal(llvm::StringRef path);

} // namespace tileiras::driver

#endif // TILEIRAS_DRIVER_SIGNALCLEANUP_H
