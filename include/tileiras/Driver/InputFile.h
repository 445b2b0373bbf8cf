//===- InputFile.h - reading the input kernel -------------------*- C++ -*-===//
//
// The input is read completely before anything parses it, with a size limit
// so that an endless input (/dev/zero, a pipe that never ends) stops with an
// error instead of exhausting memory, and with every read error reported
// (a failing read must never look like an empty module).
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_DRIVER_INPUTFILE_H
#define TILEIRAS_DRIVER_INPUTFILE_H

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <memory>

namespace tileiras::driver {

/// Default of --max-input-size: far above any real kernel, far below what
/// would exhaust a machine's memory.
inline constexpr uint64_t kDefaultMaxInputSize = uint64_t(256) << 20;

/// Parses a --max-input-size value: a byte count with an optional K, M or G
/// suffix (powers of 1024), at least 1.
llvm::Expected<uint64_t> parseInputSizeLimit(llvm::StringRef text);

/// Reads `path` ('-' is standard input) into memory. Fails with a message
/// (without the "tileiras: error: " prefix) when it cannot be opened or
/// read, or is longer than `maxBytes`.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readInputFile(llvm::StringRef path, uint64_t maxBytes);

} // namespace tileiras::driver

#endif // TILEIRAS_DRIVER_INPUTFILE_H
