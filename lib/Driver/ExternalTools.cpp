//===- ExternalTools.cpp - ptxas and fatbinary ----------------------------===//

#include "tileiras/Driver/ExternalTools.h"
#include "tileiras/Driver/SignalCleanup.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace tileiras;
using namespace tileiras::driver;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

std::optional<std::string> driver::findCudaTool(llvm::StringRef name,
                                                llvm::StringRef explicitPath,
                                                llvm::StringRef cudaPath) {
  if (!explicitPath.empty())
    return llvm::sys::fs::can_execute(explicitPath)
               ? std::optional<std::string>(explicitPath.str())
               : std::nullopt;
  auto inToolkit = [&](llvm::StringRef root) -> std::optional<std::string> {
    if (root.empty())
      return std::nullopt;
    llvm::SmallString<256> path(root);
    llvm::sys::path::append(path, "bin", name);
    if (llvm::sys::fs::can_execute(path))
      return std::string(path);
    return std::nullopt;
  };
  // An explicit toolkit is authoritative (as in clang): falling back to
  // another toolkit would silently mix versions.
  if (!cudaPath.empty())
    return inToolkit(cudaPath);
  if (auto found = llvm::sys::findProgramByName(name))
    return *found;
  for (const char *var : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *root = std::getenv(var))
      if (auto found = inToolkit(root))
        return found;
  return inToolkit("/usr/local/cuda");
}

/// A scratch directory removed with everything in it when this goes away.
namespace {
class ScratchDir {
public:
  static llvm::Expected<ScratchDir> create() {
    llvm::SmallString<128> path;
    if (std::error_code ec =
            llvm::sys::fs::createUniqueDirectory("tileiras", path))
      return makeError("cannot create a temporary directory: " + ec.message());
    removeDirectoryOnSignal(path);
    return ScratchDir(std::string(path));
  }
  ScratchDir(ScratchDir &&other) : path(std::move(other.path)) {
    other.path.clear();
  }
  ~ScratchDir() {
    if (!path.empty()) {
      llvm::sys::fs::remove_directories(path);
      keepOnSignal(path);
    }
  }
  std::string file(llvm::StringRef name) const {
    llvm::SmallString<256> result(path);
    llvm::sys::path::append(result, name);
    removeFileOnSignal(result);
    return std::string(result);
  }

private:
  explicit ScratchDir(std::string path) : path(std::move(path)) {}
  std::string path;
};
} // namespace

static llvm::Error writeFile(llvm::StringRef path, llvm::StringRef contents) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec)
    return makeError("cannot write " + path + ": " + ec.message());
  os << contents;
  return llvm::Error::success();
}

static llvm::Expected<std::string> readFile(llvm::StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false);
  if (!buffer)
    return makeError("cannot read " + path + ": " +
                     buffer.getError().message());
  return (*buffer)->getBuffer().str();
}

static std::string readFileOrEmpty(llvm::StringRef path) {
  auto contents = readFile(path);
  if (!contents) {
    llvm::consumeError(contents.takeError());
    return "";
  }
  return std::move(*contents);
}

/// Runs a program; on failure the error holds its stderr/stdout. On
/// success `stdoutText` gets its standard output and `allText` both streams.
static llvm::Error runProgram(llvm::StringRef program,
                              llvm::ArrayRef<std::string> args,
                              const ScratchDir &scratch,
                              std::string *stdoutText = nullptr,
                              std::string *allText = nullptr) {
  std::vector<llvm::StringRef> argv = {program};
  for (const std::string &arg : args)
    argv.push_back(arg);
  std::string outPath = scratch.file("stdout.txt");
  std::string errPath = scratch.file("stderr.txt");
  std::optional<llvm::StringRef> redirects[] = {
      std::nullopt, llvm::StringRef(outPath), llvm::StringRef(errPath)};
  std::string execError;
  int rc = llvm::sys::ExecuteAndWait(program, argv, std::nullopt, redirects,
                                     /*SecondsToWait=*/0, /*MemoryLimit=*/0,
                                     &execError);
  std::string out = readFileOrEmpty(outPath);
  std::string err = readFileOrEmpty(errPath);
  if (stdoutText)
    *stdoutText = out;
  if (allText)
    *allText = out + err;
  if (rc == 0)
    return llvm::Error::success();
  std::string message = llvm::sys::path::filename(program).str();
  if (rc < 0)
    message += " could not be run" +
               (execError.empty() ? std::string() : ": " + execError);
  else
    message += " failed (exit status " + std::to_string(rc) + ")";
  llvm::StringRef details = llvm::StringRef(err.empty() ? out : err).trim();
  if (!details.empty())
    message += ":\n" + details.str();
  return makeError(message);
}

llvm::Expected<PtxasInfo> driver::probePtxas(llvm::StringRef path) {
  auto scratch = ScratchDir::create();
  if (!scratch)
    return scratch.takeError();
  std::string output;
  if (llvm::Error error = runProgram(path, {"--version"}, *scratch, &output))
    return std::move(error);
  auto release = targetspec::parsePtxasVersionOutput(output);
  auto newest = targetspec::newestPtxForPtxasVersionOutput(output);
  if (!release || !newest)
    return makeError("cannot tell which PTX ISA " + path +
                     " accepts from its --version output");
  return PtxasInfo{path.str(),
                   std::to_string(release->major) + "." +
                       std::to_string(release->minor),
                   *newest};
}

llvm::Error driver::checkPtxasReadsVersion(const PtxasInfo &ptxas,
                                           targetspec::PtxVersion ptx) {
  if (ptx <= ptxas.newestPtx)
    return llvm::Error::success();
  return makeError("the PTX needs PTX ISA " + ptx.str() + ", but " +
                   ptxas.path + " (CUDA " + ptxas.releaseText +
                   ") reads PTX ISA up to " + ptxas.newestPtx.str() +
                   "; use a newer ptxas (--ptxas-path) or a lower "
                   "--ptx-version");
}

llvm::Expected<PtxasResult> driver::runPtxas(const PtxasInvocation &invocation,
                                             llvm::StringRef ptx) {
  auto scratch = ScratchDir::create();
  if (!scratch)
    return scratch.takeError();
  std::string input = scratch->file("kernel.ptx");
  std::string output = scratch->file("kernel.cubin");
  if (llvm::Error error = writeFile(input, ptx))
    return std::move(error);

  std::vector<std::string> args = {"-arch=" + invocation.chip.name(),
                                   "-O" + std::to_string(invocation.optLevel)};
  if (invocation.deviceDebug)
    args.push_back("--device-debug");
  else if (invocation.lineInfo)
    args.push_back("--generate-line-info");
  for (const std::string &option : invocation.extraOptions) {
    llvm::SmallVector<llvm::StringRef> pieces;
    llvm::StringRef(option).split(pieces, ',', -1, /*KeepEmpty=*/false);
    for (llvm::StringRef piece : pieces)
      args.push_back(piece.str());
  }
  args.push_back(input);
  args.push_back("-o");
  args.push_back(output);
  PtxasResult result;
  if (llvm::Error error = runProgram(invocation.ptxasPath, args, *scratch,
                                     nullptr, &result.messages))
    return std::move(error);
  auto cubin = readFile(output);
  if (!cubin)
    return cubin.takeError();
  result.cubin = std::move(*cubin);
  return result;
}

llvm::Expected<std::string>
driver::runFatbinary(llvm::StringRef fatbinaryPath,
                     llvm::ArrayRef<FatbinImage> images, bool deviceDebug) {
  auto scratch = ScratchDir::create();
  if (!scratch)
    return scratch.takeError();
  std::vector<std::string> args = {"-64"};
  if (deviceDebug)
    args.push_back("--debug");
  unsigned index = 0;
  for (const FatbinImage &image : images) {
    std::string name =
        "image" + std::to_string(index++) + (image.isPtx ? ".ptx" : ".cubin");
    std::string path = scratch->file(name);
    if (llvm::Error error = writeFile(path, image.contents))
      return std::move(error);
    // fatbinary names chips without the "sm_" prefix: sm=90a.
    args.push_back("--image3=kind=" + std::string(image.isPtx ? "ptx" : "elf") +
                   ",sm=" + std::to_string(image.chip.sm) +
                   image.chip.suffix().str() + ",file=" + path);
  }
  std::string output = scratch->file("out.fatbin");
  args.push_back("--create=" + output);
  if (llvm::Error error = runProgram(fatbinaryPath, args, *scratch))
    return std::move(error);
  return readFile(output);
}
