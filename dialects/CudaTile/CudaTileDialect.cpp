//===- CudaTileDialect.cpp - the cuda_tile dialect ------------------------===//

#include "CudaTileAsm.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace tileiras::cuda_tile;

#include "tileiras/Dialect/CudaTile/CudaTileDialect.cpp.inc"

void CudaTileDialect::initialize() {
  registerTypes();
  registerAttributes();
  registerCudaTileDialectOperations(this);
  registerDebugInfoAsmInterface(this);
}
