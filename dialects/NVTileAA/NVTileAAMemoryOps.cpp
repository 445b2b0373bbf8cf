//===- NVTileAAMemoryOps.cpp - pointers, loads, stores, atomics -----------===//

#include "tileiras/Dialect/NVTileAA/NVTileAA.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/InterleavedRange.h"

using namespace mlir;
using namespace tileiras::nv_tileaa;

namespace {
/// "scalar" or "tile of shape [a, b]", for messages.
std::string describeShape(Type type) {
  auto tile = dyn_cast<RankedTensorType>(type);
  if (!tile)
    return "scalar";
  std::string str;
  llvm::raw_string_ostream os(str);
  os << "tile of shape " << llvm::interleaved_array(tile.getShape());
  return str;
}

bool sameShape(Type a, Type b) {
  return isa<RankedTensorType>(a) == isa<RankedTensorType>(b) &&
         getShapeOrEmpty(a) == getShapeOrEmpty(b);
}

/// Checks that `value` (a loaded, stored or atomically updated value) matches
/// the pointer operand: same shape, element type equal to the pointee type.
LogicalResult verifyPointee(Operation *op, Type ptrType, Type valueType,
                            StringRef what) {
  auto ptr = cast<PtrType>(getElementTypeOrSelf(ptrType));
  if (!sameShape(ptrType, valueType))
    return op->emitOpError()
           << what << " " << valueType << " must have the shape of the pointer "
           << "operand (" << describeShape(ptrType) << ")";
  Type elementType = getElementTypeOrSelf(valueType);
  if (elementType != ptr.getPointeeType())
    return op->emitOpError()
           << what << " element type " << elementType
           << " does not match the pointee type " << ptr.getPointeeType();
  return success();
}

LogicalResult verifyMask(Operation *op, Type ptrType, Value mask) {
  if (!mask)
    return success();
  Type maskType = mask.getType();
  if (!isI1(getElementTypeOrSelf(maskType)) || !sameShape(ptrType, maskType))
    return op->emitOpError()
           << "mask must be i1 with the shape of the "
              "pointer operand ("
           << describeShape(ptrType) << "), but got " << maskType;
  return success();
}

/// The scope rule shared by all memory ops: a non-weak semantic needs a
/// scope, a weak one must not have one. `semantic` is the effective
/// semantic (after defaults).
LogicalResult verifyScope(Operation *op, MemSemantic semantic, bool hasScope) {
  if (semantic != MemSemantic::weak && !hasScope)
    return op->emitOpError("non-weak memory ordering requires explicit scope");
  if (semantic == MemSemantic::weak && hasScope)
    return op->emitOpError("weak memory ordering must not carry a scope");
  return success();
}

bool isNonWeak(std::optional<MemSemantic> semantic) {
  return semantic && *semantic != MemSemantic::weak;
}

/// Atomics are only defined on global and shared memory.
LogicalResult verifyAtomicAddressSpace(Operation *op, Type ptrType) {
  auto ptr = cast<PtrType>(getElementTypeOrSelf(ptrType));
  unsigned as = ptr.getAddressSpace();
  if (as != PtrType::kGlobalAddressSpace && as != PtrType::kSharedAddressSpace)
    return op->emitOpError() << "requires a pointer to global (1) or shared "
                                "(3) memory, but the address space is "
                             << as;
  return success();
}

LogicalResult verifyAtomicSemantic(Operation *op,
                                   std::optional<MemSemantic> semantic,
                                   bool hasScope) {
  // Without attributes an atomic is relaxed at gpu scope; once a semantic is
  // written the scope must be written too.
  if (!semantic)
    return success();
  if (*semantic == MemSemantic::weak)
    return op->emitOpError("does not support mem_semantic 'weak'; expected "
                           "relaxed, acquire, release or acq_rel");
  return verifyScope(op, *semantic, hasScope);
}

/// `, %mask` then attr-dict, shared by the custom parsers below.
ParseResult
parseOptionalOperand(OpAsmParser &parser,
                     std::optional<OpAsmParser::UnresolvedOperand> &operand) {
  if (failed(parser.parseOptionalComma()))
    return success();
  operand.emplace();
  return parser.parseOperand(*operand);
}

/// Resolves an operand whose type the custom syntax does not spell out (the
/// mask, `other`) with `expected`. When the value already has another type,
/// MLIR's parser would report a type clash at this use, far from the real
/// problem; instead the operand takes the type it has, so that the op's
/// verifier reports the mismatch at the op with its own message.
ParseResult resolveUnspelled(OpAsmParser &parser,
                             const OpAsmParser::UnresolvedOperand &operand,
                             Type expected, SmallVectorImpl<Value> &operands) {
  Type actual;
  {
    ScopedDiagnosticHandler capture(
        parser.getContext(), [&](Diagnostic &diag) -> LogicalResult {
          if (actual || diag.getSeverity() != DiagnosticSeverity::Error ||
              diag.str().find("expects different type than prior uses") ==
                  std::string::npos)
            return failure();
          // "... expects different type than prior uses: T vs PRIOR".
          for (const DiagnosticArgument &arg : diag.getArguments())
            if (arg.getKind() ==
                DiagnosticArgument::DiagnosticArgumentKind::Type)
              actual = arg.getAsType();
          return success(actual != nullptr);
        });
    if (succeeded(parser.resolveOperand(operand, expected, operands)))
      return success();
  }
  if (!actual)
    return failure();
  return parser.resolveOperand(operand, actual, operands);
}
} // namespace

//===----------------------------------------------------------------------===//
// AddPtrOp
//===----------------------------------------------------------------------===//

LogicalResult AddPtrOp::verify() {
  Type ptrType = getPtr().getType(), offsetType = getOffset().getType();
  if (!sameShape(ptrType, offsetType))
    return emitOpError() << "offset " << offsetType
                         << " must have the shape of the pointer operand ("
                         << describeShape(ptrType) << ")";
  return success();
}

OpFoldResult AddPtrOp::fold(FoldAdaptor) {
  if (matchPattern(getOffset(), m_Zero()))
    return getPtr();
  return {};
}

namespace {
/// addptr(addptr(p, a), b) -> addptr(p, a + b) when a and b have the same
/// type. The sum is marked nsw: the language makes overflow of the combined
/// offset of an addptr chain undefined (docs/language.md).
struct CombineAddPtrChain : OpRewritePattern<AddPtrOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AddPtrOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getPtr().getDefiningOp<AddPtrOp>();
    if (!inner || inner.getOffset().getType() != op.getOffset().getType())
      return failure();
    Value sum =
        arith::AddIOp::create(rewriter, op.getLoc(), inner.getOffset(),
                              op.getOffset(), arith::IntegerOverflowFlags::nsw);
    rewriter.replaceOpWithNewOp<AddPtrOp>(op, op.getType(), inner.getPtr(),
                                          sum);
    return success();
  }
};
} // namespace

void AddPtrOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                           MLIRContext *context) {
  results.add<CombineAddPtrChain>(context);
}

//===----------------------------------------------------------------------===//
// LoadOp
//===----------------------------------------------------------------------===//

void LoadOp::build(OpBuilder &builder, OperationState &state, Value ptr,
                   Value mask, Value other) {
  Type ptrType = ptr.getType();
  Type resultType = getSameShape(
      ptrType, cast<PtrType>(getElementTypeOrSelf(ptrType)).getPointeeType());
  build(builder, state, resultType, ptr, mask, other, CacheModifierAttr(),
        EvictionPolicyAttr(), MemSemanticAttr(), MemScopeAttr());
}

// %ptr (, %mask (, %other)?)? attr-dict : ptr-type -> result-type
// The mask type follows from the pointer type and `other` has the result
// type, so neither is spelled out.
ParseResult LoadOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand ptr;
  std::optional<OpAsmParser::UnresolvedOperand> mask, other;
  Type ptrType, resultType;
  if (parser.parseOperand(ptr) || parseOptionalOperand(parser, mask))
    return failure();
  if (mask && parseOptionalOperand(parser, other))
    return failure();
  SMLoc typeLoc;
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.getCurrentLocation(&typeLoc) || parser.parseType(ptrType) ||
      parser.parseArrow() || parser.parseType(resultType))
    return failure();
  if (!isPtr(getElementTypeOrSelf(ptrType)))
    return parser.emitError(typeLoc)
           << "expected a pointer or a tile of pointers, but got " << ptrType;
  if (parser.resolveOperand(ptr, ptrType, result.operands) ||
      (mask && resolveUnspelled(parser, *mask, getMaskType(ptrType),
                                result.operands)) ||
      (other && resolveUnspelled(parser, *other, resultType, result.operands)))
    return failure();
  result.addAttribute(getOperandSegmentSizesAttrName(result.name),
                      parser.getBuilder().getDenseI32ArrayAttr(
                          {1, mask ? 1 : 0, other ? 1 : 0}));
  result.addTypes(resultType);
  return success();
}

void LoadOp::print(OpAsmPrinter &p) {
  p << ' ' << getPtr();
  if (getMask())
    p << ", " << getMask();
  if (getOther())
    p << ", " << getOther();
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {getOperandSegmentSizesAttrName()});
  p << " : " << getPtr().getType() << " -> " << getType();
}

LogicalResult LoadOp::verify() {
  Type ptrType = getPtr().getType();
  if (failed(verifyPointee(*this, ptrType, getType(), "result")) ||
      failed(verifyMask(*this, ptrType, getMask())))
    return failure();
  if (Value other = getOther()) {
    if (!getMask())
      return emitOpError("'other' requires a mask");
    if (!sameShape(other.getType(), getType()) ||
        getElementTypeOrSelf(other.getType()) !=
            getElementTypeOrSelf(getType()))
      return emitOpError() << "'other' " << other.getType()
                           << " must have the result's shape and element "
                              "type "
                           << getType();
  }
  std::optional<MemSemantic> semantic = getMemSemantic();
  if (semantic &&
      (*semantic == MemSemantic::release || *semantic == MemSemantic::acq_rel))
    return emitOpError() << "does not support mem_semantic '"
                         << stringifyMemSemantic(*semantic)
                         << "'; expected weak, relaxed or acquire";
  if (failed(verifyScope(*this, semantic.value_or(MemSemantic::weak),
                         getMemScope().has_value())))
    return failure();
  if (getCacheModifier() && isNonWeak(semantic))
    return emitOpError("cache_modifier is only valid on weak (non-atomic) "
                       "accesses");
  return success();
}

void LoadOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getPtrMutable(),
                       SideEffects::DefaultResource::get());
  // A relaxed or acquire load is a synchronization point: it must not be
  // merged with another load or moved across other memory accesses.
  if (isNonWeak(getMemSemantic()))
    effects.emplace_back(MemoryEffects::Write::get(),
                         SideEffects::DefaultResource::get());
}

namespace {
/// A constant all-true mask is no mask; a constant all-false mask reads
/// nothing and yields `other` (zero without it).
struct FoldLoadConstantMask : OpRewritePattern<LoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LoadOp op,
                                PatternRewriter &rewriter) const override {
    Value mask = op.getMask();
    if (!mask)
      return failure();
    if (matchPattern(mask, m_One())) {
      rewriter.modifyOpInPlace(op, [&]() {
        op.getMaskMutable().clear();
        op.getOtherMutable().clear();
      });
      return success();
    }
    if (!matchPattern(mask, m_Zero()))
      return failure();
    if (Value other = op.getOther()) {
      if (other.getType() != op.getType())
        return failure();
      rewriter.replaceOp(op, other);
      return success();
    }
    auto zero = cast<TypedAttr>(rewriter.getZeroAttr(op.getType()));
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, zero);
    return success();
  }
};
} // namespace

void LoadOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                         MLIRContext *context) {
  results.add<FoldLoadConstantMask>(context);
}

//===----------------------------------------------------------------------===//
// StoreOp
//===----------------------------------------------------------------------===//

// %ptr, %value (, %mask)? attr-dict : ptr-type, value-type
ParseResult StoreOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand ptr, value;
  std::optional<OpAsmParser::UnresolvedOperand> mask;
  Type ptrType, valueType;
  if (parser.parseOperand(ptr) || parser.parseComma() ||
      parser.parseOperand(value) || parseOptionalOperand(parser, mask))
    return failure();
  SMLoc typeLoc;
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.getCurrentLocation(&typeLoc) || parser.parseType(ptrType) ||
      parser.parseComma() || parser.parseType(valueType))
    return failure();
  if (!isPtr(getElementTypeOrSelf(ptrType)))
    return parser.emitError(typeLoc)
           << "expected a pointer or a tile of pointers, but got " << ptrType;
  if (parser.resolveOperand(ptr, ptrType, result.operands) ||
      parser.resolveOperand(value, valueType, result.operands) ||
      (mask &&
       resolveUnspelled(parser, *mask, getMaskType(ptrType), result.operands)))
    return failure();
  return success();
}

void StoreOp::print(OpAsmPrinter &p) {
  p << ' ' << getPtr() << ", " << getValue();
  if (getMask())
    p << ", " << getMask();
  p.printOptionalAttrDict((*this)->getAttrs());
  p << " : " << getPtr().getType() << ", " << getValue().getType();
}

LogicalResult StoreOp::verify() {
  Type ptrType = getPtr().getType();
  if (failed(verifyPointee(*this, ptrType, getValue().getType(),
                           "stored value")) ||
      failed(verifyMask(*this, ptrType, getMask())))
    return failure();
  auto ptr = cast<PtrType>(getElementTypeOrSelf(ptrType));
  if (ptr.getAddressSpace() == PtrType::kConstantAddressSpace)
    return emitOpError("cannot store through a pointer to the constant "
                       "address space (4)");
  std::optional<MemSemantic> semantic = getMemSemantic();
  if (semantic &&
      (*semantic == MemSemantic::acquire || *semantic == MemSemantic::acq_rel))
    return emitOpError() << "does not support mem_semantic '"
                         << stringifyMemSemantic(*semantic)
                         << "'; expected weak, relaxed or release";
  if (failed(verifyScope(*this, semantic.value_or(MemSemantic::weak),
                         getMemScope().has_value())))
    return failure();
  if (std::optional<CacheModifier> cache = getCacheModifier()) {
    // st only knows the .cg and .cs cache operators of our set.
    if (*cache != CacheModifier::cg && *cache != CacheModifier::cs)
      return emitOpError() << "does not support cache_modifier '"
                           << stringifyCacheModifier(*cache)
                           << "'; expected cg or cs";
    if (isNonWeak(semantic))
      return emitOpError("cache_modifier is only valid on weak (non-atomic) "
                         "accesses");
  }
  return success();
}

void StoreOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Write::get(), &getPtrMutable(),
                       SideEffects::DefaultResource::get());
  // A relaxed or release store orders earlier accesses before it.
  if (isNonWeak(getMemSemantic()))
    effects.emplace_back(MemoryEffects::Read::get(),
                         SideEffects::DefaultResource::get());
}

namespace {
/// A constant all-true mask is no mask; a constant all-false mask stores
/// nothing.
struct FoldStoreConstantMask : OpRewritePattern<StoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(StoreOp op,
                                PatternRewriter &rewriter) const override {
    Value mask = op.getMask();
    if (!mask)
      return failure();
    if (matchPattern(mask, m_One())) {
      rewriter.modifyOpInPlace(op, [&]() { op.getMaskMutable().clear(); });
      return success();
    }
    if (!matchPattern(mask, m_Zero()))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void StoreOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<FoldStoreConstantMask>(context);
}

//===----------------------------------------------------------------------===//
// AtomicRMWOp
//===----------------------------------------------------------------------===//

// mode, %ptr, %val (, %mask)? attr-dict : ptr-type, val-type -> result-type
ParseResult AtomicRMWOp::parse(OpAsmParser &parser, OperationState &result) {
  SMLoc modeLoc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  std::optional<AtomicRMWMode> mode = symbolizeAtomicRMWMode(keyword);
  if (!mode)
    return parser.emitError(modeLoc)
           << "unknown atomic_rmw mode '" << keyword
           << "'; expected add, addf, and, or, xor, xchg, min, max, umin or "
              "umax";
  result.addAttribute(getRmwModeAttrName(result.name),
                      AtomicRMWModeAttr::get(parser.getContext(), *mode));

  OpAsmParser::UnresolvedOperand ptr, val;
  std::optional<OpAsmParser::UnresolvedOperand> mask;
  Type ptrType, valType, resultType;
  if (parser.parseComma() || parser.parseOperand(ptr) || parser.parseComma() ||
      parser.parseOperand(val) || parseOptionalOperand(parser, mask))
    return failure();
  SMLoc typeLoc;
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.getCurrentLocation(&typeLoc) || parser.parseType(ptrType) ||
      parser.parseComma() || parser.parseType(valType) || parser.parseArrow() ||
      parser.parseType(resultType))
    return failure();
  if (!isPtr(getElementTypeOrSelf(ptrType)))
    return parser.emitError(typeLoc)
           << "expected a pointer or a tile of pointers, but got " << ptrType;
  if (parser.resolveOperand(ptr, ptrType, result.operands) ||
      parser.resolveOperand(val, valType, result.operands) ||
      (mask &&
       resolveUnspelled(parser, *mask, getMaskType(ptrType), result.operands)))
    return failure();
  result.addTypes(resultType);
  return success();
}

void AtomicRMWOp::print(OpAsmPrinter &p) {
  p << ' ' << stringifyAtomicRMWMode(getRmwMode()) << ", " << getPtr() << ", "
    << getVal();
  if (getMask())
    p << ", " << getMask();
  p.printOptionalAttrDict((*this)->getAttrs(), {getRmwModeAttrName()});
  p << " : " << getPtr().getType() << ", " << getVal().getType() << " -> "
    << getType();
}

LogicalResult AtomicRMWOp::verify() {
  Type ptrType = getPtr().getType();
  Type valType = getVal().getType();
  if (failed(verifyPointee(*this, ptrType, valType, "value")) ||
      failed(verifyMask(*this, ptrType, getMask())) ||
      failed(verifyAtomicAddressSpace(*this, ptrType)))
    return failure();
  if (!sameShape(getType(), valType) ||
      getElementTypeOrSelf(getType()) != getElementTypeOrSelf(valType))
    return emitOpError() << "result " << getType()
                         << " must have the shape and element type of the "
                            "value "
                         << valType;

  Type elementType = getElementTypeOrSelf(valType);
  AtomicRMWMode mode = getRmwMode();
  StringRef modeName = stringifyAtomicRMWMode(mode);
  // `add` on a float pointee is float addition, as `addf` (DESIGN's own
  // spelling of a float atomic add).
  bool floatAdd = mode == AtomicRMWMode::addf ||
                  (mode == AtomicRMWMode::add && isa<FloatType>(elementType));
  if (mode == AtomicRMWMode::add && !isOffsetType(elementType) &&
      !isArithFloatType(elementType))
    return emitOpError() << "'add' requires an i32, i64, f16, bf16, f32 or "
                            "f64 element type, but got "
                         << elementType;
  if (floatAdd) {
    if (!isArithFloatType(elementType))
      return emitOpError() << "'addf' requires an f16, bf16, f32 or f64 "
                              "element type, but got "
                           << elementType;
    return verifyAtomicSemantic(*this, getMemSemantic(),
                                getMemScope().has_value());
  }
  switch (mode) {
  case AtomicRMWMode::xchg:
    if (!elementType.isSignlessInteger(32) &&
        !elementType.isSignlessInteger(64) && !elementType.isF32() &&
        !elementType.isF64())
      return emitOpError() << "'xchg' requires an i32, i64, f32 or f64 "
                              "element type, but got "
                           << elementType;
    break;
  case AtomicRMWMode::min:
  case AtomicRMWMode::max:
    // On floats: IEEE 754 totalOrder, lowered to integer atomics.
    if (!isOffsetType(elementType) && !elementType.isF32() &&
        !elementType.isF64())
      return emitOpError() << "'" << modeName
                           << "' requires an i32, i64, f32 or f64 element "
                              "type, but got "
                           << elementType;
    break;
  default:
    if (!isOffsetType(elementType))
      return emitOpError() << "'" << modeName
                           << "' requires an i32 or i64 element type, "
                              "but got "
                           << elementType;
    break;
  }
  return verifyAtomicSemantic(*this, getMemSemantic(),
                              getMemScope().has_value());
}

//===----------------------------------------------------------------------===//
// AtomicCASOp
//===----------------------------------------------------------------------===//

LogicalResult AtomicCASOp::verify() {
  Type ptrType = getPtr().getType();
  Type valType = getVal().getType();
  if (failed(verifyPointee(*this, ptrType, valType, "value")) ||
      failed(verifyAtomicAddressSpace(*this, ptrType)))
    return failure();
  if (!sameShape(getType(), valType) ||
      getElementTypeOrSelf(getType()) != getElementTypeOrSelf(valType))
    return emitOpError() << "result " << getType()
                         << " must have the shape and element type of the "
                            "value "
                         << valType;
  unsigned width = getElementTypeOrSelf(valType).getIntOrFloatBitWidth();
  if (width != 16 && width != 32 && width != 64)
    return emitOpError() << "requires a 16-, 32- or 64-bit element type, but "
                            "got "
                         << getElementTypeOrSelf(valType);
  return verifyAtomicSemantic(*this, getMemSemantic(),
                              getMemScope().has_value());
}
