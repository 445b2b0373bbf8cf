//===- CApi.cpp - the C API of the driver (tileiras-c/Driver.h) -----------===//
//
// The command-line options are parsed and validated exactly as `tileiras`
// does; the jobs then run as in runCompilePlan, but outputs, metadata and
// diagnostics stay in memory.
//
//===----------------------------------------------------------------------===//

#include "tileiras-c/Driver.h"

#include "tileiras/Driver/Compile.h"
#include "tileiras/Driver/Driver.h"
#include "tileiras/Driver/ExitCodes.h"
#include "tileiras/Driver/Metadata.h"
#include "tileiras/Driver/Options.h"
#include "tileiras/Driver/TargetCompile.h"
#include "tileiras/Passes/Pipelines.h"
#include "tileiras/Support/NestingDepth.h"

#include "mlir/IR/DialectRegistry.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <string>
#include <vector>

using namespace tileiras;
using namespace tileiras::driver;

namespace {
struct Output {
  std::string target;
  std::string data;
};
struct Diagnostic {
  int severity = TILEIRAS_DIAG_ERROR;
  std::string file;
  unsigned line = 0;
  unsigned column = 0;
  std::string message;
};
} // namespace

struct TileirasDriverResult {
  int exitCode = ExitSuccess;
  std::vector<Output> outputs;
  std::string metadata;
  std::string diagnosticText;
  std::vector<Diagnostic> diagnostics;
};

static int severityFromName(llvm::StringRef name) {
  return llvm::StringSwitch<int>(name)
      .Case("warning", TILEIRAS_DIAG_WARNING)
      .Case("note", TILEIRAS_DIAG_NOTE)
      .Case("remark", TILEIRAS_DIAG_REMARK)
      .Default(TILEIRAS_DIAG_ERROR);
}

/// Splits the printed diagnostics into records: `file:line:col: severity:
/// message` (MLIR and located codegen errors), `tileiras: severity:
/// message`, and ptxas' own `ptxas ...` lines. Source snippets and carets
/// under a located diagnostic are skipped.
static std::vector<Diagnostic> parseDiagnostics(llvm::StringRef text) {
  llvm::Regex located("^(.*):([0-9]+):([0-9]+): "
                      "(error|warning|note|remark): (.*)$");
  llvm::Regex unlocated("^tileiras: (error|warning|note|remark): (.*)$");
  llvm::Regex ptxas("^ptxas[^:]*: *(error|warning|fatal|info)[^:]*: *(.*)$");
  std::vector<Diagnostic> records;
  llvm::SmallVector<llvm::StringRef> lines;
  text.split(lines, '\n', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef line : lines) {
    llvm::SmallVector<llvm::StringRef, 6> m;
    Diagnostic record;
    if (located.match(line, &m)) {
      record.file = m[1].str();
      m[2].getAsInteger(10, record.line);
      m[3].getAsInteger(10, record.column);
      record.severity = severityFromName(m[4]);
      record.message = m[5].str();
    } else if (unlocated.match(line, &m)) {
      record.severity = severityFromName(m[1]);
      record.message = m[2].str();
    } else if (ptxas.match(line, &m)) {
      record.file = "ptxas";
      record.severity = m[1] == "warning" ? TILEIRAS_DIAG_WARNING
                        : m[1] == "info"  ? TILEIRAS_DIAG_NOTE
                                          : TILEIRAS_DIAG_ERROR;
      record.message = m[2].str();
    } else {
      continue;
    }
    records.push_back(std::move(record));
  }
  return records;
}

/// Options that make no sense without a command line, with the reason.
static const char *rejectedOption(llvm::StringRef option) {
  if (option == "-o" || option.starts_with("--output") ||
      option.starts_with("-o"))
    return "outputs are returned in memory";
  if (option.starts_with("--metadata"))
    return "the metadata is returned in memory";
  if (option.starts_with("--mlir-"))
    return "it changes process-wide MLIR options";
  if (option == "--list-gpus" || option == "--version" || option == "-h" ||
      option == "--help" || option == "--json")
    return "it is not a compile option";
  if (!option.starts_with("-") || option == "-")
    return "the input is passed as a buffer";
  return nullptr;
}

/// Options -> plan, with every message captured.
static std::optional<CompilePlan> makePlan(llvm::StringRef inputName,
                                           const char *const *options,
                                           size_t numOptions,
                                           TileirasDriverResult &result) {
  llvm::raw_string_ostream errors(result.diagnosticText);
  ScopedErrorCapture capture(errors);
  std::vector<const char *> argv = {"tileiras"};
  for (size_t i = 0; i < numOptions; ++i) {
    llvm::StringRef option(options[i] ? options[i] : "");
    // -arch, -gencode and -Xptxas take the next argument as their value.
    bool takesValue = option == "-arch" || option == "-gencode" ||
                      option == "-Xptxas" || option == "--arch" ||
                      option == "--gencode" || option == "--Xptxas";
    if (const char *why = rejectedOption(option)) {
      reportError("option '" + option +
                  "' is not accepted by the C API: " + why);
      result.exitCode = ExitInvalidOptions;
      return std::nullopt;
    }
    argv.push_back(options[i]);
    if (takesValue && i + 1 < numOptions)
      argv.push_back(options[++i]);
  }
  std::string input = inputName.str();
  argv.push_back(input.c_str());
  CommandLine commandLine;
  if (std::optional<int> code = parseCommandLine(static_cast<int>(argv.size()),
                                                 argv.data(), commandLine)) {
    result.exitCode = *code == ExitSuccess ? ExitInvalidOptions : *code;
    return std::nullopt;
  }
  // Every target gets its own in-memory output (a fatbin: one for all).
  commandLine.outputDir = "<memory>";
  auto plan = validate(commandLine);
  if (!plan) {
    reportError(llvm::toString(plan.takeError()));
    result.exitCode = ExitInvalidOptions;
    return std::nullopt;
  }
  plan->collectMetadata = plan->emit != EmitKind::Tile;
  return std::move(*plan);
}

/// Runs the plan's jobs on `input` and fills the outputs and metadata.
static void runPlan(const CompilePlan &plan, llvm::MemoryBufferRef input,
                    TileirasDriverResult &result) {
  llvm::raw_string_ostream errors(result.diagnosticText);
  ScopedErrorCapture capture(errors);
  if (!checkNestingDepth(input, errors)) {
    result.exitCode = ExitInputError;
    return;
  }
  JobEnvironment environment;
  std::optional<std::string> fatbinary;
  if (llvm::Error error = findCompileTools(plan, environment, fatbinary)) {
    reportError(llvm::toString(std::move(error)));
    result.exitCode = ExitToolError;
    return;
  }
  if (!plan.dumpDir.empty()) {
    if (std::error_code ec = llvm::sys::fs::create_directories(plan.dumpDir)) {
      reportError("cannot create --dump-dir '" + plan.dumpDir +
                  "': " + ec.message());
      result.exitCode = ExitOutputError;
      return;
    }
  }
  mlir::DialectRegistry registry;
  registerTileirasDialects(registry);
  environment.registry = &registry;

  std::vector<JobResult> jobs(plan.jobs.size());
  {
    llvm::DefaultThreadPool pool(
        llvm::hardware_concurrency(static_cast<unsigned>(plan.jobs.size())));
    for (size_t i = 0; i < plan.jobs.size(); ++i)
      pool.async([&, i] {
        jobs[i] = runTargetCompile(plan, plan.jobs[i], input, environment);
      });
    pool.wait();
  }
  std::vector<TargetMetadata> metadata;
  for (JobResult &job : jobs) {
    errors << job.diagnostics << job.timingReport;
    if (job.exitCode != ExitSuccess && result.exitCode == ExitSuccess)
      result.exitCode = job.exitCode;
    metadata.push_back(job.metadata);
  }
  if (result.exitCode != ExitSuccess)
    return;

  if (plan.emit == EmitKind::Fatbin) {
    std::vector<FatbinImage> images;
    for (JobResult &job : jobs)
      for (FatbinImage &image : job.images)
        images.push_back(std::move(image));
    auto fatbin = runFatbinary(*fatbinary, images,
                               plan.debug == codegen::DebugLevel::Full);
    if (!fatbin) {
      reportError(llvm::toString(fatbin.takeError()));
      result.exitCode = ExitToolError;
      return;
    }
    result.outputs.push_back({"", std::move(*fatbin)});
  } else {
    for (JobResult &job : jobs)
      result.outputs.push_back({job.target.name(), std::move(job.output)});
  }
  if (plan.collectMetadata) {
    llvm::raw_string_ostream os(result.metadata);
    printMetadataJson(metadata, os);
  }
}

extern "C" {

unsigned tileirasDriverGetApiVersion(void) {
  return TILEIRAS_DRIVER_API_VERSION;
}

const char *tileirasDriverGetVersion(void) {
  static const std::string version = [] {
    std::string text;
    llvm::raw_string_ostream os(text);
    printVersion(os);
    return text;
  }();
  return version.c_str();
}

TileirasDriverResult *tileirasDriverCompile(const char *input, size_t inputSize,
                                            const char *inputName,
                                            const char *const *options,
                                            size_t numOptions) {
  auto *result = new (std::nothrow) TileirasDriverResult();
  if (!result)
    return nullptr;
  std::string name = inputName && *inputName ? inputName : "input.mlir";
  if (std::optional<CompilePlan> plan =
          makePlan(name, options, numOptions, *result)) {
    llvm::MemoryBufferRef buffer(
        llvm::StringRef(input ? input : "", input ? inputSize : 0), name);
    runPlan(*plan, buffer, *result);
  }
  if (result->exitCode != ExitSuccess) {
    result->outputs.clear();
    result->metadata.clear();
  }
  result->diagnostics = parseDiagnostics(result->diagnosticText);
  return result;
}

void tileirasDriverResultDestroy(TileirasDriverResult *result) {
  delete result;
}

int tileirasDriverResultGetExitCode(const TileirasDriverResult *result) {
  return result ? result->exitCode : -1;
}

size_t tileirasDriverResultGetNumOutputs(const TileirasDriverResult *result) {
  return result ? result->outputs.size() : 0;
}

const char *
tileirasDriverResultGetOutputTarget(const TileirasDriverResult *result,
                                    size_t index) {
  if (!result || index >= result->outputs.size())
    return nullptr;
  return result->outputs[index].target.c_str();
}

const char *
tileirasDriverResultGetOutputData(const TileirasDriverResult *result,
                                  size_t index, size_t *size) {
  if (!result || index >= result->outputs.size()) {
    if (size)
      *size = 0;
    return nullptr;
  }
  if (size)
    *size = result->outputs[index].data.size();
  return result->outputs[index].data.data();
}

const char *
tileirasDriverResultGetMetadata(const TileirasDriverResult *result) {
  return result ? result->metadata.c_str() : nullptr;
}

const char *
tileirasDriverResultGetDiagnosticText(const TileirasDriverResult *result) {
  return result ? result->diagnosticText.c_str() : nullptr;
}

size_t
tileirasDriverResultGetNumDiagnostics(const TileirasDriverResult *result) {
  return result ? result->diagnostics.size() : 0;
}

static const Diagnostic *diagnosticAt(const TileirasDriverResult *result,
                                      size_t index) {
  if (!result || index >= result->diagnostics.size())
    return nullptr;
  return &result->diagnostics[index];
}

int tileirasDriverResultGetDiagnosticSeverity(
    const TileirasDriverResult *result, size_t index) {
  const Diagnostic *d = diagnosticAt(result, index);
  return d ? d->severity : -1;
}

const char *
tileirasDriverResultGetDiagnosticFile(const TileirasDriverResult *result,
                                      size_t index) {
  const Diagnostic *d = diagnosticAt(result, index);
  return d ? d->file.c_str() : nullptr;
}

unsigned
tileirasDriverResultGetDiagnosticLine(const TileirasDriverResult *result,
                                      size_t index) {
  const Diagnostic *d = diagnosticAt(result, index);
  return d ? d->line : 0;
}

unsigned
tileirasDriverResultGetDiagnosticColumn(const TileirasDriverResult *result,
                                        size_t index) {
  const Diagnostic *d = diagnosticAt(result, index);
  return d ? d->column : 0;
}

const char *
tileirasDriverResultGetDiagnosticMessage(const TileirasDriverResult *result,
                                         size_t index) {
  const Diagnostic *d = diagnosticAt(result, index);
  return d ? d->message.c_str() : nullptr;
}

} // extern "C"
