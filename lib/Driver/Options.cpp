//===- Options.cpp - validating the command line into a plan --------------===//

#include "tileiras/Driver/Options.h"
#include "tileiras/Driver/InputFile.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Path.h"

using namespace tileiras;
using namespace tileiras::driver;
using targetspec::Target;

const char *driver::emitKindExtension(EmitKind kind) {
  switch (kind) {
  case EmitKind::Ptx:
    return "ptx";
  case EmitKind::Cubin:
    return "cubin";
  case EmitKind::Fatbin:
    return "fatbin";
  case EmitKind::Llvm:
    return "ll";
  case EmitKind::Mlir:
  case EmitKind::Tile:
    return "mlir";
  }
  return "ptx";
}

std::string driver::perTargetOutputPath(const CompilePlan &plan,
                                        const Target &target) {
  llvm::SmallString<256> path(plan.outputDir);
  llvm::sys::path::append(path, plan.stem + "." + target.name() + "." +
                                    emitKindExtension(plan.emit));
  return std::string(path);
}

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

static std::optional<EmitKind> emitKindFromName(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<EmitKind>>(name)
      .Case("ptx", EmitKind::Ptx)
      .Case("cubin", EmitKind::Cubin)
      .Case("fatbin", EmitKind::Fatbin)
      .Case("llvm", EmitKind::Llvm)
      .Case("mlir", EmitKind::Mlir)
      .Case("tile", EmitKind::Tile)
      .Default(std::nullopt);
}

static std::optional<EmitKind> emitKindFromExtension(llvm::StringRef path) {
  return llvm::StringSwitch<std::optional<EmitKind>>(
             llvm::sys::path::extension(path))
      .Case(".ptx", EmitKind::Ptx)
      .Case(".cubin", EmitKind::Cubin)
      .Case(".fatbin", EmitKind::Fatbin)
      .Case(".ll", EmitKind::Llvm)
      .Case(".mlir", EmitKind::Mlir)
      .Default(std::nullopt);
}

/// Adds a target to the job list, merging the SASS chips of repeated
/// targets so each PTX is generated once.
static void addJob(std::vector<TargetJob> &jobs, const Target &target,
                   llvm::ArrayRef<Target> cubinChips, bool embedPtx) {
  auto it = llvm::find_if(
      jobs, [&](const TargetJob &job) { return job.target == target; });
  if (it == jobs.end()) {
    jobs.push_back(TargetJob{target, {}, false});
    it = std::prev(jobs.end());
  }
  for (const Target &chip : cubinChips)
    if (!llvm::is_contained(it->cubinChips, chip))
      it->cubinChips.push_back(chip);
  it->embedPtx |= embedPtx;
}

/// "arch=compute_90a,code=sm_90a" or "arch=compute_80,code=[sm_80,compute_80]".
static llvm::Error parseGencode(llvm::StringRef text,
                                std::vector<TargetJob> &jobs) {
  auto malformed = [&] {
    return makeError("malformed -gencode value '" + text +
                     "'; expected arch=compute_XX,code=sm_XX or "
                     "arch=compute_XX,code=[sm_XX,compute_XX]");
  };
  llvm::StringRef rest = text;
  if (!rest.consume_front("arch="))
    return malformed();
  auto [archText, codeText] = rest.split(',');
  if (!codeText.consume_front("code="))
    return malformed();
  auto arch = targetspec::parseTarget(archText);
  if (!arch)
    return arch.takeError();
  if (codeText.consume_front("[") && !codeText.consume_back("]"))
    return malformed();
  llvm::SmallVector<llvm::StringRef> codes;
  codeText.split(codes, ',', -1, /*KeepEmpty=*/false);
  if (codes.empty())
    return malformed();

  std::vector<Target> cubins;
  bool embedPtx = false;
  for (llvm::StringRef code : codes) {
    code = code.trim();
    auto chip = targetspec::parseTarget(code);
    if (!chip)
      return chip.takeError();
    if (code.starts_with("compute_")) {
      if (*chip != *arch)
        return makeError(
            "-gencode: code=" + code +
            " must name the same virtual architecture as arch=" + archText);
      embedPtx = true;
      continue;
    }
    // ptxas turns PTX for arch into SASS for code only when code can run it;
    // an 'a'/'f' PTX needs exactly that variant.
    bool compatible = targetspec::runsOn(*arch, chip->sm) &&
                      (arch->variant == targetspec::CpuVariant::Base ||
                       chip->variant == arch->variant);
    if (!compatible)
      return makeError("-gencode: code=" + code + " cannot run PTX built for " +
                       arch->computeName());
    cubins.push_back(*chip);
  }
  addJob(jobs, *arch, cubins, embedPtx);
  return llvm::Error::success();
}

llvm::Expected<CompilePlan> driver::validate(const CommandLine &commandLine) {
  CompilePlan plan;

  if (commandLine.json && !commandLine.listGpus)
    return makeError("--json only applies to --list-gpus");

  // Optimization and debug: the validator strings are part of the CLI
  // contract.
  llvm::StringRef optText = commandLine.optLevel;
  unsigned optLevel = 0;
  if (optText.getAsInteger(10, optLevel) || optLevel > 3)
    return makeError("invalid optimization level '" + optText +
                     "'; valid levels are 0..3 (-O0 ... -O3)");
  plan.optLevel = optLevel;
  if (commandLine.deviceDebug && optLevel != 0)
    return makeError("optimized debugging is not supported, change "
                     "optimization level to 0 or disable full debug info");
  plan.debug = commandLine.deviceDebug ? codegen::DebugLevel::Full
               : commandLine.lineInfo  ? codegen::DebugLevel::LineInfo
                                       : codegen::DebugLevel::None;

  auto ptxVersion = codegen::PtxVersionRequest::parse(commandLine.ptxVersion);
  if (!ptxVersion)
    return makeError("invalid --ptx-version: " +
                     llvm::toString(ptxVersion.takeError()));
  plan.ptxVersion = *ptxVersion;
  plan.numerics = commandLine.numerics;

  if (!commandLine.numWarps.empty()) {
    unsigned numWarps = 0;
    if (llvm::StringRef(commandLine.numWarps).getAsInteger(10, numWarps) ||
        numWarps < 1 || numWarps > 32 || !llvm::isPowerOf2_32(numWarps))
      return makeError("--num-warps must be a power of two from 1 to 32, "
                       "got '" +
                       commandLine.numWarps + "'");
    plan.numWarps = numWarps;
  }
  if (!commandLine.numStages.empty()) {
    unsigned numStages = 0;
    if (llvm::StringRef(commandLine.numStages).getAsInteger(10, numStages) ||
        numStages < 1 || numStages > 8)
      return makeError("--num-stages must be from 1 to 8, got '" +
                       commandLine.numStages + "'");
    plan.numStages = numStages;
  }

  if (commandLine.input.empty())
    return makeError("no input file (usage: tileiras [options] <input.mlir> "
                     "-o <output>)");
  plan.input = commandLine.input;

  // Targets.
  if (!commandLine.gpuName.empty() &&
      (!commandLine.archs.empty() || !commandLine.gencodes.empty()))
    return makeError("--gpu-name cannot be combined with -arch or -gencode; "
                     "repeat -arch for several targets");
  std::vector<TargetJob> jobs;
  if (!commandLine.gpuName.empty()) {
    auto target = targetspec::parseTarget(commandLine.gpuName);
    if (!target)
      return target.takeError();
    addJob(jobs, *target, {*target}, true);
  }
  for (const std::string &arch : commandLine.archs) {
    auto target = targetspec::parseTarget(arch);
    if (!target)
      return target.takeError();
    // -arch=compute_XX asks for PTX only; -arch=sm_XX for SASS plus PTX.
    bool ptxOnly = llvm::StringRef(arch).starts_with("compute_");
    addJob(jobs, *target, ptxOnly ? llvm::ArrayRef<Target>() : *target, true);
  }
  for (const std::string &gencode : commandLine.gencodes)
    if (llvm::Error error = parseGencode(gencode, jobs))
      return std::move(error);
  if (jobs.empty()) {
    plan.targetFromModule = true;
    auto fallback = targetspec::lookupTarget(targetspec::kDefaultTarget);
    jobs.push_back(TargetJob{*fallback, {*fallback}, true});
  }

  // Output kind.
  if (!commandLine.emit.empty()) {
    auto kind = emitKindFromName(commandLine.emit);
    if (!kind)
      return makeError("unknown --emit kind '" + commandLine.emit +
                       "'; expected ptx, cubin, fatbin, llvm, mlir or tile");
    plan.emit = *kind;
  } else if (!commandLine.output.empty() && commandLine.output != "-" &&
             commandLine.output != "/dev/null") {
    auto kind = emitKindFromExtension(commandLine.output);
    if (!kind)
      return makeError("cannot tell the output kind from '" +
                       commandLine.output +
                       "'; name it .ptx, .cubin, .fatbin, .ll or .mlir, or "
                       "pass --emit=ptx|cubin|fatbin|llvm|mlir|tile");
    plan.emit = *kind;
  }

  if (!commandLine.output.empty() && !commandLine.outputDir.empty())
    return makeError("use either -o or --output-dir, not both");

  plan.stem = commandLine.input == "-"
                  ? std::string("stdin")
                  : llvm::sys::path::stem(commandLine.input).str();
  const char *extension = emitKindExtension(plan.emit);
  bool oneFileForAll = plan.emit == EmitKind::Fatbin || jobs.size() == 1;
  if (!commandLine.outputDir.empty()) {
    plan.outputDir = commandLine.outputDir;
  } else if (!oneFileForAll) {
    return makeError("several targets need --output-dir=DIR (one file per "
                     "target) or a .fatbin output");
  } else if (!commandLine.output.empty()) {
    plan.output = commandLine.output;
  } else {
    plan.output = commandLine.input == "-" ? std::string("-")
                                           : plan.stem + "." + extension;
  }

  // A .cubin is one ptxas output: exactly one sm_XX image per target, no PTX.
  if (plan.emit == EmitKind::Cubin)
    for (const TargetJob &job : jobs) {
      if (job.cubinChips.empty())
        return makeError(
            "a .cubin holds exactly one GPU image, but " +
            job.target.computeName() +
            " produces PTX only; a .cubin needs one sm_XX target (e.g. "
            "-arch=" +
            job.target.name() + "), or write a .ptx or .fatbin output");
      if (job.cubinChips.size() > 1) {
        std::string chips;
        for (const Target &chip : job.cubinChips)
          chips += (chips.empty() ? "" : ", ") + chip.name();
        return makeError("a .cubin holds exactly one GPU image, but " +
                         job.target.computeName() + " asks for " +
                         std::to_string(job.cubinChips.size()) + " (" + chips +
                         "); write a .fatbin output");
      }
    }
  if (plan.emit == EmitKind::Fatbin)
    for (TargetJob &job : jobs)
      if (job.cubinChips.empty() && !job.embedPtx)
        job.embedPtx = true;

  plan.jobs = std::move(jobs);
  plan.ptxasPath = commandLine.ptxasPath;
  plan.xptxas = commandLine.xptxas;
  plan.cudaPath = commandLine.cudaPath;
  plan.dumpDir = commandLine.dumpDir;
  if (!commandLine.metadata.empty() && plan.emit == EmitKind::Tile)
    return makeError("--metadata describes lowered kernels and cannot be "
                     "combined with --emit=tile");
  plan.metadataPath = commandLine.metadata;
  plan.collectMetadata = !plan.metadataPath.empty() || !plan.dumpDir.empty();
  plan.timePasses = commandLine.timePasses;
  plan.maxInputSize = kDefaultMaxInputSize;
  if (!commandLine.maxInputSize.empty()) {
    auto limit = parseInputSizeLimit(commandLine.maxInputSize);
    if (!limit)
      return limit.takeError();
    plan.maxInputSize = *limit;
  }
  plan.mlirOptions = commandLine.mlirOptions;
  return plan;
}
