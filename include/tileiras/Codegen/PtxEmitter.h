//===- PtxEmitter.h - LLVM IR to PTX in-process -----------------*- C++ -*-===//
//
// The embedded NVPTX path: PTX-version choice, legality check, numeric
// options, libdevice, LLVM optimization at -O0..-O3 through the NVPTX
// TargetMachine's own pass-builder hooks, and PTX emission through LLVM 22's
// NVPTX instruction selector and asm printer, all in this process.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_CODEGEN_PTXEMITTER_H
#define TILEIRAS_CODEGEN_PTXEMITTER_H

#include "tileiras/Codegen/CodegenOptions.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace tileiras::codegen {

/// Registers the NVPTX target with LLVM's registry (idempotent, thread-safe).
void initializeNvptxTarget();

/// The PTX ISA version the module gets under `request`: for Min, the lowest
/// version that covers the chip and every gated family the module uses; for
/// Max, the newest our LLVM can emit; Explicit is checked against both.
llvm::Expected<targetspec::PtxVersion>
selectPtxVersion(const llvm::Module &module, const targetspec::Target &target,
                 const PtxVersionRequest &request);

/// A TargetMachine for nvptx64-nvidia-cuda, CPU = the chip, features =
/// "+ptxNN", fusion per `numerics.fmad`. Never asks LLVM for a PTX version
/// below the chip's minimum (LLVM aborts the process on that).
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(const targetspec::Target &target,
                    targetspec::PtxVersion ptx, unsigned optLevel,
                    const NumericOptions &numerics);

/// Rewrites flags/attributes of the module for the numeric options.
void applyNumericOptions(llvm::Module &module, const NumericOptions &numerics);

/// Runs LLVM's default pipeline for the level (the TargetMachine registers
/// its own NVPTX passes through the PassBuilder).
llvm::Error optimizeModule(llvm::Module &module, llvm::TargetMachine &tm,
                           unsigned optLevel);

/// Instruction selection + asm printing into a string.
llvm::Expected<std::string> emitAssembly(llvm::Module &module,
                                         llvm::TargetMachine &tm);

/// Receives the LLVM IR text at named points ("llvm-before-opt",
/// "llvm-after-opt") for --dump-dir and --emit=llvm.
using IRObserver =
    std::function<void(llvm::StringRef stage, const llvm::Module &module)>;

struct PtxResult {
  std::string ptx;
  targetspec::PtxVersion ptxVersion;
};

/// The whole LLVM-side path for one module and one target. The module is
/// modified (optimized). `observer` may be empty.
llvm::Expected<PtxResult> compileToPtx(llvm::Module &module,
                                       const CodegenOptions &options,
                                       const IRObserver &observer = {});

/// The LLVM-side path up to (and including) optimization only, for
/// --emit=llvm. Returns the PTX version that was chosen.
llvm::Expected<targetspec::PtxVersion>
prepareAndOptimize(llvm::Module &module, const CodegenOptions &options,
                   const IRObserver &observer = {});

} // namespace tileiras::codegen

#endif // TILEIRAS_CODEGEN_PTXEMITTER_H
