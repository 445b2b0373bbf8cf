//===- Tcgen05Legality.cpp - tcgen05.mma kind-word checks -----------------===//

#include "tileiras/Codegen/Tcgen05Legality.h"
#include "tileiras/TargetSpec/InstructionFamily.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/NVVMIntrinsicUtils.h"

using namespace tileiras;
using namespace tileiras::codegen;
using targetspec::CpuVariant;
using targetspec::Target;
using Imm = Tcgen05MmaSignature::Immediates;
using Kind = Tcgen05MmaKind;
using ScaleVec = Tcgen05ScaleVec;

static constexpr llvm::StringLiteral kPrefix = "llvm.nvvm.tcgen05.mma";

/// Scale vector size of a `.blockN` alias: K / N, where K is 32 for
/// mxf8f6f4 and 64 for the fp4 kinds.
static ScaleVec scaleVecOfBlock(Kind kind, unsigned block) {
  unsigned k = kind == Kind::MXF8F6F4 ? 32 : 64;
  switch (k / block) {
  case 1:
    return ScaleVec::X1;
  case 2:
    return ScaleVec::X2;
  default:
    return ScaleVec::X4;
  }
}

std::optional<Tcgen05MmaSignature>
codegen::parseTcgen05MmaName(llvm::StringRef name) {
  if (!name.consume_front(kPrefix) || (!name.empty() && name.front() != '.'))
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef, 8> tokens;
  name.drop_front().split(tokens, '.');

  Tcgen05MmaSignature sig{{}, Imm::KindCtaGroupCollector};
  Tcgen05MmaForm &form = sig.form;
  bool sawSpace = false;
  unsigned block = 0;
  for (size_t i = 0; i < tokens.size(); ++i) {
    llvm::StringRef token = tokens[i];
    if (token == "ws") {
      form.weightStationary = true;
      sig.immediates = Imm::KindBufferUsage;
    } else if (token == "sp") {
      form.sparse = true;
    } else if (token == "shared" || token == "tensor") {
      sawSpace = true;
    } else if (token == "mxf8f6f4" || token == "mxf4" || token == "mxf4nvf4") {
      if (i + 1 == tokens.size() || tokens[i + 1] != "block_scale")
        return std::nullopt;
      ++i;
      form.kind = token == "mxf8f6f4" ? Kind::MXF8F6F4
                  : token == "mxf4"   ? Kind::MXF4
                                      : Kind::MXF4NVF4;
      form.blockScale = true;
      sig.immediates = Imm::CtaGroupCollector;
    } else if (token == "block16" || token == "block32") {
      block = token == "block16" ? 16 : 32;
    } else if (token == "scale_d") {
      form.scaleInputAccumulator = true;
    } else if (token == "disable_output_lane") {
      if (i + 1 == tokens.size() ||
          (tokens[i + 1] != "cg1" && tokens[i + 1] != "cg2"))
        return std::nullopt;
      form.ctaGroup = tokens[++i] == "cg1" ? 1 : 2;
      sig.immediates = Imm::KindCollector;
    } else if (token == "ashift") {
      form.ashift = true;
    } else if (token == "zero_col_mask") {
      // An extra register operand; nothing the checks look at.
    } else {
      // A form this LLVM does not have: leave it to the selector rather than
      // guess at its operands.
      return std::nullopt;
    }
  }
  if (!sawSpace || (block && !form.blockScale))
    return std::nullopt;
  if (block)
    form.scaleVec = scaleVecOfBlock(form.kind, block);
  return sig;
}

std::optional<Tcgen05MmaForm>
codegen::applyTcgen05Immediates(const Tcgen05MmaSignature &signature,
                                llvm::ArrayRef<uint64_t> immediates) {
  if (immediates.size() != signature.numImmediates())
    return std::nullopt;
  Tcgen05MmaForm form = signature.form;
  auto setKind = [&](uint64_t value) {
    using llvm::nvvm::Tcgen05MMAKind;
    switch (value) {
    case uint64_t(Tcgen05MMAKind::F16):
      form.kind = Kind::F16;
      return true;
    case uint64_t(Tcgen05MMAKind::TF32):
      form.kind = Kind::TF32;
      return true;
    case uint64_t(Tcgen05MMAKind::F8F6F4):
      form.kind = Kind::F8F6F4;
      return true;
    case uint64_t(Tcgen05MMAKind::I8):
      form.kind = Kind::I8;
      return true;
    default:
      return false;
    }
  };
  auto setCtaGroup = [&](uint64_t value) {
    form.ctaGroup = unsigned(value);
    return value == 1 || value == 2;
  };
  auto setCollector = [&](uint64_t value) {
    using llvm::nvvm::Tcgen05CollectorUsageOp;
    switch (value) {
    case uint64_t(Tcgen05CollectorUsageOp::DISCARD):
      form.collectorA = Tcgen05Collector::Discard;
      return true;
    case uint64_t(Tcgen05CollectorUsageOp::LASTUSE):
      form.collectorA = Tcgen05Collector::LastUse;
      return true;
    case uint64_t(Tcgen05CollectorUsageOp::FILL):
      form.collectorA = Tcgen05Collector::Fill;
      return true;
    case uint64_t(Tcgen05CollectorUsageOp::USE):
      form.collectorA = Tcgen05Collector::Use;
      return true;
    default:
      return false;
    }
  };
  bool ok = false;
  switch (signature.immediates) {
  case Imm::KindCtaGroupCollector:
    ok = setKind(immediates[0]) && setCtaGroup(immediates[1]) &&
         setCollector(immediates[2]);
    break;
  case Imm::KindCollector:
    ok = setKind(immediates[0]) && setCollector(immediates[1]);
    break;
  case Imm::CtaGroupCollector:
    ok = setCtaGroup(immediates[0]) && setCollector(immediates[1]);
    break;
  case Imm::KindBufferUsage:
    // The collector operands name the B buffer (b0..b3) and its usage; no
    // check reads them, and weight-stationary MMAs are always cta_group::1.
    ok = setKind(immediates[0]) && immediates[1] < 4 && immediates[2] < 4;
    break;
  }
  if (!ok)
    return std::nullopt;
  return form;
}

std::optional<Tcgen05MmaForm>
codegen::decodeTcgen05Mma(const llvm::CallBase &call) {
  const llvm::Function *callee = call.getCalledFunction();
  if (!callee || !callee->isIntrinsic())
    return std::nullopt;
  auto signature = parseTcgen05MmaName(callee->getName());
  if (!signature)
    return std::nullopt;
  unsigned count = signature->numImmediates();
  if (call.arg_size() < count)
    return std::nullopt;
  llvm::SmallVector<uint64_t, 3> immediates;
  for (unsigned i = call.arg_size() - count; i < call.arg_size(); ++i) {
    auto *value = llvm::dyn_cast<llvm::ConstantInt>(call.getArgOperand(i));
    if (!value || value->getValue().getActiveBits() > 32)
      return std::nullopt;
    immediates.push_back(value->getZExtValue());
  }
  return applyTcgen05Immediates(*signature, immediates);
}

//===----------------------------------------------------------------------===//
// The checks
//===----------------------------------------------------------------------===//

/// "Arch-conditional" is the 'a' variant only: NVIDIA's messages say
/// "arch-conditional or family-conditional" where 'f' is also meant, and
/// ptxas 13.0 refuses kind::i8, sparse mxf4/mxf4nvf4 and `.scale_vec::NX` on
/// every 'f' target.
static bool isArchConditional(const Target &target) {
  return target.variant == CpuVariant::Arch;
}

static bool isFp4Kind(Kind kind) {
  return kind == Kind::MXF4 || kind == Kind::MXF4NVF4;
}

// clang-format off
static const Tcgen05Check kChecks[] = {
  {1, "INT8 type is supported only on arch-conditional variants.", true, true,
   [](const Tcgen05MmaForm &f, const Target &t) {
     return f.kind == Kind::I8 && !isArchConditional(t);
   }},
  {2, "MXF4 and MXF4NVF4 types with Sparsity are supported only on arch-conditional variants.", true, true,
   [](const Tcgen05MmaForm &f, const Target &t) {
     return f.sparse && isFp4Kind(f.kind) && !isArchConditional(t);
   }},
  {3, "Explicit scale vector size is supported only on arch-conditional variants.", true, false,
   [](const Tcgen05MmaForm &f, const Target &t) {
     return f.scaleVecQualifier && f.scaleVec != ScaleVec::Implicit &&
            !isArchConditional(t);
   }},
  // The targets with scale-input-accumulator are a target-spec family.
  {4, "Scale input accumulator is not supported on this architecture.", true, true,
   [](const Tcgen05MmaForm &f, const Target &t) {
     return f.scaleInputAccumulator &&
            !targetspec::targetSupports(t, targetspec::InstrFamily::Tcgen05MmaScaleD);
   }},
  {5, "Scale input accumulator can only be used with f16 and tf32 types", true, false,
   [](const Tcgen05MmaForm &f, const Target &) {
     return f.scaleInputAccumulator && f.kind != Kind::F16 && f.kind != Kind::TF32;
   }},
  {6, "Block scale is not supported for f16, tf32, f8f6f4, and i8 types", true, false,
   [](const Tcgen05MmaForm &f, const Target &) {
     return f.blockScale && (f.kind == Kind::F16 || f.kind == Kind::TF32 ||
                             f.kind == Kind::F8F6F4 || f.kind == Kind::I8);
   }},
  {7, "ashift is not supported with tcgen05.mma.block_scale variants", true, false,
   [](const Tcgen05MmaForm &f, const Target &) {
     return f.ashift && f.blockScale;
   }},
  {8, "cta_group::2 is not supported with weight stationary", true, false,
   [](const Tcgen05MmaForm &f, const Target &) {
     return f.weightStationary && f.ctaGroup == 2;
   }},
  // The block-scaled kinds only: LLVM 22 and ptxas 13.0 accept
  // tcgen05.mma.ws with kind::f8f6f4, whose element types are in the
  // run-time instruction descriptor.
  {9, "Cannot use weight stationary with mxf8f6f4 and fp4 types", true, false,
   [](const Tcgen05MmaForm &f, const Target &) {
     return f.weightStationary && (f.kind == Kind::MXF8F6F4 || isFp4Kind(f.kind));
   }},
  {10, "Cannot use collector::a::use or colletor::a::fill with ashift", true, false,
   [](const Tcgen05MmaForm &f, const Target &) {
     return f.ashift && (f.collectorA == Tcgen05Collector::Use ||
                         f.collectorA == Tcgen05Collector::Fill);
   }},
  {11, "Cannot use 2X or 4X as scale vector size for mxf8f6f4 type", true, false,
   [](const Tcgen05MmaForm &f, const Target &) {
     return f.kind == Kind::MXF8F6F4 &&
            (f.scaleVec == ScaleVec::X2 || f.scaleVec == ScaleVec::X4);
   }},
  {12, "Cannot use 1X as scale vector size for mxf4nvf4 type", true, false,
   [](const Tcgen05MmaForm &f, const Target &) {
     return f.kind == Kind::MXF4NVF4 && f.scaleVec == ScaleVec::X1;
   }},
  {13, "Cannot use 1X or 4X as scale vector size for mxf4 type", true, false,
   [](const Tcgen05MmaForm &f, const Target &) {
     return f.kind == Kind::MXF4 &&
            (f.scaleVec == ScaleVec::X1 || f.scaleVec == ScaleVec::X4);
   }},
  // Ours: sm_103a is arch-conditional but has no kind::i8 (LLVM 22 cannot
  // select it and ptxas 13.0 refuses it there).
  {14, "tcgen05.mma with kind::i8", false, true,
   [](const Tcgen05MmaForm &f, const Target &t) {
     return f.kind == Kind::I8 && t.sm == 103;
   }},
};
// clang-format on

llvm::ArrayRef<Tcgen05Check> codegen::tcgen05Checks() { return kChecks; }

const Tcgen05Check *
codegen::firstFailingTcgen05Check(const Tcgen05MmaForm &form,
                                  const Target &target) {
  for (const Tcgen05Check &check : kChecks)
    if (check.fails(form, target))
      return &check;
  return nullptr;
}

/// "sm_100a, sm_103a or sm_110a": the targets with tensor memory on which
/// `form` passes every check.
static std::string targetsAccepting(const Tcgen05MmaForm &form) {
  llvm::SmallVector<std::string, 8> names;
  for (const Target &target : targetspec::acceptedTargets())
    if (target.hasTMem() && !firstFailingTcgen05Check(form, target))
      names.push_back(target.name());
  std::string text;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i)
      text += i + 1 == names.size() ? " or " : ", ";
    text += names[i];
  }
  return text;
}

std::string codegen::describeTcgen05Failure(const Tcgen05Check &check,
                                            const Tcgen05MmaForm &form,
                                            const Target &target,
                                            llvm::StringRef operation) {
  std::string accepting = targetsAccepting(form);
  if (!check.verbatim)
    return std::string(check.message) + " requires " +
           (accepting.empty() ? std::string("another target") : accepting) +
           "; the target is " + target.name() + " (operation " +
           operation.str() + ")";
  std::string text = std::string(check.message) + " (operation " +
                     operation.str() + ", target " + target.name();
  if (!accepting.empty())
    text += "; supported on " + accepting;
  return text + ")";
}

std::optional<std::string> codegen::checkTcgen05Mma(const llvm::CallBase &call,
                                                    const Target &target) {
  auto form = decodeTcgen05Mma(call);
  if (!form)
    return std::nullopt;
  const Tcgen05Check *check = firstFailingTcgen05Check(*form, target);
  if (!check)
    return std::nullopt;
  return describeTcgen05Failure(*check, *form, target,
                                call.getCalledFunction()->getName());
}
