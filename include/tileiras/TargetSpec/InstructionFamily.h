//===- InstructionFamily.h - per-family target legality ---------*- C++ -*-===//
//
// Instruction families that only some chips (or only some PTX ISA versions)
// have, which chips may use each, the PTX ISA each needs, the diagnostic when
// a target may not use one, and the classification of NVVM intrinsics into
// families (used by the legality check before instruction selection).
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_TARGETSPEC_INSTRUCTIONFAMILY_H
#define TILEIRAS_TARGETSPEC_INSTRUCTIONFAMILY_H

#include "tileiras/TargetSpec/PtxVersion.h"
#include "tileiras/TargetSpec/Target.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace tileiras::targetspec {

enum class InstrFamily {
  Ldmatrix,         // ldmatrix
  MmaSync,          // mma.sync.aligned (Ampere shapes)
  CpAsync,          // cp.async (non-bulk)
  MBarrier,         // mbarrier.init/arrive/test_wait
  Redux,            // redux.sync
  Clusters,         // cluster launch, barrier.cluster, %cluster_*, mapa
  MBarrierTx,       // mbarrier expect_tx / try_wait (Hopper)
  TmaTile,          // cp.async.bulk(.tensor) tile mode
  TmaIm2col,        // cp.async.bulk.tensor im2col modes
  Stmatrix,         // stmatrix
  ElectSync,        // elect.sync
  GridDepControl,   // griddepcontrol
  Wgmma,            // wgmma.* (fence, mma_async, commit_group, wait_group)
  SetMaxNReg,       // setmaxnreg.inc/dec
  Tcgen05,          // tcgen05.* (needs tensor memory)
  BlockScaledMma,   // mma.sync.aligned.*.block_scale (consumer Blackwell)
  Fp8Conversion,    // cvt to/from e4m3 / e5m2
  CvtPackFloat,     // cvt.rn/rz.tf32.f32: the SM90 + PTX 7.8 conversion gate
  Fp6Fp4Conversion, // cvt to/from e2m1 / e2m3 / e3m2 / ue8m0
  Atomic128,        // 128-bit atom/cas
  Bf16Arithmetic,   // bf16 fma/min/max/neg/abs (sm_80)
  // Appended: further groups of LLVM 22 NVVM intrinsics that not every
  // accepted target (or not the oldest PTX ISA of a target) can compile.
  MmaSyncTuring,        // mma.sync Volta/Turing shapes (m8n8k4, m16n8k8, ...)
  MmaSyncFp8,           // mma.sync with e4m3/e5m2 operands (Ada)
  MmaSyncF64,           // mma.sync f64 m16n8k4/k8/k16 (Hopper)
  MmaSyncF8F6F4,        // mma.sync kind::f8f6f4 (consumer Blackwell)
  LdStMatrixNarrow,     // ldmatrix/stmatrix b8 and packed b6/b4 shapes
  TmaBlackwell,         // cp.async.bulk gather4 / im2col::w / bytemask
  TmaBlackwellCluster,  // the same modes with cluster scope or multicast
  ReduxFloat,           // redux.sync on f32
  Tcgen05ArchSpecific,  // tcgen05.shift, sparse MXF4 tcgen05.mma ('a' only)
  Tcgen05MmaScaleD,     // tcgen05.mma with scale_d (sm_100/sm_103 a/f)
  TensormapReplace,     // tensormap.replace
  ClusterLaunchControl, // clusterlaunchcontrol.*
  // clusterlaunchcontrol.try_cancel with multicast:
  ClusterLaunchControlMulticast,
  StBulk,                  // st.bulk
  Prefetch,                // prefetch / prefetchu as LLVM 22 selects them
  L2CacheHints,            // applypriority, discard (L2)
  BitFieldOps,             // bmsk, szext
  ProxyAliasFence,         // fence.proxy.alias
  AmpereFloatOps,          // f16/f32 min/max .NaN, fma .relu (sm_80)
  AmpereConversion,        // cvt to bf16/f16x2/tf32 (rna) forms of sm_80
  MinMaxXorsign,           // min/max .xorsign.abs
  StochasticRounding,      // cvt .rs (stochastic rounding)
  Tf32Satfinite,           // cvt.rn/rz.satfinite.tf32.f32
  HalfMath,                // ex2.approx / abs on f16 (PTX 7.0)
  Bf16MathHopper,          // ex2.approx on bf16 (sm_90)
  BlockScaledMmaSparseFp4, // sparse block-scaled mma m16n8k128 ('a' only)
};

struct InstrFamilyInfo {
  InstrFamily family;
  const char *name;  // "wgmma"
  PtxVersion minPtx; // PTX ISA the family needs at least
  /// Human description of who may use it ("sm_90a", "sm_80 or newer").
  const char *requirement;
  /// Verbatim reference-compiler diagnostic when the target may not use it,
  /// or null to use the generic "<name> requires <requirement>; the target
  /// is <chip>" form.
  const char *verbatimDiagnostic;
};

/// The whole family table, one row per enumerator, in enum order.
llvm::ArrayRef<InstrFamilyInfo> getInstrFamilyTable();
const InstrFamilyInfo &getInstrFamilyInfo(InstrFamily family);

/// Whether the target (chip + variant) may use the family at all.
bool targetSupports(const Target &target, InstrFamily family);

/// Every accepted target that may use the family.
std::vector<Target> targetsSupporting(InstrFamily family);

/// PTX ISA a module needs on `target` when it uses the family: the larger
/// of the family's minimum and the target's. Some members of a family need
/// more than its minimum; requiredPtxForIntrinsic() is exact per intrinsic.
PtxVersion requiredPtx(const Target &target, InstrFamily family);

/// The diagnostic for a target that may not use the family, e.g.
/// "wgmma requires sm_90a; the target is sm_90", or the reference
/// compiler's verbatim text where one exists.
std::string unsupportedFamilyMessage(const Target &target, InstrFamily family);

/// Maps an LLVM intrinsic name ("llvm.nvvm.wgmma.fence.sync.aligned") to the
/// family it belongs to, or nullopt when it is available everywhere we
/// compile for.
std::optional<InstrFamily> classifyNvvmIntrinsic(llvm::StringRef name);

/// Finds a family by its table name ("wgmma", "tcgen05", "cp.async").
std::optional<InstrFamily> lookupInstrFamily(llvm::StringRef name);

/// What one NVVM intrinsic needs: its family (which chips) and the PTX ISA
/// the intrinsic itself needs. Members that a later PTX ISA added to a family
/// need more than the family's minimum (barrier.cluster.arrive.relaxed needs
/// 8.0 where the cluster family starts at 7.8); a few need less.
struct IntrinsicRequirement {
  InstrFamily family;
  PtxVersion minPtx;
};
std::optional<IntrinsicRequirement>
getNvvmIntrinsicRequirement(llvm::StringRef name);

/// PTX ISA a module needs on `target` for this intrinsic: the larger of the
/// intrinsic's and the target's minimum (the target's minimum alone for an
/// intrinsic every target has). Use this, not the family-level overload,
/// when choosing the .version of a module.
PtxVersion requiredPtxForIntrinsic(const Target &target, llvm::StringRef name);

} // namespace tileiras::targetspec

#endif // TILEIRAS_TARGETSPEC_INSTRUCTIONFAMILY_H
