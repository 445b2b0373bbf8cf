//===- Fma.cpp - dot on CUDA-core FMAs ------------------------------------===//
//
// The FMA path of nv_tileaa.dot, D = A * B + C, which works on every
// target: each thread holds, for every accumulator element it owns, the
// whole row of A and column of B (#nv_tileaa.dot_operand, see
// layout::fmaDotOperandLayout) and accumulates the K products in increasing
// K order; or, for operands too large for registers, streams them from
// shared memory one K step at a time.
//
//===----------------------------------------------------------------------===//

#include "TileToLLVM/Dot/DotPaths.h"
#include "TileToLLVM/ReduceScanDotUtils.h"
#include "TileToLLVM/TileLowering.h"
#include "tileiras/TargetSpec/InstructionFamily.h"

#include "llvm/ADT/STLExtras.h"

#include <cmath>
#include <map>

using namespace mlir;
using namespace tileiras;
using namespace tileiras::lowering;
namespace nv = tileiras::nv_tileaa;
using layout::InDim;

namespace {

//===----------------------------------------------------------------------===//
// Operand conversion to the accumulation type
//===----------------------------------------------------------------------===//

Value f32Bits(OpBuilder &builder, Location loc, Value bits) {
  return LLVM::BitcastOp::create(builder, loc, builder.getF32Type(), bits);
}

/// bf16 -> f32 is exact: the bf16 bits are the high half of the f32.
/// Integer ops, because cvt.f32.bf16 needs sm_90.
Value bf16ToF32(OpBuilder &builder, Location loc, Value value) {
  Value bits =
      LLVM::BitcastOp::create(builder, loc, builder.getI16Type(), value);
  Value wide = LLVM::ZExtOp::create(builder, loc, builder.getI32Type(), bits);
  return f32Bits(
      builder, loc,
      LLVM::ShlOp::create(builder, loc, wide, i32Constant(builder, loc, 16)));
}

} // namespace

/// Rounds an f32 to tf32 (10 mantissa bits), to nearest with ties away from
/// zero: cvt.rna.tf32.f32 where the chip has it (sm_80+), otherwise the
/// same rounding on the bits (Inf and NaN kept).
Value lowering::roundToTf32(OpBuilder &builder, Location loc, Value value,
                            bool hasInstruction) {
  Type i32 = builder.getI32Type();
  if (hasInstruction) {
    Value bits = NVVM::ConvertFloatToTF32Op::create(builder, loc, i32, value,
                                                    NVVM::FPRoundingMode::RNA);
    return f32Bits(builder, loc, bits);
  }
  Value bits = LLVM::BitcastOp::create(builder, loc, i32, value);
  Value exponent = LLVM::AndOp::create(builder, loc, bits,
                                       i32Constant(builder, loc, 0x7f800000));
  Value finite =
      LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::ne, exponent,
                           i32Constant(builder, loc, 0x7f800000));
  Value rounded = LLVM::AddOp::create(builder, loc, bits,
                                      i32Constant(builder, loc, 0x1000));
  rounded = LLVM::AndOp::create(builder, loc, rounded,
                                i32Constant(builder, loc, -0x2000));
  return f32Bits(builder, loc,
                 LLVM::SelectOp::create(builder, loc, finite, rounded, bits));
}

namespace {

/// The registers of one operand as the FMAs consume them, each converted
/// right before its first use: converting everything up front would keep
/// all converted values live at once.
class OperandConverter {
public:
  OperandConverter(Type elementType, ArrayRef<Value> registers,
                   const targetspec::Target &target)
      : elementType(elementType), registers(registers),
        converted(registers.size()),
        hasTf32Cvt(targetspec::targetSupports(
            target, targetspec::InstrFamily::AmpereConversion)),
        hasFp8Cvt(targetspec::targetSupports(
            target, targetspec::InstrFamily::Fp8Conversion)) {}

  Value get(OpBuilder &builder, Location loc, unsigned reg) {
    if (!converted[reg])
      convert(builder, loc, reg);
    return converted[reg];
  }

private:
  void convert(OpBuilder &builder, Location loc, unsigned reg) {
    Type f32 = builder.getF32Type();
    Value value = registers[reg];
    if (elementType.isF16()) {
      converted[reg] = LLVM::FPExtOp::create(builder, loc, f32, value);
    } else if (elementType.isBF16()) {
      converted[reg] = bf16ToF32(builder, loc, value);
    } else if (isa<FloatTF32Type>(elementType)) {
      converted[reg] = roundToTf32(builder, loc, value, hasTf32Cvt);
    } else if (isa<Float8E4M3FNType, Float8E5M2Type>(elementType)) {
      if (hasFp8Cvt)
        convertFp8Pair(builder, loc, reg);
      else
        converted[reg] = fp8ToF32Software(builder, loc, value, elementType);
    } else {
      converted[reg] = value; // f32 and f64 are used as they are
    }
  }

  /// cvt.rn.f16x2.e4m3x2 / .e5m2x2 converts two bytes at once (exactly:
  /// every FP8 value is an f16 value); f16 -> f32 is exact too. Registers
  /// 2i and 2i+1 go together.
  void convertFp8Pair(OpBuilder &builder, Location loc, unsigned reg) {
    unsigned first = reg & ~1u;
    unsigned last = std::min<unsigned>(first + 1, registers.size() - 1);
    Value pair = LLVM::UndefOp::create(
        builder, loc, VectorType::get({2}, builder.getI8Type()));
    for (unsigned j = 0; j < 2; ++j)
      pair = LLVM::InsertElementOp::create(builder, loc, pair,
                                           registers[j ? last : first],
                                           i32Constant(builder, loc, j));
    Value halves = NVVM::ConvertF8x2ToF16x2Op::create(
        builder, loc, VectorType::get({2}, builder.getF16Type()), pair,
        /*relu=*/false, elementType);
    for (unsigned j = 0; first + j <= last; ++j) {
      Value half = LLVM::ExtractElementOp::create(builder, loc, halves,
                                                  i32Constant(builder, loc, j));
      converted[first + j] =
          LLVM::FPExtOp::create(builder, loc, builder.getF32Type(), half);
    }
  }

  Type elementType;
  ArrayRef<Value> registers;
  SmallVector<Value> converted;
  bool hasTf32Cvt, hasFp8Cvt;
};

//===----------------------------------------------------------------------===//
// The FMA path
//===----------------------------------------------------------------------===//

} // namespace

// The FMA operand layout (layout::fmaDotOperandLayout) keeps the
// accumulator's lane and warp bases with the dimension the operand lacks
// (N for A, M for B) removed, so a thread finds the whole row or column of
// each accumulator element it owns in its own registers. Checked here
// rather than assumed, since the operand layout comes from its encoding.
FailureOr<SmallVector<SmallVector<unsigned>>>
lowering::getFmaOperandRegisters(Operation *op, const layout::LinearLayout &acc,
                                 const layout::LinearLayout &operand,
                                 unsigned opIdx, int64_t k) {
  unsigned rank = acc.getRank();
  unsigned dropped = opIdx == 0 ? rank - 1 : rank - 2;
  unsigned kDim = opIdx == 0 ? rank - 1 : rank - 2;
  const char *name = opIdx == 0 ? "A" : "B";
  for (InDim kind : {InDim::Lane, InDim::Warp}) {
    ArrayRef<layout::Coord> accBases = acc.getBases(kind);
    ArrayRef<layout::Coord> bases = operand.getBases(kind);
    bool same = accBases.size() == bases.size();
    for (unsigned i = 0; same && i < bases.size(); ++i) {
      layout::Coord projected = accBases[i];
      projected[dropped] = 0;
      same = projected == bases[i];
    }
    if (!same)
      return op->emitOpError()
             << "cannot use the layout of operand " << name << " ("
             << operand.str() << ") for the FMA path: its "
             << (kind == InDim::Lane ? "lanes" : "warps")
             << " do not hold the elements of the accumulator layout ("
             << acc.str() << ")";
  }
  SmallVector<SmallVector<unsigned>> regs(acc.getNumRegisters());
  for (unsigned r = 0; r < acc.getNumRegisters(); ++r) {
    layout::Coord coord = acc.applyPart(InDim::Register, r);
    for (int64_t kk = 0; kk < k; ++kk) {
      layout::Coord wanted = coord;
      wanted[kDim] = kk;
      std::optional<unsigned> reg = operand.findRegister(wanted);
      if (!reg)
        return op->emitOpError()
               << "cannot use the layout of operand " << name << " ("
               << operand.str()
               << ") for the FMA path: a thread does not hold k = " << kk
               << " for accumulator register " << r << " in its registers";
      regs[r].push_back(*reg);
    }
  }
  return regs;
}

namespace {

/// Both FMA paths of one dot, built at the builder's insertion point.
class FmaDot {
public:
  FmaDot(OpBuilder &builder, const TileTypeConverter &tiles,
         LoweringState &state)
      : rewriter(builder), tiles(tiles), state(state) {}

  FailureOr<SmallVector<Value>> lowerRegisters(nv::DotOp op, Value aTile,
                                               Value bTile, Value cTile) {
    Location loc = op.getLoc();
    RankedTensorType aType = op.getA().getType(), bType = op.getB().getType(),
                     cType = op.getC().getType(), dType = op.getType();
    unsigned rank = dType.getRank();
    int64_t k = aType.getShape()[rank - 1];
    layout::LinearLayout acc = getLayout(dType);
    layout::LinearLayout aLayout = layout::fmaDotOperandLayout(acc, 0, k);
    layout::LinearLayout bLayout = layout::fmaDotOperandLayout(acc, 1, k);
    auto aRegs = getFmaOperandRegisters(op, acc, aLayout, 0, k);
    auto bRegs = getFmaOperandRegisters(op, acc, bLayout, 1, k);
    if (failed(aRegs) || failed(bRegs))
      return failure();

    // Operands and accumulator in the layouts the FMAs read (normally they
    // already are; otherwise they move).
    Type aElement = tiles.convertElementType(aType.getElementType());
    Type bElement = tiles.convertElementType(bType.getElementType());
    Type accElement = tiles.convertElementType(dType.getElementType());
    SmallVector<Value> a =
        convertLayout(rewriter, loc, state, aElement, getLayout(aType), aLayout,
                      unpackTile(rewriter, loc, aTile));
    SmallVector<Value> b =
        convertLayout(rewriter, loc, state, bElement, getLayout(bType), bLayout,
                      unpackTile(rewriter, loc, bTile));
    SmallVector<Value> c =
        convertLayout(rewriter, loc, state, accElement, getLayout(cType), acc,
                      unpackTile(rewriter, loc, cTile));

    // Replicated accumulator registers (zero register bases) are computed
    // once, for the first register holding their coordinate.
    unsigned numRegs = acc.getNumRegisters();
    SmallVector<unsigned> canonical = firstCopyOfRegister(acc);
    for (unsigned r = 0; r < numRegs; ++r) {
      if (canonical[r] != r) {
        (*aRegs)[r].clear();
        (*bRegs)[r].clear();
      }
    }

    SmallVector<Value> d = widenF16(rewriter, loc, c);
    if (isa<IntegerType>(aType.getElementType()))
      accumulateInt(rewriter, loc, op, a, b, *aRegs, *bRegs, d);
    else
      accumulateFloat(rewriter, loc, aType.getElementType(),
                      bType.getElementType(), a, b, *aRegs, *bRegs, d);

    return narrowF16(rewriter, loc, accElement, withReplicas(d, canonical));
  }

  /// An f16 accumulator is carried through the FMAs in f32 and rounded to
  /// f16 once at the end (the hardware's f16 accumulation rounds more
  /// often; its order and precision are unspecified either way).
  static SmallVector<Value> widenF16(OpBuilder &builder, Location loc,
                                     ArrayRef<Value> c) {
    SmallVector<Value> wide(c.begin(), c.end());
    for (Value &value : wide)
      if (value.getType().isF16())
        value =
            LLVM::FPExtOp::create(builder, loc, builder.getF32Type(), value);
    return wide;
  }
  static SmallVector<Value> narrowF16(OpBuilder &builder, Location loc,
                                      Type accElement, SmallVector<Value> d) {
    if (accElement.isF16())
      for (Value &value : d)
        value = LLVM::FPTruncOp::create(builder, loc, accElement, value);
    return d;
  }

  /// The accumulator registers of the result; a replicated register takes
  /// the value computed for the first register of its coordinate.
  static SmallVector<Value> withReplicas(ArrayRef<Value> d,
                                         ArrayRef<unsigned> canonical) {
    SmallVector<Value> results;
    for (unsigned first : canonical)
      results.push_back(d[first]);
    return results;
  }

  /// The FMA path with operands in shared memory. A is stored transposed
  /// (K x M) and B as is (K x N), both in the accumulation type (converted
  /// once, by the thread that holds the element) with rows padded by 16
  /// bytes; then for each k, in increasing order, a thread loads the A
  /// values of its accumulator rows and the B values of its columns (128-bit
  /// loads where its rows or columns are consecutive) and does its FMAs. Only
  /// the accumulator and one k step of operands are live.
  FailureOr<SmallVector<Value>> lowerSharedOperands(nv::DotOp op, Value aTile,
                                                    Value bTile, Value cTile) {
    Location loc = op.getLoc();
    RankedTensorType aType = op.getA().getType(), bType = op.getB().getType(),
                     cType = op.getC().getType(), dType = op.getType();
    int64_t m = dType.getShape()[0], n = dType.getShape()[1];
    int64_t k = aType.getShape()[1];
    layout::LinearLayout acc = getLayout(dType);
    layout::LinearLayout aLayout = getLayout(aType);
    layout::LinearLayout bLayout = getLayout(bType);

    Type accElement = tiles.convertElementType(dType.getElementType());
    Type compute = accElement.isF64() ? accElement : rewriter.getF32Type();
    int64_t elementBytes = compute.getIntOrFloatBitWidth() / 8;
    int64_t vector = 16 / elementBytes;
    int64_t strideA = m + vector, strideB = n + vector;
    int64_t bytesA = k * strideA * elementBytes;
    int64_t bytesB = k * strideB * elementBytes;
    Value shared = state.scratch.getBuffer(rewriter, loc, bytesA + bytesB);
    Value sharedA = shared;
    Value sharedB = LLVM::GEPOp::create(
        rewriter, loc, shared.getType(), rewriter.getI8Type(), shared,
        ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(bytesA)});

    // Stage both operands (one copy of each element; replicas would write
    // the same value).
    emitBarrier(rewriter, loc);
    auto stage = [&](const layout::LinearLayout &layout, Type elementType,
                     Value packed, Value base, bool transposed,
                     int64_t stride) {
      SmallVector<Value> registers = unpackTile(rewriter, loc, packed);
      OperandConverter convert(elementType, registers, state.target);
      SmallVector<SmallVector<Value>> coords =
          emitCoordinates(rewriter, loc, layout);
      SmallVector<bool> first = firstCopyRegisters(layout);
      for (unsigned r = 0; r < registers.size(); ++r) {
        if (!first[r])
          continue;
        // A^T[k][m] for A (coords (m, k)); B[k][n] for B (coords (k, n)).
        Value row = transposed ? coords[r][1] : coords[r][0];
        Value column = transposed ? coords[r][0] : coords[r][1];
        Value index = LLVM::AddOp::create(
            rewriter, loc,
            LLVM::MulOp::create(rewriter, loc, row,
                                i32Constant(rewriter, loc, stride)),
            column);
        Value value = convert.get(rewriter, loc, r);
        if (value.getType() != compute)
          value = LLVM::FPExtOp::create(rewriter, loc, compute, value);
        LLVM::StoreOp::create(
            rewriter, loc, value,
            sharedElementAddress(rewriter, loc, base, compute, index));
      }
    };
    stage(aLayout, aType.getElementType(), aTile, sharedA,
          /*transposed=*/true, strideA);
    stage(bLayout, bType.getElementType(), bTile, sharedB,
          /*transposed=*/false, strideB);
    emitBarrier(rewriter, loc);

    SmallVector<Value> c =
        convertLayout(rewriter, loc, state, accElement, getLayout(cType), acc,
                      unpackTile(rewriter, loc, cTile));

    // The thread's rows and columns: its coordinates are the lane/warp part
    // (register 0 has no register part) plus constant register parts.
    SmallVector<SmallVector<Value>> accCoords =
        emitCoordinates(rewriter, loc, acc);
    Value baseRow = accCoords[0][0], baseColumn = accCoords[0][1];
    unsigned numRegs = acc.getNumRegisters();
    SmallVector<int64_t> rowPart(numRegs), columnPart(numRegs);
    SmallVector<unsigned> canonical = firstCopyOfRegister(acc);
    for (unsigned r = 0; r < numRegs; ++r) {
      layout::Coord part = acc.applyPart(InDim::Register, r);
      rowPart[r] = part[0];
      columnPart[r] = part[1];
    }
    // Loads for one k step: runs of `width` consecutive parts starting at a
    // multiple of `width` become one vector load (the lane/warp part is a
    // multiple of the run, since register bits are the lowest ones).
    auto loadStep = [&](Value base, Value threadBase, int64_t stride,
                        ArrayRef<int64_t> parts, unsigned contiguous,
                        int64_t kk) {
      llvm::SmallVector<int64_t> distinct(parts.begin(), parts.end());
      llvm::sort(distinct);
      distinct.erase(std::unique(distinct.begin(), distinct.end()),
                     distinct.end());
      int64_t width = std::min<int64_t>(vector, contiguous);
      DenseMap<int64_t, Value> values;
      for (int64_t part : distinct) {
        if (values.count(part))
          continue;
        bool run = width > 1 && part % width == 0;
        for (int64_t j = 1; run && j < width; ++j)
          run = llvm::is_contained(distinct, part + j);
        Value index =
            LLVM::AddOp::create(rewriter, loc, threadBase,
                                i32Constant(rewriter, loc, kk * stride + part));
        Value address =
            sharedElementAddress(rewriter, loc, base, compute, index);
        if (!run) {
          values[part] = LLVM::LoadOp::create(rewriter, loc, compute, address);
          continue;
        }
        auto vectorType = VectorType::get({width}, compute);
        Value loaded = LLVM::LoadOp::create(rewriter, loc, vectorType, address,
                                            width * elementBytes);
        for (int64_t j = 0; j < width; ++j)
          values[part + j] = LLVM::ExtractElementOp::create(
              rewriter, loc, loaded, i32Constant(rewriter, loc, j));
      }
      return values;
    };

    // The lane/warp part of a coordinate along `dim` is a multiple of the
    // smallest lane/warp basis along it; vectors must not straddle that.
    auto threadPartAlignment = [&](unsigned dim) {
      int64_t alignment = acc.getShape()[dim];
      for (InDim kind : {InDim::Lane, InDim::Warp})
        for (const layout::Coord &basis : acc.getBases(kind))
          if (basis[dim] != 0)
            alignment = std::min(alignment, basis[dim]);
      return static_cast<unsigned>(alignment);
    };
    SmallVector<Value> d = widenF16(rewriter, loc, c);
    for (int64_t kk = 0; kk < k; ++kk) {
      DenseMap<int64_t, Value> aValues = loadStep(
          sharedA, baseRow, strideA, rowPart, threadPartAlignment(0), kk);
      DenseMap<int64_t, Value> bValues = loadStep(
          sharedB, baseColumn, strideB, columnPart, threadPartAlignment(1), kk);
      for (unsigned r = 0; r < numRegs; ++r)
        if (canonical[r] == r)
          d[r] = LLVM::FMAOp::create(rewriter, loc, aValues[rowPart[r]],
                                     bValues[columnPart[r]], d[r]);
    }
    return narrowF16(rewriter, loc, accElement, withReplicas(d, canonical));
  }

  /// d[r] = fma(A[r][k], B[r][k], d[r]) for k = 0, 1, ... (in that order,
  /// so results do not depend on the schedule). Operands are converted to
  /// f32 (f64 stays f64) once per register; products are IEEE products, so
  /// NaN and Inf in A or B always reach D (as propagate_nan asks).
  void accumulateFloat(OpBuilder &builder, Location loc, Type aType, Type bType,
                       ArrayRef<Value> aRegisters, ArrayRef<Value> bRegisters,
                       ArrayRef<SmallVector<unsigned>> aRegs,
                       ArrayRef<SmallVector<unsigned>> bRegs,
                       SmallVector<Value> &d) const {
    OperandConverter a(aType, aRegisters, state.target);
    OperandConverter b(bType, bRegisters, state.target);
    // K outermost: the independent chains of the accumulator registers
    // interleave.
    size_t k = 0;
    for (const auto &regs : aRegs)
      k = std::max(k, regs.size());
    for (size_t kk = 0; kk < k; ++kk)
      for (unsigned r = 0; r < d.size(); ++r) {
        if (aRegs[r].empty())
          continue;
        // Separate statements: the conversions are emitted in this order.
        Value x = a.get(builder, loc, aRegs[r][kk]);
        Value y = b.get(builder, loc, bRegs[r][kk]);
        d[r] = LLVM::FMAOp::create(builder, loc, x, y, d[r]);
      }
  }

  /// i8 x i8 -> i32: dp4a over groups of four consecutive K (the sum is
  /// exact modulo 2^32, so grouping does not change it), or single
  /// multiply-adds when K < 4. Signedness picks sign or zero extension.
  void accumulateInt(OpBuilder &builder, Location loc, nv::DotOp op,
                     ArrayRef<Value> a, ArrayRef<Value> b,
                     ArrayRef<SmallVector<unsigned>> aRegs,
                     ArrayRef<SmallVector<unsigned>> bRegs,
                     SmallVector<Value> &d) const {
    bool aSigned = op.getSignednessA() == nv::Signedness::Signed;
    bool bSigned = op.getSignednessB() == nv::Signedness::Signed;
    Type i32 = builder.getI32Type();
    size_t k = 0;
    for (const auto &regs : aRegs)
      k = std::max(k, regs.size());
    if (k % 4 != 0) {
      auto extend = [&](Value value, bool isSigned) -> Value {
        if (isSigned)
          return LLVM::SExtOp::create(builder, loc, i32, value);
        return LLVM::ZExtOp::create(builder, loc, i32, value);
      };
      for (size_t kk = 0; kk < k; ++kk)
        for (unsigned r = 0; r < d.size(); ++r) {
          if (aRegs[r].empty())
            continue;
          Value product = LLVM::MulOp::create(builder, loc,
                                              extend(a[aRegs[r][kk]], aSigned),
                                              extend(b[bRegs[r][kk]], bSigned));
          d[r] = LLVM::AddOp::create(builder, loc, d[r], product);
        }
      return;
    }
    BytePacker aPacks{a}, bPacks{b};
    auto type = [](bool isSigned) {
      return isSigned ? NVVM::DotAccumulateType::SIGNED
                      : NVVM::DotAccumulateType::UNSIGNED;
    };
    for (size_t kk = 0; kk < k; kk += 4)
      for (unsigned r = 0; r < d.size(); ++r) {
        if (aRegs[r].empty())
          continue;
        Value aPack = aPacks.get(builder, loc, ArrayRef(aRegs[r]).slice(kk, 4));
        Value bPack = bPacks.get(builder, loc, ArrayRef(bRegs[r]).slice(kk, 4));
        d[r] = NVVM::DotAccumulate4WayOp::create(builder, loc, i32, aPack,
                                                 type(aSigned), bPack,
                                                 type(bSigned), d[r]);
      }
  }

  /// Four i8 registers as the vector<4xi8> operand of dp4a, built once per
  /// distinct group.
  struct BytePacker {
    ArrayRef<Value> registers;
    std::map<SmallVector<unsigned, 4>, Value> cache;

    Value get(OpBuilder &builder, Location loc, ArrayRef<unsigned> regs) {
      Value &packed = cache[SmallVector<unsigned, 4>(regs)];
      if (packed)
        return packed;
      packed = LLVM::UndefOp::create(builder, loc,
                                     VectorType::get({4}, builder.getI8Type()));
      for (auto [i, reg] : llvm::enumerate(regs))
        packed = LLVM::InsertElementOp::create(
            builder, loc, packed, registers[reg], i32Constant(builder, loc, i));
      return packed;
    }
  };

  OpBuilder &rewriter;
  const TileTypeConverter &tiles;
  LoweringState &state;
};

} // namespace

FailureOr<SmallVector<Value>>
lowering::lowerFmaDot(nv::DotOp op, Value a, Value b, Value c,
                      OpBuilder &builder, const TileTypeConverter &tiles,
                      LoweringState &state) {
  return FmaDot(builder, tiles, state).lowerRegisters(op, a, b, c);
}

FailureOr<SmallVector<Value>> lowering::lowerFmaSharedOperandsDot(
    nv::DotOp op, Value a, Value b, Value c, OpBuilder &builder,
    const TileTypeConverter &tiles, LoweringState &state) {
  return FmaDot(builder, tiles, state).lowerSharedOperands(op, a, b, c);
}
