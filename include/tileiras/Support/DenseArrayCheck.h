//===- DenseArrayCheck.h - reject dense arrays of index ---------*- C++ -*-===//
//
// MLIR 22's parser accepts `index` as the element type of a dense array
// (`array<index: 1>`) and then asks an index type for its bit width, which
// crashes the process. No dense array of index exists in valid IR, so such
// text is rejected with a located error before the parser sees it.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_SUPPORT_DENSEARRAYCHECK_H
#define TILEIRAS_SUPPORT_DENSEARRAYCHECK_H

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

namespace tileiras {

/// Scans textual IR for `array<T` where T is `index` or a type alias that
/// stands for `index` (skipping comments and string literals); bytecode
/// passes. Prints "file:line:col: error: ..." to `os` and returns false when
/// one is found.
bool checkDenseArrayElementTypes(llvm::MemoryBufferRef buffer,
                                 llvm::raw_ostream &os);

} // namespace tileiras

#endif // TILEIRAS_SUPPORT_DENSEARRAYCHECK_H
