//===- BytecodeReader.cpp - Tile IR bytecode: file, sections, tables ------===//
//
// Layout (docs/cuda-tile.md): magic, version, sections (string, type,
// constant, global, function, debug, producer), end marker. Sections are
// decoded in dependency order; every length and index is checked against
// what is really there.
//
//===----------------------------------------------------------------------===//

#include "BytecodeReaderImpl.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/Format.h"

using namespace mlir;
using namespace tileiras::cuda_tile;

static constexpr uint8_t kMagic[8] = {0x7f, 'T', 'i', 'l', 'e', 'I', 'R', 0};

std::string BytecodeVersion::str() const {
  std::string s = std::to_string(major) + "." + std::to_string(minor);
  if (tag)
    s += "." + std::to_string(tag);
  return s;
}

bool tileiras::cuda_tile::isTileIRBytecode(StringRef buffer) {
  return buffer.size() >= 8 &&
         std::memcmp(buffer.data(), kMagic, sizeof(kMagic)) == 0;
}

std::optional<BytecodeVersion>
tileiras::cuda_tile::parseBytecodeVersion(StringRef text) {
  SmallVector<StringRef> parts;
  text.split(parts, '.');
  if (parts.size() < 2 || parts.size() > 3)
    return std::nullopt;
  BytecodeVersion v;
  if (parts[0].getAsInteger(10, v.major) ||
      parts[1].getAsInteger(10, v.minor) ||
      (parts.size() == 3 && parts[2].getAsInteger(10, v.tag)))
    return std::nullopt;
  if (v.major != 13 || v.minor < 1 || v.minor > 3)
    return std::nullopt;
  return v;
}

enum SectionId {
  kEnd,
  kString,
  kFunction,
  kDebug,
  kConstant,
  kType,
  kGlobal,
  kProducer
};

bool BytecodeReader::readSections() {
  Cursor c(file, sink);
  ArrayRef<uint8_t> magic;
  if (file.size() < 8 || std::memcmp(file.data(), kMagic, 8) != 0)
    return sink.fail("invalid magic number");
  uint8_t major, minor;
  uint64_t tag;
  if (c.bytes(8, magic) || c.byte(major) || c.byte(minor) || c.fixed(tag, 2))
    return true;
  version = {major, minor, unsigned(tag)};
  if (major != 13 || minor < 1 || minor > 3)
    return sink.fail("unsupported Tile version " + std::to_string(major) + "." +
                     std::to_string(minor) + "." + std::to_string(tag) +
                     ", this reader supports versions [13.1 - 13.3]");
  while (true) {
    uint8_t idByte;
    if (c.byte(idByte))
      return sink.fail("missing end section");
    unsigned id = idByte & 0x7f;
    if (id == kEnd) {
      if (!c.atEnd())
        return sink.fail("end section is not the last section");
      return false;
    }
    if (id >= 8)
      return sink.fail("unknown section ID: " + Twine(id));
    if (sections[id].present)
      return sink.fail("duplicate section ID: " + Twine(id));
    uint64_t length, alignment;
    if (c.varint(length))
      return true;
    if ((idByte & 0x80) && (c.varint(alignment) || c.align(alignment)))
      return true;
    if (length > c.remaining())
      return sink.fail("section " + Twine(id) + " of " + Twine(length) +
                       " bytes runs past the end of the file");
    sections[id].base = c.absolute();
    sections[id].present = true;
    if (c.bytes(length, sections[id].payload))
      return true;
  }
}

// count, padding, `count` offsets of `width` bytes, data area.
bool BytecodeReader::readIndexTable(ArrayRef<uint8_t> payload, size_t base,
                                    unsigned width,
                                    std::vector<ArrayRef<uint8_t>> &items) {
  Cursor c(payload, sink, base);
  uint64_t count;
  if (c.bounded(count, payload.size() / width + 1, "table size") ||
      c.align(width == 8 ? 8 : 4, base))
    return true;
  std::vector<uint64_t> offsets(count);
  for (uint64_t &off : offsets)
    if (c.fixed(off, width))
      return true;
  ArrayRef<uint8_t> data = payload.drop_front(c.offset());
  // An entry whose span lies outside the data reads as empty; whoever uses
  // it rejects it (an empty name or an undecodable type), as NVIDIA's
  // reader does.
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t end = i + 1 < count ? offsets[i + 1] : data.size();
    if (offsets[i] > end || end > data.size())
      items.push_back({});
    else
      items.push_back(data.slice(offsets[i], end - offsets[i]));
  }
  return false;
}

bool BytecodeReader::getString(uint64_t index, StringRef &out) {
  if (index >= strings.size())
    return sink.fail("string index " + Twine(index) + " is out of range");
  out = StringRef(reinterpret_cast<const char *>(strings[index].data()),
                  strings[index].size());
  return false;
}

bool BytecodeReader::getType(uint64_t index, Type &out, unsigned depth) {
  if (index >= typeItems.size())
    return sink.fail("type index " + Twine(index) + " is out of range");
  if (!types[index]) {
    if (depth > kMaxNesting)
      return sink.fail("types nest too deeply");
    if (decodeType(typeItems[index], types[index], depth))
      return true;
  }
  out = types[index];
  return false;
}

bool BytecodeReader::getConstant(uint64_t index, Type type, Attribute &out) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.getElementType().isIntOrFloat())
    return sink.fail("a constant needs a tile of numbers");
  if (index >= constants.size())
    return sink.fail("constant index " + Twine(index) + " is out of range");
  Cursor c(constants[index], sink);
  uint64_t size;
  ArrayRef<uint8_t> raw;
  if (c.varint(size) || c.bytes(size, raw))
    return true;
  ArrayRef<char> buffer(reinterpret_cast<const char *>(raw.data()), raw.size());
  bool splat = false;
  if (!DenseElementsAttr::isValidRawBuffer(tensor, buffer, splat))
    return sink.fail("constant " + Twine(index) + " has " + Twine(raw.size()) +
                     " bytes, which does not fit " +
                     Twine(tensor.getNumElements()) + " elements");
  out = DenseElementsAttr::getFromRawBuffer(tensor, buffer);
  return false;
}

//===----------------------------------------------------------------------===//
// Whole file
//===----------------------------------------------------------------------===//

OwningOpRef<mlir::ModuleOp> BytecodeReader::read() {
  if (readSections())
    return nullptr;
  if (!sections[kString].present)
    return sink.fail("missing string section"), nullptr;
  if (!sections[kFunction].present)
    return sink.fail("missing function section"), nullptr;
  if (readIndexTable(sections[kString].payload, sections[kString].base, 4,
                     strings))
    return nullptr;
  if (sections[kProducer].present) {
    if (!version.atLeast(13, 3))
      return sink.fail("the producer section requires bytecode version 13.3+"),
             nullptr;
    Cursor c(sections[kProducer].payload, sink);
    uint64_t index;
    if (c.varint(index) || getString(index, producer))
      return nullptr;
  }
  if (sections[kType].present &&
      readIndexTable(sections[kType].payload, sections[kType].base, 4,
                     typeItems))
    return nullptr;
  types.assign(typeItems.size(), Type());
  if (sections[kConstant].present &&
      readIndexTable(sections[kConstant].payload, sections[kConstant].base, 8,
                     constants))
    return nullptr;

  OwningOpRef<mlir::ModuleOp> top = mlir::ModuleOp::create(loc);
  builder.setInsertionPointToEnd(top->getBody());
  auto module = cuda_tile::ModuleOp::create(builder, loc, "kernels");
  if (!producer.empty())
    module.setProducer(producer);
  Block *body = &module.getBody().front();
  if (readGlobals(body) || readFunctions(body) || readDebugSection())
    return nullptr;
  return top;
}

bool BytecodeReader::readGlobals(Block *body) {
  if (!sections[kGlobal].present)
    return false;
  Cursor c(sections[kGlobal].payload, sink);
  uint64_t count;
  if (c.bounded(count, c.remaining() + 1, "global count"))
    return true;
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t nameIndex, constIndex, alignment, visibility = 0, isConstant = 0;
    StringRef name;
    Type type;
    Attribute value;
    if (c.varint(nameIndex) || getString(nameIndex, name) ||
        readType(c, type) || c.varint(constIndex) || c.varint(alignment))
      return true;
    if (version.atLeast(13, 3) &&
        (c.varint(visibility) || c.varint(isConstant)))
      return true;
    auto tile = dyn_cast<TileType>(type);
    if (!tile)
      return sink.fail("global '" + name + "' must have a tile type");
    if (getConstant(constIndex, getDenseType(tile), value))
      return true;
    OperationState state(loc, GlobalOp::getOperationName());
    state.addAttribute("sym_name", builder.getStringAttr(name));
    state.addAttribute("value", value);
    state.addAttribute("alignment", builder.getI64IntegerAttr(alignment));
    if (visibility == 1)
      state.addAttribute("sym_visibility", builder.getStringAttr("private"));
    if (isConstant)
      state.addAttribute("constant", builder.getUnitAttr());
    body->push_back(Operation::create(state));
  }
  return false;
}

bool BytecodeReader::readFunctions(Block *body) {
  Cursor c(sections[kFunction].payload, sink);
  uint64_t count;
  if (c.bounded(count, c.remaining() + 1, "function count"))
    return true;
  for (uint64_t i = 0; i < count; ++i)
    if (readFunction(c, body))
      return true;
  return false;
}

bool BytecodeReader::readFunction(Cursor &c, Block *body) {
  uint64_t nameIndex, locIndex, bodyLength;
  uint8_t flags;
  StringRef name;
  Type type;
  if (c.varint(nameIndex) || getString(nameIndex, name) || readType(c, type) ||
      c.byte(flags) || c.varint(locIndex))
    return true;
  auto fnType = dyn_cast<FunctionType>(type);
  if (!fnType)
    return sink.fail("function '" + name + "' must have a function type");
  if (!(flags & 2))
    return sink.fail("function '" + name +
                     "' is not a kernel; only entry functions are supported");
  OperationState state(loc, EntryOp::getOperationName());
  state.addAttribute("sym_name", builder.getStringAttr(name));
  state.addAttribute("function_type", TypeAttr::get(fnType));
  if (flags & 4) {
    Attribute hints;
    if (readSelfAttr(c, hints))
      return true;
    if (!isa<OptimizationHintsAttr>(hints))
      return sink.fail("function '" + name +
                       "' hints must be an optimization_hints attribute");
    state.addAttribute("optimization_hints", hints);
  }
  ArrayRef<uint8_t> bodyBytes;
  if (c.varint(bodyLength) || c.bytes(bodyLength, bodyBytes))
    return true;
  if (name.empty())
    return sink.fail("function " + Twine(body->getOperations().size()) +
                     " has an empty name");
  Region *region = state.addRegion();
  Block *block = new Block();
  region->push_back(block);
  for (Type input : fnType.getInputs())
    block->addArgument(input, loc);
  body->push_back(Operation::create(state));
  functionLocs.emplace_back(&body->back(), locIndex);
  values.assign(block->getArguments().begin(), block->getArguments().end());
  Cursor bc(bodyBytes, sink);
  while (!bc.atEnd())
    if (readOp(bc, block, 1))
      return true;
  if (block->empty() || !block->back().hasTrait<OpTrait::IsTerminator>())
    return sink.fail("function '" + name + "' does not end with a terminator");
  return false;
}

OwningOpRef<mlir::ModuleOp>
tileiras::cuda_tile::readTileIRBytecode(llvm::MemoryBufferRef buffer,
                                        MLIRContext *context) {
  context->getOrLoadDialect<CudaTileDialect>();
  Location loc =
      FileLineColLoc::get(context, buffer.getBufferIdentifier(), 0, 0);
  ArrayRef<uint8_t> data(
      reinterpret_cast<const uint8_t *>(buffer.getBufferStart()),
      buffer.getBufferSize());
  BytecodeReader reader(context, data, loc);
  OwningOpRef<mlir::ModuleOp> module = reader.read();
  if (!module || reader.sink.failed()) {
    emitError(loc) << reader.sink.error;
    return nullptr;
  }
  if (failed(verify(*module)))
    return nullptr;
  return module;
}
