//===- Passes.h - tileiras passes -------------------------------*- C++ -*-===//

#ifndef TILEIRAS_PASSES_PASSES_H
#define TILEIRAS_PASSES_PASSES_H

#include "tileiras/Dialect/NVTileAA/NVTileAA.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <memory>

namespace tileiras {

#define GEN_PASS_DECL
#include "tileiras/Passes/Passes.h.inc"

/// Registers every pass of the project (and the named pipeline).
void registerPasses();

#define GEN_PASS_REGISTRATION
#include "tileiras/Passes/Passes.h.inc"

} // namespace tileiras

#endif // TILEIRAS_PASSES_PASSES_H
