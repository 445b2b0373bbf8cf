//===- ConvertCudaTileToTileAA.cpp - cuda_tile -> nv_tileaa ---------------===//
//
// Entry points become nv_tileaa.func kernels; their bodies are lowered op by
// op (the families live in the other files of this folder). The
// cuda_tile.module wrappers disappear.
//
//===----------------------------------------------------------------------===//

#include "LoweringContext.h"

#include "tileiras/Passes/Passes.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace tileiras {
#define GEN_PASS_DEF_CONVERTCUDATILETOTILEAA
#include "tileiras/Passes/Passes.h.inc"
} // namespace tileiras

using namespace mlir;
using namespace tileiras;
using namespace tileiras::cuda_tile_lowering;
namespace ct = tileiras::cuda_tile;

//===----------------------------------------------------------------------===//
// Lowering helpers
//===----------------------------------------------------------------------===//

Type Lowering::convertType(Type type) {
  auto tile = dyn_cast<ct::TileType>(type);
  if (!tile)
    return Type();
  Type element = tile.getElementType();
  if (auto ptr = dyn_cast<ct::PointerType>(element))
    element = nv_tileaa::PtrType::get(ptr.getPointeeType());
  // One 4-bit element a byte (FourBitTiles.cpp).
  if (isFourBitTile(tile))
    element = b.getI8Type();
  if (tile.getRank() == 0)
    return elementwiseShape.empty()
               ? element
               : RankedTensorType::get(elementwiseShape, element);
  return RankedTensorType::get(tile.getShape(), element);
}

Operation *Lowering::create(StringRef name, TypeRange results,
                            ValueRange operands,
                            ArrayRef<NamedAttribute> attrs) {
  OperationState state(loc, name);
  state.addTypes(results);
  state.addOperands(operands);
  state.addAttributes(attrs);
  return b.create(state);
}

Value tileiras::cuda_tile_lowering::reduceAxis(
    Lowering &l, Value tile, int32_t axis, Type result,
    llvm::function_ref<Value(Value, Value)> combine) {
  Type element = cast<RankedTensorType>(tile.getType()).getElementType();
  OperationState state(l.loc, "nv_tileaa.reduce");
  state.addOperands(tile);
  state.addTypes(result);
  state.addAttribute("axis", l.b.getI32IntegerAttr(axis));
  Block *block = new Block();
  state.addRegion()->push_back(block);
  Operation *reduce = l.b.create(state);
  OpBuilder::InsertionGuard guard(l.b);
  l.b.setInsertionPointToEnd(block);
  Value lhs = block->addArgument(element, l.loc);
  Value rhs = block->addArgument(element, l.loc);
  l.create("nv_tileaa.yield", {}, combine(lhs, rhs));
  return reduce->getResult(0);
}

Value Lowering::constantInt(Type type, int64_t value) {
  return arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, value));
}

Value Lowering::splat(Value scalar, ArrayRef<int64_t> shape) {
  if (shape.empty())
    return scalar;
  return create1("nv_tileaa.splat",
                 RankedTensorType::get(shape, scalar.getType()), scalar);
}

Value Lowering::castInt(Value v, Type elementType, bool zeroExtend) {
  Type from = getElementTypeOrSelf(v.getType());
  if (from == elementType)
    return v;
  Type to = elementType;
  if (auto shaped = dyn_cast<RankedTensorType>(v.getType()))
    to = shaped.clone(elementType);
  if (from.getIntOrFloatBitWidth() < elementType.getIntOrFloatBitWidth())
    return zeroExtend ? Value(arith::ExtUIOp::create(b, loc, to, v))
                      : Value(arith::ExtSIOp::create(b, loc, to, v));
  return arith::TruncIOp::create(b, loc, to, v);
}

Value Lowering::token() { return tokenValue; }

Value Lowering::zero(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (isa<nv_tileaa::PtrType>(element)) {
    Type i64 = b.getI64Type();
    if (auto tile = dyn_cast<RankedTensorType>(type))
      i64 = tile.clone(i64);
    return create1("nv_tileaa.int_to_ptr", type, zero(i64));
  }
  TypedAttr scalar;
  if (isa<FloatType>(element))
    scalar = b.getFloatAttr(element, 0.0);
  else if (isa<IntegerType>(element))
    scalar = b.getIntegerAttr(element, 0);
  else
    return Value();
  if (auto tile = dyn_cast<RankedTensorType>(type))
    return arith::ConstantOp::create(b, loc,
                                     DenseElementsAttr::get(tile, scalar));
  return arith::ConstantOp::create(b, loc, scalar);
}

LogicalResult Lowering::fail(Operation *op, const Twine &why) {
  return op->emitOpError("cannot be lowered to nv_tileaa: ") << why;
}

LogicalResult Lowering::lowerBlock(Block &src) {
  for (Operation &op : src)
    if (failed(lowerOp(&op)))
      return failure();
  return success();
}

LogicalResult Lowering::lowerOp(Operation *op) {
  loc = op->getLoc();
  bool fourBit = false;
  for (Type t :
       llvm::concat<const Type>(op->getOperandTypes(), op->getResultTypes()))
    fourBit |= isFourBitTile(t);
  if (fourBit && !acceptsFourBitTiles(op))
    return fail(op, "i4 and f4E2M1FN tiles are supported in constants, data "
                    "movement (broadcast, reshape, permute, cat, extract, "
                    "select), loop and if values, reduce and scan, view "
                    "loads and stores (f4E2M1FN), pack, unpack, exti, "
                    "trunci, bitcast, itof, ftoi, ftof, print_tko, integer "
                    "arithmetic and comparisons (i4) and mmaf_scaled "
                    "operands only");
  orderScratchAccess(*this, op);
  bool handled = false;
  if (fourBit && failed(lowerFourBitOp(*this, op, handled)))
    return failure();
  if (handled)
    return success();
  for (auto family :
       {lowerElementwise, lowerShape, lowerMemory, lowerControl, lowerLoops,
        lowerAtomic, lowerPackOps, lowerGlobalOps, lowerAllocaOps}) {
    if (failed(family(*this, op, handled)))
      return failure();
    if (handled) {
      // Whatever the regions did to alloca memory is unknown here.
      if (op->getNumRegions())
        scratchState = ScratchState::Unknown;
      return success();
    }
  }
  return op->emitOpError("is not supported by convert-cuda-tile-to-tileaa "
                         "yet");
}

//===----------------------------------------------------------------------===//
// Entries
//===----------------------------------------------------------------------===//

// "sm_100a" -> "sm_100": the key of optimization_hints.
static std::string hintKey(StringRef gpuName) {
  std::string key = gpuName.str();
  while (!key.empty() && !isdigit(static_cast<unsigned char>(key.back())))
    key.pop_back();
  return key;
}

// numWarps from the largest tile: 4 warps up to 4096 elements, 8 above.
static int64_t defaultNumWarps(ct::EntryOp entry) {
  int64_t largest = 1;
  entry.walk([&](Operation *op) {
    for (Type t : op->getResultTypes())
      if (auto tile = dyn_cast<ct::TileType>(t))
        largest = std::max(largest, tile.getNumElements());
  });
  return largest > 4096 ? 8 : 4;
}

static LogicalResult lowerEntry(ct::EntryOp entry, StringRef gpuName,
                                OpBuilder &b) {
  MLIRContext *ctx = entry.getContext();
  // An mmaf_scaled nv_tileaa cannot compute is reported at the op before
  // anything is lowered: the ops making f4E2M1FN operands would otherwise
  // fail first, with a message that does not name the mmaf_scaled.
  if (entry
          .walk([](ct::MmaFScaledOp op) {
            return failed(checkMmaScaled(op)) ? WalkResult::interrupt()
                                              : WalkResult::advance();
          })
          .wasInterrupted())
    return failure();
  Lowering l(b);
  l.loc = entry.getLoc();
  // Views are passed as their components (ViewValues.cpp).
  for (BlockArgument arg : entry.getBody().front().getArguments()) {
    Type t = l.convertType(arg.getType());
    if (!t && !isView(arg.getType()))
      return entry.emitOpError("argument #")
             << arg.getArgNumber() << " of type " << arg.getType()
             << " cannot be a kernel parameter (only scalar tiles and views "
                "can)";
  }
  SmallVector<Type> inputs =
      lowerTypes(l, entry.getBody().front().getArguments());
  // Allocas take their memory from a scratch buffer, the last parameter.
  FailureOr<ScratchSize> scratch = assignAllocaOffsets(l, entry);
  if (failed(scratch))
    return failure();
  Type bytePtr = nv_tileaa::PtrType::get(b.getI8Type());
  if (scratch->bytesPerCta)
    inputs.push_back(bytePtr);
  auto hints = entry.getOptimizationHintsAttr();
  std::string key = hintKey(gpuName);
  int64_t numWarps = defaultNumWarps(entry);
  int64_t cluster = 1;
  std::optional<int64_t> occupancy;
  if (hints) {
    numWarps = hints.getInt(key, "num_worker_warps_per_cta").value_or(numWarps);
    cluster = hints.getInt(key, "num_cta_in_cga").value_or(1);
    occupancy = hints.getInt(key, "occupancy");
  }
  OperationState state(entry.getLoc(), "nv_tileaa.func");
  state.addAttribute("sym_name", entry.getSymNameAttr());
  state.addAttribute("function_type",
                     TypeAttr::get(FunctionType::get(ctx, inputs, {})));
  state.addAttribute(
      nv_tileaa::NVTileAADialect::kKernelSpecAttrName,
      nv_tileaa::KernelSpecAttr::get(ctx, numWarps, {cluster, 1, 1}));
  if (occupancy)
    state.addAttribute(nv_tileaa::NVTileAADialect::kOccupancyAttrName,
                       b.getI32IntegerAttr(*occupancy));
  if (scratch->bytesPerCta) {
    state.addAttribute(kScratchBytesAttr,
                       b.getI64IntegerAttr(scratch->bytesPerCta));
    state.addAttribute(kScratchAlignAttr,
                       b.getI64IntegerAttr(scratch->alignment));
  }
  Region *region = state.addRegion();
  Block *block = new Block();
  region->push_back(block);
  Operation *func = b.create(state);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(block);
  for (BlockArgument arg : entry.getBody().front().getArguments())
    for (Type type : lowerTypes(l, arg))
      block->addArgument(type, arg.getLoc());
  if (scratch->bytesPerCta)
    block->addArgument(bytePtr, entry.getLoc());
  mapSkippingTokens(l, entry.getBody().front().getArguments(),
                    block->getArguments());
  l.tokenValue = l.create1("nv_tileaa.create_mem_token",
                           nv_tileaa::MemTokenType::get(ctx), {});
  // An i4 parameter is a byte whose low nibble holds the value.
  for (BlockArgument arg : entry.getBody().front().getArguments())
    if (isI4Tile(arg.getType()))
      l.map1(arg, signExtendNibbles(l, l.lookup(arg)));
  if (scratch->bytesPerCta)
    setupScratch(l, block->getArguments().back(), scratch->bytesPerCta);
  Block &src = entry.getBody().front();
  bool returns = llvm::any_of(src, [](Operation &op) {
    return op.getNumRegions() && containsReturn(&op);
  });
  if (failed(returns ? lowerEntryBodyWithReturns(l, src) : l.lowerBlock(src))) {
    func->erase();
    return failure();
  }
  return success();
}

namespace {
struct ConvertCudaTileToTileAAPass
    : public tileiras::impl::ConvertCudaTileToTileAABase<
          ConvertCudaTileToTileAAPass> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp top = getOperation();
    SmallVector<ct::ModuleOp> modules(top.getOps<ct::ModuleOp>());
    OpBuilder b(&getContext());
    for (ct::ModuleOp module : modules) {
      lowerDebugLocations(module);
      b.setInsertionPoint(module);
      for (Operation &op : module.getBody().front()) {
        auto global = dyn_cast<ct::GlobalOp>(op);
        if (failed(global ? lowerGlobal(global, b)
                          : lowerEntry(cast<ct::EntryOp>(op), gpuName, b)))
          return signalPassFailure();
      }
      module.erase();
    }
  }
};
} // namespace
