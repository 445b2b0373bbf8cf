//===- FourBitOps.cpp - conversions and i4 arithmetic on bytes ------------===//
//
// The ops whose meaning depends on 4-bit tiles being bytes (FourBitTiles.cpp
// has the representation): exti, trunci and bitcast to and from 4 bits,
// ftof to and from f4E2M1FN (Fp4Conversions.cpp), and the integer ops on
// i4, which run on the sign-extended bytes.
//
//===----------------------------------------------------------------------===//

#include "LoweringContext.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace tileiras::cuda_tile_lowering;
namespace ct = tileiras::cuda_tile;

static bool readsUnsigned(Operation *op) {
  auto attr = op->getAttrOfType<ct::SignednessAttr>("signedness");
  return attr && attr.getValue() == ct::Signedness::Unsigned;
}

static Type resultElement(Lowering &l, Value result) {
  return getElementTypeOrSelf(l.convertType(result.getType()));
}

// exti from i4 (or from i1 to i4), trunci to i4 (or from i4 to i1).
static void lowerIntCast(Lowering &l, Operation *op) {
  Value source = op->getOperand(0), result = op->getResult(0);
  Value in = l.lookup(source);
  bool zeroExtend = readsUnsigned(op);
  if (zeroExtend && isI4Tile(source.getType()))
    in = zeroExtendNibbles(l, in);
  Value out = l.castInt(in, resultElement(l, result), zeroExtend);
  if (isI4Tile(result.getType()) && isa<ct::TruncIOp>(op))
    out = signExtendNibbles(l, out);
  l.map1(result, out);
}

// bitcast between i4 and f4E2M1FN: the sign-extended value and the
// zero-extended code of the same nibble.
static void lowerNibbleBitcast(Lowering &l, ct::BitcastOp op) {
  Value in = l.lookup(op.getSource());
  if (isI4Tile(op.getType()) && isFp4Tile(op.getSource().getType()))
    in = signExtendNibbles(l, in);
  else if (isFp4Tile(op.getType()) && isI4Tile(op.getSource().getType()))
    in = zeroExtendNibbles(l, in);
  l.map1(op.getResult(), in);
}

// An integer op with i4 operands or results on the bytes: operands read as
// unsigned masked to their nibble, i4 results sign-extended from bit 3 (the
// wrap-around of i4; for ftoi, 8..15 read unsigned). Bitwise ops keep
// sign-extended bytes as they are.
static LogicalResult lowerOnBytes(Lowering &l, Operation *op, bool &handled) {
  SmallVector<std::pair<Value, Value>> saved;
  if (readsUnsigned(op))
    for (Value v : op->getOperands())
      if (isI4Tile(v.getType())) {
        Value bytes = l.lookup(v);
        saved.push_back({v, bytes});
        l.map1(v, zeroExtendNibbles(l, bytes));
      }
  LogicalResult lowered = lowerElementwise(l, op, handled);
  for (auto &[v, bytes] : llvm::reverse(saved))
    l.map1(v, bytes);
  if (failed(lowered))
    return failure();
  if (isa<ct::AndIOp, ct::OrIOp, ct::XOrIOp>(op))
    return success();
  for (Value result : op->getResults())
    if (isI4Tile(result.getType()))
      l.map1(result, signExtendNibbles(l, l.lookup(result)));
  return success();
}

// mulhii of i4: the high nibble of the unsigned 8-bit product of the two
// nibbles (at most 15 * 15 = 225, so the i8 product is exact as unsigned).
static void lowerMulHi(Lowering &l, ct::MulHiIOp op) {
  Value a = zeroExtendNibbles(l, l.lookup(op.getLhs()));
  Value b = zeroExtendNibbles(l, l.lookup(op.getRhs()));
  Value product = arith::MulIOp::create(l.b, l.loc, a, b);
  Value four = constantLike(l, a.getType(), l.b.getI8IntegerAttr(4));
  l.map1(op.getResult(), signExtendNibbles(l, arith::ShRUIOp::create(
                                                  l.b, l.loc, product, four)));
}

LogicalResult tileiras::cuda_tile_lowering::lowerFourBitOp(Lowering &l,
                                                           Operation *op,
                                                           bool &handled) {
  handled = true;
  if (auto constant = dyn_cast<ct::ConstantOp>(op))
    return lowerFourBitConstant(l, constant);
  if (isa<ct::ExtIOp, ct::TruncIOp>(op)) {
    lowerIntCast(l, op);
    return success();
  }
  if (auto bitcast = dyn_cast<ct::BitcastOp>(op)) {
    lowerNibbleBitcast(l, bitcast);
    return success();
  }
  if (auto ftof = dyn_cast<ct::FToFOp>(op))
    return lowerFp4Conversion(l, ftof);
  if (auto mulhi = dyn_cast<ct::MulHiIOp>(op)) {
    lowerMulHi(l, mulhi);
    return success();
  }
  if (isa<ct::IToFOp, ct::FToIOp, ct::AddIOp, ct::SubIOp, ct::MulIOp,
          ct::ShLIOp, ct::NegIOp, ct::AndIOp, ct::OrIOp, ct::XOrIOp, ct::ShRIOp,
          ct::DivIOp, ct::RemIOp, ct::MaxIOp, ct::MinIOp, ct::AbsIOp,
          ct::CmpIOp>(op))
    return lowerOnBytes(l, op, handled);
  handled = false;
  return success();
}
