//===- ConvertTileAAToLLVM.cpp - the tile -> LLVM + NVVM lowering ---------===//
//
// Three stages: (1) nv_tileaa ops, and arith/math/ub on tiles and scalars,
// become per-thread LLVM + NVVM code while scf ops only get their types
// converted; (2) scf becomes cf; (3) cf and the remaining arith/index go to
// LLVM. Finally each function that exchanged data through shared memory gets
// its scratch buffer declared.
//
//===----------------------------------------------------------------------===//

#include "TileToLLVM/TileLowering.h"
#include "tileiras/Passes/ModuleTarget.h"
#include "tileiras/Passes/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace tileiras {
#define GEN_PASS_DEF_CONVERTTILEAATOLLVM
#include "tileiras/Passes/Passes.h.inc"
} // namespace tileiras

using namespace mlir;
using namespace tileiras;
using namespace tileiras::lowering;
namespace nv = tileiras::nv_tileaa;

namespace {
/// Every tile must carry a layout and fit in registers.
LogicalResult checkTiles(ModuleOp module) {
  bool ok = true;
  module.walk([&](Operation *op) {
    auto check = [&](Type type) {
      auto tensor = dyn_cast<RankedTensorType>(type);
      if (!tensor)
        return;
      auto layout = nv::getLinearLayout(tensor);
      if (failed(layout)) {
        op->emitError() << "tile of type " << type
                        << " has no layout; run tileaa-assign-layouts first";
        ok = false;
        return;
      }
      if (layout->getNumRegisters() > kMaxElementsPerThread) {
        op->emitError() << "tile " << type << " is too large to distribute: "
                        << layout->getNumRegisters()
                        << " elements per thread (at most "
                        << kMaxElementsPerThread
                        << "); use smaller tiles or more warps";
        ok = false;
      }
    };
    for (Type type : op->getResultTypes())
      check(type);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          check(arg.getType());
  });
  return success(ok);
}

struct ConvertTileAAToLLVMPass
    : public tileiras::impl::ConvertTileAAToLLVMBase<ConvertTileAAToLLVMPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    if (failed(checkTiles(module)))
      return signalPassFailure();

    // The analysis must see the nv_tileaa IR, before anything is lowered.
    AxisInfoAnalysis axisInfo(module);
    SharedScratch scratch;
    scratch.planAllocations(module);
    LoweringState state{axisInfo, scratch, recordedTarget(module)};
    TileTypeConverter converter(context);

    // Stage 1: tiles.
    {
      RewritePatternSet patterns(context);
      populateShapeOpPatterns(converter, patterns, state);
      populateElementwiseOpPatterns(converter, patterns, state);
      populateMemoryOpPatterns(converter, patterns, state);
      populateReduceScanPatterns(converter, patterns, state);
      populateDotPatterns(converter, patterns, state);
      populateMiscOpPatterns(converter, patterns, state);
      populatePointerCastPatterns(converter, patterns);
      // Transcendentals go to libdevice (preferred over LLVM intrinsics the
      // NVPTX backend cannot select).
      populateLibDeviceConversionPatterns(converter, patterns,
                                          /*benefit=*/10);
      arith::populateArithToLLVMConversionPatterns(converter, patterns);
      populateMathToLLVMConversionPatterns(converter, patterns);
      ub::populateUBToLLVMConversionPatterns(converter, patterns);

      ConversionTarget target(*context);
      target.addLegalDialect<LLVM::LLVMDialect, NVVM::NVVMDialect>();
      target.addIllegalDialect<nv::NVTileAADialect, arith::ArithDialect,
                               math::MathDialect, ub::UBDialect>();
      target.addLegalOp<ModuleOp, UnrealizedConversionCastOp>();
      scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                           target);
      if (failed(applyPartialConversion(module, target, std::move(patterns))))
        return signalPassFailure();
    }

    // Stage 2: structured control flow to branches.
    {
      RewritePatternSet patterns(context);
      populateSCFToControlFlowConversionPatterns(patterns);
      ConversionTarget target(*context);
      target.addIllegalDialect<scf::SCFDialect>();
      target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
      if (failed(applyPartialConversion(module, target, std::move(patterns))))
        return signalPassFailure();
    }

    // Stage 3: branches and the loop arithmetic scf left behind.
    {
      RewritePatternSet patterns(context);
      arith::populateArithToLLVMConversionPatterns(converter, patterns);
      cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
      index::populateIndexToLLVMConversionPatterns(converter, patterns);
      ConversionTarget target(*context);
      target.addLegalDialect<LLVM::LLVMDialect, NVVM::NVVMDialect>();
      target.addIllegalDialect<arith::ArithDialect, cf::ControlFlowDialect,
                               index::IndexDialect>();
      target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
      if (failed(applyPartialConversion(module, target, std::move(patterns))))
        return signalPassFailure();
    }

    // Stage 4: NVVM ops without an intrinsic (mbarrier.try_wait.parity's
    // loop) become inline PTX.
    {
      RewritePatternSet patterns(context);
      populateNVVMToLLVMConversionPatterns(patterns);
      // Only these rewrites: no folding or CFG cleanup of the rest.
      GreedyRewriteConfig config;
      config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled)
          .enableFolding(false)
          .enableConstantCSE(false);
      if (failed(applyPatternsGreedily(module, std::move(patterns), config)))
        return signalPassFailure();
    }

    if (failed(scratch.materialize(module, state.target)))
      return signalPassFailure();
  }
};
} // namespace
