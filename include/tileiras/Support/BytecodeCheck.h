//===- BytecodeCheck.h - structural checks of MLIR bytecode -----*- C++ -*-===//
//
// MLIR's bytecode reader trusts its input: a corrupted length or count can
// make it read past its buffer, allocate absurd amounts or loop for a long
// time. What can be checked without interpreting the IR is checked here
// before the reader sees the file: the header, every section's length and
// alignment against the file, and the counts and sizes of the string and
// dialect tables against their section. (The driver additionally runs the
// reader itself in a sandboxed child process; see IsolatedReader.h.)
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_SUPPORT_BYTECODECHECK_H
#define TILEIRAS_SUPPORT_BYTECODECHECK_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace tileiras {

/// Whether `data` starts with the MLIR bytecode magic "ML\xefR".
bool isMlirBytecode(llvm::StringRef data);

/// Checks the structure of an MLIR bytecode file. The error says what is
/// wrong and at which byte offset.
llvm::Error checkBytecodeStructure(llvm::StringRef data);

} // namespace tileiras

#endif // TILEIRAS_SUPPORT_BYTECODECHECK_H
