//===- CheckSymbols.cpp - PTX-spellable symbols and at least one kernel ---===//

#include "tileiras/Dialect/NVTileAA/NVTileAA.h"
#include "tileiras/Passes/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/SymbolTable.h"

namespace tileiras {
#define GEN_PASS_DEF_CHECKSYMBOLS
#include "tileiras/Passes/Passes.h.inc"
} // namespace tileiras

using namespace mlir;
using namespace tileiras;

namespace {
/// PTX identifiers: a letter, '_' or '$', then letters, digits, '_' or '$'
/// (the PTX ISA also allows a leading '%', which LLVM does not print).
bool isPtxIdentifier(llvm::StringRef name) {
  if (name.empty() || llvm::isDigit(name.front()))
    return false;
  if (name == "_" || name == "$")
    return false;
  return llvm::all_of(
      name, [](char c) { return llvm::isAlnum(c) || c == '_' || c == '$'; });
}

struct CheckSymbolsPass
    : public tileiras::impl::CheckSymbolsBase<CheckSymbolsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool invalid = false, anyKernel = false;
    Operation *firstFunc = nullptr;
    module.walk([&](Operation *op) {
      if (auto func = dyn_cast<nv_tileaa::FuncOp>(op)) {
        anyKernel |= func.isKernel();
        if (!firstFunc)
          firstFunc = op;
      }
      // Module names never reach PTX; functions and globals do.
      if (op == module || isa<ModuleOp, gpu::GPUModuleOp>(op))
        return;
      auto nameAttr =
          op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
      if (!nameAttr || isPtxIdentifier(nameAttr.getValue()))
        return;
      op->emitError() << "symbol name '" << nameAttr.getValue()
                      << "' cannot be spelled in PTX: use letters, digits, "
                         "'_' and '$', not starting with a digit";
      invalid = true;
    });
    if (invalid)
      return signalPassFailure();
    // At the first function: an implicit module has no useful location.
    if (!anyKernel)
      (firstFunc ? firstFunc : module.getOperation())->emitWarning()
          << "no function is a kernel, so the output has no entry point; "
             "mark kernels with the '"
          << nv_tileaa::NVTileAADialect::kKernelSpecAttrName << "' attribute";
  }
};
} // namespace
