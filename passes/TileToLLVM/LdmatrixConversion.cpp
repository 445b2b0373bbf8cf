//===- LdmatrixConversion.cpp - layout conversions read with ldmatrix -----===//
//
// A conversion whose destination layout ldmatrix can deliver (the mma.sync
// operand fragments, above all) goes through a swizzled shared buffer:
// every thread stores its registers with the widest accesses the source
// layout allows, then each warp reads the destination registers back with
// ldmatrix (.trans for a 16-bit tile stored with the other dimension
// contiguous). Offsets, vector widths and ldmatrix addresses all come from
// invertAndCompose of the register layouts with the shared layout; when no
// storage order suits ldmatrix (an 8-bit or tf32 B tile with K strided),
// convertLayout takes its padded path.
//
//===----------------------------------------------------------------------===//

#include "TileToLLVM/TileLowering.h"
#include "tileiras/Layout/SharedLayouts.h"
#include "tileiras/TargetSpec/InstructionFamily.h"

using namespace mlir;
using namespace tileiras;
using namespace tileiras::lowering;
using layout::InDim;
using layout::LinearLayout;

namespace {

/// The storage chosen for one operand.
struct Staging {
  LinearLayout storeOffsets, loadOffsets;
  layout::LdmatrixPlan plan;
};

/// Tries the source's contiguous dimension first (wide stores), then the
/// other one (ldmatrix still possible, stores narrower).
std::optional<Staging> chooseStaging(const LinearLayout &source,
                                     const LinearLayout &target,
                                     unsigned elementBytes) {
  // The matrices are the last two dimensions; a batch (rank 3) is stored
  // slowest, whole matrices one after another.
  unsigned rank = source.getRank(), rows = rank - 2, columns = rank - 1;
  if ((rank != 2 && rank != 3) || target.getShape() != source.getShape())
    return std::nullopt;
  unsigned fast = columns;
  llvm::ArrayRef<layout::Coord> regs = source.getBases(InDim::Register);
  if (!regs.empty() && regs[0][rows] != 0 && regs[0][columns] == 0)
    fast = rows;
  for (unsigned first : {fast, rows + columns - fast}) {
    auto offsets = swizzledOffsets(source, target, first, elementBytes);
    if (!offsets)
      continue;
    auto [store, load] = *offsets;
    if (auto plan = layout::planLdmatrix(load, elementBytes))
      return Staging{store, load, *plan};
  }
  return std::nullopt;
}

void storeOperand(ImplicitLocOpBuilder &b, Value buffer, Type stored,
                  const LinearLayout &source, const LinearLayout &offsets,
                  ValueRange elements) {
  unsigned width = layout::sharedVectorElements(
      offsets, 16 / unsigned(sharedElementBytes(stored)));
  Value thread = sharedThreadOffset(b, offsets, offsets.getBases(InDim::Lane));
  llvm::SmallVector<bool> first = firstCopyRegisters(source);
  auto vectorType = VectorType::get({int64_t(width)}, stored);
  for (unsigned reg = 0; reg < source.getNumRegisters(); reg += width) {
    if (!first[reg])
      continue; // another register of this thread stores the same elements
    Value address = sharedRegisterAddress(
        b, buffer, stored, thread, offsets.applyPart(InDim::Register, reg)[0]);
    if (width == 1) {
      LLVM::StoreOp::create(b, elements[reg], address);
      continue;
    }
    Value vector = LLVM::UndefOp::create(b, vectorType);
    for (unsigned i = 0; i < width; ++i)
      vector = LLVM::InsertElementOp::create(b, vector, elements[reg + i],
                                             i32Constant(b, b.getLoc(), i));
    LLVM::StoreOp::create(b, vector, address,
                          width * sharedElementBytes(stored));
  }
}

/// The register a lane receives as element `i` of word `matrix` of the
/// instruction for `outerReg`.
unsigned plannedRegister(const layout::LdmatrixPlan &plan, unsigned outerReg,
                         unsigned matrix, unsigned i) {
  unsigned reg = outerReg | i;
  for (auto [bit, regBit] : llvm::enumerate(plan.matrixBits))
    if (matrix & (1u << bit))
      reg |= 1u << regBit;
  return reg;
}

/// The registers of instruction `outer`: the combination `outer` of the
/// plan's outer register bits.
unsigned outerRegister(const layout::LdmatrixPlan &plan, unsigned outer) {
  unsigned reg = 0;
  for (auto [bit, regBit] : llvm::enumerate(plan.outerBits))
    if (outer & (1u << bit))
      reg |= 1u << regBit;
  return reg;
}

/// The thread's part of the addresses ldmatrix and stmatrix take: lane
/// l supplies the row the plan's address lane bases give.
Value rowAddressOffset(ImplicitLocOpBuilder &b,
                       const layout::LdmatrixPlan &plan,
                       const LinearLayout &offsets) {
  SmallVector<layout::Coord> laneBases;
  for (int64_t base : plan.addressLaneBases)
    laneBases.push_back({base});
  return sharedThreadOffset(b, offsets, laneBases);
}

/// stmatrix, ldmatrix's inverse (sm_90+): the same plan says which
/// registers make up each lane's 32-bit words and which lanes supply the
/// row addresses.
void storeWithStmatrix(ImplicitLocOpBuilder &b, Value buffer, Type stored,
                       const layout::LdmatrixPlan &plan,
                       const LinearLayout &offsets, ValueRange elements) {
  Value thread = rowAddressOffset(b, plan, offsets);
  auto wordType = VectorType::get({int64_t(plan.wordElements)}, stored);
  for (unsigned outer = 0; outer < (1u << plan.outerBits.size()); ++outer) {
    unsigned outerReg = outerRegister(plan, outer);
    SmallVector<Value> words;
    for (unsigned j = 0; j < plan.numMatrices; ++j) {
      Value word = LLVM::UndefOp::create(b, wordType);
      for (unsigned i = 0; i < plan.wordElements; ++i)
        word = LLVM::InsertElementOp::create(
            b, word, elements[plannedRegister(plan, outerReg, j, i)],
            i32Constant(b, b.getLoc(), i));
      words.push_back(LLVM::BitcastOp::create(b, b.getI32Type(), word));
    }
    Value address =
        sharedRegisterAddress(b, buffer, stored, thread,
                              offsets.applyPart(InDim::Register, outerReg)[0]);
    NVVM::StMatrixOp::create(
        b, address, words,
        plan.trans ? NVVM::MMALayout::col : NVVM::MMALayout::row,
        NVVM::LdStMatrixShapeAttr::get(b.getContext(), 8, 8),
        NVVM::LdStMatrixEltType::B16);
  }
}

SmallVector<Value> loadOperand(ImplicitLocOpBuilder &b, Value buffer,
                               Type stored, const layout::LdmatrixPlan &plan,
                               const LinearLayout &offsets) {
  Value thread = rowAddressOffset(b, plan, offsets);
  Type i32 = b.getI32Type();
  Type resultType =
      plan.numMatrices == 1
          ? i32
          : LLVM::LLVMStructType::getLiteral(
                b.getContext(), SmallVector<Type>(plan.numMatrices, i32));
  auto wordType = VectorType::get({int64_t(plan.wordElements)}, stored);
  SmallVector<Value> result(offsets.getNumRegisters());
  for (unsigned outer = 0; outer < (1u << plan.outerBits.size()); ++outer) {
    unsigned outerReg = outerRegister(plan, outer);
    Value address =
        sharedRegisterAddress(b, buffer, stored, thread,
                              offsets.applyPart(InDim::Register, outerReg)[0]);
    Value loaded = NVVM::LdMatrixOp::create(
        b, resultType, address, plan.numMatrices,
        plan.trans ? NVVM::MMALayout::col : NVVM::MMALayout::row,
        NVVM::LdStMatrixShapeAttr::get(b.getContext(), 8, 8),
        NVVM::LdStMatrixEltType::B16);
    for (unsigned j = 0; j < plan.numMatrices; ++j) {
      Value word = plan.numMatrices == 1
                       ? loaded
                       : LLVM::ExtractValueOp::create(b, loaded, j).getResult();
      if (plan.wordElements == 1) {
        result[plannedRegister(plan, outerReg, j, 0)] =
            LLVM::BitcastOp::create(b, stored, word);
        continue;
      }
      Value vector = LLVM::BitcastOp::create(b, wordType, word);
      for (unsigned i = 0; i < plan.wordElements; ++i)
        result[plannedRegister(plan, outerReg, j, i)] =
            LLVM::ExtractElementOp::create(b, vector,
                                           i32Constant(b, b.getLoc(), i));
    }
  }
  return result;
}

} // namespace

std::optional<std::pair<LinearLayout, LinearLayout>>
lowering::swizzledOffsets(const LinearLayout &source,
                          const LinearLayout &destination, unsigned fast,
                          unsigned elementBytes) {
  unsigned rank = source.getRank(), rows = rank - 2, columns = rank - 1;
  llvm::SmallVector<unsigned, 3> order{fast, rows + columns - fast};
  if (rank == 3)
    order.push_back(0);
  LinearLayout shared =
      layout::ldmatrixSharedLayout(source.getShape(), order, elementBytes);
  auto store = layout::invertAndCompose(source, shared);
  auto load = layout::invertAndCompose(destination, shared);
  if (!store || !load)
    return std::nullopt;
  return std::make_pair(*store, *load);
}

bool lowering::hasStmatrix(const targetspec::Target &target) {
  return targetspec::targetSupports(target, targetspec::InstrFamily::Stmatrix);
}

void lowering::storeToShared(ImplicitLocOpBuilder &b, Value buffer, Type stored,
                             const LinearLayout &source,
                             const LinearLayout &offsets, ValueRange elements,
                             bool stmatrix) {
  // stmatrix moves 16-bit elements, up to four 32-bit words of each lane
  // at once, where a fragment layout (two consecutive elements per row of
  // an 8x8 block) allows only 32-bit stores.
  if (stmatrix && sharedElementBytes(stored) == 2)
    if (auto plan = layout::planLdmatrix(offsets, 2)) {
      storeWithStmatrix(b, buffer, stored, *plan, offsets, elements);
      return;
    }
  storeOperand(b, buffer, stored, source, offsets, elements);
}

std::optional<SmallVector<Value>>
lowering::convertWithLdmatrix(OpBuilder &builder, Location loc,
                              LoweringState &state, Type elementType,
                              const LinearLayout &source,
                              const LinearLayout &target, ValueRange elements) {
  if (!elementType.isIntOrFloat() || elementType.isInteger(1))
    return std::nullopt;
  unsigned bytes = unsigned(sharedElementBytes(elementType));
  std::optional<Staging> staging = chooseStaging(source, target, bytes);
  if (!staging)
    return std::nullopt;
  ImplicitLocOpBuilder b(loc, builder);
  Value buffer = state.scratch.getBuffer(
      builder, loc, source.getNumElements() * int64_t(bytes));
  // Earlier users of the scratch buffer must be done before it is written.
  emitBarrier(b, loc);
  storeToShared(b, buffer, elementType, source, staging->storeOffsets, elements,
                hasStmatrix(state.target));
  emitBarrier(b, loc);
  return loadOperand(b, buffer, elementType, staging->plan,
                     staging->loadOffsets);
}

Value lowering::sharedRegisterAddress(ImplicitLocOpBuilder &b, Value buffer,
                                      Type stored, Value thread,
                                      int64_t constant) {
  Value offset =
      constant
          ? LLVM::XOrOp::create(b, thread, i32Constant(b, b.getLoc(), constant))
                .getResult()
          : thread;
  return sharedElementAddress(b, b.getLoc(), buffer, stored, offset);
}

Value lowering::sharedThreadOffset(ImplicitLocOpBuilder &b,
                                   const LinearLayout &offsets,
                                   llvm::ArrayRef<layout::Coord> laneBases) {
  Value lane = getLaneId(b, b.getLoc());
  Value result = emitBitsContribution(b, b.getLoc(), lane, laneBases, 0);
  if (offsets.getNumBits(InDim::Warp)) {
    Value warp = getWarpId(b, b.getLoc());
    if (Value w = emitBitsContribution(b, b.getLoc(), warp,
                                       offsets.getBases(InDim::Warp), 0))
      result = result ? LLVM::XOrOp::create(b, result, w).getResult() : w;
  }
  return result ? result : i32Constant(b, b.getLoc(), 0);
}

SmallVector<Value> lowering::loadFromShared(ImplicitLocOpBuilder &b,
                                            Value buffer, Type stored,
                                            const LinearLayout &offsets) {
  unsigned bytes = unsigned(sharedElementBytes(stored));
  if (auto plan = layout::planLdmatrix(offsets, bytes))
    return loadOperand(b, buffer, stored, *plan, offsets);
  unsigned width = layout::sharedVectorElements(offsets, 16 / bytes);
  Value thread = sharedThreadOffset(b, offsets, offsets.getBases(InDim::Lane));
  auto vectorType = VectorType::get({int64_t(width)}, stored);
  SmallVector<Value> result;
  for (unsigned reg = 0; reg < offsets.getNumRegisters(); reg += width) {
    Value address = sharedRegisterAddress(
        b, buffer, stored, thread, offsets.applyPart(InDim::Register, reg)[0]);
    if (width == 1) {
      result.push_back(LLVM::LoadOp::create(b, stored, address));
      continue;
    }
    Value vector = LLVM::LoadOp::create(b, vectorType, address, width * bytes);
    for (unsigned i = 0; i < width; ++i)
      result.push_back(LLVM::ExtractElementOp::create(
          b, vector, i32Constant(b, b.getLoc(), i)));
  }
  return result;
}
