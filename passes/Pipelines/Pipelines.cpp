//===- Pipelines.cpp - the tileaa-to-nvvm pipeline ------------------------===//

#include "tileiras/Passes/Pipelines.h"
#include "tileiras/Passes/Passes.h"
#include "tileiras/TargetSpec/Target.h"

#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace tileiras;

void tileiras::buildFrontendPipeline(OpPassManager &pm,
                                     const TileaaToNvvmOptions &options) {
  ConvertCudaTileToTileAAOptions cudaTile;
  cudaTile.gpuName = options.gpuName;
  pm.addPass(createConvertCudaTileToTileAA(cudaTile));
  ResolveTargetOptions resolve;
  resolve.gpuName = options.gpuName;
  pm.addPass(createResolveTarget(resolve));
  pm.addPass(createCheckSymbols());
  pm.addPass(createWrapInGpuModule());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void tileiras::buildLayoutPipeline(OpPassManager &pm,
                                   const TileaaToNvvmOptions &options) {
  // Tiled memory ops become pointer code first, so that layout assignment,
  // vectorization and the pipeliner see ordinary loads and stores.
  LowerTiledMemoryOptions tiled;
  tiled.numStages = options.numStages;
  pm.addPass(createLowerTiledMemory(tiled));
  DecomposeScaledDotsOptions scaled;
  scaled.numWarps = options.numWarps;
  pm.addPass(createDecomposeScaledDots(scaled));
  AssignLayoutsOptions layouts;
  layouts.numWarps = options.numWarps;
  pm.addPass(createAssignLayouts(layouts));
  SoftwarePipelineOptions pipelining;
  pipelining.numStages = options.numStages;
  pm.addPass(createSoftwarePipeline(pipelining));
  pm.addPass(createWarpgroupDots());
}

void tileiras::buildLoweringPipeline(OpPassManager &pm,
                                     const TileaaToNvvmOptions &) {
  pm.addPass(createConvertTileFuncToLLVM());
  pm.addPass(createConvertTileAAToLLVM());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createRemoveRedundantBarriers());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void tileiras::buildTargetPipeline(OpPassManager &pm,
                                   const TileaaToNvvmOptions &options) {
  AttachNVVMTargetOptions attach;
  attach.optLevel = options.optLevel;
  pm.addPass(createAttachNVVMTarget(attach));
  if (options.debugInfo != DebugInfoKind::None) {
    // Line tables become .loc/.file directives without turning the module
    // into a debug build (no ", debug" on .target); -g asks for full info.
    LLVM::DIScopeForLLVMFuncOpPassOptions scopes;
    scopes.emissionKind = options.debugInfo == DebugInfoKind::Full
                              ? LLVM::DIEmissionKind::Full
                              : LLVM::DIEmissionKind::DebugDirectivesOnly;
    pm.addPass(LLVM::createDIScopeForLLVMFuncOpPass(scopes));
  }
}

void tileiras::buildTileaaToNvvmPipeline(OpPassManager &pm,
                                         const TileaaToNvvmOptions &options) {
  buildFrontendPipeline(pm, options);
  buildLayoutPipeline(pm, options);
  buildLoweringPipeline(pm, options);
  buildTargetPipeline(pm, options);
}

namespace {
struct TileaaToNvvmPipelineOptions
    : public PassPipelineOptions<TileaaToNvvmPipelineOptions> {
  Option<std::string> gpuName{*this, "gpu-name",
                              llvm::cl::desc("Target chip (sm_XX[a|f]); "
                                             "default: the module's, else "
                                             "sm_75"),
                              llvm::cl::init("")};
  Option<unsigned> optLevel{*this, "O",
                            llvm::cl::desc("Optimization level (0..3)"),
                            llvm::cl::init(3)};
  Option<unsigned> numWarps{
      *this, "num-warps",
      llvm::cl::desc("numWarps for kernels that do not give one (0: 4)"),
      llvm::cl::init(0)};
  Option<unsigned> numStages{
      *this, "num-stages",
      llvm::cl::desc("numStages for kernels that do not give one (0: 3)"),
      llvm::cl::init(0)};
};
} // namespace

/// Bad option values are reported when the pipeline is parsed, naming the
/// option, rather than by a pass at the module's location (0:0).
static LogicalResult
validatePipelineOptions(const TileaaToNvvmPipelineOptions &options,
                        function_ref<LogicalResult(const Twine &)> error) {
  if (options.optLevel > 3)
    return error("tileaa-to-nvvm: invalid optimization level O=" +
                 Twine(options.optLevel) + "; expected 0, 1, 2 or 3");
  unsigned numWarps = options.numWarps;
  if (numWarps > 32 || (numWarps & (numWarps - 1)) != 0)
    return error("tileaa-to-nvvm: num-warps must be a power of two from 1 "
                 "to 32 (or 0 for the default, 4), got " +
                 Twine(numWarps));
  if (options.numStages > 8)
    return error("tileaa-to-nvvm: num-stages must be from 1 to 8 (or 0 for "
                 "the default, 3), got " +
                 Twine(options.numStages));
  if (!options.gpuName.empty())
    if (llvm::Expected<targetspec::Target> target =
            targetspec::parseTarget(options.gpuName);
        !target)
      return error("tileaa-to-nvvm: gpu-name=" + options.gpuName + ": " +
                   llvm::toString(target.takeError()));
  return success();
}

void tileiras::registerTileirasPipelines() {
  registerPassPipeline(
      "tileaa-to-nvvm",
      "Lower nv_tileaa to the LLVM and NVVM dialects with #nvvm.target "
      "(everything the driver runs before LLVM IR translation)",
      [](OpPassManager &pm, StringRef optionsText,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        TileaaToNvvmPipelineOptions options;
        if (failed(options.parseFromString(optionsText)) ||
            failed(validatePipelineOptions(options, errorHandler)))
          return failure();
        TileaaToNvvmOptions opts;
        opts.gpuName = options.gpuName;
        opts.optLevel = options.optLevel;
        opts.numWarps = options.numWarps;
        opts.numStages = options.numStages;
        buildTileaaToNvvmPipeline(pm, opts);
        return success();
      },
      [](function_ref<void(const detail::PassOptions &)> optionHandler) {
        optionHandler(TileaaToNvvmPipelineOptions());
      });
}

void tileiras::registerPasses() {
  registerTileirasPasses();
  registerTileirasPipelines();
}
