//===- PtxVersion.h - PTX ISA versions --------------------------*- C++ -*-===//
//
// PTX ISA versions: parsing, the versions that exist, the newest one our LLVM
// can emit, and the newest one a given ptxas accepts (from `ptxas --version`).
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_TARGETSPEC_PTXVERSION_H
#define TILEIRAS_TARGETSPEC_PTXVERSION_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace tileiras::targetspec {

/// A PTX ISA version, e.g. 8.4.
struct PtxVersion {
  unsigned major = 0;
  unsigned minor = 0;

  constexpr unsigned timesTen() const { return major * 10 + minor; }
  static constexpr PtxVersion fromTimesTen(unsigned v) {
    return PtxVersion{v / 10, v % 10};
  }
  /// "8.4"
  std::string str() const;
  /// The LLVM feature selecting it: "ptx84".
  std::string featureName() const;

  constexpr bool operator==(PtxVersion o) const {
    return timesTen() == o.timesTen();
  }
  constexpr bool operator!=(PtxVersion o) const { return !(*this == o); }
  constexpr bool operator<(PtxVersion o) const {
    return timesTen() < o.timesTen();
  }
  constexpr bool operator<=(PtxVersion o) const { return !(o < *this); }
  constexpr bool operator>(PtxVersion o) const { return o < *this; }
  constexpr bool operator>=(PtxVersion o) const { return !(*this < o); }
};

/// Every PTX ISA version that exists and that our LLVM has a selector for,
/// ascending (3.2, 4.0, ..., 8.8, 9.0).
llvm::ArrayRef<PtxVersion> knownPtxVersions();

/// The newest PTX ISA LLVM 22's NVPTX backend can emit (9.0).
PtxVersion newestLlvmPtx();

/// The PTX ISA of the .blocksareclusters directive that a kernel launched
/// as clusters of more than one CTA carries (nvvm.blocksareclusters).
inline constexpr PtxVersion kBlocksAreClustersPtx{9, 0};

/// The function attribute ("8.4") with which the tile lowering records
/// the PTX ISA that the inline PTX of a function needs (the driver raises
/// the module's .version to it, like for an intrinsic family).
inline constexpr const char *kMinPtxFunctionAttr = "tileiras-min-ptx";

/// The next lower known PTX version, if any (9.0 -> 8.8, 8.0 -> 7.8).
std::optional<PtxVersion> previousPtxVersion(PtxVersion v);

/// Parses "8.4". Fails with a message naming the accepted spellings for
/// malformed text, and with the list of known versions for a well-formed
/// version that does not exist (e.g. "8.9").
llvm::Expected<PtxVersion> parsePtxVersion(llvm::StringRef text);

/// A CUDA toolkit release as printed by `ptxas --version`
/// ("Cuda compilation tools, release 13.0, V13.0.88").
struct CudaRelease {
  unsigned major = 0;
  unsigned minor = 0;
};

/// Extracts the CUDA release from `ptxas --version` output.
std::optional<CudaRelease> parsePtxasVersionOutput(llvm::StringRef output);

/// The newest PTX ISA a ptxas of the given CUDA release accepts
/// (12.0..12.4 -> 8.0..8.4, 12.5/12.6 -> 8.5, 12.8 -> 8.7, 12.9 -> 8.8,
/// 13.0 -> 9.0, 13.1 -> 9.1, older releases per the CUDA release notes).
/// Releases newer than any we know map to the newest PTX we know of.
std::optional<PtxVersion> newestPtxForCudaRelease(CudaRelease release);

/// Convenience: parse the output and map it.
std::optional<PtxVersion>
newestPtxForPtxasVersionOutput(llvm::StringRef output);

} // namespace tileiras::targetspec

#endif // TILEIRAS_TARGETSPEC_PTXVERSION_H
