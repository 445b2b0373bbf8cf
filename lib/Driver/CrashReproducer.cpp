//===- CrashReproducer.cpp - reproducers for internal errors --------------===//

#include "tileiras/Driver/CrashReproducer.h"

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

using namespace tileiras;
using namespace tileiras::driver;

namespace {
struct ReproducerState {
  std::vector<std::string> argv;
  std::string directory;
  // Prepared by setCrashReproducerInput.
  std::string inputCopyPath, scriptPath, scriptHead, scriptTail, note;
  llvm::StringRef input;
};

ReproducerState *state = nullptr;
std::atomic<bool> enabled{false};
std::atomic<bool> written{false};
thread_local const char *currentPhase = nullptr;
thread_local const char *currentPipeline = nullptr;
thread_local const char *currentPass = nullptr;
thread_local size_t currentPassLength = 0;

std::string shellQuote(llvm::StringRef arg) {
  std::string quoted = "'";
  for (char c : arg) {
    if (c == '\'')
      quoted += "'\\''";
    else
      quoted += c;
  }
  return quoted + "'";
}

void writeText(int fd, const char *text, size_t size) {
  while (size > 0) {
    ssize_t done = ::write(fd, text, size);
    if (done <= 0)
      return;
    text += done;
    size -= static_cast<size_t>(done);
  }
}

void writeText(int fd, const char *text) {
  if (text)
    writeText(fd, text, std::strlen(text));
}

void onCrashSignal(void *) { writeCrashReproducer(nullptr); }

/// Records the pass that is running, for the reproducer.
struct PassTracker : public mlir::PassInstrumentation {
  void runBeforePass(mlir::Pass *pass, mlir::Operation *) override {
    llvm::StringRef name = pass->getArgument();
    if (name.empty())
      name = pass->getName();
    currentPass = name.data();
    currentPassLength = name.size();
  }
  void runAfterPass(mlir::Pass *, mlir::Operation *) override {
    currentPass = nullptr;
  }
  void runAfterPassFailed(mlir::Pass *, mlir::Operation *) override {
    currentPass = nullptr;
  }
};
} // namespace

void driver::installCrashReproducer(int argc, const char *const *argv) {
  std::optional<std::string> mode =
      llvm::sys::Process::GetEnv("TILEIRAS_CRASH_REPRODUCER");
  if (mode && (*mode == "off" || *mode == "0"))
    return;
  state = new ReproducerState();
  for (int i = 0; i < argc; ++i)
    state->argv.push_back(argv[i]);
  if (std::optional<std::string> dir =
          llvm::sys::Process::GetEnv("TILEIRAS_CRASH_REPRODUCER_DIR")) {
    state->directory = *dir;
  } else {
    llvm::SmallString<128> temp;
    llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, temp);
    state->directory = std::string(temp);
  }
  llvm::sys::AddSignalHandler(onCrashSignal, nullptr);
  enabled = true;
}

void driver::disableCrashReproducer() { enabled = false; }

void driver::setCrashReproducerInput(llvm::StringRef path,
                                     llvm::StringRef contents,
                                     bool isBytecode) {
  if (!state)
    return;
  std::string base = "tileiras-crash-" + std::to_string(::getpid());
  llvm::SmallString<256> copy(state->directory), script(state->directory);
  llvm::sys::path::append(copy, base + (isBytecode ? ".mlirbc" : ".mlir"));
  llvm::sys::path::append(script, base + ".sh");
  llvm::sys::fs::make_absolute(copy);
  llvm::sys::fs::make_absolute(script);
  state->inputCopyPath = std::string(copy);
  state->scriptPath = std::string(script);
  state->input = contents;

  std::string original, rerun = "tileiras";
  for (size_t i = 0; i < state->argv.size(); ++i)
    original += (i ? " " : "") + shellQuote(state->argv[i]);
  // The input argument is the last one that names the input.
  size_t inputIndex = 0;
  for (size_t i = 1; i < state->argv.size(); ++i)
    if (state->argv[i] == path)
      inputIndex = i;
  for (size_t i = 1; i < state->argv.size(); ++i)
    rerun += " " + shellQuote(i == inputIndex ? state->inputCopyPath
                                              : state->argv[i]);
  llvm::SmallString<256> cwd;
  llvm::sys::fs::current_path(cwd);
  state->scriptHead = "#!/bin/sh\n"
                      "# tileiras crash reproducer: re-run with `sh " +
                      state->scriptPath +
                      "`\n"
                      "# original command: " +
                      original + "\n# input (copied): " + path.str() + "\n";
  state->scriptTail =
      "cd " + shellQuote(cwd) + " || exit 1\nexec " + rerun + "\n";
  state->note = "tileiras: note: crash reproducer written to " +
                state->scriptPath + " (input copied to " +
                state->inputCopyPath + "); re-run it with: sh " +
                state->scriptPath + "\n";
}

void driver::writeCrashReproducer(const char *reason) {
  if (!enabled || !state || state->scriptPath.empty() || written.exchange(true))
    return;
  int input =
      ::open(state->inputCopyPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  int script =
      ::open(state->scriptPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0755);
  if (input < 0 || script < 0) {
    writeText(STDERR_FILENO,
              "tileiras: note: cannot write the crash reproducer\n");
    return;
  }
  writeText(input, state->input.data(), state->input.size());
  ::close(input);
  writeText(script, state->scriptHead.data(), state->scriptHead.size());
  writeText(script, "# phase: ");
  writeText(script, currentPhase ? currentPhase : "(outside any phase)");
  if (currentPipeline && *currentPipeline) {
    writeText(script, "\n# pass pipeline: ");
    writeText(script, currentPipeline);
  }
  if (currentPass) {
    writeText(script, "\n# running pass: ");
    writeText(script, currentPass, currentPassLength);
  }
  if (reason) {
    writeText(script, "\n# error: ");
    writeText(script, reason);
  }
  writeText(script, "\n");
  writeText(script, state->scriptTail.data(), state->scriptTail.size());
  ::close(script);
  writeText(STDERR_FILENO, state->note.data(), state->note.size());
}

CrashPhaseScope::CrashPhaseScope(llvm::StringRef phase, std::string pipeline)
    : phase(phase.str()), pipeline(std::move(pipeline)) {
  previousPhase = currentPhase;
  previousPipeline = currentPipeline;
  currentPhase = this->phase.c_str();
  currentPipeline = this->pipeline.c_str();
  currentPass = nullptr;
}

CrashPhaseScope::~CrashPhaseScope() {
  currentPhase = previousPhase;
  currentPipeline = previousPipeline;
  currentPass = nullptr;
}

std::string driver::trackPassesForCrashReproducer(mlir::PassManager &pm) {
  pm.addInstrumentation(std::make_unique<PassTracker>());
  std::string text;
  llvm::raw_string_ostream os(text);
  pm.printAsTextualPipeline(os);
  return text;
}

void driver::maybeCrashForTesting(llvm::StringRef phase) {
  std::optional<std::string> request =
      llvm::sys::Process::GetEnv("TILEIRAS_TEST_CRASH");
  if (!request)
    return;
  auto [name, kind] = llvm::StringRef(*request).split(':');
  if (name != phase)
    return;
  if (kind == "fatal")
    llvm::report_fatal_error("crash requested by TILEIRAS_TEST_CRASH");
  if (kind == "stall") { // a window for tests to send a signal in
    ::sleep(120);
    return;
  }
  std::raise(SIGSEGV);
}
