//===- Options.h - tileiras command line ------------------------*- C++ -*-===//
//
// The raw command line (what the user typed, parsed by CLI11) and its
// validation into a compile plan: targets, output kind, per-target output
// paths. Validation produces the documented messages and exit code 2.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_DRIVER_OPTIONS_H
#define TILEIRAS_DRIVER_OPTIONS_H

#include "tileiras/Codegen/CodegenOptions.h"
#include "tileiras/TargetSpec/Target.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace tileiras::driver {

enum class EmitKind { Ptx, Cubin, Fatbin, Llvm, Mlir, Tile };

/// File extension of an emit kind ("ptx", "cubin", "fatbin", "ll", "mlir").
const char *emitKindExtension(EmitKind kind);

/// Everything the user can say on the command line, unvalidated.
struct CommandLine {
  std::string input;
  std::string output;
  std::string outputDir;
  std::string emit;               // "" = from the output extension
  std::string gpuName;            // --gpu-name
  std::vector<std::string> archs; // -arch (repeatable)
  std::vector<std::string> gencodes;
  std::string optLevel = "3"; // -O / --opt-level, validated later
  bool deviceDebug = false;
  bool lineInfo = false;
  std::string ptxVersion = "min";
  codegen::NumericOptions numerics;
  std::string numWarps;
  std::string numStages;
  std::string ptxasPath;
  std::vector<std::string> xptxas;
  std::string cudaPath;
  std::string dumpDir;
  std::string metadata; // --metadata=FILE
  bool timePasses = false;
  std::string maxInputSize;             // --max-input-size, validated later
  std::vector<std::string> mlirOptions; // --mlir-* pass-through
  bool listGpus = false;
  bool json = false;
  bool version = false;
};

/// Parses argv. Returns an exit code when the program should stop right away
/// (--help, or a parse error that was already reported on stderr as one
/// line); nullopt when `out` is ready for validation.
std::optional<int> parseCommandLine(int argc, const char *const *argv,
                                    CommandLine &out);

/// One compile: the chip the PTX is generated for, plus what to produce from
/// it. For fatbins, `cubinChips` lists the SASS images (ptxas runs once per
/// entry) and `embedPtx` whether the PTX goes in too.
struct TargetJob {
  targetspec::Target target;
  std::vector<targetspec::Target> cubinChips;
  bool embedPtx = false;
};

/// The validated plan.
struct CompilePlan {
  std::string input;
  EmitKind emit = EmitKind::Ptx;
  /// Output file when all targets go to one file (single target, or a
  /// fatbin); empty when every target gets its own file in outputDir.
  std::string output;
  std::string outputDir;
  /// Input file name without directory and extension ("stdin" for '-').
  std::string stem;
  std::vector<TargetJob> jobs;
  /// True when no target was named on the command line: the module's own
  /// target (or the default) decides, and there is exactly one job whose
  /// target is a placeholder to be resolved after parsing.
  bool targetFromModule = false;
  unsigned optLevel = 3;
  codegen::DebugLevel debug = codegen::DebugLevel::None;
  codegen::PtxVersionRequest ptxVersion;
  codegen::NumericOptions numerics;
  std::optional<unsigned> numWarps;
  std::optional<unsigned> numStages;
  std::string ptxasPath;
  std::vector<std::string> xptxas;
  std::string cudaPath;
  std::string dumpDir;
  /// --metadata=FILE (empty: none written).
  std::string metadataPath;
  /// Collect kernel metadata (for --metadata, --dump-dir and the C API);
  /// makes ptxas print its -v statistics.
  bool collectMetadata = false;
  bool timePasses = false;
  /// Inputs longer than this are refused (--max-input-size).
  uint64_t maxInputSize = uint64_t(256) << 20;
  std::vector<std::string> mlirOptions;
};

/// <outputDir>/<stem>.<chip>.<ext> for one target.
std::string perTargetOutputPath(const CompilePlan &plan,
                                const targetspec::Target &target);

/// Checks the command line and builds the plan. Every error message is one
/// of the documented validator messages.
llvm::Expected<CompilePlan> validate(const CommandLine &commandLine);

} // namespace tileiras::driver

#endif // TILEIRAS_DRIVER_OPTIONS_H
