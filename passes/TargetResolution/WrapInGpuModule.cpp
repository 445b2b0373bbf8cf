//===- WrapInGpuModule.cpp - move device code into a gpu.module -----------===//

#include "tileiras/Passes/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"

namespace tileiras {
#define GEN_PASS_DEF_WRAPINGPUMODULE
#include "tileiras/Passes/Passes.h.inc"
} // namespace tileiras

using namespace mlir;
using namespace tileiras;

namespace {
constexpr llvm::StringLiteral kDeviceModuleName = "tileiras_kernels";

struct WrapInGpuModulePass
    : public tileiras::impl::WrapInGpuModuleBase<WrapInGpuModulePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    llvm::SmallVector<Operation *> deviceOps;
    bool stray = false;
    for (Operation &op : module.getBody()->getOperations()) {
      if (isa<gpu::GPUModuleOp>(op))
        continue;
      // Code outside any function would be dropped without a trace (no
      // kernel runs it); functions, globals and LLVM's module-level
      // metadata ops are the only things a module may hold.
      if (!isa<SymbolOpInterface>(op) &&
          op.getDialect() != module->getContext()->getLoadedDialect("llvm")) {
        op.emitError() << "'" << op.getName()
                       << "' is outside any function; put it in an "
                          "nv_tileaa.func";
        stray = true;
      }
      deviceOps.push_back(&op);
    }
    if (stray)
      return signalPassFailure();
    if (deviceOps.empty())
      return;

    OpBuilder builder(module.getContext());
    builder.setInsertionPointToEnd(module.getBody());
    auto gpuModule =
        gpu::GPUModuleOp::create(builder, module.getLoc(), kDeviceModuleName);
    Block &body = gpuModule.getBodyRegion().front();
    for (Operation *op : deviceOps)
      op->moveBefore(&body, body.end());
    // Each gpu.module names its own target so it can be compiled alone.
    for (NamedAttribute attr : module->getAttrs())
      if (attr.getName().getValue().starts_with("nv_tileaa."))
        gpuModule->setAttr(attr.getName(), attr.getValue());
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    builder.getUnitAttr());
  }
};
} // namespace
