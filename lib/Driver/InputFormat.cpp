//===- InputFormat.cpp - MLIR or Tile IR bytecode input -------------------===//

#include "tileiras/Driver/InputFormat.h"

#include "tileiras/Dialect/CudaTile/Bytecode.h"

#include "mlir/Parser/Parser.h"

using namespace tileiras;

bool driver::isTileIRInput(llvm::MemoryBufferRef input) {
  return cuda_tile::isTileIRBytecode(input.getBuffer());
}

mlir::OwningOpRef<mlir::ModuleOp>
driver::parseInputModule(llvm::SourceMgr &sourceMgr,
                         mlir::MLIRContext &context) {
  const llvm::MemoryBuffer *main =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  if (isTileIRInput(main->getMemBufferRef()))
    return cuda_tile::readTileIRBytecode(main->getMemBufferRef(), &context);
  return mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, {&context});
}
