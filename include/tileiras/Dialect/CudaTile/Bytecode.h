//===- Bytecode.h - Tile IR bytecode reader and writer ----------*- C++ -*-===//
//
// NVIDIA's Tile IR bytecode (versions 13.1 - 13.3), the format cuTile Python
// hands to tileiras. The reader builds a cuda_tile.module; every malformed
// input is reported as a diagnostic (never an assertion or a crash).
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_DIALECT_CUDATILE_BYTECODE_H
#define TILEIRAS_DIALECT_CUDATILE_BYTECODE_H

#include "tileiras/Dialect/CudaTile/CudaTile.h"

#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/MemoryBufferRef.h"
#include "llvm/Support/raw_ostream.h"

namespace tileiras::cuda_tile {

/// A bytecode version: major.minor (tag is kept for messages only).
struct BytecodeVersion {
  unsigned major = 13, minor = 3, tag = 0;
  bool atLeast(unsigned mj, unsigned mn) const {
    return major > mj || (major == mj && minor >= mn);
  }
  std::string str() const;
};

/// The oldest and newest versions this reader and writer support.
inline constexpr BytecodeVersion kMinBytecodeVersion{13, 1, 0};
inline constexpr BytecodeVersion kMaxBytecodeVersion{13, 3, 0};

/// True when `buffer` starts with the Tile IR magic "\x7fTileIR\0".
bool isTileIRBytecode(llvm::StringRef buffer);

/// Parses "13.1", "13.2" or "13.3" (optionally ".tag").
std::optional<BytecodeVersion> parseBytecodeVersion(llvm::StringRef text);

/// Reads a whole bytecode file into a cuda_tile.module wrapped in a builtin
/// module. Errors are emitted as diagnostics located at the file; the
/// result is null then.
mlir::OwningOpRef<mlir::ModuleOp>
readTileIRBytecode(llvm::MemoryBufferRef buffer, mlir::MLIRContext *context);

/// Writes `module` (a cuda_tile.module, or a builtin module holding exactly
/// one) as bytecode of `version`. Unsupported constructs are diagnostics.
mlir::LogicalResult writeTileIRBytecode(mlir::Operation *module,
                                        BytecodeVersion version,
                                        llvm::raw_ostream &os);

} // namespace tileiras::cuda_tile

#endif // TILEIRAS_DIALECT_CUDATILE_BYTECODE_H
