//===- SharedAccess.cpp - what an LLVM-dialect op does to shared memory ---===//

#include "Barriers/SharedAccess.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace tileiras::barriers;

StringRef tileiras::barriers::sharedAccessName(SharedAccess access) {
  if (access.reads && access.writes)
    return "read_write";
  return access.writes ? "write" : "read";
}

/// Shared (3) or generic (0, which may point into shared memory).
static bool mayBeShared(Type type) {
  auto pointer = dyn_cast<LLVM::LLVMPointerType>(type);
  return pointer &&
         (pointer.getAddressSpace() == 3 || pointer.getAddressSpace() == 0);
}

static SharedAccess fromAttribute(LLVM::InlineAsmOp op) {
  auto name = op->getAttrOfType<StringAttr>(kSharedAccessAttr);
  if (!name)
    return {};
  if (name.getValue() == "read")
    return {true, false};
  if (name.getValue() == "write")
    return {false, true};
  return SharedAccess::both();
}

SharedAccess tileiras::barriers::sharedAccessOf(Operation *op) {
  if (auto inlineAsm = dyn_cast<LLVM::InlineAsmOp>(op))
    return fromAttribute(inlineAsm);
  if (isa<NVVM::LdMatrixOp>(op))
    return {true, false};
  // A cp.async writes its slot until the wait that retires its group, so
  // the wait counts as a write too.
  if (isa<NVVM::StMatrixOp, NVVM::CpAsyncOp, NVVM::CpAsyncWaitGroupOp>(op))
    return {false, true};
  if (isa<NVVM::CpAsyncCommitGroupOp>(op))
    return {};
  // wgmma.mma_async (inline PTX without an access attribute by then) reads
  // its operands until the wait_group that retires it: the wait counts as
  // the read.
  if (isa<NVVM::WgmmaWaitGroupSyncOp>(op))
    return {true, false};
  if (auto load = dyn_cast<LLVM::LoadOp>(op))
    return {mayBeShared(load.getAddr().getType()), false};
  if (auto store = dyn_cast<LLVM::StoreOp>(op))
    return {false, mayBeShared(store.getAddr().getType())};
  if (isa<LLVM::CallOp, LLVM::CallIntrinsicOp>(op))
    return SharedAccess::both();
  if (isMemoryEffectFree(op))
    return {};
  for (Value operand : op->getOperands())
    if (mayBeShared(operand.getType()))
      return SharedAccess::both();
  return {};
}
