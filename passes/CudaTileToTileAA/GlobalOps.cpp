//===- GlobalOps.cpp - cuda_tile global / get_global ----------------------===//
//
// nv_tileaa has no globals of its own; a module may hold LLVM globals next
// to its kernels (they move into the gpu.module with them). So a
// cuda_tile.global becomes an llvm.mlir.global array in the global address
// space (1) with the same initializer, alignment and constness (private ->
// internal linkage, public -> external), and get_global its address as an
// nv_tileaa pointer: llvm.mlir.addressof, ptrtoint, nv_tileaa.int_to_ptr
// (LLVM folds the round trip), with the alignment stated by an assume.
//
//===----------------------------------------------------------------------===//

#include "LoweringContext.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace tileiras::cuda_tile_lowering;
namespace ct = tileiras::cuda_tile;

static constexpr unsigned kGlobalAddressSpace = 1;

// The initializer as an LLVM array constant: i1 values take a byte each,
// 8-bit floats their bit patterns, tf32 values the f32 they are exactly
// (tf32 tiles travel as f32, 4 bytes per element in memory too).
static FailureOr<DenseElementsAttr> initializer(ct::GlobalOp op) {
  auto dense = cast<DenseElementsAttr>(op.getValue());
  Type element = dense.getElementType();
  MLIRContext *ctx = op.getContext();
  int64_t n = dense.getNumElements();
  if (element.isInteger(1)) {
    auto type = RankedTensorType::get({n}, IntegerType::get(ctx, 8));
    SmallVector<APInt> bytes;
    for (bool bit : dense.getValues<bool>())
      bytes.push_back(APInt(8, bit));
    return DenseElementsAttr::get(type, bytes);
  }
  if (isa<FloatTF32Type>(element)) {
    auto type = RankedTensorType::get({n}, Float32Type::get(ctx));
    SmallVector<APFloat> values;
    for (APFloat value : dense.getValues<APFloat>()) {
      bool lost;
      value.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven, &lost);
      values.push_back(value);
    }
    return DenseElementsAttr::get(type, values);
  }
  bool native = isa<IntegerType>(element) || element.isF16() ||
                element.isBF16() || element.isF32() || element.isF64();
  if (!native && element.getIntOrFloatBitWidth() != 8) {
    op.emitOpError("cannot be lowered to nv_tileaa: globals of ")
        << element << " are not supported";
    return failure();
  }
  SmallVector<Attribute> values(dense.getValues<Attribute>());
  if (native)
    return DenseElementsAttr::get(RankedTensorType::get({n}, element), values);
  auto type = RankedTensorType::get({n}, IntegerType::get(ctx, 8));
  SmallVector<APInt> bytes;
  for (Attribute value : values)
    bytes.push_back(cast<FloatAttr>(value).getValue().bitcastToAPInt());
  return DenseElementsAttr::get(type, bytes);
}

LogicalResult tileiras::cuda_tile_lowering::lowerGlobal(ct::GlobalOp op,
                                                        OpBuilder &b) {
  FailureOr<DenseElementsAttr> value = initializer(op);
  if (failed(value))
    return failure();
  auto type = LLVM::LLVMArrayType::get(value->getElementType(),
                                       value->getNumElements());
  bool isPrivate = op.getSymVisibility() == StringRef("private");
  LLVM::GlobalOp::create(
      b, op.getLoc(), type, op.getConstant(),
      isPrivate ? LLVM::Linkage::Internal : LLVM::Linkage::External,
      op.getSymName(), *value, op.getAlignment(), kGlobalAddressSpace);
  return success();
}

static LogicalResult lowerGetGlobal(Lowering &l, ct::GetGlobalOp op) {
  auto module = op->getParentOfType<ct::ModuleOp>();
  auto global = SymbolTable::lookupNearestSymbolFrom<ct::GlobalOp>(
      module, op.getNameAttr());
  MLIRContext *ctx = op.getContext();
  Value address = LLVM::AddressOfOp::create(
      l.b, l.loc, LLVM::LLVMPointerType::get(ctx, kGlobalAddressSpace),
      op.getName());
  Value bits = LLVM::PtrToIntOp::create(l.b, l.loc, l.b.getI64Type(), address);
  Type ptrType = l.convertType(op.getType());
  Value ptr = l.create1("nv_tileaa.int_to_ptr", ptrType, bits);
  if (global && global.getAlignment() > 1)
    ptr = l.create1("nv_tileaa.assume", ptrType, ptr,
                    l.b.getNamedAttr("div_by", l.b.getI64IntegerAttr(
                                                   global.getAlignment())));
  l.map1(op, ptr);
  return success();
}

LogicalResult tileiras::cuda_tile_lowering::lowerGlobalOps(Lowering &l,
                                                           Operation *op,
                                                           bool &handled) {
  auto getGlobal = dyn_cast<ct::GetGlobalOp>(op);
  handled = bool(getGlobal);
  return getGlobal ? lowerGetGlobal(l, getGlobal) : success();
}
