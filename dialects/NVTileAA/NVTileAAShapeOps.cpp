//===- NVTileAAShapeOps.cpp - tile construction and shape ops -------------===//
//
// make_range, splat, broadcast, expand_dims, view, permute, extract_slice and
// cat: verifiers, folds and the splat-sinking canonicalizations.
//
// Verifiers compare shapes and element types, never whole tensor types, so
// that they keep working once layout assignment has put encodings on tiles.
//
//===----------------------------------------------------------------------===//

#include "NVTileAAAsmDirectives.h"
#include "tileiras/Dialect/NVTileAA/NVTileAA.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/InterleavedRange.h"

using namespace mlir;
using namespace tileiras::nv_tileaa;

namespace {
LogicalResult verifySameElementType(Operation *op, Type src, Type result) {
  Type srcElement = getElementTypeOrSelf(src);
  Type resultElement = getElementTypeOrSelf(result);
  if (srcElement != resultElement)
    return op->emitOpError()
           << "result element type " << resultElement
           << " must equal the source element type " << srcElement;
  return success();
}

/// A constant splat source folds to a splat of the result type.
Attribute foldSplatConstant(Attribute src, Type resultType) {
  auto splat = dyn_cast_if_present<SplatElementsAttr>(src);
  if (!splat)
    return {};
  return DenseElementsAttr::get(cast<ShapedType>(resultType),
                                splat.getSplatValue<Attribute>());
}

/// op(splat x) -> splat x: every element of the result is x as well.
template <typename OpTy> struct SinkSplat : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    auto splat = op.getSrc().template getDefiningOp<SplatOp>();
    if (!splat)
      return failure();
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
    return success();
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// MakeRangeOp
//===----------------------------------------------------------------------===//

LogicalResult MakeRangeOp::verify() {
  RankedTensorType type = getResult().getType();
  if (type.getRank() != 1 || !type.getElementType().isSignlessInteger(32))
    return emitOpError() << "result must be a 1-D tile of i32, but got "
                         << type;
  // Computed in 64 bits: both bounds are i32, so the difference cannot
  // overflow.
  int64_t start = getStartAttr().getInt(), end = getEndAttr().getInt();
  if (end <= start)
    return emitOpError() << "end (" << end << ") must be greater than start ("
                         << start << ")";
  if (end - start != type.getDimSize(0))
    return emitOpError() << "end - start (" << end - start
                         << ") must equal the result length ("
                         << type.getDimSize(0) << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// SplatOp
//===----------------------------------------------------------------------===//

LogicalResult SplatOp::verify() {
  Type srcType = getSrc().getType();
  if (isa<ShapedType>(srcType) || !isScalarValueType(srcType))
    return emitOpError() << "operand must be an integer, float or pointer "
                            "scalar, but got "
                         << srcType;
  Type elementType = getResult().getType().getElementType();
  if (elementType != srcType)
    return emitOpError() << "result element type " << elementType
                         << " must equal the scalar operand type " << srcType;
  return success();
}

OpFoldResult SplatOp::fold(FoldAdaptor adaptor) {
  Attribute src = adaptor.getSrc();
  if (!isa_and_present<IntegerAttr, FloatAttr>(src))
    return {};
  return DenseElementsAttr::get(getResult().getType(), src);
}

namespace {
/// splat(select c, a, b) -> select(splat c, splat a, splat b) for a scalar
/// select (docs/language.md, section 7): the splats then meet the other tile
/// ops, e.g. fold with constants or sink into shape ops. Only when the
/// scalar select has no other user, so nothing is computed twice.
struct SinkSplatIntoSelect : OpRewritePattern<SplatOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SplatOp op,
                                PatternRewriter &rewriter) const override {
    auto select = op.getSrc().getDefiningOp<arith::SelectOp>();
    if (!select || !select->hasOneUse() ||
        isa<ShapedType>(select.getCondition().getType()))
      return failure();
    RankedTensorType type = op.getType();
    auto splat = [&](Value scalar) {
      return SplatOp::create(rewriter, op.getLoc(),
                             getSameShape(type, scalar.getType()), scalar);
    };
    Value condition = splat(select.getCondition());
    Value trueValue = splat(select.getTrueValue());
    Value falseValue = splat(select.getFalseValue());
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, condition, trueValue,
                                                 falseValue);
    return success();
  }
};
} // namespace

void SplatOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<SinkSplatIntoSelect>(context);
}

//===----------------------------------------------------------------------===//
// BroadcastOp
//===----------------------------------------------------------------------===//

LogicalResult BroadcastOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  RankedTensorType resultType = getResult().getType();
  if (srcType.getRank() != resultType.getRank())
    return emitOpError() << *broadcastShapeError(srcType, resultType);
  if (failed(verifySameElementType(*this, srcType, resultType)))
    return failure();
  if (std::optional<std::string> error =
          broadcastShapeError(srcType, resultType))
    return emitOpError() << *error;
  return success();
}

OpFoldResult BroadcastOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return foldSplatConstant(adaptor.getSrc(), getType());
}

void BroadcastOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<SinkSplat<BroadcastOp>>(context);
}

//===----------------------------------------------------------------------===//
// ExpandDimsOp
//===----------------------------------------------------------------------===//

LogicalResult ExpandDimsOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  RankedTensorType resultType = getResult().getType();
  int64_t axis = getAxisAttr().getInt(), rank = srcType.getRank();
  if (axis < 0 || axis > rank)
    return emitOpError() << "axis " << axis << " is out of range for a rank-"
                         << rank << " tile; expected 0 <= axis <= " << rank;
  if (failed(verifySameElementType(*this, srcType, resultType)))
    return failure();
  SmallVector<int64_t> expected(srcType.getShape());
  expected.insert(expected.begin() + axis, 1);
  if (resultType.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError() << "result shape "
                         << llvm::interleaved_array(resultType.getShape())
                         << " must be the source shape with a size-1 "
                            "dimension inserted at axis "
                         << axis << ", i.e. "
                         << llvm::interleaved_array(expected);
  return success();
}

OpFoldResult ExpandDimsOp::fold(FoldAdaptor adaptor) {
  return foldSplatConstant(adaptor.getSrc(), getType());
}

void ExpandDimsOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<SinkSplat<ExpandDimsOp>>(context);
}

//===----------------------------------------------------------------------===//
// ViewOp
//===----------------------------------------------------------------------===//

LogicalResult ViewOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  RankedTensorType resultType = getResult().getType();
  if (failed(verifySameElementType(*this, srcType, resultType)))
    return failure();
  if (srcType.getNumElements() != resultType.getNumElements())
    return emitOpError() << "must keep the element count, but the source has "
                         << srcType.getNumElements()
                         << " elements and the result "
                         << resultType.getNumElements();
  return success();
}

OpFoldResult ViewOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  // view(view(x)) -> view(x): both keep the row-major element order.
  if (auto inner = getSrc().getDefiningOp<ViewOp>()) {
    if (inner.getSrc().getType() == getType())
      return inner.getSrc();
    getSrcMutable().assign(inner.getSrc());
    return getResult();
  }
  if (auto dense = dyn_cast_if_present<DenseElementsAttr>(adaptor.getSrc()))
    return dense.reshape(getType());
  return {};
}

void ViewOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                         MLIRContext *context) {
  results.add<SinkSplat<ViewOp>>(context);
}

//===----------------------------------------------------------------------===//
// PermuteOp
//===----------------------------------------------------------------------===//

LogicalResult PermuteOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  RankedTensorType resultType = getResult().getType();
  ArrayRef<int32_t> order = getOrder();
  int64_t rank = srcType.getRank();
  if (static_cast<int64_t>(order.size()) != rank)
    return emitOpError() << "order must have " << rank
                         << " entries, one per source dimension, but has "
                         << order.size();
  SmallVector<bool> seen(rank, false);
  for (int32_t dim : order) {
    if (dim < 0 || dim >= rank || seen[dim])
      return emitOpError() << "order " << llvm::interleaved_array(order)
                           << " is not a permutation of [0, " << rank << ")";
    seen[dim] = true;
  }
  if (failed(verifySameElementType(*this, srcType, resultType)))
    return failure();
  SmallVector<int64_t> expected;
  for (int32_t dim : order)
    expected.push_back(srcType.getDimSize(dim));
  if (resultType.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError() << "result shape "
                         << llvm::interleaved_array(resultType.getShape())
                         << " must be the source shape permuted by the order, "
                            "i.e. "
                         << llvm::interleaved_array(expected);
  return success();
}

OpFoldResult PermuteOp::fold(FoldAdaptor adaptor) {
  bool identity = llvm::all_of(llvm::enumerate(getOrder()), [](auto it) {
    return static_cast<int64_t>(it.index()) == it.value();
  });
  if (identity && getSrc().getType() == getType())
    return getSrc();
  return foldSplatConstant(adaptor.getSrc(), getType());
}

namespace {
/// permute(load(p, m, o)) -> load(permute p, permute m, permute o) for a
/// load used only there, before layouts are assigned: the tile is then
/// loaded in the order it is used, so layout assignment and the software
/// pipeliner see a load feeding its consumer directly (a K tile transposed
/// for Q K^T becomes an operand read from shared memory as is).
struct LoadInPermutedOrder : OpRewritePattern<PermuteOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(PermuteOp op,
                                PatternRewriter &rewriter) const override {
    auto load = op.getSrc().getDefiningOp<LoadOp>();
    if (!load || !load->hasOneUse() || op.getType().getEncoding() ||
        op.getSrc().getType().getEncoding())
      return failure();
    auto permute = [&](Value value) -> Value {
      auto type = value ? dyn_cast<RankedTensorType>(value.getType())
                        : RankedTensorType();
      if (!type)
        return value;
      return PermuteOp::create(
          rewriter, op.getLoc(),
          RankedTensorType::get(op.getType().getShape(), type.getElementType()),
          value, op.getOrderAttr());
    };
    auto permuted = LoadOp::create(
        rewriter, load.getLoc(), op.getType(), permute(load.getPtr()),
        permute(load.getMask()), permute(load.getOther()),
        load.getCacheModifierAttr(), load.getEvictionPolicyAttr(),
        load.getMemSemanticAttr(), load.getMemScopeAttr());
    rewriter.replaceOp(op, permuted.getResult());
    rewriter.eraseOp(load);
    return success();
  }
};
} // namespace

void PermuteOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<SinkSplat<PermuteOp>, LoadInPermutedOrder>(context);
}

//===----------------------------------------------------------------------===//
// ExtractSliceOp
//===----------------------------------------------------------------------===//

LogicalResult ExtractSliceOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  RankedTensorType resultType = getResult().getType();
  ArrayRef<int64_t> offsets = getOffsets();
  int64_t rank = srcType.getRank();
  if (resultType.getRank() != rank)
    return emitOpError() << "source rank " << rank << " and result rank "
                         << resultType.getRank() << " must be equal";
  if (static_cast<int64_t>(offsets.size()) != rank)
    return emitOpError() << "offsets must have " << rank
                         << " entries, one per dimension, but has "
                         << offsets.size();
  if (failed(verifySameElementType(*this, srcType, resultType)))
    return failure();
  for (int64_t i = 0; i < rank; ++i) {
    int64_t offset = offsets[i], size = resultType.getDimSize(i),
            extent = srcType.getDimSize(i);
    // `offset > extent - size` instead of `offset + size > extent` so that a
    // huge offset cannot overflow.
    if (offset < 0 || size > extent || offset > extent - size)
      return emitOpError() << "slice [" << offset << ", " << offset << " + "
                           << size << ") along dimension " << i
                           << " is out of bounds for the source extent "
                           << extent;
  }
  return success();
}

OpFoldResult ExtractSliceOp::fold(FoldAdaptor adaptor) {
  // A slice as large as the source can only start at zero.
  if (getSrc().getType() == getType())
    return getSrc();
  return foldSplatConstant(adaptor.getSrc(), getType());
}

void ExtractSliceOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                 MLIRContext *context) {
  results.add<SinkSplat<ExtractSliceOp>>(context);
}

//===----------------------------------------------------------------------===//
// ConvertLayoutOp
//===----------------------------------------------------------------------===//

LogicalResult ConvertLayoutOp::verify() {
  RankedTensorType srcType = getSrc().getType();
  RankedTensorType resultType = getResult().getType();
  if (srcType.getShape() != resultType.getShape() ||
      srcType.getElementType() != resultType.getElementType())
    return emitOpError() << "result " << resultType
                         << " must have the shape and element type of the "
                            "source "
                         << srcType << "; only the encoding may change";
  return success();
}

OpFoldResult ConvertLayoutOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  // convert(convert(x)) -> convert(x): only the last layout matters.
  if (auto inner = getSrc().getDefiningOp<ConvertLayoutOp>()) {
    if (inner.getSrc().getType() == getType())
      return inner.getSrc();
    getSrcMutable().assign(inner.getSrc());
    return getResult();
  }
  return foldSplatConstant(adaptor.getSrc(), getType());
}

//===----------------------------------------------------------------------===//
// CatOp
//===----------------------------------------------------------------------===//

LogicalResult CatOp::verify() {
  RankedTensorType lhsType = getLhs().getType();
  RankedTensorType rhsType = getRhs().getType();
  RankedTensorType resultType = getResult().getType();
  int64_t rank = resultType.getRank();
  if (lhsType.getRank() != rank || rhsType.getRank() != rank)
    return emitOpError() << "operands and result must have the same rank, but "
                            "got "
                         << lhsType.getRank() << ", " << rhsType.getRank()
                         << " and " << rank;
  if (lhsType.getElementType() != resultType.getElementType() ||
      rhsType.getElementType() != resultType.getElementType())
    return emitOpError() << "operands and result must have the same element "
                            "type, but got "
                         << lhsType.getElementType() << ", "
                         << rhsType.getElementType() << " and "
                         << resultType.getElementType();
  int64_t axis = getAxisAttr().getInt();
  if (axis < 0 || axis >= rank)
    return emitOpError() << "axis " << axis << " is out of range for a rank-"
                         << rank << " tile; expected 0 <= axis < " << rank;
  for (int64_t i = 0; i < rank; ++i) {
    int64_t l = lhsType.getDimSize(i), r = rhsType.getDimSize(i),
            res = resultType.getDimSize(i);
    if (i == axis) {
      if (l + r != res)
        return emitOpError() << "result dimension " << i << " (" << res
                             << ") must be the sum of the operand dimensions ("
                             << l << " + " << r << ")";
    } else if (l != res || r != res) {
      return emitOpError() << "dimension " << i
                           << " must agree off the concatenation axis, but "
                              "got "
                           << l << ", " << r << " and " << res;
    }
  }
  return success();
}
