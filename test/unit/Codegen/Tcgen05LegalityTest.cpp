//===- Tcgen05LegalityTest.cpp - tcgen05.mma kind-word checks -------------===//

#include "tileiras/Codegen/Tcgen05Legality.h"
#include "tileiras/Codegen/PtxEmitter.h"
#include "tileiras/TargetSpec/InstructionFamily.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Attributes.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

#include <functional>
#include <set>

using namespace tileiras;
using namespace tileiras::codegen;
using targetspec::Target;

namespace {

Target target(llvm::StringRef name) { return *targetspec::lookupTarget(name); }

std::vector<Target> tmemTargets() {
  std::vector<Target> targets;
  for (const Target &t : targetspec::acceptedTargets())
    if (t.hasTMem())
      targets.push_back(t);
  return targets;
}

/// Every LLVM 22 intrinsic whose name starts with llvm.nvvm.tcgen05.mma.
std::vector<llvm::Intrinsic::ID> tcgen05MmaIntrinsics() {
  std::vector<llvm::Intrinsic::ID> ids;
  for (unsigned id = 1; id < llvm::Intrinsic::num_intrinsics; ++id)
    if (llvm::Intrinsic::getBaseName(id).starts_with("llvm.nvvm.tcgen05.mma"))
      ids.push_back(id);
  return ids;
}

unsigned checkNumber(const Tcgen05MmaForm &form, llvm::StringRef chip) {
  const Tcgen05Check *check = firstFailingTcgen05Check(form, target(chip));
  return check ? check->number : 0;
}

TEST(Tcgen05Legality, ChecksAreNumberedInOrderWithNvidiaTextFirst) {
  llvm::ArrayRef<Tcgen05Check> checks = tcgen05Checks();
  ASSERT_GE(checks.size(), 13u);
  for (size_t i = 0; i < checks.size(); ++i) {
    EXPECT_EQ(checks[i].number, i + 1);
    EXPECT_EQ(checks[i].verbatim, i < 13) << checks[i].number;
  }
  // Byte for byte, the typo in check 10 included.
  EXPECT_STREQ(checks[9].message,
               "Cannot use collector::a::use or colletor::a::fill with ashift");
}

TEST(Tcgen05Legality, ParsesEveryLlvmIntrinsicName) {
  llvm::LLVMContext context;
  llvm::Module module("m", context);
  std::vector<llvm::Intrinsic::ID> ids = tcgen05MmaIntrinsics();
  // 12 dense, 24 disable_output_lane, 24 block-scaled, 8 weight stationary.
  ASSERT_EQ(ids.size(), 68u);
  for (llvm::Intrinsic::ID id : ids) {
    llvm::StringRef name = llvm::Intrinsic::getBaseName(id);
    auto signature = parseTcgen05MmaName(name);
    ASSERT_TRUE(signature) << name.str();
    // The immediates we read are the trailing immarg operands.
    llvm::Function *decl = llvm::Intrinsic::getOrInsertDeclaration(&module, id);
    unsigned numArgs = decl->arg_size();
    for (unsigned i = numArgs - signature->numImmediates(); i < numArgs; ++i)
      EXPECT_TRUE(decl->hasParamAttribute(i, llvm::Attribute::ImmArg))
          << name.str() << " operand " << i;
  }
  EXPECT_FALSE(parseTcgen05MmaName("llvm.nvvm.tcgen05.mma.shared.bogus"));
  EXPECT_FALSE(parseTcgen05MmaName("llvm.nvvm.tcgen05.mmax.shared"));
  EXPECT_FALSE(parseTcgen05MmaName("llvm.nvvm.tcgen05.commit.cg1"));
}

TEST(Tcgen05Legality, DecodesNamesIntoForms) {
  auto sig = parseTcgen05MmaName(
      "llvm.nvvm.tcgen05.mma.sp.tensor.mxf4nvf4.block_scale.block16");
  ASSERT_TRUE(sig);
  auto form = applyTcgen05Immediates(*sig, {2, 3});
  ASSERT_TRUE(form);
  EXPECT_TRUE(form->sparse);
  EXPECT_TRUE(form->blockScale);
  EXPECT_EQ(form->kind, Tcgen05MmaKind::MXF4NVF4);
  EXPECT_EQ(form->scaleVec, Tcgen05ScaleVec::X4);
  EXPECT_FALSE(form->scaleVecQualifier);
  EXPECT_EQ(form->ctaGroup, 2u);
  EXPECT_EQ(form->collectorA, Tcgen05Collector::Use);

  sig = parseTcgen05MmaName(
      "llvm.nvvm.tcgen05.mma.tensor.scale_d.disable_output_lane.cg2.ashift");
  ASSERT_TRUE(sig);
  form = applyTcgen05Immediates(*sig, {1, 1});
  ASSERT_TRUE(form);
  EXPECT_TRUE(form->scaleInputAccumulator);
  EXPECT_TRUE(form->ashift);
  EXPECT_EQ(form->ctaGroup, 2u);
  EXPECT_EQ(form->kind, Tcgen05MmaKind::TF32);
  EXPECT_EQ(form->collectorA, Tcgen05Collector::LastUse);

  sig = parseTcgen05MmaName("llvm.nvvm.tcgen05.mma.ws.sp.shared.zero_col_mask");
  ASSERT_TRUE(sig);
  form = applyTcgen05Immediates(*sig, {3, 2, 1});
  ASSERT_TRUE(form);
  EXPECT_TRUE(form->weightStationary);
  EXPECT_EQ(form->kind, Tcgen05MmaKind::I8);
  EXPECT_EQ(form->ctaGroup, 1u);

  // Out of LLVM's ranges: not decoded (the IR verifier reports those).
  sig = parseTcgen05MmaName("llvm.nvvm.tcgen05.mma.shared");
  EXPECT_FALSE(applyTcgen05Immediates(*sig, {4, 1, 0}));
  EXPECT_FALSE(applyTcgen05Immediates(*sig, {0, 3, 0}));
  EXPECT_FALSE(applyTcgen05Immediates(*sig, {0, 1}));
}

// Exhausts what LLVM 22 can express: every tcgen05.mma intrinsic, every
// immediate its `range` attributes allow, every tensor-memory target. The
// checks that fire are exactly the ones marked reachable.
TEST(Tcgen05Legality, ReachableChecksMatchLlvmIntrinsics) {
  llvm::LLVMContext context;
  llvm::Module module("m", context);
  std::set<unsigned> fired;
  for (llvm::Intrinsic::ID id : tcgen05MmaIntrinsics()) {
    llvm::StringRef name = llvm::Intrinsic::getBaseName(id);
    auto signature = parseTcgen05MmaName(name);
    ASSERT_TRUE(signature);
    llvm::Function *decl = llvm::Intrinsic::getOrInsertDeclaration(&module, id);
    unsigned count = signature->numImmediates();
    std::vector<std::pair<uint64_t, uint64_t>> ranges;
    for (unsigned i = decl->arg_size() - count; i < decl->arg_size(); ++i) {
      llvm::Attribute range =
          decl->getAttributes().getParamAttr(i, llvm::Attribute::Range);
      ASSERT_TRUE(range.isValid()) << name.str();
      ranges.push_back({range.getRange().getLower().getZExtValue(),
                        range.getRange().getUpper().getZExtValue()});
    }
    std::vector<uint64_t> values(count);
    std::function<void(unsigned)> walk = [&](unsigned slot) {
      if (slot == count) {
        auto form = applyTcgen05Immediates(*signature, values);
        ASSERT_TRUE(form) << name.str();
        for (const Target &t : tmemTargets())
          if (const Tcgen05Check *check = firstFailingTcgen05Check(*form, t))
            fired.insert(check->number);
        return;
      }
      for (uint64_t v = ranges[slot].first; v < ranges[slot].second; ++v) {
        values[slot] = v;
        walk(slot + 1);
      }
    };
    walk(0);
  }
  std::set<unsigned> reachable;
  for (const Tcgen05Check &check : tcgen05Checks())
    if (check.reachableInLlvm22)
      reachable.insert(check.number);
  EXPECT_EQ(fired, reachable);
  EXPECT_EQ(reachable, (std::set<unsigned>{1, 2, 4, 14}));
}

// Each of NVIDIA's checks, from synthetic forms (most cannot come from LLVM
// 22 IR), in order: a form failing two checks reports the earlier one.
TEST(Tcgen05Legality, EveryCheckAndFirstFailureWins) {
  using K = Tcgen05MmaKind;
  using SV = Tcgen05ScaleVec;
  Tcgen05MmaForm form;
  EXPECT_EQ(checkNumber(form, "sm_100f"), 0u);

  form.kind = K::I8;
  EXPECT_EQ(checkNumber(form, "sm_100f"), 1u);
  EXPECT_EQ(checkNumber(form, "sm_103f"), 1u); // before our sm_103 check
  EXPECT_EQ(checkNumber(form, "sm_103a"), 14u);
  EXPECT_EQ(checkNumber(form, "sm_100a"), 0u);
  EXPECT_EQ(checkNumber(form, "sm_110a"), 0u);

  form = {};
  form.sparse = true;
  form.blockScale = true;
  form.kind = K::MXF4NVF4;
  form.scaleVec = SV::X4;
  EXPECT_EQ(checkNumber(form, "sm_110f"), 2u);
  EXPECT_EQ(checkNumber(form, "sm_103a"), 0u);

  form = {};
  form.blockScale = true;
  form.kind = K::MXF8F6F4;
  form.scaleVec = SV::X1;
  EXPECT_EQ(checkNumber(form, "sm_100f"), 0u); // the .block32 alias
  form.scaleVecQualifier = true;
  EXPECT_EQ(checkNumber(form, "sm_100f"), 3u); // .scale_vec::1X
  EXPECT_EQ(checkNumber(form, "sm_100a"), 0u);

  form = {};
  form.scaleInputAccumulator = true;
  EXPECT_EQ(checkNumber(form, "sm_110a"), 4u);
  EXPECT_EQ(checkNumber(form, "sm_103f"), 0u);
  form.kind = K::F8F6F4;
  EXPECT_EQ(checkNumber(form, "sm_110a"), 4u);
  EXPECT_EQ(checkNumber(form, "sm_100a"), 5u);

  form = {};
  form.blockScale = true;
  form.kind = K::TF32;
  EXPECT_EQ(checkNumber(form, "sm_100a"), 6u);
  form.kind = K::MXF4;
  form.ashift = true;
  EXPECT_EQ(checkNumber(form, "sm_100a"), 7u);

  form = {};
  form.weightStationary = true;
  form.ctaGroup = 2;
  form.kind = K::MXF4;
  EXPECT_EQ(checkNumber(form, "sm_100a"), 8u);
  form.ctaGroup = 1;
  EXPECT_EQ(checkNumber(form, "sm_100a"), 9u);
  form.kind = K::F8F6F4; // legal: ptxas 13.0 assembles it
  EXPECT_EQ(checkNumber(form, "sm_100a"), 0u);

  form = {};
  form.ashift = true;
  form.collectorA = Tcgen05Collector::Fill;
  EXPECT_EQ(checkNumber(form, "sm_100a"), 10u);
  form.collectorA = Tcgen05Collector::LastUse;
  EXPECT_EQ(checkNumber(form, "sm_100a"), 0u);

  form = {};
  form.blockScale = true;
  form.kind = K::MXF8F6F4;
  form.scaleVec = SV::X2;
  EXPECT_EQ(checkNumber(form, "sm_100a"), 11u);
  form.kind = K::MXF4NVF4;
  form.scaleVec = SV::X1;
  EXPECT_EQ(checkNumber(form, "sm_100a"), 12u);
  form.kind = K::MXF4;
  EXPECT_EQ(checkNumber(form, "sm_100a"), 13u);
  form.scaleVec = SV::X4;
  EXPECT_EQ(checkNumber(form, "sm_100a"), 13u);
  form.scaleVec = SV::X2;
  EXPECT_EQ(checkNumber(form, "sm_100a"), 0u);
}

// Check 4 and the sparse-fp4 check agree with the target-spec families that
// gate the same intrinsics, so the family check never contradicts them.
TEST(Tcgen05Legality, AgreesWithTargetSpecFamilies) {
  Tcgen05MmaForm scaleD;
  scaleD.scaleInputAccumulator = true;
  Tcgen05MmaForm sparseFp4;
  sparseFp4.sparse = sparseFp4.blockScale = true;
  sparseFp4.kind = Tcgen05MmaKind::MXF4;
  for (const Target &t : tmemTargets()) {
    EXPECT_EQ(firstFailingTcgen05Check(scaleD, t) == nullptr,
              targetspec::targetSupports(
                  t, targetspec::InstrFamily::Tcgen05MmaScaleD))
        << t.name();
    EXPECT_EQ(firstFailingTcgen05Check(sparseFp4, t) == nullptr,
              targetspec::targetSupports(
                  t, targetspec::InstrFamily::Tcgen05ArchSpecific))
        << t.name();
  }
}

TEST(Tcgen05Legality, MessagesNameOperationTargetAndAlternatives) {
  Tcgen05MmaForm form;
  form.kind = Tcgen05MmaKind::I8;
  const Tcgen05Check *check = firstFailingTcgen05Check(form, target("sm_100f"));
  ASSERT_TRUE(check);
  EXPECT_EQ(describeTcgen05Failure(*check, form, target("sm_100f"),
                                   "llvm.nvvm.tcgen05.mma.shared"),
            "INT8 type is supported only on arch-conditional variants. "
            "(operation llvm.nvvm.tcgen05.mma.shared, target sm_100f; "
            "supported on sm_100a or sm_110a)");
  check = firstFailingTcgen05Check(form, target("sm_103a"));
  ASSERT_TRUE(check);
  EXPECT_EQ(describeTcgen05Failure(*check, form, target("sm_103a"),
                                   "llvm.nvvm.tcgen05.mma.ws.shared"),
            "tcgen05.mma with kind::i8 requires sm_100a or sm_110a; the "
            "target is sm_103a (operation llvm.nvvm.tcgen05.mma.ws.shared)");
  // No target accepts it: no list.
  form = {};
  form.ashift = form.blockScale = true;
  form.kind = Tcgen05MmaKind::MXF4;
  check = firstFailingTcgen05Check(form, target("sm_100a"));
  ASSERT_TRUE(check);
  EXPECT_EQ(describeTcgen05Failure(*check, form, target("sm_100a"), "op"),
            "ashift is not supported with tcgen05.mma.block_scale variants "
            "(operation op, target sm_100a)");
}

// Through the whole path: an error, never a selector crash.
TEST(Tcgen05Legality, CompileReportsInsteadOfCrashing) {
  constexpr const char *kI8 = R"(
define ptx_kernel void @k(ptr addrspace(6) %d, i64 %a, i64 %b, i32 %idesc, i1 %en) {
  call void @llvm.nvvm.tcgen05.mma.shared(ptr addrspace(6) %d, i64 %a, i64 %b, i32 %idesc, i1 %en, i32 3, i32 1, i32 0)
  ret void
}
)";
  for (llvm::StringRef chip :
       {"sm_100a", "sm_100f", "sm_103a", "sm_103f", "sm_110a", "sm_110f"}) {
    llvm::LLVMContext context;
    llvm::SMDiagnostic error;
    auto module = llvm::parseAssemblyString(kI8, error, context);
    ASSERT_TRUE(module) << error.getMessage().str();
    CodegenOptions options;
    options.target = target(chip);
    auto result = compileToPtx(*module, options);
    bool legal = chip == "sm_100a" || chip == "sm_110a";
    EXPECT_EQ(static_cast<bool>(result), legal) << chip.str();
    if (result)
      EXPECT_NE(result->ptx.find("kind::i8"), std::string::npos);
    else
      EXPECT_NE(
          llvm::toString(result.takeError())
              .find(chip == "sm_103a" ? "kind::i8 requires" : "INT8 type"),
          std::string::npos)
          << chip.str();
  }
}

} // namespace
