//===- SharedScratch.cpp - scratch shared memory per function -------------===//

#include "TileToLLVM/TileLowering.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace tileiras;
using namespace tileiras::lowering;

/// Shared memory a kernel may declare statically (without opting in to
/// dynamic shared memory at launch).
static constexpr int64_t kStaticSharedMemoryLimit = 48 * 1024;

std::string SharedScratch::symbolFor(llvm::StringRef functionName) {
  return ("__tileiras_smem_" + functionName).str();
}

Value SharedScratch::getBuffer(OpBuilder &builder, Location loc,
                               int64_t bytes) {
  Operation *function = builder.getInsertionBlock()
                            ->getParentOp()
                            ->getParentOfType<LLVM::LLVMFuncOp>();
  if (auto self = dyn_cast<LLVM::LLVMFuncOp>(
          builder.getInsertionBlock()->getParentOp()))
    function = self;
  assert(function && "scratch requested outside of a function");
  int64_t rounded = (bytes + 15) / 16 * 16;
  int64_t &request = requests[function];
  request = std::max(request, rounded);
  auto name = cast<LLVM::LLVMFuncOp>(function).getSymName();
  return LLVM::AddressOfOp::create(
      builder, loc, LLVM::LLVMPointerType::get(builder.getContext(), 3),
      symbolFor(name));
}

/// Functions reachable from `root` through llvm.call.
static llvm::SetVector<Operation *> callees(LLVM::LLVMFuncOp root,
                                            SymbolTable &symbols) {
  llvm::SetVector<Operation *> reached;
  llvm::SmallVector<LLVM::LLVMFuncOp> work = {root};
  while (!work.empty()) {
    LLVM::LLVMFuncOp function = work.pop_back_val();
    function.walk([&](LLVM::CallOp call) {
      auto callee = call.getCallee();
      if (!callee)
        return;
      auto target = symbols.lookup<LLVM::LLVMFuncOp>(*callee);
      if (target && reached.insert(target))
        work.push_back(target);
    });
  }
  return reached;
}

LogicalResult SharedScratch::materialize(ModuleOp module,
                                         const targetspec::Target &target) {
  MLIRContext *context = module.getContext();
  bool ok = true;
  for (auto [function, bytes] : requests) {
    auto func = cast<LLVM::LLVMFuncOp>(function);
    OpBuilder builder(context);
    builder.setInsertionPoint(func);
    auto arrayType =
        LLVM::LLVMArrayType::get(IntegerType::get(context, 8), bytes);
    LLVM::GlobalOp::create(builder, func.getLoc(), arrayType,
                           /*isConstant=*/false, LLVM::Linkage::Internal,
                           symbolFor(func.getSymName()), Attribute(),
                           /*alignment=*/16, /*addrSpace=*/3);
  }

  // Kernels: their own scratch plus that of every device function they
  // reach, against the target's limit.
  int64_t limit =
      std::min<int64_t>(kStaticSharedMemoryLimit,
                        target.arch().geometry.maxSharedMemoryPerCTABytes);
  module.walk([&](Operation *symbolTableOp) {
    if (!symbolTableOp->hasTrait<OpTrait::SymbolTable>())
      return;
    SymbolTable symbols(symbolTableOp);
    for (auto func : symbolTableOp->getRegion(0).getOps<LLVM::LLVMFuncOp>()) {
      if (!func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()))
        continue;
      int64_t total = requests.lookup(func);
      for (Operation *callee : callees(func, symbols))
        total += requests.lookup(callee);
      if (total == 0)
        continue;
      func->setAttr("nv_tileaa.shared_memory_bytes",
                    IntegerAttr::get(IntegerType::get(context, 64), total));
      if (total > limit) {
        func.emitError() << "kernel @" << func.getSymName() << " needs "
                         << total
                         << " bytes of shared memory to exchange tile data, "
                            "more than the "
                         << limit << " bytes tileiras can declare on "
                         << target.name()
                         << " (statically declared shared memory is limited "
                            "to 48 KiB); use smaller tiles";
        ok = false;
      }
    }
  });
  return success(ok);
}
