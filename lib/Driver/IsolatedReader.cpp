//===- IsolatedReader.cpp - MLIR bytecode read in a sandbox ---------------===//
//
// The child answers with one message on a pipe: a kind byte, then the
// payload ('T' generic text of the module, 'D' parse/verify diagnostics,
// 'F' an LLVM fatal error's reason). A child that dies, exits otherwise or
// runs out of time sends nothing usable; the parent says why.
//
//===----------------------------------------------------------------------===//

#include "tileiras/Driver/IsolatedReader.h"
#include "tileiras/Driver/CrashReproducer.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Parser/Parser.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace tileiras;
using namespace tileiras::driver;

namespace {
/// Limits of the child. CPU time, not wall time, decides, so that a loaded
/// machine does not turn a slow read into a failure; the wall-clock alarm
/// only catches a child that blocks.
constexpr unsigned kBaseCpuSeconds = 20;
constexpr unsigned kWallClockFactor = 4;
constexpr uint64_t kMinMemoryBytes = uint64_t(2) << 30;
constexpr uint64_t kMemoryPerInputByte = 256;

int childPipe = -1;

void writeAll(int fd, const char *data, size_t size) {
  while (size > 0) {
    ssize_t written = ::write(fd, data, size);
    if (written < 0 && errno == EINTR)
      continue;
    if (written <= 0)
      return;
    data += written;
    size -= static_cast<size_t>(written);
  }
}

void sendAndExit(char kind, llvm::StringRef payload) {
  writeAll(childPipe, &kind, 1);
  writeAll(childPipe, payload.data(), payload.size());
  ::_exit(0);
}

void childFatalError(void *, const char *reason, bool) {
  sendAndExit('F', reason);
}

#if defined(__SANITIZE_ADDRESS__)
#define TILEIRAS_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TILEIRAS_ASAN 1
#endif
#endif

/// Bytes of address space the process already uses (/proc/self/statm).
uint64_t currentAddressSpace() {
  int fd = ::open("/proc/self/statm", O_RDONLY);
  if (fd < 0)
    return 0;
  char text[64] = {};
  ssize_t read = ::read(fd, text, sizeof(text) - 1);
  ::close(fd);
  if (read <= 0)
    return 0;
  return std::strtoull(text, nullptr, 10) *
         static_cast<uint64_t>(::sysconf(_SC_PAGESIZE));
}

unsigned cpuSecondsFor(size_t inputBytes) {
  return kBaseCpuSeconds + static_cast<unsigned>(inputBytes >> 20);
}

void limitChild(size_t inputBytes) {
  rlimit cpu;
  cpu.rlim_cur = cpuSecondsFor(inputBytes);
  cpu.rlim_max = cpu.rlim_cur + 1;
  ::setrlimit(RLIMIT_CPU, &cpu);
  ::alarm(cpuSecondsFor(inputBytes) * kWallClockFactor);
#ifndef TILEIRAS_ASAN
  // (AddressSanitizer reserves terabytes of address space up front.)
  uint64_t extra =
      std::max<uint64_t>(kMinMemoryBytes, inputBytes * kMemoryPerInputByte);
  rlimit memory;
  memory.rlim_cur = memory.rlim_max = currentAddressSpace() + extra;
  ::setrlimit(RLIMIT_AS, &memory);
#endif
}

[[noreturn]] void runChild(llvm::MemoryBufferRef bytecode,
                           const mlir::DialectRegistry &registry) {
  // The parent reports what happened; crash dumps would only add noise.
  int devNull = ::open("/dev/null", O_WRONLY);
  if (devNull >= 0)
    ::dup2(devNull, STDERR_FILENO);
  disableCrashReproducer();
  // Die as the signal says, without the parent's handlers (which would
  // remove the parent's registered files or print stack dumps).
  for (int signal : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS,
                     SIGINT, SIGTERM, SIGXCPU, SIGALRM})
    std::signal(signal, SIG_DFL);
  limitChild(bytecode.getBufferSize());
  llvm::remove_fatal_error_handler();
  llvm::install_fatal_error_handler(childFatalError);

  mlir::MLIRContext context(registry, mlir::MLIRContext::Threading::DISABLED);
  context.printOpOnDiagnostic(false);
  std::string diagnostics;
  llvm::raw_string_ostream diagnosticStream(diagnostics);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(bytecode,
                                       /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &context,
                                           diagnosticStream);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, {&context});
  if (!module)
    sendAndExit('D', diagnostics);
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os,
                mlir::OpPrintingFlags().printGenericOpForm().enableDebugInfo(
                    /*enable=*/true,
                    /*prettyForm=*/false));
  sendAndExit('T', text);
}

std::string describeSignal(int signal, size_t inputBytes) {
  if (signal == SIGXCPU || signal == SIGALRM)
    return "the reader did not finish within " +
           std::to_string(cpuSecondsFor(inputBytes)) + " s";
  const char *name = ::strsignal(signal);
  return std::string("the reader crashed (") + (name ? name : "signal") + " " +
         std::to_string(signal) + ")";
}
} // namespace

std::unique_ptr<llvm::MemoryBuffer>
driver::convertBytecodeIsolated(llvm::MemoryBufferRef bytecode,
                                const mlir::DialectRegistry &registry,
                                BytecodeReadFailure &failure) {
  int fds[2];
  if (::pipe(fds) != 0) {
    failure.reason =
        std::string("cannot start the reader: ") + std::strerror(errno);
    return nullptr;
  }
  llvm::errs().flush();
  llvm::outs().flush();
  pid_t pid = ::fork();
  if (pid < 0) {
    failure.reason =
        std::string("cannot start the reader: ") + std::strerror(errno);
    ::close(fds[0]);
    ::close(fds[1]);
    return nullptr;
  }
  if (pid == 0) {
    ::close(fds[0]);
    childPipe = fds[1];
    runChild(bytecode, registry);
  }
  ::close(fds[1]);
  std::string message;
  char chunk[1 << 16];
  while (true) {
    ssize_t read = ::read(fds[0], chunk, sizeof(chunk));
    if (read < 0 && errno == EINTR)
      continue;
    if (read <= 0)
      break;
    message.append(chunk, static_cast<size_t>(read));
  }
  ::close(fds[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }

  size_t size = bytecode.getBufferSize();
  if (WIFSIGNALED(status)) {
    failure.reason = describeSignal(WTERMSIG(status), size);
    return nullptr;
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || message.empty()) {
    failure.reason = "the reader failed without a message";
    return nullptr;
  }
  llvm::StringRef payload = llvm::StringRef(message).drop_front();
  switch (message.front()) {
  case 'T':
    return llvm::MemoryBuffer::getMemBufferCopy(payload,
                                                bytecode.getBufferIdentifier());
  case 'D':
    failure.diagnostics = payload.str();
    if (failure.diagnostics.empty())
      failure.reason = "the module could not be parsed";
    return nullptr;
  default:
    failure.reason = ("the reader failed: " + payload).str();
    return nullptr;
  }
}
