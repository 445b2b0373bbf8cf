//===- NVTileAAAttrs.h - nv_tileaa attributes -------------------*- C++ -*-===//
//
// Enum attributes, #nv_tileaa.kernel_spec and the distributed layout
// encodings (#nv_tileaa.blocked, #nv_tileaa.slice, #nv_tileaa.dot_operand)
// with their LayoutEncodingAttrInterface.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_DIALECT_NVTILEAA_NVTILEAAATTRS_H
#define TILEIRAS_DIALECT_NVTILEAA_NVTILEAAATTRS_H

#include "tileiras/Layout/LinearLayout.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/TensorEncoding.h"

#include "tileiras/Dialect/NVTileAA/NVTileAAEnums.h.inc"
#include "tileiras/Dialect/NVTileAA/NVTileAALayoutInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "tileiras/Dialect/NVTileAA/NVTileAAAttrs.h.inc"

namespace tileiras::nv_tileaa {
/// The linear layout of a tile whose encoding is one of the layout
/// attributes; failure when the tile has no (or another) encoding.
mlir::FailureOr<layout::LinearLayout>
getLinearLayout(mlir::RankedTensorType type);
} // namespace tileiras::nv_tileaa

#endif // TILEIRAS_DIALECT_NVTILEAA_NVTILEAAATTRS_H
