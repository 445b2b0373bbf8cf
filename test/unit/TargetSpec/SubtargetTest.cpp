//===- SubtargetTest.cpp - CPU + -mattr resolution ------------------------===//

#include "tileiras/TargetSpec/Subtarget.h"

#include "gtest/gtest.h"

using namespace tileiras::targetspec;
using llvm::ArrayRef;
using llvm::StringRef;

namespace {

TEST(Subtarget, CpuRowAloneHasNoPtx) {
  ResolvedSubtarget st = resolveSubtarget("sm_90a");
  EXPECT_EQ(st.cpu, "sm_90a");
  EXPECT_FALSE(st.usedFallback);
  EXPECT_EQ(st.smVersionTimesTen, 90u);
  EXPECT_EQ(st.ptxVersionTimesTen, 0u);
  EXPECT_EQ(st.features.count(), 1u);
  EXPECT_TRUE(st.hasFeature(feature::SM90a));
  EXPECT_FALSE(st.hasTMem());
  EXPECT_TRUE(st.unknownFeatures.empty());
}

TEST(Subtarget, SeedWorkedExample) {
  // sm_90a + "+ptx84": bit 60 and bit 28 in word 0, PTX 84.
  ResolvedSubtarget st = resolveSubtarget("sm_90a", StringRef("+ptx84"));
  EXPECT_EQ(st.features.words[0], (uint64_t(1) << 60) | (uint64_t(1) << 28));
  for (unsigned w = 1; w < kFeatureWords; ++w)
    EXPECT_EQ(st.features.words[w], 0u);
  EXPECT_EQ(st.smVersionTimesTen, 90u);
  EXPECT_EQ(st.ptxVersionTimesTen, 84u);
}

TEST(Subtarget, TMemComesFromTheCpuRow) {
  EXPECT_TRUE(resolveSubtarget("sm_100a").hasTMem());
  EXPECT_TRUE(resolveSubtarget("sm_110f").hasTMem());
  EXPECT_FALSE(resolveSubtarget("sm_100").hasTMem());
  EXPECT_FALSE(resolveSubtarget("sm_120a").hasTMem());
  EXPECT_EQ(resolveSubtarget("sm_103f").features.count(), 2u);
}

TEST(Subtarget, MattrEntriesApplyInOrder) {
  std::vector<std::string> mattr = {"+tmem", "-tmem", "+ptx80", "ptx86",
                                    "-ptx86"};
  ResolvedSubtarget st = resolveSubtarget("sm_90", mattr);
  EXPECT_FALSE(st.hasTMem());
  EXPECT_TRUE(st.hasFeature(lookupFeature("ptx80").value()));
  EXPECT_FALSE(st.hasFeature(lookupFeature("ptx86").value()));
  EXPECT_EQ(st.ptxVersionTimesTen, 80u);

  // A later "+" wins over an earlier "-", and the reverse.
  EXPECT_TRUE(
      resolveSubtarget("sm_90", std::vector<std::string>{"-tmem", "+tmem"})
          .hasTMem());
  EXPECT_FALSE(
      resolveSubtarget("sm_100a", std::vector<std::string>{"-tmem"}).hasTMem());
  // Removing the self-bit is allowed (as in LLVM); SM still comes from the
  // CPU name.
  ResolvedSubtarget noSelf =
      resolveSubtarget("sm_80", std::vector<std::string>{"-sm_80"});
  EXPECT_EQ(noSelf.features.count(), 0u);
  EXPECT_EQ(noSelf.smVersionTimesTen, 80u);
}

TEST(Subtarget, NewestEnabledPtxWins) {
  EXPECT_EQ(resolveSubtarget("sm_90", StringRef("+ptx78,+ptx84,+ptx80"))
                .ptxVersionTimesTen,
            84u);
  EXPECT_EQ(resolveSubtarget("sm_90", StringRef("+ptx90")).ptxVersionTimesTen,
            90u);
  EXPECT_TRUE(resolveSubtarget("sm_90", StringRef("+ptx90"))
                  .hasFeature(feature::Ptx90));
  EXPECT_EQ(
      resolveSubtarget("sm_90", StringRef("+ptx84,-ptx84")).ptxVersionTimesTen,
      0u);
}

TEST(Subtarget, NumericKnobsAreFeatures) {
  ResolvedSubtarget st = resolveSubtarget(
      "sm_80", StringRef("+fma-level=2, +prec-divf32=3 ,+prec-sqrtf32=1"));
  EXPECT_TRUE(st.hasFeature(feature::FmaLevel2));
  EXPECT_TRUE(st.hasFeature(feature::PrecDivF32_3));
  EXPECT_TRUE(st.hasFeature(feature::PrecSqrtF32_1));
  EXPECT_TRUE(st.unknownFeatures.empty());
  EXPECT_EQ(st.features.count(), 4u);
}

TEST(Subtarget, UnknownFeaturesAreCollectedNotFatal) {
  ResolvedSubtarget st =
      resolveSubtarget("sm_90", StringRef("+ptx84,+bogus,-alsobogus,,++tmem"));
  EXPECT_EQ(st.ptxVersionTimesTen, 84u);
  EXPECT_EQ(st.unknownFeatures,
            (std::vector<std::string>{"bogus", "alsobogus", "++tmem"}));
  EXPECT_FALSE(st.hasTMem());
}

TEST(Subtarget, UnknownCpuFallsBackToSm52) {
  for (const char *cpu : {"sm_99", "", "gfx90a", "sm_90f", "SM_90"}) {
    ResolvedSubtarget st = resolveSubtarget(cpu, StringRef("+ptx60"));
    EXPECT_TRUE(st.usedFallback) << cpu;
    EXPECT_EQ(st.cpu, "sm_52");
    EXPECT_EQ(st.smVersionTimesTen, 52u);
    EXPECT_TRUE(st.hasFeature(46));
    EXPECT_EQ(st.ptxVersionTimesTen, 60u);
  }
  EXPECT_STREQ(kFallbackCpu, "sm_52");
}

TEST(Subtarget, AppendedRowsResolve) {
  ResolvedSubtarget st = resolveSubtarget("sm_87");
  EXPECT_FALSE(st.usedFallback);
  EXPECT_TRUE(st.hasFeature(feature::SM87));
  EXPECT_EQ(st.smVersionTimesTen, 87u);
  EXPECT_EQ(resolveSubtarget("sm_88").smVersionTimesTen, 88u);
}

TEST(Subtarget, SmVersionParsing) {
  EXPECT_EQ(parseSmVersionTimesTen("sm_90a"), std::optional<unsigned>(90));
  EXPECT_EQ(parseSmVersionTimesTen("sm_100f"), std::optional<unsigned>(100));
  EXPECT_EQ(parseSmVersionTimesTen("compute_86"), std::optional<unsigned>(86));
  EXPECT_EQ(parseSmVersionTimesTen("lto_121a"), std::optional<unsigned>(121));
  EXPECT_EQ(parseSmVersionTimesTen("sm_20"), std::optional<unsigned>(20));
  for (const char *bad : {"sm_", "sm_a", "90", "sm_90af", "sm_9x", "gfx90",
                          "sm90", "sm_-1", "compute_"})
    EXPECT_EQ(parseSmVersionTimesTen(bad), std::nullopt) << bad;
}

TEST(Subtarget, PtxFeatureParsing) {
  EXPECT_EQ(parsePtxFeature("ptx84"), std::optional<unsigned>(84));
  EXPECT_EQ(parsePtxFeature("ptx32"), std::optional<unsigned>(32));
  EXPECT_EQ(parsePtxFeature("ptx90"), std::optional<unsigned>(90));
  for (const char *bad : {"ptx", "ptx8", "ptx840", "+ptx84", "ptxab", "sm_90"})
    EXPECT_EQ(parsePtxFeature(bad), std::nullopt) << bad;
}

} // namespace
