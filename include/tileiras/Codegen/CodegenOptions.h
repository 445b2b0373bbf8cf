//===- CodegenOptions.h - options of the NVPTX emission ---------*- C++ -*-===//
//
// Everything that shapes the LLVM IR -> PTX step for one target. Numeric
// options become per-instruction flags, per-function attributes or
// TargetMachine settings -- never process-global cl::opt state -- so that
// compiles for several targets can run concurrently in one process.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_CODEGEN_CODEGENOPTIONS_H
#define TILEIRAS_CODEGEN_CODEGENOPTIONS_H

#include "tileiras/TargetSpec/PtxVersion.h"
#include "tileiras/TargetSpec/Target.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace tileiras::codegen {

/// nvcc-style floating-point options (defaults match nvcc's).
struct NumericOptions {
  bool ftz = false;     // --ftz: flush f32 denormals to zero
  bool precDiv = true;  // --prec-div: IEEE f32 division (else approximate)
  bool precSqrt = true; // --prec-sqrt: IEEE f32 sqrt (else approximate)
  bool fmad = true;     // --fmad: contract mul+add into fma
};

enum class DebugLevel {
  None,     // no debug info
  LineInfo, // --lineinfo: .loc/.file only
  Full,     // -g: full DWARF, `.target sm_XX, debug`
};

/// How the .version of the PTX is chosen.
struct PtxVersionRequest {
  enum class Kind {
    Min,      // lowest version covering the chip and every family used
    Max,      // newest version our LLVM can emit
    Explicit, // exactly this version (checked)
  };
  Kind kind = Kind::Min;
  targetspec::PtxVersion version; // for Explicit

  /// Parses "min", "max" or "X.Y".
  static llvm::Expected<PtxVersionRequest> parse(llvm::StringRef text);
  std::string str() const;
};

struct CodegenOptions {
  targetspec::Target target;
  PtxVersionRequest ptxVersion;
  unsigned optLevel = 3; // 0..3
  DebugLevel debug = DebugLevel::None;
  NumericOptions numerics;
  /// Directory of a CUDA toolkit to search for libdevice first (--cuda-path).
  std::string cudaPath;
};

} // namespace tileiras::codegen

#endif // TILEIRAS_CODEGEN_CODEGENOPTIONS_H
