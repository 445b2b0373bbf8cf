//===- LoweringUtils.cpp - building blocks of the tile lowering -----------===//

#include "TileToLLVM/TileLowering.h"

#include "Barriers/SharedAccess.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tileiras;
using namespace tileiras::lowering;
namespace nv = tileiras::nv_tileaa;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

TileTypeConverter::TileTypeConverter(MLIRContext *context)
    : LLVMTypeConverter(context) {
  addConversion([context](nv::PtrType type) -> Type {
    return LLVM::LLVMPointerType::get(context, type.getAddressSpace());
  });
  // A shared-memory buffer is the address of its first slot.
  addConversion([context](nv::SharedMemType) -> Type {
    return LLVM::LLVMPointerType::get(context, 3);
  });
  // A tensor map is the address of its by-value kernel parameter.
  addConversion([context](nv::TensorMapType) -> Type {
    return LLVM::LLVMPointerType::get(context);
  });
  // A tensor-memory tile is its tcgen05.alloc address (lane 0, column).
  addConversion([context](nv::TensorMemType) -> Type {
    return IntegerType::get(context, 32);
  });
  addConversion([context](nv::MemTokenType) -> Type {
    return IntegerType::get(context, 32);
  });
  // tf32 travels in f32 registers; FP8 in bytes.
  addConversion(
      [context](FloatTF32Type) -> Type { return Float32Type::get(context); });
  addConversion([this](RankedTensorType type) -> std::optional<Type> {
    auto layout = nv::getLinearLayout(type);
    if (failed(layout))
      return Type(); // a tile without a layout cannot be lowered
    Type element = convertElementType(type.getElementType());
    if (!element)
      return Type();
    llvm::SmallVector<Type> fields(layout->getNumRegisters(), element);
    return LLVM::LLVMStructType::getLiteral(type.getContext(), fields);
  });
}

Type TileTypeConverter::convertElementType(Type type) const {
  if (isa<Float8E4M3FNType, Float8E5M2Type, Float8E8M0FNUType>(type))
    return IntegerType::get(type.getContext(), 8);
  return convertType(type);
}

layout::LinearLayout lowering::getLayout(RankedTensorType type) {
  auto layout = nv::getLinearLayout(type);
  assert(succeeded(layout) && "tile without a layout");
  return *layout;
}

unsigned lowering::getElementsPerThread(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return 1;
  return getLayout(tensor).getNumRegisters();
}

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

llvm::SmallVector<Value> lowering::unpackTile(OpBuilder &builder, Location loc,
                                              Value value) {
  auto structType = dyn_cast<LLVM::LLVMStructType>(value.getType());
  if (!structType)
    return {value};
  llvm::SmallVector<Value> elements;
  for (unsigned i = 0, e = structType.getBody().size(); i < e; ++i)
    elements.push_back(LLVM::ExtractValueOp::create(builder, loc, value, i));
  return elements;
}

Value lowering::packTile(OpBuilder &builder, Location loc, Type type,
                         ValueRange elements) {
  if (!isa<LLVM::LLVMStructType>(type)) {
    assert(elements.size() == 1 && "scalar packs one element");
    return elements.front();
  }
  Value result = LLVM::UndefOp::create(builder, loc, type);
  for (auto [index, element] : llvm::enumerate(elements))
    result = LLVM::InsertValueOp::create(builder, loc, result, element, index);
  return result;
}

Value lowering::intConstant(OpBuilder &builder, Location loc, Type type,
                            int64_t value) {
  return LLVM::ConstantOp::create(builder, loc, type,
                                  builder.getIntegerAttr(type, value));
}

Value lowering::i32Constant(OpBuilder &builder, Location loc, int64_t value) {
  return intConstant(builder, loc, builder.getI32Type(), value);
}

//===----------------------------------------------------------------------===//
// Threads
//===----------------------------------------------------------------------===//

Value lowering::getThreadId(OpBuilder &builder, Location loc) {
  return NVVM::ThreadIdXOp::create(builder, loc, builder.getI32Type());
}

Value lowering::getLaneId(OpBuilder &builder, Location loc) {
  return LLVM::AndOp::create(builder, loc, getThreadId(builder, loc),
                             i32Constant(builder, loc, 31));
}

Value lowering::getWarpId(OpBuilder &builder, Location loc) {
  Value warp = LLVM::LShrOp::create(builder, loc, getThreadId(builder, loc),
                                    i32Constant(builder, loc, 5));
  // Reading it back from lane 0 tells the backend the value is uniform
  // across the warp, which keeps warp-dependent addresses in uniform
  // registers.
  return NVVM::ShflOp::create(
      builder, loc, builder.getI32Type(), i32Constant(builder, loc, -1), warp,
      i32Constant(builder, loc, 0), i32Constant(builder, loc, 31),
      NVVM::ShflKind::idx, UnitAttr());
}

/// The coordinate contribution of an index's bits: for every input bit b
/// with basis v along `dim`, ((index >> b) & 1) * v, XORed together; runs
/// of consecutive bits with doubling power-of-two values become one
/// shift-and-mask, other values (swizzled offsets) a mask of v.
Value lowering::emitBitsContribution(OpBuilder &builder, Location loc,
                                     Value index,
                                     llvm::ArrayRef<layout::Coord> bases,
                                     unsigned dim) {
  Value result;
  unsigned bit = 0;
  while (bit < bases.size()) {
    int64_t value = bases[bit][dim];
    if (value == 0) {
      ++bit;
      continue;
    }
    unsigned run = 1;
    bool power = llvm::isPowerOf2_64(value);
    while (power && bit + run < bases.size() &&
           bases[bit + run][dim] == value << run)
      ++run;
    Value piece = LLVM::LShrOp::create(builder, loc, index,
                                       i32Constant(builder, loc, bit));
    piece =
        LLVM::AndOp::create(builder, loc, piece,
                            i32Constant(builder, loc, (int64_t(1) << run) - 1));
    if (!power) {
      // 0 - bit is all ones or zero: a mask selecting the whole value.
      piece = LLVM::SubOp::create(builder, loc, i32Constant(builder, loc, 0),
                                  piece);
      piece = LLVM::AndOp::create(builder, loc, piece,
                                  i32Constant(builder, loc, value));
    } else if (unsigned shift = llvm::Log2_64(value)) {
      piece = LLVM::ShlOp::create(builder, loc, piece,
                                  i32Constant(builder, loc, shift));
    }
    result = result
                 ? LLVM::XOrOp::create(builder, loc, result, piece).getResult()
                 : piece;
    bit += run;
  }
  return result;
}

llvm::SmallVector<llvm::SmallVector<Value>>
lowering::emitCoordinates(OpBuilder &builder, Location loc,
                          const layout::LinearLayout &layout) {
  unsigned rank = layout.getRank();
  Value lane = layout.getNumBits(layout::InDim::Lane) ? getLaneId(builder, loc)
                                                      : Value();
  Value warp = layout.getNumBits(layout::InDim::Warp) ? getWarpId(builder, loc)
                                                      : Value();
  llvm::SmallVector<Value> base;
  for (unsigned d = 0; d < rank; ++d) {
    Value fromLane =
        lane ? emitBitsContribution(builder, loc, lane,
                                    layout.getBases(layout::InDim::Lane), d)
             : Value();
    Value fromWarp =
        warp ? emitBitsContribution(builder, loc, warp,
                                    layout.getBases(layout::InDim::Warp), d)
             : Value();
    Value combined = fromLane;
    if (fromWarp)
      combined = combined
                     ? LLVM::XOrOp::create(builder, loc, combined, fromWarp)
                           .getResult()
                     : fromWarp;
    base.push_back(combined ? combined : i32Constant(builder, loc, 0));
  }
  llvm::SmallVector<llvm::SmallVector<Value>> coords;
  for (unsigned reg = 0; reg < layout.getNumRegisters(); ++reg) {
    layout::Coord part = layout.applyPart(layout::InDim::Register, reg);
    llvm::SmallVector<Value> coord;
    for (unsigned d = 0; d < rank; ++d)
      coord.push_back(
          part[d] == 0 ? base[d]
                       : LLVM::XOrOp::create(builder, loc, base[d],
                                             i32Constant(builder, loc, part[d]))
                             .getResult());
    coords.push_back(std::move(coord));
  }
  return coords;
}

Value lowering::emitRowMajorIndex(OpBuilder &builder, Location loc,
                                  llvm::ArrayRef<Value> coord,
                                  llvm::ArrayRef<int64_t> shape) {
  Value index;
  int64_t stride = 1;
  for (int d = static_cast<int>(shape.size()) - 1; d >= 0; --d) {
    Value term = coord[d];
    if (stride > 1)
      term = LLVM::ShlOp::create(
          builder, loc, term, i32Constant(builder, loc, llvm::Log2_64(stride)));
    index = index ? LLVM::OrOp::create(builder, loc, index, term).getResult()
                  : term;
    stride *= shape[d];
  }
  return index ? index : i32Constant(builder, loc, 0);
}

llvm::SmallVector<Value>
lowering::emitLinearIndices(OpBuilder &builder, Location loc,
                            const layout::LinearLayout &layout) {
  llvm::SmallVector<Value> indices;
  for (const auto &coord : emitCoordinates(builder, loc, layout)) {
    indices.push_back(
        emitRowMajorIndex(builder, loc, coord, layout.getShape()));
  }
  return indices;
}

Value lowering::emitThreadOwnerPredicate(OpBuilder &builder, Location loc,
                                         const layout::LinearLayout &layout) {
  auto mask = [&](layout::InDim dim) {
    int64_t bits = 0;
    for (unsigned bit : layout.freeBits(dim))
      bits |= int64_t(1) << bit;
    return bits;
  };
  int64_t laneMask = mask(layout::InDim::Lane);
  int64_t warpMask = mask(layout::InDim::Warp);
  Value predicate;
  auto addCheck = [&](Value index, int64_t bits) {
    Value masked = LLVM::AndOp::create(builder, loc, index,
                                       i32Constant(builder, loc, bits));
    Value isZero = LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::eq,
                                        masked, i32Constant(builder, loc, 0));
    predicate =
        predicate
            ? LLVM::AndOp::create(builder, loc, predicate, isZero).getResult()
            : isZero;
  };
  if (laneMask)
    addCheck(getLaneId(builder, loc), laneMask);
  if (warpMask)
    addCheck(getWarpId(builder, loc), warpMask);
  return predicate;
}

llvm::SmallVector<unsigned>
lowering::firstCopyOfRegister(const layout::LinearLayout &layout) {
  llvm::SmallVector<unsigned> first(layout.getNumRegisters());
  llvm::DenseMap<int64_t, unsigned> seen;
  llvm::ArrayRef<int64_t> shape = layout.getShape();
  for (unsigned reg = 0; reg < layout.getNumRegisters(); ++reg) {
    layout::Coord part = layout.applyPart(layout::InDim::Register, reg);
    int64_t key = 0;
    for (unsigned d = 0; d < part.size(); ++d)
      key = key * shape[d] + part[d];
    first[reg] = seen.try_emplace(key, reg).first->second;
  }
  return first;
}

llvm::SmallVector<bool>
lowering::firstCopyRegisters(const layout::LinearLayout &layout) {
  llvm::SmallVector<unsigned> firstOf = firstCopyOfRegister(layout);
  llvm::SmallVector<bool> first(firstOf.size());
  for (unsigned reg = 0; reg < firstOf.size(); ++reg)
    first[reg] = firstOf[reg] == reg;
  return first;
}

//===----------------------------------------------------------------------===//
// Shuffles, barriers, shared memory
//===----------------------------------------------------------------------===//

/// Shuffles a 32-bit integer or float.
static Value shuffle32(OpBuilder &builder, Location loc, Value value,
                       Value offset, NVVM::ShflKind kind) {
  int64_t clamp = kind == NVVM::ShflKind::up ? 0 : 31;
  return NVVM::ShflOp::create(
      builder, loc, value.getType(), i32Constant(builder, loc, -1), value,
      offset, i32Constant(builder, loc, clamp), kind, UnitAttr());
}

static Value shuffleAny(OpBuilder &builder, Location loc, Value value,
                        Value offset, NVVM::ShflKind kind) {
  Type type = value.getType();
  Type i32 = builder.getI32Type();
  if (type.isInteger(32) || type.isF32())
    return shuffle32(builder, loc, value, offset, kind);
  if (auto ptr = dyn_cast<LLVM::LLVMPointerType>(type)) {
    Value asInt =
        LLVM::PtrToIntOp::create(builder, loc, builder.getI64Type(), value);
    Value moved = shuffleAny(builder, loc, asInt, offset, kind);
    return LLVM::IntToPtrOp::create(builder, loc, ptr, moved);
  }
  unsigned bits = type.getIntOrFloatBitWidth();
  Type intType = builder.getIntegerType(bits);
  Value asInt =
      type.isInteger(bits)
          ? value
          : LLVM::BitcastOp::create(builder, loc, intType, value).getResult();
  Value result;
  if (bits < 32) {
    Value wide = LLVM::ZExtOp::create(builder, loc, i32, asInt);
    Value moved = shuffle32(builder, loc, wide, offset, kind);
    result = LLVM::TruncOp::create(builder, loc, intType, moved);
  } else {
    assert(bits == 64 && "shuffles move at most 64 bits");
    Type i64 = builder.getI64Type();
    Value low = LLVM::TruncOp::create(builder, loc, i32, asInt);
    Value high = LLVM::TruncOp::create(
        builder, loc, i32,
        LLVM::LShrOp::create(builder, loc, asInt,
                             intConstant(builder, loc, i64, 32)));
    low = shuffle32(builder, loc, low, offset, kind);
    high = shuffle32(builder, loc, high, offset, kind);
    Value lowWide = LLVM::ZExtOp::create(builder, loc, i64, low);
    Value highWide = LLVM::ShlOp::create(
        builder, loc, LLVM::ZExtOp::create(builder, loc, i64, high),
        intConstant(builder, loc, i64, 32));
    result = LLVM::OrOp::create(builder, loc, lowWide, highWide);
  }
  if (type.isInteger(bits))
    return result;
  return LLVM::BitcastOp::create(builder, loc, type, result);
}

Value lowering::shuffleXor(OpBuilder &builder, Location loc, Value value,
                           unsigned laneMask) {
  return shuffleAny(builder, loc, value, i32Constant(builder, loc, laneMask),
                    NVVM::ShflKind::bfly);
}

Value lowering::shuffleIndex(OpBuilder &builder, Location loc, Value value,
                             Value lane) {
  return shuffleAny(builder, loc, value, lane, NVVM::ShflKind::idx);
}

void lowering::emitBarrier(OpBuilder &builder, Location loc) {
  auto barrier = NVVM::Barrier0Op::create(builder, loc);
  barrier->setAttr(barriers::kSharedFenceAttr, builder.getUnitAttr());
}

Value lowering::sharedElementAddress(OpBuilder &builder, Location loc,
                                     Value base, Type elementType,
                                     Value index) {
  return LLVM::GEPOp::create(builder, loc, base.getType(), elementType, base,
                             ValueRange{index});
}

Type lowering::sharedStorageType(Type llvmElementType) {
  return llvmElementType.isInteger(1)
             ? IntegerType::get(llvmElementType.getContext(), 8)
             : llvmElementType;
}

void lowering::storeSharedElement(OpBuilder &builder, Location loc, Value base,
                                  Value index, Value value) {
  Type storedType = sharedStorageType(value.getType());
  if (storedType != value.getType())
    value = LLVM::ZExtOp::create(builder, loc, storedType, value);
  LLVM::StoreOp::create(
      builder, loc, value,
      sharedElementAddress(builder, loc, base, storedType, index));
}

Value lowering::loadSharedElement(OpBuilder &builder, Location loc, Value base,
                                  Type llvmElementType, Value index) {
  Type storedType = sharedStorageType(llvmElementType);
  Value value = LLVM::LoadOp::create(
      builder, loc, storedType,
      sharedElementAddress(builder, loc, base, storedType, index));
  if (storedType != llvmElementType)
    value = LLVM::TruncOp::create(builder, loc, llvmElementType, value);
  return value;
}

int64_t lowering::sharedElementBytes(Type llvmElementType) {
  if (isa<LLVM::LLVMPointerType>(llvmElementType))
    return 8;
  // i1 is stored as a byte.
  return std::max<int64_t>(1, llvmElementType.getIntOrFloatBitWidth() / 8);
}
