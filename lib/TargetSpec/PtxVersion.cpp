//===- PtxVersion.cpp - PTX ISA versions ----------------------------------===//
//
// The PTX ISA versions LLVM 22 has a ptxNN selector for, parsing of "M.m",
// and which PTX ISA a given ptxas (CUDA release) accepts at most.
//
//===----------------------------------------------------------------------===//

#include "tileiras/TargetSpec/PtxVersion.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"

using namespace llvm;

namespace tileiras::targetspec {

namespace {

// Exactly the ptxNN features of LLVM 22's NVPTX backend, ascending.
const PtxVersion kKnownPtx[] = {
    {3, 2}, {4, 0}, {4, 1}, {4, 2}, {4, 3}, {5, 0}, {6, 0}, {6, 1},
    {6, 2}, {6, 3}, {6, 4}, {6, 5}, {7, 0}, {7, 1}, {7, 2}, {7, 3},
    {7, 4}, {7, 5}, {7, 6}, {7, 7}, {7, 8}, {8, 0}, {8, 1}, {8, 2},
    {8, 3}, {8, 4}, {8, 5}, {8, 6}, {8, 7}, {8, 8}, {9, 0},
};

struct ReleaseRow {
  CudaRelease release;
  PtxVersion newestPtx;
};

// CUDA toolkit release -> newest PTX ISA its ptxas reads (PTX ISA release
// notes). 12.6 shipped no new ISA; there was no 12.7.
// clang-format off
const ReleaseRow kReleases[] = {
  {{5, 5},  {3, 2}},
  {{6, 0},  {4, 0}},
  {{6, 5},  {4, 1}},
  {{7, 0},  {4, 2}},
  {{7, 5},  {4, 3}},
  {{8, 0},  {5, 0}},
  {{9, 0},  {6, 0}},
  {{9, 1},  {6, 1}},
  {{9, 2},  {6, 2}},
  {{10, 0}, {6, 3}},
  {{10, 1}, {6, 4}},
  {{10, 2}, {6, 5}},
  {{11, 0}, {7, 0}},
  {{11, 1}, {7, 1}},
  {{11, 2}, {7, 2}},
  {{11, 3}, {7, 3}},
  {{11, 4}, {7, 4}},
  {{11, 5}, {7, 5}},
  {{11, 6}, {7, 6}},
  {{11, 7}, {7, 7}},
  {{11, 8}, {7, 8}},
  {{12, 0}, {8, 0}},
  {{12, 1}, {8, 1}},
  {{12, 2}, {8, 2}},
  {{12, 3}, {8, 3}},
  {{12, 4}, {8, 4}},
  {{12, 5}, {8, 5}},
  {{12, 6}, {8, 5}},
  {{12, 8}, {8, 7}},
  {{12, 9}, {8, 8}},
  {{13, 0}, {9, 0}},
  {{13, 1}, {9, 1}},
};
// clang-format on

unsigned releaseKey(CudaRelease r) { return r.major * 100 + r.minor; }

std::string knownList() {
  std::string s;
  for (const PtxVersion &v : kKnownPtx) {
    if (!s.empty())
      s += ", ";
    s += v.str();
  }
  return s;
}

Error makeError(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

} // namespace

std::string PtxVersion::str() const {
  return std::to_string(major) + "." + std::to_string(minor);
}

std::string PtxVersion::featureName() const {
  return "ptx" + std::to_string(timesTen());
}

ArrayRef<PtxVersion> knownPtxVersions() { return kKnownPtx; }

PtxVersion newestLlvmPtx() { return kKnownPtx[std::size(kKnownPtx) - 1]; }

std::optional<PtxVersion> previousPtxVersion(PtxVersion v) {
  std::optional<PtxVersion> best;
  for (const PtxVersion &known : kKnownPtx)
    if (known < v)
      best = known;
  return best;
}

Expected<PtxVersion> parsePtxVersion(StringRef text) {
  StringRef majorText, minorText;
  std::tie(majorText, minorText) = text.split('.');
  bool wellFormed = text.contains('.') && !majorText.empty() &&
                    majorText.size() <= 2 && all_of(majorText, isDigit) &&
                    minorText.size() == 1 && isDigit(minorText[0]);
  if (!wellFormed)
    return makeError("'" + text +
                     "' is not a PTX ISA version; write it as MAJOR.MINOR "
                     "with a one-digit minor, for example 8.4.");
  PtxVersion v;
  majorText.getAsInteger(10, v.major);
  v.minor = unsigned(minorText[0] - '0');
  if (is_contained(kKnownPtx, v))
    return v;
  if (v > newestLlvmPtx())
    return makeError("PTX ISA " + v.str() + " is newer than " +
                     newestLlvmPtx().str() +
                     ", the newest version this compiler can emit.");
  return makeError("PTX ISA " + v.str() +
                   " does not exist; the known versions are " + knownList() +
                   ".");
}

std::optional<CudaRelease> parsePtxasVersionOutput(StringRef output) {
  // "Cuda compilation tools, release 13.0, V13.0.88"; fall back to "V13.0".
  static const Regex release("release ([0-9]+)\\.([0-9]+)");
  static const Regex build("V([0-9]+)\\.([0-9]+)");
  SmallVector<StringRef, 3> m;
  if (!release.match(output, &m) && !build.match(output, &m))
    return std::nullopt;
  CudaRelease r;
  if (m[1].getAsInteger(10, r.major) || m[2].getAsInteger(10, r.minor))
    return std::nullopt;
  return r;
}

std::optional<PtxVersion> newestPtxForCudaRelease(CudaRelease release) {
  const ReleaseRow &newest = kReleases[std::size(kReleases) - 1];
  if (releaseKey(release) > releaseKey(newest.release))
    return newest.newestPtx;
  for (const ReleaseRow &row : kReleases)
    if (releaseKey(row.release) == releaseKey(release))
      return row.newestPtx;
  return std::nullopt;
}

std::optional<PtxVersion> newestPtxForPtxasVersionOutput(StringRef output) {
  if (std::optional<CudaRelease> r = parsePtxasVersionOutput(output))
    return newestPtxForCudaRelease(*r);
  return std::nullopt;
}

} // namespace tileiras::targetspec
