//===- SharedScratch.cpp - scratch shared memory per function -------------===//
//
// Every function that exchanges data between threads gets one scratch
// buffer, `__tileiras_smem_<function>`, sized for its largest request. The
// buffers of the function's nv_tileaa.local_alloc ops (the software
// pipeliner's slots) come first in it, one after another for the whole
// function; the scratch follows them.
//
// A kernel's buffer is static (`.shared .b8 x[N]`) while the kernel's whole
// need -- its own scratch plus that of every device function it reaches --
// fits in the static limit (48 KiB), so that such kernels launch with no
// dynamic shared memory at all. Above it, the kernel's own buffer becomes
// dynamic shared memory (an external zero-size addrspace(3) array, PTX
// `.extern .shared .align 16 .b8 x[]`) and the kernel carries the bytes to
// launch it with; the whole need may then reach the target's opt-in maximum.
//
// Device functions keep static buffers of their own: a function is compiled
// once for all its callers, so it cannot know where a caller's dynamic
// buffer ends, and static and dynamic shared memory never overlap, so a
// device function's scratch never aliases its kernel's.
//
//===----------------------------------------------------------------------===//

#include "TileToLLVM/TileLowering.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tileiras;
using namespace tileiras::lowering;

/// LLVM function attribute (through `passthrough`) of a kernel whose scratch
/// is dynamic shared memory: the bytes to launch it with. Read by the kernel
/// metadata (lib/Driver/Metadata.cpp) and the CPU simulator
/// (tools/sim/SimPrep.cpp), which spell it out too.
static constexpr llvm::StringLiteral kDynamicSharedMemoryAttr =
    "tileiras-dynamic-shared-memory-bytes";

std::string SharedScratch::symbolFor(llvm::StringRef functionName) {
  return ("__tileiras_smem_" + functionName).str();
}

/// The llvm.func enclosing the builder's insertion point (or being built).
static Operation *enclosingFunction(OpBuilder &builder) {
  Operation *parent = builder.getInsertionBlock()->getParentOp();
  if (isa<LLVM::LLVMFuncOp>(parent))
    return parent;
  return parent->getParentOfType<LLVM::LLVMFuncOp>();
}

Value SharedScratch::bufferAt(OpBuilder &builder, Location loc,
                              Operation *function, int64_t offset) {
  auto name = cast<LLVM::LLVMFuncOp>(function).getSymName();
  auto pointer = LLVM::LLVMPointerType::get(builder.getContext(), 3);
  Value base =
      LLVM::AddressOfOp::create(builder, loc, pointer, symbolFor(name));
  if (offset == 0)
    return base;
  return LLVM::GEPOp::create(builder, loc, pointer, builder.getI8Type(), base,
                             ArrayRef<LLVM::GEPArg>{int32_t(offset)});
}

Value SharedScratch::getBuffer(OpBuilder &builder, Location loc,
                               int64_t bytes) {
  Operation *function = enclosingFunction(builder);
  assert(function && "scratch requested outside of a function");
  int64_t rounded = (bytes + 15) / 16 * 16;
  // The op being lowered is the one before which the builder inserts.
  int64_t offset = allocated.lookup(function);
  if (builder.getInsertionPoint() != builder.getInsertionBlock()->end()) {
    auto base = scratchBases.find(&*builder.getInsertionPoint());
    if (base != scratchBases.end())
      offset = base->second;
  }
  int64_t &request = requests[function];
  request = std::max(request, offset + rounded);
  return bufferAt(builder, loc, function, offset);
}

Value SharedScratch::allocationAddress(OpBuilder &builder, Location loc,
                                       Operation *alloc) {
  Operation *function = alloc->getParentOfType<LLVM::LLVMFuncOp>();
  return bufferAt(builder, loc, function, allocationOffsets.lookup(alloc));
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

/// "sm_80, sm_87 and sm_90": the base targets whose CTAs may use `bytes` of
/// shared memory (their a/f variants have the same limit); empty when none.
static std::string targetsThatFit(int64_t bytes) {
  llvm::SmallVector<std::string> names;
  for (const targetspec::Target &target : targetspec::acceptedTargets())
    if (target.suffix().empty() &&
        target.arch().geometry.maxSharedMemoryPerCTABytes >= bytes)
      names.push_back(target.name());
  if (names.size() < 2)
    return names.empty() ? "" : names.front();
  std::string last = names.pop_back_val();
  return llvm::join(names, ", ") + " and " + last;
}

static void reportOverOptInLimit(LLVM::LLVMFuncOp kernel, int64_t total,
                                 const targetspec::Target &target) {
  const targetspec::ResourceGeometry &geometry = target.arch().geometry;
  InFlightDiagnostic diag = kernel.emitError();
  diag << "kernel @" << kernel.getSymName() << " needs " << total
       << " bytes of shared memory to exchange tile data, more than the "
       << geometry.maxSharedMemoryPerCTABytes << " bytes a CTA may use on "
       << target.name();
  std::string fit = targetsThatFit(total);
  if (fit.empty())
    diag << "; no target has that much shared memory per CTA";
  else
    diag << "; it fits on " << fit << " (and their a/f variants)";
  diag << "; otherwise use smaller tiles";
}

static void reportStaticCallees(LLVM::LLVMFuncOp kernel, int64_t bytes,
                                const targetspec::Target &target) {
  kernel.emitError() << "kernel @" << kernel.getSymName()
                     << " calls device functions that need " << bytes
                     << " bytes of shared memory together, more than the "
                     << target.arch().geometry.staticSharedMemoryBytes
                     << " bytes of static shared memory a kernel may declare "
                        "on "
                     << target.name()
                     << " (device functions' scratch is always static; only "
                        "a kernel's own scratch can be dynamic); inline the "
                        "functions into the kernel or use smaller tiles";
}

static void setDynamicSharedMemoryBytes(LLVM::LLVMFuncOp kernel,
                                        int64_t bytes) {
  MLIRContext *context = kernel.getContext();
  llvm::SmallVector<Attribute> passthrough;
  if (ArrayAttr existing = kernel.getPassthroughAttr())
    llvm::append_range(passthrough, existing.getValue());
  passthrough.push_back(ArrayAttr::get(
      context, {StringAttr::get(context, kDynamicSharedMemoryAttr),
                StringAttr::get(context, llvm::Twine(bytes).str())}));
  kernel.setPassthroughAttr(ArrayAttr::get(context, passthrough));
}

/// Sizes the scratch of every kernel of `symbolTableOp`: records the total in
/// nv_tileaa.shared_memory_bytes, and the dynamic part (when the kernel's
/// buffer is dynamic) in the LLVM function attribute
/// kDynamicSharedMemoryAttr. Adds the kernels with a dynamic buffer to
/// `dynamicKernels`.
static LogicalResult planKernels(Operation *symbolTableOp,
                                 const SharedScratch &scratch,
                                 const targetspec::Target &target,
                                 llvm::DenseSet<Operation *> &dynamicKernels) {
  const auto &requests = scratch.getRequests();
  const targetspec::ResourceGeometry &geometry = target.arch().geometry;
  SymbolTable symbols(symbolTableOp);
  bool ok = true;
  for (auto func : symbolTableOp->getRegion(0).getOps<LLVM::LLVMFuncOp>()) {
    if (!func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()))
      continue;
    int64_t own = requests.lookup(func);
    int64_t fromCallees = 0;
    for (Operation *callee : callees(func, symbols))
      fromCallees += requests.lookup(callee);
    int64_t total = own + fromCallees;
    if (total == 0)
      continue;
    MLIRContext *context = func.getContext();
    func->setAttr(nv_tileaa::NVTileAADialect::kSharedMemoryBytesAttrName,
                  IntegerAttr::get(IntegerType::get(context, 64), total));
    if (total > geometry.maxSharedMemoryPerCTABytes) {
      reportOverOptInLimit(func, total, target);
      ok = false;
      continue;
    }
    if (total <= geometry.staticSharedMemoryBytes)
      continue;
    if (fromCallees > geometry.staticSharedMemoryBytes) {
      reportStaticCallees(func, fromCallees, target);
      ok = false;
      continue;
    }
    dynamicKernels.insert(func);
    setDynamicSharedMemoryBytes(func, own);
  }
  return success(ok);
}

LogicalResult SharedScratch::materialize(ModuleOp module,
                                         const targetspec::Target &target) {
  llvm::DenseSet<Operation *> dynamicKernels;
  bool ok = true;
  module.walk([&](Operation *symbolTableOp) {
    if (symbolTableOp->hasTrait<OpTrait::SymbolTable>())
      ok &=
          succeeded(planKernels(symbolTableOp, *this, target, dynamicKernels));
  });

  MLIRContext *context = module.getContext();
  Type i8 = IntegerType::get(context, 8);
  for (auto [function, bytes] : requests) {
    auto func = cast<LLVM::LLVMFuncOp>(function);
    OpBuilder builder(context);
    builder.setInsertionPoint(func);
    bool dynamic = dynamicKernels.contains(function);
    // A dynamic buffer is a declaration: its size is chosen at launch.
    LLVM::GlobalOp::create(
        builder, func.getLoc(),
        LLVM::LLVMArrayType::get(i8, dynamic ? 0 : bytes),
        /*isConstant=*/false,
        dynamic ? LLVM::Linkage::External : LLVM::Linkage::Internal,
        symbolFor(func.getSymName()), Attribute(),
        /*alignment=*/std::max<int64_t>(16, alignments.lookup(function)),
        /*addrSpace=*/3);
  }
  return success(ok);
}
