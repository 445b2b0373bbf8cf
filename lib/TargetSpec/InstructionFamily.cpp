//===- InstructionFamily.cpp - per-family target legality -----------------===//
//
// Which accepted targets may use each instruction family, the PTX ISA each
// needs, and the classification of LLVM 22 NVVM intrinsic names into
// families. The chip sets and PTX minimums were measured by compiling every
// NVVM intrinsic of LLVM 22 with llc for every accepted target and assembling
// the result with ptxas 13.0; test/TargetSpec/families.test re-checks a
// representative of every classification row against both tools.
//
//===----------------------------------------------------------------------===//

#include "tileiras/TargetSpec/InstructionFamily.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace llvm;

namespace tileiras::targetspec {

namespace {

using F = InstrFamily;

/// Who may use a family: every accepted target from `minSm` on (any
/// variant), or exactly the canonical names listed in `targets`.
struct Availability {
  unsigned minSm;      // 0 when `targets` is used
  const char *targets; // space-separated canonical names
};

constexpr Availability from(unsigned sm) { return {sm, nullptr}; }
constexpr Availability only(const char *names) { return {0, names}; }

// Chip sets that recur below.
constexpr const char *kHopperArch = "sm_90a";
constexpr const char *kArchOrFamilyFrom90 =
    "sm_90a sm_100a sm_100f sm_103a sm_103f sm_110a sm_110f sm_120a sm_120f "
    "sm_121a sm_121f";
constexpr const char *kBlackwellArchOrFamily =
    "sm_100a sm_100f sm_103a sm_103f sm_110a sm_110f sm_120a sm_120f sm_121a "
    "sm_121f";
// Exactly the accepted targets whose CPU row implies tmem.
constexpr const char *kTensorMemory =
    "sm_100a sm_100f sm_103a sm_103f sm_110a sm_110f";
constexpr const char *kTensorMemoryArch = "sm_100a sm_103a sm_110a";
constexpr const char *kDatacenterArchOrFamily =
    "sm_100a sm_100f sm_103a sm_103f";
constexpr const char *kDatacenterArch = "sm_100a sm_103a";
constexpr const char *kConsumerArchOrFamily = "sm_120a sm_120f sm_121a sm_121f";
constexpr const char *kConsumerArch = "sm_120a sm_121a";

struct FamilyRow {
  InstrFamilyInfo info;
  Availability who;
};

// One row per InstrFamily enumerator, in enum order. `requirement` is the
// human form of `who`; a unit test checks that the two agree.
// clang-format off
const FamilyRow kFamilies[] = {
  // family                 name                     PTX     requirement                                                                verbatim diagnostic                                            who
  {{F::Ldmatrix,            "ldmatrix",              {6, 5}, "sm_75 or newer",                                                          nullptr},                                                      from(75)},
  {{F::MmaSync,             "mma.sync",              {7, 0}, "sm_80 or newer",                                                          nullptr},                                                      from(80)},
  {{F::CpAsync,             "cp.async",              {7, 0}, "sm_80 or newer",                                                          nullptr},                                                      from(80)},
  {{F::MBarrier,            "mbarrier",              {7, 0}, "sm_80 or newer",                                                          nullptr},                                                      from(80)},
  {{F::Redux,               "redux.sync",            {7, 0}, "sm_80 or newer",                                                          nullptr},                                                      from(80)},
  {{F::Clusters,            "cluster",               {7, 8}, "sm_90 or newer",                                                          nullptr},                                                      from(90)},
  {{F::MBarrierTx,          "mbarrier.expect_tx",    {8, 0}, "sm_90 or newer",                                                          nullptr},                                                      from(90)},
  {{F::TmaTile,             "cp.async.bulk",         {8, 0}, "sm_90 or newer",                                                          nullptr},                                                      from(90)},
  {{F::TmaIm2col,           "cp.async.bulk.im2col",  {8, 0}, "sm_90 or newer",                                                          nullptr},                                                      from(90)},
  {{F::Stmatrix,            "stmatrix",              {7, 8}, "sm_90 or newer",                                                          nullptr},                                                      from(90)},
  {{F::ElectSync,           "elect.sync",            {8, 0}, "sm_90 or newer",                                                          nullptr},                                                      from(90)},
  {{F::GridDepControl,      "griddepcontrol",        {7, 8}, "sm_90 or newer",                                                          nullptr},                                                      from(90)},
  {{F::Wgmma,               "wgmma",                 {8, 0}, "sm_90a",                                                                  nullptr},                                                      only(kHopperArch)},
  {{F::SetMaxNReg,          "setmaxnreg",            {8, 0}, "sm_90a, sm_100a, sm_100f, sm_103a, sm_103f, sm_110a, sm_110f, sm_120a, sm_120f, sm_121a or sm_121f", nullptr},          only(kArchOrFamilyFrom90)},
  {{F::Tcgen05,             "tcgen05",               {8, 6}, "sm_100a, sm_100f, sm_103a, sm_103f, sm_110a or sm_110f",                  nullptr},                                                      only(kTensorMemory)},
  {{F::BlockScaledMma,      "mma.block_scale",       {8, 7}, "sm_120a, sm_120f, sm_121a or sm_121f",                                    nullptr},                                                      only(kConsumerArchOrFamily)},
  {{F::Fp8Conversion,       "cvt.f8",                {8, 1}, "sm_89 or newer",                                                          nullptr},                                                      from(89)},
  {{F::CvtPackFloat,        "cvt_packfloat",         {7, 8}, "sm_90 or newer",                                                          "cvt_packfloat intrinsic needs atleast SM90 and PTX >= 78"},   from(90)},
  {{F::Fp6Fp4Conversion,    "cvt.f6f4",              {8, 6}, "sm_100a, sm_100f, sm_103a, sm_103f, sm_110a, sm_110f, sm_120a, sm_120f, sm_121a or sm_121f", nullptr},                    only(kBlackwellArchOrFamily)},
  {{F::Atomic128,           "atom.b128",             {8, 4}, "sm_90 or newer",                                                          "128b atomics not supported on this architecture!"},          from(90)},
  {{F::Bf16Arithmetic,      "arith.bf16",            {7, 0}, "sm_80 or newer",                                                          nullptr},                                                      from(80)},
  {{F::MmaSyncTuring,       "mma.sync.m8n8k4",       {6, 5}, "sm_75 or newer",                                                          nullptr},                                                      from(75)},
  {{F::MmaSyncFp8,          "mma.sync.f8",           {8, 4}, "sm_89 or newer",                                                          nullptr},                                                      from(89)},
  {{F::MmaSyncF64,          "mma.sync.f64",          {7, 8}, "sm_90 or newer",                                                          nullptr},                                                      from(90)},
  {{F::MmaSyncF8F6F4,       "mma.sync.f8f6f4",       {8, 7}, "sm_120a, sm_120f, sm_121a or sm_121f",                                    nullptr},                                                      only(kConsumerArchOrFamily)},
  {{F::LdStMatrixNarrow,    "ldmatrix.b8",           {8, 6}, "sm_100a, sm_100f, sm_103a, sm_103f, sm_110a, sm_110f, sm_120a, sm_120f, sm_121a or sm_121f", nullptr},                    only(kBlackwellArchOrFamily)},
  {{F::TmaBlackwell,        "cp.async.bulk.sm100",   {8, 6}, "sm_100 or newer",                                                         nullptr},                                                      from(100)},
  {{F::TmaBlackwellCluster, "cp.async.bulk.sm100a",  {8, 6}, "sm_100a, sm_100f, sm_103a, sm_103f, sm_110a or sm_110f",                  nullptr},                                                      only(kTensorMemory)},
  {{F::ReduxFloat,          "redux.sync.f32",        {8, 6}, "sm_100a, sm_100f, sm_103a or sm_103f",                                    nullptr},                                                      only(kDatacenterArchOrFamily)},
  {{F::Tcgen05ArchSpecific, "tcgen05.arch_specific", {8, 6}, "sm_100a, sm_103a or sm_110a",                                             nullptr},                                                      only(kTensorMemoryArch)},
  {{F::Tcgen05MmaScaleD,    "tcgen05.mma.scale_d",   {8, 6}, "sm_100a, sm_100f, sm_103a or sm_103f",                                    nullptr},                                                      only(kDatacenterArchOrFamily)},
  {{F::TensormapReplace,    "tensormap.replace",     {8, 3}, "sm_90a, sm_100a, sm_100f, sm_103a, sm_103f, sm_110a, sm_110f, sm_120a, sm_120f, sm_121a or sm_121f", nullptr},          only(kArchOrFamilyFrom90)},
  {{F::ClusterLaunchControl, "clusterlaunchcontrol", {8, 6}, "sm_100 or newer",                                                         nullptr},                                                      from(100)},
  {{F::ClusterLaunchControlMulticast, "clusterlaunchcontrol.multicast", {8, 6}, "sm_100a, sm_100f, sm_103a, sm_103f, sm_110a, sm_110f, sm_120a, sm_120f, sm_121a or sm_121f", nullptr},        only(kBlackwellArchOrFamily)},
  {{F::StBulk,              "st.bulk",               {8, 6}, "sm_100 or newer",                                                         nullptr},                                                      from(100)},
  {{F::Prefetch,            "prefetch",              {8, 0}, "sm_90 or newer",                                                          nullptr},                                                      from(90)},
  {{F::L2CacheHints,        "l2.cache_hint",         {7, 4}, "sm_80 or newer",                                                          nullptr},                                                      from(80)},
  {{F::BitFieldOps,         "bmsk.szext",            {7, 6}, "sm_75 or newer",                                                          nullptr},                                                      from(75)},
  {{F::ProxyAliasFence,     "fence.proxy.alias",     {7, 5}, "sm_75 or newer",                                                          nullptr},                                                      from(75)},
  {{F::AmpereFloatOps,      "min.max.NaN",           {7, 0}, "sm_80 or newer",                                                          nullptr},                                                      from(80)},
  {{F::AmpereConversion,    "cvt.bf16",              {7, 0}, "sm_80 or newer",                                                          nullptr},                                                      from(80)},
  {{F::MinMaxXorsign,       "min.max.xorsign",       {7, 2}, "sm_86 or newer",                                                          nullptr},                                                      from(86)},
  {{F::StochasticRounding,  "cvt.rs",                {8, 7}, "sm_100a or sm_103a",                                                      nullptr},                                                      only(kDatacenterArch)},
  {{F::Tf32Satfinite,       "cvt.satfinite.tf32",    {8, 6}, "sm_100 or newer",                                                         nullptr},                                                      from(100)},
  {{F::HalfMath,            "math.f16",              {7, 0}, "sm_75 or newer",                                                          nullptr},                                                      from(75)},
  {{F::Bf16MathHopper,      "math.bf16",             {7, 8}, "sm_90 or newer",                                                          nullptr},                                                      from(90)},
  {{F::BlockScaledMmaSparseFp4, "mma.block_scale.sp.fp4", {8, 7}, "sm_120a or sm_121a",                                                nullptr},                                                      only(kConsumerArch)},
};
// clang-format on

constexpr unsigned kNumFamilies = sizeof(kFamilies) / sizeof(kFamilies[0]);
static_assert(kNumFamilies == unsigned(F::BlockScaledMmaSparseFp4) + 1,
              "one row per InstrFamily enumerator");

/// Classification of an NVVM intrinsic name: the first row whose prefix
/// matches (and whose `contains` text, if any, occurs in the name) wins, so
/// specific rows come before general ones. `minPtx` is the PTX ISA that both
/// LLVM 22 (to select) and ptxas 13.0 (to assemble) need for the intrinsics
/// the row covers.
struct IntrinsicRow {
  const char *prefix;
  const char *contains; // nullptr: no further condition
  F family;
  PtxVersion minPtx;
};

// clang-format off
const IntrinsicRow kIntrinsics[] = {
  // --- matrix multiply-accumulate -------------------------------------------
  {"llvm.nvvm.mma.sp.ordered.metadata.block.scale.m16n8k128.", nullptr,     F::BlockScaledMmaSparseFp4, {8, 7}},
  {"llvm.nvvm.mma.block.scale.",                        nullptr,             F::BlockScaledMma,      {8, 7}},
  {"llvm.nvvm.mma.sp.ordered.metadata.block.scale.",    nullptr,             F::BlockScaledMma,      {8, 7}},
  {"llvm.nvvm.mma.",                                    ".kind.f8f6f4.",     F::MmaSyncF8F6F4,       {8, 7}},
  {"llvm.nvvm.mma.sp.ordered.",                         ".e4m3.",            F::MmaSyncFp8,          {8, 5}},
  {"llvm.nvvm.mma.sp.ordered.",                         ".e5m2.",            F::MmaSyncFp8,          {8, 5}},
  {"llvm.nvvm.mma.sp.",                                 ".e4m3.",            F::MmaSyncFp8,          {8, 4}},
  {"llvm.nvvm.mma.sp.",                                 ".e5m2.",            F::MmaSyncFp8,          {8, 4}},
  {"llvm.nvvm.mma.m16n8k16.",                           ".e4m3.",            F::MmaSyncFp8,          {8, 7}},
  {"llvm.nvvm.mma.m16n8k32.row.col.f16.",               ".e4m3.",            F::MmaSyncFp8,          {8, 7}},
  {"llvm.nvvm.mma.m16n8k32.row.col.f16.",               ".e5m2.",            F::MmaSyncFp8,          {8, 7}},
  {"llvm.nvvm.mma.m16n8k16.",                           ".e5m2.",            F::MmaSyncFp8,          {8, 7}},
  {"llvm.nvvm.mma.",                                    ".e4m3.",            F::MmaSyncFp8,          {8, 4}},
  {"llvm.nvvm.mma.",                                    ".e5m2.",            F::MmaSyncFp8,          {8, 4}},
  {"llvm.nvvm.mma.m8n8k4.row.col.f64",                  nullptr,             F::MmaSync,             {7, 0}},
  {"llvm.nvvm.mma.m16n8k",                              ".f64",              F::MmaSyncF64,          {7, 8}},
  {"llvm.nvvm.mma.m8n8k4.",                             nullptr,             F::MmaSyncTuring,       {6, 4}},
  {"llvm.nvvm.mma.m16n8k8.row.col.f16",                 nullptr,             F::MmaSyncTuring,       {6, 5}},
  {"llvm.nvvm.mma.m16n8k8.row.col.f32",                 nullptr,             F::MmaSyncTuring,       {6, 5}},
  {"llvm.nvvm.mma.m8n8k16.",                            nullptr,             F::MmaSyncTuring,       {6, 5}},
  {"llvm.nvvm.mma.m8n8k32.",                            nullptr,             F::MmaSyncTuring,       {6, 5}},
  {"llvm.nvvm.mma.sp.ordered.",                         nullptr,             F::MmaSync,             {8, 5}},
  {"llvm.nvvm.mma.sp.",                                 nullptr,             F::MmaSync,             {7, 1}},
  {"llvm.nvvm.mma.and.popc.",                           nullptr,             F::MmaSync,             {7, 1}},
  {"llvm.nvvm.mma.",                                    nullptr,             F::MmaSync,             {7, 0}},
  {"llvm.nvvm.wmma.m16n16k8.",                          nullptr,             F::MmaSync,             {7, 0}},
  {"llvm.nvvm.wmma.",                                   ".and.popc",         F::MmaSync,             {7, 1}},
  {"llvm.nvvm.wmma.",                                   ".bf16",             F::MmaSync,             {7, 0}},
  {"llvm.nvvm.wmma.",                                   ".tf32",             F::MmaSync,             {7, 0}},
  {"llvm.nvvm.wmma.",                                   ".f64",              F::MmaSync,             {7, 0}},
  {"llvm.nvvm.wgmma.",                                  nullptr,             F::Wgmma,               {8, 0}},
  {"llvm.nvvm.ldmatrix.",                               ".m16n16.",          F::LdStMatrixNarrow,    {8, 6}},
  {"llvm.nvvm.ldmatrix.",                               ".m8n16.",           F::LdStMatrixNarrow,    {8, 6}},
  {"llvm.nvvm.ldmatrix.",                               nullptr,             F::Ldmatrix,            {6, 5}},
  {"llvm.nvvm.stmatrix.",                               ".m16n8.",           F::LdStMatrixNarrow,    {8, 6}},
  {"llvm.nvvm.stmatrix.",                               nullptr,             F::Stmatrix,            {7, 8}},
  // --- tensor memory ---------------------------------------------------------
  {"llvm.nvvm.tcgen05.shift.",                          nullptr,             F::Tcgen05ArchSpecific, {8, 6}},
  // Block-scaled tcgen05.mma prints a .block16/.block32 scale-vector size,
  // which ptxas 13.0 reads only from PTX 8.8 (LLVM alone would take 8.6).
  {"llvm.nvvm.tcgen05.mma.sp.",                         ".mxf4",             F::Tcgen05ArchSpecific, {8, 8}},
  {"llvm.nvvm.tcgen05.mma.",                            ".scale_d",          F::Tcgen05MmaScaleD,    {8, 6}},
  {"llvm.nvvm.tcgen05.mma.",                            ".block_scale",      F::Tcgen05,             {8, 8}},
  {"llvm.nvvm.tcgen05.",                                nullptr,             F::Tcgen05,             {8, 6}},
  // --- asynchronous copies and barriers --------------------------------------
  {"llvm.nvvm.cp.async.bulk.tensor.",                   ".im2col.w.128.",    F::TmaBlackwellCluster, {8, 6}},
  {"llvm.nvvm.cp.async.bulk.tensor.g2s.cta.",           ".im2col.w.",        F::TmaBlackwell,        {8, 6}},
  {"llvm.nvvm.cp.async.bulk.tensor.g2s.cta.",           ".gather4.",         F::TmaBlackwell,        {8, 6}},
  {"llvm.nvvm.cp.async.bulk.tensor.",                   ".im2col.w.",        F::TmaBlackwellCluster, {8, 6}},
  {"llvm.nvvm.cp.async.bulk.tensor.",                   ".gather4.",         F::TmaBlackwellCluster, {8, 6}},
  {"llvm.nvvm.cp.async.bulk.tensor.",                   ".scatter4.",        F::TmaBlackwellCluster, {8, 6}},
  {"llvm.nvvm.cp.async.bulk.tensor.g2s.cta.",           ".im2col.",          F::TmaIm2col,           {8, 6}},
  {"llvm.nvvm.cp.async.bulk.tensor.g2s.cta.",           nullptr,             F::TmaTile,             {8, 6}},
  {"llvm.nvvm.cp.async.bulk.tensor.",                   ".im2col.",          F::TmaIm2col,           {8, 0}},
  {"llvm.nvvm.cp.async.bulk.tensor.",                   nullptr,             F::TmaTile,             {8, 0}},
  {"llvm.nvvm.cp.async.bulk.shared.cta.to.global.bytemask", nullptr,         F::TmaBlackwell,        {8, 6}},
  {"llvm.nvvm.cp.async.bulk.global.to.shared.cta",      nullptr,             F::TmaTile,             {8, 6}},
  {"llvm.nvvm.cp.async.bulk.",                          nullptr,             F::TmaTile,             {8, 0}},
  {"llvm.nvvm.cp.async.",                               nullptr,             F::CpAsync,             {7, 0}},
  {"llvm.nvvm.prefetch.tensormap",                      nullptr,             F::TmaTile,             {8, 0}},
  {"llvm.nvvm.fence.proxy.tensormap_generic.",          nullptr,             F::TmaTile,             {8, 3}},
  {"llvm.nvvm.fence.proxy.async_generic.",              nullptr,             F::Clusters,            {8, 6}},
  {"llvm.nvvm.fence.proxy.async",                       nullptr,             F::TmaTile,             {8, 0}},
  {"llvm.nvvm.fence.proxy.alias",                       nullptr,             F::ProxyAliasFence,     {7, 5}},
  {"llvm.nvvm.tensormap.replace.",                      nullptr,             F::TensormapReplace,    {8, 3}},
  {"llvm.nvvm.mbarrier.",                               ".relaxed.",         F::MBarrierTx,          {8, 6}},
  {"llvm.nvvm.mbarrier.test.wait.parity.",              ".scope.cta.space.cta", F::MBarrier,         {7, 1}},
  {"llvm.nvvm.mbarrier.test.wait.",                     ".scope.cta.space.cta", F::MBarrier,         {7, 0}},
  {"llvm.nvvm.mbarrier.try.wait.",                      ".scope.cta.space.cta", F::MBarrierTx,       {7, 8}},
  {"llvm.nvvm.mbarrier.",                               ".scope.",           F::MBarrierTx,          {8, 0}},
  {"llvm.nvvm.mbarrier.",                               ".tx",               F::MBarrierTx,          {8, 0}},
  {"llvm.nvvm.mbarrier.",                               nullptr,             F::MBarrier,            {7, 0}},
  {"llvm.nvvm.fence.mbarrier_init.",                    nullptr,             F::MBarrierTx,          {8, 0}},
  // --- clusters and launch control -------------------------------------------
  {"llvm.nvvm.barrier.cluster.arrive.relaxed",          nullptr,             F::Clusters,            {8, 0}},
  {"llvm.nvvm.barrier.cluster.",                        nullptr,             F::Clusters,            {7, 8}},
  {"llvm.nvvm.read.ptx.sreg.aggr_smem_size",            nullptr,             F::Clusters,            {8, 1}},
  {"llvm.nvvm.read.ptx.sreg.cluster",                   nullptr,             F::Clusters,            {7, 8}},
  {"llvm.nvvm.read.ptx.sreg.nclusterid.",               nullptr,             F::Clusters,            {7, 8}},
  {"llvm.nvvm.mapa",                                    nullptr,             F::Clusters,            {7, 8}},
  {"llvm.nvvm.getctarank",                              nullptr,             F::Clusters,            {7, 8}},
  {"llvm.nvvm.is_explicit_cluster",                     nullptr,             F::Clusters,            {7, 8}},
  {"llvm.nvvm.fence.sc.cluster",                        nullptr,             F::Clusters,            {7, 8}},
  {"llvm.nvvm.fence.acquire.sync_restrict.",            nullptr,             F::Clusters,            {8, 6}},
  {"llvm.nvvm.fence.release.sync_restrict.",            nullptr,             F::Clusters,            {8, 6}},
  {"llvm.nvvm.clusterlaunchcontrol.try_cancel.async.multicast.", nullptr,    F::ClusterLaunchControlMulticast, {8, 6}},
  {"llvm.nvvm.clusterlaunchcontrol.",                   nullptr,             F::ClusterLaunchControl, {8, 6}},
  {"llvm.nvvm.griddepcontrol.",                         nullptr,             F::GridDepControl,      {7, 8}},
  {"llvm.nvvm.elect.sync",                              nullptr,             F::ElectSync,           {8, 0}},
  {"llvm.nvvm.setmaxnreg.",                             nullptr,             F::SetMaxNReg,          {8, 0}},
  {"llvm.nvvm.redux.sync.f",                            nullptr,             F::ReduxFloat,          {8, 6}},
  {"llvm.nvvm.redux.sync.",                             nullptr,             F::Redux,               {7, 0}},
  {"llvm.nvvm.st.bulk",                                 nullptr,             F::StBulk,              {8, 6}},
  {"llvm.nvvm.prefetch.",                               nullptr,             F::Prefetch,            {8, 0}},
  {"llvm.nvvm.prefetchu.",                              nullptr,             F::Prefetch,            {8, 0}},
  {"llvm.nvvm.applypriority.",                          nullptr,             F::L2CacheHints,        {7, 4}},
  {"llvm.nvvm.discard.",                                nullptr,             F::L2CacheHints,        {7, 4}},
  // --- conversions -----------------------------------------------------------
  {"llvm.nvvm.ff.to.e4m3x2.",                           nullptr,             F::Fp8Conversion,       {8, 1}},
  {"llvm.nvvm.ff.to.e5m2x2.",                           nullptr,             F::Fp8Conversion,       {8, 1}},
  {"llvm.nvvm.f16x2.to.e4m3x2.",                        nullptr,             F::Fp8Conversion,       {8, 1}},
  {"llvm.nvvm.f16x2.to.e5m2x2.",                        nullptr,             F::Fp8Conversion,       {8, 1}},
  {"llvm.nvvm.e4m3x2.to.",                              nullptr,             F::Fp8Conversion,       {8, 1}},
  {"llvm.nvvm.e5m2x2.to.",                              nullptr,             F::Fp8Conversion,       {8, 1}},
  {"llvm.nvvm.ff.to.e2m1x2.",                           nullptr,             F::Fp6Fp4Conversion,    {8, 6}},
  {"llvm.nvvm.ff.to.e2m3x2.",                           nullptr,             F::Fp6Fp4Conversion,    {8, 6}},
  {"llvm.nvvm.ff.to.e3m2x2.",                           nullptr,             F::Fp6Fp4Conversion,    {8, 6}},
  {"llvm.nvvm.ff.to.ue8m0x2.",                          nullptr,             F::Fp6Fp4Conversion,    {8, 6}},
  {"llvm.nvvm.bf16x2.to.ue8m0x2.",                      nullptr,             F::Fp6Fp4Conversion,    {8, 6}},
  {"llvm.nvvm.e2m1x2.to.",                              nullptr,             F::Fp6Fp4Conversion,    {8, 6}},
  {"llvm.nvvm.e2m3x2.to.",                              nullptr,             F::Fp6Fp4Conversion,    {8, 6}},
  {"llvm.nvvm.e3m2x2.to.",                              nullptr,             F::Fp6Fp4Conversion,    {8, 6}},
  {"llvm.nvvm.ue8m0x2.to.",                             nullptr,             F::Fp6Fp4Conversion,    {8, 6}},
  {"llvm.nvvm.f32x4.to.",                               nullptr,             F::StochasticRounding,  {8, 7}},
  {"llvm.nvvm.ff2bf16x2.rs",                            nullptr,             F::StochasticRounding,  {8, 7}},
  {"llvm.nvvm.ff2f16x2.rs",                             nullptr,             F::StochasticRounding,  {8, 7}},
  {"llvm.nvvm.f2tf32.rn.",                              ".satfinite",        F::Tf32Satfinite,       {8, 6}},
  {"llvm.nvvm.f2tf32.rz.",                              ".satfinite",        F::Tf32Satfinite,       {8, 6}},
  {"llvm.nvvm.f2tf32.rna",                              ".satfinite",        F::AmpereConversion,    {8, 1}},
  {"llvm.nvvm.f2tf32.rna",                              nullptr,             F::AmpereConversion,    {7, 0}},
  {"llvm.nvvm.f2tf32.",                                 nullptr,             F::CvtPackFloat,        {7, 8}},
  {"llvm.nvvm.f2bf16.",                                 ".satfinite",        F::AmpereConversion,    {8, 1}},
  {"llvm.nvvm.f2f16.",                                  ".satfinite",        F::AmpereConversion,    {8, 1}},
  {"llvm.nvvm.ff2bf16x2.",                              ".satfinite",        F::AmpereConversion,    {8, 1}},
  {"llvm.nvvm.ff2f16x2.",                               ".satfinite",        F::AmpereConversion,    {8, 1}},
  {"llvm.nvvm.f2bf16.",                                 nullptr,             F::AmpereConversion,    {7, 0}},
  {"llvm.nvvm.f2f16.",                                  nullptr,             F::AmpereConversion,    {7, 0}},
  {"llvm.nvvm.ff2bf16x2.",                              nullptr,             F::AmpereConversion,    {7, 0}},
  {"llvm.nvvm.ff2f16x2.",                               nullptr,             F::AmpereConversion,    {7, 0}},
  // --- floating-point arithmetic ---------------------------------------------
  {"llvm.nvvm.fmax.",                                   ".xorsign.",         F::MinMaxXorsign,       {7, 2}},
  {"llvm.nvvm.fmin.",                                   ".xorsign.",         F::MinMaxXorsign,       {7, 2}},
  {"llvm.nvvm.fma.rn.",                                 "bf16",              F::Bf16Arithmetic,      {7, 0}},
  {"llvm.nvvm.fmax.",                                   "bf16",              F::Bf16Arithmetic,      {7, 0}},
  {"llvm.nvvm.fmin.",                                   "bf16",              F::Bf16Arithmetic,      {7, 0}},
  {"llvm.nvvm.neg.bf16",                                nullptr,             F::Bf16Arithmetic,      {7, 0}},
  {"llvm.nvvm.fabs.",                                   "bf16",              F::Bf16Arithmetic,      {7, 0}},
  {"llvm.nvvm.ex2.approx.",                             "bf16",              F::Bf16MathHopper,      {7, 8}},
  {"llvm.nvvm.ex2.approx.",                             "f16",               F::HalfMath,            {7, 0}},
  {"llvm.nvvm.fabs.",                                   "f16",               F::HalfMath,            {7, 0}},
  {"llvm.nvvm.fma.rn.",                                 ".relu.",            F::AmpereFloatOps,      {7, 0}},
  {"llvm.nvvm.fmax.",                                   ".nan.",             F::AmpereFloatOps,      {7, 0}},
  {"llvm.nvvm.fmin.",                                   ".nan.",             F::AmpereFloatOps,      {7, 0}},
  {"llvm.nvvm.fmax.",                                   "f16",               F::AmpereFloatOps,      {7, 0}},
  {"llvm.nvvm.fmin.",                                   "f16",               F::AmpereFloatOps,      {7, 0}},
  // --- integer ---------------------------------------------------------------
  {"llvm.nvvm.bmsk.",                                   nullptr,             F::BitFieldOps,         {7, 6}},
  {"llvm.nvvm.sext.",                                   nullptr,             F::BitFieldOps,         {7, 6}},
  {"llvm.nvvm.zext.",                                   nullptr,             F::BitFieldOps,         {7, 6}},
};
// clang-format on

const FamilyRow &rowOf(F family) { return kFamilies[unsigned(family)]; }

const IntrinsicRow *matchIntrinsic(StringRef name) {
  for (const IntrinsicRow &row : kIntrinsics)
    if (name.starts_with(row.prefix) &&
        (!row.contains || name.contains(row.contains)))
      return &row;
  return nullptr;
}

bool inList(const char *targets, StringRef name) {
  SmallVector<StringRef, 12> names;
  StringRef(targets).split(names, ' ', -1, /*KeepEmpty=*/false);
  return is_contained(names, name);
}

} // namespace

ArrayRef<InstrFamilyInfo> getInstrFamilyTable() {
  static const std::vector<InstrFamilyInfo> table = [] {
    std::vector<InstrFamilyInfo> out;
    for (const FamilyRow &row : kFamilies)
      out.push_back(row.info);
    return out;
  }();
  return table;
}

const InstrFamilyInfo &getInstrFamilyInfo(InstrFamily family) {
  return getInstrFamilyTable()[unsigned(family)];
}

bool targetSupports(const Target &target, InstrFamily family) {
  const Availability &who = rowOf(family).who;
  if (who.targets)
    return inList(who.targets, target.name());
  return target.sm >= who.minSm;
}

std::vector<Target> targetsSupporting(InstrFamily family) {
  std::vector<Target> out;
  for (const Target &t : acceptedTargets())
    if (targetSupports(t, family))
      out.push_back(t);
  return out;
}

PtxVersion requiredPtx(const Target &target, InstrFamily family) {
  return std::max(target.minPtx(), rowOf(family).info.minPtx);
}

std::string unsupportedFamilyMessage(const Target &target, InstrFamily family) {
  const InstrFamilyInfo &info = rowOf(family).info;
  if (info.verbatimDiagnostic)
    return info.verbatimDiagnostic;
  return std::string(info.name) + " requires " + info.requirement +
         "; the target is " + target.name();
}

std::optional<InstrFamily> classifyNvvmIntrinsic(StringRef name) {
  if (const IntrinsicRow *row = matchIntrinsic(name))
    return row->family;
  return std::nullopt;
}

std::optional<InstrFamily> lookupInstrFamily(StringRef name) {
  for (const FamilyRow &row : kFamilies)
    if (name == row.info.name)
      return row.info.family;
  return std::nullopt;
}

std::optional<IntrinsicRequirement>
getNvvmIntrinsicRequirement(StringRef name) {
  if (const IntrinsicRow *row = matchIntrinsic(name))
    return IntrinsicRequirement{row->family, row->minPtx};
  return std::nullopt;
}

PtxVersion requiredPtxForIntrinsic(const Target &target, StringRef name) {
  PtxVersion needed = target.minPtx();
  if (std::optional<IntrinsicRequirement> req =
          getNvvmIntrinsicRequirement(name))
    needed = std::max(needed, req->minPtx);
  return needed;
}

} // namespace tileiras::targetspec
