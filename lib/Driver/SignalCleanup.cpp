//===- SignalCleanup.cpp - remove what we created on signals --------------===//
//
// A fixed table of atomically published C strings: the handler reads it
// without locks or allocation, and uses only unlink/rmdir/sigaction/raise.
//
//===----------------------------------------------------------------------===//

#include "tileiras/Driver/SignalCleanup.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <atomic>
#include <csignal>
#include <cstring>
#include <mutex>
#include <unistd.h>

using namespace tileiras;
using namespace tileiras::driver;

namespace {
constexpr unsigned kMaxEntries = 1024;
constexpr int kSignals[] = {SIGINT,  SIGTERM, SIGHUP, SIGQUIT, SIGSEGV,
                            SIGBUS,  SIGILL,  SIGFPE, SIGABRT, SIGTRAP,
                            SIGXCPU, SIGXFSZ, SIGSYS, SIGPIPE};
constexpr unsigned kNumSignals = sizeof(kSignals) / sizeof(kSignals[0]);

struct Entry {
  std::atomic<const char *> path{nullptr};
  std::atomic<bool> directory{false};
};
Entry entries[kMaxEntries];
std::atomic<unsigned> used{0};
std::mutex registerMutex;
struct sigaction previous[kNumSignals];
std::atomic<bool> installed{false};
/// Signals ignored when the process started (nohup, a background job, a
/// parent that ignores SIGINT): they do not end the compile, so nothing is
/// removed either.
bool initiallyIgnored[kNumSignals];

void cleanupHandler(int signal, siginfo_t *info, void *context) {
  for (unsigned i = 0; i < kNumSignals; ++i)
    if (kSignals[i] == signal && initiallyIgnored[i])
      return;
  unsigned count = std::min(used.load(), kMaxEntries);
  for (unsigned i = 0; i < count; ++i)
    if (const char *path = entries[i].path.exchange(nullptr)) {
      if (entries[i].directory)
        entries[i].path = path; // second round
      else
        ::unlink(path);
    }
  for (unsigned i = count; i-- > 0;)
    if (const char *path = entries[i].path.exchange(nullptr))
      ::rmdir(path);
  // Hand over to whoever handled the signal before us (LLVM: crash
  // reproducer, stack dump, then death by the signal).
  for (unsigned i = 0; i < kNumSignals; ++i) {
    if (kSignals[i] != signal)
      continue;
    ::sigaction(signal, &previous[i], nullptr);
    const struct sigaction &old = previous[i];
    if ((old.sa_flags & SA_SIGINFO) && old.sa_sigaction) {
      old.sa_sigaction(signal, info, context);
      return;
    }
    if (old.sa_handler != SIG_DFL && old.sa_handler != SIG_IGN) {
      old.sa_handler(signal);
      return;
    }
    if (old.sa_handler == SIG_IGN)
      return;
  }
  ::signal(signal, SIG_DFL);
  ::raise(signal);
}

void installOnce() {
  if (installed.exchange(true))
    return;
  struct sigaction action;
  std::memset(&action, 0, sizeof(action));
  action.sa_sigaction = cleanupHandler;
  action.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  for (unsigned i = 0; i < kNumSignals; ++i) {
    ::sigaction(kSignals[i], nullptr, &previous[i]);
    ::sigaction(kSignals[i], &action, nullptr);
  }
}

void add(llvm::StringRef path, bool directory) {
  std::lock_guard<std::mutex> lock(registerMutex);
  installOnce();
  unsigned index = used.load();
  if (index >= kMaxEntries)
    return;
  entries[index].directory = directory;
  entries[index].path = ::strdup(path.str().c_str());
  used = index + 1;
}
} // namespace

void driver::recordInitialSignalDispositions() {
  for (unsigned i = 0; i < kNumSignals; ++i) {
    struct sigaction current;
    initiallyIgnored[i] = ::sigaction(kSignals[i], nullptr, &current) == 0 &&
                          !(current.sa_flags & SA_SIGINFO) &&
                          current.sa_handler == SIG_IGN;
  }
}

void driver::removeFileOnSignal(llvm::StringRef path) { add(path, false); }

void driver::removeDirectoryOnSignal(llvm::StringRef path) { add(path, true); }

void driver::keepOnSignal(llvm::StringRef path) {
  std::lock_guard<std::mutex> lock(registerMutex);
  for (unsigned i = 0, e = used.load(); i < e; ++i) {
    const char *entry = entries[i].path.load();
    if (entry && path == entry)
      entries[i].path = nullptr; // the copy is leaked: a handler may read it
  }
}

std::error_code driver::createDirectoriesRemovedOnSignal(llvm::StringRef path) {
  // The missing ancestors, outermost first.
  llvm::SmallVector<std::string> missing;
  llvm::SmallString<256> current(path);
  while (!current.empty() && !llvm::sys::fs::exists(current)) {
    missing.push_back(std::string(current));
    llvm::StringRef parent = llvm::sys::path::parent_path(current);
    if (parent == current)
      break;
    current = parent;
  }
  for (auto it = missing.rbegin(); it != missing.rend(); ++it) {
    std::error_code ec =
        llvm::sys::fs::create_directory(*it, /*IgnoreExisting=*/false);
    if (ec && ec != std::errc::file_exists)
      return ec;
    if (!ec)
      removeDirectoryOnSignal(*it);
  }
  return llvm::sys::fs::create_directories(path);
}
