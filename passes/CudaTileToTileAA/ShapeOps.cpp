//===- ShapeOps.cpp - cuda_tile constants, grid, shape and debug ops ------===//

#include "LoweringContext.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace tileiras::cuda_tile_lowering;
namespace ct = tileiras::cuda_tile;

static LogicalResult lowerConstant(Lowering &l, ct::ConstantOp op) {
  auto dense = cast<DenseElementsAttr>(op.getValue());
  TypedAttr value = dense;
  if (op.getType().getRank() == 0)
    value = cast<TypedAttr>(dense.getSplatValue<Attribute>());
  l.map1(op, arith::ConstantOp::create(l.b, l.loc, value));
  return success();
}

static LogicalResult lowerGrid(Lowering &l, Operation *op, StringRef name) {
  for (auto [i, result] : llvm::enumerate(op->getResults())) {
    auto dim = tileiras::nv_tileaa::GridDimAttr::get(
        l.b.getContext(), static_cast<tileiras::nv_tileaa::GridDim>(i));
    l.map1(result, l.create1(name, l.b.getI32Type(), {},
                             {l.b.getNamedAttr("dim", dim)}));
  }
  return success();
}

static LogicalResult lowerIota(Lowering &l, ct::IotaOp op) {
  int64_t n = op.getType().getShape()[0];
  Value range = l.create1(
      "nv_tileaa.make_range", RankedTensorType::get({n}, l.b.getI32Type()), {},
      {l.b.getNamedAttr("start", l.b.getI32IntegerAttr(0)),
       l.b.getNamedAttr("end", l.b.getI32IntegerAttr(int32_t(n)))});
  l.map1(op, l.castInt(range, op.getType().getElementType()));
  return success();
}

// Same-rank reshapes are nv_tileaa.view; 0-d <-> all-ones use splat/reduce.
static LogicalResult lowerReshape(Lowering &l, ct::ReshapeOp op) {
  Value src = l.lookup(op.getSource());
  Type result = l.convertType(op.getType());
  if (!isa<RankedTensorType>(src.getType())) {
    l.map1(op, l.splat(src, op.getType().getShape()));
    return success();
  }
  if (!isa<RankedTensorType>(result))
    return l.fail(op, "reshaping a tile to a 0-d tile is not supported yet");
  l.map1(op, l.create1("nv_tileaa.view", result, src));
  return success();
}

static LogicalResult lowerAssume(Lowering &l, ct::AssumeOp op) {
  Value value = l.lookup(op.getValue());
  auto divBy = dyn_cast<ct::DivByAttr>(op.getPredicate());
  // Predicates nv_tileaa cannot state are dropped: they only allow
  // optimizations.
  if (!value || !divBy || isa<ct::TensorViewType>(op.getValue().getType())) {
    if (auto it = l.tensorViews.find(op.getValue()); it != l.tensorViews.end())
      l.tensorViews[op.getResult()] = it->second;
    if (value)
      l.map1(op, value);
    return success();
  }
  SmallVector<NamedAttribute> attrs{
      l.b.getNamedAttr("div_by", l.b.getI64IntegerAttr(divBy.getDivisor()))};
  if (divBy.getEvery() >= 0) {
    attrs.push_back(
        l.b.getNamedAttr("every", l.b.getI64IntegerAttr(divBy.getEvery())));
    attrs.push_back(
        l.b.getNamedAttr("along", l.b.getI64IntegerAttr(divBy.getAlong())));
  }
  l.map1(op, l.create1("nv_tileaa.assume", value.getType(), value, attrs));
  return success();
}

// 2-D and batched (3-D) mmaf/mmai: nv_tileaa.dot takes both ranks.
static LogicalResult lowerMma(Lowering &l, Operation *op) {
  SmallVector<Value> in;
  for (Value v : op->getOperands())
    in.push_back(l.lookup(v));
  SmallVector<NamedAttribute> attrs;
  if (auto mmai = dyn_cast<ct::MmaIOp>(op)) {
    auto sign = [&](ct::Signedness s) {
      return tileiras::nv_tileaa::SignednessAttr::get(
          l.b.getContext(), s == ct::Signedness::Signed
                                ? tileiras::nv_tileaa::Signedness::Signed
                                : tileiras::nv_tileaa::Signedness::Unsigned);
    };
    attrs.push_back(
        l.b.getNamedAttr("signedness_a", sign(mmai.getSignednessLhs())));
    attrs.push_back(
        l.b.getNamedAttr("signedness_b", sign(mmai.getSignednessRhs())));
  }
  l.map1(op->getResult(0),
         l.create1("nv_tileaa.dot", l.convertType(op->getResult(0).getType()),
                   in, attrs));
  return success();
}

// What nv_tileaa.dot_scaled computes: f8E4M3FN/f8E5M2 operands (any
// pair) with one f8E8M0FNU scale per 32 K elements; f4E2M1FN operands
// with f8E8M0FNU scales per 32 or 16, or f8E4M3FN scales per 16 (the
// spec's combinations); batched (3-D) forms one dot_scaled per batch. The
// cuda_tile verifier checks only the shapes of A, B and C and the f32
// accumulator, so the scale types and shapes are checked here too.
static constexpr StringLiteral kScaledSupported =
    "; f8E4M3FN/f8E5M2 operands with f8E8M0FNU scales per 32 elements and "
    "f4E2M1FN operands with f8E8M0FNU scales per 32 or 16 or f8E4M3FN "
    "scales per 16, 2-D or batched (3-D), are supported";

static std::string shapeText(ArrayRef<int64_t> shape) {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleave(shape, os, "x");
  return text;
}

LogicalResult
tileiras::cuda_tile_lowering::checkMmaScaled(ct::MmaFScaledOp op) {
  auto unsupported = [&](auto... what) -> LogicalResult {
    InFlightDiagnostic diag =
        op.emitOpError("cannot be lowered to nv_tileaa: mmaf_scaled with ");
    (diag << ... << what);
    return diag << " has no nv_tileaa lowering yet" << kScaledSupported;
  };
  // Unquoted, as the types are written in the source.
  auto name = [](Type t) {
    std::string text;
    llvm::raw_string_ostream(text) << t;
    return text;
  };
  auto tile = [](Value v) { return cast<ct::TileType>(v.getType()); };
  ct::TileType a = tile(op.getLhs()), b = tile(op.getRhs()),
               sa = tile(op.getLhsScale()), sb = tile(op.getRhsScale());
  auto isF8 = [](Type t) { return isa<Float8E4M3FNType, Float8E5M2Type>(t); };
  auto isF4 = [](Type t) { return isa<Float4E2M1FNType>(t); };
  for (Type t : {a.getElementType(), b.getElementType()})
    if (!isF8(t) && !isF4(t))
      return unsupported(name(t), " operands");
  bool fp4 = isF4(a.getElementType()) && isF4(b.getElementType());
  for (Type t : {sa.getElementType(), sb.getElementType()})
    if (!isa<Float8E8M0FNUType>(t) && !(fp4 && isa<Float8E4M3FNType>(t)))
      return unsupported(name(t), " scales",
                         fp4 ? "" : " of f8E4M3FN/f8E5M2 operands");
  if (sa.getElementType() != sb.getElementType())
    return op.emitOpError("cannot be lowered to nv_tileaa: the scales of A "
                          "and B must have one type, but got ")
           << name(sa.getElementType()) << " and " << name(sb.getElementType());
  int64_t rank = a.getRank();
  if (sa.getRank() != rank || sb.getRank() != rank)
    return op.emitOpError("cannot be lowered to nv_tileaa: the scales of a ")
           << rank << "-D mmaf_scaled must be " << rank << "-D tiles";
  // Batched: the same shapes after the batch dimension, which all share.
  ArrayRef<int64_t> batch = a.getShape().drop_back(2);
  int64_t m = a.getShape()[rank - 2], k = a.getShape()[rank - 1],
          n = b.getShape()[rank - 1];
  int64_t blocks = sa.getShape()[rank - 1];
  auto withBatch = [&](int64_t rows, int64_t cols) {
    SmallVector<int64_t> shape(batch);
    shape.append({rows, cols});
    return shape;
  };
  if (blocks <= 0 || k % blocks != 0 ||
      sa.getShape() != ArrayRef<int64_t>(withBatch(m, blocks)) ||
      sb.getShape() != ArrayRef<int64_t>(withBatch(blocks, n)))
    return op.emitOpError("cannot be lowered to nv_tileaa: mmaf_scaled "
                          "scales must be ")
           << (batch.empty() ? "" : "(batch) x ") << "M x (K/V) and "
           << (batch.empty() ? "" : "(batch) x ")
           << "(K/V) x N with V dividing K (M = " << m << ", K = " << k
           << ", N = " << n << "), but got " << shapeText(sa.getShape())
           << " and " << shapeText(sb.getShape());
  int64_t block = k / blocks;
  bool e4m3 = isa<Float8E4M3FNType>(sa.getElementType());
  bool allowed = fp4 ? (block == 16 || (!e4m3 && block == 32))
                     : block == tileiras::nv_tileaa::DotScaledOp::kScaleBlock;
  if (!allowed)
    return unsupported(block, "-element scale blocks of ",
                       name(sa.getElementType()), " scales");
  return success();
}

/// Batch `i` of the 3-D tile `tile`: a 2-D tile.
static Value batchItem(Lowering &l, Value tile, int64_t i) {
  auto type = cast<RankedTensorType>(tile.getType());
  SmallVector<int64_t> one(type.getShape());
  one[0] = 1;
  SmallVector<int64_t> offsets(type.getRank(), 0);
  offsets[0] = i;
  Value slice = l.create1(
      "nv_tileaa.extract_slice",
      RankedTensorType::get(one, type.getElementType()), tile,
      {l.b.getNamedAttr("offsets", l.b.getDenseI64ArrayAttr(offsets))});
  return l.create1("nv_tileaa.view",
                   RankedTensorType::get(type.getShape().drop_front(),
                                         type.getElementType()),
                   slice);
}

/// dot_scaled of each batch of the 3-D operands (A, scales of A, B, scales
/// of B, C), the results concatenated along the batch dimension: a
/// block-scaled MMA has no batched form.
static Value batchedDotScaled(Lowering &l, RankedTensorType result,
                              ArrayRef<Value> operands,
                              ArrayRef<NamedAttribute> attrs) {
  auto slice = RankedTensorType::get(result.getShape().drop_front(),
                                     result.getElementType());
  SmallVector<int64_t> one(result.getShape());
  one[0] = 1;
  Value all;
  for (int64_t i = 0; i < result.getDimSize(0); ++i) {
    SmallVector<Value> items;
    for (Value operand : operands)
      items.push_back(batchItem(l, operand, i));
    Value dot = l.create1("nv_tileaa.dot_scaled", slice, items, attrs);
    Value batch =
        l.create1("nv_tileaa.view",
                  RankedTensorType::get(one, result.getElementType()), dot);
    if (!all) {
      all = batch;
      continue;
    }
    SmallVector<int64_t> grown(result.getShape());
    grown[0] = i + 1;
    all = l.create1(
        "nv_tileaa.cat", RankedTensorType::get(grown, result.getElementType()),
        {all, batch}, {l.b.getNamedAttr("axis", l.b.getI32IntegerAttr(0))});
  }
  return all;
}

// mmaf_scaled %a, %b, %c, %sa, %sb -> dot_scaled %a scale %sa, %b scale %sb,
// %c (one per batch for 3-D operands).
// f4E2M1FN operands become i8 tiles of pairs packed along K (FourBitTiles.cpp)
// with a_format/b_format.
static LogicalResult lowerMmaScaled(Lowering &l, ct::MmaFScaledOp op) {
  if (failed(checkMmaScaled(op)))
    return failure();
  int rank = cast<ct::TileType>(op.getLhs().getType()).getRank();
  SmallVector<NamedAttribute> attrs;
  TypeAttr f4 = TypeAttr::get(Float4E2M1FNType::get(l.b.getContext()));
  // FP4 operands as pairs packed along K (no lookup: that would split the
  // pairs of a packed load).
  Value a, b;
  if (!isFp4Tile(op.getLhs().getType()))
    a = l.lookup(op.getLhs());
  if (!isFp4Tile(op.getRhs().getType()))
    b = l.lookup(op.getRhs());
  if (isFp4Tile(op.getLhs().getType())) {
    FailureOr<Value> packed =
        packedFp4Operand(l, op, op.getLhs(), rank - 1, "operand A");
    if (failed(packed))
      return failure();
    a = *packed;
    attrs.push_back(l.b.getNamedAttr("a_format", f4));
  }
  if (isFp4Tile(op.getRhs().getType())) {
    FailureOr<Value> packed =
        packedFp4Operand(l, op, op.getRhs(), rank - 2, "operand B");
    if (failed(packed))
      return failure();
    b = *packed;
    attrs.push_back(l.b.getNamedAttr("b_format", f4));
  }
  Value operands[] = {a, l.lookup(op.getLhsScale()), b,
                      l.lookup(op.getRhsScale()), l.lookup(op.getAcc())};
  auto type = cast<RankedTensorType>(l.convertType(op.getType()));
  l.map1(op.getResult(),
         rank == 3 ? batchedDotScaled(l, type, operands, attrs)
                   : l.create1("nv_tileaa.dot_scaled", type, operands, attrs));
  return success();
}

LogicalResult tileiras::cuda_tile_lowering::lowerShape(Lowering &l,
                                                       Operation *op,
                                                       bool &handled) {
  handled = true;
  auto mapped = [&](unsigned i) { return l.lookup(op->getOperand(i)); };
  auto resultType = [&]() { return l.convertType(op->getResult(0).getType()); };
  if (auto c = dyn_cast<ct::ConstantOp>(op))
    return lowerConstant(l, c);
  if (isa<ct::GetTileBlockIdOp>(op))
    return lowerGrid(l, op, "nv_tileaa.get_program_id");
  if (isa<ct::GetNumTileBlocksOp>(op))
    return lowerGrid(l, op, "nv_tileaa.get_num_programs");
  if (auto iota = dyn_cast<ct::IotaOp>(op))
    return lowerIota(l, iota);
  if (auto reshape = dyn_cast<ct::ReshapeOp>(op))
    return lowerReshape(l, reshape);
  if (auto assume = dyn_cast<ct::AssumeOp>(op))
    return lowerAssume(l, assume);
  if (isa<ct::MmaFOp, ct::MmaIOp>(op))
    return lowerMma(l, op);
  if (auto scaled = dyn_cast<ct::MmaFScaledOp>(op))
    return lowerMmaScaled(l, scaled);
  if (auto extract = dyn_cast<ct::ExtractOp>(op))
    return lowerExtract(l, extract);
  if (isa<ct::BroadcastOp>(op)) {
    l.map1(op->getResult(0),
           l.create1("nv_tileaa.broadcast", resultType(), mapped(0)));
    return success();
  }
  if (auto permute = dyn_cast<ct::PermuteOp>(op)) {
    l.map1(
        op->getResult(0),
        l.create1("nv_tileaa.permute", resultType(), mapped(0),
                  {l.b.getNamedAttr("order", permute.getPermutationAttr())}));
    return success();
  }
  if (auto cat = dyn_cast<ct::CatOp>(op)) {
    l.map1(op->getResult(0),
           l.create1("nv_tileaa.cat", resultType(), {mapped(0), mapped(1)},
                     {l.b.getNamedAttr("axis", l.b.getI32IntegerAttr(
                                                   int32_t(cat.getDim())))}));
    return success();
  }
  if (isa<ct::OffsetOp>(op)) {
    l.map1(op->getResult(0),
           l.create1("nv_tileaa.addptr", resultType(), {mapped(0), mapped(1)}));
    return success();
  }
  // print_tko and assert have the same printf-style semantics in nv_tileaa.
  if (auto print = dyn_cast<ct::PrintTkoOp>(op)) {
    // Scales and f4E2M1FN print as their values (f32), as the other 8-bit
    // floats do; i4 as the integer in its byte.
    SmallVector<Value> args;
    for (Value v : print.getArgs()) {
      args.push_back(l.lookup(v));
      if (isa<Float8E8M0FNUType>(getElementTypeOrSelf(args.back().getType())))
        args.back() = decodeScales(l, args.back());
      if (isFp4Tile(v.getType()))
        args.back() = decodeFp4(l, args.back());
    }
    l.create("nv_tileaa.print", {}, args,
             {l.b.getNamedAttr("format", print.getStrAttr())});
    l.map1(print.getResultToken(), l.token());
    return success();
  }
  if (auto assertOp = dyn_cast<ct::AssertOp>(op)) {
    l.create("nv_tileaa.assert", {}, mapped(0),
             {l.b.getNamedAttr("message", assertOp.getMessageAttr())});
    return success();
  }
  if (isa<ct::MakeTokenOp, ct::JoinTokensOp>(op)) {
    l.map1(op->getResult(0), l.token());
    return success();
  }
  handled = false;
  return success();
}
