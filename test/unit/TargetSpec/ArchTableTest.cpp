//===- ArchTableTest.cpp - ptxas-side architecture table ------------------===//

#include "tileiras/TargetSpec/ArchTable.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace tileiras::targetspec;
using llvm::ArrayRef;

namespace {

struct ExpectedArch {
  unsigned sm;
  const char *family;
  unsigned cudaArch;
  unsigned factory;
  bool a, f;
  std::vector<unsigned> familyMembers;
  unsigned threadsPerSM, warps, ctas, partitions, slots;
  std::vector<unsigned> smemKiB;
  unsigned maxSmemPerCTAKiB;
};

const std::vector<ExpectedArch> &expectedArchs() {
  static const std::vector<ExpectedArch> rows = {
      {75,
       "Turing",
       750,
       24577,
       false,
       false,
       {},
       1024,
       32,
       16,
       7,
       208,
       {32, 48, 64},
       64},
      {80,
       "Ampere",
       800,
       28673,
       false,
       false,
       {},
       2048,
       64,
       32,
       7,
       208,
       {48, 100, 132, 164},
       163},
      {86,
       "Ampere",
       860,
       28674,
       false,
       false,
       {},
       1536,
       48,
       16,
       7,
       208,
       {48, 100},
       99},
      {87,
       "Ampere",
       870,
       28675,
       false,
       false,
       {},
       1536,
       48,
       16,
       7,
       208,
       {48, 100, 164},
       163},
      {88,
       "Ampere",
       880,
       28676,
       false,
       false,
       {},
       1536,
       48,
       16,
       7,
       208,
       {48, 100},
       99},
      {89,
       "Ampere",
       890,
       28677,
       false,
       false,
       {},
       1536,
       48,
       24,
       7,
       208,
       {48, 100},
       99},
      {90,
       "Hopper",
       900,
       32768,
       true,
       false,
       {},
       2048,
       64,
       32,
       8,
       224,
       {48, 100, 132, 164, 228},
       227},
      {100,
       "Blackwell",
       1000,
       36864,
       true,
       true,
       {100, 103},
       2048,
       64,
       32,
       16,
       240,
       {48, 100, 132, 164, 228},
       227},
      {103,
       "Blackwell",
       1030,
       36866,
       true,
       true,
       {103},
       2048,
       64,
       32,
       16,
       240,
       {48, 100, 132, 164, 228},
       227},
      {110,
       "Blackwell",
       1100,
       36867,
       true,
       true,
       {110},
       2048,
       64,
       32,
       16,
       240,
       {48, 100, 132, 164, 228},
       227},
      {120,
       "Blackwell",
       1200,
       36868,
       true,
       true,
       {120, 121},
       1536,
       48,
       32,
       16,
       240,
       {48, 100},
       99},
      {121,
       "Blackwell",
       1210,
       36869,
       true,
       true,
       {121},
       1536,
       48,
       32,
       16,
       240,
       {48, 100},
       99},
  };
  return rows;
}

TEST(ArchTable, EveryRow) {
  ArrayRef<ArchInfo> table = getArchTable();
  ASSERT_EQ(table.size(), expectedArchs().size());
  for (unsigned i = 0; i < table.size(); ++i) {
    const ExpectedArch &e = expectedArchs()[i];
    const ArchInfo &row = table[i];
    SCOPED_TRACE("sm_" + std::to_string(e.sm));
    EXPECT_EQ(row.sm, e.sm);
    EXPECT_STREQ(row.family, e.family);
    EXPECT_EQ(row.cudaArch, e.cudaArch);
    EXPECT_EQ(row.codegenFactory, e.factory);
    EXPECT_EQ(row.hasArchVariant, e.a);
    EXPECT_EQ(row.hasFamilyVariant, e.f);
    EXPECT_EQ(std::vector<unsigned>(row.familyMembers.begin(),
                                    row.familyMembers.end()),
              e.familyMembers);
    const ResourceGeometry &g = row.geometry;
    EXPECT_EQ(g.registersPerSM, 65536u);
    EXPECT_EQ(g.maxRegistersPerThread, 255u);
    EXPECT_EQ(g.maxThreadsPerCTA, 1024u);
    EXPECT_EQ(g.maxThreadsPerSM, e.threadsPerSM);
    EXPECT_EQ(g.maxWarpsPerSM, e.warps);
    EXPECT_EQ(g.maxThreadsPerSM, 32 * g.maxWarpsPerSM);
    EXPECT_EQ(g.maxCTAsPerSM, e.ctas);
    EXPECT_EQ(g.schedulerPartitions, e.partitions);
    EXPECT_EQ(g.dispatchSlots, e.slots);
    EXPECT_EQ(std::vector<unsigned>(g.sharedMemoryConfigsKiB.begin(),
                                    g.sharedMemoryConfigsKiB.end()),
              e.smemKiB);
    EXPECT_EQ(g.staticSharedMemoryBytes, 49152u);
    EXPECT_EQ(g.maxSharedMemoryPerCTABytes, e.maxSmemPerCTAKiB * 1024);
    EXPECT_EQ(g.registerAllocUnitPerWarp, 256u);
    // A CTA can never use more shared memory than the largest carve-out.
    EXPECT_LE(g.maxSharedMemoryPerCTABytes,
              g.sharedMemoryConfigsKiB.back() * 1024);
    EXPECT_NE(std::string(row.product), "");
  }
}

TEST(ArchTable, ElfBytes) {
  auto elf = [](const char *n) { return lookupArch(n)->elfByte; };
  EXPECT_EQ(elf("sm_75"), std::optional<unsigned>(0x4B));
  EXPECT_EQ(elf("sm_87"), std::optional<unsigned>(0x57));
  EXPECT_EQ(elf("sm_88"), std::optional<unsigned>(0x58));
  EXPECT_EQ(elf("sm_90"), std::optional<unsigned>(0x5A));
  EXPECT_EQ(elf("sm_100"), std::optional<unsigned>(0x64));
  EXPECT_EQ(elf("sm_120"), std::optional<unsigned>(0x78));
  EXPECT_EQ(elf("sm_103"), std::nullopt);
  EXPECT_EQ(elf("sm_121"), std::nullopt);
}

TEST(ArchTable, LookupBySmComputeAndLto) {
  for (const char *prefix : {"sm_", "compute_", "lto_"}) {
    std::string p = prefix;
    EXPECT_EQ(lookupArch(p + "75")->sm, 75u);
    EXPECT_EQ(lookupArch(p + "89")->sm, 89u);
    EXPECT_EQ(lookupArch(p + "90")->sm, 90u);
    EXPECT_EQ(lookupArch(p + "90a")->sm, 90u);
    EXPECT_EQ(lookupArch(p + "100f")->sm, 100u);
    EXPECT_EQ(lookupArch(p + "100a")->sm, 100u);
    EXPECT_EQ(lookupArch(p + "121f")->sm, 121u);
    // Suffixes without a profile select nothing.
    EXPECT_EQ(lookupArch(p + "90f"), nullptr);
    EXPECT_EQ(lookupArch(p + "86a"), nullptr);
    EXPECT_EQ(lookupArch(p + "75f"), nullptr);
    // The validation-only alias and chips without a profile.
    EXPECT_EQ(lookupArch(p + "101"), nullptr);
    EXPECT_EQ(lookupArch(p + "101a"), nullptr);
    EXPECT_EQ(lookupArch(p + "70"), nullptr);
    EXPECT_EQ(lookupArch(p + "82"), nullptr);
  }
  for (const char *bad :
       {"", "90", "sm90", "sm_", "sm_90x", "SM_90", "gfx90a", "sm_90af"})
    EXPECT_EQ(lookupArch(bad), nullptr) << bad;
}

TEST(ArchTable, PtxasValidationSets) {
  EXPECT_EQ(
      std::vector<unsigned>(ptxasBaseValidationSet().begin(),
                            ptxasBaseValidationSet().end()),
      (std::vector<unsigned>{10, 11, 12, 13, 20,  21,  30,  32,  35,  37, 50,
                             52, 53, 60, 61, 62,  70,  72,  75,  80,  82, 86,
                             87, 88, 89, 90, 100, 101, 103, 110, 120, 121}));
  EXPECT_EQ(std::vector<unsigned>(ptxasArchValidationSet().begin(),
                                  ptxasArchValidationSet().end()),
            (std::vector<unsigned>{90, 100, 101, 103, 110, 120, 121}));
  EXPECT_EQ(std::vector<unsigned>(ptxasFamilyValidationSet().begin(),
                                  ptxasFamilyValidationSet().end()),
            (std::vector<unsigned>{100, 101, 103, 110, 120, 121}));

  for (const char *yes : {"sm_90a", "sm_101", "sm_101a", "sm_101f", "sm_10",
                          "sm_82", "sm_52", "sm_121f", "sm_75"})
    EXPECT_TRUE(ptxasValidates(yes)) << yes;
  for (const char *no : {"sm_90f", "sm_73", "sm_86a", "sm_99", "sm_75f",
                         "compute_90", "sm_", "90", "sm_100x"})
    EXPECT_FALSE(ptxasValidates(no)) << no;
}

TEST(ArchTable, OccupancyRegisterBudget) {
  const ArchInfo &h100 = *lookupArch("sm_90");
  const ArchInfo &turing = *lookupArch("sm_75");
  const ArchInfo &ga10x = *lookupArch("sm_86");
  using R = std::optional<unsigned>;
  // 128 threads (4 warps): 65536 / (4 * 32) = 512 -> capped at 255.
  EXPECT_EQ(maxRegistersForOccupancy(h100, 128, 1), R(255));
  // 256 threads x 2 CTAs = 16 warps: 65536 / 512 = 128.
  EXPECT_EQ(maxRegistersForOccupancy(h100, 256, 2), R(128));
  // 3 warps x 5 CTAs = 15 warps: 65536 / 480 = 136.5 -> 136.
  EXPECT_EQ(maxRegistersForOccupancy(h100, 96, 5), R(136));
  // 7 warps x 3 CTAs = 21 warps: 65536 / 672 = 97.5 -> 96 (unit of 8).
  EXPECT_EQ(maxRegistersForOccupancy(h100, 224, 3), R(96));
  // A partial warp costs a whole one: 100 threads = 4 warps.
  EXPECT_EQ(maxRegistersForOccupancy(h100, 100, 4),
            maxRegistersForOccupancy(h100, 128, 4));
  // Full occupancy: 64 warps -> 32 registers.
  EXPECT_EQ(maxRegistersForOccupancy(h100, 1024, 2), R(32));
  EXPECT_EQ(maxRegistersForOccupancy(h100, 32, 32), R(64)); // 32 warps
  // Too many warps, CTAs or threads per CTA.
  EXPECT_EQ(maxRegistersForOccupancy(h100, 1024, 3), std::nullopt);
  EXPECT_EQ(maxRegistersForOccupancy(h100, 32, 33), std::nullopt);
  EXPECT_EQ(maxRegistersForOccupancy(h100, 1025, 1), std::nullopt);
  EXPECT_EQ(maxRegistersForOccupancy(h100, 0, 1), std::nullopt);
  EXPECT_EQ(maxRegistersForOccupancy(h100, 128, 0), std::nullopt);
  // Turing: 32 warps per SM.
  EXPECT_EQ(maxRegistersForOccupancy(turing, 1024, 1), R(64));
  EXPECT_EQ(maxRegistersForOccupancy(turing, 512, 2), R(64));
  EXPECT_EQ(maxRegistersForOccupancy(turing, 1024, 2), std::nullopt);
  EXPECT_EQ(maxRegistersForOccupancy(turing, 32, 17), std::nullopt);
  // GA10x: 48 warps -> 65536 / 1536 = 42.67 -> 40.
  EXPECT_EQ(maxRegistersForOccupancy(ga10x, 768, 2), R(40));
  EXPECT_EQ(maxRegistersForOccupancy(ga10x, 1024, 2), std::nullopt);
  // Every result is a multiple of 8 or the 255 cap, and fits the file.
  for (const ArchInfo &arch : getArchTable())
    for (unsigned threads = 32; threads <= 1024; threads += 32)
      for (unsigned ctas = 1; ctas <= 32; ++ctas) {
        std::optional<unsigned> r =
            maxRegistersForOccupancy(arch, threads, ctas);
        if (!r)
          continue;
        EXPECT_TRUE(*r == 255 || *r % 8 == 0);
        EXPECT_GE(*r, 8u);
        EXPECT_LE(*r * threads * ctas, 65536u);
      }
}

} // namespace
