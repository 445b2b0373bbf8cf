//===- Compile.cpp - running a compile plan -------------------------------===//

#include "tileiras/Driver/Compile.h"
#include "tileiras/Driver/CrashReproducer.h"
#include "tileiras/Driver/Driver.h"
#include "tileiras/Driver/ExitCodes.h"
#include "tileiras/Driver/ExternalTools.h"
#include "tileiras/Driver/InputFile.h"
#include "tileiras/Driver/InputFormat.h"
#include "tileiras/Driver/IsolatedReader.h"
#include "tileiras/Driver/OutputFile.h"
#include "tileiras/Driver/SignalCleanup.h"
#include "tileiras/Driver/TargetCompile.h"
#include "tileiras/Passes/Passes.h"
#include "tileiras/Passes/Pipelines.h"
#include "tileiras/Support/BytecodeCheck.h"
#include "tileiras/Support/DenseArrayCheck.h"
#include "tileiras/Support/NestingDepth.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

using namespace tileiras;
using namespace tileiras::driver;

/// --mlir-* options go to MLIR's own command-line options (printing, IR
/// dumps, timing); nothing else reaches LLVM's global option registry.
static bool applyMlirOptions(llvm::ArrayRef<std::string> options) {
  if (options.empty())
    return true;
  // Options such as --mlir-print-ir-after=<pass> name passes: those the
  // pipeline runs (registering all of MLIR's would link all of MLIR into a
  // statically linked tileiras).
  mlir::registerTransformsPasses();
  mlir::registerReconcileUnrealizedCastsPass();
  mlir::LLVM::registerDIScopeForLLVMFuncOpPass();
  registerPasses();
  mlir::registerMLIRContextCLOptions();
  mlir::registerPassManagerCLOptions();
  mlir::registerAsmPrinterCLOptions();
  mlir::registerDefaultTimingManagerCLOptions();
  std::vector<const char *> argv = {"tileiras"};
  for (const std::string &option : options)
    argv.push_back(option.c_str());
  std::string errors;
  llvm::raw_string_ostream os(errors);
  bool ok = llvm::cl::ParseCommandLineOptions(static_cast<int>(argv.size()),
                                              argv.data(), "", &os);
  if (!ok) {
    llvm::StringRef first = llvm::StringRef(errors).trim().split('\n').first;
    reportError(first.empty() ? llvm::StringRef("invalid --mlir-* option")
                              : first);
  }
  return ok;
}

static bool needsPtxas(const CompilePlan &plan) {
  if (plan.emit == EmitKind::Cubin)
    return true;
  if (plan.emit != EmitKind::Fatbin)
    return false;
  return plan.targetFromModule ||
         llvm::any_of(plan.jobs, [](const TargetJob &job) {
           return !job.cubinChips.empty();
         });
}

llvm::Error driver::findCompileTools(const CompilePlan &plan,
                                     JobEnvironment &environment,
                                     std::optional<std::string> &fatbinary) {
  auto toolError = [](const llvm::Twine &message) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
  };
  if (needsPtxas(plan)) {
    std::optional<std::string> ptxas =
        findCudaTool("ptxas", plan.ptxasPath, plan.cudaPath);
    if (!ptxas)
      return toolError(
          !plan.ptxasPath.empty()
              ? "ptxas '" + plan.ptxasPath + "' is not an executable"
          : !plan.cudaPath.empty()
              ? "ptxas not found in --cuda-path '" + plan.cudaPath +
                    "' (looked for bin/ptxas)"
              : "ptxas not found; pass --ptxas-path or --cuda-path, or put "
                "the CUDA toolkit's bin directory on PATH");
    auto info = probePtxas(*ptxas);
    if (!info)
      return info.takeError();
    environment.ptxas = *info;
  }
  if (plan.emit == EmitKind::Fatbin) {
    fatbinary = findCudaTool("fatbinary", "", plan.cudaPath);
    if (!fatbinary)
      return toolError(!plan.cudaPath.empty()
                           ? "fatbinary not found in --cuda-path '" +
                                 plan.cudaPath + "' (looked for bin/fatbinary)"
                           : "fatbinary not found; pass --cuda-path or put the "
                             "CUDA toolkit's bin directory on PATH");
  }
  return llvm::Error::success();
}

int driver::runCompilePlan(const CompilePlan &plan) {
  if (!applyMlirOptions(plan.mlirOptions))
    return ExitInvalidOptions;

  auto input = readInputFile(plan.input, plan.maxInputSize);
  if (!input) {
    reportError(llvm::toString(input.takeError()));
    return ExitInputError;
  }
  // `original` stays alive for the crash reproducer; `source` is what the
  // jobs parse (the original, or the text the bytecode became).
  llvm::MemoryBufferRef original = (*input)->getMemBufferRef();
  llvm::MemoryBufferRef source = original;
  std::unique_ptr<llvm::MemoryBuffer> converted;
  setCrashReproducerInput(plan.input, original.getBuffer(),
                          isMlirBytecode(original.getBuffer()));

  mlir::DialectRegistry registry;
  registerTileirasDialects(registry);
  // Bytecode is read in a sandboxed child and comes back as text, which the
  // text checks below and every job then parse like any text input.
  if (isMlirBytecode(original.getBuffer())) {
    if (llvm::Error error = checkBytecodeStructure(original.getBuffer())) {
      reportError("cannot read bytecode '" + original.getBufferIdentifier() +
                  "': " + llvm::toString(std::move(error)));
      return ExitInputError;
    }
    BytecodeReadFailure failure;
    converted = convertBytecodeIsolated(original, registry, failure);
    if (!converted) {
      llvm::errs() << failure.diagnostics;
      if (!failure.reason.empty())
        reportError("cannot read bytecode '" + original.getBufferIdentifier() +
                    "': " + failure.reason);
      return ExitInputError;
    }
    source = converted->getMemBufferRef();
  }
  // Absurd nesting would overflow the parser's stack; MLIR's parser crashes
  // on dense arrays of index.
  if (!isTileIRInput(source) &&
      (!checkNestingDepth(source, llvm::errs()) ||
       !checkDenseArrayElementTypes(source, llvm::errs())))
    return ExitInputError;

  JobEnvironment environment;
  std::optional<std::string> fatbinary;
  if (llvm::Error error = findCompileTools(plan, environment, fatbinary)) {
    reportError(llvm::toString(std::move(error)));
    return ExitToolError;
  }
  auto createDirectory = [](llvm::StringRef option, llvm::StringRef directory) {
    if (directory.empty())
      return true;
    // What this creates goes away again if a signal ends the compile.
    if (std::error_code ec = createDirectoriesRemovedOnSignal(directory)) {
      reportError("cannot create " + option + " '" + directory +
                  "': " + ec.message());
      return false;
    }
    if (!llvm::sys::fs::is_directory(directory)) {
      reportError("cannot create " + option + " '" + directory +
                  "': it exists and is not a directory");
      return false;
    }
    return true;
  };
  // The output directory is created only once every job has succeeded, so
  // that a failed compile leaves nothing behind.
  if (!createDirectory("--dump-dir", plan.dumpDir))
    return ExitOutputError;

  environment.registry = &registry;

  // Jobs are independent (own MLIR and LLVM contexts, own TargetMachine), so
  // several targets compile concurrently with the same bytes as one by one.
  std::vector<JobResult> results(plan.jobs.size());
  llvm::MemoryBufferRef inputRef = source;
  bool concurrent =
      plan.jobs.size() > 1 && plan.mlirOptions.empty() && !plan.timePasses;
  if (concurrent) {
    llvm::DefaultThreadPool pool(
        llvm::hardware_concurrency(static_cast<unsigned>(plan.jobs.size())));
    for (size_t i = 0; i < plan.jobs.size(); ++i)
      pool.async([&, i] {
        results[i] =
            runTargetCompile(plan, plan.jobs[i], inputRef, environment);
      });
    pool.wait();
  } else {
    for (size_t i = 0; i < plan.jobs.size(); ++i)
      results[i] = runTargetCompile(plan, plan.jobs[i], inputRef, environment);
  }

  int exitCode = ExitSuccess;
  for (const JobResult &result : results) {
    llvm::errs() << result.diagnostics << result.timingReport;
    if (result.exitCode != ExitSuccess && exitCode == ExitSuccess)
      exitCode = result.exitCode;
  }
  llvm::errs().flush();
  if (exitCode != ExitSuccess)
    return exitCode;
  if (!createDirectory("--output-dir", plan.outputDir))
    return ExitOutputError;

  OutputSet outputs;
  auto stage = [&](llvm::StringRef path, llvm::StringRef contents) {
    if (llvm::Error error = outputs.add(path, contents)) {
      reportError(llvm::toString(std::move(error)));
      return false;
    }
    return true;
  };
  auto packFatbin =
      [&](llvm::ArrayRef<FatbinImage> images) -> std::optional<std::string> {
    auto fatbin = runFatbinary(*fatbinary, images,
                               plan.debug == codegen::DebugLevel::Full);
    if (!fatbin) {
      reportError(llvm::toString(fatbin.takeError()));
      return std::nullopt;
    }
    return std::move(*fatbin);
  };

  if (!plan.output.empty()) {
    std::string contents;
    if (plan.emit == EmitKind::Fatbin) {
      std::vector<FatbinImage> images;
      for (JobResult &result : results)
        for (FatbinImage &image : result.images)
          images.push_back(std::move(image));
      std::optional<std::string> fatbin = packFatbin(images);
      if (!fatbin)
        return ExitToolError;
      contents = std::move(*fatbin);
    } else {
      contents = std::move(results.front().output);
    }
    if (!stage(plan.output, contents))
      return ExitOutputError;
  } else {
    for (size_t i = 0; i < plan.jobs.size(); ++i) {
      std::string contents = std::move(results[i].output);
      if (plan.emit == EmitKind::Fatbin) {
        std::optional<std::string> fatbin = packFatbin(results[i].images);
        if (!fatbin)
          return ExitToolError;
        contents = std::move(*fatbin);
      }
      if (!stage(perTargetOutputPath(plan, results[i].target), contents))
        return ExitOutputError;
    }
  }
  if (!plan.metadataPath.empty()) {
    std::vector<TargetMetadata> targets;
    for (const JobResult &result : results)
      targets.push_back(result.metadata);
    std::string json;
    llvm::raw_string_ostream os(json);
    printMetadataJson(targets, os);
    if (!stage(plan.metadataPath, json))
      return ExitOutputError;
  }
  maybeCrashForTesting("commit");
  if (llvm::Error error = outputs.commit()) {
    reportError(llvm::toString(std::move(error)));
    return ExitOutputError;
  }
  return ExitSuccess;
}
