//===- NVTileAASharedMemoryOps.cpp - buffers and asynchronous copies ------===//
//
// Verifiers of the shared-memory ops the software pipeliner creates: a copy
// or a read moves exactly one slot's tile, of the buffer's element type.
//
//===----------------------------------------------------------------------===//

#include "tileiras/Dialect/NVTileAA/NVTileAA.h"

using namespace mlir;
using namespace tileiras::nv_tileaa;

/// The tile `type` has the shape and element type of one slot of `buffer`.
static LogicalResult checkSlotTile(Operation *op, RankedTensorType type,
                                   Type elementType, SharedMemType buffer,
                                   StringRef what) {
  if (type.getShape() != buffer.getTileShape())
    return op->emitOpError() << what << " shape [" << type.getShape()
                             << "] differs from the buffer's slot shape ["
                             << buffer.getTileShape() << "]";
  if (elementType != buffer.getElementType())
    return op->emitOpError()
           << what << " element type " << elementType
           << " differs from the buffer's " << buffer.getElementType();
  return success();
}

LogicalResult AsyncCopyOp::verify() {
  auto ptrs = cast<RankedTensorType>(getPtr().getType());
  auto pointer = dyn_cast<PtrType>(ptrs.getElementType());
  if (!pointer || pointer.getAddressSpace() != PtrType::kGlobalAddressSpace)
    return emitOpError("copies from a tile of global pointers");
  if (failed(checkSlotTile(*this, ptrs, pointer.getPointeeType(),
                           getBuffer().getType(), "pointer tile")))
    return failure();
  if (Value mask = getMask()) {
    auto maskType = cast<RankedTensorType>(mask.getType());
    if (maskType.getShape() != ptrs.getShape() ||
        !maskType.getElementType().isInteger(1))
      return emitOpError("mask must be an i1 tile of the pointers' shape");
  }
  return success();
}

LogicalResult LocalLoadOp::verify() {
  auto type = cast<RankedTensorType>(getType());
  return checkSlotTile(*this, type, type.getElementType(),
                       getBuffer().getType(), "result");
}
