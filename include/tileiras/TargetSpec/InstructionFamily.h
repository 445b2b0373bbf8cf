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
  Ldmatrix,          // ldmatrix
  MmaSync,           // mma.sync.aligned (Ampere shapes)
  CpAsync,           // cp.async (non-bulk)
  MBarrier,          // mbarrier.init/arrive/test_wait
  Redux,             // redux.sync
  Clusters,          // cluster launch, barrier.cluster, %cluster_*, mapa
  MBarrierTx,        // mbarrier expect_tx / try_wait (Hopper)
  TmaTile,           // cp.async.bulk(.tensor) tile mode
  TmaIm2col,         // cp.async.bulk.tensor im2col modes
  Stmatrix,          // stmatrix
  ElectSync,         // elect.sync
  GridDepControl,    // griddepcontrol
  Wgmma,             // wgmma.* (fence, mma_async, commit_group, wait_group)
  SetMaxNReg,        // setmaxnreg.inc/dec
  Tcgen05,           // tcgen05.* (needs tensor memory)
  BlockScaledMma,    // mma.sync.aligned.*.block_scale (consumer Blackwell)
  Fp8Conversion,     // cvt to/from e4m3 / e5m2
  CvtPackFloat,      // packed narrow-float conversions (seed: cvt_packfloat)
  Fp6Fp4Conversion,  // cvt to/from e2m1 / e2m3 / e3m2 / ue8m0
  Atomic128,         // 128-bit atom/cas
  Bf16Arithmetic,    // native bf16 add/mul/fma
};

struct InstrFamilyInfo {
  InstrFamily family;
  const char *name;        // "wgmma"
  PtxVersion minPtx;       // PTX ISA the family needs at least
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
/// of the family's minimum and the target's.
PtxVersion requiredPtx(const Target &target, InstrFamily family);

/// The diagnostic for a target that may not use the family, e.g.
/// "wgmma requires sm_90a; the target is sm_90", or the reference
/// compiler's verbatim text where one exists.
std::string unsupportedFamilyMessage(const Target &target, InstrFamily family);

/// Maps an LLVM intrinsic name ("llvm.nvvm.wgmma.fence.sync.aligned") to the
/// family it belongs to, or nullopt when it is available everywhere we
/// compile for.
std::optional<InstrFamily> classifyNvvmIntrinsic(llvm::StringRef name);

} // namespace tileiras::targetspec

#endif // TILEIRAS_TARGETSPEC_INSTRUCTIONFAMILY_H
