//===- CpuTableTest.cpp - CPU rows ----------------------------------------===//

#include "tileiras/TargetSpec/CpuTable.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <string>

using namespace tileiras::targetspec;
using llvm::ArrayRef;
using llvm::StringRef;

namespace {

struct ExpectedCpu {
  const char *key;
  unsigned selfBit;
  bool tmem;
  CpuVariant variant;
  std::optional<unsigned> elf;
};

constexpr std::nullopt_t none = std::nullopt;
using V = CpuVariant;

// Row order, self-bits, tmem, variants and ELF bytes, written out by hand.
const ExpectedCpu kExpected[] = {
    {"sm_100", 61, false, V::Base, 0x64},
    {"sm_100a", 62, true, V::Arch, none},
    {"sm_100f", 63, true, V::Family, none},
    {"sm_101", 64, false, V::Base, none},
    {"sm_101a", 65, true, V::Arch, none},
    {"sm_101f", 66, true, V::Family, none},
    {"sm_103", 67, false, V::Base, none},
    {"sm_103a", 68, true, V::Arch, none},
    {"sm_103f", 69, true, V::Family, none},
    {"sm_110", 70, false, V::Base, none},
    {"sm_110a", 71, true, V::Arch, none},
    {"sm_110f", 72, true, V::Family, none},
    {"sm_120", 73, false, V::Base, 0x78},
    {"sm_120a", 74, false, V::Arch, none},
    {"sm_120f", 75, false, V::Family, none},
    {"sm_121", 76, false, V::Base, none},
    {"sm_121a", 77, false, V::Arch, none},
    {"sm_121f", 78, false, V::Family, none},
    {"sm_20", 39, false, V::Base, 0x14},
    {"sm_21", 40, false, V::Base, 0x15},
    {"sm_30", 41, false, V::Base, 0x1E},
    {"sm_32", 42, false, V::Base, 0x20},
    {"sm_35", 43, false, V::Base, 0x23},
    {"sm_37", 44, false, V::Base, 0x25},
    {"sm_50", 45, false, V::Base, 0x32},
    {"sm_52", 46, false, V::Base, 0x34},
    {"sm_53", 47, false, V::Base, 0x35},
    {"sm_60", 48, false, V::Base, 0x3C},
    {"sm_61", 49, false, V::Base, 0x3D},
    {"sm_62", 50, false, V::Base, 0x3E},
    {"sm_70", 51, false, V::Base, 0x46},
    {"sm_72", 52, false, V::Base, 0x48},
    {"sm_73", 53, false, V::Base, none},
    {"sm_75", 54, false, V::Base, 0x4B},
    {"sm_80", 55, false, V::Base, 0x50},
    {"sm_82", 56, false, V::Base, none},
    {"sm_86", 57, false, V::Base, 0x56},
    {"sm_89", 58, false, V::Base, 0x59},
    {"sm_90", 59, false, V::Base, 0x5A},
    {"sm_90a", 60, false, V::Arch, 0x5A},
    // Appended rows.
    {"sm_87", 82, false, V::Base, 0x57},
    {"sm_88", 83, false, V::Base, 0x58},
};

TEST(CpuTable, EveryRow) {
  ArrayRef<CpuDesc> table = getCpuTable();
  ASSERT_EQ(table.size(), std::size(kExpected));
  ASSERT_EQ(kSortedCpuRows, 40u);
  for (unsigned i = 0; i < table.size(); ++i) {
    const ExpectedCpu &e = kExpected[i];
    SCOPED_TRACE(std::string("row ") + std::to_string(i) + " " + e.key);
    const CpuDesc &row = table[i];
    EXPECT_STREQ(row.key, e.key);
    EXPECT_EQ(row.featureIndex, e.selfBit);
    EXPECT_EQ(row.variant, e.variant);
    EXPECT_EQ(row.elfByte, e.elf);
    EXPECT_NE(std::string(row.product), "");
    // The implies mask is exactly {self} or {self, tmem}.
    FeatureBitset expected;
    expected.set(e.selfBit);
    if (e.tmem)
      expected.set(feature::TMem);
    EXPECT_TRUE(row.implies == expected);
    EXPECT_EQ(row.implies.count(), e.tmem ? 2u : 1u);
    EXPECT_EQ(row.implies.test(feature::TMem), e.tmem);
    // The self-bit's feature key is the CPU key.
    EXPECT_STREQ(getFeatureTable()[row.featureIndex].key, e.key);
    // Lookup finds the row at its position.
    EXPECT_EQ(cpuRowIndex(e.key), std::optional<unsigned>(i));
    EXPECT_EQ(lookupCpu(e.key), &row);
  }
}

TEST(CpuTable, SortedPartIsAsciiOrderedForLowerBound) {
  ArrayRef<CpuDesc> table = getCpuTable();
  for (unsigned i = 1; i < kSortedCpuRows; ++i)
    EXPECT_LT(std::string(table[i - 1].key), std::string(table[i].key))
        << "row " << i;
  // The artifact of ASCII order: Blackwell rows first, sm_90a last.
  EXPECT_STREQ(table.front().key, "sm_100");
  EXPECT_STREQ(table[17].key, "sm_121f");
  EXPECT_STREQ(table[18].key, "sm_20");
  EXPECT_STREQ(table[kSortedCpuRows - 1].key, "sm_90a");
  // Every row's self-bit is distinct.
  std::vector<unsigned> bits;
  for (const CpuDesc &row : table)
    bits.push_back(row.featureIndex);
  std::sort(bits.begin(), bits.end());
  EXPECT_EQ(std::adjacent_find(bits.begin(), bits.end()), bits.end());
}

TEST(CpuTable, ExactlyTheEightTMemRows) {
  std::vector<std::string> tmem;
  for (const CpuDesc &row : getCpuTable())
    if (row.implies.test(feature::TMem))
      tmem.push_back(row.key);
  EXPECT_EQ(tmem, (std::vector<std::string>{"sm_100a", "sm_100f", "sm_101a",
                                            "sm_101f", "sm_103a", "sm_103f",
                                            "sm_110a", "sm_110f"}));
}

TEST(CpuTable, UnknownKeys) {
  for (const char *key : {"", "sm_99", "sm_90f", "SM_90", "sm_9", "sm_1000",
                          "compute_90", "sm_90a ", "sm_74", "sm_89a"}) {
    EXPECT_EQ(lookupCpu(key), nullptr) << key;
    EXPECT_EQ(cpuRowIndex(key), std::nullopt) << key;
  }
}

} // namespace
