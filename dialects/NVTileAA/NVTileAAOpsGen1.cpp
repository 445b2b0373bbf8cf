//===- NVTileAAOpsGen1.cpp - generated op definitions, shard 1 -----------===//
//
// The ODS-generated op definitions are compiled in three shards so that no
// single translation unit dominates the build. Hand-written op code lives in
// NVTileAA*Ops.cpp.
//
//===----------------------------------------------------------------------===//

#include "NVTileAAAsmDirectives.h"
#include "tileiras/Dialect/NVTileAA/NVTileAA.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/TypeUtilities.h"

#define GET_OP_DEFS_1
#include "tileiras/Dialect/NVTileAA/NVTileAAOps.cpp.inc"
