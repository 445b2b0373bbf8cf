//===- BytecodeDebugInfo.cpp - Tile IR bytecode: the debug section --------===//
//
// Layout: varint nLists, pad 4, nLists u32 list starts, varint nIds, pad 8,
// nIds u64 attribute ids (0 = unknown, k = table entry k-1), then an
// indexed table of debug attributes (tag + fields). A function's list holds
// its own location, then one per op in pre-order.
//
//===----------------------------------------------------------------------===//

#include "BytecodeReaderImpl.h"
#include "BytecodeWriterImpl.h"

#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace tileiras::cuda_tile;

enum DebugTag : uint64_t {
  kUnknownLoc = 0,
  kCompileUnit = 1,
  kFile = 2,
  kLexicalBlock = 3,
  kLoc = 4,
  kSubprogram = 5,
  kCallSite = 6
};

static bool isScope(Attribute a) {
  return isa<DISubprogramAttr, DILexicalBlockAttr>(a);
}

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

template <typename AttrT>
bool BytecodeReader::getDebugAs(Cursor &c, AttrT &out, const char *what,
                                unsigned depth) {
  uint64_t id;
  Attribute attr;
  if (c.varint(id) || getDebugAttr(id, attr, depth + 1))
    return true;
  if constexpr (std::is_same_v<AttrT, Attribute>)
    out = isScope(attr) ? attr : Attribute();
  else
    out = dyn_cast<AttrT>(attr);
  if (!out)
    return sink.fail("debug attribute " + Twine(id) + " is not " + what);
  return false;
}

bool BytecodeReader::decodeDebugAttr(ArrayRef<uint8_t> data, Attribute &out,
                                     unsigned depth) {
  Cursor c(data, sink);
  uint64_t tag, line = 0, column = 0, index;
  StringRef name, dir;
  DIFileAttr file;
  Attribute scope;
  if (c.varint(tag))
    return true;
  Builder b(ctx);
  switch (tag) {
  case kCompileUnit:
    if (getDebugAs(c, file, "a file", depth))
      return true;
    return out = DICompileUnitAttr::get(ctx, file), false;
  case kFile:
    if (c.varint(index) || getString(index, name) || c.varint(index) ||
        getString(index, dir))
      return true;
    return out = DIFileAttr::get(ctx, b.getStringAttr(name),
                                 b.getStringAttr(dir)),
           false;
  case kLexicalBlock:
    if (getDebugAs(c, scope, "a scope", depth) ||
        getDebugAs(c, file, "a file", depth) || c.varint(line) ||
        c.varint(column))
      return true;
    return out = DILexicalBlockAttr::get(ctx, scope, file, line, column), false;
  case kLoc:
    if (getDebugAs(c, scope, "a scope", depth) || c.varint(index) ||
        getString(index, name) || c.varint(line) || c.varint(column))
      return true;
    return out = DILocAttr::get(
               ctx, FileLineColLoc::get(ctx, name, line, column), scope),
           false;
  case kSubprogram:
    return decodeSubprogram(c, out, depth);
  case kCallSite: {
    LocationAttr callee, caller;
    if (getDebugAs(c, callee, "a location", depth) ||
        getDebugAs(c, caller, "a location", depth))
      return true;
    return out = CallSiteLoc::get(callee, caller), false;
  }
  default:
    return out = UnknownLoc::get(ctx), false;
  }
}

bool BytecodeReader::decodeSubprogram(Cursor &c, Attribute &out,
                                      unsigned depth) {
  DIFileAttr file;
  DICompileUnitAttr unit;
  uint64_t line, scopeLine, index;
  StringRef name, linkage;
  if (getDebugAs(c, file, "a file", depth) || c.varint(line) ||
      c.varint(index) || getString(index, name) || c.varint(index) ||
      getString(index, linkage) ||
      getDebugAs(c, unit, "a compile unit", depth) || c.varint(scopeLine))
    return true;
  Builder b(ctx);
  // The format has no "absent": a scope line of 0 reads back as none.
  std::optional<unsigned> scope;
  if (scopeLine)
    scope = scopeLine;
  out = DISubprogramAttr::get(ctx, file, line, b.getStringAttr(name),
                              b.getStringAttr(linkage), unit, scope);
  return false;
}

bool BytecodeReader::getDebugAttr(uint64_t id, Attribute &out, unsigned depth) {
  if (id == 0)
    return out = UnknownLoc::get(ctx), false;
  if (id > debugItems.size())
    return sink.fail("debug attribute " + Twine(id) + " is out of range");
  Attribute &slot = debugAttrs[id - 1];
  if (!slot) {
    // Also stops cycles: an entry that refers to itself nests forever.
    if (depth > kMaxNesting)
      return sink.fail("debug attributes nest too deeply");
    if (decodeDebugAttr(debugItems[id - 1], slot, depth))
      return true;
  }
  out = slot;
  return false;
}

bool BytecodeReader::readDebugSection() {
  if (!sections[kDebugSection].present) {
    for (auto [fn, list] : functionLocs)
      if (list)
        return sink.fail("function refers to debug list " + Twine(list) +
                         " but the file has no debug section");
    return false;
  }
  ArrayRef<uint8_t> payload = sections[kDebugSection].payload;
  size_t base = sections[kDebugSection].base;
  Cursor c(payload, sink, base);
  uint64_t nLists, nIds;
  if (c.bounded(nLists, payload.size() / 4 + 1, "debug list count") ||
      c.align(4, base))
    return true;
  std::vector<uint64_t> starts(nLists), ids;
  for (uint64_t &s : starts)
    if (c.fixed(s, 4))
      return true;
  if (c.bounded(nIds, payload.size() / 8 + 1, "debug id count") ||
      c.align(8, base))
    return true;
  ids.resize(nIds);
  for (uint64_t &id : ids)
    if (c.fixed(id, 8))
      return true;
  if (readIndexTable(payload.drop_front(c.offset()), base + c.offset(), 4,
                     debugItems))
    return true;
  debugAttrs.assign(debugItems.size(), Attribute());
  for (auto [fn, list] : functionLocs)
    if (list && applyDebugList(fn, list, starts, ids))
      return true;
  return false;
}

bool BytecodeReader::applyDebugList(Operation *fn, uint64_t list,
                                    ArrayRef<uint64_t> starts,
                                    ArrayRef<uint64_t> ids) {
  if (list > starts.size())
    return sink.fail("debug list " + Twine(list) + " is out of range (" +
                     Twine(starts.size()) + " lists)");
  uint64_t begin = starts[list - 1];
  uint64_t end = list < starts.size() ? starts[list] : ids.size();
  if (begin > end || end > ids.size())
    return sink.fail("debug list " + Twine(list) + " has bad bounds");
  SmallVector<Operation *> ops;
  fn->walk<WalkOrder::PreOrder>([&](Operation *op) { ops.push_back(op); });
  if (end - begin != ops.size())
    return sink.fail("debug list " + Twine(list) + " has " +
                     Twine(end - begin) + " locations for " +
                     Twine(ops.size()) + " operations");
  for (auto [op, id] : llvm::zip(ops, ids.slice(begin, end - begin))) {
    Attribute attr;
    if (getDebugAttr(id, attr, 0))
      return true;
    auto location = dyn_cast<LocationAttr>(attr);
    if (!location)
      return sink.fail("debug attribute " + Twine(id) +
                       " is used as a location but is not one");
    op->setLoc(location);
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

/// Id of a debug attribute (0 for locations the format cannot hold, which
/// read back as unknown).
uint64_t BytecodeWriter::debugId(Attribute attr) {
  if (auto it = debugIds.find(attr); it != debugIds.end())
    return it->second;
  Bytes item;
  if (auto file = dyn_cast<DIFileAttr>(attr)) {
    item.varint(kFile);
    item.varint(stringIndex(file.getName()));
    item.varint(stringIndex(file.getDirectory()));
  } else if (auto unit = dyn_cast<DICompileUnitAttr>(attr)) {
    item.varint(kCompileUnit);
    item.varint(debugId(unit.getFile()));
  } else if (auto block = dyn_cast<DILexicalBlockAttr>(attr)) {
    item.varint(kLexicalBlock);
    item.varint(debugId(block.getScope()));
    item.varint(debugId(block.getFile()));
    item.varint(block.getLine());
    item.varint(block.getColumn());
  } else if (auto loc = dyn_cast<DILocAttr>(attr)) {
    item.varint(kLoc);
    item.varint(debugId(loc.getScope()));
    item.varint(stringIndex(loc.getLoc().getFilename()));
    item.varint(loc.getLoc().getLine());
    item.varint(loc.getLoc().getColumn());
  } else if (auto sp = dyn_cast<DISubprogramAttr>(attr)) {
    item.varint(kSubprogram);
    item.varint(debugId(sp.getFile()));
    item.varint(sp.getLine());
    item.varint(stringIndex(sp.getName()));
    item.varint(stringIndex(sp.getLinkageName()));
    item.varint(debugId(sp.getCompileUnit()));
    item.varint(sp.getScopeLine().value_or(0));
  } else if (auto call = dyn_cast<CallSiteLoc>(attr)) {
    item.varint(kCallSite);
    item.varint(debugId(call.getCallee()));
    item.varint(debugId(call.getCaller()));
  } else {
    return 0;
  }
  debugItems.push_back(std::move(item));
  return debugIds[attr] = debugItems.size();
}

/// The function's list number (0 when none of its locations is debug info).
uint64_t BytecodeWriter::debugList(EntryOp entry) {
  bool any = false;
  entry->walk(
      [&](Operation *op) { any |= isa<DILocAttr, CallSiteLoc>(op->getLoc()); });
  if (!any)
    return 0;
  listStarts.push_back(listIds.size());
  entry->walk<WalkOrder::PreOrder>(
      [&](Operation *op) { listIds.push_back(debugId(op->getLoc())); });
  return listStarts.size();
}

/// The debug section's payload; empty when no function has debug info.
Bytes BytecodeWriter::debugSection() {
  Bytes out;
  if (listStarts.empty())
    return out;
  out.varint(listStarts.size());
  out.padTo(4);
  for (uint64_t start : listStarts)
    out.fixed(start, 4);
  out.varint(listIds.size());
  out.padTo(8);
  for (uint64_t id : listIds)
    out.fixed(id, 8);
  out.append(indexTable(debugItems, 4).data);
  return out;
}
