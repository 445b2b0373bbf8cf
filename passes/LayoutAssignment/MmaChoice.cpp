//===- MmaChoice.cpp - which instruction computes a dot -------------------===//

#include "LayoutAssignment/MmaChoice.h"
#include "tileiras/Analysis/AxisInfo.h"
#include "tileiras/Codegen/Tcgen05Legality.h"
#include "tileiras/Layout/MmaLayouts.h"
#include "tileiras/TargetSpec/InstructionFamily.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/IR/TypeUtilities.h"

#include "llvm/ADT/Twine.h"

using namespace mlir;
using namespace tileiras;
namespace nv = tileiras::nv_tileaa;

namespace {
struct Operands {
  unsigned kWidth = 0;
  int64_t instrM = layout::kMmaM;
  targetspec::InstrFamily family = targetspec::InstrFamily::MmaSync;
  const char *minimum = "sm_80";
  std::string typeName;
};

bool isFp8(Type type) { return isa<Float8E4M3FNType, Float8E5M2Type>(type); }

std::string typeName(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

/// The packing of the operand types, or a reason they have no mma.sync.
std::optional<Operands> mmaOperands(Type a, Type b, Type acc,
                                    std::string &whyNot) {
  Operands result;
  result.typeName = typeName(a);
  if (a != b && !(isFp8(a) && isFp8(b))) {
    whyNot = "operand types " + typeName(a) + " and " + typeName(b) + " differ";
    return std::nullopt;
  }
  if (isFp8(a)) {
    result.typeName += "." + typeName(b);
    result.kWidth = 4;
    result.family = targetspec::InstrFamily::MmaSyncFp8;
    result.minimum = "sm_89";
  } else if (a.isF16() || a.isBF16()) {
    result.kWidth = 2;
  } else if (isa<FloatTF32Type>(a)) {
    result.kWidth = 1;
  } else if (a.isInteger(8)) {
    result.kWidth = 4;
  } else if (a.isF64()) {
    result.kWidth = 1; // one f64 per register, m8n8k4
    result.instrM = layout::kMmaF64M;
  } else {
    whyNot = typeName(a) + " operands have no mma.sync shape";
    return std::nullopt;
  }
  bool intAcc = a.isInteger(8);
  Type want = intAcc      ? Type(IntegerType::get(a.getContext(), 32))
              : a.isF64() ? Type(Float64Type::get(a.getContext()))
                          : Type(Float32Type::get(a.getContext()));
  // f16 operands also have the f16-accumulator form (two .f16x2 C/D
  // registers holding the same elements as the four f32 ones).
  if (a.isF16() && acc.isF16()) {
    result.typeName += " -> f16";
    return result;
  }
  if (acc != want) {
    whyNot = "the accumulator is " + typeName(acc) + ", mma.sync is used for " +
             typeName(want) + " accumulators with " + typeName(a) + " operands";
    return std::nullopt;
  }
  return result;
}

/// True when `operand` is a tile load that the pipeliner can stage in
/// shared memory (its only use being the dot), or, for a tf32 operand, the
/// rounding of such a load to tf32 (staged rounded, once per step).
bool loadedForDot(Value operand) {
  if (!operand.hasOneUse())
    return false;
  if (auto round = operand.getDefiningOp<nv::FpToFpOp>();
      round && isa<FloatTF32Type>(getElementTypeOrSelf(operand)))
    operand = round.getOperand();
  Operation *def = operand.getDefiningOp();
  return def && isa<nv::LoadOp, nv::TmaLoadOp>(def) && operand.hasOneUse();
}

/// K of one wgmma or tcgen05.mma: 32 bytes of A's row (8 for tf32, which
/// is stored in 32 bits, 16 for f16/bf16, 32 for the 8-bit types).
int64_t sharedMmaK(nv::DotOp dot) {
  Type a = dot.getA().getType().getElementType();
  return isa<FloatTF32Type>(a) ? 8 : 256 / a.getIntOrFloatBitWidth();
}

/// Floating-point operand types that wgmma and tcgen05.mma both take with
/// an f32 accumulator: f16/bf16, tf32, FP8 (any pair).
bool sharedFloatOperands(Type a, Type acc) {
  return (a.isF16() || a.isBF16() || isa<FloatTF32Type>(a) || isFp8(a)) &&
         acc.isF32();
}

/// The operand types wgmma takes from shared memory, as implemented:
/// f16/bf16, tf32 or FP8 (any pair) with an f32 accumulator, i8 (s8/u8 in
/// any pair; the mixed ones raise the PTX ISA to 8.4) with an i32 one.
std::string whyNotWgmmaTypes(nv::DotOp dot) {
  Type a = dot.getA().getType().getElementType();
  Type acc = dot.getType().getElementType();
  if (sharedFloatOperands(a, acc) || (a.isInteger(8) && acc.isInteger(32)))
    return "";
  return "f16/bf16/tf32/f8 operands with an f32 accumulator or i8 with i32 "
         "only";
}

/// The operand types tcgen05.mma takes on `target`, as implemented:
/// kind::f16 (f16/bf16), kind::tf32, kind::f8f6f4 (FP8, any pair) with an
/// f32 accumulator, kind::i8 (s8/u8) with an i32 one where the legality
/// layer allows it (arch-conditional targets but sm_103a).
std::string whyNotTcgen05Types(nv::DotOp dot,
                               const targetspec::Target &target) {
  Type a = dot.getA().getType().getElementType();
  Type acc = dot.getType().getElementType();
  if (sharedFloatOperands(a, acc))
    return "";
  if (!a.isInteger(8) || !acc.isInteger(32))
    return "f16/bf16/tf32/f8 operands with an f32 accumulator or i8 with i32 "
           "only";
  codegen::Tcgen05MmaForm form;
  form.kind = codegen::Tcgen05MmaKind::I8;
  if (const codegen::Tcgen05Check *check =
          codegen::firstFailingTcgen05Check(form, target))
    return codegen::describeTcgen05Failure(*check, form, target,
                                           "tcgen05.mma kind::i8");
  return "";
}

/// Whether wgmma may take A from registers (its register form: f16/bf16
/// with an f32 accumulator, per warp the m16n8k16 A fragment): a computed
/// A, such as attention's P, then stays where it is.
bool registerA(nv::DotOp dot) {
  Type a = dot.getA().getType().getElementType();
  return (a.isF16() || a.isBF16()) && dot.getType().getElementType().isF32();
}

/// What wgmma and tcgen05.mma (`name`) both need, as implemented: the
/// operand types, rank 2, both operands loaded from global memory only for
/// this dot (they are read from shared memory).
std::string whyNotSharedOperands(nv::DotOp dot, llvm::StringRef name,
                                 const targetspec::Target &target) {
  std::string why =
      name == "wgmma" ? whyNotWgmmaTypes(dot) : whyNotTcgen05Types(dot, target);
  if (!why.empty())
    return why;
  if (dot.getType().getRank() != 2)
    return ("batched dots have no " + name + " form").str();
  if (!loadedForDot(dot.getB()) ||
      (!loadedForDot(dot.getA()) && !(name == "wgmma" && registerA(dot))))
    return "both operands must be tiles loaded only for this dot";
  return "";
}

/// Why `dot` (M x N x K, `numWarps`) cannot use wgmma, or "" when it can:
/// the shared-operand conditions, whole warpgroups stacked along M.
std::string whyNotWgmma(nv::DotOp dot, const targetspec::Target &target,
                        int64_t m, int64_t n, int64_t k, unsigned numWarps,
                        bool kContiguous) {
  if (std::string why = whyNotSharedOperands(dot, "wgmma", target);
      !why.empty())
    return why;
  // Measured on an H200 (matmul_int8, 4096^3): wgmma with an N-contiguous
  // B transposed through registers every step ran at 80 TFLOP/s, mma.sync
  // reading it from its slot at 179.
  if (dot.getB().getType().getElementTypeBitWidth() == 8 && !kContiguous)
    return "8-bit A and B must be contiguous along K in memory (wgmma reads "
           "8-bit operands K-major only)";
  if (numWarps % 4 != 0 || m % (16 * int64_t(numWarps)) != 0)
    return ("M = " + llvm::Twine(m) + " is not a multiple of 16 x " +
            llvm::Twine(numWarps) + " warps (whole warpgroups along M)")
        .str();
  int64_t kInstr = sharedMmaK(dot);
  bool integer = dot.getA().getType().getElementType().isInteger(8);
  if (n % 8 != 0 || n > 256 || k % kInstr != 0)
    return ("N = " + llvm::Twine(n) + ", K = " + llvm::Twine(k) +
            " (N must be 8..256 in steps of 8, K a multiple of " +
            llvm::Twine(kInstr) + ")")
        .str();
  if (integer && n > 32 && n % 16 != 0)
    return ("N = " + llvm::Twine(n) +
            " (i8 wgmma has N 8, 16, 24, 32 and then steps of 16)")
        .str();
  return "";
}
/// Why `dot` cannot use tcgen05.mma, or "" when it can: f16/bf16 operands
/// with an f32 accumulator loaded for the dot, M = 128 (one row per
/// tensor-memory lane, cta_group::1), 4 or 8 warps (a second warpgroup
/// takes the other half of the columns), N 8..256 in steps of 8 per
/// warpgroup's half, K a multiple of 16.
std::string whyNotTcgen05(nv::DotOp dot, const targetspec::Target &target,
                          int64_t m, int64_t n, int64_t k, unsigned numWarps) {
  if (std::string why = whyNotSharedOperands(dot, "tcgen05", target);
      !why.empty())
    return why;
  if (numWarps != 4 && numWarps != 8)
    return ("needs 4 or 8 warps, not " + llvm::Twine(numWarps)).str();
  int64_t columnSplit = numWarps / 4;
  int64_t kInstr = sharedMmaK(dot);
  if (m != 128 || n % (8 * columnSplit) != 0 || n > 256 || k % kInstr != 0)
    return ("M = " + llvm::Twine(m) + ", N = " + llvm::Twine(n) +
            ", K = " + llvm::Twine(k) + " (M must be 128, N a multiple of " +
            llvm::Twine(8 * columnSplit) + " up to 256, K a multiple of " +
            llvm::Twine(kInstr) + ")")
        .str();
  return "";
}

/// The dots of `consumer`'s block that its A operand is computed from.
SetVector<Operation *> dotsFeedingA(nv::DotOp consumer) {
  SetVector<Operation *> slice;
  BackwardSliceOptions options;
  options.omitBlockArguments = true;
  options.filter = [&](Operation *op) {
    return op->getBlock() == consumer->getBlock();
  };
  (void)getBackwardSlice(consumer.getA(), &slice, options);
  slice.remove_if([](Operation *op) { return !isa<nv::DotOp>(op); });
  return slice;
}

/// Whether `dot` is one of a chain: its A operand is computed from another
/// dot of its block, or its result reaches another dot's A (attention's
/// S = Q K^T and O += P V, P computed from S).
bool isChainedDot(nv::DotOp dot) {
  if (!dotsFeedingA(dot).empty())
    return true;
  for (auto other : dot->getBlock()->getOps<nv::DotOp>())
    if (other != dot && dotsFeedingA(other).contains(dot))
      return true;
  return false;
}
} // namespace

DotPathChoice tileiras::chooseDotPath(nv::DotOp dot,
                                      const targetspec::Target &target,
                                      unsigned numWarps, bool kContiguous) {
  DotPathChoice choice;
  auto fma = [&](const llvm::Twine &why) {
    choice.description = ("fma: " + why).str();
    return choice;
  };
  RankedTensorType type = dot.getType();
  unsigned rank = type.getRank();
  std::string whyNot;
  std::optional<Operands> operands = mmaOperands(
      dot.getA().getType().getElementType(),
      dot.getB().getType().getElementType(), type.getElementType(), whyNot);
  if (!operands)
    return fma(whyNot);
  if (!targetspec::targetSupports(target, operands->family))
    return fma(target.name() + " has no mma.sync for " + operands->typeName +
               " (" + operands->minimum + "+)");
  int64_t m = type.getShape()[rank - 2], n = type.getShape()[rank - 1];
  int64_t k = dot.getA().getType().getShape()[rank - 1];
  int64_t instrM = operands->instrM;
  int64_t kInstr = layout::mmaInstrK(operands->kWidth, instrM);
  std::string shape =
      ("m" + llvm::Twine(instrM) + "n8k" + llvm::Twine(kInstr)).str();
  if (m < instrM || n < layout::kMmaN || k < kInstr)
    return fma(llvm::Twine(m) + "x" + llvm::Twine(n) + "x" + llvm::Twine(k) +
               " is smaller than one " + shape + " instruction");
  choice.kWidth = operands->kWidth;
  choice.instrM = unsigned(instrM);
  std::string notWgmma;
  if (targetspec::targetSupports(target, targetspec::InstrFamily::Tcgen05)) {
    notWgmma = whyNotTcgen05(dot, target, m, n, k, numWarps);
    if (notWgmma.empty()) {
      choice.tcgen05 = true;
      choice.warpsPerCTA = {4, numWarps / 4};
      int64_t kInstr = sharedMmaK(dot);
      choice.description = ("tcgen05.mma.m128n" + llvm::Twine(n) + "k" +
                            llvm::Twine(kInstr) + " " + operands->typeName)
                               .str();
      return choice;
    }
    notWgmma = "not tcgen05: " + notWgmma;
  }
  if (targetspec::targetSupports(target, targetspec::InstrFamily::Wgmma)) {
    notWgmma = whyNotWgmma(dot, target, m, n, k, numWarps, kContiguous);
    if (!notWgmma.empty())
      notWgmma = "not wgmma: " + notWgmma;
    if (notWgmma.empty()) {
      choice.wgmma = true;
      choice.warpsPerCTA = {numWarps, 1};
      int64_t kInstr = sharedMmaK(dot);
      choice.description = ("wgmma.m64n" + llvm::Twine(n) + "k" +
                            llvm::Twine(kInstr) + " " + operands->typeName)
                               .str();
      if (!loadedForDot(dot.getA()))
        choice.description += " (A from registers)";
      return choice;
    }
  }
  if (rank == 3) {
    // Batched: warps over the batch first, then each batch's M x N.
    choice.warpsPerCTA = layout::mmaBatchedWarpsPerCTA(type.getShape()[0], m, n,
                                                       numWarps, instrM);
  } else if (m % (instrM * numWarps) == 0 && isChainedDot(dot)) {
    // A chain keeps its intermediate in registers when each warp owns
    // whole rows in both dots: the accumulator fragment of one is then,
    // register for register, the A fragment of the next (no warp holds
    // another's columns).
    choice.warpsPerCTA = {numWarps, 1};
  } else {
    choice.warpsPerCTA = layout::mmaWarpsPerCTA(m, n, numWarps, instrM);
  }
  choice.description = "mma.sync." + shape + " " + operands->typeName +
                       (rank == 3 ? " batched" : "");
  if (!notWgmma.empty())
    choice.description += " (" + notWgmma + ")";
  return choice;
}

Attribute tileiras::mmaAccumulatorEncoding(MLIRContext *context,
                                           const DotPathChoice &choice) {
  llvm::SmallVector<unsigned, 3> instrShape{choice.instrM,
                                            unsigned(layout::kMmaN)};
  if (choice.warpsPerCTA.size() == 3)
    instrShape.insert(instrShape.begin(), 1);
  return nv::MmaEncodingAttr::get(context, 2, choice.warpsPerCTA, instrShape);
}

bool tileiras::loadedContiguousAlongK(const AxisInfoAnalysis &axisInfo,
                                      Value operand, unsigned kDim) {
  auto load = operand.getDefiningOp<nv::LoadOp>();
  if (!load || !isa<RankedTensorType>(load.getPtr().getType()))
    return false;
  AxisInfo info = axisInfo.getAxisInfo(load.getPtr());
  return info.getRank() == 2 &&
         info.getContiguity(kDim) > info.getContiguity(1 - kDim);
}

std::string tileiras::whyNotTcgen05BlockScaled(nv::DotScaledOp dot,
                                               const targetspec::Target &target,
                                               unsigned numWarps,
                                               bool kContiguous) {
  if (!targetspec::targetSupports(target, targetspec::InstrFamily::Tcgen05))
    return target.name() + " has no tcgen05.mma (sm_100a/f, sm_103a/f, " +
           "sm_110a/f)";
  // One FP4 operand beside an FP8 one is kind::mxf8f6f4 with the e2m1
  // values one a byte (DecomposeScaledDots unpacks them); the verifier
  // gives it f8E8M0FNU scales per 32 elements, its scale_vec::1X.
  // kind::mxf4 / mxf4nvf4 read both operands K-major only: pairs of K
  // elements share a byte.
  if (dot.isFp4() && !kContiguous)
    return "FP4 operands must be loaded with K contiguous (B as the rows "
           "of its N x K/2 transpose): kind::mxf4 reads both K-major";
  if (dot.isFp4() && dot.getK() % 64 != 0)
    return ("K = " + llvm::Twine(dot.getK()) +
            " is not a multiple of kind::mxf4's 64")
        .str();
  if (numWarps != 4 && numWarps != 8)
    return ("tcgen05.mma needs 4 or 8 warps, not " + llvm::Twine(numWarps))
        .str();
  ArrayRef<int64_t> shape = dot.getType().getShape();
  int64_t m = shape[0], n = shape[1];
  int64_t k = dot.getK();
  // B is read N-major from shared memory: rows of at least 32 bytes.
  if (m != 128 || n % 32 != 0 || n > 256 ||
      k % nv::DotScaledOp::kScaleBlock != 0)
    return ("M = " + llvm::Twine(m) + ", N = " + llvm::Twine(n) +
            " (tcgen05.mma block_scale: M must be 128, N a multiple of 32 "
            "up to 256)")
        .str();
  return "";
}

/// The PTX type of operand `i` of a dot_scaled of FP8 or of FP4 one a byte.
static std::string scaledOperandName(nv::DotScaledOp dot, unsigned i) {
  if (dot.isFp4Bytes(i))
    return "e2m1";
  return typeName(
      (i == 0 ? dot.getA() : dot.getB()).getType().getElementType());
}

/// "kind::mxf4.block_scale e2m1.e2m1 ue8m0" and friends: the kind, block
/// size and types of a tcgen05.mma block_scale for `dot`.
static std::string tcgen05ScaledKind(nv::DotScaledOp dot) {
  bool e4m3 = isa<Float8E4M3FNType>(dot.getAScale().getType().getElementType());
  if (!dot.isFp4())
    return "k32 kind::mxf8f6f4.block_scale " + scaledOperandName(dot, 0) + "." +
           scaledOperandName(dot, 1) + " ue8m0";
  if (dot.getScaleBlock() == 32)
    return "k64 kind::mxf4.block_scale.block32 e2m1.e2m1 ue8m0";
  return std::string("k64 kind::mxf4nvf4.block_scale.block16 e2m1.e2m1 ") +
         (e4m3 ? "ue4m3" : "ue8m0");
}

DotPathChoice tileiras::chooseScaledDotPath(nv::DotScaledOp dot,
                                            const targetspec::Target &target,
                                            unsigned numWarps,
                                            bool kContiguous) {
  DotPathChoice choice;
  ArrayRef<int64_t> shape = dot.getType().getShape();
  if (whyNotTcgen05BlockScaled(dot, target, numWarps, kContiguous).empty()) {
    choice.kWidth = 4;
    choice.tcgen05 = true;
    choice.warpsPerCTA = {4, numWarps / 4};
    choice.description =
        ("tcgen05.mma.m128n" + llvm::Twine(shape[1]) + tcgen05ScaledKind(dot))
            .str();
    return choice;
  }
  choice.kWidth = 4; // bytes: 8-bit elements or packed pairs of FP4
  choice.warpsPerCTA = layout::mmaWarpsPerCTA(shape[0], shape[1], numWarps);
  if (dot.isFp4()) {
    bool e4m3 =
        isa<Float8E4M3FNType>(dot.getAScale().getType().getElementType());
    choice.description =
        std::string("mma.sync.m16n8k64 block_scale ") +
        (e4m3 ? "kind::mxf4nvf4.scale_vec::4X" : "kind::mxf4.scale_vec::2X") +
        " e2m1.e2m1 " + (e4m3 ? "ue4m3" : "ue8m0");
    return choice;
  }
  // FP4 beside FP8: one e2m1 a byte (DecomposeScaledDots).
  choice.description = "mma.sync.m16n8k32 block_scale " +
                       scaledOperandName(dot, 0) + "." +
                       scaledOperandName(dot, 1) + " ue8m0";
  return choice;
}
