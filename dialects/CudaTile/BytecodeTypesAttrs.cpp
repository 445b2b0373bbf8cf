//===- BytecodeTypesAttrs.cpp - Tile IR bytecode: types and attributes ----===//

#include "BytecodeReaderImpl.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace tileiras::cuda_tile;

namespace {
enum TypeTag {
  kI1,
  kI8,
  kI16,
  kI32,
  kI64,
  kF16,
  kBF16,
  kF32,
  kTF32,
  kF64,
  kF8E4M3FN,
  kF8E5M2,
  kPointer,
  kTile,
  kTensorView,
  kPartitionView,
  kFunction,
  kToken,
  kF8E8M0FNU,
  kF4E2M1FN,
  kGatherScatterView,
  kStridedView,
  kI4
};
} // namespace

// Name (for messages) and first version of the tags added after 13.1.
static bool checkTagVersion(ErrorSink &sink, uint64_t tag,
                            const BytecodeVersion &version) {
  struct Late {
    uint64_t tag;
    const char *name;
    unsigned minor;
  };
  static const Late kLate[] = {{kF8E8M0FNU, "Float8E8M0FNU", 2},
                               {kF4E2M1FN, "Float4E2M1FN", 3},
                               {kGatherScatterView, "GatherScatterView", 3},
                               {kStridedView, "StridedView", 3},
                               {kI4, "Int4", 3}};
  for (const Late &late : kLate)
    if (late.tag == tag && !version.atLeast(13, late.minor))
      return sink.fail("type '" + Twine(late.name) +
                       "' requires bytecode version 13." + Twine(late.minor) +
                       "+, file version is " + version.str());
  return false;
}

static Type scalarType(MLIRContext *ctx, uint64_t tag) {
  Builder b(ctx);
  switch (tag) {
  case kI1:
    return b.getI1Type();
  case kI8:
    return b.getI8Type();
  case kI16:
    return b.getI16Type();
  case kI32:
    return b.getI32Type();
  case kI64:
    return b.getI64Type();
  case kF16:
    return b.getF16Type();
  case kBF16:
    return b.getBF16Type();
  case kF32:
    return b.getF32Type();
  case kTF32:
    return b.getTF32Type();
  case kF64:
    return b.getF64Type();
  case kF8E4M3FN:
    return b.getType<Float8E4M3FNType>();
  case kF8E5M2:
    return b.getType<Float8E5M2Type>();
  case kToken:
    return TokenType::get(ctx);
  case kF8E8M0FNU:
    return b.getType<Float8E8M0FNUType>();
  case kF4E2M1FN:
    return b.getType<Float4E2M1FNType>();
  case kI4:
    return b.getIntegerType(4);
  default:
    return Type();
  }
}

static SmallVector<int32_t> narrow(ArrayRef<int64_t> values) {
  return SmallVector<int32_t>(values.begin(), values.end());
}

static void dropIdentity(SmallVector<int32_t> &dimMap) {
  for (auto [i, d] : llvm::enumerate(dimMap))
    if (d != int32_t(i))
      return;
  dimMap.clear();
}

bool BytecodeReader::decodeType(ArrayRef<uint8_t> data, Type &out,
                                unsigned depth) {
  Cursor c(data, sink);
  uint64_t tag;
  if (c.varint(tag) || checkTagVersion(sink, tag, version))
    return true;
  if ((out = scalarType(ctx, tag)))
    return false;
  auto emit = [&]() { return emitError(loc); };
  auto sub = [&](Type &t) {
    uint64_t index;
    return c.varint(index) || getType(index, t, depth + 1);
  };
  auto tensorView = [&](TensorViewType &tv) {
    Type t;
    if (sub(t))
      return true;
    tv = dyn_cast<TensorViewType>(t);
    return !tv && sink.fail("a view type must refer to a tensor_view");
  };
  auto padding = [&](bool present, int32_t &pad) {
    uint64_t v = 0;
    pad = -1;
    if (present && c.varint(v))
      return true;
    if (present)
      pad = int32_t(std::min<uint64_t>(v, 1000));
    return false;
  };
  SmallVector<int64_t> a, b, d;
  Type t;
  TensorViewType tv;
  uint64_t flags = 0, n;
  int32_t pad;
  switch (tag) {
  case kPointer:
    if (sub(t))
      return true;
    out = PointerType::getChecked(emit, ctx, t);
    break;
  case kTile:
    if (sub(t) || c.intList(a, 8))
      return true;
    out = TileType::getChecked(emit, ctx, ArrayRef<int64_t>(a), t);
    break;
  case kTensorView:
    if (sub(t) || c.intList(a, 8) || c.intList(b, 8))
      return true;
    out = TensorViewType::getChecked(emit, ctx, t, ArrayRef<int64_t>(a),
                                     ArrayRef<int64_t>(b));
    break;
  case kPartitionView: {
    bool v133 = version.atLeast(13, 3);
    uint8_t present = 0;
    if ((v133 && c.varint(flags)) || c.intList(a, 4) || tensorView(tv) ||
        c.intList(d, 4) || (!v133 && c.byte(present)) ||
        padding(v133 ? (flags & 1) : present, pad))
      return true;
    SmallVector<int32_t> dimMap = narrow(d);
    dropIdentity(dimMap);
    SmallVector<int32_t> tile = narrow(a);
    out = PartitionViewType::getChecked(emit, ctx, ArrayRef<int32_t>(tile), tv,
                                        ArrayRef<int32_t>(dimMap), pad);
    break;
  }
  case kGatherScatterView:
    if (c.varint(flags) || c.intList(a, 4) || tensorView(tv) || c.varint(n) ||
        padding(flags & 1, pad))
      return true;
    {
      SmallVector<int32_t> tile = narrow(a);
      out = GatherScatterViewType::getChecked(
          emit, ctx, ArrayRef<int32_t>(tile), tv,
          int32_t(std::min<uint64_t>(n, 1000)), pad);
    }
    break;
  case kStridedView: {
    if (c.varint(flags) || c.intList(a, 4) || c.intList(b, 4) ||
        tensorView(tv) || c.intList(d, 4) || padding(flags & 1, pad))
      return true;
    SmallVector<int32_t> dimMap = narrow(d);
    dropIdentity(dimMap);
    SmallVector<int32_t> tile = narrow(a), strides = narrow(b);
    out = StridedViewType::getChecked(emit, ctx, ArrayRef<int32_t>(tile),
                                      ArrayRef<int32_t>(strides), tv,
                                      ArrayRef<int32_t>(dimMap), pad);
    break;
  }
  case kFunction: {
    SmallVector<Type> inputs, results;
    for (auto *list : {&inputs, &results}) {
      if (c.bounded(n, c.remaining() + 1, "function type arity"))
        return true;
      for (uint64_t i = 0; i < n; ++i) {
        if (sub(t))
          return true;
        list->push_back(t);
      }
    }
    out = FunctionType::get(ctx, inputs, results);
    break;
  }
  default:
    return sink.fail("unknown type tag " + Twine(tag));
  }
  return !out && sink.fail("invalid type");
}

//===----------------------------------------------------------------------===//
// Self-contained attributes
//===----------------------------------------------------------------------===//

bool BytecodeReader::readDictPayload(Cursor &c, DictionaryAttr &out,
                                     unsigned depth) {
  uint64_t n;
  if (c.bounded(n, c.remaining() + 1, "dictionary size"))
    return true;
  SmallVector<NamedAttribute> entries;
  for (uint64_t i = 0; i < n; ++i) {
    uint64_t key;
    StringRef name;
    Attribute value;
    if (c.varint(key) || getString(key, name))
      return true;
    if (name.empty())
      return sink.fail("invalid empty attribute name for DictionaryAttr "
                       "element " +
                       Twine(i));
    if (readSelfAttr(c, value, depth + 1))
      return true;
    entries.push_back(builder.getNamedAttr(name, value));
  }
  out = builder.getDictionaryAttr(entries);
  return false;
}

bool BytecodeReader::readHints(Cursor &c, Attribute &out) {
  DictionaryAttr dict;
  if (readDictPayload(c, dict, 1))
    return true;
  out = OptimizationHintsAttr::getChecked([&]() { return emitError(loc); }, ctx,
                                          dict);
  return !out && sink.fail("invalid optimization hints");
}

static bool readScalarAttr(BytecodeReader &r, Cursor &c, uint64_t tag,
                           Attribute &out) {
  Type type;
  if (r.readType(c, type))
    return true;
  unsigned width = type.isIntOrFloat() ? type.getIntOrFloatBitWidth() : 0;
  if (width == 0 || (tag == 1 && !type.isSignlessInteger()) ||
      (tag == 2 && !isa<FloatType>(type)))
    return r.sink.fail("invalid type for an integer or float attribute");
  uint64_t bits = 0;
  uint8_t raw;
  if (width <= 8 && (tag == 2 || width == 1)) {
    if (c.byte(raw))
      return true;
    bits = raw;
  } else if (tag == 2) {
    int64_t s;
    if (c.svarint(s))
      return true;
    bits = uint64_t(s);
  } else if (c.varint(bits)) {
    return true;
  }
  APInt value(width, bits, /*isSigned=*/false, /*implicitTrunc=*/true);
  if (tag == 1)
    out = IntegerAttr::get(type, value);
  else
    out = FloatAttr::get(
        type, APFloat(cast<FloatType>(type).getFloatSemantics(), value));
  return false;
}

bool BytecodeReader::readSelfAttr(Cursor &c, Attribute &out, unsigned depth) {
  if (depth > kMaxNesting)
    return sink.fail("attributes nest too deeply");
  uint64_t tag, index, n;
  uint8_t byte;
  int64_t s;
  switch (c.varint(tag) ? 0 : tag) {
  case 1:
  case 2:
    return readScalarAttr(*this, c, tag, out);
  case 3:
    if (c.byte(byte))
      return true;
    out = builder.getBoolAttr(byte != 0);
    return false;
  case 4: {
    Type type;
    if (readType(c, type))
      return true;
    out = TypeAttr::get(type);
    return false;
  }
  case 5: {
    StringRef str;
    if (c.varint(index) || getString(index, str))
      return true;
    out = builder.getStringAttr(str);
    return false;
  }
  case 6: {
    SmallVector<Attribute> elements;
    if (c.bounded(n, c.remaining() + 1, "array size"))
      return true;
    for (uint64_t i = 0; i < n; ++i) {
      Attribute e;
      if (readSelfAttr(c, e, depth + 1))
        return true;
      elements.push_back(e);
    }
    out = builder.getArrayAttr(elements);
    return false;
  }
  case 7: {
    Type type;
    if (readType(c, type) || c.varint(index))
      return true;
    auto tile = dyn_cast<TileType>(type);
    return tile ? getConstant(index, getDenseType(tile), out)
                : getConstant(index, type, out);
  }
  case 8: {
    uint64_t divisor;
    int64_t every = -1, along = -1;
    if (c.varint(divisor) || c.byte(byte) || ((byte & 1) && c.svarint(every)) ||
        ((byte & 2) && c.svarint(along)))
      return true;
    out = DivByAttr::getChecked([&]() { return emitError(loc); }, ctx, divisor,
                                every, along);
    return !out && sink.fail("invalid div_by predicate");
  }
  case 9: {
    SmallVector<int64_t> values;
    if (c.intList(values, 8))
      return true;
    out = SameElementsAttr::get(ctx, values);
    return false;
  }
  case 10: {
    DictionaryAttr dict;
    if (readDictPayload(c, dict, depth))
      return true;
    out = dict;
    return false;
  }
  case 11:
    return readHints(c, out);
  case 12: {
    std::optional<int64_t> lb, ub;
    if (c.byte(byte))
      return true;
    if ((byte & 1) && (c.svarint(s) || (lb = s, false)))
      return true;
    if ((byte & 2) && (c.svarint(s) || (ub = s, false)))
      return true;
    out = BoundedAttr::get(ctx, lb, ub);
    return false;
  }
  default:
    return sink.failed() ? true
                         : sink.fail("unknown attribute tag " + Twine(tag));
  }
}
