//===- TargetCompile.cpp - one target's compile
//----------------------------===//

#include "tileiras/Driver/TargetCompile.h"
#include "tileiras/Codegen/Diagnostics.h"
#include "tileiras/Codegen/PtxEmitter.h"
#include "tileiras/Dialect/NVTileAA/NVTileAA.h"
#include "tileiras/Driver/CrashReproducer.h"
#include "tileiras/Driver/ExitCodes.h"
#include "tileiras/Driver/InputFormat.h"
#include "tileiras/Passes/Pipelines.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace tileiras;
using namespace tileiras::driver;

namespace {
/// Writes each stage of one job into --dump-dir as
/// <stem>.<chip>.<NN>-<stage>.<ext>.
class StageDumper {
public:
  StageDumper(llvm::StringRef directory, llvm::StringRef stem, std::string chip)
      : directory(directory), stem(stem), chip(std::move(chip)) {}

  bool enabled() const { return !directory.empty(); }

  void dump(llvm::StringRef stage, llvm::StringRef extension,
            llvm::function_ref<void(llvm::raw_ostream &)> print) {
    if (!enabled())
      return;
    char index[4];
    snprintf(index, sizeof(index), "%02u", counter++);
    llvm::SmallString<256> path(directory);
    llvm::sys::path::append(path, stem + "." + chip + "." + index + "-" +
                                      stage + "." + extension);
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    if (ec) {
      failure = "cannot write '" + std::string(path) + "': " + ec.message();
      return;
    }
    print(os);
  }

  void setChip(std::string newChip) { chip = std::move(newChip); }
  const std::string &error() const { return failure; }

private:
  std::string directory, stem, chip, failure;
  unsigned counter = 0;
};
} // namespace

/// Prints an error from the codegen layer: located errors point at the
/// kernel source like MLIR diagnostics do.
static void printCodegenError(llvm::Error error, llvm::raw_ostream &os) {
  llvm::handleAllErrors(
      std::move(error),
      [&](const codegen::LocatedError &located) {
        if (located.getLocation().empty())
          os << "tileiras: error: " << located.getMessage() << "\n";
        else
          os << located.getLocation() << ": error: " << located.getMessage()
             << "\n";
      },
      [&](const llvm::ErrorInfoBase &other) {
        os << "tileiras: error: " << other.message() << "\n";
      });
}

static DebugInfoKind debugInfoKind(codegen::DebugLevel level) {
  switch (level) {
  case codegen::DebugLevel::Full:
    return DebugInfoKind::Full;
  case codegen::DebugLevel::LineInfo:
  case codegen::DebugLevel::None:
    // Line tables are kept even without --lineinfo so the legality check can
    // name source locations; the codegen layer strips them afterwards.
    return DebugInfoKind::LineTables;
  }
  return DebugInfoKind::LineTables;
}

/// The explicit --ptx-version must at least cover the chip and not exceed
/// what LLVM can emit; kernel-dependent needs are checked later.
static llvm::Error
checkPtxRequestForTarget(const codegen::PtxVersionRequest &request,
                         const targetspec::Target &target) {
  if (request.kind != codegen::PtxVersionRequest::Kind::Explicit)
    return llvm::Error::success();
  targetspec::PtxVersion version = request.version;
  if (version > targetspec::newestLlvmPtx())
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "--ptx-version=" + version.str() +
            " is newer than the newest PTX ISA this compiler can emit (" +
            targetspec::newestLlvmPtx().str() + ")");
  if (version < target.minPtx())
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "--ptx-version=" + version.str() + " is too low for " + target.name() +
            ", which needs PTX ISA " + target.minPtx().str() + " or newer");
  return llvm::Error::success();
}

/// The job itself; every phase is timed under `rootTimer`.
static JobResult compileJob(const CompilePlan &plan, const TargetJob &job,
                            llvm::MemoryBufferRef input,
                            const JobEnvironment &environment,
                            mlir::TimingScope &rootTimer) {
  JobResult result;
  result.target = job.target;
  llvm::raw_string_ostream diagnostics(result.diagnostics);
  auto fail = [&](int code) {
    result.exitCode = code;
    return std::move(result);
  };

  mlir::MLIRContext context(*environment.registry,
                            mlir::MLIRContext::Threading::DISABLED);
  // Diagnostics name the place in the user's file; dumping the whole
  // operation after each one would bury them.
  context.printOpOnDiagnostic(false);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(input, /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  mlir::SourceMgrDiagnosticHandler diagnosticHandler(sourceMgr, &context,
                                                     diagnostics);

  std::optional<CrashPhaseScope> parsePhase(std::in_place, "parse");
  maybeCrashForTesting("parse");
  mlir::OwningOpRef<mlir::ModuleOp> module =
      parseInputModule(sourceMgr, context);
  if (!module)
    return fail(ExitInputError);
  parsePhase.reset();

  llvm::StringRef stem = plan.stem;
  StageDumper dumper(plan.dumpDir, stem,
                     plan.targetFromModule ? "module" : job.target.name());
  auto dumpModule = [&](llvm::StringRef stage) {
    dumper.dump(stage, "mlir",
                [&](llvm::raw_ostream &os) { module->print(os); });
  };
  dumpModule("input");

  TileaaToNvvmOptions pipelineOptions;
  pipelineOptions.gpuName = plan.targetFromModule ? "" : job.target.name();
  pipelineOptions.optLevel = plan.optLevel;
  pipelineOptions.numWarps = plan.numWarps.value_or(0);
  pipelineOptions.numStages = plan.numStages.value_or(0);
  pipelineOptions.debugInfo = debugInfoKind(plan.debug);

  using PhaseBuilder =
      void (*)(mlir::OpPassManager &, const TileaaToNvvmOptions &);
  auto runPhase = [&](llvm::StringRef name, PhaseBuilder build) -> bool {
    // The timer outlives the pass manager that reports into it.
    mlir::TimingScope phaseTimer = rootTimer.nest(("MLIR " + name).str());
    mlir::PassManager pm(&context, mlir::ModuleOp::getOperationName());
    build(pm, pipelineOptions);
    // --mlir-* options registered MLIR's pass-manager options; without them
    // there is nothing to apply (and applying reports failure).
    if (!plan.mlirOptions.empty() &&
        mlir::failed(mlir::applyPassManagerCLOptions(pm))) {
      diagnostics << "tileiras: error: cannot apply the --mlir-* options\n";
      return false;
    }
    if (plan.timePasses)
      pm.enableTiming(phaseTimer);
    CrashPhaseScope crashPhase(("MLIR " + name).str(),
                               trackPassesForCrashReproducer(pm));
    maybeCrashForTesting(name);
    if (mlir::failed(pm.run(*module)))
      return false;
    dumpModule(name);
    return true;
  };

  if (!runPhase("frontend", buildFrontendPipeline))
    return fail(ExitCompileError);

  // Without a target on the command line the module decides (the frontend
  // wrote its resolved target onto the module).
  if (plan.targetFromModule) {
    auto spec = (*module)->getAttrOfType<mlir::StringAttr>(
        nv_tileaa::NVTileAADialect::kTargetSpecAttrName);
    std::optional<targetspec::Target> resolved =
        spec ? targetspec::lookupTarget(spec.getValue()) : std::nullopt;
    if (!resolved) {
      diagnostics << "tileiras: error: the module's target could not be "
                     "resolved\n";
      return fail(ExitCompileError);
    }
    result.target = *resolved;
    dumper.setChip(resolved->name());
  }
  if (llvm::Error error =
          checkPtxRequestForTarget(plan.ptxVersion, result.target)) {
    diagnostics << "tileiras: error: " << llvm::toString(std::move(error))
                << "\n";
    return fail(ExitInvalidOptions);
  }

  auto printModule = [&]() {
    llvm::raw_string_ostream os(result.output);
    module->print(os);
    os << "\n";
  };
  if (plan.emit == EmitKind::Tile) {
    printModule();
    return result;
  }
  if (!runPhase("layouts", buildLayoutPipeline) ||
      !runPhase("lowering", buildLoweringPipeline) ||
      !runPhase("target", buildTargetPipeline))
    return fail(ExitCompileError);
  result.metadata.target = result.target.name();
  if (plan.collectMetadata)
    result.metadata.kernels = collectKernelMetadata(*module);
  auto dumpMetadata = [&] {
    if (plan.collectMetadata)
      dumper.dump("metadata", "json", [&](llvm::raw_ostream &os) {
        printMetadataJson(result.metadata, os);
      });
  };
  if (plan.emit == EmitKind::Mlir) {
    printModule();
    dumpMetadata();
    return result;
  }

  // MLIR -> LLVM IR: every gpu.module becomes one llvm::Module, linked into
  // one so the whole device side is optimized and emitted together.
  mlir::TimingScope translateTimer = rootTimer.nest("LLVM IR translation");
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule;
  for (auto gpuModule : module->getBody()->getOps<mlir::gpu::GPUModuleOp>()) {
    std::unique_ptr<llvm::Module> translated =
        mlir::translateModuleToLLVMIR(gpuModule, llvmContext, stem);
    if (!translated)
      return fail(ExitCompileError);
    if (!llvmModule) {
      llvmModule = std::move(translated);
    } else if (llvm::Linker::linkModules(*llvmModule, std::move(translated))) {
      diagnostics << "tileiras: error: cannot link the device modules\n";
      return fail(ExitCompileError);
    }
  }
  if (!llvmModule)
    llvmModule = std::make_unique<llvm::Module>(stem, llvmContext);
  translateTimer.stop();

  codegen::CodegenOptions codegenOptions;
  codegenOptions.target = result.target;
  codegenOptions.ptxVersion = plan.ptxVersion;
  codegenOptions.optLevel = plan.optLevel;
  codegenOptions.debug = plan.debug;
  codegenOptions.numerics = plan.numerics;
  codegenOptions.cudaPath = plan.cudaPath;
  auto observer = [&](llvm::StringRef stage, const llvm::Module &m) {
    dumper.dump(stage, "ll",
                [&](llvm::raw_ostream &os) { m.print(os, nullptr); });
  };

  mlir::TimingScope llvmTimer =
      rootTimer.nest("LLVM optimization and PTX emission");
  CrashPhaseScope llvmPhase("LLVM optimization and PTX emission");
  maybeCrashForTesting("llvm");
  if (plan.emit == EmitKind::Llvm) {
    auto ptx =
        codegen::prepareAndOptimize(*llvmModule, codegenOptions, observer);
    if (!ptx) {
      printCodegenError(ptx.takeError(), diagnostics);
      return fail(ExitCompileError);
    }
    llvm::raw_string_ostream os(result.output);
    llvmModule->print(os, nullptr);
    dumpMetadata();
    return result;
  }

  auto compiled = codegen::compileToPtx(*llvmModule, codegenOptions, observer);
  if (!compiled) {
    printCodegenError(compiled.takeError(), diagnostics);
    return fail(ExitCompileError);
  }
  llvmTimer.stop();
  result.metadata.ptxVersion = compiled->ptxVersion.str();
  dumper.dump("ptx", "ptx",
              [&](llvm::raw_ostream &os) { os << compiled->ptx; });
  if (!dumper.error().empty()) {
    diagnostics << "tileiras: error: " << dumper.error() << "\n";
    return fail(ExitOutputError);
  }

  if (plan.emit == EmitKind::Ptx) {
    result.output = std::move(compiled->ptx);
    dumpMetadata();
    if (!dumper.error().empty()) {
      diagnostics << "tileiras: error: " << dumper.error() << "\n";
      return fail(ExitOutputError);
    }
    return result;
  }

  // cubin / fatbin need ptxas.
  std::vector<targetspec::Target> chips = job.cubinChips;
  if (plan.targetFromModule)
    chips = {result.target};
  if (!chips.empty()) {
    if (!environment.ptxas) {
      diagnostics << "tileiras: error: ptxas not found; pass --ptxas-path or "
                     "--cuda-path, or put the CUDA toolkit's bin directory on "
                     "PATH\n";
      return fail(ExitToolError);
    }
    if (llvm::Error error =
            checkPtxasReadsVersion(*environment.ptxas, compiled->ptxVersion)) {
      diagnostics << "tileiras: error: " << llvm::toString(std::move(error))
                  << "\n";
      return fail(ExitToolError);
    }
  }
  mlir::TimingScope ptxasTimer = rootTimer.nest("ptxas");
  for (const targetspec::Target &chip : chips) {
    PtxasInvocation invocation;
    invocation.ptxasPath = environment.ptxas->path;
    invocation.chip = chip;
    invocation.optLevel = plan.optLevel;
    invocation.deviceDebug = plan.debug == codegen::DebugLevel::Full;
    invocation.lineInfo = plan.debug == codegen::DebugLevel::LineInfo;
    invocation.extraOptions = plan.xptxas;
    // Registers and spills for the metadata come from ptxas' statistics;
    // when the user did not ask for them they are not shown.
    bool addedVerbose = plan.collectMetadata &&
                        !llvm::is_contained(plan.xptxas, "-v") &&
                        !llvm::is_contained(plan.xptxas, "--verbose");
    if (addedVerbose)
      invocation.extraOptions.push_back("-v");
    auto assembled = runPtxas(invocation, compiled->ptx);
    if (!assembled) {
      diagnostics << "tileiras: error: "
                  << llvm::toString(assembled.takeError()) << "\n";
      return fail(ExitToolError);
    }
    // ptxas' -v statistics and warnings, in this job's place on stderr.
    if (plan.collectMetadata)
      addPtxasResources(assembled->messages, chip.name(),
                        result.metadata.kernels);
    diagnostics << (addedVerbose ? stripPtxasStatistics(assembled->messages)
                                 : assembled->messages);
    if (plan.emit == EmitKind::Cubin)
      result.output = std::move(assembled->cubin);
    else
      result.images.push_back({false, chip, std::move(assembled->cubin)});
  }
  ptxasTimer.stop();
  if (plan.emit == EmitKind::Fatbin && (job.embedPtx || plan.targetFromModule))
    result.images.push_back({true, result.target, compiled->ptx});
  dumpMetadata();
  if (!dumper.error().empty()) {
    diagnostics << "tileiras: error: " << dumper.error() << "\n";
    return fail(ExitOutputError);
  }
  return result;
}

JobResult driver::runTargetCompile(const CompilePlan &plan,
                                   const TargetJob &job,
                                   llvm::MemoryBufferRef input,
                                   const JobEnvironment &environment) {
  // The stream outlives the manager, which may still print when destroyed.
  std::string timingText;
  llvm::raw_string_ostream timingStream(timingText);
  mlir::DefaultTimingManager timing;
  if (plan.timePasses) {
    timing.setEnabled(true);
    timing.setOutput(mlir::createOutputStrategy(
        mlir::DefaultTimingManager::OutputFormat::Text, timingStream));
  }
  JobResult result;
  {
    // Every nested timer is gone before the report is printed.
    mlir::TimingScope rootTimer = timing.getRootScope();
    result = compileJob(plan, job, input, environment, rootTimer);
  }
  if (plan.timePasses) {
    timing.print();
    // One report per target; with several targets they would be
    // indistinguishable without the name.
    result.timingReport =
        "===-- --time-passes for target " +
        (result.target.sm ? result.target : job.target).name() + " --===\n" +
        timingText;
  }
  return result;
}
