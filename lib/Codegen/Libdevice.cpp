//===- Libdevice.cpp - finding and linking libdevice ----------------------===//

#include "tileiras/Codegen/Libdevice.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Transforms/IPO/Internalize.h"

#include <cstdlib>

using namespace tileiras;
using namespace tileiras::codegen;

static constexpr const char *kLibdeviceName = "libdevice.10.bc";

static void addToolkit(std::vector<std::string> &paths, llvm::StringRef root) {
  if (root.empty())
    return;
  llvm::SmallString<256> path(root);
  llvm::sys::path::append(path, "nvvm", "libdevice", kLibdeviceName);
  paths.push_back(std::string(path));
}

std::vector<std::string>
codegen::libdeviceSearchPath(llvm::StringRef cudaPath) {
  std::vector<std::string> paths;
  // An explicit toolkit is authoritative: its libdevice or none.
  if (!cudaPath.empty()) {
    addToolkit(paths, cudaPath);
    return paths;
  }
  for (const char *var : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *value = std::getenv(var))
      addToolkit(paths, value);
  // The toolkit that the ptxas on PATH belongs to: <root>/bin/ptxas.
  if (auto ptxas = llvm::sys::findProgramByName("ptxas")) {
    llvm::SmallString<256> real;
    if (!llvm::sys::fs::real_path(*ptxas, real))
      addToolkit(paths, llvm::sys::path::parent_path(
                            llvm::sys::path::parent_path(real)));
  }
  addToolkit(paths, "/usr/local/cuda");
  return paths;
}

std::optional<std::string> codegen::findLibdevice(llvm::StringRef cudaPath) {
  for (const std::string &path : libdeviceSearchPath(cudaPath))
    if (llvm::sys::fs::exists(path))
      return path;
  return std::nullopt;
}

std::vector<std::string>
codegen::libdeviceFunctionsUsed(const llvm::Module &module) {
  std::vector<std::string> names;
  for (const llvm::Function &function : module)
    if (function.isDeclaration() && function.getName().starts_with("__nv_") &&
        !function.use_empty())
      names.push_back(function.getName().str());
  return names;
}

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Error codegen::linkLibdeviceIfNeeded(llvm::Module &module,
                                           llvm::StringRef cudaPath) {
  std::vector<std::string> needed = libdeviceFunctionsUsed(module);
  if (needed.empty())
    return llvm::Error::success();

  std::optional<std::string> path = findLibdevice(cudaPath);
  if (!path) {
    if (!cudaPath.empty())
      return makeError("math function " + needed.front() +
                       " needs NVIDIA's libdevice, which is not in "
                       "--cuda-path: " +
                       libdeviceSearchPath(cudaPath).front() +
                       " does not exist");
    return makeError("math function " + needed.front() +
                     " needs NVIDIA's libdevice (" + kLibdeviceName +
                     "), which was not found; pass --cuda-path=<CUDA "
                     "toolkit directory> or set CUDA_HOME");
  }

  auto buffer = llvm::MemoryBuffer::getFile(*path);
  if (!buffer)
    return makeError("cannot read " + *path + ": " +
                     buffer.getError().message());
  auto libdevice =
      llvm::parseBitcodeFile((*buffer)->getMemBufferRef(), module.getContext());
  if (!libdevice)
    return makeError("cannot parse " + *path + ": " +
                     llvm::toString(libdevice.takeError()));
  (*libdevice)->setTargetTriple(module.getTargetTriple());
  (*libdevice)->setDataLayout(module.getDataLayout());

  // Only the functions the kernel needs come over, internalized so the
  // optimizer can inline and drop them.
  if (llvm::Linker::linkModules(
          module, std::move(*libdevice), llvm::Linker::LinkOnlyNeeded,
          [](llvm::Module &linked, const llvm::StringSet<> &imported) {
            llvm::internalizeModule(linked, [&](const llvm::GlobalValue &gv) {
              return !gv.hasName() || !imported.count(gv.getName());
            });
          }))
    return makeError("cannot link " + *path);
  return llvm::Error::success();
}
