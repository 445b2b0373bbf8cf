//===- BytecodeCursor.h - bounds-checked reading of Tile IR bytecode ------===//
//
// Every read checks the remaining bytes; the first failure records its
// message and all later reads fail, so callers can chain reads with ||.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_DIALECT_CUDATILE_BYTECODECURSOR_H
#define TILEIRAS_DIALECT_CUDATILE_BYTECODECURSOR_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/Twine.h"

#include <string>

namespace tileiras::cuda_tile {

class ErrorSink {
public:
  /// Records `message` unless an earlier error exists; returns true so that
  /// `return sink.fail(...)` reads as "failed".
  bool fail(const llvm::Twine &message) {
    if (error.empty())
      error = message.str();
    return true;
  }
  bool failed() const { return !error.empty(); }
  std::string error;
};

/// Reads from `data`; `base` is the offset of data[0] in the file (for
/// alignment counted from the start of the file). Methods return true on
/// failure.
class Cursor {
public:
  Cursor(llvm::ArrayRef<uint8_t> data, ErrorSink &sink, size_t base = 0)
      : data(data), sink(sink), base(base) {}

  size_t offset() const { return pos; }
  size_t remaining() const { return data.size() - pos; }
  bool atEnd() const { return pos >= data.size(); }

  bool byte(uint8_t &v) {
    if (atEnd())
      return sink.fail("unexpected end of bytecode");
    v = data[pos++];
    return false;
  }
  bool varint(uint64_t &v) {
    v = 0;
    for (unsigned i = 0; i < 10; ++i) {
      uint8_t b;
      if (byte(b))
        return true;
      v |= uint64_t(b & 0x7f) << (7 * i);
      if (!(b & 0x80))
        return false;
    }
    return sink.fail("varint longer than 10 bytes");
  }
  bool svarint(int64_t &v) {
    uint64_t x;
    if (varint(x))
      return true;
    v = int64_t(x >> 1) ^ -int64_t(x & 1);
    return false;
  }
  /// A varint that must be below `limit` (counts, indices).
  bool bounded(uint64_t &v, uint64_t limit, const char *what) {
    if (varint(v))
      return true;
    if (v >= limit)
      return sink.fail(llvm::Twine(what) + " " + llvm::Twine(v) +
                       " is out of range (limit " + llvm::Twine(limit) + ")");
    return false;
  }
  bool fixed(uint64_t &v, unsigned width) {
    if (remaining() < width)
      return sink.fail("unexpected end of bytecode");
    v = 0;
    for (unsigned i = 0; i < width; ++i)
      v |= uint64_t(data[pos + i]) << (8 * i);
    pos += width;
    return false;
  }
  bool bytes(size_t n, llvm::ArrayRef<uint8_t> &out) {
    if (remaining() < n)
      return sink.fail("unexpected end of bytecode");
    out = data.slice(pos, n);
    pos += n;
    return false;
  }
  /// Skips padding up to a multiple of `alignment` counted from `from`
  /// (an absolute offset; the start of the file by default).
  bool align(uint64_t alignment, size_t from = 0) {
    if (alignment == 0 || (alignment & (alignment - 1)))
      return sink.fail("invalid alignment " + llvm::Twine(alignment));
    while ((base + pos - from) % alignment != 0) {
      uint8_t b;
      if (byte(b))
        return true;
    }
    return false;
  }
  /// LEVarSize list: varint count, then count fixed-width values.
  bool intList(llvm::SmallVectorImpl<int64_t> &out, unsigned width) {
    uint64_t n;
    if (bounded(n, remaining() / width + 1, "list length"))
      return true;
    for (uint64_t i = 0; i < n; ++i) {
      uint64_t v;
      if (fixed(v, width))
        return true;
      out.push_back(width == 4 ? int64_t(int32_t(uint32_t(v))) : int64_t(v));
    }
    return false;
  }

  size_t absolute() const { return base + pos; }

private:
  llvm::ArrayRef<uint8_t> data;
  ErrorSink &sink;
  size_t base;
  size_t pos = 0;
};

} // namespace tileiras::cuda_tile

#endif // TILEIRAS_DIALECT_CUDATILE_BYTECODECURSOR_H
