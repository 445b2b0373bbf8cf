//===- Tcgen05Legality.h - tcgen05.mma kind-word checks ---------*- C++ -*-===//
//
// The tcgen05.mma family is one PTX instruction with many qualifiers (kind,
// sparsity, block scaling, weight stationary, scale-input-accumulator,
// ashift, collector usage, cta_group). LLVM 22 spreads them over intrinsic
// names and immediate operands; this decodes both into one form and runs the
// kind-word checks on it before instruction selection, so a combination the
// target cannot encode is a located error instead of a selector crash.
//
// The first thirteen checks report NVIDIA's diagnostics verbatim (DESIGN §6)
// in NVIDIA's order, first failure wins; the checks after them cover what
// LLVM 22's selector and ptxas 13.0 refuse beyond those thirteen, in our own
// words. docs/targets.md lists which of them LLVM 22 can reach at all.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_CODEGEN_TCGEN05LEGALITY_H
#define TILEIRAS_CODEGEN_TCGEN05LEGALITY_H

#include "tileiras/TargetSpec/Target.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace llvm {
class CallBase;
} // namespace llvm

namespace tileiras::codegen {

/// `.kind::*` of tcgen05.mma; the first four come from an immediate operand,
/// the block-scaled ones from the intrinsic name.
enum class Tcgen05MmaKind : uint8_t {
  F16,
  TF32,
  F8F6F4,
  I8,
  MXF8F6F4,
  MXF4,
  MXF4NVF4
};

/// Scale vector size of a block-scaled MMA (scale factors per row of K).
enum class Tcgen05ScaleVec : uint8_t { Implicit, X1, X2, X4 };

/// `.collector::a::*` usage.
enum class Tcgen05Collector : uint8_t { Discard, LastUse, Fill, Use };

/// Everything the kind-word checks look at in one tcgen05.mma.
struct Tcgen05MmaForm {
  Tcgen05MmaKind kind = Tcgen05MmaKind::F16;
  unsigned ctaGroup = 1;
  Tcgen05Collector collectorA = Tcgen05Collector::Discard;
  bool sparse = false;
  bool weightStationary = false;
  bool blockScale = false;
  bool scaleInputAccumulator = false;
  bool ashift = false;
  Tcgen05ScaleVec scaleVec = Tcgen05ScaleVec::Implicit;
  /// The size is spelled `.scale_vec::NX` (arch-conditional only) rather than
  /// with the `.block16`/`.block32` alias; LLVM 22 only prints the alias.
  bool scaleVecQualifier = false;
};

/// Where the immediate operands of a tcgen05.mma intrinsic sit: the static
/// part of the form (from the name) and the meaning of the trailing
/// immediates.
struct Tcgen05MmaSignature {
  enum class Immediates : uint8_t {
    KindCtaGroupCollector, // tcgen05.mma[.sp].{shared,tensor}[.scale_d][.ashift]
    KindCollector,         // ...disable_output_lane.cg{1,2}[.ashift]
    CtaGroupCollector,     // ....{mxf8f6f4,mxf4,mxf4nvf4}.block_scale[.blockN]
    KindBufferUsage, // tcgen05.mma.ws[.sp].{shared,tensor}[.zero_col_mask]
  };
  Tcgen05MmaForm form; // kind/ctaGroup/collector filled from the immediates
  Immediates immediates;
  unsigned numImmediates() const {
    return immediates == Immediates::KindCtaGroupCollector ||
                   immediates == Immediates::KindBufferUsage
               ? 3
               : 2;
  }
};

/// Parses an LLVM 22 tcgen05.mma intrinsic name ("llvm.nvvm.tcgen05.mma.sp.
/// shared.mxf4.block_scale.block32"); nullopt for any other name.
std::optional<Tcgen05MmaSignature> parseTcgen05MmaName(llvm::StringRef name);

/// Completes the form with the trailing immediate operands, in order;
/// nullopt when one is outside what LLVM 22 defines (the IR verifier's to
/// report).
std::optional<Tcgen05MmaForm>
applyTcgen05Immediates(const Tcgen05MmaSignature &signature,
                       llvm::ArrayRef<uint64_t> immediates);

/// Both of the above for a call; nullopt when it is not a tcgen05.mma or its
/// immediates are not constants in range.
std::optional<Tcgen05MmaForm> decodeTcgen05Mma(const llvm::CallBase &call);

/// One kind-word check, in the order they run.
struct Tcgen05Check {
  unsigned number; // 1-13: NVIDIA's checks; 14 on: checks of our own
  /// NVIDIA's text (reproduced byte for byte, typos included) for 1-13; for
  /// our own checks the subject of "SUBJECT requires CHIPS; the target is X".
  const char *message;
  bool verbatim;
  /// Whether some LLVM 22 tcgen05.mma intrinsic with in-range immediates can
  /// fail this check on a tmem target (the unit test re-derives it).
  bool reachableInLlvm22;
  bool (*fails)(const Tcgen05MmaForm &form, const targetspec::Target &target);
};

/// Every check, in order.
llvm::ArrayRef<Tcgen05Check> tcgen05Checks();

/// The first check `form` fails on `target`, or nullptr. Only meaningful for
/// targets with tensor memory; other targets fail the tcgen05 family check.
const Tcgen05Check *firstFailingTcgen05Check(const Tcgen05MmaForm &form,
                                             const targetspec::Target &target);

/// The diagnostic for one failing use (without location): the verbatim text
/// followed by the operation, the target and the targets that would accept
/// the form.
std::string describeTcgen05Failure(const Tcgen05Check &check,
                                   const Tcgen05MmaForm &form,
                                   const targetspec::Target &target,
                                   llvm::StringRef operation);

/// Decodes and checks one call; the message when it is illegal on `target`.
std::optional<std::string> checkTcgen05Mma(const llvm::CallBase &call,
                                           const targetspec::Target &target);

} // namespace tileiras::codegen

#endif // TILEIRAS_CODEGEN_TCGEN05LEGALITY_H
