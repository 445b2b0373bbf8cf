//===- SharedAccess.h - what an LLVM-dialect op does to shared memory
//-*-C++-*-//
//
// The barrier elimination (RemoveRedundantBarriers.cpp) needs to know which
// operations of the lowered code read or write shared memory. Most say so
// through their operands (an address in address space 3, or a generic
// one that may point there); inline PTX hides its addresses in integer
// registers, so the structured builder (InlinePtx) records its accesses in
// an attribute instead of making anyone read the PTX text.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_PASSES_BARRIERS_SHAREDACCESS_H
#define TILEIRAS_PASSES_BARRIERS_SHAREDACCESS_H

#include "mlir/IR/Operation.h"

#include "llvm/ADT/StringRef.h"

namespace tileiras::barriers {

/// Discardable attribute of an llvm.inline_asm that accesses memory which
/// may be shared: "read", "write" or "read_write".
inline constexpr llvm::StringLiteral kSharedAccessAttr =
    "tileiras.shared_access";

/// Unit attribute of the `nvvm.barrier0` ops the lowering emits to fence
/// shared memory (emitBarrier). Only these may be removed; any other
/// barrier (one that orders global memory, say) stays.
inline constexpr llvm::StringLiteral kSharedFenceAttr = "tileiras.shared_fence";

/// Reads and writes of shared memory, as a pair of flags.
struct SharedAccess {
  bool reads = false;
  bool writes = false;

  bool any() const { return reads || writes; }
  SharedAccess &operator|=(SharedAccess other) {
    reads |= other.reads;
    writes |= other.writes;
    return *this;
  }
  bool operator==(SharedAccess other) const {
    return reads == other.reads && writes == other.writes;
  }
  /// Whether an access before a barrier and one after it may race when the
  /// barrier goes: a write with anything, or a read with a write.
  bool conflictsWith(SharedAccess later) const {
    return (writes && later.any()) || (reads && later.writes);
  }
  static SharedAccess both() { return {true, true}; }
};

/// The attribute value for `access` (which must be non-empty).
llvm::StringRef sharedAccessName(SharedAccess access);

/// What `op` (not a barrier) may do to shared memory. Unknown calls and
/// ops with a pointer operand in address space 3 or 0 count as both.
SharedAccess sharedAccessOf(mlir::Operation *op);

} // namespace tileiras::barriers

#endif // TILEIRAS_PASSES_BARRIERS_SHAREDACCESS_H
