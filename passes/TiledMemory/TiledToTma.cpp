//===- TiledToTma.cpp - tiled_loads through TMA tensor maps ---------------===//
//
// A tensor map is built on the host, so everything it encodes must be known
// to the launcher: the memref's base, sizes and strides must be kernel
// parameters (or constants), recorded in the parameter's attribute as
//   {address_param, element_type, dims, strides, box, swizzle, fill}
// with dims, box innermost first, strides (in elements) of dims 1.., each
// dims/strides entry a constant or {param = i}. The box and swizzle come
// from layout::tmaTilePlan, the same plan the software pipeliner gives the
// shared buffer, so the bytes TMA writes are where the reads expect them.
//
//===----------------------------------------------------------------------===//

#include "TiledMemory/TiledToTma.h"
#include "tileiras/Layout/SharedLayouts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace tileiras;
namespace nv = tileiras::nv_tileaa;

namespace {

/// A kernel parameter ({param = i}) or constant (i64) the launcher reads a
/// size or stride from; null otherwise.
Attribute launchValue(Value value, nv::FuncOp kernel) {
  Builder b(kernel.getContext());
  if (auto arg = dyn_cast<BlockArgument>(value))
    if (arg.getOwner() == &kernel.getBody().front())
      return b.getDictionaryAttr(
          b.getNamedAttr("param", b.getI64IntegerAttr(arg.getArgNumber())));
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return b.getI64IntegerAttr(constant.getSExtValue());
  return {};
}

/// The size or stride `dim` (static in `extents`, else the next dynamic
/// operand) as a launch value.
Attribute extentAt(ArrayRef<int64_t> extents, ValueRange operands, unsigned dim,
                   nv::FuncOp kernel) {
  if (!ShapedType::isDynamic(extents[dim]))
    return Builder(kernel.getContext()).getI64IntegerAttr(extents[dim]);
  unsigned dynamicIndex =
      llvm::count_if(extents.take_front(dim),
                     [](int64_t e) { return ShapedType::isDynamic(e); });
  return launchValue(operands[dynamicIndex], kernel);
}

/// Whether the row stride (elements) keeps every row 16-byte aligned.
bool rowsAligned(nv::MakeMemRefOp make, unsigned bytes) {
  int64_t stride = make.getType().getStrides()[0];
  if (!ShapedType::isDynamic(stride))
    return stride * bytes % 16 == 0;
  std::optional<ArrayRef<int64_t>> hints = make.getStridesDivBy();
  return hints && (*hints)[0] * bytes % 16 == 0;
}

/// "zero" or "nan" for the padding TMA can fill with; empty otherwise.
StringRef fillFor(nv::TiledLoadOp load) {
  auto padding = dyn_cast_or_null<TypedAttr>(load.getPaddingAttr());
  if (!padding)
    return "zero";
  if (auto value = dyn_cast<FloatAttr>(padding)) {
    if (value.getValue().isPosZero())
      return "zero";
    return value.getValue().isNaN() ? "nan" : "";
  }
  auto value = dyn_cast<IntegerAttr>(padding);
  return value && value.getValue().isZero() ? "zero" : "";
}

/// Whether the loop pipeliner can give this load a TMA ring: it feeds a dot
/// operand in the body of an scf.for.
bool feedsDotInLoop(nv::TiledLoadOp load) {
  if (!isa<scf::ForOp>(load->getParentOp()) || !load->hasOneUse())
    return false;
  auto dot = dyn_cast<nv::DotOp>(*load->user_begin());
  return dot && dot->getBlock() == load->getBlock() &&
         dot.getC() != load.getResult();
}

/// The tensor-map attribute for `load`, or null when TMA cannot serve it.
DictionaryAttr tensorMapFor(nv::TiledLoadOp load, nv::FuncOp kernel) {
  auto make = load.getMemref().getDefiningOp<nv::MakeMemRefOp>();
  auto tile = cast<RankedTensorType>(load.getType());
  Type element = tile.getElementType();
  if (!make || tile.getRank() != 2 || !feedsDotInLoop(load) ||
      !element.isIntOrFloat() || element.getIntOrFloatBitWidth() < 8 ||
      isa<FloatTF32Type>(element))
    return {};
  unsigned bytes = element.getIntOrFloatBitWidth() / 8;
  std::optional<layout::TmaTilePlan> plan =
      layout::tmaTilePlan(tile.getDimSize(0), tile.getDimSize(1), bytes);
  StringRef fill = fillFor(load);
  Attribute address = launchValue(make.getBase(), kernel);
  if (!plan || fill.empty() || !isa_and_nonnull<DictionaryAttr>(address) ||
      !rowsAligned(make, bytes) ||
      (fill == "nan" &&
       !isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(element)))
    return {};
  nv::GlobalMemRefType type = make.getType();
  Attribute inner = extentAt(type.getShape(), make.getSizes(), 1, kernel);
  Attribute outer = extentAt(type.getShape(), make.getSizes(), 0, kernel);
  Attribute stride = extentAt(type.getStrides(), make.getStrides(), 0, kernel);
  if (!inner || !outer || !stride)
    return {};
  Builder b(kernel.getContext());
  return b.getDictionaryAttr({
      b.getNamedAttr("address_param",
                     cast<DictionaryAttr>(address).get("param")),
      b.getNamedAttr("element_type", TypeAttr::get(element)),
      b.getNamedAttr("dims", b.getArrayAttr({inner, outer})),
      b.getNamedAttr("strides", b.getArrayAttr({stride})),
      b.getNamedAttr("box", b.getDenseI64ArrayAttr(
                                {plan->boxColumns, tile.getDimSize(0)})),
      b.getNamedAttr("swizzle", b.getI64IntegerAttr(plan->swizzleBytes)),
      b.getNamedAttr("fill", b.getStringAttr(fill)),
  });
}

/// The element coordinates of tile `indices`: index * tile extent.
SmallVector<Value> elementCoordinates(OpBuilder &b, nv::TiledLoadOp load) {
  auto tile = cast<RankedTensorType>(load.getType());
  SmallVector<Value> coordinates;
  for (auto [dim, index] : llvm::enumerate(load.getIndices())) {
    Value extent = arith::ConstantIntOp::create(b, load.getLoc(),
                                                tile.getDimSize(dim), 32);
    coordinates.push_back(
        arith::MulIOp::create(b, load.getLoc(), index, extent));
  }
  return coordinates;
}

} // namespace

void tileiras::rewriteTiledLoadsToTma(nv::FuncOp kernel) {
  SmallVector<nv::TiledLoadOp> loads;
  kernel.walk([&](nv::TiledLoadOp load) { loads.push_back(load); });
  // One parameter per memref and map description (tile shape, fill).
  llvm::DenseMap<std::pair<Operation *, Attribute>, BlockArgument> maps;
  for (nv::TiledLoadOp load : loads) {
    DictionaryAttr description = tensorMapFor(load, kernel);
    if (!description)
      continue;
    Operation *make = load.getMemref().getDefiningOp();
    BlockArgument &map = maps[{make, description}];
    if (!map) {
      unsigned index = kernel.getNumArguments();
      Builder b(kernel.getContext());
      auto attrs =
          b.getDictionaryAttr(b.getNamedAttr(kTensorMapArgAttr, description));
      if (failed(kernel.insertArgument(
              index, nv::TensorMapType::get(kernel.getContext()), attrs,
              make->getLoc())))
        continue;
      map = kernel.getArgument(index);
    }
    OpBuilder b(load);
    auto tma = nv::TmaLoadOp::create(b, load.getLoc(), load.getType(), map,
                                     elementCoordinates(b, load));
    load.replaceAllUsesWith(tma.getResult());
    load.erase();
  }
}
