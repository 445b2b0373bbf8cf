//===- BytecodeCheck.cpp - structural checks of MLIR bytecode -------------===//
//
// Layout (mlir/Bytecode/Encoding.h): magic, version (varint), producer
// (NUL-terminated), then sections of
//   byte idAndAlignmentFlag, varint length, [varint alignment, padding],
//   byte data[length].
// Varints use MLIR's prefix encoding: the number of trailing zero bits of
// the first byte is the number of bytes that follow (a zero byte: eight).
//
//===----------------------------------------------------------------------===//

#include "tileiras/Support/BytecodeCheck.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

#include <array>

using namespace llvm;

namespace {
// Section ids of MLIR 22's bytecode (mlir/Bytecode/Encoding.h).
enum Section : unsigned {
  kString = 0,
  kDialect = 1,
  kNumSections = 9,
};
constexpr uint64_t kMaxAlignment = 1u << 16;
constexpr uint64_t kMaxVersion = 64;
constexpr char kAlignmentByte = static_cast<char>(0xCB);

/// A bounds-checked cursor over [begin, end) of the file.
class Cursor {
public:
  Cursor(StringRef data, size_t begin, size_t end)
      : data(data), pos(begin), end(end) {}

  size_t offset() const { return pos; }
  size_t remaining() const { return end - pos; }
  bool atEnd() const { return pos == end; }

  Error fail(const Twine &what) const {
    return createStringError(inconvertibleErrorCode(),
                             what + " at byte " + Twine(pos));
  }

  Expected<uint8_t> byte() {
    if (atEnd())
      return fail("unexpected end of data");
    return static_cast<uint8_t>(data[pos++]);
  }

  Expected<uint64_t> varint() {
    size_t start = pos;
    Expected<uint8_t> first = byte();
    if (!first)
      return first.takeError();
    unsigned extra = *first == 0 ? 8 : llvm::countr_zero(*first);
    if (remaining() < extra) {
      pos = start;
      return fail("truncated integer");
    }
    uint64_t value = 0;
    for (unsigned i = 0; i < extra; ++i)
      value |= uint64_t(static_cast<uint8_t>(data[pos + i])) << (8 * i);
    pos += extra;
    if (*first == 0)
      return value;
    // Drop the length marker bits of the first byte.
    return (value << (8 - extra - 1)) | (uint64_t(*first) >> (extra + 1));
  }

  Error skip(uint64_t bytes, const Twine &what) {
    if (bytes > remaining())
      return fail(what + " of " + Twine(bytes) + " bytes is longer than the " +
                  Twine(remaining()) + " bytes left");
    pos += bytes;
    return Error::success();
  }

  StringRef data;
  size_t pos, end;
};
} // namespace

bool tileiras::isMlirBytecode(StringRef data) {
  return data.starts_with("ML\xefR");
}

/// A table section starts with its entry count; every entry takes at least
/// one byte, so a count larger than the section is corrupt.
static Error checkCount(Cursor &section, StringRef what) {
  Expected<uint64_t> count = section.varint();
  if (!count)
    return count.takeError();
  if (*count > section.remaining())
    return section.fail(what + " count " + Twine(*count) +
                        " exceeds its section");
  return Error::success();
}

/// The string section: count, one size per string, then the characters.
static Error checkStringSection(Cursor section) {
  Expected<uint64_t> count = section.varint();
  if (!count)
    return count.takeError();
  if (*count > section.remaining())
    return section.fail("string count " + Twine(*count) +
                        " exceeds its section");
  uint64_t total = 0;
  for (uint64_t i = 0; i < *count; ++i) {
    Expected<uint64_t> size = section.varint();
    if (!size)
      return size.takeError();
    total += *size;
    if (*size > section.remaining() || total > section.remaining())
      return section.fail("string sizes exceed their section");
  }
  return Error::success();
}

Error tileiras::checkBytecodeStructure(StringRef data) {
  if (!isMlirBytecode(data))
    return createStringError(inconvertibleErrorCode(),
                             "not MLIR bytecode (bad magic number)");
  Cursor file(data, 4, data.size());
  Expected<uint64_t> version = file.varint();
  if (!version)
    return version.takeError();
  if (*version > kMaxVersion)
    return file.fail("unsupported bytecode version " + Twine(*version));
  size_t nul = data.find('\0', file.offset());
  if (nul == StringRef::npos)
    return file.fail("unterminated producer string");
  file.pos = nul + 1;

  std::array<bool, kNumSections> seen{};
  while (!file.atEnd()) {
    Expected<uint8_t> idAndFlag = file.byte();
    if (!idAndFlag)
      return idAndFlag.takeError();
    unsigned id = *idAndFlag & 0x7f;
    if (id >= kNumSections)
      return file.fail("unknown section id " + Twine(id));
    if (seen[id])
      return file.fail("duplicate section " + Twine(id));
    seen[id] = true;
    Expected<uint64_t> length = file.varint();
    if (!length)
      return length.takeError();
    if (*idAndFlag & 0x80) {
      Expected<uint64_t> alignment = file.varint();
      if (!alignment)
        return alignment.takeError();
      if (!isPowerOf2_64(*alignment) || *alignment > kMaxAlignment)
        return file.fail("invalid section alignment " + Twine(*alignment));
      while (file.offset() % *alignment != 0) {
        Expected<uint8_t> pad = file.byte();
        if (!pad)
          return pad.takeError();
        if (static_cast<char>(*pad) != kAlignmentByte)
          return file.fail("invalid alignment padding");
      }
    }
    size_t begin = file.offset();
    if (Error error = file.skip(*length, "section " + Twine(id)))
      return error;
    Cursor section(data, begin, file.offset());
    if (id == kString) {
      if (Error error = checkStringSection(section))
        return error;
    } else if (id == kDialect) {
      if (Error error = checkCount(section, "dialect"))
        return error;
    }
  }
  return Error::success();
}
