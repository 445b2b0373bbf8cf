//===- LLVMDiffTest.cpp - our tables against LLVM 22's NVPTX tables -------===//
//
// The CPU and feature tables are compared with the ones LLVM's NVPTX backend
// was generated from (through MCSubtargetInfo), so a drift on either side
// fails here. Known differences are listed explicitly; anything else fails.
//
//===----------------------------------------------------------------------===//

#include "tileiras/TargetSpec/TargetSpec.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"

#include "gtest/gtest.h"

#include <map>
#include <memory>
#include <set>
#include <string>

using namespace tileiras::targetspec;

extern "C" void LLVMInitializeNVPTXTargetInfo();
extern "C" void LLVMInitializeNVPTXTargetMC();
extern "C" void LLVMInitializeNVPTXTarget();
extern "C" void LLVMInitializeNVPTXAsmPrinter();

namespace {

// CPU rows of the reference table that LLVM 22 does not have: placeholders
// with no known product.
const std::set<std::string> kCpusLlvmLacks = {"sm_73", "sm_82"};
// Features of the reference table that are not LLVM subtarget features: the
// numeric knobs are cl::opts / function attributes upstream, tmem is
// NVIDIA-only, and the two placeholder CPUs above.
const std::set<std::string> kFeaturesLlvmLacks = {
    "fma-level=0",    "fma-level=1",       "fma-level=2",   "prec-divf32=0",
    "prec-divf32=1",  "prec-divf32=2",     "prec-divf32=3", "prec-sqrtf32=0",
    "prec-sqrtf32=1", "sharedmem32bitptr", "tmem",          "sm_73",
    "sm_82"};

class LLVMDiff : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXAsmPrinter();
    llvm::Triple triple("nvptx64-nvidia-cuda");
    std::string error;
    const llvm::Target *target =
        llvm::TargetRegistry::lookupTarget(triple, error);
    ASSERT_NE(target, nullptr) << error;
    sti.reset(target->createMCSubtargetInfo(triple, "sm_75", ""));
    ASSERT_NE(sti, nullptr);
    for (const llvm::SubtargetFeatureKV &f : sti->getAllProcessorFeatures())
      featureByBit[f.Value] = f.Key;
  }
  static void TearDownTestSuite() { sti.reset(); }

  /// The feature keys an LLVM processor row implies.
  static std::set<std::string> implied(const llvm::SubtargetSubTypeKV &row) {
    std::set<std::string> keys;
    const llvm::FeatureBitset &bits = row.Implies.getAsBitset();
    for (const auto &[bit, key] : featureByBit)
      if (bits.test(bit))
        keys.insert(key);
    return keys;
  }

  static std::unique_ptr<llvm::MCSubtargetInfo> sti;
  static std::map<unsigned, std::string> featureByBit;
};

std::unique_ptr<llvm::MCSubtargetInfo> LLVMDiff::sti;
std::map<unsigned, std::string> LLVMDiff::featureByBit;

TEST_F(LLVMDiff, EveryLlvmCpuFromSm75IsOurs) {
  unsigned checked = 0;
  for (const llvm::SubtargetSubTypeKV &row :
       sti->getAllProcessorDescriptions()) {
    std::optional<unsigned> sm = parseSmVersionTimesTen(row.Key);
    ASSERT_TRUE(sm.has_value()) << row.Key;
    if (*sm < 75)
      continue;
    ++checked;
    EXPECT_NE(lookupCpu(row.Key), nullptr)
        << "LLVM 22 knows " << row.Key << " but our CPU table does not";
  }
  EXPECT_GE(checked, 25u);
}

TEST_F(LLVMDiff, ImpliedSmFeatureIsOurSelfBit) {
  for (const llvm::SubtargetSubTypeKV &row :
       sti->getAllProcessorDescriptions()) {
    SCOPED_TRACE(row.Key);
    const CpuDesc *ours = lookupCpu(row.Key);
    ASSERT_NE(ours, nullptr);
    std::set<std::string> sm, ptx;
    for (const std::string &k : implied(row))
      (llvm::StringRef(k).starts_with("ptx") ? ptx : sm).insert(k);
    // LLVM 22 rows imply exactly their own SM feature and, like the
    // reference build, no PTX feature (the minimum PTX lives in code).
    ASSERT_EQ(sm.size(), 1u);
    EXPECT_EQ(*sm.begin(), getFeatureTable()[ours->featureIndex].key);
    EXPECT_EQ(*sm.begin(), std::string(row.Key));
    EXPECT_TRUE(ptx.empty());
    EXPECT_TRUE(ours->implies.count() == 1 ||
                ours->implies.test(feature::TMem));
    EXPECT_TRUE(row.TuneImplies.getAsBitset().none());
  }
}

/// The .version LLVM 22 prints for an empty kernel on `cpu` when no +ptxNN
/// is given: its own minimum PTX for that chip.
std::string llvmDefaultPtx(const std::string &cpu) {
  llvm::Triple triple("nvptx64-nvidia-cuda");
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return "no target: " + error;
  std::unique_ptr<llvm::TargetMachine> tm(target->createTargetMachine(
      triple, cpu, "", llvm::TargetOptions(), std::nullopt));
  llvm::LLVMContext ctx;
  llvm::Module m("empty", ctx);
  m.setTargetTriple(triple);
  m.setDataLayout(tm->createDataLayout());
  llvm::Function *k = llvm::Function::Create(
      llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), false),
      llvm::GlobalValue::ExternalLinkage, "k", m);
  k->setCallingConv(llvm::CallingConv::PTX_Kernel);
  llvm::IRBuilder<>(llvm::BasicBlock::Create(ctx, "entry", k)).CreateRetVoid();
  llvm::SmallString<1024> ptx;
  llvm::raw_svector_ostream os(ptx);
  llvm::legacy::PassManager pm;
  if (tm->addPassesToEmitFile(pm, os, nullptr,
                              llvm::CodeGenFileType::AssemblyFile))
    return "cannot emit";
  pm.run(m);
  llvm::SmallVector<llvm::StringRef, 2> match;
  if (!llvm::Regex("\\.version ([0-9]+\\.[0-9]+)").match(ptx, &match))
    return "no .version";
  return match[1].str();
}

TEST_F(LLVMDiff, DefaultPtxIsOurLlvmMinimum) {
  for (const Target &t : acceptedTargets()) {
    SCOPED_TRACE(t.name());
    EXPECT_EQ(llvmDefaultPtx(t.name()), t.llvmMinPtx().str());
    // Our minimum is never below LLVM's (LLVM aborts below it).
    EXPECT_GE(t.minPtx(), t.llvmMinPtx());
  }
}

TEST_F(LLVMDiff, EveryCpuRowOfOursIsKnownToLlvm) {
  std::set<std::string> llvmCpus;
  for (const llvm::SubtargetSubTypeKV &row : sti->getAllProcessorDescriptions())
    llvmCpus.insert(row.Key);
  for (const CpuDesc &row : getCpuTable()) {
    bool known = llvmCpus.count(row.key) != 0;
    EXPECT_EQ(known, kCpusLlvmLacks.count(row.key) == 0)
        << row.key << (known ? " is" : " is not") << " an LLVM 22 CPU";
  }
  // And the two tables have the same size up to those exceptions.
  EXPECT_EQ(llvmCpus.size() + kCpusLlvmLacks.size(), getCpuTable().size());
}

TEST_F(LLVMDiff, FeatureTablesAgree) {
  std::set<std::string> llvmFeatures;
  for (const auto &[bit, key] : featureByBit)
    llvmFeatures.insert(key);
  std::set<std::string> ours;
  for (const FeatureDesc &f : getFeatureTable()) {
    ours.insert(f.key);
    bool known = llvmFeatures.count(f.key) != 0;
    EXPECT_EQ(known, kFeaturesLlvmLacks.count(f.key) == 0)
        << f.key << (known ? " is" : " is not") << " an LLVM 22 feature";
  }
  for (const std::string &k : llvmFeatures)
    EXPECT_TRUE(ours.count(k)) << "LLVM 22 feature " << k << " is missing";
}

TEST_F(LLVMDiff, PtxSelectorsAreExactlyLlvms) {
  std::set<std::string> llvmPtx;
  for (const auto &[bit, key] : featureByBit)
    if (llvm::StringRef(key).starts_with("ptx"))
      llvmPtx.insert(key);
  std::set<std::string> ours;
  for (const PtxVersion &v : knownPtxVersions())
    ours.insert(v.featureName());
  EXPECT_EQ(ours, llvmPtx);
  EXPECT_EQ(*llvmPtx.rbegin(), newestLlvmPtx().featureName());
}

TEST_F(LLVMDiff, ResolutionMatchesLlvmForEveryAcceptedTarget) {
  // The subtarget LLVM builds for "<cpu>,+ptxNN" has the same SM and PTX
  // features set as our resolution of the same request.
  llvm::Triple triple("nvptx64-nvidia-cuda");
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  ASSERT_NE(target, nullptr) << error;
  for (const Target &t : acceptedTargets()) {
    SCOPED_TRACE(t.name());
    std::string fs = "+" + t.minPtx().featureName();
    std::unique_ptr<llvm::MCSubtargetInfo> s(
        target->createMCSubtargetInfo(triple, t.name(), fs));
    ASSERT_NE(s, nullptr);
    ResolvedSubtarget ours = resolveSubtarget(t.name(), llvm::StringRef(fs));
    for (const auto &[bit, key] : featureByBit) {
      std::optional<unsigned> idx = lookupFeature(key);
      ASSERT_TRUE(idx.has_value()) << key;
      // LLVM's CPU row also implies its minimum PTX feature; ours implies
      // none (the driver always passes +ptxNN), so that one bit may differ.
      if (key == t.llvmMinPtx().featureName() && key != fs.substr(1))
        continue;
      EXPECT_EQ(ours.hasFeature(*idx), s->getFeatureBits().test(bit)) << key;
    }
  }
}

} // namespace
