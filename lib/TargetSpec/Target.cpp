//===- Target.cpp - user-facing GPU targets -------------------------------===//
//
// The 23 targets the driver accepts, their minimum PTX ISA on each side
// (LLVM 22 and ptxas 13.0), the parsing of user spellings with messages that
// tell the user what to write instead, and forward compatibility.
//
//===----------------------------------------------------------------------===//

#include "tileiras/TargetSpec/Target.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"

using namespace llvm;

namespace tileiras::targetspec {

namespace {

using V = CpuVariant;

struct AcceptedRow {
  Target target;
  PtxVersion llvmMinPtx;  // LLVM 22 aborts below this
  PtxVersion ptxasMinPtx; // ptxas 13.0 rejects below this
};

// Ordered by SM, then base / a / f. Minimums: LLVM 22's processor rows and
// ptxas 13.0, measured; they differ only on sm_88.
// clang-format off
const AcceptedRow kAccepted[] = {
  // target          LLVM    ptxas
  {{75,  V::Base},   {6, 3}, {6, 3}},
  {{80,  V::Base},   {7, 0}, {7, 0}},
  {{86,  V::Base},   {7, 1}, {7, 1}},
  {{87,  V::Base},   {7, 4}, {7, 4}},
  {{88,  V::Base},   {9, 0}, {7, 3}},
  {{89,  V::Base},   {7, 8}, {7, 8}},
  {{90,  V::Base},   {7, 8}, {7, 8}},
  {{90,  V::Arch},   {8, 0}, {8, 0}},
  {{100, V::Base},   {8, 6}, {8, 6}},
  {{100, V::Arch},   {8, 6}, {8, 6}},
  {{100, V::Family}, {8, 8}, {8, 8}},
  {{103, V::Base},   {8, 8}, {8, 8}},
  {{103, V::Arch},   {8, 8}, {8, 8}},
  {{103, V::Family}, {8, 8}, {8, 8}},
  {{110, V::Base},   {9, 0}, {9, 0}},
  {{110, V::Arch},   {9, 0}, {9, 0}},
  {{110, V::Family}, {9, 0}, {9, 0}},
  {{120, V::Base},   {8, 7}, {8, 7}},
  {{120, V::Arch},   {8, 7}, {8, 7}},
  {{120, V::Family}, {8, 8}, {8, 8}},
  {{121, V::Base},   {8, 8}, {8, 8}},
  {{121, V::Arch},   {8, 8}, {8, 8}},
  {{121, V::Family}, {8, 8}, {8, 8}},
};
// clang-format on

constexpr unsigned kOldestSm = 75;
/// NVIDIA renamed sm_101 (Jetson Thor) to sm_110 in CUDA 13.0.
constexpr unsigned kRenamedSm = 101;
constexpr unsigned kRenamedTo = 110;

std::vector<Target> buildTargetList() {
  std::vector<Target> out;
  for (const AcceptedRow &row : kAccepted)
    out.push_back(row.target);
  return out;
}

const AcceptedRow &rowFor(const Target &t) {
  for (const AcceptedRow &row : kAccepted)
    if (row.target == t)
      return row;
  // Targets come from acceptedTargets()/parseTarget(); anything else is a
  // programming error, not a user error.
  report_fatal_error("not an accepted target: " + Twine(t.name()));
}

const AcceptedRow *findRow(unsigned sm, V variant) {
  for (const AcceptedRow &row : kAccepted)
    if (row.target.sm == sm && row.target.variant == variant)
      return &row;
  return nullptr;
}

bool hasVariant(unsigned sm, V variant) {
  return findRow(sm, variant) != nullptr;
}

StringRef suffixOf(V variant) {
  switch (variant) {
  case V::Base:
    return "";
  case V::Arch:
    return "a";
  case V::Family:
    return "f";
  }
  return "";
}

Error makeError(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

} // namespace

StringRef Target::suffix() const { return suffixOf(variant); }

std::string Target::name() const {
  return "sm_" + std::to_string(sm) + suffix().str();
}

std::string Target::computeName() const {
  return "compute_" + std::to_string(sm) + suffix().str();
}

const CpuDesc &Target::cpu() const {
  const CpuDesc *row = lookupCpu(name());
  if (!row)
    report_fatal_error("no CPU row for " + Twine(name()));
  return *row;
}

const ArchInfo &Target::arch() const {
  const ArchInfo *row = lookupArch(name());
  if (!row)
    report_fatal_error("no ptxas profile for " + Twine(name()));
  return *row;
}

FeatureBitset Target::impliedFeatures() const { return cpu().implies; }

bool Target::hasTMem() const { return impliedFeatures().test(feature::TMem); }

unsigned Target::cudaArch() const { return arch().cudaArch; }

PtxVersion Target::llvmMinPtx() const { return rowFor(*this).llvmMinPtx; }

PtxVersion Target::ptxasMinPtx() const { return rowFor(*this).ptxasMinPtx; }

PtxVersion Target::minPtx() const {
  const AcceptedRow &row = rowFor(*this);
  return std::max(row.llvmMinPtx, row.ptxasMinPtx);
}

ArrayRef<Target> acceptedTargets() {
  static const std::vector<Target> targets = buildTargetList();
  return targets;
}

std::string acceptedTargetList() {
  std::string out;
  for (const Target &t : acceptedTargets()) {
    if (!out.empty())
      out += ", ";
    out += t.name();
  }
  return out;
}

Expected<Target> parseTarget(StringRef spelling) {
  // Grammar: [sm_|compute_]<digits>[a|f], digits without a leading zero.
  StringRef rest = spelling;
  StringRef prefix = "sm_";
  if (rest.consume_front("compute_"))
    prefix = "compute_";
  else
    rest.consume_front("sm_");
  V variant = V::Base;
  if (rest.consume_back("a"))
    variant = V::Arch;
  else if (rest.consume_back("f"))
    variant = V::Family;
  unsigned sm = 0;
  if (rest.empty() || rest.front() == '0' || !all_of(rest, isDigit) ||
      rest.getAsInteger(10, sm))
    return makeError(
        "'" + spelling +
        "' is not a GPU target; write it as sm_<number> with an optional "
        "'a' or 'f' suffix, for example sm_90, sm_90a or sm_100f "
        "(compute_90a and 90a are accepted too).");

  // The same spelling style is used in the message as the user wrote.
  auto spell = [&](unsigned n, V v) {
    return (prefix + Twine(n) + suffixOf(v)).str();
  };

  if (sm == kRenamedSm)
    return makeError(
        spell(sm, variant) +
        " is no longer a valid target: NVIDIA renamed "
        "sm_101 to sm_110 and ptxas 13 does not accept the old name; use " +
        spell(kRenamedTo, variant) + " instead.");
  if (sm < kOldestSm)
    return makeError(spell(sm, variant) +
                     " is not supported; the oldest supported target is sm_" +
                     Twine(kOldestSm) + ".");
  if (!hasVariant(sm, V::Base))
    return makeError(spell(sm, variant) +
                     " is not a known GPU target; the valid targets are " +
                     acceptedTargetList() + ".");
  if (!hasVariant(sm, variant)) {
    // Suggest the variant this SM does have: 'a' where it exists (an 'f'
    // request keeps its chip-specific features), else the base name.
    V suggestion =
        hasVariant(sm, V::Arch) && variant == V::Family ? V::Arch : V::Base;
    StringRef what =
        variant == V::Family ? "family-conditional" : "architecture-specific";
    return makeError(spell(sm, V::Base) + " has no " + what +
                     " variant; did you mean " + spell(sm, suggestion) + "?");
  }
  return Target{sm, variant};
}

std::optional<Target> lookupTarget(StringRef canonicalName) {
  for (const Target &t : acceptedTargets())
    if (canonicalName == t.name())
      return t;
  return std::nullopt;
}

bool runsOn(const Target &code, unsigned deviceSm) {
  switch (code.variant) {
  case V::Base:
    return deviceSm >= code.sm;
  case V::Arch:
    return deviceSm == code.sm;
  case V::Family:
    return is_contained(code.arch().familyMembers, deviceSm);
  }
  return false;
}

} // namespace tileiras::targetspec
