//===- ArchTable.h - ptxas-side architecture table --------------*- C++ -*-===//
//
// What the assembler side knows about each SM: family name, __CUDA_ARCH__,
// codegen factory value, which suffixes validate, per-SM resource geometry
// and register allocation granularity. Looked up by sm_XX, compute_XX or
// lto_XX (a trailing a/f suffix selects the same SM row).
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_TARGETSPEC_ARCHTABLE_H
#define TILEIRAS_TARGETSPEC_ARCHTABLE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace tileiras::targetspec {

/// Per-SM hardware resources.
struct ResourceGeometry {
  unsigned registersPerSM;        // 32-bit registers per SM
  unsigned maxRegistersPerThread; // 255
  unsigned maxThreadsPerCTA;      // launch limit per CTA (1024)
  unsigned maxThreadsPerSM;       // resident threads per SM
  unsigned maxWarpsPerSM;
  unsigned maxCTAsPerSM;
  unsigned schedulerPartitions;
  unsigned dispatchSlots;
  /// Configurable shared-memory carve-outs per SM, in KiB, ascending.
  llvm::ArrayRef<unsigned> sharedMemoryConfigsKiB;
  /// Static shared memory a CTA may declare without opting in (48 KiB).
  unsigned staticSharedMemoryBytes;
  /// Largest shared memory one CTA may use (opt-in dynamic), in bytes.
  unsigned maxSharedMemoryPerCTABytes;
  /// Registers are allocated per warp in units of this many registers
  /// (256 per warp = 8 per thread on sm_70 and newer).
  unsigned registerAllocUnitPerWarp;
};

struct ArchInfo {
  unsigned sm;             // 90
  const char *family;      // "Hopper"
  unsigned cudaArch;       // __CUDA_ARCH__ value: 900
  unsigned codegenFactory; // ptxas' ISA generation encoding
  bool hasArchVariant;     // 'a' validates
  bool hasFamilyVariant;   // 'f' validates
  /// SMs an 'f' build of this SM also runs on (same family, same or newer).
  llvm::ArrayRef<unsigned> familyMembers;
  ResourceGeometry geometry;
  std::optional<unsigned> elfByte; // ELF target byte of the base chip
  const char *product;             // "H100 / H200"
};

/// All SMs ptxas 13.0 registers a profile for (sm_75 .. sm_121), ascending.
llvm::ArrayRef<ArchInfo> getArchTable();

/// Looks up "sm_90", "sm_90a", "compute_100f", "lto_89". Returns null for
/// names without a profile (including the validation-only sm_101 alias).
const ArchInfo *lookupArch(llvm::StringRef name);

/// The validation sets of ptxas 13.0: base names (32), 'a' names (7), 'f'
/// names (6). Sorted by SM number.
llvm::ArrayRef<unsigned> ptxasBaseValidationSet();
llvm::ArrayRef<unsigned> ptxasArchValidationSet();
llvm::ArrayRef<unsigned> ptxasFamilyValidationSet();

/// True when ptxas 13.0 would accept this spelling in a PTX `.target`
/// directive ("sm_90a" yes, "sm_90f" no, "sm_101" yes). Its --gpu-name
/// option is stricter: it takes only the names with a profile (lookupArch),
/// so "sm_101" is rejected there.
bool ptxasValidates(llvm::StringRef name);

/// Register budget per thread that lets `ctasPerSM` CTAs of
/// `threadsPerCTA` threads be resident at once, rounded down to the
/// allocation unit and capped at the per-thread maximum. Returns nullopt when
/// the request cannot be met at all (too many warps or CTAs for the SM, or a
/// budget below the smallest allocation).
std::optional<unsigned> maxRegistersForOccupancy(const ArchInfo &arch,
                                                 unsigned threadsPerCTA,
                                                 unsigned ctasPerSM);

} // namespace tileiras::targetspec

#endif // TILEIRAS_TARGETSPEC_ARCHTABLE_H
