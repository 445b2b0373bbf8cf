//===- PrintLayouts.cpp - draw which lane owns which element --------------===//

#include "tileiras/Passes/Passes.h"

namespace tileiras {
#define GEN_PASS_DEF_PRINTLAYOUTS
#include "tileiras/Passes/Passes.h.inc"
} // namespace tileiras

using namespace mlir;
using namespace tileiras;

namespace {
struct PrintLayoutsPass
    : public tileiras::impl::PrintLayoutsBase<PrintLayoutsPass> {
  void runOnOperation() override {
    getOperation().walk([&](Operation *op) {
      for (Value result : op->getResults()) {
        auto tile = dyn_cast<RankedTensorType>(result.getType());
        if (!tile)
          continue;
        auto layout = nv_tileaa::getLinearLayout(tile);
        if (failed(layout))
          continue;
        op->emitRemark() << "layout of " << tile << " ("
                         << layout->getNumRegisters()
                         << " registers per thread):\n"
                         << layout->render();
      }
    });
  }
};
} // namespace
