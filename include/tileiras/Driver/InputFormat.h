//===- InputFormat.h - what kind of file the driver was given ---*- C++ -*-===//
//
// The driver reads MLIR text, MLIR bytecode and Tile IR bytecode (cuda_tile,
// as written by cuTile Python). Tile IR bytecode is recognized by its magic
// bytes whatever the file is called.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_DRIVER_INPUTFORMAT_H
#define TILEIRAS_DRIVER_INPUTFORMAT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/MemoryBufferRef.h"
#include "llvm/Support/SourceMgr.h"

namespace tileiras::driver {

/// True for Tile IR bytecode (checked by magic, not by extension).
bool isTileIRInput(llvm::MemoryBufferRef input);

/// Parses the main buffer of `sourceMgr` as Tile IR bytecode or as MLIR
/// (text or bytecode). Diagnostics go to the context's handler; null on
/// failure (exit code 3).
mlir::OwningOpRef<mlir::ModuleOp> parseInputModule(llvm::SourceMgr &sourceMgr,
                                                   mlir::MLIRContext &context);

} // namespace tileiras::driver

#endif // TILEIRAS_DRIVER_INPUTFORMAT_H
