//===- TiledToTma.cpp - tiled loads and stores through TMA tensor maps ----===//
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

/// The tensor-map attribute for a `tile` of the memref `memref` with
/// out-of-bounds `fill`, or null when TMA cannot serve it.
DictionaryAttr describeMap(Value memref, RankedTensorType tile, StringRef fill,
                           nv::FuncOp kernel) {
  auto make = memref.getDefiningOp<nv::MakeMemRefOp>();
  Type element = tile.getElementType();
  if (!make || tile.getRank() != 2 || !element.isIntOrFloat() ||
      element.getIntOrFloatBitWidth() < 8 || isa<FloatTF32Type>(element))
    return {};
  unsigned bytes = element.getIntOrFloatBitWidth() / 8;
  std::optional<layout::TmaTilePlan> plan =
      layout::tmaTilePlan(tile.getDimSize(0), tile.getDimSize(1), bytes);
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

/// The map of a tiled_load (one that feeds a dot in a loop) or tiled_store.
DictionaryAttr tensorMapFor(Operation *op, nv::FuncOp kernel) {
  if (auto load = dyn_cast<nv::TiledLoadOp>(op))
    return feedsDotInLoop(load)
               ? describeMap(load.getMemref(),
                             cast<RankedTensorType>(load.getType()),
                             fillFor(load), kernel)
               : DictionaryAttr();
  auto store = cast<nv::TiledStoreOp>(op);
  return describeMap(store.getMemref(),
                     cast<RankedTensorType>(store.getValue().getType()), "zero",
                     kernel);
}

/// The element coordinates of tile `indices` of a `tile`: index * extent.
SmallVector<Value> elementCoordinates(OpBuilder &b, Location loc,
                                      ValueRange indices,
                                      RankedTensorType tile) {
  SmallVector<Value> coordinates;
  for (auto [dim, index] : llvm::enumerate(indices)) {
    Value extent =
        arith::ConstantIntOp::create(b, loc, tile.getDimSize(dim), 32);
    coordinates.push_back(arith::MulIOp::create(b, loc, index, extent));
  }
  return coordinates;
}

/// Replaces a tiled_load or tiled_store by its TMA form through `map`.
void rewriteThroughMap(Operation *op, Value map) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  if (auto load = dyn_cast<nv::TiledLoadOp>(op)) {
    auto tile = cast<RankedTensorType>(load.getType());
    auto tma = nv::TmaLoadOp::create(
        b, loc, tile, map, elementCoordinates(b, loc, load.getIndices(), tile));
    load.replaceAllUsesWith(tma.getResult());
  } else {
    auto store = cast<nv::TiledStoreOp>(op);
    auto tile = cast<RankedTensorType>(store.getValue().getType());
    nv::TmaStoreOp::create(b, loc, map,
                           elementCoordinates(b, loc, store.getIndices(), tile),
                           store.getValue());
  }
  op->erase();
}

int64_t tileBytes(Type type) {
  auto tile = cast<RankedTensorType>(type);
  return tile.getNumElements() *
         int64_t((tile.getElementType().getIntOrFloatBitWidth() + 7) / 8);
}

/// The shared memory the software pipeliner may give `kernel`: both operand
/// tiles of every dot in a loop, `stages` deep (a bound: not every operand
/// is pipelined).
int64_t estimatedRingBytes(nv::FuncOp kernel, unsigned stages) {
  int64_t bytes = 0;
  kernel.walk([&](nv::DotOp dot) {
    if (isa<scf::ForOp>(dot->getParentOp()))
      bytes +=
          (tileBytes(dot.getA().getType()) + tileBytes(dot.getB().getType())) *
          int64_t(stages);
  });
  return bytes;
}
} // namespace

void tileiras::rewriteTiledAccessesToTma(nv::FuncOp kernel, unsigned numStages,
                                         int64_t sharedLimitBytes,
                                         bool spareSlot) {
  unsigned stages = unsigned(kernel.getKernelSpec().getNumStages(
      numStages ? numStages : unsigned(nv::KernelSpecAttr::kDefaultNumStages)));
  if (spareSlot) // wgmma's rings have one slot more (SoftwarePipeline.cpp)
    ++stages;
  // Left for staging buffers of TMA stores, with 16 KiB to spare for the
  // scratch of layout conversions and the mbarriers.
  int64_t budget =
      sharedLimitBytes - estimatedRingBytes(kernel, stages) - 16 * 1024;
  SmallVector<Operation *> accesses;
  kernel.walk([&](Operation *op) {
    if (isa<nv::TiledLoadOp, nv::TiledStoreOp>(op))
      accesses.push_back(op);
  });
  // One parameter per memref and map description (tile shape, fill).
  llvm::DenseMap<std::pair<Operation *, Attribute>, BlockArgument> maps;
  for (Operation *op : accesses) {
    DictionaryAttr description = tensorMapFor(op, kernel);
    if (!description)
      continue;
    if (auto store = dyn_cast<nv::TiledStoreOp>(op)) {
      int64_t staging = tileBytes(store.getValue().getType());
      if (staging > budget)
        continue;
      budget -= staging;
    }
    Operation *make = op->getOperand(0).getDefiningOp();
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
    rewriteThroughMap(op, map);
  }
}
