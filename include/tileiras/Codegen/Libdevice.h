//===- Libdevice.h - finding and linking libdevice --------------*- C++ -*-===//
//
// Math functions without a PTX instruction (expf, logf, sinf, ...) come from
// NVIDIA's libdevice.10.bc. It is linked only when the module calls one of
// its __nv_* functions; without it such a module fails with a message that
// says how to provide it.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_CODEGEN_LIBDEVICE_H
#define TILEIRAS_CODEGEN_LIBDEVICE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace tileiras::codegen {

/// The places searched, in order: only <cudaPath>/nvvm/libdevice when a
/// cudaPath is given; else $CUDA_HOME, $CUDA_PATH, the toolkit of the ptxas
/// found on PATH, /usr/local/cuda.
std::vector<std::string> libdeviceSearchPath(llvm::StringRef cudaPath);

/// The first libdevice.10.bc found on the search path.
std::optional<std::string> findLibdevice(llvm::StringRef cudaPath);

/// Names of __nv_* functions the module declares but does not define.
std::vector<std::string> libdeviceFunctionsUsed(const llvm::Module &module);

/// Links the needed libdevice functions into the module (internalized) when
/// it uses any; fails with instructions when libdevice cannot be found.
llvm::Error linkLibdeviceIfNeeded(llvm::Module &module,
                                  llvm::StringRef cudaPath);

} // namespace tileiras::codegen

#endif // TILEIRAS_CODEGEN_LIBDEVICE_H
