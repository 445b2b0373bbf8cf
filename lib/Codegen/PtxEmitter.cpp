//===- PtxEmitter.cpp - LLVM IR to PTX in-process -------------------------===//

#include "tileiras/Codegen/PtxEmitter.h"
#include "tileiras/Codegen/Diagnostics.h"
#include "tileiras/Codegen/Legality.h"
#include "tileiras/Codegen/Libdevice.h"
#include "tileiras/Codegen/LibdeviceInlining.h"
#include "tileiras/TargetSpec/InstructionFamily.h"

#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"

#include <algorithm>

using namespace tileiras;
using namespace tileiras::codegen;
using targetspec::PtxVersion;

static constexpr const char *kTriple = "nvptx64-nvidia-cuda";

namespace {
/// Qualifiers of the inline PTX the tile lowering writes that need a newer
/// PTX ISA than some targets' minimum; the version is raised for them like
/// for an intrinsic family.
struct InlinePtxRequirement {
  const char *text; // substring of the asm string
  PtxVersion ptx;
  const char *what;
};
constexpr InlinePtxRequirement kInlinePtxRequirements[] = {
    {".L1::evict_", {7, 4}, "an L1 eviction priority (.L1::evict_*)"},
};
} // namespace

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

void codegen::initializeNvptxTarget() {
  static llvm::once_flag flag;
  llvm::call_once(flag, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  });
}

llvm::Expected<PtxVersion>
codegen::selectPtxVersion(const llvm::Module &module,
                          const targetspec::Target &target,
                          const PtxVersionRequest &request) {
  const PtxVersion newest = targetspec::newestLlvmPtx();
  PtxVersion needed = target.minPtx();
  std::string neededBy = target.name();
  for (const FamilyUse &use : collectFamilyUses(module)) {
    // Unsupported families are the legality check's to report.
    if (!targetspec::targetSupports(target, use.family))
      continue;
    PtxVersion familyNeeds = requiredPtxForUse(target, use);
    if (familyNeeds > needed) {
      needed = familyNeeds;
      neededBy = targetspec::getInstrFamilyInfo(use.family).name;
    }
  }
  for (const llvm::Function &function : module) {
    llvm::Attribute recorded =
        function.getFnAttribute(targetspec::kMinPtxFunctionAttr);
    if (!recorded.isStringAttribute())
      continue;
    auto version = targetspec::parsePtxVersion(recorded.getValueAsString());
    if (!version)
      return makeError("function " + function.getName() + " records " +
                       targetspec::kMinPtxFunctionAttr + "=\"" +
                       recorded.getValueAsString() +
                       "\": " + llvm::toString(version.takeError()));
    if (needed < *version) {
      needed = *version;
      neededBy = "inline PTX of " + function.getName().str();
    }
  }
  for (const llvm::Function &function : module)
    for (const llvm::Instruction &inst : llvm::instructions(function)) {
      auto *call = llvm::dyn_cast<llvm::CallBase>(&inst);
      if (!call || !call->isInlineAsm())
        continue;
      llvm::StringRef text =
          llvm::cast<llvm::InlineAsm>(call->getCalledOperand())->getAsmString();
      for (const InlinePtxRequirement &requirement : kInlinePtxRequirements)
        if (text.contains(requirement.text) && needed < requirement.ptx) {
          needed = requirement.ptx;
          neededBy = requirement.what;
        }
    }
  // DWARF sections with label differences (full debug info) need PTX 7.5.
  static constexpr PtxVersion kDebugSectionsPtx{7, 5};
  for (const llvm::DICompileUnit *unit : module.debug_compile_units())
    if (unit->getEmissionKind() == llvm::DICompileUnit::FullDebug &&
        needed < kDebugSectionsPtx) {
      needed = kDebugSectionsPtx;
      neededBy = "full debug information (-g)";
    }
  for (const llvm::Function &function : module)
    if (function.hasFnAttribute("nvvm.blocksareclusters") &&
        needed < targetspec::kBlocksAreClustersPtx) {
      needed = targetspec::kBlocksAreClustersPtx;
      neededBy = ".blocksareclusters (kernel " + function.getName().str() +
                 " has a cluster of more than one CTA)";
    }
  if (needed > newest)
    return makeError(neededBy + " needs PTX ISA " + needed.str() +
                     ", newer than the newest this compiler can emit (" +
                     newest.str() + ")");

  switch (request.kind) {
  case PtxVersionRequest::Kind::Min:
    return needed;
  case PtxVersionRequest::Kind::Max:
    return newest;
  case PtxVersionRequest::Kind::Explicit:
    break;
  }
  const PtxVersion asked = request.version;
  if (asked > newest)
    return makeError("--ptx-version=" + asked.str() +
                     " is newer than the newest PTX ISA this compiler can "
                     "emit (" +
                     newest.str() + ")");
  if (asked < target.minPtx())
    return makeError("--ptx-version=" + asked.str() + " is too low for " +
                     target.name() + ", which needs PTX ISA " +
                     target.minPtx().str() + " or newer");
  if (asked < needed)
    return makeError("--ptx-version=" + asked.str() + " is too low: " +
                     neededBy + " needs PTX ISA " + needed.str() + " or newer");
  return asked;
}

static llvm::CodeGenOptLevel codegenOptLevel(unsigned optLevel) {
  switch (optLevel) {
  case 0:
    return llvm::CodeGenOptLevel::None;
  case 1:
    return llvm::CodeGenOptLevel::Less;
  case 2:
    return llvm::CodeGenOptLevel::Default;
  default:
    return llvm::CodeGenOptLevel::Aggressive;
  }
}

llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
codegen::createTargetMachine(const targetspec::Target &target, PtxVersion ptx,
                             unsigned optLevel,
                             const NumericOptions &numerics) {
  initializeNvptxTarget();
  // LLVM reports a fatal error (and the process exits) for a PTX version
  // below the chip's minimum; refuse before it can.
  if (ptx < target.llvmMinPtx() || ptx < target.minPtx())
    return makeError("PTX ISA " + ptx.str() + " does not support " +
                     target.name() + "; the minimum is " +
                     target.minPtx().str());
  if (ptx > targetspec::newestLlvmPtx())
    return makeError("PTX ISA " + ptx.str() +
                     " is newer than this compiler can emit");
  if (optLevel > 3)
    return makeError("invalid optimization level");

  llvm::Triple triple(kTriple);
  std::string error;
  const llvm::Target *llvmTarget =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!llvmTarget)
    return makeError("cannot find the NVPTX backend: " + error);

  llvm::TargetOptions options;
  options.AllowFPOpFusion =
      numerics.fmad ? llvm::FPOpFusion::Fast : llvm::FPOpFusion::Strict;
  std::unique_ptr<llvm::TargetMachine> tm(llvmTarget->createTargetMachine(
      triple, target.name(), "+" + ptx.featureName(), options, std::nullopt,
      std::nullopt, codegenOptLevel(optLevel)));
  if (!tm)
    return makeError("cannot create an NVPTX target machine for " +
                     target.name());
  return tm;
}

void codegen::applyNumericOptions(llvm::Module &module,
                                  const NumericOptions &numerics) {
  for (llvm::Function &function : module) {
    if (function.isDeclaration())
      continue;
    if (numerics.ftz)
      function.addFnAttr("denormal-fp-math-f32", "preserve-sign,preserve-sign");
    for (llvm::Instruction &inst : llvm::instructions(function)) {
      auto *fpOp = llvm::dyn_cast<llvm::FPMathOperator>(&inst);
      if (!fpOp)
        continue;
      unsigned opcode = inst.getOpcode();
      // Contraction is decided per instruction by the NVPTX backend, so
      // --fmad adds or removes the `contract` flag on the candidates.
      if (opcode == llvm::Instruction::FMul ||
          opcode == llvm::Instruction::FAdd ||
          opcode == llvm::Instruction::FSub)
        inst.setHasAllowContract(numerics.fmad);
      bool isF32 = inst.getType()->getScalarType()->isFloatTy();
      if (!numerics.precDiv && isF32 && opcode == llvm::Instruction::FDiv)
        inst.setHasApproxFunc(true);
      if (!numerics.precSqrt && isF32)
        if (auto *intrinsic = llvm::dyn_cast<llvm::IntrinsicInst>(&inst))
          if (intrinsic->getIntrinsicID() == llvm::Intrinsic::sqrt)
            inst.setHasApproxFunc(true);
    }
  }
  // libdevice asks __nvvm_reflect("__CUDA_FTZ"); NVVMReflect answers from
  // this module flag.
  if (numerics.ftz)
    module.addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz", 1);
}

llvm::Error codegen::optimizeModule(llvm::Module &module,
                                    llvm::TargetMachine &tm,
                                    unsigned optLevel) {
  // Keeps compile time linear in the elements per thread (-O0 runs no
  // InstCombine and inlines everything, as before).
  if (optLevel > 0)
    limitLibdeviceInlining(module, tm);
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  // The PassBuilder asks the NVPTX TargetMachine to register its own
  // callbacks (NVVMReflect, NVVM intrinsic ranges, NVPTX alias analysis).
  llvm::PassBuilder pb(&tm);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);

  llvm::ModulePassManager mpm;
  switch (optLevel) {
  case 0:
    mpm = pb.buildO0DefaultPipeline(llvm::OptimizationLevel::O0);
    break;
  case 1:
    mpm = pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O1);
    break;
  case 2:
    mpm = pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O2);
    break;
  case 3:
    mpm = pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3);
    break;
  default:
    return makeError("invalid optimization level");
  }
  mpm.run(module, mam);
  return llvm::Error::success();
}

llvm::Expected<std::string> codegen::emitAssembly(llvm::Module &module,
                                                  llvm::TargetMachine &tm) {
  llvm::SmallString<0> buffer;
  llvm::raw_svector_ostream os(buffer);
  llvm::legacy::PassManager pm;
  // The module was verified before optimization (verify below); the
  // optimizer keeps it valid, so codegen need not verify it again.
  if (tm.addPassesToEmitFile(pm, os, nullptr,
                             llvm::CodeGenFileType::AssemblyFile,
                             /*DisableVerify=*/true))
    return makeError("the NVPTX backend cannot emit assembly");
  pm.run(module);
  return std::string(buffer.str());
}

static llvm::Error verify(const llvm::Module &module, llvm::StringRef when) {
  std::string message;
  llvm::raw_string_ostream os(message);
  if (llvm::verifyModule(module, &os))
    return makeError("internal error: invalid LLVM IR " + when + ": " +
                     os.str());
  return llvm::Error::success();
}

namespace {
/// The state after optimization: the PTX version chosen and the
/// TargetMachine that optimized the module (reused to emit it).
struct OptimizedModule {
  PtxVersion ptx;
  std::unique_ptr<llvm::TargetMachine> tm;
};
} // namespace

namespace {
/// Collects what the NVPTX backend reports through the LLVMContext (LLVM's
/// default handler would print and exit the process on an error).
class CollectingDiagnosticHandler : public llvm::DiagnosticHandler {
public:
  explicit CollectingDiagnosticHandler(std::vector<std::string> &errors)
      : errors(errors) {}
  bool handleDiagnostics(const llvm::DiagnosticInfo &info) override {
    if (info.getSeverity() != llvm::DS_Error)
      return true;
    std::string text;
    llvm::raw_string_ostream os(text);
    llvm::DiagnosticPrinterRawOStream printer(os);
    info.print(printer);
    errors.push_back(text);
    return true;
  }

private:
  std::vector<std::string> &errors;
};

/// Installs the collecting handler for the lifetime of this object.
class ScopedDiagnostics {
public:
  explicit ScopedDiagnostics(llvm::LLVMContext &context) : context(context) {
    previous = context.getDiagnosticHandler();
    context.setDiagnosticHandler(
        std::make_unique<CollectingDiagnosticHandler>(errors));
  }
  ~ScopedDiagnostics() { context.setDiagnosticHandler(std::move(previous)); }

  llvm::Error takeError() {
    llvm::Error result = llvm::Error::success();
    for (const std::string &error : errors)
      result = llvm::joinErrors(std::move(result), makeError(error));
    errors.clear();
    return result;
  }

private:
  llvm::LLVMContext &context;
  std::unique_ptr<llvm::DiagnosticHandler> previous;
  std::vector<std::string> errors;
};
} // namespace

static llvm::Expected<OptimizedModule>
prepareAndOptimizeImpl(llvm::Module &module, const CodegenOptions &options,
                       const IRObserver &observer) {
  initializeNvptxTarget();
  module.setTargetTriple(llvm::Triple(kTriple));

  auto ptx = selectPtxVersion(module, options.target, options.ptxVersion);
  if (!ptx)
    return ptx.takeError();
  if (llvm::Error error = checkTargetLegality(module, options.target, *ptx))
    return std::move(error);

  // Locations were kept so the legality check could name them; drop them
  // unless debug output was asked for.
  if (options.debug == DebugLevel::None)
    llvm::StripDebugInfo(module);

  applyNumericOptions(module, options.numerics);
  if (llvm::Error error = linkLibdeviceIfNeeded(module, options.cudaPath))
    return std::move(error);

  auto tm = createTargetMachine(options.target, *ptx, options.optLevel,
                                options.numerics);
  if (!tm)
    return tm.takeError();
  module.setDataLayout((*tm)->createDataLayout());
  if (llvm::Error error = verify(module, "before optimization"))
    return std::move(error);

  if (observer)
    observer("llvm-before-opt", module);
  if (llvm::Error error = optimizeModule(module, **tm, options.optLevel))
    return std::move(error);
  if (observer)
    observer("llvm-after-opt", module);
  return OptimizedModule{*ptx, std::move(*tm)};
}

llvm::Expected<PtxVersion>
codegen::prepareAndOptimize(llvm::Module &module, const CodegenOptions &options,
                            const IRObserver &observer) {
  ScopedDiagnostics diagnostics(module.getContext());
  auto optimized = prepareAndOptimizeImpl(module, options, observer);
  if (!optimized)
    return optimized.takeError();
  if (llvm::Error error = diagnostics.takeError())
    return std::move(error);
  return optimized->ptx;
}

llvm::Expected<PtxResult> codegen::compileToPtx(llvm::Module &module,
                                                const CodegenOptions &options,
                                                const IRObserver &observer) {
  ScopedDiagnostics diagnostics(module.getContext());
  auto optimized = prepareAndOptimizeImpl(module, options, observer);
  if (!optimized)
    return optimized.takeError();
  auto text = emitAssembly(module, *optimized->tm);
  if (!text)
    return text.takeError();
  if (llvm::Error error = diagnostics.takeError())
    return std::move(error);
  return PtxResult{std::move(*text), optimized->ptx};
}
