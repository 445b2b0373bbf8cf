//===- ElementwiseOps.cpp - float ops, conversions, arith/math on tiles ---===//
//
// Everything here works one register at a time: a tile operand is unpacked
// into the elements the thread holds, each element is computed on its own,
// and the results are packed again (a scalar is the one-element case). All
// tile operands of one op share a layout (layout assignment converts them),
// so register i of every operand holds the same tile coordinate.
//
//  - nv_tileaa float arithmetic with rounding modes and fast-math flags;
//  - fp_to_fp between every pair of float formats, pairing registers for
//    the two-at-a-time FP8 conversions;
//  - every upstream arith/math op on tiles: re-created per register on
//    scalars and left to the upstream scalar patterns of the same
//    conversion;
//  - arith.constant tiles.
//
// docs/lowering/elementwise-and-shape.md describes the PTX each op becomes.
//
//===----------------------------------------------------------------------===//

#include "TileToLLVM/TileLowering.h"
#include "tileiras/TargetSpec/InstructionFamily.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace tileiras;
using namespace tileiras::lowering;
namespace nv = tileiras::nv_tileaa;
using targetspec::InstrFamily;

namespace {

//===----------------------------------------------------------------------===//
// Per-element float code
//===----------------------------------------------------------------------===//

LLVM::FastmathFlags toLLVMFastmath(std::optional<nv::FastMathFlags> flags) {
  LLVM::FastmathFlags result = LLVM::FastmathFlags::none;
  if (!flags)
    return result;
  auto map = [&](nv::FastMathFlags from, LLVM::FastmathFlags to) {
    if (nv::bitEnumContainsAny(*flags, from))
      result = result | to;
  };
  map(nv::FastMathFlags::reassoc, LLVM::FastmathFlags::reassoc);
  map(nv::FastMathFlags::nnan, LLVM::FastmathFlags::nnan);
  map(nv::FastMathFlags::ninf, LLVM::FastmathFlags::ninf);
  map(nv::FastMathFlags::nsz, LLVM::FastmathFlags::nsz);
  map(nv::FastMathFlags::arcp, LLVM::FastmathFlags::arcp);
  map(nv::FastMathFlags::contract, LLVM::FastmathFlags::contract);
  map(nv::FastMathFlags::afn, LLVM::FastmathFlags::afn);
  return result;
}

bool isNarrowFloat(Type type) { return type.isF16() || type.isBF16(); }

bool isDirected(nv::RoundingMode mode) {
  return mode == nv::RoundingMode::rz || mode == nv::RoundingMode::rm ||
         mode == nv::RoundingMode::rp;
}

bool isIEEEMode(nv::RoundingMode mode) {
  return mode == nv::RoundingMode::rn || isDirected(mode);
}

enum class BinaryKind { Add, Sub, Mul, Div };

/// Builds the code of one element of the float ops. Explicit rounding modes
/// become NVVM intrinsics (never contracted into FMAs by --fmad, never
/// rewritten by LLVM); without one the plain LLVM operation is used, which
/// the numeric options (--fmad, --prec-div, --prec-sqrt) then govern.
class FloatBuilder {
public:
  FloatBuilder(OpBuilder &builder, Location loc,
               const targetspec::Target &target,
               LLVM::FastmathFlags fastmath = LLVM::FastmathFlags::none)
      : b(builder), loc(loc), target(target), flags(fastmath),
        fastmath(LLVM::FastmathFlagsAttr::get(builder.getContext(), fastmath)) {
  }

  OpBuilder &builder() { return b; }

  /// The op's `ftz`: f32 subnormal inputs and results flush to zero.
  bool ftz = false;

  //===--- building blocks ------------------------------------------------===//

  Value intrinsic(StringRef name, Type type, ValueRange args) {
    return LLVM::CallIntrinsicOp::create(b, loc, type, b.getStringAttr(name),
                                         args)
        .getResult(0);
  }

  /// A side-effect-free one-instruction PTX snippet, for instructions LLVM
  /// has no intrinsic for (conversions with directed rounding).
  Value ptx(StringRef text, StringRef constraints, Type type, ValueRange args) {
    return LLVM::InlineAsmOp::create(b, loc, type, args, text, constraints,
                                     /*has_side_effects=*/false,
                                     /*is_align_stack=*/false,
                                     LLVM::tailcallkind::TailCallKind::None,
                                     LLVM::AsmDialectAttr(), ArrayAttr())
        .getResult(0);
  }

  /// A call of a libdevice function, declared in the enclosing module on
  /// first use.
  Value callLibdevice(StringRef name, Type type, ValueRange args) {
    Operation *symbolTable = b.getInsertionBlock()
                                 ->getParentOp()
                                 ->getParentWithTrait<OpTrait::SymbolTable>();
    auto function = dyn_cast_or_null<LLVM::LLVMFuncOp>(
        SymbolTable::lookupSymbolIn(symbolTable, name));
    if (!function) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&symbolTable->getRegion(0).front());
      function = LLVM::LLVMFuncOp::create(
          b, loc, name,
          LLVM::LLVMFunctionType::get(type, llvm::to_vector(args.getTypes())));
    }
    return LLVM::CallOp::create(b, loc, function, args).getResult();
  }

  bool supports(InstrFamily family) const {
    return targetspec::targetSupports(target, family);
  }

  Type f16() { return b.getF16Type(); }
  Type bf16() { return b.getBF16Type(); }
  Type f32() { return b.getF32Type(); }
  Type f64() { return b.getF64Type(); }
  Type i16() { return b.getI16Type(); }
  Type i32() { return b.getI32Type(); }

  Value ext(Value value, Type to) {
    if (value.getType() == to)
      return value;
    return LLVM::FPExtOp::create(b, loc, to, value);
  }
  Value trunc(Value value, Type to) {
    if (value.getType() == to)
      return value;
    return LLVM::FPTruncOp::create(b, loc, to, value);
  }
  Value bitcast(Value value, Type to) {
    return LLVM::BitcastOp::create(b, loc, to, value);
  }
  Value intConst(Type type, int64_t value) {
    return intConstant(b, loc, type, value);
  }
  Value floatConst(Type type, double value) {
    return LLVM::ConstantOp::create(b, loc, type, b.getFloatAttr(type, value));
  }
  Value select(Value condition, Value onTrue, Value onFalse) {
    return LLVM::SelectOp::create(b, loc, condition, onTrue, onFalse);
  }
  Value isNaN(Value value) {
    return LLVM::FCmpOp::create(b, loc, LLVM::FCmpPredicate::uno, value, value,
                                flags);
  }

  static StringRef modeName(nv::RoundingMode mode) {
    return nv::stringifyRoundingMode(mode);
  }
  /// The type suffix of the non-overloaded NVVM float intrinsics.
  static StringRef suffix(Type type) { return type.isF64() ? "d" : "f"; }

  //===--- arithmetic -----------------------------------------------------===//

  /// The .ftz form of an f32 NVVM intrinsic (no mode: round to nearest);
  /// LLVM has no flush-to-zero flag on its own float operations.
  Value ftzIntrinsic(StringRef op, std::optional<nv::RoundingMode> mode,
                     ValueRange args) {
    nv::RoundingMode m = mode.value_or(nv::RoundingMode::rn);
    std::string name = ("llvm.nvvm." + op + "." + modeName(m) + ".ftz").str();
    if (m != nv::RoundingMode::full) // div.full.ftz has no type suffix
      name += ".f";
    return intrinsic(name, f32(), args);
  }
  bool useFtz(Type type) const { return ftz && type.isF32(); }

  Value binary(BinaryKind kind, Value lhs, Value rhs,
               std::optional<nv::RoundingMode> mode) {
    Type type = lhs.getType();
    if (useFtz(type)) {
      if (kind == BinaryKind::Sub)
        rhs = LLVM::FNegOp::create(b, loc, rhs);
      StringRef op = kind == BinaryKind::Mul   ? "mul"
                     : kind == BinaryKind::Div ? "div"
                                               : "add";
      return ftzIntrinsic(op, mode, {lhs, rhs});
    }
    if (!mode) {
      switch (kind) {
      case BinaryKind::Add:
        return LLVM::FAddOp::create(b, loc, lhs, rhs, fastmath);
      case BinaryKind::Sub:
        return LLVM::FSubOp::create(b, loc, lhs, rhs, fastmath);
      case BinaryKind::Mul:
        return LLVM::FMulOp::create(b, loc, lhs, rhs, fastmath);
      case BinaryKind::Div:
        return LLVM::FDivOp::create(b, loc, lhs, rhs, fastmath);
      }
    }
    if (isNarrowFloat(type)) {
      // Both operands are exact in f32. Rounding the f32 result once more
      // gives the correctly rounded narrow result: for rn because f32 has
      // more than 2p+2 bits for p = 11 (f16) and 8 (bf16), for rz/rm/rp
      // because directed roundings onto nested grids compose.
      Value wide = binary(kind, ext(lhs, f32()), ext(rhs, f32()), mode);
      return narrowFromF32(wide, type,
                           isIEEEMode(*mode) ? mode : nv::RoundingMode::rn);
    }
    if (kind == BinaryKind::Sub) {
      // a - b == a + (-b) exactly, in every rounding mode.
      rhs = LLVM::FNegOp::create(b, loc, rhs);
      kind = BinaryKind::Add;
    }
    if (*mode == nv::RoundingMode::approx)
      return intrinsic("llvm.nvvm.div.approx.f", type, {lhs, rhs});
    if (*mode == nv::RoundingMode::full)
      return intrinsic("llvm.nvvm.div.full", type, {lhs, rhs});
    StringRef op = kind == BinaryKind::Add   ? "add"
                   : kind == BinaryKind::Mul ? "mul"
                                             : "div";
    return intrinsic(
        ("llvm.nvvm." + op + "." + modeName(*mode) + "." + suffix(type)).str(),
        type, {lhs, rhs});
  }

  Value fma(Value x, Value y, Value z, std::optional<nv::RoundingMode> mode) {
    Type type = x.getType();
    if (useFtz(type))
      return ftzIntrinsic("fma", mode, {x, y, z});
    bool nearest = !mode || *mode == nv::RoundingMode::rn;
    if (type.isBF16() && nearest && !supports(InstrFamily::Bf16Arithmetic))
      return bf16FmaByRoundToOdd(x, y, z);
    if (!mode)
      return LLVM::FMAOp::create(b, loc, x, y, z, fastmath);
    if (nearest && type.isF16())
      return intrinsic("llvm.nvvm.fma.rn.f16", type, {x, y, z});
    if (nearest && type.isBF16())
      return intrinsic("llvm.nvvm.fma.rn.bf16", type, {x, y, z});
    if (isNarrowFloat(type)) {
      // x * y is exact in f32 and f32's fma rounds once; a directed rounding
      // of that onto the narrow grid is the directed rounding of x * y + z.
      Value wide = fma(ext(x, f32()), ext(y, f32()), ext(z, f32()), mode);
      return narrowFromF32(wide, type, mode);
    }
    return intrinsic(
        ("llvm.nvvm.fma." + modeName(*mode) + "." + suffix(type)).str(), type,
        {x, y, z});
  }

  /// A correctly rounded bf16 fma without bf16 fma hardware (sm_75): the
  /// f32 fma rounded to odd (truncate, then set the last bit when inexact)
  /// rounds correctly to bf16, since f32 has at least 2 more bits.
  Value bf16FmaByRoundToOdd(Value x, Value y, Value z) {
    SmallVector<Value> wide = {ext(x, f32()), ext(y, f32()), ext(z, f32())};
    Value down = intrinsic("llvm.nvvm.fma.rm.f", f32(), wide);
    Value up = intrinsic("llvm.nvvm.fma.rp.f", f32(), wide);
    Value truncated = intrinsic("llvm.nvvm.fma.rz.f", f32(), wide);
    Value inexact =
        LLVM::FCmpOp::create(b, loc, LLVM::FCmpPredicate::une, down, up);
    Value odd = bitcast(LLVM::OrOp::create(b, loc, bitcast(truncated, i32()),
                                           intConst(i32(), 1)),
                        f32());
    return trunc(select(inexact, odd, truncated), bf16());
  }

  Value sqrt(Value value, std::optional<nv::RoundingMode> mode) {
    Type type = value.getType();
    if (useFtz(type))
      return ftzIntrinsic("sqrt", mode, value);
    if (!mode)
      return LLVM::SqrtOp::create(b, loc, value, fastmath);
    if (isNarrowFloat(type)) {
      Value wide = sqrt(ext(value, f32()), mode);
      return narrowFromF32(wide, type,
                           isIEEEMode(*mode) ? mode : nv::RoundingMode::rn);
    }
    if (*mode == nv::RoundingMode::approx)
      return intrinsic("llvm.nvvm.sqrt.approx.f", type, value);
    return intrinsic(
        ("llvm.nvvm.sqrt." + modeName(*mode) + "." + suffix(type)).str(), type,
        value);
  }

  Value rsqrt(Value value, std::optional<nv::RoundingMode> mode) {
    Type type = value.getType();
    if (useFtz(type) && mode)
      return ftzIntrinsic("rsqrt", mode, value);
    if (useFtz(type))
      return ftzIntrinsic("div", {}, {floatConst(type, 1.0), sqrt(value, {})});
    if (isNarrowFloat(type))
      return trunc(rsqrt(ext(value, f32()), mode), type);
    if (mode && *mode == nv::RoundingMode::approx)
      return intrinsic(("llvm.nvvm.rsqrt.approx." + suffix(type)).str(), type,
                       value);
    // Two correctly rounded steps: within 1.5 ulp.
    Value root = LLVM::SqrtOp::create(b, loc, value, fastmath);
    return LLVM::FDivOp::create(b, loc, floatConst(type, 1.0), root, fastmath);
  }

  Value exp2(Value value, std::optional<nv::RoundingMode> mode) {
    Type type = value.getType();
    if (useFtz(type)) // ex2.approx is also the f32 exp2 without a mode
      return ftzIntrinsic("ex2", nv::RoundingMode::approx, value);
    bool approx = mode && *mode == nv::RoundingMode::approx;
    if (type.isF64()) {
      // No f64 hardware approximation: libdevice's correctly rounded
      // __nv_exp2 (linked in by the code generator).
      return callLibdevice("__nv_exp2", type, value);
    }
    if (approx && type.isF16() && supports(InstrFamily::HalfMath))
      return intrinsic("llvm.nvvm.ex2.approx.f16", type, value);
    if (approx && type.isBF16() && supports(InstrFamily::Bf16MathHopper))
      return intrinsic("llvm.nvvm.ex2.approx.ftz.bf16", type, value);
    if (isNarrowFloat(type))
      return trunc(exp2(ext(value, f32()), mode), type);
    if (approx)
      return intrinsic("llvm.nvvm.ex2.approx.f32", type, value);
    // llvm.exp2.f32 is ex2.approx.f32 on NVPTX (at most 2 ulp).
    return LLVM::Exp2Op::create(b, loc, value, fastmath);
  }

  /// min(max(x, lo), hi) with a NaN x passed through. NaN bounds are
  /// ignored (maxnum/minnum semantics); lo > hi gives hi.
  Value clamp(Value x, Value lo, Value hi) {
    Value low = LLVM::MaxNumOp::create(b, loc, x, lo, fastmath);
    Value both = LLVM::MinNumOp::create(b, loc, low, hi, fastmath);
    return select(isNaN(x), x, both);
  }

  //===--- conversions ----------------------------------------------------===//

  /// f32 -> f16 or bf16 with a rounding mode (rn when absent).
  Value narrowFromF32(Value value, Type to,
                      std::optional<nv::RoundingMode> mode) {
    if (!mode || *mode == nv::RoundingMode::rn)
      return trunc(value, to);
    assert(isDirected(*mode) && "narrowing takes an IEEE rounding mode");
    bool hasCvt = supports(InstrFamily::AmpereConversion);
    if (to.isF16()) {
      if (*mode == nv::RoundingMode::rz && hasCvt)
        return intrinsic("llvm.nvvm.f2f16.rz", to, value);
      // cvt.{rz,rm,rp}.f16.f32 exists on every chip, without an intrinsic.
      return bitcast(ptx(("cvt." + modeName(*mode) + ".f16.f32 $0, $1;").str(),
                         "=h,f", i16(), value),
                     to);
    }
    assert(to.isBF16() && "narrowing to f16 or bf16");
    if (*mode == nv::RoundingMode::rz && hasCvt)
      return intrinsic("llvm.nvvm.f2bf16.rz", to, value);
    if (target.sm >= 90)
      return bitcast(ptx(("cvt." + modeName(*mode) + ".bf16.f32 $0, $1;").str(),
                         "=h,f", i16(), value),
                     to);
    return bf16DirectedBySoftware(value, *mode);
  }

  /// Directed rounding f32 -> bf16 on the bits: drop the low half, and
  /// step the magnitude up by one when bits were lost and the direction
  /// points away from zero. NaNs stay (quiet) NaNs.
  Value bf16DirectedBySoftware(Value value, nv::RoundingMode mode) {
    Value bits = bitcast(value, i32());
    Value high = LLVM::TruncOp::create(
        b, loc, i16(),
        LLVM::LShrOp::create(b, loc, bits, intConst(i32(), 16)).getResult());
    Value result = high;
    if (mode != nv::RoundingMode::rz) {
      Value lost = LLVM::ICmpOp::create(
          b, loc, LLVM::ICmpPredicate::ne,
          LLVM::AndOp::create(b, loc, bits, intConst(i32(), 0xffff)),
          intConst(i32(), 0));
      Value negative = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::slt,
                                            bits, intConst(i32(), 0));
      Value awayFromZero = mode == nv::RoundingMode::rm
                               ? negative
                               : LLVM::XOrOp::create(b, loc, negative,
                                                     intConst(b.getI1Type(), 1))
                                     .getResult();
      Value step = LLVM::ZExtOp::create(
          b, loc, i16(), LLVM::AndOp::create(b, loc, lost, awayFromZero));
      result = LLVM::AddOp::create(b, loc, high, step);
    }
    Value quietNaN = LLVM::OrOp::create(b, loc, high, intConst(i16(), 0x0040));
    return bitcast(select(isNaN(value), quietNaN, result), bf16());
  }

  /// f32 -> tf32 (kept in an f32 whose low 13 mantissa bits are zero).
  /// Without a mode: round to nearest, ties away (cvt.rna.tf32.f32), the
  /// conversion tensor-core code uses.
  Value toTF32(Value value, std::optional<nv::RoundingMode> mode) {
    if (!mode && supports(InstrFamily::AmpereConversion))
      return bitcast(intrinsic("llvm.nvvm.f2tf32.rna", i32(), value), f32());
    if (mode &&
        (*mode == nv::RoundingMode::rn || *mode == nv::RoundingMode::rz) &&
        supports(InstrFamily::CvtPackFloat))
      return bitcast(intrinsic(("llvm.nvvm.f2tf32." + modeName(*mode)).str(),
                               i32(), value),
                     f32());
    return tf32BySoftware(value, mode);
  }

  Value tf32BySoftware(Value value, std::optional<nv::RoundingMode> mode) {
    Value bits = bitcast(value, i32());
    Value low = intConst(i32(), 0x1fff);
    Value keep = intConst(i32(), ~int64_t(0x1fff));
    auto add = [&](Value x, Value y) {
      return LLVM::AddOp::create(b, loc, x, y).getResult();
    };
    auto mask = [&](Value x) {
      return LLVM::AndOp::create(b, loc, x, keep).getResult();
    };
    Value result;
    if (!mode) {
      result = mask(add(bits, intConst(i32(), 0x1000)));
    } else if (*mode == nv::RoundingMode::rn) {
      // Ties to even: add just under half an ulp, plus the kept lsb.
      Value lsb = LLVM::AndOp::create(
          b, loc, LLVM::LShrOp::create(b, loc, bits, intConst(i32(), 13)),
          intConst(i32(), 1));
      result = mask(add(add(bits, intConst(i32(), 0xfff)), lsb));
    } else if (*mode == nv::RoundingMode::rz) {
      result = mask(bits);
    } else {
      Value lost = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne,
                                        LLVM::AndOp::create(b, loc, bits, low),
                                        intConst(i32(), 0));
      Value negative = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::slt,
                                            bits, intConst(i32(), 0));
      Value awayFromZero = *mode == nv::RoundingMode::rm
                               ? negative
                               : LLVM::XOrOp::create(b, loc, negative,
                                                     intConst(b.getI1Type(), 1))
                                     .getResult();
      Value step = select(LLVM::AndOp::create(b, loc, lost, awayFromZero),
                          intConst(i32(), 0x2000), intConst(i32(), 0));
      result = add(mask(bits), step);
    }
    Value quietNaN =
        LLVM::OrOp::create(b, loc, mask(bits), intConst(i32(), 0x00400000));
    return bitcast(select(isNaN(value), quietNaN, result), f32());
  }

  /// f64 -> f32 rounded to odd: a later round-to-nearest onto any format of
  /// at most 22 significant bits is then correctly rounded.
  Value f64ToF32RoundToOdd(Value value) {
    Value truncated = intrinsic("llvm.nvvm.d2f.rz", f32(), value);
    Value inexact = LLVM::FCmpOp::create(b, loc, LLVM::FCmpPredicate::une,
                                         ext(truncated, f64()), value);
    Value odd = bitcast(LLVM::OrOp::create(b, loc, bitcast(truncated, i32()),
                                           intConst(i32(), 1)),
                        f32());
    return select(inexact, odd, truncated);
  }

  Value f64ToF32(Value value, std::optional<nv::RoundingMode> mode) {
    if (!mode || *mode == nv::RoundingMode::rn)
      return trunc(value, f32());
    return intrinsic(("llvm.nvvm.d2f." + modeName(*mode)).str(), f32(), value);
  }

  /// One element between f16, bf16, f32, f64 and tf32 (`from`/`to` are the
  /// nv_tileaa element types; tf32 travels as f32).
  Value convert(Value value, Type from, Type to,
                std::optional<nv::RoundingMode> mode) {
    if (isa<FloatTF32Type>(from))
      from = f32();
    if (from == to)
      return value;
    if (isa<FloatTF32Type>(to)) {
      // f16 and bf16 values are exact in tf32.
      if (isNarrowFloat(from))
        return ext(value, f32());
      if (from.isF64())
        value = mode && isDirected(*mode) ? f64ToF32(value, mode)
                                          : f64ToF32RoundToOdd(value);
      return toTF32(value, mode);
    }
    if (to.isF64())
      return ext(value, to);
    if (to.isF32())
      return from.isF64() ? f64ToF32(value, mode) : ext(value, to);
    assert(isNarrowFloat(to) && "unexpected conversion target");
    if (from.isF64()) {
      // cvt.rn.{f16,bf16}.f64 or LLVM's round-to-odd expansion of it.
      if (!mode || *mode == nv::RoundingMode::rn)
        return trunc(value, to);
      return narrowFromF32(f64ToF32(value, mode), to, mode);
    }
    return narrowFromF32(ext(value, f32()), to, mode);
  }

private:
  OpBuilder &b;
  Location loc;
  const targetspec::Target &target;
  LLVM::FastmathFlags flags;
  LLVM::FastmathFlagsAttr fastmath;
};

//===----------------------------------------------------------------------===//
// Element-by-element patterns
//===----------------------------------------------------------------------===//

/// The elements of every operand; scalar operands are repeated for every
/// register.
SmallVector<SmallVector<Value>> unpackOperands(OpBuilder &builder, Location loc,
                                               ValueRange operands,
                                               unsigned count) {
  SmallVector<SmallVector<Value>> result;
  for (Value operand : operands) {
    SmallVector<Value> elements = unpackTile(builder, loc, operand);
    if (elements.size() == 1 && count > 1)
      elements.assign(count, elements.front());
    result.push_back(std::move(elements));
  }
  return result;
}

Value lowerElement(FloatBuilder &fb, nv::AddFOp op, ArrayRef<Value> x) {
  return fb.binary(BinaryKind::Add, x[0], x[1], op.getRoundingMode());
}
Value lowerElement(FloatBuilder &fb, nv::SubFOp op, ArrayRef<Value> x) {
  return fb.binary(BinaryKind::Sub, x[0], x[1], op.getRoundingMode());
}
Value lowerElement(FloatBuilder &fb, nv::MulFOp op, ArrayRef<Value> x) {
  return fb.binary(BinaryKind::Mul, x[0], x[1], op.getRoundingMode());
}
Value lowerElement(FloatBuilder &fb, nv::DivFOp op, ArrayRef<Value> x) {
  return fb.binary(BinaryKind::Div, x[0], x[1], op.getRoundingMode());
}
Value lowerElement(FloatBuilder &fb, nv::FmaOp op, ArrayRef<Value> x) {
  return fb.fma(x[0], x[1], x[2], op.getRoundingMode());
}
Value lowerElement(FloatBuilder &fb, nv::SqrtOp op, ArrayRef<Value> x) {
  return fb.sqrt(x[0], op.getRoundingMode());
}
Value lowerElement(FloatBuilder &fb, nv::RsqrtOp op, ArrayRef<Value> x) {
  return fb.rsqrt(x[0], op.getRoundingMode());
}
Value lowerElement(FloatBuilder &fb, nv::Exp2Op op, ArrayRef<Value> x) {
  return fb.exp2(x[0], op.getRoundingMode());
}
Value lowerElement(FloatBuilder &fb, nv::ClampFOp, ArrayRef<Value> x) {
  return fb.clamp(x[0], x[1], x[2]);
}

/// The nv_tileaa float ops: same type for every operand and the result
/// (the verifier guarantees it, encodings included).
template <typename OpTy>
struct FloatOpLowering : public ConvertOpToLLVMPattern<OpTy> {
  FloatOpLowering(TileTypeConverter &converter, LoweringState &state)
      : ConvertOpToLLVMPattern<OpTy>(converter), state(state) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type resultType = this->getTypeConverter()->convertType(op.getType());
    unsigned count = getElementsPerThread(op.getType());
    auto operands = unpackOperands(rewriter, loc, adaptor.getOperands(), count);
    FloatBuilder fb(rewriter, loc, state.target,
                    toLLVMFastmath(op.getFastmath()));
    fb.ftz = op->hasAttr("ftz");
    SmallVector<Value> results;
    SmallVector<Value> element;
    for (unsigned i = 0; i < count; ++i) {
      element.clear();
      for (auto &values : operands)
        element.push_back(values[i]);
      results.push_back(lowerElement(fb, op, element));
    }
    rewriter.replaceOp(op, packTile(rewriter, loc, resultType, results));
    return success();
  }

  LoweringState &state;
};

/// mulhiui: zero-extend to twice the width, multiply, keep the high half
/// (mul.hi.u32 / mul.hi.u64 after instruction selection).
struct MulHiUILowering : public ConvertOpToLLVMPattern<nv::MulHiUIOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(nv::MulHiUIOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type resultType = getTypeConverter()->convertType(op.getType());
    Type elementType = getElementTypeOrSelf(op.getType());
    unsigned width = elementType.getIntOrFloatBitWidth();
    Type wide = rewriter.getIntegerType(2 * width);
    unsigned count = getElementsPerThread(op.getType());
    auto operands = unpackOperands(rewriter, loc, adaptor.getOperands(), count);
    SmallVector<Value> results;
    for (unsigned i = 0; i < count; ++i) {
      Value lhs = LLVM::ZExtOp::create(rewriter, loc, wide, operands[0][i]);
      Value rhs = LLVM::ZExtOp::create(rewriter, loc, wide, operands[1][i]);
      Value product = LLVM::MulOp::create(rewriter, loc, lhs, rhs);
      Value high = LLVM::LShrOp::create(
          rewriter, loc, product, intConstant(rewriter, loc, wide, width));
      results.push_back(
          LLVM::TruncOp::create(rewriter, loc, elementType, high));
    }
    rewriter.replaceOp(op, packTile(rewriter, loc, resultType, results));
    return success();
  }
};

/// Scalar math.ipowi, which no upstream pattern lowers: square-and-multiply
/// unrolled over the exponent bits (no branches). A negative exponent gives
/// 1 for base 1, +-1 for base -1 and 0 otherwise (integer 1 / b^-p; base 0
/// is undefined, 0 here).
struct ScalarIPowILowering : public ConvertOpToLLVMPattern<math::IPowIOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(math::IPowIOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<IntegerType>(op.getType());
    if (!type)
      return failure();
    Location loc = op.getLoc();
    unsigned width = type.getWidth();
    auto constant = [&](int64_t value) {
      return intConstant(rewriter, loc, type, value);
    };
    auto equals = [&](Value x, int64_t value) {
      return LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq, x,
                                  constant(value))
          .getResult();
    };
    Value base = adaptor.getLhs(), power = adaptor.getRhs();
    Value one = constant(1);
    Value result = one, square = base;
    for (unsigned bit = 0; bit + 1 < width; ++bit) {
      Value set = LLVM::TruncOp::create(
          rewriter, loc, rewriter.getI1Type(),
          LLVM::LShrOp::create(rewriter, loc, power, constant(bit)));
      Value product = LLVM::MulOp::create(rewriter, loc, result, square);
      result = LLVM::SelectOp::create(rewriter, loc, set, product, result);
      if (bit + 2 < width)
        square = LLVM::MulOp::create(rewriter, loc, square, square);
    }
    // Negative powers.
    Value odd =
        LLVM::TruncOp::create(rewriter, loc, rewriter.getI1Type(), power);
    Value minusOne =
        LLVM::SelectOp::create(rewriter, loc, odd, constant(-1), one);
    Value inverse = LLVM::SelectOp::create(
        rewriter, loc, equals(base, 1), one,
        LLVM::SelectOp::create(rewriter, loc, equals(base, -1), minusOne,
                               constant(0)));
    Value negative = LLVM::ICmpOp::create(
        rewriter, loc, LLVM::ICmpPredicate::slt, power, constant(0));
    rewriter.replaceOp(
        op, LLVM::SelectOp::create(rewriter, loc, negative, inverse, result));
    return success();
  }
};

/// Checks that every tile among `types` has the same layout as the first;
/// layout assignment guarantees it for elementwise ops.
LogicalResult checkSameLayouts(Operation *op, TypeRange types) {
  std::optional<layout::LinearLayout> first;
  Type firstType;
  for (Type type : types) {
    auto tile = dyn_cast<RankedTensorType>(type);
    if (!tile)
      continue;
    layout::LinearLayout current = getLayout(tile);
    if (!first) {
      first = current;
      firstType = type;
      continue;
    }
    if (current != *first)
      return op->emitOpError()
             << "has tiles in different layouts (" << firstType << " and "
             << type
             << "); elementwise ops need one layout for all their tiles "
                "(run tileaa-assign-layouts)";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// fp_to_fp
//===----------------------------------------------------------------------===//

bool isFp8(Type type) { return isa<Float8E4M3FNType, Float8E5M2Type>(type); }

/// "e4m3x2" / "e5m2x2": the intrinsic name part of an FP8 format.
StringRef fp8Name(Type type) {
  return isa<Float8E4M3FNType>(type) ? "e4m3x2" : "e5m2x2";
}

struct FpToFpLowering : public ConvertOpToLLVMPattern<nv::FpToFpOp> {
  FpToFpLowering(TileTypeConverter &converter, LoweringState &state)
      : ConvertOpToLLVMPattern(converter), state(state) {}

  LogicalResult
  matchAndRewrite(nv::FpToFpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type from = getElementTypeOrSelf(op.getSrc().getType());
    Type to = getElementTypeOrSelf(op.getType());
    if (failed(checkSameLayouts(op, {op.getSrc().getType(), op.getType()})))
      return failure();
    bool hasCvtF8 =
        targetspec::targetSupports(state.target, InstrFamily::Fp8Conversion);
    // Widening needs no instruction (Fp8Decode.cpp); rounding to FP8 does.
    if (isFp8(to) && !hasCvtF8)
      return op.emitOpError() << "cannot convert " << from << " to " << to
                              << " on " << state.target.name() << ": "
                              << targetspec::unsupportedFamilyMessage(
                                     state.target, InstrFamily::Fp8Conversion);

    Type resultType = getTypeConverter()->convertType(op.getType());
    std::optional<nv::RoundingMode> mode = op.getRoundingMode();
    FloatBuilder fb(rewriter, loc, state.target);
    SmallVector<Value> elements = unpackTile(rewriter, loc, adaptor.getSrc());

    // FP8 sources become f16 first (exact: both formats fit in f16), or
    // f32 with integer ops before sm_89.
    if (isFp8(from) && hasCvtF8) {
      elements = fp8ToF16(fb, loc, elements, from);
      from = fb.f16();
    } else if (isFp8(from)) {
      for (Value &element : elements)
        element = fp8ToF32Software(rewriter, loc, element, from);
      from = fb.f32();
    }
    if (isFp8(to)) {
      if (!from.isF16()) {
        // Into f32, rounded to odd from f64, so that the FP8 conversion
        // (round to nearest) rounds only once.
        for (Value &element : elements)
          element = from.isF64() ? fb.f64ToF32RoundToOdd(element)
                                 : fb.convert(element, from, fb.f32(), {});
      }
      elements = toFp8(fb, loc, elements, from.isF16(), to);
    } else {
      for (Value &element : elements)
        element = fb.convert(element, from, to, mode);
    }
    rewriter.replaceOp(op, packTile(rewriter, loc, resultType, elements));
    return success();
  }

  /// Pairs of FP8 bytes -> pairs of f16 (cvt.rn.f16x2.e4m3x2 / .e5m2x2).
  static SmallVector<Value> fp8ToF16(FloatBuilder &fb, Location loc,
                                     ArrayRef<Value> bytes, Type format) {
    OpBuilder &b = fb.builder();
    Type i16 = fb.i16();
    auto pairType = VectorType::get({2}, fb.f16());
    std::string name = ("llvm.nvvm." + fp8Name(format) + ".to.f16x2.rn").str();
    SmallVector<Value> result;
    for (unsigned i = 0; i < bytes.size(); i += 2) {
      // The first element of a pair is the low byte.
      Value packed = LLVM::ZExtOp::create(b, loc, i16, bytes[i]);
      if (i + 1 < bytes.size()) {
        Value high = LLVM::ShlOp::create(
            b, loc, LLVM::ZExtOp::create(b, loc, i16, bytes[i + 1]),
            fb.intConst(i16, 8));
        packed = LLVM::OrOp::create(b, loc, packed, high);
      }
      Value pair = fb.intrinsic(name, pairType, packed);
      for (unsigned j = 0; j < 2 && i + j < bytes.size(); ++j)
        result.push_back(LLVM::ExtractElementOp::create(
            b, loc, pair, fb.intConst(fb.i32(), j)));
    }
    return result;
  }

  /// Pairs of f16 or f32 -> pairs of FP8 bytes, rounded to nearest and
  /// saturated to the largest finite value (cvt.rn.satfinite.e4m3x2.f32,
  /// cvt.rn.satfinite.e4m3x2.f16x2 and the e5m2 forms).
  static SmallVector<Value> toFp8(FloatBuilder &fb, Location loc,
                                  ArrayRef<Value> values, bool fromF16,
                                  Type format) {
    OpBuilder &b = fb.builder();
    Type i8 = b.getI8Type();
    Type i16 = fb.i16();
    Type sourceType = fromF16 ? fb.f16() : fb.f32();
    std::string name = ("llvm.nvvm." + StringRef(fromF16 ? "f16x2" : "ff") +
                        ".to." + fp8Name(format) + ".rn")
                           .str();
    SmallVector<Value> result;
    for (unsigned i = 0; i < values.size(); i += 2) {
      Value low = values[i];
      Value high = i + 1 < values.size() ? values[i + 1]
                                         : fb.floatConst(sourceType, 0.0);
      Value packed;
      if (fromF16) {
        // Element 0 of the f16x2 goes to the low byte.
        Value pair =
            LLVM::UndefOp::create(b, loc, VectorType::get({2}, sourceType));
        pair = LLVM::InsertElementOp::create(b, loc, pair, low,
                                             fb.intConst(fb.i32(), 0));
        pair = LLVM::InsertElementOp::create(b, loc, pair, high,
                                             fb.intConst(fb.i32(), 1));
        packed = fb.intrinsic(name, i16, pair);
      } else {
        // The first f32 operand goes to the high byte.
        packed = fb.intrinsic(name, i16, {high, low});
      }
      result.push_back(LLVM::TruncOp::create(b, loc, i8, packed));
      if (i + 1 < values.size())
        result.push_back(LLVM::TruncOp::create(
            b, loc, i8,
            LLVM::LShrOp::create(b, loc, packed, fb.intConst(i16, 8))
                .getResult()));
    }
    return result;
  }

  LoweringState &state;
};

//===----------------------------------------------------------------------===//
// Upstream arith and math ops on tiles
//===----------------------------------------------------------------------===//

/// Re-creates an arith or math op with tile operands once per register, on
/// scalars. The scalar ops are illegal too, so the same conversion lowers
/// them with the upstream patterns (arith-to-llvm, math-to-llvm, libdevice).
/// Runs before those patterns, which would otherwise produce LLVM ops on
/// struct types.
struct TileArithMathLowering : public ConversionPattern {
  static constexpr unsigned kBenefit = 100;

  TileArithMathLowering(TileTypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), kBenefit, context) {}

  static bool hasTiles(Operation *op) {
    auto isTile = [](Type type) { return isa<RankedTensorType>(type); };
    return llvm::any_of(op->getOperandTypes(), isTile) ||
           llvm::any_of(op->getResultTypes(), isTile);
  }

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa_and_nonnull<arith::ArithDialect, math::MathDialect>(
            op->getDialect()) ||
        isa<arith::ConstantOp>(op) || op->getNumRegions() != 0 || !hasTiles(op))
      return failure();
    SmallVector<Type> types(op->getOperandTypes());
    llvm::append_range(types, op->getResultTypes());
    if (failed(checkSameLayouts(op, types)))
      return failure();
    // A bitcast between types held alike in registers (i8 <-> FP8 bytes)
    // changes nothing.
    if (isa<arith::BitcastOp>(op) &&
        getTypeConverter()->convertType(op->getResultTypes()[0]) ==
            operands[0].getType()) {
      rewriter.replaceOp(op, operands[0]);
      return success();
    }
    for (Type type : types) {
      Type element = getElementTypeOrSelf(type);
      if (nv::isScaleType(element))
        return op->emitOpError()
               << "on tiles of " << element
               << " (dot_scaled scales) is not supported; arith.bitcast them "
                  "to i8 first";
      if (isFp8(element) || isa<FloatTF32Type>(element))
        return op->emitOpError()
               << "on tiles of " << element
               << " is not supported; convert them with nv_tileaa.fp_to_fp "
                  "first";
    }

    auto *converter =
        static_cast<const TileTypeConverter *>(getTypeConverter());
    Location loc = op->getLoc();
    unsigned count = 1;
    for (Type type : types)
      count = std::max(count, getElementsPerThread(type));
    SmallVector<Type> scalarResults;
    SmallVector<Type> resultTypes;
    for (Type type : op->getResultTypes()) {
      scalarResults.push_back(
          converter->convertElementType(getElementTypeOrSelf(type)));
      resultTypes.push_back(converter->convertType(type));
    }

    auto elements = unpackOperands(rewriter, loc, operands, count);
    SmallVector<SmallVector<Value>> results(op->getNumResults());
    for (unsigned i = 0; i < count; ++i) {
      OperationState state(loc, op->getName());
      for (auto &values : elements)
        state.addOperands(values[i]);
      state.addTypes(scalarResults);
      // Inherent attributes (predicates, fast-math flags, ...) and
      // discardable ones alike.
      state.addAttributes(op->getAttrs());
      Operation *scalar = rewriter.create(state);
      for (auto [index, result] : llvm::enumerate(scalar->getResults()))
        results[index].push_back(result);
    }
    SmallVector<Value> replacements;
    for (auto [type, values] : llvm::zip(resultTypes, results))
      replacements.push_back(packTile(rewriter, loc, type, values));
    rewriter.replaceOp(op, replacements);
    return success();
  }
};

/// arith.constant with a tile value. Splats and constants whose every
/// register holds one value in all threads become per-register LLVM
/// constants; anything else is a read-only global indexed by each
/// register's row-major position.
struct TileConstantLowering : public ConvertOpToLLVMPattern<arith::ConstantOp> {
  TileConstantLowering(TileTypeConverter &converter)
      : ConvertOpToLLVMPattern(converter, TileArithMathLowering::kBenefit) {}

  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto tile = dyn_cast<RankedTensorType>(op.getType());
    if (!tile)
      return failure();
    auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!dense)
      return op.emitOpError()
             << "tile constants must be dense elements, got " << op.getValue();
    auto *converter =
        static_cast<const TileTypeConverter *>(getTypeConverter());
    Location loc = op.getLoc();
    Type elementType = tile.getElementType();
    Type llvmElement = converter->convertElementType(elementType);
    Type resultType = converter->convertType(tile);
    layout::LinearLayout layout = getLayout(tile);
    unsigned registers = layout.getNumRegisters();

    if (dense.isSplat()) {
      Value value = scalarConstant(
          rewriter, loc, dense.getSplatValue<Attribute>(), llvmElement);
      SmallVector<Value> elements(registers, value);
      rewriter.replaceOp(op, packTile(rewriter, loc, resultType, elements));
      return success();
    }

    SmallVector<Attribute> values(dense.getValues<Attribute>());
    if (auto perRegister = registerValues(layout, values)) {
      SmallVector<Value> elements;
      llvm::DenseMap<Attribute, Value> made;
      for (Attribute value : *perRegister) {
        Value &constant = made[value];
        if (!constant)
          constant = scalarConstant(rewriter, loc, value, llvmElement);
        elements.push_back(constant);
      }
      rewriter.replaceOp(op, packTile(rewriter, loc, resultType, elements));
      return success();
    }

    // A table in global memory, one stored element per tile element.
    Type storedType =
        elementType.isInteger(1) ? rewriter.getI8Type() : llvmElement;
    SmallVector<Attribute> stored;
    for (Attribute value : values)
      stored.push_back(storedAttr(value, storedType));
    auto tableType =
        RankedTensorType::get({int64_t(values.size())}, storedType);
    auto table = DenseElementsAttr::get(tableType, stored);
    Operation *symbolTable = op->getParentWithTrait<OpTrait::SymbolTable>();
    std::string name = uniqueName(symbolTable, "__tileiras_cst");
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(&symbolTable->getRegion(0).front());
      LLVM::GlobalOp::create(
          rewriter, loc, LLVM::LLVMArrayType::get(storedType, values.size()),
          /*isConstant=*/true, LLVM::Linkage::Internal, name, table,
          /*alignment=*/16, /*addrSpace=*/1);
    }
    auto pointerType = LLVM::LLVMPointerType::get(rewriter.getContext(), 1);
    Value base = LLVM::AddressOfOp::create(rewriter, loc, pointerType, name);
    SmallVector<Value> elements;
    for (Value index : emitLinearIndices(rewriter, loc, layout)) {
      Value address = LLVM::GEPOp::create(rewriter, loc, pointerType,
                                          storedType, base, index);
      Value element = LLVM::LoadOp::create(rewriter, loc, storedType, address);
      if (storedType != llvmElement)
        element = LLVM::TruncOp::create(rewriter, loc, llvmElement, element);
      elements.push_back(element);
    }
    rewriter.replaceOp(op, packTile(rewriter, loc, resultType, elements));
    return success();
  }

  /// The value of each register if it is the same in every thread.
  static std::optional<SmallVector<Attribute>>
  registerValues(const layout::LinearLayout &layout,
                 ArrayRef<Attribute> values) {
    llvm::ArrayRef<int64_t> shape = layout.getShape();
    auto linear = [&](const layout::Coord &coord) {
      int64_t index = 0;
      for (unsigned d = 0; d < shape.size(); ++d)
        index = index * shape[d] + coord[d];
      return index;
    };
    SmallVector<Attribute> result;
    for (unsigned reg = 0; reg < layout.getNumRegisters(); ++reg) {
      Attribute first = values[linear(layout.apply(reg, 0, 0))];
      for (unsigned warp = 0; warp < layout.getNumWarps(); ++warp)
        for (unsigned lane = 0; lane < layout.getNumLanes(); ++lane)
          if (values[linear(layout.apply(reg, lane, warp))] != first)
            return std::nullopt;
      result.push_back(first);
    }
    return result;
  }

  /// An element attribute as the attribute of its LLVM storage: FP8 as its
  /// bits, tf32 as the (exact) f32, i1 widened to a byte where asked.
  static Attribute storedAttr(Attribute value, Type storedType) {
    if (auto floatAttr = dyn_cast<FloatAttr>(value)) {
      APFloat apfloat = floatAttr.getValue();
      if (isa<IntegerType>(storedType))
        return IntegerAttr::get(storedType, apfloat.bitcastToAPInt());
      if (auto floatType = dyn_cast<FloatType>(storedType)) {
        bool losesInfo = false;
        apfloat.convert(floatType.getFloatSemantics(),
                        APFloat::rmNearestTiesToEven, &losesInfo);
        return FloatAttr::get(storedType, apfloat);
      }
    }
    auto intAttr = cast<IntegerAttr>(value);
    return IntegerAttr::get(
        storedType,
        intAttr.getValue().zextOrTrunc(storedType.getIntOrFloatBitWidth()));
  }

  static Value scalarConstant(OpBuilder &builder, Location loc, Attribute value,
                              Type llvmType) {
    return LLVM::ConstantOp::create(builder, loc, llvmType,
                                    storedAttr(value, llvmType));
  }

  static std::string uniqueName(Operation *symbolTable, StringRef base) {
    for (unsigned i = 0;; ++i) {
      std::string name = (base + "_" + Twine(i)).str();
      if (!SymbolTable::lookupSymbolIn(symbolTable, name))
        return name;
    }
  }
};

} // namespace

void lowering::populateElementwiseOpPatterns(TileTypeConverter &converter,
                                             RewritePatternSet &patterns,
                                             LoweringState &state) {
  patterns.add<FloatOpLowering<nv::AddFOp>, FloatOpLowering<nv::SubFOp>,
               FloatOpLowering<nv::MulFOp>, FloatOpLowering<nv::DivFOp>,
               FloatOpLowering<nv::FmaOp>, FloatOpLowering<nv::SqrtOp>,
               FloatOpLowering<nv::RsqrtOp>, FloatOpLowering<nv::Exp2Op>,
               FloatOpLowering<nv::ClampFOp>, FpToFpLowering>(converter, state);
  patterns.add<MulHiUILowering, TileConstantLowering, ScalarIPowILowering>(
      converter);
  patterns.add<TileArithMathLowering>(converter, patterns.getContext());
  // arith ops without an LLVM lowering of their own (ceildivsi, floordivsi,
  // ceildivui) become ones that have one, on scalars and per register.
  arith::populateCeilFloorDivExpandOpsPatterns(patterns);
}
