//===- NVTileAAOps.h - nv_tileaa operations ---------------------*- C++ -*-===//

#ifndef TILEIRAS_DIALECT_NVTILEAA_NVTILEAAOPS_H
#define TILEIRAS_DIALECT_NVTILEAA_NVTILEAAOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tileiras/Dialect/NVTileAA/NVTileAAAttrs.h"
#include "tileiras/Dialect/NVTileAA/NVTileAADialect.h"
#include "tileiras/Dialect/NVTileAA/NVTileAATypes.h"

namespace tileiras::nv_tileaa {
namespace detail {
mlir::LogicalResult verifyValidTiles(mlir::Operation *op);
} // namespace detail

namespace OpTrait {
/// Every tensor operand and result of the op is a valid tile (see
/// verifyTileType). Attached to all nv_tileaa ops.
template <typename ConcreteType>
class ValidTiles : public mlir::OpTrait::TraitBase<ConcreteType, ValidTiles> {
public:
  static mlir::LogicalResult verifyTrait(mlir::Operation *op) {
    return detail::verifyValidTiles(op);
  }
};
} // namespace OpTrait
} // namespace tileiras::nv_tileaa

#define GET_OP_CLASSES
#include "tileiras/Dialect/NVTileAA/NVTileAAOps.h.inc"

#endif // TILEIRAS_DIALECT_NVTILEAA_NVTILEAAOPS_H
