//===- CudaTileOpsGen1.cpp - generated op definitions, shard 1
//-------------===//
//
// The ODS-generated op definitions are compiled in two shards so that no
// single translation unit dominates the build. Hand-written op code lives in
// CudaTileOps.cpp and CudaTileControlFlow.cpp.
//
//===----------------------------------------------------------------------===//

#include "CudaTileAsm.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/TypeUtilities.h"

#define GET_OP_DEFS_1
#include "tileiras/Dialect/CudaTile/CudaTileOps.cpp.inc"
