//===- DecomposeScaledDots.cpp - dot_scaled as a bf16 dot -----------------===//
//
// Where the target has no block-scaled instruction (tcgen05.mma on the
// sm_100a family, mma.sync on sm_120a/121a) or the tiles do not fit one,
// dot_scaled becomes
//   A' = bf16(f32(A) * f32(sa) broadcast over each block of V K elements)
//   B' = bf16(f32(B) * f32(sb) likewise)
//   D  = dot(A', B', C)
// Packed FP4 operands are unpacked (two nibbles per byte along K) and
// decoded to f32 first. A packed FP4 operand beside an FP8 one is native
// on sm_120a/f and sm_121a/f (mma.sync kind::mxf8f6f4): it is unpacked to
// one value a byte there and the dot kept. FP8 and FP4 values have at most 3
// mantissa bits and ue4m3 scales 3, so a scaled value has at most 5 significant
// bits and fits bf16's 8: A' and B' are exact unless a scaled value leaves
// bf16's exponent range; the products and sums are then those of a bf16 dot
// (f32 accumulation).
//
//===----------------------------------------------------------------------===//

#include "LayoutAssignment/MmaChoice.h"
#include "tileiras/Analysis/AxisInfo.h"
#include "tileiras/Dialect/NVTileAA/DotPath.h"
#include "tileiras/Dialect/NVTileAA/Fp4.h"
#include "tileiras/Passes/ModuleTarget.h"
#include "tileiras/Passes/Passes.h"
#include "tileiras/TargetSpec/InstructionFamily.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace tileiras {
#define GEN_PASS_DEF_DECOMPOSESCALEDDOTS
#include "tileiras/Passes/Passes.h.inc"
} // namespace tileiras

using namespace mlir;
using namespace tileiras;
namespace nv = tileiras::nv_tileaa;

namespace {

/// The warps of the kernel around `dot`, or 0 outside a kernel (a device
/// function's callers decide its warps later).
unsigned kernelWarps(nv::DotScaledOp dot, unsigned defaultWarps) {
  auto func = dot->getParentOfType<nv::FuncOp>();
  if (!func || !func.isKernel())
    return 0;
  return unsigned(func.getKernelSpec().getNumWarps(defaultWarps));
}

/// Why `dot` cannot run on a block-scaled instruction on `target`, or "".
std::string whyNotBlockScaled(nv::DotScaledOp dot,
                              const targetspec::Target &target,
                              unsigned defaultWarps,
                              const AxisInfoAnalysis &axisInfo) {
  using targetspec::InstrFamily;
  if (targetspec::targetSupports(target, InstrFamily::Tcgen05)) {
    unsigned warps = kernelWarps(dot, defaultWarps);
    bool kMajor = loadedContiguousAlongK(axisInfo, dot.getA(), 1) &&
                  loadedContiguousAlongK(axisInfo, dot.getB(), 0);
    std::string why =
        warps ? whyNotTcgen05BlockScaled(dot, target, warps, kMajor)
              : "outside a kernel (a device function's warps are its "
                "callers')";
    return why.empty() ? why : "not tcgen05.mma block_scale: " + why;
  }
  if (!targetspec::targetSupports(target, InstrFamily::BlockScaledMma))
    return target.name() + " has no block-scaled mma.sync (" +
           targetspec::getInstrFamilyInfo(InstrFamily::BlockScaledMma)
               .requirement +
           ") and no tcgen05.mma (sm_100a/f, sm_103a/f, sm_110a/f)";
  int64_t m = dot.getType().getDimSize(0), n = dot.getType().getDimSize(1);
  bool fp4 = dot.isFp4();
  if (m < 16 || n < 8)
    return (llvm::Twine(m) + "x" + llvm::Twine(n) +
            " is smaller than one m16n8k" + (fp4 ? "64" : "32") +
            " instruction")
        .str();
  if (!fp4)
    return "";
  if (dot.getK() % 64 != 0)
    return ("K = " + llvm::Twine(dot.getK()) +
            " is not a multiple of m16n8k64's 64")
        .str();
  if (dot.getScaleBlock() == 16 &&
      isa<Float8E8M0FNUType>(dot.getAScale().getType().getElementType()))
    return "f8E8M0FNU scales per 16 elements (kind::mxf4nvf4.scale_vec::4X "
           "with ue8m0 scales is not in LLVM 22)";
  return "";
}

/// One packed FP4 operand beside an FP8 one.
bool isMixedFp4(nv::DotScaledOp dot) {
  return dot.isPackedFp4(0) != dot.isPackedFp4(1) && !dot.isFp4Bytes(0) &&
         !dot.isFp4Bytes(1);
}

/// Why `dot` with one FP4 and one FP8 operand has no native form on
/// `target`: kind::mxf8f6f4 reads them together, e2m1 one a byte, in
/// mma.sync (sm_120a/f, sm_121a/f) and tcgen05.mma (sm_100a/f, sm_103a/f,
/// sm_110a/f; whyNotTcgen05BlockScaled has the rest).
std::string whyNotNativeMixed(const targetspec::Target &target) {
  using targetspec::InstrFamily;
  if (targetspec::targetSupports(target, InstrFamily::BlockScaledMma) ||
      targetspec::targetSupports(target, InstrFamily::Tcgen05))
    return "";
  return "one FP4 and one FP8 operand (only kind::mxf8f6f4 of mma.sync on "
         "sm_120a/f and sm_121a/f and of tcgen05.mma on sm_100a/f, sm_103a/f "
         "and sm_110a/f reads them together, e2m1 one a byte)";
}

/// A splat of `value` shaped like `like` with `width`-bit integers.
Value intSplat(ImplicitLocOpBuilder &b, RankedTensorType like, unsigned width,
               int64_t value) {
  auto type = like.clone(b.getIntegerType(width));
  return arith::ConstantOp::create(
      b, DenseElementsAttr::get(
             type, b.getIntegerAttr(type.getElementType(), value)));
}

/// The scales as f32: 2^(e - 127) for each f8E8M0FNU element (the exponent
/// field is e itself, except e = 0, 2^-127, an f32 subnormal, and e = 255,
/// NaN); f8E4M3FN (ue4m3) scales widened with their sign bit cleared.
Value scaleValues(ImplicitLocOpBuilder &b, Value scales) {
  auto type = cast<RankedTensorType>(scales.getType());
  auto ints = [&](unsigned width) {
    return type.clone(b.getIntegerType(width));
  };
  auto splat = [&](int64_t value) { return intSplat(b, type, 32, value); };
  Value bytes = arith::BitcastOp::create(b, ints(8), scales);
  if (isa<Float8E4M3FNType>(type.getElementType())) {
    Value unsignedBytes =
        arith::AndIOp::create(b, bytes, intSplat(b, type, 8, 0x7f));
    Value e4m3 = arith::BitcastOp::create(b, type, unsignedBytes);
    return nv::FpToFpOp::create(b, type.clone(b.getF32Type()), e4m3,
                                nv::RoundingModeAttr());
  }
  Value e = arith::ExtUIOp::create(b, ints(32), bytes);
  Value bits = arith::ShLIOp::create(b, e, splat(23));
  auto is = [&](int64_t value) {
    return arith::CmpIOp::create(b, arith::CmpIPredicate::eq, e, splat(value));
  };
  bits = arith::SelectOp::create(b, is(0), splat(0x00400000), bits);
  bits = arith::SelectOp::create(b, is(255), splat(0x7fc00000), bits);
  return arith::BitcastOp::create(b, type.clone(b.getF32Type()), bits);
}

/// Each element of `tile` repeated `times` times along `axis`, in order:
/// [.., X, ..] -> [.., X, times, ..] -> [.., X * times, ..].
Value repeatAlong(ImplicitLocOpBuilder &b, Value tile, unsigned axis,
                  int64_t times) {
  auto type = cast<RankedTensorType>(tile.getType());
  SmallVector<int64_t> shape(type.getShape());
  shape.insert(shape.begin() + axis + 1, 1);
  Value expanded = nv::ExpandDimsOp::create(b, type.clone(shape), tile,
                                            b.getI32IntegerAttr(axis + 1));
  shape[axis + 1] = times;
  Value repeated = nv::BroadcastOp::create(b, type.clone(shape), expanded);
  SmallVector<int64_t> result(type.getShape());
  result[axis] *= times;
  return nv::ViewOp::create(b, type.clone(result), repeated);
}

/// One f4E2M1FN value a byte, in bits 2-5 (kind::mxf8f6f4's container),
/// from packed bytes along `kAxis`.
Value unpackToContainers(ImplicitLocOpBuilder &b, Value bytes, unsigned kAxis) {
  Value codes = nv::unpackNibbles(b, bytes, kAxis);
  auto type = cast<RankedTensorType>(codes.getType());
  return arith::ShLIOp::create(b, codes, intSplat(b, type, 8, 2));
}

/// f32 values of an FP4 operand: packed pairs along `kAxis`, or one value
/// a byte in bits 2-5 (`containers`).
Value fp4Values(ImplicitLocOpBuilder &b, Value bytes, unsigned kAxis,
                bool containers) {
  if (!containers)
    return nv::decodeE2m1(b, nv::unpackNibbles(b, bytes, kAxis));
  auto type = cast<RankedTensorType>(bytes.getType());
  Value code = arith::AndIOp::create(
      b, arith::ShRUIOp::create(b, bytes, intSplat(b, type, 8, 2)),
      intSplat(b, type, 8, 0xf));
  return nv::decodeE2m1(b, code);
}

/// bf16(f32(operand) * scale) for one operand (A when `kAxis` is 1, B
/// when 0), each scale repeated over its `block` K elements.
Value scaledOperand(ImplicitLocOpBuilder &b, nv::DotScaledOp dot,
                    unsigned operandIndex, Value scales, int64_t block) {
  Value operand = operandIndex == 0 ? dot.getA() : dot.getB();
  unsigned kAxis = operandIndex == 0 ? 1 : 0;
  auto type = cast<RankedTensorType>(operand.getType());
  auto rn = nv::RoundingModeAttr::get(b.getContext(), nv::RoundingMode::rn);
  bool fp4 = dot.isPackedFp4(operandIndex) || dot.isFp4Bytes(operandIndex);
  Value wide = fp4 ? fp4Values(b, operand, kAxis, dot.isFp4Bytes(operandIndex))
                   : nv::FpToFpOp::create(b, type.clone(b.getF32Type()),
                                          operand, nv::RoundingModeAttr());
  Value scale = repeatAlong(b, scaleValues(b, scales), kAxis, block);
  Value product = arith::MulFOp::create(b, wide, scale);
  auto values = cast<RankedTensorType>(wide.getType());
  return nv::FpToFpOp::create(b, values.clone(b.getBF16Type()), product, rn);
}

/// The packed FP4 operand of a mixed `dot` as one value a byte (bits 2-5),
/// marked a_unpacked/b_unpacked: kind::mxf8f6f4 reads it so.
void unpackMixedFp4(nv::DotScaledOp dot) {
  ImplicitLocOpBuilder b(dot.getLoc(), dot);
  unsigned operand = dot.isPackedFp4(0) ? 0 : 1;
  Value bytes = unpackToContainers(b, dot->getOperand(operand == 0 ? 0 : 2),
                                   operand == 0 ? 1 : 0);
  dot->setOperand(operand == 0 ? 0 : 2, bytes);
  if (operand == 0)
    dot.setAUnpacked(true);
  else
    dot.setBUnpacked(true);
}

void decompose(nv::DotScaledOp dot, llvm::StringRef why) {
  ImplicitLocOpBuilder b(dot.getLoc(), dot);
  int64_t block = dot.getScaleBlock();
  Value a = scaledOperand(b, dot, 0, dot.getAScale(), block);
  Value bOperand = scaledOperand(b, dot, 1, dot.getBScale(), block);
  auto result =
      nv::DotOp::create(b, dot.getType(), a, bOperand, dot.getC(),
                        nv::SignednessAttr(), nv::SignednessAttr(), UnitAttr());
  result->setAttr(nv::kScaledDotAttrName,
                  b.getStringAttr("bf16 dot of the scaled operands: " + why));
  dot.replaceAllUsesWith(result.getResult());
  dot.erase();
}

struct DecomposeScaledDots
    : public tileiras::impl::DecomposeScaledDotsBase<DecomposeScaledDots> {
  using DecomposeScaledDotsBase::DecomposeScaledDotsBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<nv::DotScaledOp> dots;
    module.walk([&](nv::DotScaledOp dot) { dots.push_back(dot); });
    if (dots.empty())
      return;
    targetspec::Target target = recordedTarget(module);
    AxisInfoAnalysis axisInfo(module);
    for (nv::DotScaledOp dot : dots) {
      bool mixed = isMixedFp4(dot);
      std::string why = mixed ? whyNotNativeMixed(target) : "";
      if (why.empty())
        why = whyNotBlockScaled(dot, target, numWarps ? numWarps : 4, axisInfo);
      if (!why.empty())
        decompose(dot, why);
      else if (mixed)
        unpackMixedFp4(dot);
    }
  }
};

} // namespace
