//===- CpuTable.h - NVPTX CPU rows ------------------------------*- C++ -*-===//
//
// The CPU table: the 40 rows of the reference build sorted by ASCII
// ("sm_100" < "sm_100a" < ... < "sm_20" < ... < "sm_90a") and searched with a
// binary search, followed by rows for chips that build lacks (sm_87, sm_88),
// appended without renumbering the first 40.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_TARGETSPEC_CPUTABLE_H
#define TILEIRAS_TARGETSPEC_CPUTABLE_H

#include "tileiras/TargetSpec/FeatureTable.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace tileiras::targetspec {

/// Number of rows in the sorted, binary-searched part of the CPU table.
inline constexpr unsigned kSortedCpuRows = 40;

enum class CpuVariant { Base, Arch /* 'a' */, Family /* 'f' */ };

struct CpuDesc {
  const char *key;          // "sm_90a"
  unsigned featureIndex;    // self-bit in the feature table
  FeatureBitset implies;    // self-bit, plus tmem for the eight tmem rows
  CpuVariant variant;
  /// ELF target byte the cubin reader knows for this chip, if any.
  std::optional<unsigned> elfByte;
  /// Human-readable product line ("Hopper GH100").
  const char *product;
};

/// The full table: the 40 sorted rows first, then appended rows.
llvm::ArrayRef<CpuDesc> getCpuTable();

/// Looks a CPU up by exact key: binary search over the sorted rows, then the
/// appended rows. Returns null for unknown keys.
const CpuDesc *lookupCpu(llvm::StringRef key);

/// Row index of a CPU key in `getCpuTable()`, if present.
std::optional<unsigned> cpuRowIndex(llvm::StringRef key);

} // namespace tileiras::targetspec

#endif // TILEIRAS_TARGETSPEC_CPUTABLE_H
