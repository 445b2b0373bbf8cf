//===- ResolveTarget.cpp - record the compilation target ------------------===//

#include "tileiras/Dialect/NVTileAA/NVTileAA.h"
#include "tileiras/Passes/Passes.h"
#include "tileiras/TargetSpec/Target.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

namespace tileiras {
#define GEN_PASS_DEF_RESOLVETARGET
#include "tileiras/Passes/Passes.h.inc"
} // namespace tileiras

using namespace mlir;
using namespace tileiras;

namespace {
constexpr llvm::StringLiteral kComputeCapability =
    nv_tileaa::NVTileAADialect::kComputeCapabilityAttrName;
constexpr llvm::StringLiteral kLegacyComputeCapability =
    nv_tileaa::NVTileAADialect::kLegacyComputeCapabilityAttrName;
constexpr llvm::StringLiteral kTargetSpec =
    nv_tileaa::NVTileAADialect::kTargetSpecAttrName;

/// The target the module itself names, if any. target_spec carries the
/// variant and wins; compute_capability alone names the base chip.
FailureOr<std::optional<targetspec::Target>> moduleTarget(ModuleOp module) {
  if (auto spec = module->getAttrOfType<StringAttr>(kTargetSpec)) {
    auto target = targetspec::parseTarget(spec.getValue());
    if (!target) {
      module.emitError() << llvm::toString(target.takeError());
      return failure();
    }
    return std::optional<targetspec::Target>(*target);
  }
  Attribute cc = module->getAttr(kComputeCapability);
  if (!cc)
    cc = module->getAttr(kLegacyComputeCapability);
  if (!cc)
    return std::optional<targetspec::Target>();
  auto integer = dyn_cast<IntegerAttr>(cc);
  if (!integer) {
    module.emitError() << kComputeCapability << " must be an integer";
    return failure();
  }
  auto target =
      targetspec::parseTarget("sm_" + std::to_string(integer.getInt()));
  if (!target) {
    module.emitError() << llvm::toString(target.takeError());
    return failure();
  }
  return std::optional<targetspec::Target>(*target);
}

struct ResolveTargetPass
    : public tileiras::impl::ResolveTargetBase<ResolveTargetPass> {
  using ResolveTargetBase::ResolveTargetBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<std::optional<targetspec::Target>> own = moduleTarget(module);
    if (failed(own))
      return signalPassFailure();

    targetspec::Target target;
    if (!gpuName.empty()) {
      auto requested = targetspec::parseTarget(gpuName);
      if (!requested) {
        module.emitError() << llvm::toString(requested.takeError());
        return signalPassFailure();
      }
      target = *requested;
      if (*own && **own != target)
        module.emitWarning()
            << "--gpu-name=" << target.name()
            << " overrides the module's target " << (*own)->name();
    } else if (*own) {
      target = **own;
    } else {
      target = *targetspec::lookupTarget(targetspec::kDefaultTarget);
    }

    Builder builder(module.getContext());
    module->removeAttr(kLegacyComputeCapability);
    module->setAttr(kComputeCapability,
                    builder.getI32IntegerAttr(static_cast<int32_t>(target.sm)));
    module->setAttr(kTargetSpec, builder.getStringAttr(target.name()));
  }
};
} // namespace
