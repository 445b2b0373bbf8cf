//===- Target.h - user-facing GPU targets -----------------------*- C++ -*-===//
//
// The targets the driver accepts (sm_75 .. sm_121f with the variants that
// exist), the parsing of user spellings ("sm_90a", "compute_90a", "90a") with
// helpful errors, per-target facts (minimum PTX, tmem, __CUDA_ARCH__) and
// forward compatibility.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_TARGETSPEC_TARGET_H
#define TILEIRAS_TARGETSPEC_TARGET_H

#include "tileiras/TargetSpec/ArchTable.h"
#include "tileiras/TargetSpec/CpuTable.h"
#include "tileiras/TargetSpec/FeatureTable.h"
#include "tileiras/TargetSpec/PtxVersion.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace tileiras::targetspec {

/// The default target when neither the command line nor the module names one
/// (nvcc's and ptxas' default).
inline constexpr const char *kDefaultTarget = "sm_75";

/// An accepted compilation target: an SM number plus a variant.
struct Target {
  unsigned sm = 0; // 90 for sm_90a
  CpuVariant variant = CpuVariant::Base;

  /// "", "a" or "f".
  llvm::StringRef suffix() const;
  /// "sm_90a" -- also the LLVM CPU name and the PTX .target.
  std::string name() const;
  /// "compute_90a"
  std::string computeName() const;
  /// The CPU row and the ptxas-side architecture row.
  const CpuDesc &cpu() const;
  const ArchInfo &arch() const;
  /// Features implied by the CPU row (self-bit, plus tmem where it applies).
  FeatureBitset impliedFeatures() const;
  bool hasTMem() const;
  /// __CUDA_ARCH__ (900 for sm_90 and sm_90a).
  unsigned cudaArch() const;
  /// Lowest PTX ISA for the chip: the stricter of LLVM 22 and ptxas 13.0.
  PtxVersion minPtx() const;
  /// The two sides separately (they differ only on sm_88).
  PtxVersion llvmMinPtx() const;
  PtxVersion ptxasMinPtx() const;

  bool operator==(const Target &o) const {
    return sm == o.sm && variant == o.variant;
  }
  bool operator!=(const Target &o) const { return !(*this == o); }
};

/// Every target the driver accepts, ordered by SM then base/a/f.
llvm::ArrayRef<Target> acceptedTargets();

/// Parses a user spelling: "sm_90a", "compute_90a" or "90a" (surrounding
/// whitespace and case are not forgiven). Errors are complete sentences meant
/// for users:
///  - a suffix the SM does not have suggests the one it does
///    ("sm_90 has no family-conditional variant; did you mean sm_90a?");
///  - an SM older than sm_75 names the oldest supported target;
///  - sm_101* explains the rename to sm_110;
///  - any other unknown number lists the valid targets;
///  - text that is not a target spelling at all says what is expected.
llvm::Expected<Target> parseTarget(llvm::StringRef spelling);

/// Like parseTarget but never fails on a valid canonical name; for code that
/// already validated (returns nullopt otherwise).
std::optional<Target> lookupTarget(llvm::StringRef canonicalName);

/// Comma-separated list of accepted target names, for messages.
std::string acceptedTargetList();

/// Forward compatibility of a build for `code` on a physical device whose SM
/// number is `deviceSm`: base runs on the same or any newer SM; 'a' only on
/// exactly that SM; 'f' on the members of its family that are the same or
/// newer.
bool runsOn(const Target &code, unsigned deviceSm);

} // namespace tileiras::targetspec

#endif // TILEIRAS_TARGETSPEC_TARGET_H
