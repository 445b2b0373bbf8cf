//===- Subtarget.cpp - CPU + -mattr resolution ----------------------------===//
//
// Mirrors how the NVPTX subtarget is populated: the CPU row's implied bits
// are OR'd in, then every -mattr entry sets or clears its bit in order. An
// unknown CPU falls back to sm_52 (as the reference backend does); unknown
// features are collected and otherwise ignored (as LLVM does).
//
//===----------------------------------------------------------------------===//

#include "tileiras/TargetSpec/Subtarget.h"

#include "tileiras/TargetSpec/CpuTable.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace tileiras::targetspec {

namespace {

/// Digits of a name after one of the accepted prefixes, with an optional
/// single variant suffix; e.g. "sm_100f" -> "100".
std::optional<StringRef> smDigits(StringRef name) {
  for (StringRef prefix : {"sm_", "compute_", "lto_"}) {
    if (!name.consume_front(prefix))
      continue;
    if (name.ends_with("a") || name.ends_with("f"))
      name = name.drop_back();
    if (name.empty() || !all_of(name, isDigit))
      return std::nullopt;
    return name;
  }
  return std::nullopt;
}

} // namespace

std::optional<unsigned> parseSmVersionTimesTen(StringRef name) {
  std::optional<StringRef> digits = smDigits(name);
  unsigned value = 0;
  if (!digits || digits->getAsInteger(10, value))
    return std::nullopt;
  return value;
}

std::optional<unsigned> parsePtxFeature(StringRef key) {
  unsigned value = 0;
  if (!key.consume_front("ptx") || key.size() != 2 || !all_of(key, isDigit) ||
      key.getAsInteger(10, value))
    return std::nullopt;
  return value;
}

ResolvedSubtarget resolveSubtarget(StringRef cpu, ArrayRef<std::string> mattr) {
  ResolvedSubtarget result;
  const CpuDesc *row = lookupCpu(cpu);
  if (!row) {
    row = lookupCpu(kFallbackCpu);
    result.usedFallback = true;
  }
  result.cpu = row->key;
  result.features |= row->implies;

  for (StringRef entry : mattr) {
    entry = entry.trim();
    if (entry.empty())
      continue;
    bool enable = !entry.starts_with("-");
    StringRef name =
        entry.drop_while([](char c) { return c == '+' || c == '-'; });
    // Only one sign is meaningful; "++x" is not a feature name.
    if (entry.size() - name.size() > 1) {
      result.unknownFeatures.push_back(entry.str());
      continue;
    }
    std::optional<unsigned> idx = lookupFeature(name);
    if (!idx) {
      result.unknownFeatures.push_back(name.str());
      continue;
    }
    if (enable)
      result.features.set(*idx);
    else
      result.features.reset(*idx);
  }

  // SM from the row actually used: "sm_90a" -> 90 (the suffix is a variant).
  result.smVersionTimesTen = parseSmVersionTimesTen(row->key).value_or(0);
  // PTX only from an explicit +ptxNN; with several, the newest wins (the same
  // outcome as LLVM's generated feature parser, which assigns in index order).
  for (const FeatureDesc &f : getFeatureTable())
    if (f.kind == FeatureKind::PtxVersion && result.features.test(f.index) &&
        f.value > result.ptxVersionTimesTen)
      result.ptxVersionTimesTen = f.value;
  return result;
}

ResolvedSubtarget resolveSubtarget(StringRef cpu, StringRef featureString) {
  SmallVector<StringRef> pieces;
  featureString.split(pieces, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  std::vector<std::string> mattr;
  for (StringRef piece : pieces)
    mattr.push_back(piece.trim().str());
  return resolveSubtarget(cpu, mattr);
}

} // namespace tileiras::targetspec
