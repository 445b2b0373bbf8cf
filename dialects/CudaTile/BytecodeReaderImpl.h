//===- BytecodeReaderImpl.h - state of the Tile IR bytecode reader --------===//

#ifndef TILEIRAS_DIALECT_CUDATILE_BYTECODEREADERIMPL_H
#define TILEIRAS_DIALECT_CUDATILE_BYTECODEREADERIMPL_H

#include "BytecodeCursor.h"

#include "tileiras/Dialect/CudaTile/Bytecode.h"

#include "mlir/IR/Builders.h"

namespace tileiras::cuda_tile {

/// Deepest region nesting (and attribute nesting) the reader accepts.
inline constexpr unsigned kMaxNesting = 64;

class BytecodeReader {
public:
  BytecodeReader(mlir::MLIRContext *ctx, llvm::ArrayRef<uint8_t> file,
                 mlir::Location loc)
      : ctx(ctx), builder(ctx), file(file), loc(loc) {}

  /// Reads the whole file; null (with `sink.error`) on failure.
  mlir::OwningOpRef<mlir::ModuleOp> read();

  ErrorSink sink;

  // Tables (BytecodeReader.cpp).
  bool getString(uint64_t index, llvm::StringRef &out);
  bool getType(uint64_t index, mlir::Type &out, unsigned depth = 0);
  bool readType(Cursor &c, mlir::Type &out) {
    uint64_t index;
    return c.varint(index) || getType(index, out);
  }
  bool getConstant(uint64_t index, mlir::Type type, mlir::Attribute &out);
  bool readSelfAttr(Cursor &c, mlir::Attribute &out, unsigned depth = 0);
  bool readDictPayload(Cursor &c, mlir::DictionaryAttr &out, unsigned depth);
  bool readHints(Cursor &c, mlir::Attribute &out);
  bool readSelfAttrArray(Cursor &c, mlir::Attribute &out);

  // Instructions (BytecodeOps.cpp).
  bool readBody(Cursor &c, mlir::Block *block, unsigned depth);
  bool readOp(Cursor &c, mlir::Block *block, unsigned depth);

  mlir::MLIRContext *ctx;
  mlir::OpBuilder builder;
  llvm::ArrayRef<uint8_t> file;
  mlir::Location loc;
  BytecodeVersion version;
  /// Values visible at the current point (function args, then results).
  std::vector<mlir::Value> values;

private:
  bool readSections();
  bool readIndexTable(llvm::ArrayRef<uint8_t> payload, size_t base,
                      unsigned width,
                      std::vector<llvm::ArrayRef<uint8_t>> &items);
  bool readGlobals(mlir::Block *body);
  bool readFunctions(mlir::Block *body);
  bool readFunction(Cursor &c, mlir::Block *body);
  bool decodeType(llvm::ArrayRef<uint8_t> data, mlir::Type &out,
                  unsigned depth);

  // The debug section (BytecodeDebugInfo.cpp).
  bool readDebugSection();
  bool applyDebugList(mlir::Operation *fn, uint64_t list,
                      llvm::ArrayRef<uint64_t> starts,
                      llvm::ArrayRef<uint64_t> ids);
  bool getDebugAttr(uint64_t id, mlir::Attribute &out, unsigned depth);
  bool decodeDebugAttr(llvm::ArrayRef<uint8_t> data, mlir::Attribute &out,
                       unsigned depth);
  bool decodeSubprogram(Cursor &c, mlir::Attribute &out, unsigned depth);
  template <typename AttrT>
  bool getDebugAs(Cursor &c, AttrT &out, const char *what, unsigned depth);

  struct Section {
    llvm::ArrayRef<uint8_t> payload;
    size_t base = 0;
    bool present = false;
  };
  static constexpr unsigned kDebugSection = 3;
  Section sections[8];
  std::vector<llvm::ArrayRef<uint8_t>> strings, typeItems, constants;
  std::vector<mlir::Type> types;
  llvm::StringRef producer;
  /// Each function and its debug list number (0 = none).
  std::vector<std::pair<mlir::Operation *, uint64_t>> functionLocs;
  std::vector<llvm::ArrayRef<uint8_t>> debugItems;
  std::vector<mlir::Attribute> debugAttrs;
};

} // namespace tileiras::cuda_tile

#endif // TILEIRAS_DIALECT_CUDATILE_BYTECODEREADERIMPL_H
