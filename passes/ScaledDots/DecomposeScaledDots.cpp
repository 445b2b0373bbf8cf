//===- DecomposeScaledDots.cpp - dot_scaled as a bf16 dot -----------------===//
//
// Where the target has no block-scaled instruction (tcgen05.mma on the
// sm_100a family, mma.sync on sm_120a/121a) or the tiles do not fit one,
// dot_scaled becomes
//   A' = bf16(f32(A) * 2^(sa - 127) broadcast over each 32 K elements)
//   B' = bf16(f32(B) * 2^(sb - 127) likewise)
//   D  = dot(A', B', C)
// FP8 values have at most 3 mantissa bits and bf16 has 7, so A' and B' are
// exact unless a scaled value leaves bf16's exponent range; the products
// and sums are then those of a bf16 dot (f32 accumulation).
//
//===----------------------------------------------------------------------===//

#include "LayoutAssignment/MmaChoice.h"
#include "tileiras/Dialect/NVTileAA/DotPath.h"
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
                              unsigned defaultWarps) {
  using targetspec::InstrFamily;
  if (targetspec::targetSupports(target, InstrFamily::Tcgen05)) {
    unsigned warps = kernelWarps(dot, defaultWarps);
    std::string why =
        warps ? whyNotTcgen05BlockScaled(dot, target, warps)
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
  if (m < 16 || n < 8)
    return (llvm::Twine(m) + "x" + llvm::Twine(n) +
            " is smaller than one m16n8k32 instruction")
        .str();
  return "";
}

/// 2^(e - 127) as f32 for each f8E8M0FNU element: the exponent field is e
/// itself, except e = 0 (2^-127, an f32 subnormal) and e = 255 (NaN).
Value scaleValues(ImplicitLocOpBuilder &b, Value scales) {
  auto type = cast<RankedTensorType>(scales.getType());
  auto ints = [&](unsigned width) {
    return type.clone(b.getIntegerType(width));
  };
  auto splat = [&](int64_t value) -> Value {
    return arith::ConstantOp::create(
        b, DenseElementsAttr::get(ints(32), b.getI32IntegerAttr(value)));
  };
  Value bytes = arith::BitcastOp::create(b, ints(8), scales);
  Value e = arith::ExtUIOp::create(b, ints(32), bytes);
  Value bits = arith::ShLIOp::create(b, e, splat(23));
  auto is = [&](int64_t value) {
    return arith::CmpIOp::create(b, arith::CmpIPredicate::eq, e, splat(value));
  };
  bits = arith::SelectOp::create(b, is(0), splat(0x00400000), bits);
  bits = arith::SelectOp::create(b, is(255), splat(0x7fc00000), bits);
  return arith::BitcastOp::create(b, type.clone(b.getF32Type()), bits);
}

/// The scales of `operand` (A when `kAxis` is 1, B when 0) repeated over
/// their 32 K elements: [M, K/32] -> [M, K/32, 32] -> [M, K], or
/// [K/32, N] -> [K/32, 32, N] -> [K, N].
Value broadcastAlongK(ImplicitLocOpBuilder &b, Value scales,
                      RankedTensorType operand, unsigned kAxis) {
  auto type = cast<RankedTensorType>(scales.getType());
  SmallVector<int64_t> shape(type.getShape());
  shape.insert(shape.begin() + kAxis + 1, 1);
  Value expanded = nv::ExpandDimsOp::create(b, type.clone(shape), scales,
                                            b.getI32IntegerAttr(kAxis + 1));
  shape[kAxis + 1] = nv::DotScaledOp::kScaleBlock;
  Value repeated = nv::BroadcastOp::create(b, type.clone(shape), expanded);
  return nv::ViewOp::create(b, operand.clone(type.getElementType()), repeated);
}

/// bf16(f32(operand) * scale) for one operand.
Value scaledOperand(ImplicitLocOpBuilder &b, Value operand, Value scales,
                    unsigned kAxis) {
  auto type = cast<RankedTensorType>(operand.getType());
  auto rn = nv::RoundingModeAttr::get(b.getContext(), nv::RoundingMode::rn);
  Value wide = nv::FpToFpOp::create(b, type.clone(b.getF32Type()), operand,
                                    nv::RoundingModeAttr());
  Value scale = broadcastAlongK(b, scaleValues(b, scales), type, kAxis);
  Value product = arith::MulFOp::create(b, wide, scale);
  return nv::FpToFpOp::create(b, type.clone(b.getBF16Type()), product, rn);
}

void decompose(nv::DotScaledOp dot, llvm::StringRef why) {
  ImplicitLocOpBuilder b(dot.getLoc(), dot);
  Value a = scaledOperand(b, dot.getA(), dot.getAScale(), 1);
  Value bOperand = scaledOperand(b, dot.getB(), dot.getBScale(), 0);
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
    for (nv::DotScaledOp dot : dots) {
      std::string why = whyNotBlockScaled(dot, target, numWarps ? numWarps : 4);
      if (!why.empty())
        decompose(dot, why);
    }
  }
};

} // namespace
