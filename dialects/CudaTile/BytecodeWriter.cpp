//===- BytecodeWriter.cpp - Tile IR bytecode: file, sections, tables ------===//
//
// Writes sections in the order NVIDIA's C++ writer uses (global, function,
// constant, debug, type, producer, string, end). Debug information is
// written for functions with #cuda_tile.di_loc or call-site locations.
//
//===----------------------------------------------------------------------===//

#include "BytecodeWriterImpl.h"

#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace tileiras::cuda_tile;

uint64_t BytecodeWriter::stringIndex(StringRef s) {
  auto [it, inserted] = stringIds.try_emplace(s, strings.size());
  if (inserted)
    strings.push_back(s.str());
  return it->second;
}

uint64_t BytecodeWriter::constantIndex(DenseElementsAttr value) {
  Bytes blob;
  ArrayRef<char> raw = value.getRawData();
  blob.varint(raw.size());
  blob.append(ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(raw.data()),
                                raw.size()));
  constants.push_back(std::move(blob));
  return constants.size() - 1;
}

// Scalar type tags and the version that introduced them.
static std::optional<std::pair<uint64_t, unsigned>> scalarTag(Type t) {
  if (auto i = dyn_cast<IntegerType>(t)) {
    switch (i.getWidth()) {
    case 1:
      return std::make_pair(0, 1);
    case 8:
      return std::make_pair(1, 1);
    case 16:
      return std::make_pair(2, 1);
    case 32:
      return std::make_pair(3, 1);
    case 64:
      return std::make_pair(4, 1);
    case 4:
      return std::make_pair(22, 3);
    default:
      return std::nullopt;
    }
  }
  if (t.isF16())
    return std::make_pair(5, 1);
  if (t.isBF16())
    return std::make_pair(6, 1);
  if (t.isF32())
    return std::make_pair(7, 1);
  if (t.isTF32())
    return std::make_pair(8, 1);
  if (t.isF64())
    return std::make_pair(9, 1);
  if (isa<Float8E4M3FNType>(t))
    return std::make_pair(10, 1);
  if (isa<Float8E5M2Type>(t))
    return std::make_pair(11, 1);
  if (isa<TokenType>(t))
    return std::make_pair(17, 1);
  if (isa<Float8E8M0FNUType>(t))
    return std::make_pair(18, 2);
  if (isa<Float4E2M1FNType>(t))
    return std::make_pair(19, 3);
  return std::nullopt;
}

static SmallVector<int32_t> fullDimMap(ArrayRef<int32_t> dimMap, size_t rank) {
  SmallVector<int32_t> out(dimMap.begin(), dimMap.end());
  if (out.empty())
    for (size_t i = 0; i < rank; ++i)
      out.push_back(int32_t(i));
  return out;
}

LogicalResult BytecodeWriter::encodeType(Operation *op, Type type, Bytes &out) {
  auto sub = [&](Type t) -> LogicalResult {
    FailureOr<uint64_t> index = typeIndex(op, t);
    if (failed(index))
      return failure();
    out.varint(*index);
    return success();
  };
  bool v133 = version.atLeast(13, 3);
  auto needs133 = [&](StringRef what) {
    return op->emitError("type '")
           << what << "' requires bytecode version 13.3+";
  };
  if (auto tag = scalarTag(type)) {
    if (!version.atLeast(13, tag->second))
      return op->emitError("type ")
             << type << " requires bytecode version 13." << tag->second << "+";
    out.varint(tag->first);
    return success();
  }
  if (auto ptr = dyn_cast<PointerType>(type)) {
    out.varint(12);
    return sub(ptr.getPointeeType());
  }
  if (auto tile = dyn_cast<TileType>(type)) {
    out.varint(13);
    if (failed(sub(tile.getElementType())))
      return failure();
    out.intList(tile.getShape(), 8);
    return success();
  }
  if (auto tv = dyn_cast<TensorViewType>(type)) {
    out.varint(14);
    if (failed(sub(tv.getElementType())))
      return failure();
    out.intList(tv.getShape(), 8);
    out.intList(tv.getStrides(), 8);
    return success();
  }
  if (auto pv = dyn_cast<PartitionViewType>(type)) {
    out.varint(15);
    bool padding = pv.getPadding() >= 0;
    if (v133)
      out.varint(padding ? 1 : 0);
    out.intList(pv.getTileShape(), 4);
    if (failed(sub(pv.getTensorView())))
      return failure();
    out.intList(
        ArrayRef<int32_t>(fullDimMap(pv.getDimMap(), pv.getTileShape().size())),
        4);
    if (!v133)
      out.byte(padding ? 1 : 0);
    if (padding)
      out.varint(pv.getPadding());
    return success();
  }
  if (auto sv = dyn_cast<StridedViewType>(type)) {
    if (!v133)
      return needs133("StridedView");
    out.varint(21);
    out.varint(sv.getPadding() >= 0 ? 1 : 0);
    out.intList(sv.getTileShape(), 4);
    out.intList(sv.getTraversalStrides(), 4);
    if (failed(sub(sv.getTensorView())))
      return failure();
    out.intList(
        ArrayRef<int32_t>(fullDimMap(sv.getDimMap(), sv.getTileShape().size())),
        4);
    if (sv.getPadding() >= 0)
      out.varint(sv.getPadding());
    return success();
  }
  if (auto gv = dyn_cast<GatherScatterViewType>(type)) {
    if (!v133)
      return needs133("GatherScatterView");
    out.varint(20);
    out.varint(gv.getPadding() >= 0 ? 1 : 0);
    out.intList(gv.getTileShape(), 4);
    if (failed(sub(gv.getTensorView())))
      return failure();
    out.varint(gv.getSparseDim());
    if (gv.getPadding() >= 0)
      out.varint(gv.getPadding());
    return success();
  }
  if (auto fn = dyn_cast<FunctionType>(type)) {
    out.varint(16);
    for (TypeRange list : {fn.getInputs(), fn.getResults()}) {
      out.varint(list.size());
      for (Type t : list)
        if (failed(sub(t)))
          return failure();
    }
    return success();
  }
  return op->emitError("type ") << type
                                << " cannot be written as Tile IR "
                                   "bytecode";
}

FailureOr<uint64_t> BytecodeWriter::typeIndex(Operation *op, Type type) {
  if (auto it = typeIds.find(type); it != typeIds.end())
    return it->second;
  Bytes encoded;
  // Dependencies get their indices first, inside encodeType.
  if (failed(encodeType(op, type, encoded)))
    return failure();
  typeIds[type] = types.size();
  types.push_back(std::move(encoded));
  return types.size() - 1;
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

LogicalResult BytecodeWriter::selfAttr(Operation *op, Attribute attr,
                                       Bytes &out) {
  if (auto i = dyn_cast<IntegerAttr>(attr); i && !isa<IndexType>(i.getType())) {
    FailureOr<uint64_t> type = typeIndex(op, i.getType());
    if (failed(type))
      return failure();
    out.varint(1);
    out.varint(*type);
    if (i.getType().isInteger(1))
      out.byte(i.getValue().isZero() ? 0 : 1);
    else
      out.varint(i.getValue().getZExtValue());
    return success();
  }
  if (auto f = dyn_cast<FloatAttr>(attr)) {
    FailureOr<uint64_t> type = typeIndex(op, f.getType());
    if (failed(type))
      return failure();
    out.varint(2);
    out.varint(*type);
    APInt bits = f.getValue().bitcastToAPInt();
    if (bits.getBitWidth() <= 8)
      out.byte(uint8_t(bits.getZExtValue()));
    else
      out.svarint(int64_t(bits.getZExtValue()));
    return success();
  }
  if (auto b = dyn_cast<BoolAttr>(attr)) {
    out.varint(3);
    out.byte(b.getValue());
    return success();
  }
  if (auto s = dyn_cast<StringAttr>(attr)) {
    out.varint(5);
    out.varint(stringIndex(s.getValue()));
    return success();
  }
  if (auto a = dyn_cast<ArrayAttr>(attr)) {
    out.varint(6);
    out.varint(a.size());
    for (Attribute e : a)
      if (failed(selfAttr(op, e, out)))
        return failure();
    return success();
  }
  if (auto d = dyn_cast<DivByAttr>(attr)) {
    out.varint(8);
    out.varint(d.getDivisor());
    bool every = d.getEvery() >= 0;
    out.byte(every ? 3 : 0);
    if (every) {
      out.svarint(d.getEvery());
      out.svarint(d.getAlong());
    }
    return success();
  }
  if (auto s = dyn_cast<SameElementsAttr>(attr)) {
    out.varint(9);
    out.intList(s.getValues(), 8);
    return success();
  }
  if (auto b = dyn_cast<BoundedAttr>(attr)) {
    out.varint(12);
    out.byte((b.getLb() ? 1 : 0) | (b.getUb() ? 2 : 0));
    if (b.getLb())
      out.svarint(*b.getLb());
    if (b.getUb())
      out.svarint(*b.getUb());
    return success();
  }
  if (auto h = dyn_cast<OptimizationHintsAttr>(attr)) {
    out.varint(11);
    return hintsPayload(op, h, out);
  }
  return op->emitError("attribute ") << attr
                                     << " cannot be written as Tile "
                                        "IR bytecode";
}

// varint n, (arch key, tag-10 dictionary of hint -> Integer(i32)/Bool).
LogicalResult BytecodeWriter::hintsPayload(Operation *op,
                                           OptimizationHintsAttr hints,
                                           Bytes &out) {
  out.varint(hints.getHints().size());
  for (NamedAttribute arch : hints.getHints()) {
    out.varint(stringIndex(arch.getName().getValue()));
    auto dict = cast<DictionaryAttr>(arch.getValue());
    out.varint(10);
    out.varint(dict.size());
    for (NamedAttribute hint : dict) {
      out.varint(stringIndex(hint.getName().getValue()));
      if (failed(selfAttr(op, hint.getValue(), out)))
        return failure();
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Sections
//===----------------------------------------------------------------------===//

LogicalResult BytecodeWriter::writeGlobals(ModuleOp module, Bytes &out) {
  auto globals = llvm::to_vector(module.getBody().front().getOps<GlobalOp>());
  out.varint(globals.size());
  for (GlobalOp global : globals) {
    bool isPrivate = global.getSymVisibility() == "private";
    if (!version.atLeast(13, 3) && (isPrivate || global.getConstant()))
      return global.emitError("private or constant globals require bytecode "
                              "version 13.3+");
    auto dense = cast<DenseElementsAttr>(global.getValue());
    FailureOr<uint64_t> type = typeIndex(
        global, TileType::get(global.getContext(), dense.getType().getShape(),
                              dense.getElementType()));
    if (failed(type))
      return failure();
    out.varint(stringIndex(global.getSymName()));
    out.varint(*type);
    out.varint(constantIndex(dense));
    out.varint(global.getAlignment());
    if (version.atLeast(13, 3)) {
      out.varint(isPrivate ? 1 : 0);
      out.varint(global.getConstant() ? 1 : 0);
    }
  }
  return success();
}

LogicalResult BytecodeWriter::writeFunction(EntryOp entry, Bytes &out) {
  FailureOr<uint64_t> type = typeIndex(entry, entry.getFunctionType());
  if (failed(type))
    return failure();
  out.varint(stringIndex(entry.getSymName()));
  out.varint(*type);
  auto hints = entry.getOptimizationHintsAttr();
  out.byte(2 | (hints ? 4 : 0));
  out.varint(debugList(entry));
  if (hints) {
    out.varint(11);
    if (failed(hintsPayload(entry, hints, out)))
      return failure();
  }
  Block &block = entry.getBody().front();
  values.assign(block.getArguments().begin(), block.getArguments().end());
  valueIds.clear();
  for (auto [i, arg] : llvm::enumerate(block.getArguments()))
    valueIds[arg] = i;
  Bytes body;
  for (Operation &op : block)
    if (failed(writeOp(&op, body)))
      return failure();
  out.varint(body.data.size());
  out.append(body.data);
  return success();
}

// Section header (aligned sections pad from the start of the file).
static void section(Bytes &file, unsigned id, const Bytes &payload,
                    unsigned alignment) {
  file.byte(id | (alignment ? 0x80 : 0));
  file.varint(payload.data.size());
  if (alignment) {
    file.varint(alignment);
    file.padTo(alignment);
  }
  file.append(payload.data);
}

Bytes tileiras::cuda_tile::indexTable(ArrayRef<Bytes> items, unsigned width) {
  Bytes out;
  out.varint(items.size());
  out.padTo(width == 8 ? 8 : 4);
  uint64_t offset = 0;
  for (const Bytes &item : items) {
    out.fixed(offset, width);
    offset += item.data.size();
  }
  for (const Bytes &item : items)
    out.append(item.data);
  return out;
}

LogicalResult BytecodeWriter::write(ModuleOp module, raw_ostream &os) {
  Bytes functions, globals;
  bool hasGlobals = !module.getBody().front().getOps<GlobalOp>().empty();
  if (hasGlobals && failed(writeGlobals(module, globals)))
    return failure();
  auto entries = llvm::to_vector(module.getBody().front().getOps<EntryOp>());
  functions.varint(entries.size());
  for (EntryOp entry : entries)
    if (failed(writeFunction(entry, functions)))
      return failure();
  Bytes producer;
  if (auto name = module.getProducer()) {
    if (!version.atLeast(13, 3))
      return module.emitError("the producer attribute requires bytecode "
                              "version 13.3+");
    producer.varint(stringIndex(*name));
  }
  Bytes file;
  file.append({0x7f, 'T', 'i', 'l', 'e', 'I', 'R', 0});
  file.byte(version.major);
  file.byte(version.minor);
  file.fixed(version.tag, 2);
  if (hasGlobals)
    section(file, 6, globals, 0);
  section(file, 2, functions, 8);
  if (!constants.empty())
    section(file, 4, indexTable(constants, 8), 8);
  Bytes debug = debugSection();
  if (!debug.data.empty())
    section(file, 3, debug, 8);
  section(file, 5, indexTable(types, 4), 4);
  if (!producer.data.empty())
    section(file, 7, producer, 0);
  std::vector<Bytes> stringItems;
  for (const std::string &s : strings) {
    stringItems.emplace_back();
    stringItems.back().append(ArrayRef<uint8_t>(
        reinterpret_cast<const uint8_t *>(s.data()), s.size()));
  }
  section(file, 1, indexTable(stringItems, 4), 4);
  file.byte(0);
  os.write(reinterpret_cast<const char *>(file.data.data()), file.data.size());
  return success();
}

LogicalResult tileiras::cuda_tile::writeTileIRBytecode(Operation *op,
                                                       BytecodeVersion version,
                                                       raw_ostream &os) {
  auto module = dyn_cast<ModuleOp>(op);
  if (auto top = dyn_cast<mlir::ModuleOp>(op)) {
    auto inner = llvm::to_vector(top.getOps<ModuleOp>());
    if (inner.size() != 1 ||
        !llvm::hasSingleElement(top.getBody()->getOperations()))
      return top.emitError("expected exactly one cuda_tile.module");
    module = inner.front();
  }
  if (!module)
    return op->emitError("expected a cuda_tile.module");
  return BytecodeWriter(version).write(module, os);
}
