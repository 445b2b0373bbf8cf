//===- MemoryOps.cpp - cuda_tile views, loads and stores ------------------===//
//
// A tensor_view is kept as (base, shape, strides) scalars. A view tile at
// index (t_0..t_n) becomes a pointer tile base + sum_k c_k * stride[d_k]
// with c_k = t_k * tile_k + [0, tile_k) along tile dimension k (d_k =
// dim_map[k]) and a mask c_k < shape[d_k]; out-of-bounds lanes read the
// view's padding value and are not stored. Token operands are dropped:
// nv_tileaa executes memory operations in program order. A non-weak
// ordering becomes mem_semantic and mem_scope (scopes as for atomics).
//
//===----------------------------------------------------------------------===//

#include "LoweringContext.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace tileiras::cuda_tile_lowering;
namespace ct = tileiras::cuda_tile;

static LogicalResult lowerMakeTensorView(Lowering &l, ct::MakeTensorViewOp op) {
  ct::TensorViewType type = op.getType();
  TensorView view;
  view.base = l.lookup(op.getBase());
  Type indexType = l.b.getI32Type();
  for (Value v :
       llvm::concat<Value>(op.getDynamicShape(), op.getDynamicStrides()))
    if (auto t = dyn_cast<IntegerType>(l.convertType(v.getType())))
      if (t.getWidth() > 32)
        indexType = t;
  auto fill = [&](ArrayRef<int64_t> statics, ValueRange dynamic,
                  SmallVectorImpl<Value> &out) {
    unsigned next = 0;
    for (int64_t s : statics)
      out.push_back(s == ct::TensorViewType::kDynamic
                        ? l.castInt(l.lookup(dynamic[next++]), indexType)
                        : l.constantInt(indexType, s));
  };
  fill(type.getShape(), op.getDynamicShape(), view.shape);
  fill(type.getStrides(), op.getDynamicStrides(), view.strides);
  l.tensorViews[op.getResult()] = view;
  return success();
}

static Value paddingValue(Lowering &l, Type element, int32_t padding,
                          ArrayRef<int64_t> shape) {
  TypedAttr scalar;
  if (isa<Float8E8M0FNUType>(element)) {
    // Scales have no zero, sign or infinity (APFloat's zero of the format
    // is its NaN): zero and neg_zero pad with the byte 0 (2^-127, which
    // scales zero padding of the operands to zero), nan and the
    // infinities with 0xFF (NaN, as infinities convert to it).
    auto kind = static_cast<ct::PaddingValue>(padding);
    bool nan = kind == ct::PaddingValue::Nan ||
               kind == ct::PaddingValue::PosInf ||
               kind == ct::PaddingValue::NegInf;
    scalar = l.b.getFloatAttr(
        element, APFloat(cast<FloatType>(element).getFloatSemantics(),
                         APInt(8, nan ? 0xFF : 0x00)));
  } else if (auto f = dyn_cast<FloatType>(element)) {
    const llvm::fltSemantics &sem = f.getFloatSemantics();
    APFloat v = APFloat::getZero(sem);
    switch (static_cast<ct::PaddingValue>(padding)) {
    case ct::PaddingValue::NegZero:
      v = APFloat::getZero(sem, true);
      break;
    case ct::PaddingValue::Nan:
      v = APFloat::getQNaN(sem);
      break;
    case ct::PaddingValue::PosInf:
      v = APFloat::getInf(sem);
      break;
    case ct::PaddingValue::NegInf:
      v = APFloat::getInf(sem, true);
      break;
    default:
      break;
    }
    scalar = l.b.getFloatAttr(element, v);
  } else {
    scalar = l.b.getIntegerAttr(element, 0);
  }
  auto type = RankedTensorType::get(shape, element);
  return arith::ConstantOp::create(l.b, l.loc,
                                   DenseElementsAttr::get(type, scalar));
}

namespace {
struct Access {
  Value pointers, mask;
  /// Packed FP4 along a dimension of odd extent: true for the bytes that
  /// hold its last element alone (their high nibble lies past the end).
  Value halfBytes;
};
} // namespace

// The dim_map of a partition or strided view and, for strided views, the
// traversal strides (empty: identity map, tiles step by their size).
static void viewLayout(Type view, SmallVectorImpl<int32_t> &dimMap,
                       SmallVectorImpl<int32_t> &steps) {
  if (auto pv = dyn_cast<ct::PartitionViewType>(view)) {
    dimMap.assign(pv.getDimMap().begin(), pv.getDimMap().end());
  } else if (auto sv = dyn_cast<ct::StridedViewType>(view)) {
    dimMap.assign(sv.getDimMap().begin(), sv.getDimMap().end());
    steps.assign(sv.getTraversalStrides().begin(),
                 sv.getTraversalStrides().end());
  }
}

// index * step + [0, size): the coordinates of one view tile along a
// dimension (step 1: index is an element offset).
static Value tileCoordinates(Lowering &l, Value index, int64_t step,
                             int64_t size, Type offType) {
  Value start =
      step == 1 ? index
                : Value(arith::MulIOp::create(l.b, l.loc, index,
                                              l.constantInt(offType, step)));
  Value range = l.castInt(
      l.create1(
          "nv_tileaa.make_range",
          RankedTensorType::get({size}, l.b.getI32Type()), {},
          {l.b.getNamedAttr("start", l.b.getI32IntegerAttr(0)),
           l.b.getNamedAttr("end", l.b.getI32IntegerAttr(int32_t(size)))}),
      offType);
  return arith::AddIOp::create(l.b, l.loc, l.splat(start, {size}), range);
}

// Whether the integer `v` is known to be even: a constant, or an assume of
// a multiple of 2 (through integer casts).
static bool knownEven(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (!isa<arith::ExtSIOp, arith::ExtUIOp, arith::IndexCastOp>(def))
      break;
    v = def->getOperand(0);
  }
  APInt constant;
  if (matchPattern(v, m_ConstantInt(&constant)))
    return !constant[0];
  Operation *def = v.getDefiningOp();
  auto divBy = def && def->getName().getStringRef() == "nv_tileaa.assume"
                   ? def->getAttrOfType<IntegerAttr>("div_by")
                   : IntegerAttr();
  return divBy && divBy.getInt() % 2 == 0;
}

// Pointer tile and bounds mask of one view tile. With `packedDim` (a tile
// dimension whose view dimension has stride 1) the view holds f4E2M1FN
// pairs: the pointers are to the bytes holding elements (.., 2i, ..) and
// (.., 2i + 1, ..) along packedDim, a tile of half the extent there; the
// view's other strides must be even (docs/cuda-tile.md). An extent known
// to be even is halved (unsigned halving keeps its divisibility for
// AxisInfo); otherwise the byte count rounds up and `halfBytes` marks the
// last byte of an odd extent.
static FailureOr<Access> viewAccess(Lowering &l, Operation *op, Value view,
                                    ValueRange indices, int packedDim = -1) {
  auto it = l.tensorViews.find(view);
  if (it == l.tensorViews.end())
    return l.fail(op, "the view does not come from make_tensor_view in this "
                      "entry");
  const TensorView &tv = it->second;
  SmallVector<int64_t> tile = ct::getViewTileShape(view.getType());
  SmallVector<int32_t> dimMap, steps;
  // A gather_scatter_view's indices are element coordinates: a 1-D tile
  // along sparseDim, start offsets along the other dimensions.
  std::optional<size_t> sparseDim;
  if (auto gv = dyn_cast<ct::GatherScatterViewType>(view.getType())) {
    sparseDim = gv.getSparseDim();
    steps.assign(tile.size(), 1);
  } else {
    viewLayout(view.getType(), dimMap, steps);
  }
  // A 0-d view is its one element: the base pointer, always in bounds.
  if (tile.empty())
    return Access{tv.base, Value()};
  Type offType = tv.strides.front().getType();
  Value offsets, mask, halfBytes, lastByte, odd;
  SmallVector<int64_t> shape(tile);
  if (packedDim >= 0)
    shape[packedDim] /= 2;
  for (size_t k = 0; k < tile.size(); ++k) {
    size_t d = dimMap.empty() ? k : size_t(dimMap[k]);
    int64_t step = steps.empty() ? tile[k] : steps[k];
    // Indices are unsigned.
    Value index = l.castInt(l.lookup(indices[k]), offType, /*zeroExtend=*/true);
    // Packed FP4: byte coordinates along packedDim (elements 2c and
    // 2c + 1), halved strides along the others. A gather view's start
    // offset there counts elements (an even one: the program's promise).
    bool packed = int(k) == packedDim;
    if (packed && sparseDim) {
      index =
          arith::DivUIOp::create(l.b, l.loc, index, l.constantInt(offType, 2));
      step = 2;
    }
    Value coord = k == sparseDim
                      ? index
                      : tileCoordinates(l, index, packed ? step / 2 : step,
                                        shape[k], offType);
    Value stride = tv.strides[d], extent = tv.shape[d];
    if (packed) {
      // In bytes.
      stride = l.constantInt(offType, 1);
      Value one = l.constantInt(offType, 1), two = l.constantInt(offType, 2);
      if (!knownEven(extent)) {
        // With an odd extent, byte extent / 2 holds the last element alone.
        lastByte = arith::DivUIOp::create(l.b, l.loc, extent, two);
        odd = arith::TruncIOp::create(
            l.b, l.loc, l.b.getI1Type(),
            arith::AndIOp::create(l.b, l.loc, extent, one));
        extent = arith::AddIOp::create(l.b, l.loc, extent, one);
      }
      extent = arith::DivUIOp::create(l.b, l.loc, extent, two);
    } else if (packedDim >= 0) {
      stride =
          arith::DivUIOp::create(l.b, l.loc, stride, l.constantInt(offType, 2));
    }
    if (tile.size() > 1) {
      SmallVector<int64_t> ones(tile.size(), 1);
      ones[k] = shape[k];
      coord = l.create1("nv_tileaa.view", RankedTensorType::get(ones, offType),
                        coord);
      coord = l.create1("nv_tileaa.broadcast",
                        RankedTensorType::get(shape, offType), coord);
    }
    if (packed && lastByte)
      halfBytes = arith::AndIOp::create(
          l.b, l.loc,
          arith::CmpIOp::create(l.b, l.loc, arith::CmpIPredicate::eq, coord,
                                l.splat(lastByte, shape)),
          l.splat(odd, shape));
    Value term =
        arith::MulIOp::create(l.b, l.loc, coord, l.splat(stride, shape));
    offsets = offsets ? Value(arith::AddIOp::create(l.b, l.loc, offsets, term))
                      : term;
    Value inBounds = arith::CmpIOp::create(
        l.b, l.loc, arith::CmpIPredicate::slt, coord, l.splat(extent, shape));
    mask = mask ? Value(arith::AndIOp::create(l.b, l.loc, mask, inBounds))
                : inBounds;
  }
  Value basePtr = tv.base;
  if (packedDim >= 0) {
    basePtr =
        l.create1("nv_tileaa.ptr_to_ptr",
                  tileiras::nv_tileaa::PtrType::get(l.b.getI8Type()), basePtr);
  }
  Value base = l.splat(basePtr, shape);
  return Access{l.create1("nv_tileaa.addptr", base.getType(), {base, offsets}),
                mask, halfBytes};
}

static int32_t viewPadding(Type view) {
  if (auto pv = dyn_cast<ct::PartitionViewType>(view))
    return pv.getPadding();
  if (auto sv = dyn_cast<ct::StridedViewType>(view))
    return sv.getPadding();
  if (auto gv = dyn_cast<ct::GatherScatterViewType>(view))
    return gv.getPadding();
  return -1;
}

// The ordering and scope of a load or store: nothing for weak (nv_tileaa's
// default), else mem_semantic and mem_scope.
template <typename OpT>
static SmallVector<NamedAttribute> ordering(Lowering &l, OpT op) {
  ct::MemoryOrdering o = op.getMemoryOrdering();
  if (o == ct::MemoryOrdering::Weak)
    return {};
  // The cuda_tile verifier requires a scope with every non-weak ordering.
  return {semantic(l, o), scope(l, *op.getMemoryScope())};
}

static NamedAttribute segments(Lowering &l, ArrayRef<int32_t> sizes) {
  return l.b.getNamedAttr("operandSegmentSizes",
                          l.b.getDenseI32ArrayAttr(sizes));
}

template <typename OpT>
static SmallVector<NamedAttribute> withSegments(Lowering &l, OpT op,
                                                ArrayRef<int32_t> sizes) {
  SmallVector<NamedAttribute> attrs = ordering(l, op);
  attrs.push_back(segments(l, sizes));
  return attrs;
}

// The tile dimension of a load or store through `view` whose view
// dimension has stride 1 (f4E2M1FN pairs share a byte along it), or an
// error at `op`.
static FailureOr<int> packedFp4Dim(Lowering &l, Operation *op, Type view) {
  SmallVector<int32_t> dimMap, steps;
  viewLayout(view, dimMap, steps);
  if (!isa<ct::PartitionViewType, ct::StridedViewType,
           ct::GatherScatterViewType>(view))
    return l.fail(op, "f4E2M1FN tiles load and store only through partition, "
                      "strided and gather views");
  std::optional<size_t> sparseDim;
  if (auto gv = dyn_cast<ct::GatherScatterViewType>(view))
    sparseDim = gv.getSparseDim();
  ArrayRef<int64_t> strides = ct::getViewTensorView(view).getStrides();
  SmallVector<int64_t> tile = ct::getViewTileShape(view);
  for (size_t k = 0; k < tile.size(); ++k) {
    size_t d = dimMap.empty() ? k : size_t(dimMap[k]);
    if (strides[d] != 1)
      continue;
    if (tile[k] % 2 != 0)
      break;
    if (k == sparseDim)
      return l.fail(op, "an f4E2M1FN gather view cannot gather or scatter "
                        "along its stride-1 dimension (two elements share a "
                        "byte)");
    // A strided view's tiles start every `steps[k]` elements along it.
    if (!steps.empty() && steps[k] % 2 != 0)
      return l.fail(op, "an f4E2M1FN tile from a strided view needs an even "
                        "traversal stride along its stride-1 dimension (two "
                        "elements a byte), but got " +
                            Twine(steps[k]));
    // Every row starts on a byte: the other strides are even (dynamic ones
    // are the program's promise, docs/cuda-tile.md).
    for (auto [other, stride] : llvm::enumerate(strides))
      if (other != d && stride != ct::TensorViewType::kDynamic &&
          stride % 2 != 0)
        return l.fail(op, "an f4E2M1FN view needs even strides outside its "
                          "stride-1 dimension (each row starts on a byte), "
                          "but stride " +
                              Twine(other) + " is " + Twine(stride));
    return int(k);
  }
  return l.fail(op, "an f4E2M1FN tile needs a view dimension of stride 1 "
                    "with an even tile extent along it (two elements a byte)");
}

// The byte pointers and masks of an f4E2M1FN load or store through a view,
// packed along `dim` (packedFp4Dim).
template <typename OpT>
static FailureOr<Access> fp4ViewAccess(Lowering &l, OpT op,
                                       FailureOr<int> &dim) {
  dim = packedFp4Dim(l, op, op.getView().getType());
  if (failed(dim))
    return failure();
  return viewAccess(l, op, op.getView(), op.getIndices(), *dim);
}

// load_view_tko of f4E2M1FN: an i8 tile of the packed pairs along the
// contiguous dimension (FourBitTiles.cpp: dot_scaled operands as they are,
// split into one element a byte for other ops).
static LogicalResult lowerLoadFp4View(Lowering &l, ct::LoadViewTkoOp op) {
  FailureOr<int> dim;
  FailureOr<Access> access = fp4ViewAccess(l, op, dim);
  if (failed(access))
    return failure();
  auto tile = cast<ct::TileType>(op.getTile().getType());
  SmallVector<int64_t> shape(tile.getShape());
  shape[*dim] /= 2;
  // Padding: zero is the byte 0; -0 is 0x88 (both nibbles); e2m1 has no
  // NaN or infinity.
  int32_t padding = std::max(viewPadding(op.getView().getType()), 0);
  auto kind = static_cast<ct::PaddingValue>(padding);
  if (kind != ct::PaddingValue::Zero && kind != ct::PaddingValue::NegZero)
    return l.fail(op, "f4E2M1FN has no NaN or infinity to pad with");
  Type byte = l.b.getI8Type();
  auto bytes = RankedTensorType::get(shape, byte);
  Value other = arith::ConstantOp::create(
      l.b, l.loc,
      DenseElementsAttr::get(
          bytes, l.b.getIntegerAttr(
                     byte, kind == ct::PaddingValue::NegZero ? 0x88 : 0)));
  Value loaded = l.create1("nv_tileaa.load", bytes,
                           {access->pointers, access->mask, other},
                           withSegments(l, op, {1, 1, 1}));
  if (access->halfBytes) {
    // The high nibble of an odd extent's last byte is past the end: it
    // reads as the padding (as an and/or chain, so that the load still
    // reaches its dot through single-use elementwise ops).
    auto constant = [&](int64_t value) -> Value {
      return arith::ConstantOp::create(
          l.b, l.loc,
          DenseElementsAttr::get(bytes, l.b.getIntegerAttr(byte, value)));
    };
    Value keep = arith::SelectOp::create(l.b, l.loc, access->halfBytes,
                                         constant(0x0F), constant(0xFF));
    loaded = arith::AndIOp::create(l.b, l.loc, loaded, keep);
    if (kind == ct::PaddingValue::NegZero)
      loaded = arith::OrIOp::create(
          l.b, l.loc, loaded,
          arith::SelectOp::create(l.b, l.loc, access->halfBytes, constant(0x80),
                                  constant(0)));
  }
  l.map1(op.getTile(), loaded);
  l.packedFp4[op.getTile()] = *dim;
  l.map1(op.getResultToken(), l.token());
  return success();
}

static LogicalResult lowerLoadView(Lowering &l, ct::LoadViewTkoOp op) {
  if (isFp4Tile(op.getTile().getType()))
    return lowerLoadFp4View(l, op);
  FailureOr<Access> access = viewAccess(l, op, op.getView(), op.getIndices());
  if (failed(access))
    return failure();
  auto tile = cast<ct::TileType>(op.getTile().getType());
  int32_t padding = std::max(viewPadding(op.getView().getType()), 0);
  if (!access->mask) { // 0-d: nothing to mask or pad
    l.map1(op.getTile(),
           l.create1("nv_tileaa.load", l.convertType(tile), {access->pointers},
                     withSegments(l, op, {1, 0, 0})));
    l.map1(op.getResultToken(), l.token());
    return success();
  }
  Value other =
      paddingValue(l, tile.getElementType(), padding, tile.getShape());
  l.map1(op.getTile(), l.create1("nv_tileaa.load", l.convertType(tile),
                                 {access->pointers, access->mask, other},
                                 withSegments(l, op, {1, 1, 1})));
  l.map1(op.getResultToken(), l.token());
  return success();
}

// store_view_tko of f4E2M1FN: the pairs along the contiguous dimension
// packed into bytes. The spec makes that dimension's extent even; with an
// odd one the last byte's high nibble (past the end) is written too.
static LogicalResult lowerStoreFp4View(Lowering &l, ct::StoreViewTkoOp op) {
  FailureOr<int> dim;
  FailureOr<Access> access = fp4ViewAccess(l, op, dim);
  if (failed(access))
    return failure();
  FailureOr<Value> bytes = packedFp4Operand(l, op, op.getTile(), *dim, "tile");
  if (failed(bytes))
    return failure();
  l.create("nv_tileaa.store", {}, {access->pointers, *bytes, access->mask},
           ordering(l, op));
  l.map1(op.getResultToken(), l.token());
  return success();
}

static LogicalResult lowerStoreView(Lowering &l, ct::StoreViewTkoOp op) {
  if (isFp4Tile(op.getTile().getType()))
    return lowerStoreFp4View(l, op);
  FailureOr<Access> access = viewAccess(l, op, op.getView(), op.getIndices());
  if (failed(access))
    return failure();
  SmallVector<Value> operands{access->pointers, l.lookup(op.getTile())};
  if (access->mask)
    operands.push_back(access->mask);
  l.create("nv_tileaa.store", {}, operands, ordering(l, op));
  l.map1(op.getResultToken(), l.token());
  return success();
}

static LogicalResult lowerLoadPtr(Lowering &l, ct::LoadPtrTkoOp op) {
  SmallVector<Value> operands{l.lookup(op.getSource())};
  if (op.getMask())
    operands.push_back(l.lookup(op.getMask()));
  if (op.getPadding())
    operands.push_back(l.lookup(op.getPadding()));
  l.map1(op.getResult(),
         l.create1("nv_tileaa.load", l.convertType(op.getResult().getType()),
                   operands,
                   withSegments(l, op,
                                {1, int32_t(bool(op.getMask())),
                                 int32_t(bool(op.getPadding()))})));
  l.map1(op.getResultToken(), l.token());
  return success();
}

static LogicalResult lowerStorePtr(Lowering &l, ct::StorePtrTkoOp op) {
  SmallVector<Value> operands{l.lookup(op.getDestination()),
                              l.lookup(op.getValue())};
  if (op.getMask())
    operands.push_back(l.lookup(op.getMask()));
  l.create("nv_tileaa.store", {}, operands, ordering(l, op));
  l.map1(op.getResultToken(), l.token());
  return success();
}

// A reduction into a view tile: atomic_rmw on the view's pointer tile,
// masked to the view, its old values unused.
static LogicalResult lowerAtomicRedView(Lowering &l,
                                        ct::AtomicRedViewTkoOp op) {
  FailureOr<Access> access = viewAccess(l, op, op.getView(), op.getIndices());
  if (failed(access))
    return failure();
  SmallVector<Value> operands{access->pointers, l.lookup(op.getValue())};
  if (access->mask)
    operands.push_back(access->mask);
  l.create("nv_tileaa.atomic_rmw", l.convertType(op.getValue().getType()),
           operands,
           {rmwMode(l, op.getMode()), semantic(l, op.getMemoryOrdering()),
            scope(l, op.getMemoryScope())});
  l.map1(op.getResultToken(), l.token());
  return success();
}

static LogicalResult lowerShapeQuery(Lowering &l, Operation *op) {
  Value source = op->getOperand(0);
  auto it = l.tensorViews.find(source);
  if (it == l.tensorViews.end())
    return l.fail(op, "the view does not come from make_tensor_view in this "
                      "entry");
  SmallVector<int64_t> tile = ct::getViewTileShape(source.getType());
  // Index-space extents: ceil(shape[dim_map[k]] / step_k), step_k the tile
  // size or (strided views) the traversal stride.
  if (isa<ct::GatherScatterViewType>(source.getType()))
    return l.fail(op, "a gather_scatter_view has no index space");
  SmallVector<int32_t> dimMap, steps;
  viewLayout(source.getType(), dimMap, steps);
  for (auto [k, result] : llvm::enumerate(op->getResults())) {
    Type type = l.convertType(result.getType());
    Value extent;
    if (tile.empty()) {
      extent = it->second.shape[k];
    } else {
      size_t d = dimMap.empty() ? k : size_t(dimMap[k]);
      int64_t step = steps.empty() ? tile[k] : steps[k];
      Value shape = it->second.shape[d];
      extent = arith::CeilDivSIOp::create(l.b, l.loc, shape,
                                          l.constantInt(shape.getType(), step));
    }
    l.map1(result, l.castInt(extent, type));
  }
  return success();
}

LogicalResult tileiras::cuda_tile_lowering::lowerMemory(Lowering &l,
                                                        Operation *op,
                                                        bool &handled) {
  handled = true;
  if (auto make = dyn_cast<ct::MakeTensorViewOp>(op))
    return lowerMakeTensorView(l, make);
  if (isa<ct::MakePartitionViewOp, ct::MakeStridedViewOp,
          ct::MakeGatherScatterViewOp>(op)) {
    auto it = l.tensorViews.find(op->getOperand(0));
    if (it == l.tensorViews.end())
      return l.fail(op, "the tensor_view does not come from make_tensor_view "
                        "in this entry");
    l.tensorViews[op->getResult(0)] = it->second;
    return success();
  }
  if (auto load = dyn_cast<ct::LoadViewTkoOp>(op))
    return lowerLoadView(l, load);
  if (auto store = dyn_cast<ct::StoreViewTkoOp>(op))
    return lowerStoreView(l, store);
  if (auto load = dyn_cast<ct::LoadPtrTkoOp>(op))
    return lowerLoadPtr(l, load);
  if (auto store = dyn_cast<ct::StorePtrTkoOp>(op))
    return lowerStorePtr(l, store);
  if (auto red = dyn_cast<ct::AtomicRedViewTkoOp>(op))
    return lowerAtomicRedView(l, red);
  if (isa<ct::GetTensorShapeOp, ct::GetIndexSpaceShapeOp>(op))
    return lowerShapeQuery(l, op);
  handled = false;
  return success();
}
