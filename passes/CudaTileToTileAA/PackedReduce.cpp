//===- PackedReduce.cpp - cuda_tile reduce/scan of several operands -------===//
//
// nv_tileaa.reduce and scan take one operand, and a combiner of several
// operands (argmax: a value and its index) couples them. When the element types
// fit in 64 bits together, the operands are packed into one integer per element
// (operand i in bits [off_i, off_i + w_i), floats by their bits), reduced
// with a combiner that unpacks both sides, runs the cuda_tile body (element
// values from one side, accumulators from the other) and packs its results,
// and the result is unpacked again. Wider operands (and pointers) take
// TiledCombiner.cpp.
//
//===----------------------------------------------------------------------===//

#include "LoweringContext.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace tileiras::cuda_tile_lowering;
namespace ct = tileiras::cuda_tile;

namespace {
/// Where each operand lives in the packed integer.
struct Packing {
  SmallVector<Type> elements;
  SmallVector<unsigned> offsets;
  IntegerType packed;
};
} // namespace

static Type like(Type shapeOf, Type element) {
  if (auto tile = dyn_cast<RankedTensorType>(shapeOf))
    return tile.clone(element);
  return element;
}

static Value constantLike(Lowering &l, Type type, int64_t value) {
  auto attr = l.b.getIntegerAttr(getElementTypeOrSelf(type), value);
  if (auto tile = dyn_cast<RankedTensorType>(type))
    return arith::ConstantOp::create(l.b, l.loc,
                                     DenseElementsAttr::get(tile, attr));
  return arith::ConstantOp::create(l.b, l.loc, attr);
}

static Value pack(Lowering &l, const Packing &p, ValueRange values) {
  Value out;
  for (auto [i, v] : llvm::enumerate(values)) {
    unsigned width = p.elements[i].getIntOrFloatBitWidth();
    Type bitsType = like(v.getType(), l.b.getIntegerType(width));
    Value bits = isa<FloatType>(p.elements[i])
                     ? Value(arith::BitcastOp::create(l.b, l.loc, bitsType, v))
                     : v;
    Type packedType = like(v.getType(), p.packed);
    Value wide = bits;
    if (width < p.packed.getWidth())
      wide = arith::ExtUIOp::create(l.b, l.loc, packedType, bits);
    if (p.offsets[i])
      wide = arith::ShLIOp::create(l.b, l.loc, wide,
                                   constantLike(l, packedType, p.offsets[i]));
    out = out ? Value(arith::OrIOp::create(l.b, l.loc, out, wide)) : wide;
  }
  return out;
}

static SmallVector<Value> unpack(Lowering &l, const Packing &p, Value packed) {
  SmallVector<Value> out;
  for (auto [i, element] : llvm::enumerate(p.elements)) {
    unsigned width = element.getIntOrFloatBitWidth();
    Value v = packed;
    if (p.offsets[i])
      v = arith::ShRUIOp::create(l.b, l.loc, v,
                                 constantLike(l, v.getType(), p.offsets[i]));
    Type bitsType = like(v.getType(), l.b.getIntegerType(width));
    if (width < p.packed.getWidth())
      v = arith::TruncIOp::create(l.b, l.loc, bitsType, v);
    if (isa<FloatType>(element))
      v = arith::BitcastOp::create(l.b, l.loc, like(v.getType(), element), v);
    out.push_back(v);
  }
  return out;
}

static FailureOr<Packing> packingOf(Lowering &l, Operation *op) {
  Packing p;
  unsigned total = 0;
  for (Value v : op->getOperands()) {
    Type element = cast<ct::TileType>(v.getType()).getElementType();
    if (!element.isIntOrFloat())
      return failure(); // pointers: TiledCombiner.cpp
    // A 4-bit element (i4, f4E2M1FN) is a byte here (FourBitTiles.cpp).
    if (element.getIntOrFloatBitWidth() == 4)
      element = l.b.getI8Type();
    p.elements.push_back(element);
    p.offsets.push_back(total);
    total += element.getIntOrFloatBitWidth();
  }
  if (total > 64)
    return failure(); // TiledCombiner.cpp
  p.packed = l.b.getIntegerType(total > 32 ? 64 : 32);
  return p;
}

/// The combiner: cuda_tile's block takes (x_0, acc_0, x_1, acc_1, ...)
/// (a scan: (cur_0, prev_0, ...)), nv_tileaa's the two packed sides.
static LogicalResult lowerPackedBody(Lowering &l, const Packing &p,
                                     Operation *op, Block *block) {
  OpBuilder::InsertionGuard guard(l.b);
  l.b.setInsertionPointToEnd(block);
  Value lhs = block->addArgument(p.packed, l.loc);
  Value rhs = block->addArgument(p.packed, l.loc);
  SmallVector<Value> xs = unpack(l, p, lhs), accs = unpack(l, p, rhs);
  Block &src = op->getRegion(0).front();
  for (size_t i = 0; i < xs.size(); ++i) {
    l.map1(src.getArgument(2 * i), xs[i]);
    l.map1(src.getArgument(2 * i + 1), accs[i]);
  }
  for (Operation &inner : src.without_terminator())
    if (failed(l.lowerOp(&inner)))
      return failure();
  Operation *yield = src.getTerminator();
  l.loc = yield->getLoc();
  l.create("nv_tileaa.yield", {},
           pack(l, p, lowerValues(l, yield->getOperands())));
  return success();
}

LogicalResult
tileiras::cuda_tile_lowering::lowerPackedCombiner(Lowering &l, Operation *op,
                                                  StringRef name) {
  FailureOr<Packing> p = packingOf(l, op);
  if (failed(p))
    return lowerTiledCombiner(l, op);
  Value packed = pack(l, *p, lowerValues(l, op->getOperands()));
  Type resultType = like(l.convertType(op->getResult(0).getType()), p->packed);
  OperationState state(l.loc, name);
  state.addOperands(packed);
  state.addTypes(resultType);
  state.addAttribute(
      "axis", l.b.getI32IntegerAttr(
                  int32_t(op->getAttrOfType<IntegerAttr>("dim").getInt())));
  if (auto reverse = op->getAttrOfType<BoolAttr>("reverse"))
    state.addAttribute("reverse", reverse);
  Block *block = new Block();
  state.addRegion()->push_back(block);
  Operation *reduce = l.b.create(state);
  Location loc = l.loc;
  if (failed(lowerPackedBody(l, *p, op, block)))
    return failure();
  l.loc = loc;
  for (auto [result, value] :
       llvm::zip(op->getResults(), unpack(l, *p, reduce->getResult(0))))
    l.map1(result, value);
  return success();
}
