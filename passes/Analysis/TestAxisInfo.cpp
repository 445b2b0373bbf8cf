//===- TestAxisInfo.cpp - print axis-info facts as remarks ----------------===//

#include "tileiras/Analysis/AxisInfo.h"
#include "tileiras/Passes/Passes.h"

#include "llvm/Support/raw_ostream.h"

namespace tileiras {
#define GEN_PASS_DEF_TESTAXISINFO
#include "tileiras/Passes/Passes.h.inc"
} // namespace tileiras

using namespace mlir;
using namespace tileiras;

namespace {
bool isTracked(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    type = tensor.getElementType();
  return type.isSignlessIntOrIndex() || isa<nv_tileaa::PtrType>(type);
}

struct TestAxisInfoPass : public tileiras::impl::TestAxisInfoBase<TestAxisInfoPass> {
  void runOnOperation() override {
    AxisInfoAnalysis analysis(getOperation());
    getOperation().walk([&](Operation *op) {
      for (Value result : op->getResults()) {
        if (!isTracked(result.getType()))
          continue;
        std::string text;
        llvm::raw_string_ostream os(text);
        analysis.getAxisInfo(result).print(os);
        op->emitRemark() << text;
      }
    });
  }
};
} // namespace
