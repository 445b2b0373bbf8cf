//===- Legality.h - target legality check before isel -----------*- C++ -*-===//
//
// Walks LLVM IR before instruction selection and asks the target-spec library
// about every NVVM intrinsic family (and the non-intrinsic constructs that
// need a particular chip, such as 128-bit atomics). A use the target may not
// make is an error naming the operation, the chip and the chips that would
// work; nothing is ever silently downgraded. The same walk tells which PTX
// ISA version the module needs.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_CODEGEN_LEGALITY_H
#define TILEIRAS_CODEGEN_LEGALITY_H

#include "tileiras/TargetSpec/InstructionFamily.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace llvm {
class Instruction;
class Module;
} // namespace llvm

namespace tileiras::codegen {

/// One use of a target-gated instruction family.
struct FamilyUse {
  targetspec::InstrFamily family;
  std::string operation; // "llvm.nvvm.wgmma.fence.sync.aligned"
  std::string location;  // "kernel.mlir:12:5" or "" when unknown
  /// The use itself, for checks that read its operands (tcgen05.mma).
  const llvm::Instruction *instruction = nullptr;
};

/// Every use of a gated family in the module, in program order.
std::vector<FamilyUse> collectFamilyUses(const llvm::Module &module);

/// The PTX ISA `target` needs for one use (exact per intrinsic).
targetspec::PtxVersion requiredPtxForUse(const targetspec::Target &target,
                                         const FamilyUse &use);

/// Fails (one LocatedError per offending operation, joined) when the target
/// may not use a family the module uses, when a tcgen05.mma asks for a
/// combination of qualifiers the target cannot encode (Tcgen05Legality.h), or
/// when `ptx` is too old for a use.
llvm::Error checkTargetLegality(const llvm::Module &module,
                                const targetspec::Target &target,
                                targetspec::PtxVersion ptx);

} // namespace tileiras::codegen

#endif // TILEIRAS_CODEGEN_LEGALITY_H
