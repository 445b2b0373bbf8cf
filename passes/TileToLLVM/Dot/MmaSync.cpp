//===- MmaSync.cpp - dot on mma.sync tensor cores -------------------------===//
//
// A dot whose accumulator has an #nv_tileaa.mma encoding: the operands are
// brought into the mma.sync A/B fragment layouts (layout::mmaOperandLayout;
// convertLayout reads them from swizzled shared memory with ldmatrix where
// it can, see LdmatrixConversion.cpp), then every warp issues one
// m16n8kK instruction (m8n8k4 for f64, #nv_tileaa.mma instrShape [8, 8])
// per (batch, K step, M repetition, N repetition), K outside M and N so
// that independent accumulator chains interleave. A batched (rank-3) dot
// loops over the batches each warp owns (#nv_tileaa.mma with three
// warpsPerCTA, batch warps first). Which registers make
// up each instruction's fragments follows from the three linear layouts
// (planMmaSync), not from a table of its own.
//
//===----------------------------------------------------------------------===//

#include "TileToLLVM/Dot/DotPaths.h"
#include "TileToLLVM/ReduceScanDotUtils.h"
#include "tileiras/Layout/MmaLayouts.h"
#include "tileiras/TargetSpec/InstructionFamily.h"

using namespace mlir;
using namespace tileiras;
using namespace tileiras::lowering;
namespace nv = tileiras::nv_tileaa;
using layout::InDim;

FailureOr<SmallVector<MmaInstruction>>
lowering::planMmaSync(Operation *op, const layout::LinearLayout &acc,
                      const layout::LinearLayout &a,
                      const layout::LinearLayout &b, unsigned kWidth,
                      ArrayRef<unsigned> warpsPerCTA, int64_t instrM) {
  // Rank 3: the batch is one more loop, outside the 2-D one; a warp owns
  // batches b0, b0 + wb, ... (the highest register bits).
  unsigned rank = acc.getRank(), mDim = rank - 2, nDim = rank - 1;
  int64_t m = acc.getShape()[mDim], n = acc.getShape()[nDim];
  int64_t k = a.getShape()[nDim];
  int64_t kInstr = layout::mmaInstrK(kWidth, instrM);
  int64_t stepB = rank == 3 ? warpsPerCTA[0] : 1;
  int64_t stepM = instrM * warpsPerCTA[mDim];
  int64_t stepN = layout::kMmaN * warpsPerCTA[nDim];
  int64_t repB =
      rank == 3 ? std::max<int64_t>(1, acc.getShape()[0] / stepB) : 1;
  int64_t repM = std::max<int64_t>(1, m / stepM);
  int64_t repN = std::max<int64_t>(1, n / stepN);
  auto fragment = [&](const layout::LinearLayout &layout, unsigned elements,
                      int64_t batch, int64_t row, int64_t column,
                      SmallVector<unsigned> &out,
                      const char *name) -> LogicalResult {
    for (unsigned e = 0; e < elements; ++e) {
      layout::Coord at = layout.applyPart(InDim::Register, e);
      at[mDim] += row;
      at[nDim] += column;
      if (rank == 3)
        at[0] += batch;
      std::optional<unsigned> reg = layout.findRegister(at);
      if (!reg)
        return op->emitOpError()
               << "cannot form the mma.sync " << name << " fragment at (" << row
               << ", " << column << ") from the layout " << layout.str();
      out.push_back(*reg);
    }
    return success();
  };
  SmallVector<MmaInstruction> plan;
  for (int64_t bi = 0; bi < repB; ++bi)
    for (int64_t ki = 0; ki < k / kInstr; ++ki)
      for (int64_t mi = 0; mi < repM; ++mi)
        for (int64_t ni = 0; ni < repN; ++ni) {
          MmaInstruction instr;
          instr.kStep = ki;
          instr.row = mi * stepM;
          instr.column = ni * stepN;
          int64_t batch = bi * stepB;
          if (failed(fragment(a, layout::mmaFragmentElements(0, kWidth, instrM),
                              batch, mi * stepM, ki * kInstr, instr.a, "A")) ||
              failed(fragment(b, layout::mmaFragmentElements(1, kWidth, instrM),
                              batch, ki * kInstr, ni * stepN, instr.b, "B")) ||
              failed(fragment(acc,
                              layout::mmaFragmentElements(2, kWidth, instrM),
                              batch, mi * stepM, ni * stepN, instr.c, "C")))
            return failure();
          plan.push_back(std::move(instr));
        }
  return plan;
}

namespace {

/// The PTX type of an mma.sync multiplicand.
NVVM::MMATypes ptxType(Type type, std::optional<nv::Signedness> signedness) {
  if (type.isF16())
    return NVVM::MMATypes::f16;
  if (type.isBF16())
    return NVVM::MMATypes::bf16;
  if (isa<FloatTF32Type>(type))
    return NVVM::MMATypes::tf32;
  if (isa<Float8E4M3FNType>(type))
    return NVVM::MMATypes::e4m3;
  if (isa<Float8E5M2Type>(type))
    return NVVM::MMATypes::e5m2;
  if (type.isF64())
    return NVVM::MMATypes::f64;
  return signedness == nv::Signedness::Signed ? NVVM::MMATypes::s8
                                              : NVVM::MMATypes::u8;
}

/// Packs a fragment into the registers mma.sync reads: f16 pairs as
/// vector<2xf16>, single f32/s32/f64 elements (accumulators, m8n8k4
/// operands) as themselves, everything else as i32 (tf32 rounded to
/// nearest, ties away, like the FMA path).
class FragmentPacker {
public:
  FragmentPacker(OpBuilder &builder, Location loc, Type elementType,
                 ArrayRef<Value> registers, unsigned kWidth,
                 const targetspec::Target &target)
      : builder(builder), loc(loc), elementType(elementType),
        registers(registers), kWidth(kWidth),
        hasTf32Cvt(targetspec::targetSupports(
            target, targetspec::InstrFamily::AmpereConversion)) {}

  SmallVector<Value> pack(ArrayRef<unsigned> fragment) {
    SmallVector<Value> words;
    for (unsigned w = 0; w < fragment.size() / kWidth; ++w)
      words.push_back(packWord(fragment.slice(w * kWidth, kWidth)));
    return words;
  }

private:
  Value packWord(ArrayRef<unsigned> regs) {
    Type i32 = builder.getI32Type();
    if (isa<FloatTF32Type>(elementType)) {
      Value rounded = roundToTf32(builder, loc, registers[regs[0]], hasTf32Cvt);
      return LLVM::BitcastOp::create(builder, loc, i32, rounded);
    }
    if (regs.size() == 1)
      return registers[regs[0]];
    Type lane = registers[regs[0]].getType();
    auto vectorType = VectorType::get({int64_t(regs.size())}, lane);
    Value vector = LLVM::UndefOp::create(builder, loc, vectorType);
    for (auto [i, reg] : llvm::enumerate(regs))
      vector = LLVM::InsertElementOp::create(
          builder, loc, vector, registers[reg], i32Constant(builder, loc, i));
    if (elementType.isF16())
      return vector;
    return LLVM::BitcastOp::create(builder, loc, i32, vector);
  }

  OpBuilder &builder;
  Location loc;
  Type elementType;
  ArrayRef<Value> registers;
  unsigned kWidth;
  bool hasTf32Cvt; // cvt.rna.tf32.f32 (sm_80+)
};

bool isFp8(NVVM::MMATypes type) {
  return type == NVVM::MMATypes::e4m3 || type == NVVM::MMATypes::e5m2;
}

/// One mma.sync. nvvm.mma.sync where MLIR's op accepts the types; LLVM 22
/// has the fp8 m16n8k32 intrinsics but the op's verifier does not list
/// them, so those are called by name (`llvm.nvvm.mma.m16n8k32.row.col.f32.
/// <a>.<b>.f32`, the intrinsic table's D, A, B, C naming).
Value emitMma(OpBuilder &builder, Location loc, Type resultType, ValueRange a,
              ValueRange b, ValueRange c, ArrayRef<int64_t> shape,
              std::optional<NVVM::MMAIntOverflow> overflow,
              std::array<NVVM::MMATypes, 2> types) {
  if (!isFp8(types[0])) {
    return NVVM::MmaOp::create(builder, loc, resultType, a, b, c, shape,
                               std::nullopt, overflow, types,
                               std::array<NVVM::MMALayout, 2>{
                                   NVVM::MMALayout::row, NVVM::MMALayout::col});
  }
  std::string name = ("llvm.nvvm.mma.m16n8k32.row.col.f32." +
                      NVVM::stringifyMMATypes(types[0]) + "." +
                      NVVM::stringifyMMATypes(types[1]) + ".f32")
                         .str();
  SmallVector<Value> operands;
  llvm::append_range(operands, a);
  llvm::append_range(operands, b);
  llvm::append_range(operands, c);
  return LLVM::CallIntrinsicOp::create(builder, loc, resultType,
                                       builder.getStringAttr(name), operands)
      ->getResult(0);
}

/// The scale tiles of a dot_scaled, and their registers in the lanes the
/// block-scaled instruction's selectors read (layout::mmaScaleLayout).
struct MmaScales {
  layout::LinearLayout a, b;
  SmallVector<Value> aRegisters, bRegisters;
  /// Scales per instruction and row/column: 1 (kind::mxf8f6f4), 2 or 4
  /// (scale_vec::2X/4X of m16n8k64 FP4), in bytes 0.. of the register.
  unsigned perInstr = 1;
  NVVM::ScaleVecSize vecSize = NVVM::ScaleVecSize::X1;
  NVVM::BlockScaleFormat format = NVVM::BlockScaleFormat::UE8M0;
  NVVM::MMABlockScaleKind kind = NVVM::MMABlockScaleKind::MXF8F6F4;

  /// This thread's scales of `instr` for A and B: the 32-bit registers
  /// whose byte j holds block j of the instruction's K step.
  FailureOr<std::pair<Value, Value>> of(Operation *op, OpBuilder &builder,
                                        const MmaInstruction &instr) const {
    Location loc = op->getLoc();
    Type i32 = builder.getI32Type();
    Value words[2];
    for (unsigned operand = 0; operand < 2; ++operand) {
      for (unsigned j = 0; j < perInstr; ++j) {
        int64_t block = instr.kStep * perInstr + j;
        std::optional<unsigned> reg =
            operand == 0 ? a.findRegister({instr.row, block})
                         : b.findRegister({block, instr.column});
        if (!reg)
          return op->emitOpError()
                 << "cannot find the scales of the mma.sync at (" << instr.row
                 << ", " << instr.column << "), K step " << instr.kStep;
        Value byte = (operand == 0 ? aRegisters : bRegisters)[*reg];
        Value word = LLVM::ZExtOp::create(builder, loc, i32, byte);
        if (j == 0) {
          words[operand] = word;
          continue;
        }
        Value shifted = LLVM::ShlOp::create(
            builder, loc, word, i32Constant(builder, loc, int32_t(8 * j)));
        words[operand] =
            LLVM::OrOp::create(builder, loc, words[operand], shifted);
      }
    }
    return std::pair{words[0], words[1]};
  }
};

/// One block-scaled mma.sync (selectors byte 0 / thread 0): m16n8k32
/// kind::mxf8f6f4 or m16n8k64 FP4, as `scales` says.
Value emitBlockScaledMma(OpBuilder &builder, Location loc, Type resultType,
                         ValueRange a, ValueRange b, ValueRange c,
                         std::pair<Value, Value> words, const MmaScales &scales,
                         std::array<NVVM::MMATypes, 2> types) {
  Value zero = intConstant(builder, loc, builder.getI16Type(), 0);
  int64_t k = scales.kind == NVVM::MMABlockScaleKind::MXF8F6F4 ? 32 : 64;
  int64_t shape[] = {layout::kMmaM, layout::kMmaN, k};
  return NVVM::MmaBlockScaleOp::create(
      builder, loc, resultType, a, b, c, words.first, zero, zero, words.second,
      zero, zero, shape, types, scales.vecSize, scales.format, scales.kind);
}

/// D = A * B + C on mma.sync (block-scaled when `scales` is given) for the
/// dot `op` with these operand types and lowered tiles.
FailureOr<SmallVector<Value>>
lowerMma(Operation *op, RankedTensorType aType, RankedTensorType bType,
         RankedTensorType cType, Value aTile, Value bTile, Value cTile,
         std::array<NVVM::MMATypes, 2> types, MmaScales *scales,
         OpBuilder &builder, const TileTypeConverter &tiles,
         LoweringState &state) {
  Location loc = op->getLoc();
  RankedTensorType dType = cast<RankedTensorType>(op->getResult(0).getType());
  auto mma = cast<nv::MmaEncodingAttr>(dType.getEncoding());
  auto aEncoding = dyn_cast<nv::DotOperandEncodingAttr>(aType.getEncoding());
  if (!aEncoding || aEncoding.getParent() != mma)
    return op->emitOpError()
           << "operand A of a dot on mma.sync must be a dot_operand of its "
              "accumulator's mma layout";
  unsigned kWidth = aEncoding.getKWidth();
  ArrayRef<unsigned> warps = mma.getWarpsPerCTA();
  int64_t instrM = mma.getInstrM();
  layout::LinearLayout acc = getLayout(dType);
  layout::LinearLayout aLayout =
      layout::mmaOperandLayout(aType.getShape(), 0, warps, kWidth, instrM);
  layout::LinearLayout bLayout =
      layout::mmaOperandLayout(bType.getShape(), 1, warps, kWidth, instrM);
  auto plan = planMmaSync(op, acc, aLayout, bLayout, kWidth, warps, instrM);
  if (failed(plan))
    return failure();

  SmallVector<Value> a = convertLayout(
      builder, loc, state, tiles.convertElementType(aType.getElementType()),
      getLayout(aType), aLayout, unpackTile(builder, loc, aTile));
  SmallVector<Value> b = convertLayout(
      builder, loc, state, tiles.convertElementType(bType.getElementType()),
      getLayout(bType), bLayout, unpackTile(builder, loc, bTile));
  Type accElement = tiles.convertElementType(dType.getElementType());
  SmallVector<Value> d =
      convertLayout(builder, loc, state, accElement, getLayout(cType), acc,
                    unpackTile(builder, loc, cTile));

  FragmentPacker packA(builder, loc, aType.getElementType(), a, kWidth,
                       state.target);
  FragmentPacker packB(builder, loc, bType.getElementType(), b, kWidth,
                       state.target);
  std::optional<NVVM::MMAIntOverflow> overflow;
  if (accElement.isInteger(32))
    overflow = NVVM::MMAIntOverflow::wrapped; // as the FMA path: mod 2^32
  // An f16 accumulator is two .f16x2 registers: c0, c1 and c2, c3 of the
  // four fragment elements (packed like an f16 operand, 2 per word).
  unsigned accWidth = accElement.isF16() ? 2 : 1;
  Type accWord =
      accWidth == 2 ? Type(VectorType::get({2}, accElement)) : accElement;
  unsigned fragment = layout::mmaFragmentElements(2, kWidth, instrM);
  auto resultType = LLVM::LLVMStructType::getLiteral(
      builder.getContext(), SmallVector<Type>(fragment / accWidth, accWord));
  // `d` is updated in place; the packer reads the current values.
  FragmentPacker packC(builder, loc, accElement, d, accWidth, state.target);
  int64_t shape[] = {instrM, layout::kMmaN, layout::mmaInstrK(kWidth, instrM)};
  for (const MmaInstruction &instr : *plan) {
    SmallVector<Value> c = packC.pack(instr.c);
    Value result;
    if (scales) {
      auto scaleWords = scales->of(op, builder, instr);
      if (failed(scaleWords))
        return failure();
      result = emitBlockScaledMma(builder, loc, resultType, packA.pack(instr.a),
                                  packB.pack(instr.b), c, *scaleWords, *scales,
                                  types);
    } else {
      result = emitMma(builder, loc, resultType, packA.pack(instr.a),
                       packB.pack(instr.b), c, shape, overflow, types);
    }
    for (auto [i, reg] : llvm::enumerate(instr.c)) {
      Value word =
          LLVM::ExtractValueOp::create(builder, loc, result, i / accWidth);
      d[reg] = accWidth == 1 ? word
                             : LLVM::ExtractElementOp::create(
                                   builder, loc, word,
                                   i32Constant(builder, loc, i % accWidth));
    }
  }
  return d;
}

} // namespace

FailureOr<SmallVector<Value>>
lowering::lowerMmaSyncDot(nv::DotOp op, Value aTile, Value bTile, Value cTile,
                          OpBuilder &builder, const TileTypeConverter &tiles,
                          LoweringState &state) {
  std::array<NVVM::MMATypes, 2> types = {
      ptxType(op.getA().getType().getElementType(), op.getSignednessA()),
      ptxType(op.getB().getType().getElementType(), op.getSignednessB())};
  return lowerMma(op, op.getA().getType(), op.getB().getType(),
                  op.getC().getType(), aTile, bTile, cTile, types, nullptr,
                  builder, tiles, state);
}

FailureOr<SmallVector<Value>> lowering::lowerBlockScaledMmaSyncDot(
    nv::DotScaledOp op, Value aTile, Value aScale, Value bTile, Value bScale,
    Value cTile, OpBuilder &builder, const TileTypeConverter &tiles,
    LoweringState &state) {
  Location loc = op.getLoc();
  auto mma = dyn_cast<nv::MmaEncodingAttr>(op.getType().getEncoding());
  if (!mma)
    return op.emitOpError() << "has no lowering for the accumulator layout "
                            << op.getType().getEncoding()
                            << " (block-scaled mma.sync needs an mma layout)";
  RankedTensorType aScaleType = op.getAScale().getType(),
                   bScaleType = op.getBScale().getType();
  ArrayRef<unsigned> warps = mma.getWarpsPerCTA();
  MmaScales scales{layout::mmaScaleLayout(aScaleType.getShape(), 0, warps),
                   layout::mmaScaleLayout(bScaleType.getShape(), 1, warps),
                   {},
                   {}};
  Type byte = builder.getI8Type();
  scales.aRegisters =
      convertLayout(builder, loc, state, byte, getLayout(aScaleType), scales.a,
                    unpackTile(builder, loc, aScale));
  scales.bRegisters =
      convertLayout(builder, loc, state, byte, getLayout(bScaleType), scales.b,
                    unpackTile(builder, loc, bScale));
  std::array<NVVM::MMATypes, 2> types = {NVVM::MMATypes::e2m1,
                                         NVVM::MMATypes::e2m1};
  if (op.isFp4()) {
    // m16n8k64: the packed bytes take the 8-bit fragments of m16n8k32.
    bool e4m3 = isa<Float8E4M3FNType>(aScaleType.getElementType());
    scales.perInstr = 64 / unsigned(op.getScaleBlock());
    scales.vecSize = e4m3 ? NVVM::ScaleVecSize::X4 : NVVM::ScaleVecSize::X2;
    scales.format =
        e4m3 ? NVVM::BlockScaleFormat::UE4M3 : NVVM::BlockScaleFormat::UE8M0;
    scales.kind = e4m3 ? NVVM::MMABlockScaleKind::MXF4NVF4
                       : NVVM::MMABlockScaleKind::MXF4;
  } else {
    // kind::mxf8f6f4: FP8, or e2m1 one a byte in bits 2-5 (a_unpacked).
    auto operandType = [&](unsigned i) {
      if (op.isFp4Bytes(i))
        return NVVM::MMATypes::e2m1;
      return ptxType(
          (i == 0 ? op.getA() : op.getB()).getType().getElementType(),
          std::nullopt);
    };
    types = {operandType(0), operandType(1)};
  }
  return lowerMma(op, op.getA().getType(), op.getB().getType(),
                  op.getC().getType(), aTile, bTile, cTile, types, &scales,
                  builder, tiles, state);
}
