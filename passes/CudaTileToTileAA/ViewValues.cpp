//===- ViewValues.cpp - views crossing control flow and kernel params -----===//
//
// A view has no runtime value of its own: the pass keeps it as a base
// pointer, extents and strides (TensorView). Where a view must be a value
// (a loop-carried value, an `if` result, a break value, a kernel
// parameter) it is flattened into its base pointer and its *dynamic*
// extents and strides as i64, in that order; the static ones come back as
// constants from the type, so a stride of 1 stays visible to the
// vectorizer.
//
//===----------------------------------------------------------------------===//

#include "LoweringContext.h"

using namespace mlir;
using namespace tileiras::cuda_tile_lowering;
namespace ct = tileiras::cuda_tile;

static ct::TensorViewType tensorViewOf(Type type) {
  if (auto tv = dyn_cast<ct::TensorViewType>(type))
    return tv;
  return ct::getViewTensorView(type);
}

bool tileiras::cuda_tile_lowering::isView(Type type) {
  return bool(tensorViewOf(type));
}

SmallVector<Type> tileiras::cuda_tile_lowering::viewComponentTypes(Lowering &l,
                                                                   Type view) {
  ct::TensorViewType tv = tensorViewOf(view);
  SmallVector<Type> out{nv_tileaa::PtrType::get(tv.getElementType())};
  for (int64_t v : llvm::concat<const int64_t>(tv.getShape(), tv.getStrides()))
    if (v == ct::TensorViewType::kDynamic)
      out.push_back(l.b.getI64Type());
  return out;
}

void tileiras::cuda_tile_lowering::appendViewComponents(
    Lowering &l, Value view, SmallVectorImpl<Value> &out) {
  ct::TensorViewType tv = tensorViewOf(view.getType());
  // Every view is made by an op the pass lowered before its uses.
  const TensorView &parts = l.tensorViews.find(view)->second;
  out.push_back(parts.base);
  auto append = [&](ArrayRef<int64_t> statics, ArrayRef<Value> values) {
    for (auto [s, v] : llvm::zip(statics, values))
      if (s == ct::TensorViewType::kDynamic)
        out.push_back(l.castInt(v, l.b.getI64Type()));
  };
  append(tv.getShape(), parts.shape);
  append(tv.getStrides(), parts.strides);
}

void tileiras::cuda_tile_lowering::mapViewComponents(Lowering &l, Value view,
                                                     ValueRange parts) {
  ct::TensorViewType tv = tensorViewOf(view.getType());
  // Constants for the static parts go where the components are defined,
  // so that they dominate every use of the view.
  OpBuilder::InsertionGuard guard(l.b);
  Value first = parts.front();
  if (auto arg = dyn_cast<BlockArgument>(first))
    l.b.setInsertionPointToStart(arg.getOwner());
  else
    l.b.setInsertionPointAfter(first.getDefiningOp());
  TensorView out;
  out.base = first;
  size_t next = 1;
  auto fill = [&](ArrayRef<int64_t> statics, SmallVectorImpl<Value> &dst) {
    for (int64_t s : statics)
      dst.push_back(s == ct::TensorViewType::kDynamic
                        ? parts[next++]
                        : l.constantInt(l.b.getI64Type(), s));
  };
  fill(tv.getShape(), out.shape);
  fill(tv.getStrides(), out.strides);
  l.tensorViews[view] = out;
}
