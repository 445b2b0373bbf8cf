//===- CApiTest.cpp - the stable C API ------------------------------------===//

#include "tileiras-c/TargetSpec.h"

#include "tileiras/TargetSpec/TargetSpec.h"

#include "gtest/gtest.h"

#include <cstring>
#include <string>

using namespace tileiras::targetspec;

namespace {

std::string nameAt(size_t i) {
  size_t n = tileirasTSGetTargetName(i, nullptr, 0);
  std::string s(n, '\0');
  EXPECT_EQ(tileirasTSGetTargetName(i, s.data(), n), n);
  s.resize(n ? n - 1 : 0);
  return s;
}

std::string parse(const char *spelling, int *ok) {
  size_t required = 0;
  *ok = tileirasTSParseTarget(spelling, nullptr, 0, &required);
  std::string s(required, '\0');
  size_t again = 0;
  EXPECT_EQ(tileirasTSParseTarget(spelling, s.data(), required, &again), *ok);
  EXPECT_EQ(again, required);
  s.resize(required - 1);
  return s;
}

TEST(CApi, Version) {
  EXPECT_EQ(tileirasTSGetApiVersion(), unsigned(TILEIRAS_TS_API_VERSION));
  EXPECT_EQ(tileirasTSGetApiVersion(), 1u);
}

TEST(CApi, TargetsMatchTheCppTable) {
  ASSERT_EQ(tileirasTSGetNumTargets(), acceptedTargets().size());
  ASSERT_EQ(tileirasTSGetNumTargets(), 23u);
  for (size_t i = 0; i < tileirasTSGetNumTargets(); ++i) {
    const Target &t = acceptedTargets()[i];
    SCOPED_TRACE(t.name());
    EXPECT_EQ(nameAt(i), t.name());
    EXPECT_EQ(tileirasTSGetTargetSm(i), int(t.sm));
    char buf[16];
    EXPECT_EQ(tileirasTSGetTargetVariant(i, buf, sizeof(buf)),
              t.suffix().size() + 1);
    EXPECT_EQ(std::string(buf), t.suffix().str());
    EXPECT_EQ(tileirasTSGetTargetFamily(i, buf, sizeof(buf)),
              std::strlen(t.arch().family) + 1);
    EXPECT_STREQ(buf, t.arch().family);
    EXPECT_EQ(tileirasTSGetTargetCudaArch(i), int(t.cudaArch()));
    unsigned major = 0, minor = 0;
    EXPECT_EQ(tileirasTSGetTargetMinPtx(i, &major, &minor), 1);
    EXPECT_EQ((PtxVersion{major, minor}), t.minPtx());
    EXPECT_EQ(tileirasTSGetTargetHasTMem(i), int(t.hasTMem()));
  }
  EXPECT_EQ(nameAt(7), "sm_90a");
  EXPECT_EQ(tileirasTSGetTargetHasTMem(9), 1); // sm_100a
}

TEST(CApi, OutOfRangeIndices) {
  size_t n = tileirasTSGetNumTargets();
  char buf[8] = "x";
  EXPECT_EQ(tileirasTSGetTargetName(n, buf, sizeof(buf)), 0u);
  EXPECT_STREQ(buf, "x"); // untouched
  EXPECT_EQ(tileirasTSGetTargetVariant(n, buf, sizeof(buf)), 0u);
  EXPECT_EQ(tileirasTSGetTargetFamily(n, buf, sizeof(buf)), 0u);
  EXPECT_EQ(tileirasTSGetTargetSm(n), -1);
  EXPECT_EQ(tileirasTSGetTargetCudaArch(n), -1);
  EXPECT_EQ(tileirasTSGetTargetHasTMem(n), -1);
  unsigned major = 77, minor = 77;
  EXPECT_EQ(tileirasTSGetTargetMinPtx(n, &major, &minor), 0);
  EXPECT_EQ(major, 77u);
  EXPECT_EQ(tileirasTSGetTargetMinPtx(0, nullptr, nullptr), 1);
}

TEST(CApi, TruncationIsNulTerminatedAndReportsTheFullSize) {
  char small[4] = {'?', '?', '?', '?'};
  // "sm_100a" needs 8 bytes; 3 characters fit.
  EXPECT_EQ(tileirasTSGetTargetName(9, small, sizeof(small)), 8u);
  EXPECT_STREQ(small, "sm_");
  char one[1] = {'?'};
  EXPECT_EQ(tileirasTSGetTargetName(9, one, 1), 8u);
  EXPECT_EQ(one[0], '\0');
  EXPECT_EQ(tileirasTSGetTargetName(9, nullptr, 100), 8u);
}

TEST(CApi, ParseTarget) {
  int ok = -1;
  EXPECT_EQ(parse("90a", &ok), "sm_90a");
  EXPECT_EQ(ok, 1);
  EXPECT_EQ(parse("compute_100f", &ok), "sm_100f");
  EXPECT_EQ(ok, 1);
  EXPECT_EQ(parse("sm_90f", &ok),
            "sm_90 has no family-conditional variant; did you mean sm_90a?");
  EXPECT_EQ(ok, 0);
  EXPECT_EQ(parse("sm_70", &ok),
            "sm_70 is not supported; the oldest supported target is sm_75.");
  EXPECT_EQ(ok, 0);
  EXPECT_EQ(parse(nullptr, &ok),
            "'' is not a GPU target; write it as sm_<number> with an optional "
            "'a' or 'f' suffix, for example sm_90, sm_90a or sm_100f "
            "(compute_90a and 90a are accepted too).");
  EXPECT_EQ(ok, 0);
  // `required` may be NULL; a short buffer still gets a terminated prefix.
  char buf[6];
  EXPECT_EQ(tileirasTSParseTarget("sm_99", buf, sizeof(buf), nullptr), 0);
  EXPECT_STREQ(buf, "sm_99");
}

TEST(CApi, FactsByName) {
  unsigned major = 0, minor = 0;
  EXPECT_EQ(tileirasTSMinPtx("sm_88", &major, &minor), 1);
  EXPECT_EQ(major, 9u);
  EXPECT_EQ(minor, 0u);
  EXPECT_EQ(tileirasTSMinPtx("90a", &major, &minor), 1);
  EXPECT_EQ(major * 10 + minor, 80u);
  EXPECT_EQ(tileirasTSMinPtx("sm_101", &major, &minor), 0);
  EXPECT_EQ(tileirasTSMinPtx(nullptr, &major, &minor), 0);
  EXPECT_EQ(tileirasTSHasTMem("sm_100a"), 1);
  EXPECT_EQ(tileirasTSHasTMem("sm_120a"), 0);
  EXPECT_EQ(tileirasTSHasTMem("sm_99"), -1);
  EXPECT_EQ(tileirasTSRunsOn("sm_100f", 103), 1);
  EXPECT_EQ(tileirasTSRunsOn("sm_100a", 103), 0);
  EXPECT_EQ(tileirasTSRunsOn("sm_80", 120), 1);
  EXPECT_EQ(tileirasTSRunsOn("nonsense", 90), -1);
}

TEST(CApi, Families) {
  ASSERT_EQ(tileirasTSGetNumFamilies(), getInstrFamilyTable().size());
  for (size_t i = 0; i < tileirasTSGetNumFamilies(); ++i) {
    char buf[64];
    size_t n = tileirasTSGetFamilyName(i, buf, sizeof(buf));
    EXPECT_EQ(n, std::strlen(getInstrFamilyTable()[i].name) + 1);
    EXPECT_STREQ(buf, getInstrFamilyTable()[i].name);
  }
  EXPECT_EQ(tileirasTSGetFamilyName(tileirasTSGetNumFamilies(), nullptr, 0),
            0u);
  EXPECT_EQ(tileirasTSSupportsFamily("sm_90a", "wgmma"), 1);
  EXPECT_EQ(tileirasTSSupportsFamily("sm_90", "wgmma"), 0);
  EXPECT_EQ(tileirasTSSupportsFamily("sm_100f", "tcgen05"), 1);
  EXPECT_EQ(tileirasTSSupportsFamily("sm_90", "nonsense"), -1);
  EXPECT_EQ(tileirasTSSupportsFamily("sm_99", "wgmma"), -1);
  EXPECT_EQ(tileirasTSSupportsFamily(nullptr, nullptr), -1);
  unsigned major = 0, minor = 0;
  EXPECT_EQ(tileirasTSFamilyRequiredPtx("sm_100f", "tcgen05", &major, &minor),
            1);
  EXPECT_EQ(major * 10 + minor, 88u);
  EXPECT_EQ(tileirasTSFamilyRequiredPtx("sm_90", "bogus", &major, &minor), 0);
  char msg[128];
  size_t n =
      tileirasTSUnsupportedFamilyMessage("sm_90", "wgmma", msg, sizeof(msg));
  EXPECT_STREQ(msg, "wgmma requires sm_90a; the target is sm_90");
  EXPECT_EQ(n, std::strlen(msg) + 1);
  EXPECT_EQ(tileirasTSUnsupportedFamilyMessage("sm_80", "cvt_packfloat", msg,
                                               sizeof(msg)),
            std::strlen("cvt_packfloat intrinsic needs atleast SM90 and PTX "
                        ">= 78") +
                1);
  EXPECT_STREQ(msg, "cvt_packfloat intrinsic needs atleast SM90 and PTX >= 78");
  EXPECT_EQ(tileirasTSUnsupportedFamilyMessage("sm_90", "x", msg, 128), 0u);
  EXPECT_EQ(tileirasTSClassifyIntrinsic("llvm.nvvm.wgmma.fence.sync.aligned",
                                        msg, sizeof(msg)),
            6u);
  EXPECT_STREQ(msg, "wgmma");
  EXPECT_EQ(
      tileirasTSClassifyIntrinsic("llvm.nvvm.read.ptx.sreg.tid.x", msg, 128),
      0u);
  EXPECT_EQ(tileirasTSClassifyIntrinsic(nullptr, msg, 128), 0u);
}

TEST(CApi, BothSidesOfTheMinimum) {
  for (size_t i = 0; i < tileirasTSGetNumTargets(); ++i) {
    const Target &t = acceptedTargets()[i];
    unsigned a = 0, b = 0;
    EXPECT_EQ(tileirasTSGetTargetLlvmMinPtx(i, &a, &b), 1);
    EXPECT_EQ((PtxVersion{a, b}), t.llvmMinPtx()) << t.name();
    EXPECT_EQ(tileirasTSGetTargetPtxasMinPtx(i, &a, &b), 1);
    EXPECT_EQ((PtxVersion{a, b}), t.ptxasMinPtx()) << t.name();
  }
  unsigned a = 0, b = 0;
  EXPECT_EQ(tileirasTSGetTargetPtxasMinPtx(4, &a, &b), 1); // sm_88
  EXPECT_EQ(a * 10 + b, 73u);
  EXPECT_EQ(tileirasTSGetTargetLlvmMinPtx(4, &a, &b), 1);
  EXPECT_EQ(a * 10 + b, 90u);
  EXPECT_EQ(tileirasTSGetTargetLlvmMinPtx(99, &a, &b), 0);
  EXPECT_EQ(tileirasTSGetTargetPtxasMinPtx(99, &a, &b), 0);
}

TEST(CApi, IntrinsicRequiredPtxAndPtxas) {
  unsigned a = 0, b = 0;
  EXPECT_EQ(tileirasTSIntrinsicRequiredPtx(
                "sm_90", "llvm.nvvm.barrier.cluster.arrive.relaxed", &a, &b),
            1);
  EXPECT_EQ(a * 10 + b, 80u);
  EXPECT_EQ(tileirasTSIntrinsicRequiredPtx(
                "sm_110a", "llvm.nvvm.read.ptx.sreg.tid.x", &a, &b),
            1);
  EXPECT_EQ(a * 10 + b, 90u);
  EXPECT_EQ(
      tileirasTSIntrinsicRequiredPtx("sm_99", "llvm.nvvm.elect.sync", &a, &b),
      0);
  EXPECT_EQ(tileirasTSPtxasValidates("sm_101"), 1);
  EXPECT_EQ(tileirasTSPtxasValidates("sm_90f"), 0);
  EXPECT_EQ(tileirasTSPtxasValidates(nullptr), 0);
}

TEST(CApi, KnownPtxVersionsAndParsing) {
  ASSERT_EQ(tileirasTSGetNumKnownPtxVersions(), knownPtxVersions().size());
  for (size_t i = 0; i < tileirasTSGetNumKnownPtxVersions(); ++i) {
    unsigned a = 0, b = 0;
    EXPECT_EQ(tileirasTSGetKnownPtxVersion(i, &a, &b), 1);
    EXPECT_EQ((PtxVersion{a, b}), knownPtxVersions()[i]);
  }
  EXPECT_EQ(tileirasTSGetKnownPtxVersion(31, nullptr, nullptr), 0);
  unsigned a = 0, b = 0;
  char buf[256];
  size_t required = 0;
  EXPECT_EQ(
      tileirasTSParsePtxVersion("8.4", &a, &b, buf, sizeof(buf), &required), 1);
  EXPECT_EQ(a * 10 + b, 84u);
  EXPECT_STREQ(buf, "8.4");
  EXPECT_EQ(required, 4u);
  EXPECT_EQ(tileirasTSParsePtxVersion("9.1", &a, &b, buf, sizeof(buf), nullptr),
            0);
  EXPECT_STREQ(buf, "PTX ISA 9.1 is newer than 9.0, the newest version this "
                    "compiler can emit.");
  EXPECT_EQ(tileirasTSParsePtxVersion(nullptr, nullptr, nullptr, buf,
                                      sizeof(buf), nullptr),
            0);
  EXPECT_STREQ(buf, "'' is not a PTX ISA version; write it as MAJOR.MINOR "
                    "with a one-digit minor, for example 8.4.");
}

TEST(CApi, PtxVersions) {
  unsigned major = 0, minor = 0;
  tileirasTSNewestLlvmPtx(&major, &minor);
  EXPECT_EQ(major, 9u);
  EXPECT_EQ(minor, 0u);
  tileirasTSNewestLlvmPtx(nullptr, nullptr);
  EXPECT_EQ(
      tileirasTSPtxForPtxasVersion(
          "Cuda compilation tools, release 12.8, V12.8.93", &major, &minor),
      1);
  EXPECT_EQ(major * 10 + minor, 87u);
  EXPECT_EQ(
      tileirasTSPtxForPtxasVersion(
          "Cuda compilation tools, release 12.7, V12.7.1", &major, &minor),
      0);
  EXPECT_EQ(tileirasTSPtxForPtxasVersion("no version here", &major, &minor), 0);
  EXPECT_EQ(tileirasTSPtxForPtxasVersion(nullptr, &major, &minor), 0);
}

} // namespace
