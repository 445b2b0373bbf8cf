//===- BytecodeWriterOps.cpp - Tile IR bytecode: instructions -------------===//
//
// The inverse of BytecodeOps.cpp: result types, flags, inline attributes,
// operand indices and regions per record kind. Fields a target version does
// not have must hold their default; otherwise the op is an error naming the
// version it needs.
//
//===----------------------------------------------------------------------===//

#include "BytecodeOpTable.h"
#include "BytecodeWriterImpl.h"

using namespace mlir;
using namespace tileiras::cuda_tile;

FailureOr<uint64_t> BytecodeWriter::valueIndex(Operation *user, Value v) {
  auto it = valueIds.find(v);
  if (it == valueIds.end())
    return user->emitError("operand is not visible in Tile IR bytecode "
                           "numbering");
  return it->second;
}

namespace {
/// Encodes one instruction.
class OpEncoder {
public:
  OpEncoder(BytecodeWriter &w, Operation *op, Bytes &out)
      : w(w), op(op), out(out) {}

  LogicalResult type(Type t) {
    FailureOr<uint64_t> index = w.typeIndex(op, t);
    if (failed(index))
      return failure();
    out.varint(*index);
    return success();
  }
  LogicalResult resultTypes(bool counted) {
    if (counted)
      out.varint(op->getNumResults());
    for (Type t : op->getResultTypes())
      if (failed(type(t)))
        return failure();
    return success();
  }
  LogicalResult value(Value v) {
    FailureOr<uint64_t> index = w.valueIndex(op, v);
    if (failed(index))
      return failure();
    out.varint(*index);
    return success();
  }
  LogicalResult values(ValueRange vs, bool counted) {
    if (counted)
      out.varint(vs.size());
    for (Value v : vs)
      if (failed(value(v)))
        return failure();
    return success();
  }
  LogicalResult allOperands(bool counted) {
    return values(op->getOperands(), counted);
  }
  uint64_t enumValue(StringRef name, uint64_t defaultValue = 0) {
    auto attr = op->getAttrOfType<IntegerAttr>(name);
    return attr ? uint64_t(attr.getInt()) : defaultValue;
  }
  bool has(StringRef name) { return op->hasAttr(name); }
  /// A field the target version lacks must hold its default.
  LogicalResult requireDefault(StringRef name, bool isDefault, unsigned minor) {
    if (isDefault || w.version.atLeast(13, minor))
      return success();
    return op->emitError("attribute '")
           << name << "' requires bytecode version 13." << minor << "+";
  }

  BytecodeWriter &w;
  Operation *op;
  Bytes &out;
};
} // namespace

static LogicalResult encodeSimple(OpEncoder &e, Kind kind) {
  Operation *op = e.op;
  Bytes &out = e.out;
  switch (kind) {
  case Kind::Unary:
  case Kind::Binary:
  case Kind::Select:
  case Kind::Five:
    return failure(failed(e.resultTypes(false)) ||
                   failed(e.allOperands(false)));
  case Kind::FBinRnd:
  case Kind::Fma:
  case Kind::Sqrt:
    if (failed(e.resultTypes(false)))
      return failure();
    out.varint(e.has("flush_to_zero") ? 1 : 0);
    out.varint(e.enumValue("rounding"));
    return e.allOperands(false);
  case Kind::FtzUnary:
  case Kind::NanFtz:
    if (failed(e.resultTypes(false)))
      return failure();
    out.varint(kind == Kind::FtzUnary ? (e.has("flush_to_zero") ? 1 : 0)
                                      : (e.has("propagate_nan") ? 1 : 0) |
                                            (e.has("flush_to_zero") ? 2 : 0));
    return e.allOperands(false);
  case Kind::Exp:
  case Kind::Tanh: {
    unsigned minor = kind == Kind::Exp ? 3 : 2;
    uint64_t full = uint64_t(Rounding::Full);
    uint64_t rounding = e.enumValue("rounding", full);
    if (failed(e.requireDefault("rounding", rounding == full, minor)) ||
        failed(e.resultTypes(false)))
      return failure();
    if (e.w.version.atLeast(13, minor))
      out.varint(rounding);
    return e.allOperands(false);
  }
  case Kind::NegI: {
    uint64_t overflow = e.enumValue("overflow");
    if (failed(e.requireDefault("overflow", overflow == 0, 2)) ||
        failed(e.resultTypes(false)))
      return failure();
    if (e.w.version.atLeast(13, 2))
      out.varint(overflow);
    return e.allOperands(false);
  }
  case Kind::MmaF:
    if (failed(e.requireDefault("fast_acc", !e.has("fast_acc"), 3)) ||
        failed(e.resultTypes(false)))
      return failure();
    if (e.w.version.atLeast(13, 3))
      out.varint(e.has("fast_acc") ? 1 : 0);
    return e.allOperands(false);
  default:
    break;
  }
  if (failed(e.resultTypes(false)))
    return failure();
  // Enum attributes in record order.
  static const std::pair<Kind, std::array<const char *, 2>> kEnums[] = {
      {Kind::IOvf, {"overflow", nullptr}},
      {Kind::TruncI, {"overflow", nullptr}},
      {Kind::ISign, {"signedness", nullptr}},
      {Kind::DivI, {"signedness", "rounding"}},
      {Kind::CmpF, {"comparison_predicate", "comparison_ordering"}},
      {Kind::CmpI, {"comparison_predicate", "signedness"}},
      {Kind::ExtI, {"signedness", nullptr}},
      {Kind::FToI, {"signedness", "rounding"}},
      {Kind::IToF, {"signedness", "rounding"}},
      {Kind::FToF, {"rounding", nullptr}},
      {Kind::MmaI, {"signedness_lhs", "signedness_rhs"}}};
  for (auto &[k, names] : kEnums) {
    if (k != kind)
      continue;
    for (const char *name : names) {
      if (!name)
        continue;
      uint64_t defaultValue = 0;
      if (StringRef(name) == "rounding")
        defaultValue = kind == Kind::DivI ? uint64_t(Rounding::Zero)
                       : kind == Kind::FToI
                           ? uint64_t(Rounding::NearestIntToZero)
                           : uint64_t(Rounding::NearestEven);
      out.varint(e.enumValue(name, defaultValue));
    }
    return e.allOperands(false);
  }
  return op->emitError("internal: no bytecode encoding for this op");
}

static LogicalResult encodeStructural(OpEncoder &e, Kind kind) {
  Operation *op = e.op;
  Bytes &out = e.out;
  switch (kind) {
  case Kind::Cat:
    if (failed(e.resultTypes(false)))
      return failure();
    out.varint(cast<CatOp>(op).getDim());
    return e.allOperands(false);
  case Kind::Permute:
    if (failed(e.resultTypes(false)))
      return failure();
    out.intList(cast<PermuteOp>(op).getPermutation(), 4);
    return e.allOperands(false);
  case Kind::Constant:
    if (failed(e.resultTypes(false)))
      return failure();
    out.varint(e.w.constantIndex(
        cast<DenseElementsAttr>(cast<ConstantOp>(op).getValue())));
    return success();
  case Kind::NoOperand:
  case Kind::Grid:
    return e.resultTypes(false);
  case Kind::GetGlobal:
    if (failed(e.resultTypes(false)))
      return failure();
    out.varint(e.w.stringIndex(cast<GetGlobalOp>(op).getName()));
    return success();
  case Kind::Assume:
    if (failed(e.resultTypes(false)) ||
        failed(e.w.selfAttr(op, cast<AssumeOp>(op).getPredicate(), out)))
      return failure();
    return e.allOperands(false);
  case Kind::Assert:
    out.varint(e.w.stringIndex(cast<AssertOp>(op).getMessage()));
    return e.allOperands(false);
  case Kind::Alloca: {
    auto alloca = cast<AllocaOp>(op);
    if (failed(e.resultTypes(false)))
      return failure();
    out.varint(alloca.getGlobal() ? 1 : 0);
    out.varint(alloca.getNumElem());
    out.varint(alloca.getAlignment());
    return success();
  }
  case Kind::AllOperands:
  case Kind::Terminator:
    return failure(failed(e.resultTypes(true)) || failed(e.allOperands(true)));
  case Kind::ShapeQuery:
    return failure(failed(e.resultTypes(true)) || failed(e.allOperands(false)));
  case Kind::MakeTensorView: {
    auto make = cast<MakeTensorViewOp>(op);
    return failure(failed(e.resultTypes(true)) ||
                   failed(e.value(make.getBase())) ||
                   failed(e.values(make.getDynamicShape(), true)) ||
                   failed(e.values(make.getDynamicStrides(), true)));
  }
  default:
    return encodeSimple(e, kind);
  }
}

// Optional scope/hints and the operand flags of memory ops.
static LogicalResult encodeMemory(OpEncoder &e, Kind kind) {
  Operation *op = e.op;
  Bytes &out = e.out;
  auto scope = op->getAttrOfType<IntegerAttr>("memory_scope");
  auto hints = op->getAttrOfType<OptimizationHintsAttr>("optimization_hints");
  auto orderingScopeHints = [&](bool optionalScope) -> LogicalResult {
    out.varint(e.enumValue("memory_ordering"));
    if (scope)
      out.varint(scope.getInt());
    else if (!optionalScope)
      out.varint(0);
    if (hints)
      return e.w.hintsPayload(op, hints, out);
    return success();
  };
  auto opt = [&](Value v) -> LogicalResult {
    return v ? e.value(v) : success();
  };
  switch (kind) {
  case Kind::LoadPtr: {
    auto load = cast<LoadPtrTkoOp>(op);
    if (failed(e.resultTypes(false)))
      return failure();
    out.varint((scope ? 1 : 0) | (hints ? 2 : 0) | (load.getMask() ? 4 : 0) |
               (load.getPadding() ? 8 : 0) | (load.getToken() ? 16 : 0));
    return failure(
        failed(orderingScopeHints(true)) || failed(e.value(load.getSource())) ||
        failed(opt(load.getMask())) || failed(opt(load.getPadding())) ||
        failed(opt(load.getToken())));
  }
  case Kind::StorePtr: {
    auto store = cast<StorePtrTkoOp>(op);
    if (failed(e.resultTypes(false)))
      return failure();
    out.varint((scope ? 1 : 0) | (hints ? 2 : 0) | (store.getMask() ? 4 : 0) |
               (store.getToken() ? 8 : 0));
    return failure(failed(orderingScopeHints(true)) ||
                   failed(e.value(store.getDestination())) ||
                   failed(e.value(store.getValue())) ||
                   failed(opt(store.getMask())) ||
                   failed(opt(store.getToken())));
  }
  case Kind::LoadView:
  case Kind::StoreView: {
    auto load = dyn_cast<LoadViewTkoOp>(op);
    auto store = dyn_cast<StoreViewTkoOp>(op);
    Value token = load ? load.getToken() : store.getToken();
    if (failed(e.resultTypes(true)))
      return failure();
    out.varint((scope ? 1 : 0) | (hints ? 2 : 0) | (token ? 4 : 0));
    if (failed(orderingScopeHints(true)))
      return failure();
    if (store && failed(e.value(store.getTile())))
      return failure();
    return failure(
        failed(e.value(load ? load.getView() : store.getView())) ||
        failed(e.values(load ? load.getIndices() : store.getIndices(), true)) ||
        failed(opt(token)));
  }
  case Kind::AtomicCas:
  case Kind::AtomicRmw: {
    auto cas = dyn_cast<AtomicCasTkoOp>(op);
    auto rmw = dyn_cast<AtomicRmwTkoOp>(op);
    Value mask = cas ? cas.getMask() : rmw.getMask();
    Value token = cas ? cas.getToken() : rmw.getToken();
    if (failed(e.resultTypes(false)))
      return failure();
    out.varint((mask ? 1 : 0) | (token ? 2 : 0));
    out.varint(e.enumValue("memory_ordering"));
    out.varint(e.enumValue("memory_scope"));
    if (rmw)
      out.varint(e.enumValue("mode"));
    SmallVector<Value> fixed;
    if (cas)
      fixed = {cas.getPointers(), cas.getCmp(), cas.getVal()};
    else
      fixed = {rmw.getPointers(), rmw.getArg()};
    return failure(failed(e.values(fixed, false)) || failed(opt(mask)) ||
                   failed(opt(token)));
  }
  case Kind::AtomicRed: {
    auto red = cast<AtomicRedViewTkoOp>(op);
    if (failed(e.resultTypes(true)))
      return failure();
    out.varint(red.getToken() ? 1 : 0);
    out.varint(e.enumValue("memory_ordering"));
    out.varint(e.enumValue("memory_scope"));
    out.varint(e.enumValue("mode"));
    return failure(failed(e.value(red.getView())) ||
                   failed(e.values(red.getIndices(), true)) ||
                   failed(e.value(red.getValue())) ||
                   failed(opt(red.getToken())));
  }
  case Kind::Print: {
    auto print = cast<PrintTkoOp>(op);
    bool v132 = e.w.version.atLeast(13, 2);
    if (!v132 && print.getToken())
      return op->emitError("a print_tko token operand requires bytecode "
                           "version 13.2+");
    // 13.1 `print` has no result and no flags.
    if (!v132)
      out.varint(0);
    else if (failed(e.resultTypes(true)))
      return failure();
    if (v132)
      out.varint(print.getToken() ? 1 : 0);
    out.varint(e.w.stringIndex(print.getStr()));
    return failure(failed(e.values(print.getArgs(), true)) ||
                   failed(opt(print.getToken())));
  }
  default:
    return encodeStructural(e, kind);
  }
}

// Region ops: header fields, then the regions.
static LogicalResult encodeRegionOp(OpEncoder &e, Kind kind) {
  Operation *op = e.op;
  Bytes &out = e.out;
  switch (kind) {
  case Kind::For: {
    bool isUnsigned = e.has("unsignedCmp");
    if (failed(e.requireDefault("unsignedCmp", !isUnsigned, 2)) ||
        failed(e.resultTypes(true)))
      return failure();
    if (e.w.version.atLeast(13, 2))
      out.varint(isUnsigned ? 1 : 0);
    if (failed(e.allOperands(true)))
      return failure();
    break;
  }
  case Kind::Loop:
    if (failed(e.resultTypes(true)) || failed(e.allOperands(true)))
      return failure();
    break;
  case Kind::If:
    if (failed(e.resultTypes(true)) || failed(e.allOperands(false)))
      return failure();
    break;
  case Kind::Reduce:
  case Kind::Scan:
    if (failed(e.resultTypes(true)))
      return failure();
    out.varint(op->getAttrOfType<IntegerAttr>("dim").getInt());
    if (kind == Kind::Scan)
      out.byte(cast<ScanOp>(op).getReverse() ? 1 : 0);
    {
      auto identities = op->getAttrOfType<ArrayAttr>("identities");
      out.varint(identities.size()); // untagged array
      for (Attribute identity : identities)
        if (failed(e.w.selfAttr(op, identity, out)))
          return failure();
    }
    if (failed(e.allOperands(true)))
      return failure();
    break;
  default:
    return encodeMemory(e, kind);
  }
  out.varint(op->getNumRegions());
  for (Region &region : op->getRegions()) {
    out.varint(region.getBlocks().size());
    if (!region.empty() && failed(e.w.writeBlock(region.front(), out)))
      return failure();
  }
  return success();
}

LogicalResult BytecodeWriter::writeBlock(Block &block, Bytes &out) {
  size_t scope = values.size();
  out.varint(block.getNumArguments());
  for (BlockArgument arg : block.getArguments()) {
    FailureOr<uint64_t> type = typeIndex(block.getParentOp(), arg.getType());
    if (failed(type))
      return failure();
    out.varint(*type);
    valueIds[arg] = values.size();
    values.push_back(arg);
  }
  out.varint(block.getOperations().size());
  for (Operation &op : block)
    if (failed(writeOp(&op, out)))
      return failure();
  for (size_t i = scope; i < values.size(); ++i)
    valueIds.erase(values[i]);
  values.resize(scope);
  return success();
}

LogicalResult BytecodeWriter::writeOp(Operation *op, Bytes &out) {
  if (op->getDialect() == nullptr || op->getDialect()->getNamespace() !=
                                         CudaTileDialect::getDialectNamespace())
    return op->emitError("only cuda_tile ops can be written as Tile IR "
                         "bytecode");
  std::optional<uint64_t> opcode = findOpcode(op->getName().stripDialect());
  if (!opcode)
    return op->emitError("cannot be written as a Tile IR instruction");
  OpInfo info = lookup(*opcode);
  if (!version.atLeast(13, info.minor))
    return op->emitError("'") << info.name << "' requires bytecode version 13."
                              << info.minor << "+";
  out.varint(*opcode);
  OpEncoder e(*this, op, out);
  if (failed(encodeRegionOp(e, info.kind)))
    return failure();
  // 13.1 print's token is not numbered (and cannot be used).
  bool numbered = !(info.kind == Kind::Print && !version.atLeast(13, 2));
  if (!numbered && !op->getResult(0).use_empty())
    return op->emitError("the token of print_tko requires bytecode version "
                         "13.2+");
  if (numbered)
    for (Value result : op->getResults()) {
      valueIds[result] = values.size();
      values.push_back(result);
    }
  return success();
}
