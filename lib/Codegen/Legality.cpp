//===- Legality.cpp - target legality check before isel -------------------===//

#include "tileiras/Codegen/Legality.h"
#include "tileiras/Codegen/Diagnostics.h"
#include "tileiras/Codegen/Tcgen05Legality.h"

#include "llvm/ADT/SmallSet.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace tileiras;
using namespace tileiras::codegen;
using targetspec::InstrFamily;

static std::string describeLocation(const llvm::Instruction &inst) {
  const llvm::DILocation *loc = inst.getDebugLoc().get();
  if (!loc || loc->getLine() == 0)
    return "";
  std::string text = loc->getFilename().str();
  if (text.empty())
    text = "<unknown>";
  text += ":" + std::to_string(loc->getLine());
  if (loc->getColumn())
    text += ":" + std::to_string(loc->getColumn());
  return text;
}

static bool isAtomic128(const llvm::Instruction &inst) {
  llvm::Type *type = nullptr;
  if (auto *rmw = llvm::dyn_cast<llvm::AtomicRMWInst>(&inst))
    type = rmw->getValOperand()->getType();
  else if (auto *cas = llvm::dyn_cast<llvm::AtomicCmpXchgInst>(&inst))
    type = cas->getNewValOperand()->getType();
  return type && type->getPrimitiveSizeInBits() == 128;
}

std::vector<FamilyUse> codegen::collectFamilyUses(const llvm::Module &module) {
  std::vector<FamilyUse> uses;
  for (const llvm::Function &function : module) {
    for (const llvm::Instruction &inst : llvm::instructions(function)) {
      if (auto *call = llvm::dyn_cast<llvm::CallBase>(&inst)) {
        const llvm::Function *callee = call->getCalledFunction();
        if (!callee || !callee->isIntrinsic())
          continue;
        if (auto family = targetspec::classifyNvvmIntrinsic(callee->getName()))
          uses.push_back({*family, callee->getName().str(),
                          describeLocation(inst), &inst});
        continue;
      }
      if (isAtomic128(inst))
        uses.push_back({InstrFamily::Atomic128,
                        std::string(inst.getOpcodeName()) + " i128",
                        describeLocation(inst), &inst});
    }
  }
  return uses;
}

targetspec::PtxVersion
codegen::requiredPtxForUse(const targetspec::Target &target,
                           const FamilyUse &use) {
  // An intrinsic may need more (or less) than its family's minimum.
  if (llvm::StringRef(use.operation).starts_with("llvm."))
    return targetspec::requiredPtxForIntrinsic(target, use.operation);
  return targetspec::requiredPtx(target, use.family);
}

llvm::Error codegen::checkTargetLegality(const llvm::Module &module,
                                         const targetspec::Target &target,
                                         targetspec::PtxVersion ptx) {
  llvm::Error errors = llvm::Error::success();
  // One report per (operation, location): a loop body that uses wgmma eight
  // times needs one message, not eight.
  llvm::SmallSet<std::pair<std::string, std::string>, 8> reported;
  for (const FamilyUse &use : collectFamilyUses(module)) {
    std::string message;
    // The kind-word checks come first on targets that have tcgen05 at all:
    // their messages say what is wrong with the qualifiers, where the
    // narrower families (scale_d, sparse mxf4) would only name chips.
    auto *call = llvm::dyn_cast_or_null<llvm::CallBase>(use.instruction);
    std::optional<std::string> kindWord;
    if (call && targetspec::targetSupports(target, InstrFamily::Tcgen05))
      kindWord = checkTcgen05Mma(*call, target);
    if (kindWord) {
      message = std::move(*kindWord);
    } else if (!targetspec::targetSupports(target, use.family)) {
      message = targetspec::unsupportedFamilyMessage(target, use.family);
    } else {
      targetspec::PtxVersion needed = requiredPtxForUse(target, use);
      if (ptx < needed)
        message = std::string(targetspec::getInstrFamilyInfo(use.family).name) +
                  " requires PTX ISA " + needed.str() +
                  "; the module is built for PTX ISA " + ptx.str();
    }
    if (message.empty() ||
        !reported.insert({use.operation, use.location}).second)
      continue;
    if (!kindWord)
      message += " (operation " + use.operation + ")";
    errors = llvm::joinErrors(std::move(errors),
                              makeLocatedError(use.location, message));
  }
  return errors;
}
