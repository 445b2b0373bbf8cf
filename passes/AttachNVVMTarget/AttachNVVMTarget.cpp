//===- AttachNVVMTarget.cpp - #nvvm.target from the module's target -------===//

#include "tileiras/Dialect/NVTileAA/NVTileAA.h"
#include "tileiras/Passes/Passes.h"
#include "tileiras/TargetSpec/InstructionFamily.h"
#include "tileiras/TargetSpec/Target.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Builders.h"

namespace tileiras {
#define GEN_PASS_DEF_ATTACHNVVMTARGET
#include "tileiras/Passes/Passes.h.inc"
} // namespace tileiras

using namespace mlir;
using namespace tileiras;

namespace {
constexpr llvm::StringLiteral kComputeCapability =
    nv_tileaa::NVTileAADialect::kComputeCapabilityAttrName;
constexpr llvm::StringLiteral kTargetSpec =
    nv_tileaa::NVTileAADialect::kTargetSpecAttrName;

/// The attribute on the gpu.module, else on its parent module.
Attribute lookupTargetAttr(gpu::GPUModuleOp gpuModule, llvm::StringRef name) {
  if (Attribute attr = gpuModule->getAttr(name))
    return attr;
  if (Operation *parent = gpuModule->getParentOp())
    return parent->getAttr(name);
  return {};
}

/// The lowest PTX ISA the module needs on `target`: the chip's minimum,
/// raised by NVVM intrinsics called by name and by cluster kernels, so that
/// upstream tools taking the attribute accept the module. The driver picks
/// the final .version on the LLVM IR, where NVVM ops have become intrinsics.
targetspec::PtxVersion requiredPtx(gpu::GPUModuleOp gpuModule,
                                   const targetspec::Target &target) {
  targetspec::PtxVersion needed = target.minPtx();
  gpuModule.walk([&](Operation *op) {
    targetspec::PtxVersion opNeeds = needed;
    if (auto call = dyn_cast<LLVM::CallIntrinsicOp>(op))
      opNeeds = targetspec::requiredPtxForIntrinsic(target, call.getIntrin());
    else if (auto func = dyn_cast<LLVM::LLVMFuncOp>(op);
             func && func->hasAttr("nvvm.blocksareclusters"))
      opNeeds = targetspec::kBlocksAreClustersPtx;
    if (opNeeds > needed)
      needed = opNeeds;
  });
  return needed;
}

struct AttachNVVMTargetPass
    : public tileiras::impl::AttachNVVMTargetBase<AttachNVVMTargetPass> {
  using AttachNVVMTargetBase::AttachNVVMTargetBase;

  void runOnOperation() override {
    if (optLevel > 3) {
      getOperation().emitError() << "invalid optimization level";
      return signalPassFailure();
    }
    getOperation().walk([&](gpu::GPUModuleOp gpuModule) {
      if (failed(attach(gpuModule)))
        signalPassFailure();
    });
  }

  LogicalResult attach(gpu::GPUModuleOp gpuModule) {
    auto cc = dyn_cast_or_null<IntegerAttr>(
        lookupTargetAttr(gpuModule, kComputeCapability));
    auto spec =
        dyn_cast_or_null<StringAttr>(lookupTargetAttr(gpuModule, kTargetSpec));
    if (!cc && !spec)
      return gpuModule.emitError("failed to get compute capability.");

    // The integer gives the SM; the string adds the variant.
    std::string chip =
        spec ? spec.getValue().str() : "sm_" + std::to_string(cc.getInt());
    auto target = targetspec::parseTarget(chip);
    if (!target)
      return gpuModule.emitError() << llvm::toString(target.takeError());
    if (cc && static_cast<unsigned>(cc.getInt()) != target->sm)
      return gpuModule.emitError()
             << kComputeCapability << " = " << cc.getInt() << " disagrees with "
             << kTargetSpec << " = \"" << chip << "\"";

    // The SM checks of NVVM op verifiers are off: the legality check before
    // instruction selection is the one place that decides (and words)
    // what a target may use.
    auto attr = NVVM::NVVMTargetAttr::get(
        &getContext(), static_cast<int>(optLevel), "nvptx64-nvidia-cuda",
        target->name(), "+" + requiredPtx(gpuModule, *target).featureName(),
        /*targetFlags=*/nullptr, /*linkFiles=*/nullptr,
        /*verifyTarget=*/false);
    gpuModule.setTargetsAttr(ArrayAttr::get(&getContext(), {attr}));
    return success();
  }
};
} // namespace
