//===- BytecodeWriterImpl.h - state of the Tile IR bytecode writer --------===//

#ifndef TILEIRAS_DIALECT_CUDATILE_BYTECODEWRITERIMPL_H
#define TILEIRAS_DIALECT_CUDATILE_BYTECODEWRITERIMPL_H

#include "tileiras/Dialect/CudaTile/Bytecode.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <string>
#include <vector>

namespace tileiras::cuda_tile {

/// A growable byte buffer with the primitive encodings.
struct Bytes {
  std::vector<uint8_t> data;
  void byte(uint8_t b) { data.push_back(b); }
  void varint(uint64_t v) {
    do {
      uint8_t b = v & 0x7f;
      v >>= 7;
      byte(v ? (b | 0x80) : b);
    } while (v);
  }
  void svarint(int64_t v) { varint((uint64_t(v) << 1) ^ uint64_t(v >> 63)); }
  void fixed(uint64_t v, unsigned width) {
    for (unsigned i = 0; i < width; ++i)
      byte(uint8_t(v >> (8 * i)));
  }
  void append(llvm::ArrayRef<uint8_t> bytes) {
    data.insert(data.end(), bytes.begin(), bytes.end());
  }
  template <typename T> void intList(llvm::ArrayRef<T> values, unsigned width) {
    varint(values.size());
    for (T v : values)
      fixed(uint64_t(int64_t(v)), width);
  }
  void padTo(size_t alignment, size_t from = 0) {
    while ((data.size() - from) % alignment)
      byte(0xCB);
  }
};

/// count, padding, `count` offsets of `width` bytes, data.
Bytes indexTable(llvm::ArrayRef<Bytes> items, unsigned width);

class BytecodeWriter {
public:
  BytecodeWriter(BytecodeVersion version) : version(version) {}

  mlir::LogicalResult write(ModuleOp module, llvm::raw_ostream &os);

  uint64_t stringIndex(llvm::StringRef s);
  mlir::FailureOr<uint64_t> typeIndex(mlir::Operation *op, mlir::Type type);
  uint64_t constantIndex(mlir::DenseElementsAttr value);
  mlir::LogicalResult selfAttr(mlir::Operation *op, mlir::Attribute attr,
                               Bytes &out);
  mlir::LogicalResult hintsPayload(mlir::Operation *op,
                                   OptimizationHintsAttr hints, Bytes &out);

  // Instructions (BytecodeWriterOps.cpp).
  mlir::LogicalResult writeOp(mlir::Operation *op, Bytes &out);
  mlir::LogicalResult writeBlock(mlir::Block &block, Bytes &out);
  mlir::FailureOr<uint64_t> valueIndex(mlir::Operation *user, mlir::Value v);

  BytecodeVersion version;
  std::vector<mlir::Value> values;
  llvm::DenseMap<mlir::Value, uint64_t> valueIds;

private:
  mlir::LogicalResult writeFunction(EntryOp entry, Bytes &out);
  mlir::LogicalResult writeGlobals(ModuleOp module, Bytes &out);
  mlir::LogicalResult encodeType(mlir::Operation *op, mlir::Type type,
                                 Bytes &out);

  // The debug section (BytecodeDebugInfo.cpp).
  uint64_t debugId(mlir::Attribute attr);
  uint64_t debugList(EntryOp entry);
  Bytes debugSection();

  llvm::StringMap<uint64_t> stringIds;
  std::vector<std::string> strings;
  llvm::DenseMap<mlir::Type, uint64_t> typeIds;
  std::vector<Bytes> types;
  std::vector<Bytes> constants;
  llvm::DenseMap<mlir::Attribute, uint64_t> debugIds;
  std::vector<Bytes> debugItems;
  std::vector<uint64_t> listStarts, listIds;
};

} // namespace tileiras::cuda_tile

#endif // TILEIRAS_DIALECT_CUDATILE_BYTECODEWRITERIMPL_H
