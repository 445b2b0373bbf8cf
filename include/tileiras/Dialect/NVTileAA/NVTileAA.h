//===- NVTileAA.h - nv_tileaa dialect umbrella header -----------*- C++ -*-===//
//
// Everything a user of the nv_tileaa dialect needs: the dialect, its types,
// attributes and operations.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_DIALECT_NVTILEAA_NVTILEAA_H
#define TILEIRAS_DIALECT_NVTILEAA_NVTILEAA_H

#include "tileiras/Dialect/NVTileAA/NVTileAAAttrs.h"
#include "tileiras/Dialect/NVTileAA/NVTileAADialect.h"
#include "tileiras/Dialect/NVTileAA/NVTileAAOps.h"
#include "tileiras/Dialect/NVTileAA/NVTileAATypes.h"

#endif // TILEIRAS_DIALECT_NVTILEAA_NVTILEAA_H
