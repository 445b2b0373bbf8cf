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

// The block-scaled form: FP8 slots (tcgen05.mma kind::mxf8f6f4) with a
// f8E8M0FNU scale per row of A and column of B for each 32 K elements (one
// of them may be an i8 slot of f4E2M1FN values one a byte, in bits 2-5),
// or i8 slots of packed f4E2M1FN pairs (kind::mxf4 / mxf4nvf4: K is twice
// the bytes) with f8E8M0FNU scales per 32 or 16 or f8E4M3FN scales per 16;
// an f32 accumulator.
static LogicalResult verifySlotDotScales(Operation *op, SharedMemType aType,
                                         SharedMemType bType, Type acc,
                                         int64_t m, int64_t n,
                                         ValueRange scales) {
  if (scales.size() != 2)
    return op->emitOpError()
           << "expects two scale tiles (A's and B's), got " << scales.size();
  Type a = aType.getElementType(), b = bType.getElementType();
  bool fp4 = a.isInteger(8) && b.isInteger(8);
  // At most one i8 (e2m1 containers) beside FP8, or both (packed pairs).
  for (Type element : {a, b})
    if (!fp4 && !element.isInteger(8) &&
        !isa<Float8E4M3FNType, Float8E5M2Type>(element))
      return op->emitOpError()
             << "block-scaled operands must be f8E4M3FN or f8E5M2 (one may be "
                "i8: f4E2M1FN one a byte), or both i8 (packed f4E2M1FN), not "
             << element;
  if (!acc.isF32())
    return op->emitOpError("a block-scaled dot accumulates in f32");
  int64_t k = aType.getTileShape()[1] * (fp4 ? 2 : 1);
  auto sa = cast<RankedTensorType>(scales[0].getType());
  auto sb = cast<RankedTensorType>(scales[1].getType());
  Type scale = sa.getElementType();
  bool e4m3 = fp4 && isa<Float8E4M3FNType>(scale);
  int64_t blocks = sa.getRank() == 2 ? sa.getDimSize(1) : 0;
  int64_t block = blocks > 0 && k % blocks == 0 ? k / blocks : 0;
  bool blockOk = fp4 ? (block == 16 || (!e4m3 && block == 32))
                     : block == DotScaledOp::kScaleBlock;
  if (!blockOk || !(isa<Float8E8M0FNUType>(scale) || e4m3) ||
      sb.getElementType() != scale ||
      sa.getShape() != ArrayRef<int64_t>{m, blocks} ||
      sb.getShape() != ArrayRef<int64_t>{blocks, n}) {
    int64_t want = fp4 && e4m3 ? 16 : DotScaledOp::kScaleBlock;
    return op->emitOpError()
           << "expects " << (e4m3 ? "f8E4M3FN" : "f8E8M0FNU")
           << " scales of shapes [" << m << ", " << k / want << "] and ["
           << k / want << ", " << n << "] (K = " << k << ", one per " << want
           << (fp4 && !e4m3 ? " or 16" : "") << ")";
  }
  return success();
}

LogicalResult WarpgroupDotOp::verifyScales() {
  auto c = cast<RankedTensorType>(getC().getType());
  if (!isa_and_nonnull<BlockedEncodingAttr>(c.getEncoding()) ||
      !c.getElementType().isF32())
    return emitOpError("a block-scaled warpgroup_dot needs an f32 "
                       "accumulator of tensor memory's blocked layout "
                       "(tcgen05.mma)");
  // verify() rejected scales with a register A already.
  return verifySlotDotScales(*this, getASlotType(), getB().getType(),
                             c.getElementType(), c.getDimSize(0),
                             c.getDimSize(1), getScales());
}

ArrayRef<int64_t> WarpgroupDotOp::getAShape() {
  if (SharedMemType slot = getASlotType())
    return slot.getTileShape();
  return cast<RankedTensorType>(getA().getType()).getShape();
}

Type WarpgroupDotOp::getAElementType() {
  if (SharedMemType slot = getASlotType())
    return slot.getElementType();
  return cast<RankedTensorType>(getA().getType()).getElementType();
}

/// wgmma's register form: A an f16/bf16 tile in the dot operand layout of
/// the accumulator's mma layout, an f32 accumulator, no slot, synchronous.
LogicalResult WarpgroupDotOp::verifyRegisterA() {
  auto a = cast<RankedTensorType>(getA().getType());
  auto c = cast<RankedTensorType>(getC().getType());
  if (getSlotA())
    return emitOpError("A in registers takes no slot");
  if (!(a.getElementType().isF16() || a.getElementType().isBF16()) ||
      !c.getElementType().isF32() || !getScales().empty())
    return emitOpError("A in registers (wgmma) needs f16 or bf16 operands "
                       "with an f32 accumulator");
  auto operand = dyn_cast_or_null<DotOperandEncodingAttr>(a.getEncoding());
  if (!operand || operand.getOpIdx() != 0 || operand.getKWidth() != 2 ||
      operand.getParent() != c.getEncoding() ||
      !isa<MmaEncodingAttr>(c.getEncoding()))
    return emitOpError("A in registers needs the layout "
                       "#nv_tileaa.dot_operand<opIdx = 0, parent = (the "
                       "accumulator's #nv_tileaa.mma), kWidth = 2>");
  if (getPending() != 0)
    return emitOpError("a warpgroup_dot with A in registers cannot be left "
                       "pending");
  return success();
}

/// The operand and accumulator types of a tensor-core dot reading its
/// slots (wgmma, tcgen05.mma).
static LogicalResult verifySlotDotTypes(Operation *op, Type a, Type b, Type acc,
                                        bool signedA, bool signedB) {
  auto fp8 = [](Type t) { return isa<Float8E4M3FNType, Float8E5M2Type>(t); };
  if (a != b && !(fp8(a) && fp8(b)))
    return op->emitOpError("operands must have one element type (or be two "
                           "FP8 types)");
  bool integer = a.isInteger(8);
  if (!(a.isF16() || a.isBF16() || a.isF32() || fp8(a) || integer))
    return op->emitOpError() << "has no instruction for " << a
                             << " operands (f16, bf16, f32 read as tf32, "
                                "f8E4M3FN/f8E5M2 or i8)";
  if (!(integer ? acc.isInteger(32) : acc.isF32()))
    return op->emitOpError() << "accumulates " << a << " products in " << acc
                             << ", not " << (integer ? "i32" : "f32");
  if (integer != (signedA && signedB))
    return op->emitOpError(integer ? "i8 operands need signedness_a and "
                                     "signedness_b"
                                   : "signedness applies to i8 operands only");
  return success();
}

/// Tensor memory's register layout: 128 rows, one per thread of 4 warps
/// (its 128 lanes), a second warpgroup taking the other half of the
/// columns.
static LogicalResult
verifyTensorMemoryLayout(Operation *op, RankedTensorType type, StringRef what) {
  auto blocked = dyn_cast_or_null<BlockedEncodingAttr>(type.getEncoding());
  ArrayRef<unsigned> warps;
  if (blocked)
    warps = blocked.getWarpsPerCTA();
  if (!blocked || type.getRank() != 2 || type.getDimSize(0) != 128 ||
      warps.size() != 2 || warps[0] != 4 || (warps[1] != 1 && warps[1] != 2) ||
      blocked.getThreadsPerWarp() != ArrayRef<unsigned>{32, 1} ||
      blocked.getSizePerThread() !=
          ArrayRef<unsigned>{1, unsigned(type.getDimSize(1)) / warps[1]})
    return op->emitOpError()
           << what
           << " (tcgen05.mma) needs 128 rows, one per thread: sizePerThread "
              "[1, N / W], threadsPerWarp [32, 1], warpsPerCTA [4, W], W 1 "
              "or 2";
  return success();
}

LogicalResult WarpgroupDotOp::verifyOperandTypes() {
  return verifySlotDotTypes(
      *this, getAElementType(), getB().getType().getElementType(),
      cast<RankedTensorType>(getC().getType()).getElementType(),
      bool(getSignednessA()), bool(getSignednessB()));
}

LogicalResult WarpgroupDotOp::verify() {
  auto c = cast<RankedTensorType>(getC().getType());
  if (c != getType())
    return emitOpError() << "result type " << getType()
                         << " differs from the accumulator's " << c;
  ArrayRef<int64_t> a = getAShape();
  ArrayRef<int64_t> b = getB().getType().getTileShape();
  if (c.getRank() != 2 || a.size() != 2 || b.size() != 2 ||
      a[0] != c.getDimSize(0) || b[1] != c.getDimSize(1) || a[1] != b[0])
    return emitOpError() << "slots [" << a << "] x [" << b
                         << "] do not multiply into [" << c.getShape() << "]";
  if (!getASlotType() && failed(verifyRegisterA()))
    return failure();
  if (getASlotType() && !getSlotA())
    return emitOpError("A read from a buffer needs its slot");
  if (!getScales().empty()) {
    if (failed(verifyScales()))
      return failure();
  } else if (failed(verifyOperandTypes())) {
    return failure();
  }
  // tcgen05.mma (sm_100a family): one row per thread of 4 warps (tensor
  // memory's 128 lanes), a second warpgroup taking the other half of the
  // columns; synchronous.
  if (isa_and_nonnull<BlockedEncodingAttr>(c.getEncoding())) {
    if (failed(verifyTensorMemoryLayout(*this, c, "a blocked accumulator")))
      return failure();
    if (getPending() != 0)
      return emitOpError("a tcgen05.mma warpgroup_dot (blocked accumulator) "
                         "cannot be left pending");
    return success();
  }
  auto mma = dyn_cast_or_null<MmaEncodingAttr>(c.getEncoding());
  // A warpgroup is 4 consecutive warps; with all warps along M it owns
  // 64 consecutive rows, the M of one wgmma.
  if (!mma || mma.getWarpsPerCTA().size() != 2 ||
      mma.getWarpsPerCTA()[1] != 1 || mma.getWarpsPerCTA()[0] % 4 != 0 ||
      mma.getInstrShape()[0] != 16)
    return emitOpError("accumulator needs an #nv_tileaa.mma layout with "
                       "instrShape [16, 8] and warpsPerCTA [4k, 1] (wgmma), "
                       "or a blocked one of a row per thread (tcgen05.mma)");
  return success();
}

/// `bar` holds `slots` mbarriers.
static LogicalResult verifyMBarriers(Operation *op, SharedMemType bar,
                                     int64_t slots) {
  if (bar.getNumSlots() != slots || !bar.getElementType().isInteger(64) ||
      bar.getTileElements() != 1)
    return op->emitOpError()
           << "expects a buffer of " << slots << " mbarrier"
           << (slots > 1 ? "s" : "") << " (smem<" << slots << "x1x1xi64>)";
  return success();
}

LogicalResult TmemWaitOp::verify() {
  return verifyMBarriers(*this, getMbarrier().getType(), 2);
}

LogicalResult TmemDotOp::verify() {
  ArrayRef<int64_t> a = getA().getType().getTileShape();
  ArrayRef<int64_t> b = getB().getType().getTileShape();
  ArrayRef<int64_t> acc = getAcc().getType().getShape();
  if (a[0] != acc[0] || b[1] != acc[1] || a[1] != b[0])
    return emitOpError() << "slots [" << a << "] x [" << b
                         << "] do not multiply into [" << acc << "]";
  int64_t slots = int64_t(getPending()) + 1;
  if (failed(verifyMBarriers(*this, getMbarrier().getType(), slots)))
    return failure();
  if (!getScales().empty())
    return verifySlotDotScales(*this, getA().getType(), getB().getType(),
                               getAcc().getType().getElementType(), acc[0],
                               acc[1], getScales());
  return verifySlotDotTypes(*this, getA().getType().getElementType(),
                            getB().getType().getElementType(),
                            getAcc().getType().getElementType(),
                            bool(getSignednessA()), bool(getSignednessB()));
}

LogicalResult TmemLoadOp::verify() {
  auto type = cast<RankedTensorType>(getType());
  TensorMemType acc = getAcc().getType();
  if (type.getShape() != acc.getShape() ||
      type.getElementType() != acc.getElementType())
    return emitOpError() << "result " << type << " is not the shape and "
                         << "element type of " << acc;
  return verifyTensorMemoryLayout(*this, type, "result");
}
