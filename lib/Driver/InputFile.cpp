//===- InputFile.cpp - reading the input kernel ---------------------------===//

#include "tileiras/Driver/InputFile.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"

using namespace tileiras;
using namespace tileiras::driver;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Expected<uint64_t>
tileiras::driver::parseInputSizeLimit(llvm::StringRef text) {
  llvm::StringRef digits = text;
  unsigned shift = 0;
  if (!digits.empty()) {
    switch (llvm::toUpper(digits.back())) {
    case 'K':
      shift = 10;
      break;
    case 'M':
      shift = 20;
      break;
    case 'G':
      shift = 30;
      break;
    default:
      break;
    }
    if (shift)
      digits = digits.drop_back();
  }
  uint64_t value = 0;
  if (digits.empty() || digits.getAsInteger(10, value) || value == 0 ||
      value > (UINT64_MAX >> shift))
    return makeError("invalid --max-input-size '" + text +
                     "': expected a positive byte count with an optional K, "
                     "M or G suffix");
  return value << shift;
}

static std::string describeLimit(uint64_t bytes) {
  if (bytes % (1u << 20) == 0)
    return std::to_string(bytes >> 20) + " MiB";
  if (bytes % (1u << 10) == 0)
    return std::to_string(bytes >> 10) + " KiB";
  return std::to_string(bytes) + " bytes";
}

llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
tileiras::driver::readInputFile(llvm::StringRef path, uint64_t maxBytes) {
  bool fromStdin = path == "-";
  std::string name = fromStdin ? "<stdin>" : path.str();
  llvm::sys::fs::file_t handle = llvm::sys::fs::getStdinHandle();
  if (!fromStdin) {
    llvm::Expected<llvm::sys::fs::file_t> opened =
        llvm::sys::fs::openNativeFileForRead(path);
    if (!opened)
      return makeError("cannot read '" + path +
                       "': " + llvm::toString(opened.takeError()));
    handle = *opened;
  }
  llvm::scope_exit close([&] {
    if (!fromStdin)
      llvm::sys::fs::closeFile(handle);
  });

  // Read one byte past the limit to tell "exactly at the limit" from
  // "longer". Files of unknown size (pipes, /proc, devices) grow as needed.
  llvm::SmallVector<char, 0> contents;
  constexpr size_t kChunk = 1 << 16;
  while (true) {
    if (contents.size() > maxBytes)
      return makeError("cannot read '" + name + "': it is larger than the " +
                       describeLimit(maxBytes) +
                       " input size limit (raise it with --max-input-size)");
    size_t used = contents.size();
    contents.resize_for_overwrite(used + kChunk);
    llvm::Expected<size_t> read = llvm::sys::fs::readNativeFile(
        handle, llvm::MutableArrayRef<char>(contents.data() + used, kChunk));
    if (!read)
      return makeError("cannot read '" + name +
                       "': " + llvm::toString(read.takeError()));
    contents.truncate(used + *read);
    if (*read == 0)
      break;
  }
  return llvm::MemoryBuffer::getMemBufferCopy(
      llvm::StringRef(contents.data(), contents.size()), name);
}
