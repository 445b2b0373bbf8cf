//===- tileiras-opt.cpp - mlir-opt for tileiras ---------------------------===//
//
// mlir-opt with the nv_tileaa dialect, the upstream dialects and translation
// interfaces the tileiras pipeline uses, the upstream passes, and every pass
// and pipeline of the project (tileaa-to-nvvm among them).
//
//===----------------------------------------------------------------------===//

#include "tileiras/Passes/Passes.h"
#include "tileiras/Passes/Pipelines.h"
#include "tileiras/Support/NestingDepth.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/ToolOutputFile.h"

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  mlir::registerAllPasses();
  tileiras::registerPasses();

  mlir::DialectRegistry registry;
  tileiras::registerTileirasDialects(registry);
  registry.insert<mlir::tensor::TensorDialect>();
  // Interfaces the upstream dialects promise (inlining, bufferization,
  // convert-to-llvm, ...), attached lazily when a dialect loads.
  mlir::registerAllExtensions(registry);

  // MlirOptMain(argc, argv, ...) with a nesting-depth check on the input
  // before it reaches the parser.
  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "tileiras optimizer driver\n", registry);
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::openInputFile(inputFilename, &errorMessage);
  if (!input) {
    llvm::errs() << errorMessage << "\n";
    return 1;
  }
  if (!tileiras::checkNestingDepth(input->getMemBufferRef(), llvm::errs()))
    return 1;
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::errs() << errorMessage << "\n";
    return 1;
  }
  if (mlir::failed(
          mlir::MlirOptMain(output->os(), std::move(input), registry, config)))
    return 1;
  output->keep();
  return 0;
}
