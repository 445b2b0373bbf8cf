//===- Subtarget.h - CPU + -mattr resolution --------------------*- C++ -*-===//
//
// Backend-level subtarget resolution: a CPU string and an -mattr list become
// one feature bitset plus the parsed SM and PTX versions. Unknown CPUs fall
// back to sm_52 exactly as the reference backend does; the driver never relies
// on that fallback because it validates targets first (see Target.h).
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_TARGETSPEC_SUBTARGET_H
#define TILEIRAS_TARGETSPEC_SUBTARGET_H

#include "tileiras/TargetSpec/FeatureTable.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace tileiras::targetspec {

/// The CPU used when the requested one is unknown.
inline constexpr const char *kFallbackCpu = "sm_52";

struct ResolvedSubtarget {
  std::string cpu;           // the CPU row actually used
  bool usedFallback = false; // true when the requested CPU was unknown
  FeatureBitset features;
  unsigned smVersionTimesTen = 0;  // sm_90a -> 90
  unsigned ptxVersionTimesTen = 0; // 0 unless a +ptxNN feature was given
  /// Features of the -mattr list that are not in the table (ignored).
  std::vector<std::string> unknownFeatures;

  bool hasFeature(unsigned idx) const { return features.test(idx); }
  bool hasTMem() const { return features.test(feature::TMem); }
};

/// Resolves a CPU and a list of "+feat"/"-feat" entries (a bare "feat" means
/// "+feat"). Later entries win over earlier ones.
ResolvedSubtarget resolveSubtarget(llvm::StringRef cpu,
                                   llvm::ArrayRef<std::string> mattr = {});

/// Same, from a comma-separated feature string ("+ptx84,+tmem").
ResolvedSubtarget resolveSubtarget(llvm::StringRef cpu,
                                   llvm::StringRef featureString);

/// SM version times ten from a CPU or target name: "sm_90a" -> 90,
/// "sm_100f" -> 100, "compute_86" -> 86. The variant suffix is not a version.
std::optional<unsigned> parseSmVersionTimesTen(llvm::StringRef name);

/// PTX version times ten from a "ptxNN" feature key: "ptx84" -> 84.
std::optional<unsigned> parsePtxFeature(llvm::StringRef key);

} // namespace tileiras::targetspec

#endif // TILEIRAS_TARGETSPEC_SUBTARGET_H
