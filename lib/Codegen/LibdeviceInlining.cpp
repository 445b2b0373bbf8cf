//===- LibdeviceInlining.cpp - bound inlined libdevice control flow -------===//

#include "tileiras/Codegen/LibdeviceInlining.h"

#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"

#include <algorithm>

using namespace llvm;

/// NVVMReflect and SimplifyCFG first: most libdevice functions branch only
/// on __nvvm_reflect("__CUDA_FTZ") and are straight-line afterwards.
static void foldReflectBranches(Module &module, TargetMachine &tm) {
  LoopAnalysisManager lam;
  FunctionAnalysisManager fam;
  CGSCCAnalysisManager cgam;
  ModuleAnalysisManager mam;
  PassBuilder pb(&tm);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  ModulePassManager mpm;
  for (StringRef pipeline : {"nvvm-reflect,function(simplifycfg)",
                             "function(nvvm-reflect,simplifycfg)"}) {
    if (Error error = pb.parsePassPipeline(mpm, pipeline)) {
      consumeError(std::move(error)); // try the other spelling
      mpm = ModulePassManager();
      continue;
    }
    mpm.run(module, mam);
    return;
  }
}

static unsigned countCallSites(const Function &function) {
  unsigned calls = 0;
  for (const User *user : function.users())
    if (const auto *call = dyn_cast<CallBase>(user))
      if (call->getCalledFunction() == &function)
        ++calls;
  return calls;
}

void tileiras::codegen::limitLibdeviceInlining(Module &module,
                                               TargetMachine &tm) {
  auto isInlinedLibdevice = [](const Function &function) {
    return !function.isDeclaration() &&
           function.getName().starts_with("__nv_") &&
           function.hasFnAttribute(Attribute::AlwaysInline);
  };
  if (llvm::none_of(module.functions(), isInlinedLibdevice))
    return;
  foldReflectBranches(module, tm);

  std::vector<std::pair<unsigned, Function *>> branching;
  unsigned total = 0;
  for (Function &function : module.functions()) {
    if (!isInlinedLibdevice(function) || function.size() < 2)
      continue;
    unsigned calls = countCallSites(function);
    branching.push_back({calls, &function});
    total += calls;
  }
  // Most-called first (then by name, so the result never depends on the
  // order of the module's function list).
  llvm::sort(branching, [](const auto &a, const auto &b) {
    if (a.first != b.first)
      return a.first > b.first;
    return a.second->getName() < b.second->getName();
  });
  for (auto &[calls, function] : branching) {
    if (calls <= kMaxInlinedCopies && total <= kMaxInlinedBranchingCalls)
      break;
    function->removeFnAttr(Attribute::AlwaysInline);
    function->addFnAttr(Attribute::NoInline);
    total -= calls;
  }
}
