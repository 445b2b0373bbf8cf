//===- tileiras-opt.cpp - mlir-opt for tileiras ---------------------------===//
//
// mlir-opt with the nv_tileaa dialect, the upstream dialects and translation
// interfaces the tileiras pipeline uses, the upstream passes, and every pass
// and pipeline of the project (tileaa-to-nvvm among them). Input gets the
// driver's guards (docs/cli.md, "Untrusted input"): MLIR bytecode is checked
// and read in a sandboxed child, and text that would crash MLIR's parser is
// rejected with a located error, so bad input always ends in exit 1.
//
//===----------------------------------------------------------------------===//

#include "tileiras/Driver/IsolatedReader.h"
#include "tileiras/Passes/Passes.h"
#include "tileiras/Passes/Pipelines.h"
#include "tileiras/Support/BytecodeCheck.h"
#include "tileiras/Support/DenseArrayCheck.h"
#include "tileiras/Support/NestingDepth.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/ToolOutputFile.h"

/// The input as MlirOptMain may parse it: MLIR bytecode converted to text in
/// a sandbox (MLIR's reader is not built for untrusted input), text checked
/// for what crashes MLIR's parser. Null, with the error printed, otherwise.
static std::unique_ptr<llvm::MemoryBuffer>
guardInput(std::unique_ptr<llvm::MemoryBuffer> input,
           const mlir::DialectRegistry &registry) {
  if (tileiras::isMlirBytecode(input->getBuffer())) {
    auto fail = [&](llvm::StringRef reason) {
      llvm::errs() << "tileiras-opt: error: cannot read bytecode '"
                   << input->getBufferIdentifier() << "': " << reason << "\n";
      return nullptr;
    };
    if (llvm::Error error =
            tileiras::checkBytecodeStructure(input->getBuffer()))
      return fail(llvm::toString(std::move(error)));
    tileiras::driver::BytecodeReadFailure failure;
    std::unique_ptr<llvm::MemoryBuffer> text =
        tileiras::driver::convertBytecodeIsolated(*input, registry, failure);
    if (text)
      return text;
    llvm::errs() << failure.diagnostics;
    return failure.reason.empty() ? nullptr : fail(failure.reason);
  }
  if (!tileiras::checkNestingDepth(*input, llvm::errs()) ||
      !tileiras::checkDenseArrayElementTypes(*input, llvm::errs()))
    return nullptr;
  return input;
}

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

  // MlirOptMain(argc, argv, ...) with guardInput before the parser.
  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "tileiras optimizer driver\n", registry);
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::openInputFile(inputFilename, &errorMessage);
  if (!input) {
    llvm::errs() << "tileiras-opt: error: " << errorMessage << "\n";
    return 1;
  }
  // Before any thread exists: the bytecode sandbox forks.
  input = guardInput(std::move(input), registry);
  if (!input)
    return 1;
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::errs() << "tileiras-opt: error: " << errorMessage << "\n";
    return 1;
  }
  if (mlir::failed(
          mlir::MlirOptMain(output->os(), std::move(input), registry, config)))
    return 1;
  output->keep();
  return 0;
}
