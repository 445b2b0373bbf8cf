//===- FeatureTable.h - NVPTX subtarget feature indices ---------*- C++ -*-===//
//
// The subtarget feature table: every feature at a fixed bit position. Indices
// 0..80 reproduce the NVPTX feature matrix of the reference build exactly;
// features that build lacks (ptx90, the sm_87/sm_88 self-bits) are appended
// after 80 and never renumber what comes before.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_TARGETSPEC_FEATURETABLE_H
#define TILEIRAS_TARGETSPEC_FEATURETABLE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace tileiras::targetspec {

/// Number of 64-bit words in every feature bitset (room for 384 features).
inline constexpr unsigned kFeatureWords = 6;

/// Well-known feature positions. The full table is `getFeatureTable()`.
namespace feature {
inline constexpr unsigned FmaLevel0 = 0;
inline constexpr unsigned FmaLevel1 = 1;
inline constexpr unsigned FmaLevel2 = 2;
inline constexpr unsigned Ptx32 = 3;  // first PTX selector
inline constexpr unsigned Ptx88 = 32; // last PTX selector of the seed table
inline constexpr unsigned PrecDivF32_0 = 33;
inline constexpr unsigned PrecDivF32_3 = 36;
inline constexpr unsigned PrecSqrtF32_0 = 37;
inline constexpr unsigned PrecSqrtF32_1 = 38;
inline constexpr unsigned SM20 = 39;   // first per-CPU self-bit
inline constexpr unsigned SM90 = 59;
inline constexpr unsigned SM90a = 60;
inline constexpr unsigned SM100 = 61;
inline constexpr unsigned SM100a = 62;
inline constexpr unsigned SM121f = 78; // last per-CPU self-bit of the seed
inline constexpr unsigned SharedMem32BitPtr = 79;
inline constexpr unsigned TMem = 80;
// Appended after the seed's 81 features.
inline constexpr unsigned Ptx90 = 81;
inline constexpr unsigned SM87 = 82;
inline constexpr unsigned SM88 = 83;
/// Total number of features we know.
inline constexpr unsigned NumFeatures = 84;
/// Number of features in the seed table (indices 0..80).
inline constexpr unsigned NumSeedFeatures = 81;
} // namespace feature

/// A fixed-size feature bitset, six 64-bit words.
struct FeatureBitset {
  uint64_t words[kFeatureWords] = {0, 0, 0, 0, 0, 0};

  constexpr bool test(unsigned idx) const {
    return idx < 64 * kFeatureWords && ((words[idx >> 6] >> (idx & 63)) & 1);
  }
  constexpr void set(unsigned idx) {
    if (idx < 64 * kFeatureWords)
      words[idx >> 6] |= uint64_t(1) << (idx & 63);
  }
  constexpr void reset(unsigned idx) {
    if (idx < 64 * kFeatureWords)
      words[idx >> 6] &= ~(uint64_t(1) << (idx & 63));
  }
  /// Word-wise OR, the way a CPU row's implies mask is merged.
  constexpr FeatureBitset &operator|=(const FeatureBitset &other) {
    for (unsigned i = 0; i < kFeatureWords; ++i)
      words[i] |= other.words[i];
    return *this;
  }
  constexpr bool operator==(const FeatureBitset &other) const {
    for (unsigned i = 0; i < kFeatureWords; ++i)
      if (words[i] != other.words[i])
        return false;
    return true;
  }
  constexpr bool operator!=(const FeatureBitset &other) const {
    return !(*this == other);
  }
  /// Number of set bits.
  unsigned count() const;
};

/// What a feature selects.
enum class FeatureKind {
  FmaLevel,     // fma-level=N
  PtxVersion,   // ptxNN
  PrecDivF32,   // prec-divf32=N
  PrecSqrtF32,  // prec-sqrtf32=N
  Cpu,          // sm_XX[a|f] self-bit
  Other,        // sharedmem32bitptr, tmem
};

/// One row of the feature table. `implies` is empty for every row: features
/// never pull in other features; CPU rows carry their full implied set.
struct FeatureDesc {
  unsigned index;
  const char *key;
  const char *description;
  FeatureKind kind;
  /// For PtxVersion rows: the version times ten (ptx84 -> 84). For FmaLevel,
  /// PrecDivF32, PrecSqrtF32 rows: the level N. Zero otherwise.
  unsigned value;
};

/// The whole feature table, indexed by position: `getFeatureTable()[i].index
/// == i` for every i < feature::NumFeatures.
llvm::ArrayRef<FeatureDesc> getFeatureTable();

/// Finds a feature by its key ("ptx84", "tmem", "sm_90a", "fma-level=2").
std::optional<unsigned> lookupFeature(llvm::StringRef key);

/// The feature index of the `ptxNN` selector for a PTX version times ten
/// (84 -> 28, 90 -> 81), if such a selector exists.
std::optional<unsigned> ptxFeatureFor(unsigned ptxTimesTen);

} // namespace tileiras::targetspec

#endif // TILEIRAS_TARGETSPEC_FEATURETABLE_H
