//===- FeatureTableTest.cpp - feature indices -----------------------------===//

#include "tileiras/TargetSpec/FeatureTable.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace tileiras::targetspec;

namespace {

struct ExpectedFeature {
  unsigned index;
  const char *key;
  FeatureKind kind;
  unsigned value;
};

// Written out independently of the library's table: every position, key,
// kind and value. Positions 0..80 are fixed by the reference build.
std::vector<ExpectedFeature> expectedFeatures() {
  std::vector<ExpectedFeature> out = {
      {0, "fma-level=0", FeatureKind::FmaLevel, 0},
      {1, "fma-level=1", FeatureKind::FmaLevel, 1},
      {2, "fma-level=2", FeatureKind::FmaLevel, 2},
  };
  const unsigned ptx[] = {32, 40, 41, 42, 43, 50, 60, 61, 62, 63,
                          64, 65, 70, 71, 72, 73, 74, 75, 76, 77,
                          78, 80, 81, 82, 83, 84, 85, 86, 87, 88};
  unsigned idx = 3;
  for (unsigned v : ptx)
    out.push_back({idx++, nullptr, FeatureKind::PtxVersion, v});
  EXPECT_EQ(idx, 33u);
  for (unsigned n = 0; n < 4; ++n)
    out.push_back({33 + n, nullptr, FeatureKind::PrecDivF32, n});
  for (unsigned n = 0; n < 2; ++n)
    out.push_back({37 + n, nullptr, FeatureKind::PrecSqrtF32, n});
  const char *cpus[] = {"sm_20",   "sm_21",   "sm_30",   "sm_32",   "sm_35",
                        "sm_37",   "sm_50",   "sm_52",   "sm_53",   "sm_60",
                        "sm_61",   "sm_62",   "sm_70",   "sm_72",   "sm_73",
                        "sm_75",   "sm_80",   "sm_82",   "sm_86",   "sm_89",
                        "sm_90",   "sm_90a",  "sm_100",  "sm_100a", "sm_100f",
                        "sm_101",  "sm_101a", "sm_101f", "sm_103",  "sm_103a",
                        "sm_103f", "sm_110",  "sm_110a", "sm_110f", "sm_120",
                        "sm_120a", "sm_120f", "sm_121",  "sm_121a", "sm_121f"};
  idx = 39;
  for (const char *c : cpus)
    out.push_back({idx++, c, FeatureKind::Cpu, 0});
  EXPECT_EQ(idx, 79u);
  out.push_back({79, "sharedmem32bitptr", FeatureKind::Other, 0});
  out.push_back({80, "tmem", FeatureKind::Other, 0});
  out.push_back({81, "ptx90", FeatureKind::PtxVersion, 90});
  out.push_back({82, "sm_87", FeatureKind::Cpu, 0});
  out.push_back({83, "sm_88", FeatureKind::Cpu, 0});
  return out;
}

std::string keyFor(const ExpectedFeature &e) {
  if (e.key)
    return e.key;
  switch (e.kind) {
  case FeatureKind::PtxVersion:
    return "ptx" + std::to_string(e.value);
  case FeatureKind::PrecDivF32:
    return "prec-divf32=" + std::to_string(e.value);
  case FeatureKind::PrecSqrtF32:
    return "prec-sqrtf32=" + std::to_string(e.value);
  default:
    return "?";
  }
}

TEST(FeatureTable, Sizes) {
  EXPECT_EQ(feature::NumSeedFeatures, 81u);
  EXPECT_EQ(feature::NumFeatures, 84u);
  EXPECT_EQ(getFeatureTable().size(), 84u);
  EXPECT_EQ(kFeatureWords, 6u);
}

TEST(FeatureTable, EveryIndexKeyKindAndValue) {
  std::vector<ExpectedFeature> expected = expectedFeatures();
  ASSERT_EQ(expected.size(), getFeatureTable().size());
  for (const ExpectedFeature &e : expected) {
    SCOPED_TRACE("feature index " + std::to_string(e.index));
    const FeatureDesc &row = getFeatureTable()[e.index];
    EXPECT_EQ(row.index, e.index);
    EXPECT_EQ(std::string(row.key), keyFor(e));
    EXPECT_EQ(row.kind, e.kind);
    EXPECT_EQ(row.value, e.value);
    EXPECT_NE(std::string(row.description), "");
    // lookupFeature finds each key at its position.
    EXPECT_EQ(lookupFeature(keyFor(e)), std::optional<unsigned>(e.index));
  }
}

TEST(FeatureTable, NamedConstants) {
  EXPECT_EQ(feature::FmaLevel0, 0u);
  EXPECT_EQ(feature::FmaLevel2, 2u);
  EXPECT_EQ(feature::Ptx32, 3u);
  EXPECT_EQ(feature::Ptx88, 32u);
  EXPECT_EQ(feature::PrecDivF32_0, 33u);
  EXPECT_EQ(feature::PrecDivF32_3, 36u);
  EXPECT_EQ(feature::PrecSqrtF32_0, 37u);
  EXPECT_EQ(feature::PrecSqrtF32_1, 38u);
  EXPECT_EQ(feature::SM20, 39u);
  EXPECT_EQ(feature::SM90, 59u);
  EXPECT_EQ(feature::SM90a, 60u);
  EXPECT_EQ(feature::SM100, 61u);
  EXPECT_EQ(feature::SM100a, 62u);
  EXPECT_EQ(feature::SM121f, 78u);
  EXPECT_EQ(feature::SharedMem32BitPtr, 79u);
  EXPECT_EQ(feature::TMem, 80u);
  EXPECT_EQ(feature::Ptx90, 81u);
  EXPECT_EQ(feature::SM87, 82u);
  EXPECT_EQ(feature::SM88, 83u);
  EXPECT_STREQ(getFeatureTable()[feature::SM90a].key, "sm_90a");
  EXPECT_STREQ(getFeatureTable()[feature::TMem].key, "tmem");
}

TEST(FeatureTable, UnknownKeys) {
  EXPECT_EQ(lookupFeature(""), std::nullopt);
  EXPECT_EQ(lookupFeature("ptx91"), std::nullopt);
  EXPECT_EQ(lookupFeature("sm_99"), std::nullopt);
  EXPECT_EQ(lookupFeature("TMEM"), std::nullopt);
  EXPECT_EQ(lookupFeature("+tmem"), std::nullopt);
}

TEST(FeatureTable, PtxSelectors) {
  EXPECT_EQ(ptxFeatureFor(32), std::optional<unsigned>(3));
  EXPECT_EQ(ptxFeatureFor(84), std::optional<unsigned>(28));
  EXPECT_EQ(ptxFeatureFor(88), std::optional<unsigned>(32));
  EXPECT_EQ(ptxFeatureFor(90), std::optional<unsigned>(81));
  EXPECT_EQ(ptxFeatureFor(91), std::nullopt);
  EXPECT_EQ(ptxFeatureFor(51), std::nullopt);
  EXPECT_EQ(ptxFeatureFor(0), std::nullopt);
}

TEST(FeatureBitset, SetTestResetCountAndWords) {
  FeatureBitset b;
  EXPECT_EQ(b.count(), 0u);
  b.set(0);
  b.set(63);
  b.set(64);
  b.set(feature::TMem);
  b.set(383);
  EXPECT_TRUE(b.test(0));
  EXPECT_TRUE(b.test(63));
  EXPECT_TRUE(b.test(64));
  EXPECT_TRUE(b.test(80));
  EXPECT_TRUE(b.test(383));
  EXPECT_FALSE(b.test(1));
  EXPECT_EQ(b.count(), 5u);
  // tmem is bit 16 of word 1, as the seed's probe reads it.
  EXPECT_EQ((b.words[1] >> 16) & 1, 1u);
  EXPECT_EQ(b.words[0], (uint64_t(1) << 63) | 1u);
  // Out-of-range indices are ignored, never written.
  b.set(384);
  EXPECT_FALSE(b.test(384));
  EXPECT_EQ(b.count(), 5u);
  b.reset(63);
  EXPECT_FALSE(b.test(63));
  FeatureBitset c;
  c.set(2);
  b |= c;
  EXPECT_TRUE(b.test(2));
  EXPECT_EQ(b.count(), 5u);
  FeatureBitset d = b;
  EXPECT_TRUE(d == b);
  d.reset(2);
  EXPECT_TRUE(d != b);
}

} // namespace
