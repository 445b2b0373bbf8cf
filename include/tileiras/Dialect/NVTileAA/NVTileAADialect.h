//===- NVTileAADialect.h - nv_tileaa dialect --------------------*- C++ -*-===//

#ifndef TILEIRAS_DIALECT_NVTILEAA_NVTILEAADIALECT_H
#define TILEIRAS_DIALECT_NVTILEAA_NVTILEAADIALECT_H

#include "mlir/IR/Dialect.h"

#include "tileiras/Dialect/NVTileAA/NVTileAADialect.h.inc"

#endif // TILEIRAS_DIALECT_NVTILEAA_NVTILEAADIALECT_H
