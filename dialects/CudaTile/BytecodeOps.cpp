//===- BytecodeOps.cpp - Tile IR bytecode: instructions -------------------===//
//
// Each instruction is an opcode followed by result types, flags, inline
// attributes, operand value indices and regions, in the per-op layout of
// docs/cuda-tile.md. Older files lack fields added later; the reader fills
// in their defaults (13.1 `print` becomes `print_tko` with a token result).
//
//===----------------------------------------------------------------------===//

#include "BytecodeOpTable.h"
#include "BytecodeReaderImpl.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace tileiras::cuda_tile;

namespace {
/// Decodes one instruction into an OperationState.
class OpDecoder {
public:
  OpDecoder(BytecodeReader &r, Cursor &c, OperationState &state)
      : r(r), c(c), state(state), b(r.builder) {}

  bool type() {
    Type t;
    if (r.readType(c, t))
      return true;
    state.addTypes(t);
    return false;
  }
  bool types(unsigned n) {
    for (unsigned i = 0; i < n; ++i)
      if (type())
        return true;
    return false;
  }
  bool countedTypes() {
    uint64_t n;
    return c.bounded(n, c.remaining() + 1, "result count") || types(n);
  }
  bool value(Value &v) {
    uint64_t index;
    if (c.bounded(index, r.values.size(), "value index"))
      return true;
    v = r.values[index];
    return false;
  }
  bool operand() {
    Value v;
    if (value(v))
      return true;
    state.addOperands(v);
    return false;
  }
  bool operands(unsigned n) {
    for (unsigned i = 0; i < n; ++i)
      if (operand())
        return true;
    return false;
  }
  /// varint count + value indices; returns the count through `n`.
  bool countedOperands(uint64_t &n) {
    return c.bounded(n, c.remaining() + 1, "operand count") || operands(n);
  }
  bool flags(uint64_t &f) { return c.varint(f); }
  bool enumAttr(StringRef name, uint64_t max,
                std::optional<uint64_t> omit = std::nullopt) {
    uint64_t v;
    if (c.varint(v))
      return true;
    if (v > max)
      return r.sink.fail("invalid value " + Twine(v) + " for '" + name + "'");
    if (!omit || v != *omit)
      state.addAttribute(name, b.getI32IntegerAttr(int32_t(v)));
    return false;
  }
  void unit(StringRef name, bool present) {
    if (present)
      state.addAttribute(name, b.getUnitAttr());
  }
  bool intAttr(StringRef name, bool i32 = false) {
    uint64_t v;
    if (c.varint(v))
      return true;
    state.addAttribute(name, i32 ? Attribute(b.getI32IntegerAttr(int32_t(v)))
                                 : Attribute(b.getI64IntegerAttr(int64_t(v))));
    return false;
  }
  bool stringAttr(StringRef name) {
    uint64_t index;
    StringRef s;
    if (c.varint(index) || r.getString(index, s))
      return true;
    state.addAttribute(name, b.getStringAttr(s));
    return false;
  }
  void segments(ArrayRef<int32_t> sizes) {
    state.addAttribute("operandSegmentSizes", b.getDenseI32ArrayAttr(sizes));
  }

  BytecodeReader &r;
  Cursor &c;
  OperationState &state;
  OpBuilder &b;
};
} // namespace

static constexpr uint64_t kMaxRounding = 6, kMaxOverflow = 3, kMaxSign = 1,
                          kMaxPredicate = 5, kMaxOrdering = 4, kMaxScope = 2,
                          kMaxMode = 9;

// Ops whose record is `T` or `T ... %operands` with simple attributes.
static bool decodeSimple(OpDecoder &d, Kind kind, const BytecodeVersion &v) {
  uint64_t f = 0;
  switch (kind) {
  case Kind::Unary:
    return d.type() || d.operands(1);
  case Kind::Binary:
    return d.type() || d.operands(2);
  case Kind::Select:
    return d.type() || d.operands(3);
  case Kind::Five:
    return d.type() || d.operands(5);
  case Kind::FBinRnd:
  case Kind::Fma:
  case Kind::Sqrt:
    if (d.type() || d.flags(f) || d.enumAttr("rounding", kMaxRounding, 0))
      return true;
    d.unit("flush_to_zero", f & 1);
    return d.operands(kind == Kind::Fma ? 3 : kind == Kind::Sqrt ? 1 : 2);
  case Kind::FtzUnary:
    if (d.type() || d.flags(f))
      return true;
    d.unit("flush_to_zero", f & 1);
    return d.operands(1);
  case Kind::NanFtz:
    if (d.type() || d.flags(f))
      return true;
    d.unit("propagate_nan", f & 1);
    d.unit("flush_to_zero", f & 2);
    return d.operands(2);
  case Kind::Exp:
  case Kind::Tanh: {
    bool has = v.atLeast(13, kind == Kind::Exp ? 3 : 2);
    return d.type() ||
           (has &&
            d.enumAttr("rounding", kMaxRounding, uint64_t(Rounding::Full))) ||
           d.operands(1);
  }
  case Kind::IOvf:
    return d.type() || d.enumAttr("overflow", kMaxOverflow, 0) || d.operands(2);
  case Kind::NegI:
    return d.type() ||
           (v.atLeast(13, 2) && d.enumAttr("overflow", kMaxOverflow, 0)) ||
           d.operands(1);
  case Kind::TruncI:
    return d.type() || d.enumAttr("overflow", kMaxOverflow, 0) || d.operands(1);
  case Kind::ISign:
    return d.type() || d.enumAttr("signedness", kMaxSign) || d.operands(2);
  case Kind::DivI:
    return d.type() || d.enumAttr("signedness", kMaxSign) ||
           d.enumAttr("rounding", kMaxRounding, uint64_t(Rounding::Zero)) ||
           d.operands(2);
  case Kind::CmpF:
    return d.type() || d.enumAttr("comparison_predicate", kMaxPredicate) ||
           d.enumAttr("comparison_ordering", 1) || d.operands(2);
  case Kind::CmpI:
    return d.type() || d.enumAttr("comparison_predicate", kMaxPredicate) ||
           d.enumAttr("signedness", kMaxSign) || d.operands(2);
  case Kind::ExtI:
    return d.type() || d.enumAttr("signedness", kMaxSign) || d.operands(1);
  case Kind::FToI:
  case Kind::IToF:
    return d.type() || d.enumAttr("signedness", kMaxSign) ||
           d.enumAttr("rounding", kMaxRounding,
                      uint64_t(kind == Kind::FToI ? Rounding::NearestIntToZero
                                                  : Rounding::NearestEven)) ||
           d.operands(1);
  case Kind::FToF:
    return d.type() || d.enumAttr("rounding", kMaxRounding, 0) || d.operands(1);
  case Kind::MmaI:
    return d.type() || d.enumAttr("signedness_lhs", kMaxSign) ||
           d.enumAttr("signedness_rhs", kMaxSign) || d.operands(3);
  case Kind::MmaF:
    if (d.type() || (v.atLeast(13, 3) && d.flags(f)))
      return true;
    d.unit("fast_acc", f & 1);
    return d.operands(3);
  default:
    return d.r.sink.fail("internal: unexpected op kind");
  }
}

// Ops with structural attributes (constants, permutations, symbols, ...).
static bool decodeStructural(OpDecoder &d, Kind kind) {
  BytecodeReader &r = d.r;
  uint64_t f = 0, index, n;
  switch (kind) {
  case Kind::Cat:
    return d.type() || d.intAttr("dim") || d.operands(2);
  case Kind::Permute: {
    SmallVector<int64_t> perm;
    if (d.type() || d.c.intList(perm, 4))
      return true;
    SmallVector<int32_t> values;
    for (int64_t p : perm) {
      if (p == INT32_MIN || p == INT32_MAX)
        return r.sink.fail("array contains unsupported value " + Twine(p));
      values.push_back(int32_t(p));
    }
    d.state.addAttribute("permutation", d.b.getDenseI32ArrayAttr(values));
    return d.operands(1);
  }
  case Kind::Constant: {
    Attribute value;
    if (d.type() || d.c.varint(index))
      return true;
    auto tile = dyn_cast<TileType>(d.state.types.back());
    if (!tile)
      return r.sink.fail("constant result must be a tile");
    if (r.getConstant(index, getDenseType(tile), value))
      return true;
    d.state.addAttribute("value", value);
    return false;
  }
  case Kind::NoOperand:
    return d.type();
  case Kind::Grid:
    return d.types(3);
  case Kind::GetGlobal: {
    StringRef name;
    if (d.type() || d.c.varint(index) || r.getString(index, name))
      return true;
    d.state.addAttribute("name", FlatSymbolRefAttr::get(r.ctx, name));
    return false;
  }
  case Kind::Assume: {
    Attribute pred;
    if (d.type() || r.readSelfAttr(d.c, pred))
      return true;
    d.state.addAttribute("predicate", pred);
    return d.operands(1);
  }
  case Kind::Assert:
    return d.stringAttr("message") || d.operands(1);
  case Kind::Alloca:
    if (d.type() || d.flags(f))
      return true;
    d.unit("global", f & 1);
    return d.intAttr("num_elem") || d.intAttr("alignment");
  case Kind::AllOperands:
  case Kind::Terminator:
    return d.countedTypes() || d.countedOperands(n);
  case Kind::ShapeQuery:
    return d.countedTypes() || d.operands(1);
  case Kind::MakeTensorView: {
    uint64_t shapes, strides;
    if (d.countedTypes() || d.operands(1) || d.countedOperands(shapes) ||
        d.countedOperands(strides))
      return true;
    d.segments({1, int32_t(shapes), int32_t(strides)});
    return false;
  }
  default:
    return decodeSimple(d, kind, r.version);
  }
}

// Token-ordered memory ops: flags select the optional scope, hints and
// operands.
static bool decodeMemory(OpDecoder &d, Kind kind, const BytecodeVersion &v) {
  uint64_t f = 0, n;
  auto hints = [&](bool present) {
    Attribute h;
    if (!present)
      return false;
    if (d.r.readHints(d.c, h))
      return true;
    d.state.addAttribute("optimization_hints", h);
    return false;
  };
  auto orderingScope = [&](bool hasScope) {
    return d.enumAttr("memory_ordering", kMaxOrdering) ||
           (hasScope && d.enumAttr("memory_scope", kMaxScope));
  };
  int32_t tok;
  switch (kind) {
  case Kind::LoadPtr:
    if (d.types(2) || d.flags(f) || orderingScope(f & 1) || hints(f & 2) ||
        d.operands(1 + bool(f & 4) + bool(f & 8) + bool(f & 16)))
      return true;
    d.segments(
        {1, int32_t(bool(f & 4)), int32_t(bool(f & 8)), int32_t(bool(f & 16))});
    return false;
  case Kind::StorePtr:
    if (d.type() || d.flags(f) || orderingScope(f & 1) || hints(f & 2) ||
        d.operands(2 + bool(f & 4) + bool(f & 8)))
      return true;
    d.segments({1, 1, int32_t(bool(f & 4)), int32_t(bool(f & 8))});
    return false;
  case Kind::LoadView:
  case Kind::StoreView: {
    bool store = kind == Kind::StoreView;
    if (d.countedTypes() || d.flags(f) || orderingScope(f & 1) ||
        hints(f & 2) || d.operands(store ? 2 : 1) || d.countedOperands(n) ||
        d.operands(bool(f & 4)))
      return true;
    tok = bool(f & 4);
    if (store)
      d.segments({1, 1, int32_t(n), tok});
    else
      d.segments({1, int32_t(n), tok});
    return false;
  }
  case Kind::AtomicCas:
  case Kind::AtomicRmw: {
    bool cas = kind == Kind::AtomicCas;
    if (d.types(2) || d.flags(f) || orderingScope(true) ||
        (!cas && d.enumAttr("mode", kMaxMode)) ||
        d.operands((cas ? 3 : 2) + bool(f & 1) + bool(f & 2)))
      return true;
    if (cas)
      d.segments({1, 1, 1, int32_t(bool(f & 1)), int32_t(bool(f & 2))});
    else
      d.segments({1, 1, int32_t(bool(f & 1)), int32_t(bool(f & 2))});
    return false;
  }
  case Kind::AtomicRed:
    if (d.countedTypes() || d.flags(f) || orderingScope(true) ||
        d.enumAttr("mode", kMaxMode) || d.operands(1) || d.countedOperands(n) ||
        d.operands(1 + bool(f & 1)))
      return true;
    d.segments({1, int32_t(n), 1, int32_t(bool(f & 1))});
    return false;
  case Kind::Print: {
    // 13.1 `print` has no result and no token operand.
    if (d.countedTypes() || (v.atLeast(13, 2) && d.flags(f)) ||
        d.stringAttr("str") || d.countedOperands(n) || d.operands(bool(f & 1)))
      return true;
    if (d.state.types.empty())
      d.state.addTypes(TokenType::get(d.r.ctx));
    d.segments({int32_t(n), int32_t(bool(f & 1))});
    return false;
  }
  default:
    return decodeStructural(d, kind);
  }
}

// Region ops: header fields, then `numRegions` regions of blocks.
static bool decodeRegionHeader(OpDecoder &d, Kind kind,
                               const BytecodeVersion &v, unsigned &regions) {
  uint64_t f = 0, n;
  regions = 1;
  switch (kind) {
  case Kind::For:
    if (d.countedTypes() || (v.atLeast(13, 2) && d.flags(f)) ||
        d.countedOperands(n))
      return true;
    d.unit("unsignedCmp", f & 1);
    return n < 3 && d.r.sink.fail("'for' needs bounds and a step");
  case Kind::Loop:
    return d.countedTypes() || d.countedOperands(n);
  case Kind::If:
    regions = 2;
    return d.countedTypes() || d.operands(1);
  case Kind::Reduce:
  case Kind::Scan: {
    Attribute identities;
    if (d.countedTypes() || d.intAttr("dim", /*i32=*/true))
      return true;
    if (kind == Kind::Scan) {
      uint8_t reverse;
      if (d.c.byte(reverse))
        return true;
      d.state.addAttribute("reverse", d.b.getBoolAttr(reverse != 0));
    }
    if (d.r.readSelfAttrArray(d.c, identities))
      return true;
    d.state.addAttribute("identities", identities);
    return d.countedOperands(n);
  }
  default:
    regions = 0;
    return decodeMemory(d, kind, v);
  }
}

bool BytecodeReader::readSelfAttrArray(Cursor &c, Attribute &out) {
  uint64_t n;
  SmallVector<Attribute> elements;
  if (c.bounded(n, c.remaining() + 1, "array size"))
    return true;
  for (uint64_t i = 0; i < n; ++i) {
    Attribute e;
    if (readSelfAttr(c, e, 1))
      return true;
    elements.push_back(e);
  }
  out = builder.getArrayAttr(elements);
  return false;
}

bool BytecodeReader::readBody(Cursor &c, Block *block, unsigned depth) {
  uint64_t numArgs, numOps;
  if (c.bounded(numArgs, c.remaining() + 1, "block argument count"))
    return true;
  size_t scope = values.size();
  for (uint64_t i = 0; i < numArgs; ++i) {
    Type t;
    if (readType(c, t))
      return true;
    values.push_back(block->addArgument(t, loc));
  }
  if (c.bounded(numOps, c.remaining() + 1, "op count"))
    return true;
  for (uint64_t i = 0; i < numOps; ++i)
    if (readOp(c, block, depth))
      return true;
  values.resize(scope);
  return false;
}

bool BytecodeReader::readOp(Cursor &c, Block *block, unsigned depth) {
  if (depth > kMaxNesting)
    return sink.fail("regions nest too deeply");
  uint64_t opcode;
  if (c.varint(opcode))
    return true;
  OpInfo info = lookup(opcode);
  if (!info.name || info.kind == Kind::Invalid)
    return sink.fail("unknown opcode 0x" + llvm::utohexstr(opcode));
  if (!version.atLeast(13, info.minor))
    return sink.fail("'" + Twine(info.name) +
                     "' requires bytecode version 13." + Twine(info.minor) +
                     "+, file version is " + version.str());
  OperationState state(loc, "cuda_tile." + std::string(info.name));
  OpDecoder d(*this, c, state);
  unsigned numRegions;
  if (decodeRegionHeader(d, info.kind, version, numRegions))
    return true;
  if (numRegions) {
    uint64_t count;
    if (c.varint(count))
      return true;
    if (count != numRegions)
      return sink.fail("'" + Twine(info.name) + "' must have " +
                       Twine(numRegions) + " regions, got " + Twine(count));
    for (unsigned i = 0; i < numRegions; ++i) {
      Region *region = state.addRegion();
      uint64_t blocks;
      if (c.bounded(blocks, 2, "block count"))
        return true;
      if (blocks == 0)
        continue;
      region->push_back(new Block());
      if (readBody(c, &region->front(), depth + 1))
        return true;
    }
  }
  Operation *op = Operation::create(state);
  block->push_back(op);
  for (Region &region : op->getRegions())
    if (!region.empty() &&
        (region.front().empty() ||
         !region.front().back().hasTrait<OpTrait::IsTerminator>()))
      return sink.fail("a block of '" + Twine(info.name) +
                       "' does not end with a terminator");
  // 13.1 print's token result is not part of the file's numbering.
  bool numbered = !(info.kind == Kind::Print && !version.atLeast(13, 2));
  if (numbered)
    for (Value result : op->getResults())
      values.push_back(result);
  return false;
}
