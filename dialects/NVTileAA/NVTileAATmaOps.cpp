//===- NVTileAATmaOps.cpp - TMA copies and mbarriers ----------------------===//
//
// Verifiers of the TMA and mbarrier ops: coordinates match the tile's rank,
// and a barrier buffer holds one i64 mbarrier per slot, as many slots as
// the data buffer it guards.
//
//===----------------------------------------------------------------------===//

#include "tileiras/Dialect/NVTileAA/NVTileAA.h"

using namespace mlir;
using namespace tileiras::nv_tileaa;

/// `type` is a buffer of mbarriers: i64 elements, 1x1 slots.
static LogicalResult checkBarriers(Operation *op, SharedMemType type) {
  if (!type.getElementType().isInteger(64) ||
      llvm::any_of(type.getTileShape(),
                   [](int64_t extent) { return extent != 1; }))
    return op->emitOpError() << "needs a buffer of mbarriers (i64 elements, "
                                "1x1 slots), not "
                             << type;
  return success();
}

/// One coordinate per dimension of the tile.
static LogicalResult checkCoordinates(Operation *op, ValueRange coordinates,
                                      size_t rank) {
  if (coordinates.size() != rank)
    return op->emitOpError() << "has " << coordinates.size()
                             << " coordinates for a rank-" << rank << " tile";
  return success();
}

LogicalResult TmaLoadOp::verify() {
  return checkCoordinates(*this, getCoordinates(),
                          cast<RankedTensorType>(getType()).getRank());
}

LogicalResult TmaCopyOp::verify() {
  SharedMemType buffer = getBuffer().getType();
  if (failed(checkCoordinates(*this, getCoordinates(),
                              buffer.getTileShape().size())) ||
      failed(checkBarriers(*this, getBarriers().getType())))
    return failure();
  if (getBarriers().getType().getNumSlots() != buffer.getNumSlots())
    return emitOpError("needs one mbarrier per slot of the buffer");
  return success();
}

LogicalResult MBarrierInitOp::verify() {
  return checkBarriers(*this, getBarriers().getType());
}

LogicalResult MBarrierWaitOp::verify() {
  return checkBarriers(*this, getBarriers().getType());
}

LogicalResult MBarrierInvalOp::verify() {
  return checkBarriers(*this, getBarriers().getType());
}

LogicalResult TmaStoreOp::verify() {
  return checkCoordinates(
      *this, getCoordinates(),
      cast<RankedTensorType>(getValue().getType()).getRank());
}

LogicalResult LocalStoreOp::verify() {
  auto type = cast<RankedTensorType>(getValue().getType());
  SharedMemType buffer = getBuffer().getType();
  if (type.getShape() != buffer.getTileShape() ||
      type.getElementType() != buffer.getElementType())
    return emitOpError() << "stores a " << type
                         << " into slots of another shape or element type, "
                         << buffer;
  return success();
}

LogicalResult TmaCopyOutOp::verify() {
  return checkCoordinates(*this, getCoordinates(),
                          getBuffer().getType().getTileShape().size());
}
