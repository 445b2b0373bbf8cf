//===- FourBitTiles.cpp - i4 and f4E2M1FN tiles as bytes ------------------===//
//
// nv_tileaa has no 4-bit element type. A 4-bit tile is an i8 tile of the
// same shape, one element a byte: i4 values sign-extended to 8 bits,
// f4E2M1FN codes zero-extended. Integer ops on i4 run on those bytes, with
// unsigned operands masked to their nibble first and results sign-extended
// back from bit 3, so that every byte holds the i4 result (wrapping as i4
// does). Data movement (broadcast, reshape, permute, cat, extract, select,
// loop values) needs nothing.
//
// In memory two elements share a byte (element 2j in the low nibble).
// Loads of f4E2M1FN views therefore give packed pairs along the view's
// stride-1 dimension (MemoryOps.cpp); they stay packed where mmaf_scaled
// (dot_scaled with a_format/b_format) or a store along the same dimension
// reads them, and are split into one element a byte when any other op
// does (Lowering::lookup). Splat constants are packed where used.
//
//===----------------------------------------------------------------------===//

#include "LoweringContext.h"
#include "tileiras/Dialect/NVTileAA/Fp4.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace tileiras::cuda_tile_lowering;
namespace ct = tileiras::cuda_tile;

static Type fourBitElement(Type type) {
  auto tile = dyn_cast<ct::TileType>(type);
  if (!tile)
    return Type();
  Type element = tile.getElementType();
  return element.isIntOrFloat() && element.getIntOrFloatBitWidth() == 4
             ? element
             : Type();
}

bool tileiras::cuda_tile_lowering::isFourBitTile(Type type) {
  return bool(fourBitElement(type));
}

bool tileiras::cuda_tile_lowering::isFp4Tile(Type type) {
  return isa_and_nonnull<Float4E2M1FNType>(fourBitElement(type));
}

bool tileiras::cuda_tile_lowering::isI4Tile(Type type) {
  Type element = fourBitElement(type);
  return element && element.isInteger(4);
}

bool tileiras::cuda_tile_lowering::acceptsFourBitTiles(Operation *op) {
  return isa<
      // Data movement and control flow: bytes move as they are.
      ct::ConstantOp, ct::BroadcastOp, ct::ReshapeOp, ct::PermuteOp, ct::CatOp,
      ct::ExtractOp, ct::SelectOp, ct::ForOp, ct::LoopOp, ct::IfOp, ct::YieldOp,
      ct::BreakOp, ct::ContinueOp,
      // Memory (f4E2M1FN views), bytes and conversions.
      ct::LoadViewTkoOp, ct::StoreViewTkoOp, ct::PackOp, ct::UnpackOp,
      ct::ExtIOp, ct::TruncIOp, ct::BitcastOp, ct::IToFOp, ct::FToFOp,
      ct::FToIOp, ct::MmaFScaledOp, ct::PrintTkoOp, ct::ReduceOp, ct::ScanOp,
      // i4 arithmetic on bytes (lowerFourBitOp).
      ct::AddIOp, ct::SubIOp, ct::MulIOp, ct::ShLIOp, ct::NegIOp, ct::AndIOp,
      ct::OrIOp, ct::XOrIOp, ct::ShRIOp, ct::DivIOp, ct::RemIOp, ct::MaxIOp,
      ct::MinIOp, ct::AbsIOp, ct::MulHiIOp, ct::CmpIOp>(op);
}

//===----------------------------------------------------------------------===//
// Bytes and nibbles
//===----------------------------------------------------------------------===//

static Value byteConstant(Lowering &l, Type like, int64_t value) {
  return constantLike(l, like, l.b.getIntegerAttr(l.b.getI8Type(), value));
}

Value tileiras::cuda_tile_lowering::signExtendNibbles(Lowering &l, Value v) {
  Value four = byteConstant(l, v.getType(), 4);
  Value high = arith::ShLIOp::create(l.b, l.loc, v, four);
  return arith::ShRSIOp::create(l.b, l.loc, high, four);
}

Value tileiras::cuda_tile_lowering::zeroExtendNibbles(Lowering &l, Value v) {
  return arith::AndIOp::create(l.b, l.loc, v,
                               byteConstant(l, v.getType(), 0xF));
}

/// `shape` with `dim` split into (shape[dim] / 2, 2).
static SmallVector<int64_t> pairShape(ArrayRef<int64_t> shape, int dim) {
  SmallVector<int64_t> pairs(shape);
  pairs[dim] /= 2;
  pairs.insert(pairs.begin() + dim + 1, 2);
  return pairs;
}

Value tileiras::cuda_tile_lowering::packPairs(Lowering &l, Value nibbles,
                                              int dim) {
  auto type = cast<RankedTensorType>(nibbles.getType());
  SmallVector<int64_t> pairs = pairShape(type.getShape(), dim);
  Value split = l.create1("nv_tileaa.view", type.clone(pairs), nibbles);
  SmallVector<int64_t> oneOfPair(pairs);
  oneOfPair[dim + 1] = 1;
  SmallVector<int64_t> packed(type.getShape());
  packed[dim] /= 2;
  auto half = [&](int64_t which) {
    SmallVector<int64_t> offsets(pairs.size(), 0);
    offsets[dim + 1] = which;
    Value slice = l.create1(
        "nv_tileaa.extract_slice", type.clone(oneOfPair), split,
        {l.b.getNamedAttr("offsets", l.b.getDenseI64ArrayAttr(offsets))});
    return l.create1("nv_tileaa.view", type.clone(packed), slice);
  };
  Value low = zeroExtendNibbles(l, half(0));
  Value high = arith::ShLIOp::create(l.b, l.loc, half(1),
                                     byteConstant(l, type.clone(packed), 4));
  return arith::OrIOp::create(l.b, l.loc, low, high);
}

Value tileiras::cuda_tile_lowering::unpackPairs(Lowering &l, Value bytes,
                                                int dim) {
  ImplicitLocOpBuilder b(l.loc, l.b);
  return nv_tileaa::unpackNibbles(b, bytes, unsigned(dim));
}

Value Lowering::lookup(Value v) {
  Value mapped = map.lookupOrNull(v);
  if (mapped && !elementwiseShape.empty() &&
      !isa<RankedTensorType>(mapped.getType()))
    if (auto tile = dyn_cast<ct::TileType>(v.getType());
        tile && tile.getRank() == 0)
      return splat(mapped, elementwiseShape);
  auto packed = packedFp4.find(v);
  if (!mapped || packed == packedFp4.end())
    return mapped;
  // Split once, right after the load, so that the bytes dominate every use.
  Value &unpacked = unpackedFp4[mapped];
  if (!unpacked) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointAfterValue(mapped);
    unpacked = unpackPairs(*this, mapped, packed->second);
  }
  return unpacked;
}

//===----------------------------------------------------------------------===//
// Constants and mmaf_scaled operands
//===----------------------------------------------------------------------===//

LogicalResult
tileiras::cuda_tile_lowering::lowerFourBitConstant(Lowering &l,
                                                   ct::ConstantOp op) {
  auto dense = cast<DenseElementsAttr>(op.getValue());
  bool fp4 = isFp4Tile(op.getType());
  auto byteOf = [&](Attribute element) -> int64_t {
    if (fp4)
      return cast<FloatAttr>(element)
          .getValue()
          .bitcastToAPInt()
          .getZExtValue();
    return cast<IntegerAttr>(element).getValue().getSExtValue();
  };
  Type byte = l.b.getI8Type();
  Type type = l.convertType(op.getType());
  if (dense.isSplat()) {
    int64_t value = byteOf(dense.getSplatValue<Attribute>());
    if (fp4)
      l.fp4Splats[op.getResult()] = uint8_t(value);
    l.map1(op.getResult(),
           constantLike(l, type, l.b.getIntegerAttr(byte, value)));
    return success();
  }
  SmallVector<int8_t> bytes;
  for (Attribute element : dense.getValues<Attribute>())
    bytes.push_back(int8_t(byteOf(element)));
  l.map1(op.getResult(),
         arith::ConstantOp::create(
             l.b, l.loc,
             DenseElementsAttr::get(cast<ShapedType>(type), ArrayRef(bytes))));
  return success();
}

FailureOr<Value> tileiras::cuda_tile_lowering::packedFp4Operand(
    Lowering &l, Operation *op, Value v, int dim, StringRef name) {
  auto tile = cast<ct::TileType>(v.getType());
  SmallVector<int64_t> shape(tile.getShape());
  if (shape[dim] % 2 != 0)
    return l.fail(op, Twine("the f4E2M1FN ") + name +
                          " needs an even extent along dimension " +
                          Twine(dim) + " (two elements a byte)");
  shape[dim] /= 2;
  if (auto splat = l.fp4Splats.find(v); splat != l.fp4Splats.end()) {
    Type byte = l.b.getI8Type();
    auto type = RankedTensorType::get(shape, byte);
    int64_t pair = splat->second | splat->second << 4;
    return Value(arith::ConstantOp::create(
        l.b, l.loc,
        DenseElementsAttr::get(type, l.b.getIntegerAttr(byte, pair))));
  }
  // Loaded packed along `dim` already: the bytes as they are.
  if (auto packed = l.packedFp4.find(v);
      packed != l.packedFp4.end() && packed->second == dim)
    return l.map.lookup(v);
  return packPairs(l, l.lookup(v), dim);
}
