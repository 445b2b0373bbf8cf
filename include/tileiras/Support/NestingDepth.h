//===- NestingDepth.h - reject absurdly nested input ------------*- C++ -*-===//
//
// MLIR's parser, verifier and printer recurse once per nesting level, so a
// deeply nested input exhausts the stack and crashes the process. Real IR
// nests a few dozen levels; inputs past the limit are rejected before they
// reach the parser, with a located error.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_SUPPORT_NESTINGDEPTH_H
#define TILEIRAS_SUPPORT_NESTINGDEPTH_H

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

namespace tileiras {

inline constexpr unsigned kMaxNestingDepth = 1000;

/// Scans textual IR for bracket nesting deeper than kMaxNestingDepth
/// (skipping comments, string literals and `->`); bytecode passes. Prints
/// "file:line:col: error: input nests deeper than ..." to `os` and returns
/// false when the input is too deep.
bool checkNestingDepth(llvm::MemoryBufferRef buffer, llvm::raw_ostream &os);

} // namespace tileiras

#endif // TILEIRAS_SUPPORT_NESTINGDEPTH_H
