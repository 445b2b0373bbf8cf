//===- InstructionFamilyTest.cpp - per-family legality --------------------===//

#include "tileiras/TargetSpec/InstructionFamily.h"

#include "gtest/gtest.h"

#include <map>
#include <set>
#include <string>
#include <vector>

using namespace tileiras::targetspec;
using F = InstrFamily;

namespace {

std::string join(const std::vector<Target> &targets) {
  std::string out;
  for (const Target &t : targets)
    out += (out.empty() ? "" : " ") + t.name();
  return out;
}

const char *kAll = "sm_75 sm_80 sm_86 sm_87 sm_88 sm_89 sm_90 sm_90a sm_100 "
                   "sm_100a sm_100f sm_103 sm_103a sm_103f sm_110 sm_110a "
                   "sm_110f sm_120 sm_120a sm_120f sm_121 sm_121a sm_121f";
const char *kFrom80 = "sm_80 sm_86 sm_87 sm_88 sm_89 sm_90 sm_90a sm_100 "
                      "sm_100a sm_100f sm_103 sm_103a sm_103f sm_110 sm_110a "
                      "sm_110f sm_120 sm_120a sm_120f sm_121 sm_121a sm_121f";
const char *kFrom86 = "sm_86 sm_87 sm_88 sm_89 sm_90 sm_90a sm_100 sm_100a "
                      "sm_100f sm_103 sm_103a sm_103f sm_110 sm_110a sm_110f "
                      "sm_120 sm_120a sm_120f sm_121 sm_121a sm_121f";
const char *kFrom89 = "sm_89 sm_90 sm_90a sm_100 sm_100a sm_100f sm_103 "
                      "sm_103a sm_103f sm_110 sm_110a sm_110f sm_120 sm_120a "
                      "sm_120f sm_121 sm_121a sm_121f";
const char *kFrom90 = "sm_90 sm_90a sm_100 sm_100a sm_100f sm_103 sm_103a "
                      "sm_103f sm_110 sm_110a sm_110f sm_120 sm_120a sm_120f "
                      "sm_121 sm_121a sm_121f";
const char *kFrom100 = "sm_100 sm_100a sm_100f sm_103 sm_103a sm_103f sm_110 "
                       "sm_110a sm_110f sm_120 sm_120a sm_120f sm_121 sm_121a "
                       "sm_121f";
const char *kArchFamily90 = "sm_90a sm_100a sm_100f sm_103a sm_103f sm_110a "
                            "sm_110f sm_120a sm_120f sm_121a sm_121f";
const char *kBlackwellAF = "sm_100a sm_100f sm_103a sm_103f sm_110a sm_110f "
                           "sm_120a sm_120f sm_121a sm_121f";
const char *kTMem = "sm_100a sm_100f sm_103a sm_103f sm_110a sm_110f";

struct ExpectedFamily {
  F family;
  const char *name;
  PtxVersion minPtx;
  const char *targets;
  /// A real LLVM 22 intrinsic of the family and the PTX it needs.
  const char *intrinsic;
  PtxVersion intrinsicPtx;
};

// clang-format off
const ExpectedFamily kFamilies[] = {
  {F::Ldmatrix,           "ldmatrix",               {6, 5}, kAll,          "llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.trans.b16.p3", {6, 5}},
  {F::MmaSync,            "mma.sync",               {7, 0}, kFrom80,       "llvm.nvvm.mma.m16n8k16.row.col.f32.f32", {7, 0}},
  {F::CpAsync,            "cp.async",               {7, 0}, kFrom80,       "llvm.nvvm.cp.async.cg.shared.global.16", {7, 0}},
  {F::MBarrier,           "mbarrier",               {7, 0}, kFrom80,       "llvm.nvvm.mbarrier.init.shared", {7, 0}},
  {F::Redux,              "redux.sync",             {7, 0}, kFrom80,       "llvm.nvvm.redux.sync.umax", {7, 0}},
  {F::Clusters,           "cluster",                {7, 8}, kFrom90,       "llvm.nvvm.read.ptx.sreg.cluster.ctarank", {7, 8}},
  {F::MBarrierTx,         "mbarrier.expect_tx",     {8, 0}, kFrom90,       "llvm.nvvm.mbarrier.expect.tx.scope.cta.space.cta", {8, 0}},
  {F::TmaTile,            "cp.async.bulk",          {8, 0}, kFrom90,       "llvm.nvvm.cp.async.bulk.tensor.g2s.tile.2d", {8, 0}},
  {F::TmaIm2col,          "cp.async.bulk.im2col",   {8, 0}, kFrom90,       "llvm.nvvm.cp.async.bulk.tensor.g2s.im2col.4d", {8, 0}},
  {F::Stmatrix,           "stmatrix",               {7, 8}, kFrom90,       "llvm.nvvm.stmatrix.sync.aligned.m8n8.x2.b16.p3", {7, 8}},
  {F::ElectSync,          "elect.sync",             {8, 0}, kFrom90,       "llvm.nvvm.elect.sync", {8, 0}},
  {F::GridDepControl,     "griddepcontrol",         {7, 8}, kFrom90,       "llvm.nvvm.griddepcontrol.launch.dependents", {7, 8}},
  {F::Wgmma,              "wgmma",                  {8, 0}, "sm_90a",      "llvm.nvvm.wgmma.fence.sync.aligned", {8, 0}},
  {F::SetMaxNReg,         "setmaxnreg",             {8, 0}, kArchFamily90, "llvm.nvvm.setmaxnreg.dec.sync.aligned.u32", {8, 0}},
  {F::Tcgen05,            "tcgen05",                {8, 6}, kTMem,         "llvm.nvvm.tcgen05.alloc.cg1", {8, 6}},
  {F::BlockScaledMma,     "mma.block_scale",        {8, 7}, "sm_120a sm_120f sm_121a sm_121f", "llvm.nvvm.mma.block.scale.m16n8k64.row.col.mxf4.f32.e2m1.e2m1.f32.ue8m0", {8, 7}},
  {F::Fp8Conversion,      "cvt.f8",                 {8, 1}, kFrom89,       "llvm.nvvm.ff.to.e4m3x2.rn", {8, 1}},
  {F::CvtPackFloat,       "cvt_packfloat",          {7, 8}, kFrom90,       "llvm.nvvm.f2tf32.rn", {7, 8}},
  {F::Fp6Fp4Conversion,   "cvt.f6f4",               {8, 6}, kBlackwellAF,  "llvm.nvvm.ff.to.e2m1x2.rn.satfinite", {8, 6}},
  {F::Atomic128,          "atom.b128",              {8, 4}, kFrom90,       nullptr, {0, 0}},
  {F::Bf16Arithmetic,     "arith.bf16",             {7, 0}, kFrom80,       "llvm.nvvm.fma.rn.bf16x2", {7, 0}},
  {F::MmaSyncTuring,      "mma.sync.m8n8k4",        {6, 5}, kAll,          "llvm.nvvm.mma.m16n8k8.row.col.f16.f16", {6, 5}},
  {F::MmaSyncFp8,         "mma.sync.f8",            {8, 4}, kFrom89,       "llvm.nvvm.mma.m16n8k32.row.col.f32.e4m3.e5m2.f32", {8, 4}},
  {F::MmaSyncF64,         "mma.sync.f64",           {7, 8}, kFrom90,       "llvm.nvvm.mma.m16n8k16.row.col.f64", {7, 8}},
  {F::MmaSyncF8F6F4,      "mma.sync.f8f6f4",        {8, 7}, "sm_120a sm_120f sm_121a sm_121f", "llvm.nvvm.mma.m16n8k32.row.col.kind.f8f6f4.f32.e2m1.e2m1.f32", {8, 7}},
  {F::LdStMatrixNarrow,   "ldmatrix.b8",            {8, 6}, kBlackwellAF,  "llvm.nvvm.ldmatrix.sync.aligned.m16n16.x1.trans.b8.p3", {8, 6}},
  {F::TmaBlackwell,       "cp.async.bulk.sm100",    {8, 6}, kFrom100,      "llvm.nvvm.cp.async.bulk.shared.cta.to.global.bytemask", {8, 6}},
  {F::TmaBlackwellCluster, "cp.async.bulk.sm100a",  {8, 6}, kTMem,         "llvm.nvvm.cp.async.bulk.tensor.g2s.tile.gather4.2d", {8, 6}},
  {F::ReduxFloat,         "redux.sync.f32",         {8, 6}, "sm_100a sm_100f sm_103a sm_103f", "llvm.nvvm.redux.sync.fmax.abs.NaN", {8, 6}},
  {F::Tcgen05ArchSpecific, "tcgen05.arch_specific", {8, 6}, "sm_100a sm_103a sm_110a", "llvm.nvvm.tcgen05.shift.down.cg1", {8, 6}},
  {F::Tcgen05MmaScaleD,   "tcgen05.mma.scale_d",    {8, 6}, "sm_100a sm_100f sm_103a sm_103f", "llvm.nvvm.tcgen05.mma.shared.scale_d", {8, 6}},
  {F::TensormapReplace,   "tensormap.replace",      {8, 3}, kArchFamily90, "llvm.nvvm.tensormap.replace.rank.p1", {8, 3}},
  {F::ClusterLaunchControl, "clusterlaunchcontrol", {8, 6}, kFrom100,      "llvm.nvvm.clusterlaunchcontrol.query_cancel.is_canceled", {8, 6}},
  {F::ClusterLaunchControlMulticast, "clusterlaunchcontrol.multicast", {8, 6}, kBlackwellAF, "llvm.nvvm.clusterlaunchcontrol.try_cancel.async.multicast.shared", {8, 6}},
  {F::StBulk,             "st.bulk",                {8, 6}, kFrom100,      "llvm.nvvm.st.bulk.shared.cta", {8, 6}},
  {F::Prefetch,           "prefetch",               {8, 0}, kFrom90,       "llvm.nvvm.prefetch.global.L2.evict.last", {8, 0}},
  {F::L2CacheHints,       "l2.cache_hint",          {7, 4}, kFrom80,       "llvm.nvvm.applypriority.global.L2.evict.normal", {7, 4}},
  {F::BitFieldOps,        "bmsk.szext",             {7, 6}, kAll,          "llvm.nvvm.bmsk.wrap", {7, 6}},
  {F::ProxyAliasFence,    "fence.proxy.alias",      {7, 5}, kAll,          "llvm.nvvm.fence.proxy.alias", {7, 5}},
  {F::AmpereFloatOps,     "min.max.NaN",            {7, 0}, kFrom80,       "llvm.nvvm.fmin.nan.f", {7, 0}},
  {F::AmpereConversion,   "cvt.bf16",               {7, 0}, kFrom80,       "llvm.nvvm.ff2bf16x2.rn", {7, 0}},
  {F::MinMaxXorsign,      "min.max.xorsign",        {7, 2}, kFrom86,       "llvm.nvvm.fmax.xorsign.abs.f", {7, 2}},
  {F::StochasticRounding, "cvt.rs",                 {8, 7}, "sm_100a sm_103a", "llvm.nvvm.f32x4.to.e4m3x4.rs.satfinite", {8, 7}},
  {F::Tf32Satfinite,      "cvt.satfinite.tf32",     {8, 6}, kFrom100,      "llvm.nvvm.f2tf32.rz.relu.satfinite", {8, 6}},
  {F::HalfMath,           "math.f16",               {7, 0}, kAll,          "llvm.nvvm.ex2.approx.f16", {7, 0}},
  {F::Bf16MathHopper,     "math.bf16",              {7, 8}, kFrom90,       "llvm.nvvm.ex2.approx.ftz.bf16", {7, 8}},
  {F::BlockScaledMmaSparseFp4, "mma.block_scale.sp.fp4", {8, 7}, "sm_120a sm_121a", "llvm.nvvm.mma.sp.ordered.metadata.block.scale.m16n8k128.row.col.mxf4nvf4.scale.4x.f32.e2m1.e2m1.f32.ue4m3", {8, 7}},
};
// clang-format on

/// The requirement text the table should carry for a set of targets.
std::string describe(const std::vector<Target> &set) {
  // "sm_XX or newer" when the set is every accepted target from sm_XX on.
  std::vector<Target> suffix;
  for (const Target &t : acceptedTargets())
    if (t.sm >= set.front().sm)
      suffix.push_back(t);
  if (suffix == set)
    return set.front().name() + " or newer";
  std::string out;
  for (unsigned i = 0; i < set.size(); ++i) {
    if (i)
      out += i + 1 == set.size() ? " or " : ", ";
    out += set[i].name();
  }
  return out;
}

TEST(InstrFamily, TableIsConsistent) {
  llvm::ArrayRef<InstrFamilyInfo> table = getInstrFamilyTable();
  ASSERT_EQ(table.size(), std::size(kFamilies));
  std::set<std::string> names;
  for (unsigned i = 0; i < table.size(); ++i) {
    const InstrFamilyInfo &info = table[i];
    SCOPED_TRACE(info.name);
    EXPECT_EQ(unsigned(info.family), i);
    EXPECT_EQ(&getInstrFamilyInfo(info.family), &info);
    EXPECT_TRUE(names.insert(info.name).second) << "duplicate name";
    EXPECT_EQ(lookupInstrFamily(info.name), info.family);
    std::vector<Target> set = targetsSupporting(info.family);
    ASSERT_FALSE(set.empty());
    EXPECT_EQ(info.requirement, describe(set));
    // A family's PTX is one LLVM can emit.
    EXPECT_LE(info.minPtx, newestLlvmPtx());
  }
  EXPECT_EQ(lookupInstrFamily("nonsense"), std::nullopt);
  EXPECT_EQ(lookupInstrFamily(""), std::nullopt);
}

TEST(InstrFamily, EveryFamilysChipsPtxAndRepresentative) {
  for (const ExpectedFamily &e : kFamilies) {
    const InstrFamilyInfo &info = getInstrFamilyInfo(e.family);
    SCOPED_TRACE(info.name);
    EXPECT_STREQ(info.name, e.name);
    EXPECT_EQ(info.minPtx, e.minPtx);
    EXPECT_EQ(join(targetsSupporting(e.family)), e.targets);
    for (const Target &t : acceptedTargets())
      EXPECT_EQ(
          targetSupports(t, e.family),
          (" " + std::string(e.targets) + " ").find(" " + t.name() + " ") !=
              std::string::npos)
          << t.name();
    if (!e.intrinsic)
      continue;
    EXPECT_EQ(classifyNvvmIntrinsic(e.intrinsic), e.family) << e.intrinsic;
    std::optional<IntrinsicRequirement> req =
        getNvvmIntrinsicRequirement(e.intrinsic);
    ASSERT_TRUE(req.has_value());
    EXPECT_EQ(req->family, e.family);
    EXPECT_EQ(req->minPtx, e.intrinsicPtx);
  }
}

TEST(InstrFamily, TensorCoreFamiliesFollowTheTMemBit) {
  for (const Target &t : acceptedTargets())
    EXPECT_EQ(targetSupports(t, F::Tcgen05), t.hasTMem()) << t.name();
}

TEST(InstrFamily, DiagnosticsVerbatim) {
  auto msg = [](const char *target, F f) {
    return unsupportedFamilyMessage(*lookupTarget(target), f);
  };
  EXPECT_EQ(msg("sm_90", F::Wgmma),
            "wgmma requires sm_90a; the target is sm_90");
  EXPECT_EQ(msg("sm_100a", F::Wgmma),
            "wgmma requires sm_90a; the target is sm_100a");
  EXPECT_EQ(msg("sm_80", F::CvtPackFloat),
            "cvt_packfloat intrinsic needs atleast SM90 and PTX >= 78");
  EXPECT_EQ(msg("sm_89", F::Atomic128),
            "128b atomics not supported on this architecture!");
  EXPECT_EQ(msg("sm_100", F::Tcgen05),
            "tcgen05 requires sm_100a, sm_100f, sm_103a, sm_103f, sm_110a or "
            "sm_110f; the target is sm_100");
  EXPECT_EQ(msg("sm_120a", F::Tcgen05),
            "tcgen05 requires sm_100a, sm_100f, sm_103a, sm_103f, sm_110a or "
            "sm_110f; the target is sm_120a");
  EXPECT_EQ(msg("sm_100a", F::BlockScaledMma),
            "mma.block_scale requires sm_120a, sm_120f, sm_121a or sm_121f; "
            "the target is sm_100a");
  EXPECT_EQ(
      msg("sm_90", F::SetMaxNReg),
      "setmaxnreg requires sm_90a, sm_100a, sm_100f, sm_103a, sm_103f, "
      "sm_110a, sm_110f, sm_120a, sm_120f, sm_121a or sm_121f; the target "
      "is sm_90");
  EXPECT_EQ(msg("sm_75", F::CpAsync),
            "cp.async requires sm_80 or newer; the target is sm_75");
  EXPECT_EQ(msg("sm_86", F::Fp8Conversion),
            "cvt.f8 requires sm_89 or newer; the target is sm_86");
  EXPECT_EQ(msg("sm_89", F::Clusters),
            "cluster requires sm_90 or newer; the target is sm_89");
  EXPECT_EQ(
      msg("sm_90", F::TmaBlackwell),
      "cp.async.bulk.sm100 requires sm_100 or newer; the target is sm_90");
  EXPECT_EQ(msg("sm_100f", F::StochasticRounding),
            "cvt.rs requires sm_100a or sm_103a; the target is sm_100f");
}

TEST(InstrFamily, RequiredPtx) {
  auto t = [](const char *n) { return *lookupTarget(n); };
  EXPECT_EQ(requiredPtx(t("sm_75"), F::Ldmatrix), (PtxVersion{6, 5}));
  EXPECT_EQ(requiredPtx(t("sm_90a"), F::Wgmma), (PtxVersion{8, 0}));
  EXPECT_EQ(requiredPtx(t("sm_90"), F::Clusters), (PtxVersion{7, 8}));
  EXPECT_EQ(requiredPtx(t("sm_89"), F::Fp8Conversion), (PtxVersion{8, 1}));
  EXPECT_EQ(requiredPtx(t("sm_100a"), F::Tcgen05), (PtxVersion{8, 6}));
  // The target's own minimum wins where it is higher.
  EXPECT_EQ(requiredPtx(t("sm_100f"), F::Tcgen05), (PtxVersion{8, 8}));
  EXPECT_EQ(requiredPtx(t("sm_110a"), F::Tcgen05), (PtxVersion{9, 0}));
  EXPECT_EQ(requiredPtx(t("sm_88"), F::MmaSync), (PtxVersion{9, 0}));

  // Per intrinsic: later additions to a family need more.
  EXPECT_EQ(requiredPtxForIntrinsic(t("sm_90"),
                                    "llvm.nvvm.barrier.cluster.arrive.relaxed"),
            (PtxVersion{8, 0}));
  EXPECT_EQ(
      requiredPtxForIntrinsic(t("sm_90"), "llvm.nvvm.barrier.cluster.wait"),
      (PtxVersion{7, 8}));
  EXPECT_EQ(
      requiredPtxForIntrinsic(
          t("sm_90"), "llvm.nvvm.mbarrier.arrive.relaxed.scope.cta.space.cta"),
      (PtxVersion{8, 6}));
  EXPECT_EQ(requiredPtxForIntrinsic(
                t("sm_90"), "llvm.nvvm.mbarrier.try.wait.scope.cta.space.cta"),
            (PtxVersion{7, 8}));
  EXPECT_EQ(requiredPtxForIntrinsic(
                t("sm_90"), "llvm.nvvm.cp.async.bulk.global.to.shared.cta"),
            (PtxVersion{8, 6}));
  EXPECT_EQ(requiredPtxForIntrinsic(
                t("sm_100a"),
                "llvm.nvvm.tcgen05.mma.tensor.mxf4nvf4.block_scale.block16"),
            (PtxVersion{8, 8}));
  EXPECT_EQ(requiredPtxForIntrinsic(
                t("sm_100a"),
                "llvm.nvvm.tcgen05.mma.sp.shared.mxf4nvf4.block_scale.block32"),
            (PtxVersion{8, 8}));
  EXPECT_EQ(
      requiredPtxForIntrinsic(
          t("sm_100a"), "llvm.nvvm.tcgen05.mma.shared.mxf8f6f4.block_scale"),
      (PtxVersion{8, 8}));
  EXPECT_EQ(requiredPtxForIntrinsic(
                t("sm_89"), "llvm.nvvm.mma.m16n8k32.row.col.f16.e5m2.e4m3.f16"),
            (PtxVersion{8, 7}));
  EXPECT_EQ(requiredPtxForIntrinsic(
                t("sm_89"), "llvm.nvvm.mma.m16n8k16.row.col.f32.e4m3.e4m3.f32"),
            (PtxVersion{8, 7}));
  EXPECT_EQ(requiredPtxForIntrinsic(t("sm_89"),
                                    "llvm.nvvm.mma.sp.ordered.metadata."
                                    "m16n8k64.row.col.f32.e4m3.e4m3.f32"),
            (PtxVersion{8, 5}));
  EXPECT_EQ(requiredPtxForIntrinsic(
                t("sm_80"), "llvm.nvvm.mma.sp.m16n8k16.row.col.f16.f16"),
            (PtxVersion{7, 1}));
  // An intrinsic every target has needs only the target's minimum.
  EXPECT_EQ(
      requiredPtxForIntrinsic(t("sm_75"), "llvm.nvvm.read.ptx.sreg.tid.x"),
      (PtxVersion{6, 3}));
}

TEST(InstrFamily, IntrinsicsEveryTargetHasAreUnclassified) {
  for (const char *name :
       {"llvm.nvvm.read.ptx.sreg.tid.x", "llvm.nvvm.shfl.sync.bfly.i32",
        "llvm.nvvm.barrier.cta.sync.aligned.all", "llvm.nvvm.fma.rn.f16",
        "llvm.nvvm.fma.rn.f", "llvm.nvvm.fmax.f", "llvm.nvvm.ex2.approx.f32",
        "llvm.nvvm.fabs.f64", "llvm.nvvm.vote.ballot.sync",
        "llvm.nvvm.ldu.global.f.f32", "llvm.nvvm.isspacep.shared.cluster",
        "llvm.nvvm.wmma.m16n16k16.mma.row.row.f32.f32",
        "llvm.nvvm.atomic.add.gen.f.cta.f32.p0", "llvm.fma.f32", "",
        "llvm.nvvm."}) {
    SCOPED_TRACE(name);
    EXPECT_EQ(classifyNvvmIntrinsic(name), std::nullopt);
    EXPECT_EQ(getNvvmIntrinsicRequirement(name), std::nullopt);
  }
}

TEST(InstrFamily, NamedClassifications) {
  // A sample across the families, including the order-sensitive rows.
  std::map<std::string, F> cases = {
      {"llvm.nvvm.cp.async.bulk.tensor.g2s.cta.tile.gather4.2d",
       F::TmaBlackwell},
      {"llvm.nvvm.cp.async.bulk.tensor.g2s.cta.im2col.w.3d", F::TmaBlackwell},
      {"llvm.nvvm.cp.async.bulk.tensor.g2s.cta.im2col.w.128.3d",
       F::TmaBlackwellCluster},
      {"llvm.nvvm.cp.async.bulk.tensor.s2g.tile.scatter4.2d",
       F::TmaBlackwellCluster},
      {"llvm.nvvm.cp.async.bulk.tensor.prefetch.im2col.w.3d",
       F::TmaBlackwellCluster},
      {"llvm.nvvm.cp.async.bulk.tensor.reduce.add.tile.1d", F::TmaTile},
      {"llvm.nvvm.cp.async.bulk.tensor.reduce.add.im2col.3d", F::TmaIm2col},
      {"llvm.nvvm.cp.async.bulk.commit.group", F::TmaTile},
      {"llvm.nvvm.cp.async.commit.group", F::CpAsync},
      {"llvm.nvvm.cp.async.mbarrier.arrive.shared", F::CpAsync},
      {"llvm.nvvm.mbarrier.test.wait.parity.scope.cta.space.cta", F::MBarrier},
      {"llvm.nvvm.mbarrier.test.wait.scope.cluster.space.cta", F::MBarrierTx},
      {"llvm.nvvm.mbarrier.arrive.drop.shared", F::MBarrier},
      {"llvm.nvvm.fence.mbarrier_init.release.cluster", F::MBarrierTx},
      {"llvm.nvvm.fence.proxy.tensormap_generic.release.gpu", F::TmaTile},
      {"llvm.nvvm.fence.proxy.async.shared_cta", F::TmaTile},
      {"llvm.nvvm.fence.proxy.async_generic.acquire.sync_restrict.space."
       "cluster.scope.cluster",
       F::Clusters},
      {"llvm.nvvm.fence.sc.cluster", F::Clusters},
      {"llvm.nvvm.mapa.shared.cluster", F::Clusters},
      {"llvm.nvvm.read.ptx.sreg.nclusterid.x", F::Clusters},
      {"llvm.nvvm.read.ptx.sreg.clusterid.y", F::Clusters},
      {"llvm.nvvm.getctarank", F::Clusters},
      {"llvm.nvvm.wgmma.commit_group.sync.aligned", F::Wgmma},
      {"llvm.nvvm.tcgen05.mma.sp.tensor.mxf4.block_scale",
       F::Tcgen05ArchSpecific},
      {"llvm.nvvm.tcgen05.mma.sp.shared.mxf8f6f4.block_scale", F::Tcgen05},
      {"llvm.nvvm.tcgen05.mma.shared.scale_d.disable_output_lane.cg1",
       F::Tcgen05MmaScaleD},
      {"llvm.nvvm.tcgen05.ld.16x64b.x2", F::Tcgen05},
      {"llvm.nvvm.mma.sp.ordered.metadata.block.scale.m16n8k128.row.col.mxf4."
       "f32.e2m1.e2m1.f32.ue8m0",
       F::BlockScaledMmaSparseFp4},
      {"llvm.nvvm.mma.sp.ordered.metadata.block.scale.m16n8k64.row.col."
       "mxf8f6f4.f32.e4m3.e4m3.f32.ue8m0",
       F::BlockScaledMma},
      {"llvm.nvvm.mma.sp.ordered.metadata.m16n8k64.row.col.kind.f8f6f4.f32."
       "e2m1.e2m1.f32",
       F::MmaSyncF8F6F4},
      {"llvm.nvvm.mma.m8n8k4.row.col.f64", F::MmaSync},
      {"llvm.nvvm.mma.m16n8k8.row.col.f64", F::MmaSyncF64},
      {"llvm.nvvm.mma.m16n8k8.row.col.bf16", F::MmaSync},
      {"llvm.nvvm.mma.m16n8k8.row.col.tf32", F::MmaSync},
      {"llvm.nvvm.mma.m8n8k16.row.col.s8", F::MmaSyncTuring},
      {"llvm.nvvm.mma.xor.popc.m16n8k256.row.col.b1", F::MmaSync},
      {"llvm.nvvm.wmma.m16n16k8.mma.row.row.tf32", F::MmaSync},
      {"llvm.nvvm.wmma.m16n16k8.load.c.row.stride.f32.p0", F::MmaSync},
      {"llvm.nvvm.wmma.m8n8k128.mma.and.popc.row.col.b1", F::MmaSync},
      {"llvm.nvvm.stmatrix.sync.aligned.m16n8.x4.trans.b8.p3",
       F::LdStMatrixNarrow},
      {"llvm.nvvm.ldmatrix.sync.aligned.m8n16.x2.b8x16.b6x16_p32.p3",
       F::LdStMatrixNarrow},
      {"llvm.nvvm.ff.to.ue8m0x2.rz.satfinite", F::Fp6Fp4Conversion},
      {"llvm.nvvm.ue8m0x2.to.bf16x2", F::Fp6Fp4Conversion},
      {"llvm.nvvm.e5m2x2.to.f16x2.rn.relu", F::Fp8Conversion},
      {"llvm.nvvm.f16x2.to.e4m3x2.rn", F::Fp8Conversion},
      {"llvm.nvvm.ff2f16x2.rs.relu.satfinite", F::StochasticRounding},
      {"llvm.nvvm.f2tf32.rna.satfinite", F::AmpereConversion},
      {"llvm.nvvm.f2tf32.rn.satfinite", F::Tf32Satfinite},
      {"llvm.nvvm.f2tf32.rz.relu", F::CvtPackFloat},
      {"llvm.nvvm.f2bf16.rz.relu", F::AmpereConversion},
      {"llvm.nvvm.fmin.ftz.nan.xorsign.abs.f16x2", F::MinMaxXorsign},
      {"llvm.nvvm.fmax.nan.bf16x2", F::Bf16Arithmetic},
      {"llvm.nvvm.neg.bf16x2", F::Bf16Arithmetic},
      {"llvm.nvvm.fma.rn.relu.f16x2", F::AmpereFloatOps},
      {"llvm.nvvm.fmax.f16x2", F::AmpereFloatOps},
      {"llvm.nvvm.sext.clamp", F::BitFieldOps},
      {"llvm.nvvm.zext.wrap", F::BitFieldOps},
      {"llvm.nvvm.prefetchu.L1", F::Prefetch},
      {"llvm.nvvm.discard.global.L2", F::L2CacheHints},
      {"llvm.nvvm.redux.sync.fmin", F::ReduxFloat},
      {"llvm.nvvm.redux.sync.xor", F::Redux},
      {"llvm.nvvm.clusterlaunchcontrol.try_cancel.async.shared",
       F::ClusterLaunchControl},
      {"llvm.nvvm.st.bulk", F::StBulk},
      {"llvm.nvvm.tensormap.replace.swizzle.mode.p0", F::TensormapReplace},
      {"llvm.nvvm.prefetch.tensormap.p0", F::TmaTile},
      {"llvm.nvvm.fabs.bf16", F::Bf16Arithmetic},
      {"llvm.nvvm.fabs.ftz.v2f16", F::HalfMath},
      {"llvm.nvvm.ex2.approx.ftz.v2bf16", F::Bf16MathHopper},
  };
  for (const auto &[name, family] : cases)
    EXPECT_EQ(classifyNvvmIntrinsic(name), family) << name;
}

} // namespace
