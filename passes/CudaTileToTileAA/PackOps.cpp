//===- PackOps.cpp - cuda_tile pack / unpack (bytes of a 1-D tile) --------===//
//
// `pack %x : tile<64xf16> -> tile<128xi8>` gives the bytes of the elements
// in memory order (little endian: byte j of element i at position i*k + j,
// k = width / 8); `unpack` is the inverse. Built from arithmetic: byte j of
// every element is trunci(bits >> 8j); the k byte columns are joined with
// expand_dims/cat into an n x k tile and viewed as n*k bytes. unpack views
// the bytes as n x k, takes the columns with extract_slice and ors them
// back together. Elements of 16, 32 and 64 bits (ints and floats); 4-bit
// elements (i4, f4E2M1FN) pair up in bytes, element 2j in the low nibble,
// as in memory (FourBitTiles.cpp).
//
//===----------------------------------------------------------------------===//

#include "LoweringContext.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace tileiras::cuda_tile_lowering;
namespace ct = tileiras::cuda_tile;

static Value shiftConstant(Lowering &l, RankedTensorType type, int64_t bits) {
  return arith::ConstantOp::create(
      l.b, l.loc,
      DenseElementsAttr::get(type,
                             l.b.getIntegerAttr(type.getElementType(), bits)));
}

/// The n x k tile of the byte columns, joined pairwise along axis 1.
static Value joinColumns(Lowering &l, SmallVector<Value> columns) {
  while (columns.size() > 1) {
    SmallVector<Value> next;
    for (size_t i = 0; i < columns.size(); i += 2) {
      auto a = cast<RankedTensorType>(columns[i].getType());
      SmallVector<int64_t> shape(a.getShape());
      shape[1] *= 2;
      next.push_back(l.create1(
          "nv_tileaa.cat", a.clone(shape), {columns[i], columns[i + 1]},
          {l.b.getNamedAttr("axis", l.b.getI32IntegerAttr(1))}));
    }
    columns = std::move(next);
  }
  return columns.front();
}

static LogicalResult checkWidth(Lowering &l, Operation *op, Type element) {
  unsigned width = element.getIntOrFloatBitWidth();
  if (width != 16 && width != 32 && width != 64)
    return l.fail(op, "pack/unpack of elements other than 8 (unpack), 16, "
                      "32 or 64 bits is not supported yet");
  return success();
}

// pack of 4-bit elements to bytes, unpack of bytes to 4-bit elements.
static LogicalResult lowerNibblePack(Lowering &l, Operation *op) {
  // The verifier makes the other side i8.
  Value in = l.lookup(op->getOperand(0));
  Value out;
  if (isa<ct::PackOp>(op)) {
    out = packPairs(l, in, 0);
  } else {
    out = unpackPairs(l, in, 0);
    if (isI4Tile(op->getResult(0).getType()))
      out = signExtendNibbles(l, out);
  }
  l.map1(op->getResult(0), out);
  return success();
}

static LogicalResult lowerPack(Lowering &l, ct::PackOp op) {
  Type element = op.getSource().getType().getElementType();
  if (failed(checkWidth(l, op, element)))
    return failure();
  unsigned width = element.getIntOrFloatBitWidth();
  int64_t n = op.getSource().getType().getShape()[0], k = width / 8;
  auto bitsType = RankedTensorType::get({n}, l.b.getIntegerType(width));
  Value bits = l.lookup(op.getSource());
  if (isa<FloatType>(element))
    bits = arith::BitcastOp::create(l.b, l.loc, bitsType, bits);
  auto byteType = RankedTensorType::get({n}, l.b.getI8Type());
  auto columnType = RankedTensorType::get({n, 1}, l.b.getI8Type());
  SmallVector<Value> columns;
  for (int64_t j = 0; j < k; ++j) {
    Value shifted =
        j ? Value(arith::ShRUIOp::create(l.b, l.loc, bits,
                                         shiftConstant(l, bitsType, 8 * j)))
          : bits;
    Value byte = arith::TruncIOp::create(l.b, l.loc, byteType, shifted);
    columns.push_back(
        l.create1("nv_tileaa.expand_dims", columnType, byte,
                  {l.b.getNamedAttr("axis", l.b.getI32IntegerAttr(1))}));
  }
  l.map1(op.getResult(),
         l.create1("nv_tileaa.view", l.convertType(op.getType()),
                   joinColumns(l, columns)));
  return success();
}

static LogicalResult lowerUnpack(Lowering &l, ct::UnpackOp op) {
  Type element = op.getType().getElementType();
  // Bytes to an 8-bit type: one byte per element, the bits unchanged.
  if (element.getIntOrFloatBitWidth() == 8) {
    Value bytes = l.lookup(op.getSource());
    l.map1(op.getResult(),
           isa<FloatType>(element)
               ? Value(arith::BitcastOp::create(
                     l.b, l.loc, l.convertType(op.getType()), bytes))
               : bytes);
    return success();
  }
  if (failed(checkWidth(l, op, element)))
    return failure();
  unsigned width = element.getIntOrFloatBitWidth();
  int64_t n = op.getType().getShape()[0], k = width / 8;
  auto bitsType = RankedTensorType::get({n}, l.b.getIntegerType(width));
  Value matrix = l.create1("nv_tileaa.view",
                           RankedTensorType::get({n, k}, l.b.getI8Type()),
                           l.lookup(op.getSource()));
  Value bits;
  for (int64_t j = 0; j < k; ++j) {
    Value column = l.create1(
        "nv_tileaa.extract_slice",
        RankedTensorType::get({n, 1}, l.b.getI8Type()), matrix,
        {l.b.getNamedAttr("offsets", l.b.getDenseI64ArrayAttr({0, j}))});
    Value byte = l.create1("nv_tileaa.view",
                           RankedTensorType::get({n}, l.b.getI8Type()), column);
    Value wide = arith::ExtUIOp::create(l.b, l.loc, bitsType, byte);
    if (j)
      wide = arith::ShLIOp::create(l.b, l.loc, wide,
                                   shiftConstant(l, bitsType, 8 * j));
    bits = bits ? Value(arith::OrIOp::create(l.b, l.loc, bits, wide)) : wide;
  }
  if (isa<FloatType>(element))
    bits =
        arith::BitcastOp::create(l.b, l.loc, l.convertType(op.getType()), bits);
  l.map1(op.getResult(), bits);
  return success();
}

LogicalResult tileiras::cuda_tile_lowering::lowerPackOps(Lowering &l,
                                                         Operation *op,
                                                         bool &handled) {
  handled = true;
  if (isa<ct::PackOp, ct::UnpackOp>(op) &&
      (isFourBitTile(op->getOperand(0).getType()) ||
       isFourBitTile(op->getResult(0).getType())))
    return lowerNibblePack(l, op);
  if (auto pack = dyn_cast<ct::PackOp>(op))
    return lowerPack(l, pack);
  if (auto unpack = dyn_cast<ct::UnpackOp>(op))
    return lowerUnpack(l, unpack);
  handled = false;
  return success();
}
