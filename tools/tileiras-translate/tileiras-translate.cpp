//===- tileiras-translate.cpp - Tile IR bytecode <-> MLIR -----------------===//
//
// mlir-translate with the Tile IR bytecode translations:
// --cudatilebc-to-mlir reads bytecode 13.1 - 13.3 and prints the cuda_tile
// module; --mlir-to-cudatilebc [--bytecode-version=13.x] writes it (13.3 by
// default). Failures exit with status 3 (as unreadable input does for
// tileiras).
//
//===----------------------------------------------------------------------===//

#include "tileiras/Dialect/CudaTile/Bytecode.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

static llvm::cl::opt<std::string> bytecodeVersion(
    "bytecode-version",
    llvm::cl::desc("Tile IR bytecode version to write (13.1, 13.2, 13.3)"),
    llvm::cl::init("13.3"));

static void registerTranslations() {
  static TranslateFromMLIRRegistration toBytecode(
      "mlir-to-cudatilebc", "Write Tile IR bytecode (--bytecode-version)",
      [](Operation *op, llvm::raw_ostream &os) -> LogicalResult {
        std::optional<tileiras::cuda_tile::BytecodeVersion> version =
            tileiras::cuda_tile::parseBytecodeVersion(bytecodeVersion);
        if (!version)
          return op->emitError("invalid --bytecode-version '")
                 << bytecodeVersion
                 << "': the supported versions are [13.1 - 13.3]";
        return tileiras::cuda_tile::writeTileIRBytecode(op, *version, os);
      },
      [](DialectRegistry &registry) {
        registry.insert<tileiras::cuda_tile::CudaTileDialect>();
      });
  static TranslateToMLIRRegistration fromBytecode(
      "cudatilebc-to-mlir", "Read Tile IR bytecode (13.1 - 13.3)",
      [](llvm::SourceMgr &sourceMgr,
         MLIRContext *context) -> OwningOpRef<Operation *> {
        const llvm::MemoryBuffer *buffer =
            sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
        OwningOpRef<ModuleOp> module = tileiras::cuda_tile::readTileIRBytecode(
            buffer->getMemBufferRef(), context);
        if (!module)
          return nullptr;
        return OwningOpRef<Operation *>(module.release());
      },
      [](DialectRegistry &registry) {
        registry.insert<tileiras::cuda_tile::CudaTileDialect>();
      });
}

int main(int argc, char **argv) {
  registerTranslations();
  LogicalResult result =
      mlirTranslateMain(argc, argv, "tileiras translation tool");
  // Unreadable input is exit status 3, as for tileiras (docs/cli.md).
  return succeeded(result) ? 0 : 3;
}
