//===- ArchTable.cpp - ptxas-side architecture table ----------------------===//
//
// One row per SM that ptxas 13.0 builds a profile for. Identity columns
// (family string, __CUDA_ARCH__, codegen factory, suffixes) follow the ptxas
// profile registration; the resource geometry follows ptxas' per-SM table
// except where that table is known to be wrong (see docs/targets.md,
// "Resource geometry").
//
//===----------------------------------------------------------------------===//

#include "tileiras/TargetSpec/ArchTable.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace llvm;

namespace tileiras::targetspec {

namespace {

constexpr unsigned KiB = 1024;
constexpr unsigned kRegistersPerSM = 65536;
constexpr unsigned kMaxRegsPerThread = 255;
constexpr unsigned kMaxThreadsPerCTA = 1024;
constexpr unsigned kStaticShared = 48 * KiB;
constexpr unsigned kRegUnitPerWarp = 256; // 8 registers per thread
constexpr unsigned kWarpSize = 32;

// Configurable shared-memory carve-outs per SM (KiB).
const unsigned kSmemTuring[] = {32, 48, 64};
const unsigned kSmemGA100[] = {48, 100, 132, 164};
const unsigned kSmemGA10x[] = {48, 100};
const unsigned kSmemOrin[] = {48, 100, 164};
const unsigned kSmemHopper[] = {48, 100, 132, 164, 228};

// SMs an 'f' build runs on: same family, same or newer.
const unsigned kFamily100[] = {100, 103};
const unsigned kFamily103[] = {103};
const unsigned kFamily110[] = {110};
const unsigned kFamily120[] = {120, 121};
const unsigned kFamily121[] = {121};

constexpr ResourceGeometry geometry(unsigned threadsPerSM, unsigned warps,
                                    unsigned ctas, unsigned partitions,
                                    unsigned slots, ArrayRef<unsigned> smem,
                                    unsigned maxSmemPerCTAKiB) {
  return ResourceGeometry{kRegistersPerSM,
                          kMaxRegsPerThread,
                          kMaxThreadsPerCTA,
                          threadsPerSM,
                          warps,
                          ctas,
                          partitions,
                          slots,
                          smem,
                          kStaticShared,
                          maxSmemPerCTAKiB * KiB,
                          kRegUnitPerWarp};
}

constexpr std::nullopt_t none = std::nullopt;

// clang-format off
const ArchInfo kArchTable[] = {
  // sm   family       CUDA_ARCH factory a      f      f-members   geometry: thr/SM warps CTAs part slots smem configs  max smem/CTA (KiB)           ELF   product
  {75,  "Turing",    750,  24577, false, false, {},         geometry(1024, 32, 16,  7, 208, kSmemTuring, 64),  0x4B, "TU10x (RTX 20 series, T4)"},
  {80,  "Ampere",    800,  28673, false, false, {},         geometry(2048, 64, 32,  7, 208, kSmemGA100,  163), 0x50, "A100"},
  {86,  "Ampere",    860,  28674, false, false, {},         geometry(1536, 48, 16,  7, 208, kSmemGA10x,  99),  0x56, "A40 / A10 / RTX 30 series"},
  {87,  "Ampere",    870,  28675, false, false, {},         geometry(1536, 48, 16,  7, 208, kSmemOrin,   163), 0x57, "Jetson Orin"},
  {88,  "Ampere",    880,  28676, false, false, {},         geometry(1536, 48, 16,  7, 208, kSmemGA10x,  99),  0x58, "no public product"},
  {89,  "Ampere",    890,  28677, false, false, {},         geometry(1536, 48, 24,  7, 208, kSmemGA10x,  99),  0x59, "AD10x (RTX 40 series, L40S)"},
  {90,  "Hopper",    900,  32768, true,  false, {},         geometry(2048, 64, 32,  8, 224, kSmemHopper, 227), 0x5A, "H100 / H200"},
  {100, "Blackwell", 1000, 36864, true,  true,  kFamily100, geometry(2048, 64, 32, 16, 240, kSmemHopper, 227), 0x64, "B200 / GB200"},
  {103, "Blackwell", 1030, 36866, true,  true,  kFamily103, geometry(2048, 64, 32, 16, 240, kSmemHopper, 227), none, "B300 / GB300"},
  {110, "Blackwell", 1100, 36867, true,  true,  kFamily110, geometry(2048, 64, 32, 16, 240, kSmemHopper, 227), none, "Jetson Thor"},
  {120, "Blackwell", 1200, 36868, true,  true,  kFamily120, geometry(1536, 48, 32, 16, 240, kSmemGA10x,  99),  0x78, "RTX 50 series / RTX PRO Blackwell"},
  {121, "Blackwell", 1210, 36869, true,  true,  kFamily121, geometry(1536, 48, 32, 16, 240, kSmemGA10x,  99),  none, "DGX Spark (GB10)"},
};

// Names ptxas 13.0 accepts in a PTX .target directive, by suffix.
const unsigned kPtxasBase[] = {10, 11, 12, 13, 20, 21, 30, 32, 35, 37, 50,
                               52, 53, 60, 61, 62, 70, 72, 75, 80, 82, 86,
                               87, 88, 89, 90, 100, 101, 103, 110, 120, 121};
const unsigned kPtxasArch[] = {90, 100, 101, 103, 110, 120, 121};
const unsigned kPtxasFamily[] = {100, 101, 103, 110, 120, 121};
// clang-format on

static_assert(std::size(kPtxasBase) == 32 && std::size(kPtxasArch) == 7 &&
                  std::size(kPtxasFamily) == 6,
              "ptxas 13.0 validation set sizes");

struct SplitName {
  unsigned sm = 0;
  char suffix = 0; // 0, 'a' or 'f'
};

/// Splits "sm_100f" / "compute_90a" / "lto_89" (prefixes as allowed).
std::optional<SplitName> splitName(StringRef name,
                                   ArrayRef<StringRef> prefixes) {
  bool matched = false;
  for (StringRef prefix : prefixes)
    if (name.consume_front(prefix)) {
      matched = true;
      break;
    }
  if (!matched)
    return std::nullopt;
  SplitName out;
  if (name.ends_with("a") || name.ends_with("f")) {
    out.suffix = name.back();
    name = name.drop_back();
  }
  if (name.empty() || !all_of(name, isDigit) || name.getAsInteger(10, out.sm))
    return std::nullopt;
  return out;
}

} // namespace

ArrayRef<ArchInfo> getArchTable() { return kArchTable; }

const ArchInfo *lookupArch(StringRef name) {
  std::optional<SplitName> split = splitName(name, {"sm_", "compute_", "lto_"});
  if (!split)
    return nullptr;
  for (const ArchInfo &row : kArchTable) {
    if (row.sm != split->sm)
      continue;
    // Only the suffixes ptxas registers a profile for select the row.
    if ((split->suffix == 'a' && !row.hasArchVariant) ||
        (split->suffix == 'f' && !row.hasFamilyVariant))
      return nullptr;
    return &row;
  }
  return nullptr;
}

ArrayRef<unsigned> ptxasBaseValidationSet() { return kPtxasBase; }
ArrayRef<unsigned> ptxasArchValidationSet() { return kPtxasArch; }
ArrayRef<unsigned> ptxasFamilyValidationSet() { return kPtxasFamily; }

bool ptxasValidates(StringRef name) {
  std::optional<SplitName> split = splitName(name, {"sm_"});
  if (!split)
    return false;
  ArrayRef<unsigned> set = split->suffix == 'a'   ? ptxasArchValidationSet()
                           : split->suffix == 'f' ? ptxasFamilyValidationSet()
                                                  : ptxasBaseValidationSet();
  return std::binary_search(set.begin(), set.end(), split->sm);
}

std::optional<unsigned> maxRegistersForOccupancy(const ArchInfo &arch,
                                                 unsigned threadsPerCTA,
                                                 unsigned ctasPerSM) {
  const ResourceGeometry &g = arch.geometry;
  if (threadsPerCTA == 0 || ctasPerSM == 0 ||
      threadsPerCTA > g.maxThreadsPerCTA || ctasPerSM > g.maxCTAsPerSM)
    return std::nullopt;
  // Registers are handed out per warp, so a partial warp costs a whole one.
  unsigned warpsPerCTA = divideCeil(threadsPerCTA, kWarpSize);
  unsigned residentWarps = warpsPerCTA * ctasPerSM;
  if (residentWarps > g.maxWarpsPerSM)
    return std::nullopt;
  // Per-warp allocation units each warp may take, then per-thread registers.
  unsigned unitsPerWarp =
      g.registersPerSM / (residentWarps * g.registerAllocUnitPerWarp);
  unsigned unitRegsPerThread = g.registerAllocUnitPerWarp / kWarpSize;
  unsigned perThread = unitsPerWarp * unitRegsPerThread;
  if (perThread < unitRegsPerThread)
    return std::nullopt;
  return std::min(perThread, g.maxRegistersPerThread);
}

} // namespace tileiras::targetspec
