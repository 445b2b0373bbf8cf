//===- NVTileAAPointerCastOps.cpp - int_to_ptr, ptr_to_int, ptr_to_ptr ----===//
//
// Verifiers and folders of the pointer casts. Pointers are 64-bit addresses
// in every address space, so the integer side is always i64, and a cast
// keeps the shape (scalar to scalar, tile to tile of the same shape).
//
//===----------------------------------------------------------------------===//

#include "tileiras/Dialect/NVTileAA/NVTileAA.h"

using namespace mlir;
using namespace tileiras::nv_tileaa;

static LogicalResult verifyCast(Operation *op, Type src, Type result) {
  if (isa<RankedTensorType>(src) != isa<RankedTensorType>(result) ||
      getShapeOrEmpty(src) != getShapeOrEmpty(result))
    return op->emitOpError() << "result " << result
                             << " must have the shape of the operand " << src;
  for (Type type : {src, result}) {
    Type element = getElementTypeOrSelf(type);
    if (isa<IntegerType>(element) && !element.isInteger(64))
      return op->emitOpError()
             << "integer addresses must be i64 (pointers are 64-bit), got "
             << element;
  }
  return success();
}

LogicalResult IntToPtrOp::verify() {
  return verifyCast(*this, getSrc().getType(), getType());
}

LogicalResult PtrToIntOp::verify() {
  return verifyCast(*this, getSrc().getType(), getType());
}

LogicalResult PtrToPtrOp::verify() {
  if (failed(verifyCast(*this, getSrc().getType(), getType())))
    return failure();
  auto from = cast<PtrType>(getElementTypeOrSelf(getSrc().getType()));
  auto to = cast<PtrType>(getElementTypeOrSelf(getType()));
  if (from.getAddressSpace() != to.getAddressSpace())
    return emitOpError() << "cannot change the address space (" << from
                         << " to " << to << ")";
  return success();
}

// int_to_ptr(ptr_to_int(p)) -> p when the pointer types agree.
OpFoldResult IntToPtrOp::fold(FoldAdaptor) {
  if (auto inner = getSrc().getDefiningOp<PtrToIntOp>())
    if (inner.getSrc().getType() == getType())
      return inner.getSrc();
  return {};
}

// ptr_to_int(int_to_ptr(x)) -> x; ptr_to_int(ptr_to_ptr(p)) reads p.
OpFoldResult PtrToIntOp::fold(FoldAdaptor) {
  if (auto inner = getSrc().getDefiningOp<IntToPtrOp>())
    return inner.getSrc();
  if (auto inner = getSrc().getDefiningOp<PtrToPtrOp>()) {
    getSrcMutable().assign(inner.getSrc());
    return getResult();
  }
  return {};
}

// Casting to the same type is a no-op; chains of ptr_to_ptr collapse.
OpFoldResult PtrToPtrOp::fold(FoldAdaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  if (auto inner = getSrc().getDefiningOp<PtrToPtrOp>()) {
    if (inner.getSrc().getType() == getType())
      return inner.getSrc();
    getSrcMutable().assign(inner.getSrc());
    return getResult();
  }
  return {};
}
