//===- TargetTest.cpp - accepted targets, parsing, compatibility ----------===//

#include "tileiras/TargetSpec/Target.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace tileiras::targetspec;

namespace {

struct ExpectedTarget {
  const char *name;
  unsigned sm;
  CpuVariant variant;
  const char *family;
  unsigned cudaArch;
  PtxVersion minPtx, llvmMin, ptxasMin;
  bool tmem;
};

using V = CpuVariant;

// clang-format off
const ExpectedTarget kTargets[] = {
  {"sm_75",   75,  V::Base,   "Turing",    750,  {6, 3}, {6, 3}, {6, 3}, false},
  {"sm_80",   80,  V::Base,   "Ampere",    800,  {7, 0}, {7, 0}, {7, 0}, false},
  {"sm_86",   86,  V::Base,   "Ampere",    860,  {7, 1}, {7, 1}, {7, 1}, false},
  {"sm_87",   87,  V::Base,   "Ampere",    870,  {7, 4}, {7, 4}, {7, 4}, false},
  {"sm_88",   88,  V::Base,   "Ampere",    880,  {9, 0}, {9, 0}, {7, 3}, false},
  {"sm_89",   89,  V::Base,   "Ampere",    890,  {7, 8}, {7, 8}, {7, 8}, false},
  {"sm_90",   90,  V::Base,   "Hopper",    900,  {7, 8}, {7, 8}, {7, 8}, false},
  {"sm_90a",  90,  V::Arch,   "Hopper",    900,  {8, 0}, {8, 0}, {8, 0}, false},
  {"sm_100",  100, V::Base,   "Blackwell", 1000, {8, 6}, {8, 6}, {8, 6}, false},
  {"sm_100a", 100, V::Arch,   "Blackwell", 1000, {8, 6}, {8, 6}, {8, 6}, true},
  {"sm_100f", 100, V::Family, "Blackwell", 1000, {8, 8}, {8, 8}, {8, 8}, true},
  {"sm_103",  103, V::Base,   "Blackwell", 1030, {8, 8}, {8, 8}, {8, 8}, false},
  {"sm_103a", 103, V::Arch,   "Blackwell", 1030, {8, 8}, {8, 8}, {8, 8}, true},
  {"sm_103f", 103, V::Family, "Blackwell", 1030, {8, 8}, {8, 8}, {8, 8}, true},
  {"sm_110",  110, V::Base,   "Blackwell", 1100, {9, 0}, {9, 0}, {9, 0}, false},
  {"sm_110a", 110, V::Arch,   "Blackwell", 1100, {9, 0}, {9, 0}, {9, 0}, true},
  {"sm_110f", 110, V::Family, "Blackwell", 1100, {9, 0}, {9, 0}, {9, 0}, true},
  {"sm_120",  120, V::Base,   "Blackwell", 1200, {8, 7}, {8, 7}, {8, 7}, false},
  {"sm_120a", 120, V::Arch,   "Blackwell", 1200, {8, 7}, {8, 7}, {8, 7}, false},
  {"sm_120f", 120, V::Family, "Blackwell", 1200, {8, 8}, {8, 8}, {8, 8}, false},
  {"sm_121",  121, V::Base,   "Blackwell", 1210, {8, 8}, {8, 8}, {8, 8}, false},
  {"sm_121a", 121, V::Arch,   "Blackwell", 1210, {8, 8}, {8, 8}, {8, 8}, false},
  {"sm_121f", 121, V::Family, "Blackwell", 1210, {8, 8}, {8, 8}, {8, 8}, false},
};
// clang-format on

const char *kList =
    "sm_75, sm_80, sm_86, sm_87, sm_88, sm_89, sm_90, sm_90a, sm_100, "
    "sm_100a, sm_100f, sm_103, sm_103a, sm_103f, sm_110, sm_110a, sm_110f, "
    "sm_120, sm_120a, sm_120f, sm_121, sm_121a, sm_121f";

std::string errorOf(llvm::StringRef spelling) {
  llvm::Expected<Target> t = parseTarget(spelling);
  if (t)
    return "accepted as " + t->name();
  return llvm::toString(t.takeError());
}

TEST(Target, EveryAcceptedTargetsFacts) {
  ASSERT_EQ(acceptedTargets().size(), std::size(kTargets));
  for (unsigned i = 0; i < std::size(kTargets); ++i) {
    const ExpectedTarget &e = kTargets[i];
    const Target &t = acceptedTargets()[i];
    SCOPED_TRACE(e.name);
    EXPECT_EQ(t.name(), e.name);
    EXPECT_EQ(t.sm, e.sm);
    EXPECT_EQ(t.variant, e.variant);
    EXPECT_EQ(t.suffix(), e.variant == V::Base   ? ""
                          : e.variant == V::Arch ? "a"
                                                 : "f");
    EXPECT_EQ(t.computeName(), "compute_" + std::string(e.name).substr(3));
    EXPECT_STREQ(t.arch().family, e.family);
    EXPECT_EQ(t.cudaArch(), e.cudaArch);
    EXPECT_EQ(t.minPtx(), e.minPtx);
    EXPECT_EQ(t.llvmMinPtx(), e.llvmMin);
    EXPECT_EQ(t.ptxasMinPtx(), e.ptxasMin);
    EXPECT_EQ(t.hasTMem(), e.tmem);
    EXPECT_EQ(t.impliedFeatures().test(feature::TMem), e.tmem);
    EXPECT_STREQ(t.cpu().key, e.name);
    EXPECT_EQ(t.cpu().variant, e.variant);
    EXPECT_EQ(t.arch().sm, e.sm);
    // Every minimum is a PTX version LLVM can emit.
    EXPECT_LE(t.minPtx(), newestLlvmPtx());
    // Every spelling parses to it; the canonical name round-trips.
    for (std::string s : {std::string(e.name), t.computeName(),
                          std::string(e.name).substr(3)}) {
      llvm::Expected<Target> parsed = parseTarget(s);
      ASSERT_TRUE(bool(parsed))
          << s << ": " << llvm::toString(parsed.takeError());
      EXPECT_EQ(*parsed, t);
    }
    EXPECT_EQ(lookupTarget(e.name), std::optional<Target>(t));
  }
  EXPECT_STREQ(kDefaultTarget, "sm_75");
  EXPECT_EQ(acceptedTargetList(), kList);
}

TEST(Target, SuffixMessagesVerbatim) {
  EXPECT_EQ(errorOf("sm_90f"),
            "sm_90 has no family-conditional variant; did you mean sm_90a?");
  EXPECT_EQ(errorOf("compute_90f"), "compute_90 has no family-conditional "
                                    "variant; did you mean compute_90a?");
  EXPECT_EQ(errorOf("90f"),
            "sm_90 has no family-conditional variant; did you mean sm_90a?");
  EXPECT_EQ(errorOf("sm_86a"),
            "sm_86 has no architecture-specific variant; did you mean sm_86?");
  EXPECT_EQ(errorOf("sm_86f"),
            "sm_86 has no family-conditional variant; did you mean sm_86?");
  EXPECT_EQ(errorOf("sm_75a"),
            "sm_75 has no architecture-specific variant; did you mean sm_75?");
  EXPECT_EQ(errorOf("sm_89f"),
            "sm_89 has no family-conditional variant; did you mean sm_89?");
  EXPECT_EQ(errorOf("88a"),
            "sm_88 has no architecture-specific variant; did you mean sm_88?");
}

TEST(Target, OldTargetMessagesVerbatim) {
  EXPECT_EQ(errorOf("sm_70"),
            "sm_70 is not supported; the oldest supported target is sm_75.");
  EXPECT_EQ(errorOf("sm_52"),
            "sm_52 is not supported; the oldest supported target is sm_75.");
  EXPECT_EQ(errorOf("compute_72"), "compute_72 is not supported; the oldest "
                                   "supported target is sm_75.");
  EXPECT_EQ(errorOf("60a"),
            "sm_60a is not supported; the oldest supported target is sm_75.");
}

TEST(Target, RenamedSm101MessagesVerbatim) {
  EXPECT_EQ(errorOf("sm_101"),
            "sm_101 is no longer a valid target: NVIDIA renamed sm_101 to "
            "sm_110 and ptxas 13 does not accept the old name; use sm_110 "
            "instead.");
  EXPECT_EQ(errorOf("sm_101a"),
            "sm_101a is no longer a valid target: NVIDIA renamed sm_101 to "
            "sm_110 and ptxas 13 does not accept the old name; use sm_110a "
            "instead.");
  EXPECT_EQ(errorOf("compute_101f"),
            "compute_101f is no longer a valid target: NVIDIA renamed sm_101 "
            "to sm_110 and ptxas 13 does not accept the old name; use "
            "compute_110f instead.");
  // The CPU rows stay: LLVM and the reference table both know them.
  EXPECT_NE(lookupCpu("sm_101"), nullptr);
  EXPECT_NE(lookupCpu("sm_101f"), nullptr);
}

TEST(Target, UnknownNumberMessagesVerbatim) {
  for (const char *s : {"sm_99", "sm_91a", "sm_200", "compute_85", "130"}) {
    std::string shown = std::string(s);
    if (shown.find('_') == std::string::npos)
      shown = "sm_" + shown;
    EXPECT_EQ(errorOf(s), shown +
                              " is not a known GPU target; the valid targets "
                              "are " +
                              kList + ".")
        << s;
  }
}

TEST(Target, GarbageMessagesVerbatim) {
  for (const char *s : {"", "garbage", "SM_90", "sm_90 ", " sm_90", "sm90",
                        "sm_", "sm_090", "sm_90af", "sm_9x", "lto_90",
                        "compute_", "a", "sm_-90", "sm_90.0", "Sm_90a"})
    EXPECT_EQ(errorOf(s),
              std::string("'") + s +
                  "' is not a GPU target; write it as sm_<number> with an "
                  "optional 'a' or 'f' suffix, for example sm_90, sm_90a or "
                  "sm_100f (compute_90a and 90a are accepted too).")
        << s;
}

TEST(Target, LookupTargetNeedsCanonicalNames) {
  EXPECT_EQ(lookupTarget("sm_90a"),
            (std::optional<Target>(Target{90, V::Arch})));
  EXPECT_EQ(lookupTarget("90a"), std::nullopt);
  EXPECT_EQ(lookupTarget("compute_90a"), std::nullopt);
  EXPECT_EQ(lookupTarget("sm_101"), std::nullopt);
  EXPECT_EQ(lookupTarget("sm_90f"), std::nullopt);
}

TEST(Target, RunsOn) {
  auto t = [](const char *n) { return *lookupTarget(n); };
  // Base: same or any newer SM.
  EXPECT_TRUE(runsOn(t("sm_80"), 80));
  EXPECT_TRUE(runsOn(t("sm_80"), 86));
  EXPECT_TRUE(runsOn(t("sm_80"), 121));
  EXPECT_FALSE(runsOn(t("sm_80"), 75));
  EXPECT_TRUE(runsOn(t("sm_90"), 200)); // future chips too
  EXPECT_FALSE(runsOn(t("sm_100"), 90));
  // 'a': exactly that SM.
  EXPECT_TRUE(runsOn(t("sm_90a"), 90));
  EXPECT_FALSE(runsOn(t("sm_90a"), 100));
  EXPECT_FALSE(runsOn(t("sm_100a"), 103));
  EXPECT_TRUE(runsOn(t("sm_121a"), 121));
  EXPECT_FALSE(runsOn(t("sm_120a"), 121));
  // 'f': the family members that are the same or newer.
  EXPECT_TRUE(runsOn(t("sm_100f"), 100));
  EXPECT_TRUE(runsOn(t("sm_100f"), 103));
  EXPECT_FALSE(runsOn(t("sm_100f"), 110));
  EXPECT_FALSE(runsOn(t("sm_100f"), 120));
  EXPECT_FALSE(runsOn(t("sm_103f"), 100));
  EXPECT_TRUE(runsOn(t("sm_103f"), 103));
  EXPECT_TRUE(runsOn(t("sm_110f"), 110));
  EXPECT_FALSE(runsOn(t("sm_110f"), 120));
  EXPECT_TRUE(runsOn(t("sm_120f"), 120));
  EXPECT_TRUE(runsOn(t("sm_120f"), 121));
  EXPECT_FALSE(runsOn(t("sm_121f"), 120));
  EXPECT_TRUE(runsOn(t("sm_121f"), 121));
  EXPECT_FALSE(runsOn(t("sm_120f"), 100));
}

} // namespace
