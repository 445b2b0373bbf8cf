//===- ExternalTools.h - ptxas and fatbinary --------------------*- C++ -*-===//

#ifndef TILEIRAS_DRIVER_EXTERNALTOOLS_H
#define TILEIRAS_DRIVER_EXTERNALTOOLS_H

#include "tileiras/TargetSpec/PtxVersion.h"
#include "tileiras/TargetSpec/Target.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace tileiras::driver {

/// Finds a CUDA tool: an explicit path first; else, when a cudaPath is given,
/// only <cudaPath>/bin; else PATH, $CUDA_HOME/bin, $CUDA_PATH/bin and
/// /usr/local/cuda/bin.
std::optional<std::string> findCudaTool(llvm::StringRef name,
                                        llvm::StringRef explicitPath,
                                        llvm::StringRef cudaPath);

struct PtxasInfo {
  std::string path;
  std::string releaseText; // "13.0"
  targetspec::PtxVersion newestPtx;
};

/// Runs `ptxas --version` and maps its release to the newest PTX it reads.
llvm::Expected<PtxasInfo> probePtxas(llvm::StringRef path);

/// Fails, naming both versions, when `ptxas` cannot read `ptx`.
llvm::Error checkPtxasReadsVersion(const PtxasInfo &ptxas,
                                   targetspec::PtxVersion ptx);

struct PtxasInvocation {
  std::string ptxasPath;
  targetspec::Target chip;
  unsigned optLevel = 3;
  bool deviceDebug = false;
  bool lineInfo = false;
  std::vector<std::string> extraOptions; // -Xptxas, comma lists split
};

struct PtxasResult {
  std::string cubin;
  /// What ptxas printed on success (-v statistics, warnings).
  std::string messages;
};

/// Assembles PTX text into a cubin. The error carries ptxas' own messages.
llvm::Expected<PtxasResult> runPtxas(const PtxasInvocation &invocation,
                                     llvm::StringRef ptx);

struct FatbinImage {
  bool isPtx;              // PTX text, else a cubin
  targetspec::Target chip; // sm the image is for
  std::string contents;
};

/// Packs images into a fatbin with `fatbinary` (bytes).
llvm::Expected<std::string> runFatbinary(llvm::StringRef fatbinaryPath,
                                         llvm::ArrayRef<FatbinImage> images,
                                         bool deviceDebug);

} // namespace tileiras::driver

#endif // TILEIRAS_DRIVER_EXTERNALTOOLS_H
