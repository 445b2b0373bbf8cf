//===- LibdeviceInlining.h - bound inlined libdevice control flow -*- C++
//-*-===//
//
// libdevice marks every function alwaysinline. Many of them branch (range
// reduction of sinf/cosf/tanf, powf, fmodf, the double-precision functions).
// A tile op is lowered once per register, so with 64 elements per thread a
// kernel inlines thousands of such bodies one after the other, and the
// dominator tree becomes a chain as long as the kernel. InstCombine asks
// isGuaranteedNotToBeUndefOrPoison, which walks that chain of immediate
// dominators for every query: compile time grows with the square of the
// elements per thread (4096-element tiles: 18.8 s, 8192: over a minute).
//
// So the inlined copies of branching libdevice functions are budgeted: one
// called more than kMaxInlinedCopies times stays an out-of-line function
// (one optimized copy, a `call` per element), and when the rest still makes
// more than kMaxInlinedBranchingCalls call sites, the most-called ones do
// too, until the rest fits. Straight-line functions (fabsf,
// fminf, ... after NVVMReflect) are always inlined. Kernels with a few
// elements per thread are unchanged.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_CODEGEN_LIBDEVICEINLINING_H
#define TILEIRAS_CODEGEN_LIBDEVICEINLINING_H

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace tileiras::codegen {

/// Inlined copies of one branching libdevice function, at most.
inline constexpr unsigned kMaxInlinedCopies = 8;
/// Call sites of branching libdevice functions that may be inlined.
inline constexpr unsigned kMaxInlinedBranchingCalls = 64;

/// Applies the budget above to `module` (libdevice already linked): the
/// functions left out-of-line get noinline instead of alwaysinline.
void limitLibdeviceInlining(llvm::Module &module, llvm::TargetMachine &tm);

} // namespace tileiras::codegen

#endif // TILEIRAS_CODEGEN_LIBDEVICEINLINING_H
