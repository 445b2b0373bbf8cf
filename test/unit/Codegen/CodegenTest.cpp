//===- CodegenTest.cpp - the in-process LLVM IR -> PTX path ---------------===//

#include "tileiras/Codegen/Diagnostics.h"
#include "tileiras/Codegen/Legality.h"
#include "tileiras/Codegen/Libdevice.h"
#include "tileiras/Codegen/PtxEmitter.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <thread>

using namespace tileiras;
using namespace tileiras::codegen;

namespace {

std::unique_ptr<llvm::Module> parse(llvm::LLVMContext &context,
                                    llvm::StringRef text) {
  llvm::SMDiagnostic error;
  auto module = llvm::parseAssemblyString(text, error, context);
  if (!module)
    ADD_FAILURE() << error.getMessage().str();
  return module;
}

CodegenOptions optionsFor(llvm::StringRef chip) {
  CodegenOptions options;
  options.target = *targetspec::lookupTarget(chip);
  return options;
}

constexpr const char *kSaxpy = R"(
define ptx_kernel void @saxpy(ptr addrspace(1) %x, ptr addrspace(1) %y, float %a) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %px = getelementptr float, ptr addrspace(1) %x, i32 %tid
  %py = getelementptr float, ptr addrspace(1) %y, i32 %tid
  %vx = load float, ptr addrspace(1) %px
  %vy = load float, ptr addrspace(1) %py
  %m = fmul float %a, %vx
  %r = fadd float %m, %vy
  %q = fdiv float %r, %vx
  store float %q, ptr addrspace(1) %py
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
)";

TEST(Codegen, EmitsHeaderWithMinimumPtxForEveryTarget) {
  for (const targetspec::Target &target : targetspec::acceptedTargets()) {
    llvm::LLVMContext context;
    auto module = parse(context, kSaxpy);
    CodegenOptions options;
    options.target = target;
    auto result = compileToPtx(*module, options);
    ASSERT_TRUE(static_cast<bool>(result))
        << target.name() << ": " << llvm::toString(result.takeError());
    EXPECT_EQ(result->ptxVersion, target.minPtx()) << target.name();
    std::string header = ".version " + target.minPtx().str() + "\n.target " +
                         target.name() + "\n.address_size 64";
    EXPECT_NE(result->ptx.find(header), std::string::npos)
        << target.name() << "\n"
        << result->ptx;
    EXPECT_NE(result->ptx.find(".visible .entry saxpy"), std::string::npos);
  }
}

TEST(Codegen, NumericOptionsArePerModule) {
  llvm::LLVMContext context;
  auto precise = parse(context, kSaxpy);
  auto fast = parse(context, kSaxpy);
  CodegenOptions preciseOptions = optionsFor("sm_80");
  preciseOptions.numerics.fmad = false;
  CodegenOptions fastOptions = optionsFor("sm_80");
  fastOptions.numerics.ftz = true;
  fastOptions.numerics.precDiv = false;
  auto a = compileToPtx(*precise, preciseOptions);
  auto b = compileToPtx(*fast, fastOptions);
  ASSERT_TRUE(a && b);
  EXPECT_NE(a->ptx.find("div.rn.f32"), std::string::npos) << a->ptx;
  EXPECT_EQ(a->ptx.find("fma.rn"), std::string::npos) << a->ptx;
  EXPECT_NE(b->ptx.find("div.approx.ftz.f32"), std::string::npos) << b->ptx;
  EXPECT_NE(b->ptx.find("fma.rn.ftz.f32"), std::string::npos) << b->ptx;
}

TEST(Codegen, OptimizationLevels) {
  for (unsigned level = 0; level <= 3; ++level) {
    llvm::LLVMContext context;
    auto module = parse(context, kSaxpy);
    CodegenOptions options = optionsFor("sm_90a");
    options.optLevel = level;
    auto result = compileToPtx(*module, options);
    ASSERT_TRUE(static_cast<bool>(result))
        << llvm::toString(result.takeError());
  }
}

constexpr const char *kWgmmaFence = R"(
define ptx_kernel void @k() {
  call void @llvm.nvvm.wgmma.fence.sync.aligned(), !dbg !8
  ret void
}
declare void @llvm.nvvm.wgmma.fence.sync.aligned()
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C, file: !1, producer: "t", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly)
!1 = !DIFile(filename: "kernel.mlir", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 1, type: !6, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 3, column: 5, scope: !5)
)";

TEST(Codegen, LegalityNamesOperationChipAndLocation) {
  llvm::LLVMContext context;
  auto module = parse(context, kWgmmaFence);
  auto result = compileToPtx(*module, optionsFor("sm_90"));
  ASSERT_FALSE(static_cast<bool>(result));
  std::string location, message;
  llvm::handleAllErrors(result.takeError(), [&](const LocatedError &error) {
    location = error.getLocation();
    message = error.getMessage();
  });
  EXPECT_EQ(location, "kernel.mlir:3:5");
  EXPECT_EQ(message, "wgmma requires sm_90a; the target is sm_90 (operation "
                     "llvm.nvvm.wgmma.fence.sync.aligned)");
}

TEST(Codegen, FamilyRaisesDefaultPtxVersion) {
  llvm::LLVMContext context;
  auto module = parse(context, kWgmmaFence);
  auto result = compileToPtx(*module, optionsFor("sm_90a"));
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  EXPECT_GE(result->ptxVersion, targetspec::PtxVersion({8, 0}));
  EXPECT_NE(result->ptx.find("wgmma.fence.sync.aligned"), std::string::npos);
}

TEST(Codegen, ExplicitPtxVersionIsChecked) {
  llvm::LLVMContext context;
  auto module = parse(context, kSaxpy);
  CodegenOptions options = optionsFor("sm_90a");
  options.ptxVersion.kind = PtxVersionRequest::Kind::Explicit;
  options.ptxVersion.version = {7, 8};
  auto tooLow = selectPtxVersion(*module, options.target, options.ptxVersion);
  ASSERT_FALSE(static_cast<bool>(tooLow));
  EXPECT_EQ(llvm::toString(tooLow.takeError()),
            "--ptx-version=7.8 is too low for sm_90a, which needs PTX ISA 8.0 "
            "or newer");
  options.ptxVersion.version = {8, 4};
  auto ok = compileToPtx(*module, options);
  ASSERT_TRUE(static_cast<bool>(ok));
  EXPECT_NE(ok->ptx.find(".version 8.4"), std::string::npos);
  options.ptxVersion.kind = PtxVersionRequest::Kind::Max;
  auto max = selectPtxVersion(*module, options.target, options.ptxVersion);
  ASSERT_TRUE(static_cast<bool>(max));
  EXPECT_EQ(*max, targetspec::newestLlvmPtx());
}

// The PTX ISA that the tile lowering's inline PTX records on a function
// (targetspec::kMinPtxFunctionAttr) raises the default version and is the
// reason an explicit older one is refused; a malformed value is an error.
TEST(Codegen, RecordedInlinePtxRequirement) {
  constexpr const char *kRecorded = R"(
define ptx_kernel void @k() #0 {
  ret void
}
attributes #0 = { "tileiras-min-ptx"="8.4" }
)";
  llvm::LLVMContext context;
  auto module = parse(context, kRecorded);
  CodegenOptions options = optionsFor("sm_90a");
  auto chosen = selectPtxVersion(*module, options.target, options.ptxVersion);
  ASSERT_TRUE(static_cast<bool>(chosen));
  EXPECT_EQ(*chosen, targetspec::PtxVersion({8, 4}));
  options.ptxVersion.kind = PtxVersionRequest::Kind::Explicit;
  options.ptxVersion.version = {8, 0};
  auto tooLow = selectPtxVersion(*module, options.target, options.ptxVersion);
  ASSERT_FALSE(static_cast<bool>(tooLow));
  EXPECT_EQ(llvm::toString(tooLow.takeError()),
            "--ptx-version=8.0 is too low: inline PTX of k needs PTX ISA 8.4 "
            "or newer");
  module->getFunction("k")->addFnAttr(targetspec::kMinPtxFunctionAttr, "8.x");
  auto malformed = selectPtxVersion(*module, optionsFor("sm_90a").target,
                                    optionsFor("sm_90a").ptxVersion);
  ASSERT_FALSE(static_cast<bool>(malformed));
  EXPECT_EQ(llvm::toString(malformed.takeError())
                .rfind("function k records tileiras-min-ptx=\"8.x\": ", 0),
            0u);
}

TEST(Codegen, RefusesTargetMachineBelowChipMinimum) {
  // LLVM would abort the process; we refuse instead.
  auto tm = createTargetMachine(*targetspec::lookupTarget("sm_88"),
                                targetspec::PtxVersion{8, 8}, 3, {});
  ASSERT_FALSE(static_cast<bool>(tm));
  EXPECT_EQ(llvm::toString(tm.takeError()),
            "PTX ISA 8.8 does not support sm_88; the minimum is 9.0");
}

TEST(Codegen, Atomic128NeedsHopper) {
  constexpr const char *kAtomic = R"(
define ptx_kernel void @k(ptr addrspace(1) %p, i128 %v) {
  %old = atomicrmw xchg ptr addrspace(1) %p, i128 %v monotonic, align 16
  ret void
}
)";
  llvm::LLVMContext context;
  auto module = parse(context, kAtomic);
  auto result = compileToPtx(*module, optionsFor("sm_80"));
  ASSERT_FALSE(static_cast<bool>(result));
  EXPECT_EQ(llvm::toString(result.takeError()),
            "128b atomics not supported on this architecture! (operation "
            "atomicrmw i128)");
}

TEST(Codegen, ConcurrentCompilesAreDeterministic) {
  std::vector<std::string> outputs(4);
  std::vector<std::thread> threads;
  const char *chips[] = {"sm_80", "sm_90a", "sm_80", "sm_90a"};
  for (unsigned i = 0; i < 4; ++i)
    threads.emplace_back([&, i] {
      llvm::LLVMContext context;
      auto module = parse(context, kSaxpy);
      CodegenOptions options = optionsFor(chips[i]);
      options.numerics.ftz = i >= 2; // differing options must not leak
      auto result = compileToPtx(*module, options);
      if (result)
        outputs[i] = result->ptx;
      else
        llvm::consumeError(result.takeError());
    });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_FALSE(outputs[0].empty());
  EXPECT_EQ(outputs[0].find(".ftz"), std::string::npos);
  EXPECT_NE(outputs[2].find(".ftz"), std::string::npos);
  llvm::LLVMContext context;
  auto module = parse(context, kSaxpy);
  auto serial = compileToPtx(*module, optionsFor("sm_90a"));
  ASSERT_TRUE(static_cast<bool>(serial));
  EXPECT_EQ(outputs[1], serial->ptx);
}

TEST(Codegen, LibdeviceIsLinkedOnlyWhenNeeded) {
  constexpr const char *kExp = R"(
define ptx_kernel void @k(ptr addrspace(1) %p) {
  %v = load float, ptr addrspace(1) %p
  %e = call float @__nv_expf(float %v)
  store float %e, ptr addrspace(1) %p
  ret void
}
declare float @__nv_expf(float)
)";
  llvm::LLVMContext context;
  auto module = parse(context, kExp);
  EXPECT_EQ(libdeviceFunctionsUsed(*module),
            std::vector<std::string>{"__nv_expf"});
  auto libdevice = findLibdevice("");
  if (!libdevice) {
    auto result = compileToPtx(*module, optionsFor("sm_80"));
    ASSERT_FALSE(static_cast<bool>(result));
    EXPECT_NE(llvm::toString(result.takeError()).find("--cuda-path"),
              std::string::npos);
    return;
  }
  auto result = compileToPtx(*module, optionsFor("sm_80"));
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  EXPECT_EQ(result->ptx.find("__nv_expf"), std::string::npos);
  EXPECT_NE(result->ptx.find("ex2.approx"), std::string::npos);
}

} // namespace
