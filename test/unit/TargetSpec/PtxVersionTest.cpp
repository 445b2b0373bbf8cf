//===- PtxVersionTest.cpp - PTX ISA versions ------------------------------===//

#include "tileiras/TargetSpec/PtxVersion.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace tileiras::targetspec;

namespace {

std::string errorText(llvm::Expected<PtxVersion> v) {
  if (v)
    return "no error";
  return llvm::toString(v.takeError());
}

const char *kKnownList =
    "3.2, 4.0, 4.1, 4.2, 4.3, 5.0, 6.0, 6.1, 6.2, 6.3, 6.4, 6.5, 7.0, 7.1, "
    "7.2, 7.3, 7.4, 7.5, 7.6, 7.7, 7.8, 8.0, 8.1, 8.2, 8.3, 8.4, 8.5, 8.6, "
    "8.7, 8.8, 9.0";

TEST(PtxVersion, Basics) {
  PtxVersion v{8, 4};
  EXPECT_EQ(v.timesTen(), 84u);
  EXPECT_EQ(v.str(), "8.4");
  EXPECT_EQ(v.featureName(), "ptx84");
  EXPECT_EQ(PtxVersion::fromTimesTen(90), (PtxVersion{9, 0}));
  EXPECT_TRUE((PtxVersion{7, 8}) < (PtxVersion{8, 0}));
  EXPECT_TRUE((PtxVersion{8, 0}) >= (PtxVersion{7, 8}));
  EXPECT_TRUE((PtxVersion{9, 1}) > (PtxVersion{9, 0}));
  EXPECT_TRUE((PtxVersion{6, 3}) <= (PtxVersion{6, 3}));
  EXPECT_TRUE((PtxVersion{6, 3}) != (PtxVersion{6, 4}));
}

TEST(PtxVersion, KnownVersionsAreExactlyLlvm22Selectors) {
  std::string joined;
  for (const PtxVersion &v : knownPtxVersions())
    joined += (joined.empty() ? "" : ", ") + v.str();
  EXPECT_EQ(joined, kKnownList);
  EXPECT_EQ(knownPtxVersions().size(), 31u);
  EXPECT_EQ(newestLlvmPtx(), (PtxVersion{9, 0}));
}

TEST(PtxVersion, PreviousVersion) {
  EXPECT_EQ(previousPtxVersion({9, 0}), (PtxVersion{8, 8}));
  EXPECT_EQ(previousPtxVersion({8, 0}), (PtxVersion{7, 8}));
  EXPECT_EQ(previousPtxVersion({7, 0}), (PtxVersion{6, 5}));
  EXPECT_EQ(previousPtxVersion({6, 0}), (PtxVersion{5, 0}));
  EXPECT_EQ(previousPtxVersion({4, 0}), (PtxVersion{3, 2}));
  EXPECT_EQ(previousPtxVersion({3, 2}), std::nullopt);
  // 9.1 is representable (ptxas 13.1 reads it) although LLVM 22 cannot
  // emit it; the step below it is LLVM's newest.
  EXPECT_EQ(previousPtxVersion({9, 1}), (PtxVersion{9, 0}));
}

TEST(PtxVersion, ParseKnown) {
  for (const PtxVersion &v : knownPtxVersions()) {
    llvm::Expected<PtxVersion> parsed = parsePtxVersion(v.str());
    ASSERT_TRUE(bool(parsed)) << v.str();
    EXPECT_EQ(*parsed, v);
  }
}

TEST(PtxVersion, ParseErrorsVerbatim) {
  for (const char *bad : {"", "8", "8.", ".4", "8,4", "ptx84", "v8.4", "8.4.1",
                          "8.10", "a.b", " 8.4", "8.4 ", "123.4"})
    EXPECT_EQ(errorText(parsePtxVersion(bad)),
              std::string("'") + bad +
                  "' is not a PTX ISA version; write it as MAJOR.MINOR with a "
                  "one-digit minor, for example 8.4.")
        << bad;
  EXPECT_EQ(errorText(parsePtxVersion("8.9")),
            std::string("PTX ISA 8.9 does not exist; the known versions are ") +
                kKnownList + ".");
  EXPECT_EQ(errorText(parsePtxVersion("5.1")),
            std::string("PTX ISA 5.1 does not exist; the known versions are ") +
                kKnownList + ".");
  EXPECT_EQ(errorText(parsePtxVersion("9.1")),
            "PTX ISA 9.1 is newer than 9.0, the newest version this compiler "
            "can emit.");
  EXPECT_EQ(errorText(parsePtxVersion("10.0")),
            "PTX ISA 10.0 is newer than 9.0, the newest version this compiler "
            "can emit.");
}

TEST(PtxVersion, PtxasVersionOutput) {
  const char *real = "ptxas: NVIDIA (R) Ptx optimizing assembler\n"
                     "Copyright (c) 2005-2025 NVIDIA Corporation\n"
                     "Built on Wed_Aug_20_01:55:12_PM_PDT_2025\n"
                     "Cuda compilation tools, release 13.0, V13.0.88\n"
                     "Build cuda_13.0.r13.0/compiler.36424714_0\n";
  std::optional<CudaRelease> r = parsePtxasVersionOutput(real);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->major, 13u);
  EXPECT_EQ(r->minor, 0u);
  EXPECT_EQ(newestPtxForPtxasVersionOutput(real), (PtxVersion{9, 0}));
  // Only the V-number is a fallback when the "release" words are missing.
  r = parsePtxasVersionOutput("V12.4.131");
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->major, 12u);
  EXPECT_EQ(r->minor, 4u);
  EXPECT_EQ(parsePtxasVersionOutput("ptxas: command not found"), std::nullopt);
  EXPECT_EQ(parsePtxasVersionOutput(""), std::nullopt);
  EXPECT_EQ(newestPtxForPtxasVersionOutput("garbage"), std::nullopt);
}

TEST(PtxVersion, EveryCudaReleaseRow) {
  struct Row {
    unsigned major, minor;
    std::optional<PtxVersion> ptx;
  };
  std::vector<Row> rows = {
      {5, 5, PtxVersion{3, 2}},
      {6, 0, PtxVersion{4, 0}},
      {6, 5, PtxVersion{4, 1}},
      {7, 0, PtxVersion{4, 2}},
      {7, 5, PtxVersion{4, 3}},
      {8, 0, PtxVersion{5, 0}},
      {9, 0, PtxVersion{6, 0}},
      {9, 1, PtxVersion{6, 1}},
      {9, 2, PtxVersion{6, 2}},
      {10, 0, PtxVersion{6, 3}},
      {10, 1, PtxVersion{6, 4}},
      {10, 2, PtxVersion{6, 5}},
      {11, 0, PtxVersion{7, 0}},
      {11, 1, PtxVersion{7, 1}},
      {11, 2, PtxVersion{7, 2}},
      {11, 3, PtxVersion{7, 3}},
      {11, 4, PtxVersion{7, 4}},
      {11, 5, PtxVersion{7, 5}},
      {11, 6, PtxVersion{7, 6}},
      {11, 7, PtxVersion{7, 7}},
      {11, 8, PtxVersion{7, 8}},
      {12, 0, PtxVersion{8, 0}},
      {12, 1, PtxVersion{8, 1}},
      {12, 2, PtxVersion{8, 2}},
      {12, 3, PtxVersion{8, 3}},
      {12, 4, PtxVersion{8, 4}},
      {12, 5, PtxVersion{8, 5}},
      {12, 6, PtxVersion{8, 5}},
      {12, 8, PtxVersion{8, 7}},
      {12, 9, PtxVersion{8, 8}},
      {13, 0, PtxVersion{9, 0}},
      {13, 1, PtxVersion{9, 1}},
      // Newer than any we know: the newest PTX we know of.
      {13, 2, PtxVersion{9, 1}},
      {14, 0, PtxVersion{9, 1}},
      // Releases that never existed.
      {12, 7, std::nullopt},
      {11, 9, std::nullopt},
      {10, 3, std::nullopt},
      {9, 3, std::nullopt},
      {4, 0, std::nullopt},
      {0, 0, std::nullopt},
  };
  for (const Row &row : rows) {
    SCOPED_TRACE(std::to_string(row.major) + "." + std::to_string(row.minor));
    EXPECT_EQ(newestPtxForCudaRelease({row.major, row.minor}), row.ptx);
    std::string text =
        "Cuda compilation tools, release " + std::to_string(row.major) + "." +
        std::to_string(row.minor) + ", V" + std::to_string(row.major) + "." +
        std::to_string(row.minor) + ".1";
    EXPECT_EQ(newestPtxForPtxasVersionOutput(text), row.ptx);
  }
}

} // namespace
