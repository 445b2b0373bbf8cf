//===- MemoryOps.cpp - addptr, load, store, atomics, assert, print --------===//
//
// Memory accesses become Triton-style inline PTX: one instruction per vector
// of consecutive elements a thread owns, predicated by the mask (never a
// branch), with the result registers of a masked load initialized to `other`
// (or 0) by `mov`s in the same asm statement. Vector widths come from the
// axis-info analysis of the nv_tileaa IR, computed before the conversion
// changes any value. Scalar stores and atomics happen once per program
// (thread 0); replicated tile elements are written, updated and printed by
// one owner thread. See docs/lowering/memory.md.
//
//===----------------------------------------------------------------------===//

#include "TileToLLVM/MemoryUtils.h"
#include "TileToLLVM/TileLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/MathExtras.h"

#include <memory>

using namespace mlir;
using namespace tileiras;
using namespace tileiras::lowering;
using namespace tileiras::lowering::memory;
namespace nv = tileiras::nv_tileaa;

namespace {

//===----------------------------------------------------------------------===//
// Vectorization plan
//===----------------------------------------------------------------------===//

/// The widest vector along `dim` the layout allows: registers 0..w-1 move
/// along `dim` by 1 (contiguousRegisters) and every other basis moves along
/// `dim` by a multiple of w, so each group of w registers starts at a
/// multiple of w (where the analysis' alignment facts hold).
unsigned layoutVectorLimit(const layout::LinearLayout &layout, unsigned dim) {
  unsigned width = layout.contiguousRegisters(dim);
  unsigned contiguousBits = llvm::Log2_32(width);
  auto limitBy = [&](llvm::ArrayRef<layout::Coord> bases, unsigned skip) {
    for (unsigned bit = skip; bit < bases.size(); ++bit) {
      int64_t step = bases[bit][dim];
      if (step != 0)
        width = std::min<unsigned>(
            width, static_cast<unsigned>(step & -step)); // lowest set bit
    }
  };
  limitBy(layout.getBases(layout::InDim::Register), contiguousBits);
  limitBy(layout.getBases(layout::InDim::Lane), 0);
  limitBy(layout.getBases(layout::InDim::Warp), 0);
  return std::max(1u, width);
}

} // namespace

unsigned memory::accessVectorElements(const AxisInfoAnalysis &analysis,
                                      Value pointers, Value mask,
                                      unsigned bits) {
  auto tile = cast<RankedTensorType>(pointers.getType());
  layout::LinearLayout layout = getLayout(tile);
  unsigned best = 1;
  for (unsigned dim = 0; dim < tile.getRank(); ++dim) {
    int64_t width =
        std::min<int64_t>(analysis.getVectorElements(pointers, mask, dim, bits),
                          layoutVectorLimit(layout, dim));
    width = std::min<int64_t>(width, 128 / bits);
    best = std::max<unsigned>(best, static_cast<unsigned>(width));
  }
  return best;
}

/// `lhs < rhs` (or <=) with `lhs` increasing by 1 along `dim` and `rhs`
/// constant over groups of `width`.
static bool isIndexBelowBound(const AxisInfoAnalysis &analysis,
                              arith::CmpIOp cmp, unsigned dim, int64_t width) {
  Value index = cmp.getLhs(), bound = cmp.getRhs();
  switch (cmp.getPredicate()) {
  case arith::CmpIPredicate::slt:
  case arith::CmpIPredicate::sle:
  case arith::CmpIPredicate::ult:
  case arith::CmpIPredicate::ule:
    break;
  case arith::CmpIPredicate::sgt:
  case arith::CmpIPredicate::sge:
  case arith::CmpIPredicate::ugt:
  case arith::CmpIPredicate::uge:
    std::swap(index, bound);
    break;
  default:
    return false;
  }
  AxisInfo indexInfo = analysis.getAxisInfo(index);
  AxisInfo boundInfo = analysis.getAxisInfo(bound);
  return dim < indexInfo.getRank() && dim < boundInfo.getRank() &&
         indexInfo.getContiguity(dim) >= width &&
         boundInfo.getConstancy(dim) >= width;
}

bool memory::isPrefixMask(const AxisInfoAnalysis &analysis, Value mask,
                          unsigned dim, int64_t width) {
  AxisInfo info = analysis.getAxisInfo(mask);
  if (dim < info.getRank() && info.getConstancy(dim) >= width)
    return true;
  if (auto both = mask.getDefiningOp<arith::AndIOp>())
    return isPrefixMask(analysis, both.getLhs(), dim, width) &&
           isPrefixMask(analysis, both.getRhs(), dim, width);
  if (auto cmp = mask.getDefiningOp<arith::CmpIOp>())
    return isIndexBelowBound(analysis, cmp, dim, width);
  return false;
}

VectorAccess memory::asyncCopyVector(const AxisInfoAnalysis &analysis,
                                     Value pointers, Value mask,
                                     unsigned bits) {
  VectorAccess best{accessVectorElements(analysis, pointers, mask, bits)};
  if (!mask)
    return best;
  auto tile = cast<RankedTensorType>(pointers.getType());
  layout::LinearLayout layout = getLayout(tile);
  for (unsigned dim = 0; dim < tile.getRank(); ++dim) {
    int64_t width = std::min<int64_t>(
        {analysis.getVectorElements(pointers, Value(), dim, bits),
         layoutVectorLimit(layout, dim), 128 / bits});
    if (width > best.width && isPrefixMask(analysis, mask, dim, width))
      best = VectorAccess{unsigned(width), /*prefixMask=*/true};
  }
  return best;
}

namespace {

/// The access of one load, store or async_copy: async copies may also
/// split their vectors at a prefix mask (asyncCopyVector).
VectorAccess planAccess(const AxisInfoAnalysis &analysis,
                        const TileTypeConverter &converter, Value pointers,
                        Value mask, bool asyncCopy) {
  auto tile = cast<RankedTensorType>(pointers.getType());
  Type pointee = cast<nv::PtrType>(tile.getElementType()).getPointeeType();
  unsigned bits = memoryBits(converter.convertElementType(pointee));
  if (asyncCopy)
    return asyncCopyVector(analysis, pointers, mask, bits);
  return VectorAccess{accessVectorElements(analysis, pointers, mask, bits)};
}

VectorPlan computeVectorPlan(const AxisInfoAnalysis &analysis,
                             const TileTypeConverter &converter) {
  VectorPlan plan;
  Operation *root = analysis.getRoot();
  if (!root)
    return plan;
  root->walk([&](Operation *op) {
    Value pointers, mask;
    if (auto load = dyn_cast<nv::LoadOp>(op)) {
      pointers = load.getPtr();
      mask = load.getMask();
    } else if (auto store = dyn_cast<nv::StoreOp>(op)) {
      pointers = store.getPtr();
      mask = store.getMask();
    } else if (auto copy = dyn_cast<nv::AsyncCopyOp>(op)) {
      pointers = copy.getPtr();
      mask = copy.getMask();
    } else {
      return;
    }
    auto tile = dyn_cast<RankedTensorType>(pointers.getType());
    if (!tile || failed(nv::getLinearLayout(tile)))
      return;
    plan[op] = planAccess(analysis, converter, pointers, mask,
                          isa<nv::AsyncCopyOp>(op));
  });
  return plan;
}

//===----------------------------------------------------------------------===//
// Qualifiers and target gating
//===----------------------------------------------------------------------===//

/// The pieces of a PTX ld/st/atom opcode, in the order PTX wants them:
/// `ld.relaxed.gpu.global.L1::evict_last.v4.b32`.
struct Qualifiers {
  std::string semantic; // ".relaxed.gpu", ".acquire.sys", ...
  std::string space;    // ".global"
  std::string cache;    // ".cg"
  std::string eviction; // ".L1::evict_first"
};

unsigned addressSpaceOf(Type pointerType) {
  return cast<nv::PtrType>(getElementTypeOrSelf(pointerType)).getAddressSpace();
}

/// `.cluster` scope (and cluster-scoped ordering) exists from sm_90 on.
LogicalResult checkScope(Operation *op, std::optional<nv::MemScope> scope,
                         const targetspec::Target &target) {
  if (scope != nv::MemScope::cluster || target.sm >= 90)
    return success();
  return op->emitOpError()
         << "mem_scope 'cluster' requires sm_90 or newer; the target is "
         << target.name()
         << " (targets with thread-block clusters: " << targetsFrom(90)
         << "); use cta, gpu or sys scope";
}

std::string semanticQualifier(nv::MemSemantic semantic, nv::MemScope scope) {
  return ("." + nv::stringifyMemSemantic(semantic) + "." +
          nv::stringifyMemScope(scope))
      .str();
}

/// Qualifiers of a load or store. Hints PTX cannot express on this access
/// are dropped with a warning (eviction priorities) or silently where they
/// mean nothing (cache operators of shared and constant memory; ordering of
/// thread-private local and read-only constant memory).
FailureOr<Qualifiers>
accessQualifiers(Operation *op, unsigned addressSpace,
                 std::optional<nv::CacheModifier> cache,
                 std::optional<nv::EvictionPolicy> eviction,
                 std::optional<nv::MemSemantic> semantic,
                 std::optional<nv::MemScope> scope,
                 const targetspec::Target &target) {
  Qualifiers q;
  q.space = stateSpace(addressSpace).str();
  bool orderedSpace = addressSpace == nv::PtrType::kGlobalAddressSpace ||
                      addressSpace == nv::PtrType::kSharedAddressSpace;
  if (semantic && *semantic != nv::MemSemantic::weak && orderedSpace) {
    if (failed(checkScope(op, scope, target)))
      return failure();
    q.semantic = semanticQualifier(*semantic, *scope);
  }
  bool cachedSpace = addressSpace == nv::PtrType::kGlobalAddressSpace ||
                     addressSpace == nv::PtrType::kLocalAddressSpace;
  if (cache && cachedSpace)
    q.cache = ("." + nv::stringifyCacheModifier(*cache)).str();
  if (eviction && *eviction != nv::EvictionPolicy::normal) {
    std::string name =
        (".L1::evict_" + nv::stringifyEvictionPolicy(*eviction)).str();
    StringRef policy = nv::stringifyEvictionPolicy(*eviction);
    // ld/st accept .L1::evict_* on global memory only and never together
    // with a cache operator. It needs PTX ISA 7.4, which the emitter selects
    // when it finds the qualifier in the inline PTX.
    if (addressSpace != nv::PtrType::kGlobalAddressSpace) {
      op->emitWarning() << "eviction_policy '" << policy
                        << "' is ignored: PTX eviction priorities apply to "
                           "global memory only";
    } else if (cache) {
      op->emitWarning() << "eviction_policy '" << policy
                        << "' is ignored: PTX cannot combine an L1 eviction "
                           "priority with the cache modifier '"
                        << nv::stringifyCacheModifier(*cache) << "'";
    } else {
      q.eviction = name;
    }
  }
  return q;
}

//===----------------------------------------------------------------------===//
// Shared pieces of the patterns
//===----------------------------------------------------------------------===//

/// a && b where either may be null (meaning true).
Value andPredicates(OpBuilder &builder, Location loc, Value a, Value b) {
  if (!a)
    return b;
  if (!b)
    return a;
  return LLVM::AndOp::create(builder, loc, a, b);
}

/// The tile operands of an op must share the pointer operand's layout
/// (layout assignment arranges that); anything else is moved over.
llvm::SmallVector<Value> elementsIn(OpBuilder &builder, Location loc,
                                    LoweringState &state,
                                    const TileTypeConverter &converter,
                                    Value original, Value converted,
                                    const layout::LinearLayout &layout) {
  llvm::SmallVector<Value> elements = unpackTile(builder, loc, converted);
  auto tile = dyn_cast<RankedTensorType>(original.getType());
  if (!tile)
    return elements;
  layout::LinearLayout own = getLayout(tile);
  if (own == layout)
    return elements;
  return convertLayout(builder, loc, state,
                       converter.convertElementType(tile.getElementType()), own,
                       layout, elements);
}

//===----------------------------------------------------------------------===//
// addptr
//===----------------------------------------------------------------------===//

struct AddPtrLowering : public ConvertOpToLLVMPattern<nv::AddPtrOp> {
  AddPtrLowering(TileTypeConverter &converter)
      : ConvertOpToLLVMPattern(converter), converter(converter) {}

  LogicalResult
  matchAndRewrite(nv::AddPtrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type pointee =
        cast<nv::PtrType>(getElementTypeOrSelf(op.getType())).getPointeeType();
    // GEP scales by the element's size in memory (i1 is a byte) and
    // sign-extends an i32 offset, as the language wants.
    Type elementType = converter.convertElementType(pointee);
    if (elementType.isInteger(1))
      elementType = rewriter.getI8Type();
    llvm::SmallVector<Value> pointers =
        unpackTile(rewriter, loc, adaptor.getPtr());
    llvm::SmallVector<Value> offsets =
        unpackTile(rewriter, loc, adaptor.getOffset());
    llvm::SmallVector<Value> results;
    for (auto [pointer, offset] : llvm::zip_equal(pointers, offsets))
      results.push_back(LLVM::GEPOp::create(rewriter, loc, pointer.getType(),
                                            elementType, pointer,
                                            ValueRange{offset}));
    Type resultType = converter.convertType(op.getType());
    rewriter.replaceOp(op, packTile(rewriter, loc, resultType, results));
    return success();
  }

  TileTypeConverter &converter;
};

//===----------------------------------------------------------------------===//
// load
//===----------------------------------------------------------------------===//

/// One (predicated, when `predicate` is not null) vector load: returns
/// `count` memory integers of `elementBits`. `others` (memory integers)
/// initialize the result where the predicate is false; without them (no
/// `other`) it reads as 0.
///
/// The asm keeps `has_side_effects`: MLIR treats an asm without it as pure,
/// so the canonicalization after the lowering could merge two loads of one
/// address across a store.
llvm::SmallVector<Value> emitVectorLoad(OpBuilder &builder, Location loc,
                                        const Qualifiers &q, Value pointer,
                                        Value predicate, ValueRange others,
                                        unsigned elementBits, unsigned count) {
  unsigned word = wordBits(elementBits, count);
  unsigned numWords = elementBits * count / word;
  Type wordType = builder.getIntegerType(word);
  InlinePtx ptx;
  llvm::SmallVector<unsigned> outputs;
  for (unsigned i = 0; i < numWords; ++i)
    outputs.push_back(ptx.addOutput(wordType, /*earlyClobber=*/!!predicate));
  unsigned address = ptx.addAddress(builder, loc, pointer, /*reads=*/true,
                                    /*writes=*/false);
  std::string guard;
  if (predicate) {
    guard = "@" + InlinePtx::ref(ptx.addInput(predicate)) + " ";
    llvm::SmallVector<Value> otherWords;
    if (!others.empty())
      otherWords = packWords(builder, loc, others, elementBits, word);
    // 8-bit values live in 16-bit registers.
    std::string mov = "mov.b" + std::to_string(std::max(16u, word)) + " ";
    for (unsigned i = 0; i < numWords; ++i) {
      std::string source = otherWords.empty()
                               ? "0"
                               : InlinePtx::ref(ptx.addInput(otherWords[i]));
      ptx.instruction(mov + InlinePtx::ref(outputs[i]) + ", " + source);
    }
  }
  std::string vector = numWords > 1 ? ".v" + std::to_string(numWords) : "";
  ptx.instruction(guard + "ld" + q.semantic + q.space + q.cache + q.eviction +
                  vector + ".b" + std::to_string(word) + " " +
                  operandList(outputs) + ", [" + InlinePtx::ref(address) + "]");
  llvm::SmallVector<Value> words =
      ptx.build(builder, loc, /*hasSideEffects=*/true);
  return unpackWords(builder, loc, words, elementBits, word);
}

struct LoadLowering : public ConvertOpToLLVMPattern<nv::LoadOp> {
  LoadLowering(TileTypeConverter &converter, LoweringState &state,
               std::shared_ptr<VectorPlan> plan)
      : ConvertOpToLLVMPattern(converter), converter(converter), state(state),
        plan(std::move(plan)) {}

  LogicalResult
  matchAndRewrite(nv::LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned addressSpace = addressSpaceOf(op.getPtr().getType());
    FailureOr<Qualifiers> q = accessQualifiers(
        op, addressSpace, op.getCacheModifier(), op.getEvictionPolicy(),
        op.getMemSemantic(), op.getMemScope(), state.target);
    if (failed(q))
      return failure();
    Type elementType =
        converter.convertElementType(getElementTypeOrSelf(op.getType()));
    unsigned bits = memoryBits(elementType);

    VectorAccess access;
    llvm::SmallVector<Value> pointers =
        unpackTile(rewriter, loc, adaptor.getPtr());
    llvm::SmallVector<Value> masks, others;
    if (auto tile = dyn_cast<RankedTensorType>(op.getPtr().getType())) {
      access = plan->lookup(op);
      layout::LinearLayout layout = getLayout(tile);
      if (op.getMask())
        masks = elementsIn(rewriter, loc, state, converter, op.getMask(),
                           adaptor.getMask(), layout);
      if (op.getOther())
        others = elementsIn(rewriter, loc, state, converter, op.getOther(),
                            adaptor.getOther(), layout);
    } else {
      if (adaptor.getMask())
        masks.push_back(adaptor.getMask());
      if (adaptor.getOther())
        others.push_back(adaptor.getOther());
    }

    // A plain scalar load (every thread reads the same address, no mask,
    // no hint, weak) is an LLVM load: LLVM may then hoist it out of loops or
    // reuse it, with its alias analysis keeping that correct.
    if (pointers.size() == 1 && masks.empty() && q->semantic.empty() &&
        q->cache.empty() && q->eviction.empty() &&
        !isa<RankedTensorType>(op.getType())) {
      Type memoryType = rewriter.getIntegerType(bits);
      Type loadType = elementType.isInteger(1) ? memoryType : elementType;
      Value loaded = LLVM::LoadOp::create(rewriter, loc, loadType,
                                          pointers.front(), bits / 8);
      if (elementType.isInteger(1))
        loaded = fromMemoryInteger(rewriter, loc, loaded, elementType);
      rewriter.replaceOp(op, loaded);
      return success();
    }

    llvm::SmallVector<Value> results;
    for (unsigned first = 0; first < pointers.size(); first += access.width) {
      Value predicate = masks.empty() ? Value() : masks[first];
      llvm::SmallVector<Value> otherIntegers;
      if (predicate && !others.empty())
        for (unsigned k = 0; k < access.width; ++k)
          otherIntegers.push_back(
              toMemoryInteger(rewriter, loc, others[first + k]));
      for (Value integer :
           emitVectorLoad(rewriter, loc, *q, pointers[first], predicate,
                          otherIntegers, bits, access.width))
        results.push_back(
            fromMemoryInteger(rewriter, loc, integer, elementType));
    }
    Type resultType = converter.convertType(op.getType());
    rewriter.replaceOp(op, packTile(rewriter, loc, resultType, results));
    return success();
  }

  TileTypeConverter &converter;
  LoweringState &state;
  std::shared_ptr<VectorPlan> plan;
};

//===----------------------------------------------------------------------===//
// store
//===----------------------------------------------------------------------===//

void emitVectorStore(OpBuilder &builder, Location loc, const Qualifiers &q,
                     Value pointer, Value predicate, ValueRange integers,
                     unsigned elementBits) {
  unsigned count = integers.size();
  unsigned word = wordBits(elementBits, count);
  llvm::SmallVector<Value> words =
      packWords(builder, loc, integers, elementBits, word);
  InlinePtx ptx;
  unsigned address = ptx.addAddress(builder, loc, pointer, /*reads=*/false,
                                    /*writes=*/true);
  llvm::SmallVector<unsigned> values;
  for (Value w : words)
    values.push_back(ptx.addInput(w));
  std::string guard;
  if (predicate)
    guard = "@" + InlinePtx::ref(ptx.addInput(predicate)) + " ";
  std::string vector =
      words.size() > 1 ? ".v" + std::to_string(words.size()) : "";
  ptx.instruction(guard + "st" + q.semantic + q.space + q.cache + q.eviction +
                  vector + ".b" + std::to_string(word) + " [" +
                  InlinePtx::ref(address) + "], " + operandList(values));
  ptx.build(builder, loc, /*hasSideEffects=*/true);
}

struct StoreLowering : public ConvertOpToLLVMPattern<nv::StoreOp> {
  StoreLowering(TileTypeConverter &converter, LoweringState &state,
                std::shared_ptr<VectorPlan> plan)
      : ConvertOpToLLVMPattern(converter), converter(converter), state(state),
        plan(std::move(plan)) {}

  LogicalResult
  matchAndRewrite(nv::StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned addressSpace = addressSpaceOf(op.getPtr().getType());
    FailureOr<Qualifiers> q = accessQualifiers(
        op, addressSpace, op.getCacheModifier(), op.getEvictionPolicy(),
        op.getMemSemantic(), op.getMemScope(), state.target);
    if (failed(q))
      return failure();
    Type elementType = converter.convertElementType(
        getElementTypeOrSelf(op.getValue().getType()));
    unsigned bits = memoryBits(elementType);

    llvm::SmallVector<Value> pointers =
        unpackTile(rewriter, loc, adaptor.getPtr());
    // Local memory is private to each thread: every thread writes its own
    // copy, so "once per program" and "by the owner copy" do not apply.
    bool everyThread = addressSpace == nv::PtrType::kLocalAddressSpace;
    auto tile = dyn_cast<RankedTensorType>(op.getPtr().getType());
    if (!tile) {
      // Once per program: thread 0 stores the (uniform) scalar.
      Value predicate = andPredicates(
          rewriter, loc, everyThread ? Value() : threadIsZero(rewriter, loc),
          adaptor.getMask());
      emitVectorStore(rewriter, loc, *q, pointers.front(), predicate,
                      toMemoryInteger(rewriter, loc, adaptor.getValue()), bits);
      rewriter.eraseOp(op);
      return success();
    }

    layout::LinearLayout layout = getLayout(tile);
    VectorAccess access = plan->lookup(op);
    llvm::SmallVector<Value> values =
        elementsIn(rewriter, loc, state, converter, op.getValue(),
                   adaptor.getValue(), layout);
    llvm::SmallVector<Value> masks;
    if (op.getMask())
      masks = elementsIn(rewriter, loc, state, converter, op.getMask(),
                         adaptor.getMask(), layout);
    // Replicated elements are stored once: by the owner thread, from the
    // first register that holds them.
    Value owner =
        everyThread ? Value() : emitThreadOwnerPredicate(rewriter, loc, layout);
    llvm::SmallVector<bool> firstCopy = firstCopyRegisters(layout);
    for (unsigned first = 0; first < pointers.size(); first += access.width) {
      if (!firstCopy[first])
        continue;
      Value predicate = andPredicates(
          rewriter, loc, masks.empty() ? Value() : masks[first], owner);
      llvm::SmallVector<Value> integers;
      for (unsigned k = 0; k < access.width; ++k)
        integers.push_back(toMemoryInteger(rewriter, loc, values[first + k]));
      emitVectorStore(rewriter, loc, *q, pointers[first], predicate, integers,
                      bits);
    }
    rewriter.eraseOp(op);
    return success();
  }

  TileTypeConverter &converter;
  LoweringState &state;
  std::shared_ptr<VectorPlan> plan;
};

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

/// The atom instruction(s) of one element. Float min/max have no atom
/// instruction, so they compare the bit patterns as integers: IEEE 754
/// floats of one sign are ordered like their bits, so a value with the sign
/// bit clear uses the signed integer max (min), and one with the sign bit
/// set the unsigned integer min (max), which orders negative floats
/// backwards and below every non-negative one. That is IEEE 754 totalOrder:
/// -0 < +0, NaNs with the sign bit clear above +inf, those with it set below
/// -inf (docs/language.md, atomic_rmw).
struct AtomicOpcode {
  std::string opcode;        // every element, or those with the sign clear
  std::string signSetOpcode; // float min/max: elements with the sign set
};

/// The `.op.type` part of an atom instruction, or failure with a diagnostic
/// when the target lacks it. Float min/max are two integer atomics (see
/// AtomicOpcode).
FailureOr<AtomicOpcode> atomicOperation(nv::AtomicRMWOp op, Type elementType,
                                        const targetspec::Target &target) {
  unsigned bits = elementType.getIntOrFloatBitWidth();
  std::string width = std::to_string(bits);
  bool isFloat = isa<FloatType>(elementType);
  switch (op.getRmwMode()) {
  case nv::AtomicRMWMode::add:
    if (!isa<FloatType>(elementType))
      return AtomicOpcode{"add.u" + width};
    [[fallthrough]]; // float addition, as addf
  case nv::AtomicRMWMode::addf:
    if (elementType.isBF16()) {
      if (target.sm < 90) {
        op.emitOpError()
            << "'addf' on bf16 needs atom.add.noftz.bf16, which requires "
               "sm_90 or newer; the target is "
            << target.name() << " (targets that have it: " << targetsFrom(90)
            << "); use f16 or f32 for the atomic accumulation";
        return failure();
      }
      return AtomicOpcode{"add.noftz.bf16"};
    }
    if (elementType.isF16())
      return AtomicOpcode{"add.noftz.f16"};
    return AtomicOpcode{"add.f" + width};
  case nv::AtomicRMWMode::And:
    return AtomicOpcode{"and.b" + width};
  case nv::AtomicRMWMode::Or:
    return AtomicOpcode{"or.b" + width};
  case nv::AtomicRMWMode::Xor:
    return AtomicOpcode{"xor.b" + width};
  case nv::AtomicRMWMode::xchg:
    return AtomicOpcode{"exch.b" + width};
  case nv::AtomicRMWMode::min:
    if (isFloat)
      return AtomicOpcode{"min.s" + width, "max.u" + width};
    return AtomicOpcode{"min.s" + width};
  case nv::AtomicRMWMode::max:
    if (isFloat)
      return AtomicOpcode{"max.s" + width, "min.u" + width};
    return AtomicOpcode{"max.s" + width};
  case nv::AtomicRMWMode::umin:
    return AtomicOpcode{"min.u" + width};
  case nv::AtomicRMWMode::umax:
    return AtomicOpcode{"max.u" + width};
  }
  llvm_unreachable("unknown atomic_rmw mode");
}

/// `atom.relaxed.gpu.global` by default, else the op's semantic and scope.
FailureOr<std::string> atomicPrefix(Operation *op, unsigned addressSpace,
                                    std::optional<nv::MemSemantic> semantic,
                                    std::optional<nv::MemScope> scope,
                                    const targetspec::Target &target) {
  if (failed(checkScope(op, scope, target)))
    return failure();
  return "atom" +
         semanticQualifier(semantic.value_or(nv::MemSemantic::relaxed),
                           scope.value_or(nv::MemScope::gpu)) +
         stateSpace(addressSpace).str();
}

/// One predicated atomic on one element. Returns the old value (0 where the
/// predicate is false). `operands` are the value operands (one, or compare
/// and new value for cas), as memory integers.
Value emitAtomic(OpBuilder &builder, Location loc, StringRef opcode,
                 Value pointer, ValueRange operands, Value predicate) {
  Type integerType = operands.front().getType();
  unsigned bits = integerType.getIntOrFloatBitWidth();
  InlinePtx ptx;
  unsigned result = ptx.addOutput(integerType, /*earlyClobber=*/!!predicate);
  unsigned address = ptx.addAddress(builder, loc, pointer, /*reads=*/true,
                                    /*writes=*/true);
  std::string text =
      " " + InlinePtx::ref(result) + ", [" + InlinePtx::ref(address) + "]";
  for (Value operand : operands)
    text += ", " + InlinePtx::ref(ptx.addInput(operand));
  std::string guard;
  if (predicate) {
    guard = "@" + InlinePtx::ref(ptx.addInput(predicate)) + " ";
    ptx.instruction("mov.b" + std::to_string(bits) + " " +
                    InlinePtx::ref(result) + ", 0");
  }
  ptx.instruction(guard + opcode + text);
  return ptx.build(builder, loc, /*hasSideEffects=*/true).front();
}

/// One element's atomic: `opcode`, or the sign split of float min/max.
Value emitElementAtomic(OpBuilder &builder, Location loc,
                        const AtomicOpcode &opcode, Value pointer,
                        ValueRange operands, Value predicate) {
  if (opcode.signSetOpcode.empty())
    return emitAtomic(builder, loc, opcode.opcode, pointer, operands,
                      predicate);
  Value bits = operands.front();
  Value signSet =
      LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::slt, bits,
                           intConstant(builder, loc, bits.getType(), 0));
  Value signClear = LLVM::XOrOp::create(
      builder, loc, signSet, intConstant(builder, loc, builder.getI1Type(), 1));
  Value clearOld =
      emitAtomic(builder, loc, opcode.opcode, pointer, operands,
                 andPredicates(builder, loc, predicate, signClear));
  Value setOld =
      emitAtomic(builder, loc, opcode.signSetOpcode, pointer, operands,
                 andPredicates(builder, loc, predicate, signSet));
  return LLVM::SelectOp::create(builder, loc, signSet, setOld, clearOld);
}

/// After only the owner copies of a replicated tile performed their atomics,
/// give every copy the old value: registers of the same thread copy the
/// first one; replication across lanes only needs a shuffle from the owner
/// lane; replication across warps goes through the scratch buffer.
llvm::SmallVector<Value> broadcastFromOwners(OpBuilder &builder, Location loc,
                                             LoweringState &state,
                                             const layout::LinearLayout &layout,
                                             llvm::ArrayRef<Value> integers) {
  llvm::SmallVector<unsigned> firstOf = firstCopyOfRegister(layout);
  llvm::SmallVector<Value> values(integers.begin(), integers.end());
  bool laneReplicated = !layout.freeBits(layout::InDim::Lane).empty();
  bool warpReplicated = !layout.freeBits(layout::InDim::Warp).empty();
  if (warpReplicated) {
    Type integerType = integers.front().getType();
    int64_t bytes = integerType.getIntOrFloatBitWidth() / 8;
    Value buffer =
        state.scratch.getBuffer(builder, loc, layout.getNumElements() * bytes);
    Value owner = emitThreadOwnerPredicate(builder, loc, layout);
    llvm::SmallVector<Value> indices = emitLinearIndices(builder, loc, layout);
    // Wait until earlier users of the scratch buffer are done with it.
    emitBarrier(builder, loc);
    for (unsigned reg = 0; reg < values.size(); ++reg) {
      if (firstOf[reg] != reg)
        continue;
      Value address =
          sharedElementAddress(builder, loc, buffer, integerType, indices[reg]);
      emitPredicatedStore(builder, loc, address, values[reg], owner, ".shared");
    }
    emitBarrier(builder, loc);
    for (unsigned reg = 0; reg < values.size(); ++reg) {
      Value address =
          sharedElementAddress(builder, loc, buffer, integerType, indices[reg]);
      values[reg] = LLVM::LoadOp::create(builder, loc, integerType, address);
    }
    return values;
  }
  if (laneReplicated) {
    // The owner lane is the one with every replicated lane bit clear.
    int64_t freeMask = 0;
    for (unsigned bit : layout.freeBits(layout::InDim::Lane))
      freeMask |= int64_t(1) << bit;
    Value ownerLane = LLVM::AndOp::create(builder, loc, getLaneId(builder, loc),
                                          i32Constant(builder, loc, ~freeMask));
    for (unsigned reg = 0; reg < values.size(); ++reg)
      if (firstOf[reg] == reg)
        values[reg] = shuffleIndex(builder, loc, values[reg], ownerLane);
  }
  for (unsigned reg = 0; reg < values.size(); ++reg)
    values[reg] = values[firstOf[reg]];
  return values;
}

/// Once per program: thread 0 performs the atomic and every thread reads
/// the old value back from the scratch buffer.
Value broadcastFromThreadZero(OpBuilder &builder, Location loc,
                              LoweringState &state, Value integer,
                              Value isThreadZero) {
  Type integerType = integer.getType();
  Value buffer = state.scratch.getBuffer(
      builder, loc, integerType.getIntOrFloatBitWidth() / 8);
  emitBarrier(builder, loc);
  emitPredicatedStore(builder, loc, buffer, integer, isThreadZero, ".shared");
  emitBarrier(builder, loc);
  return LLVM::LoadOp::create(builder, loc, integerType, buffer);
}

/// The common shape of both atomics: per element (or once for a scalar),
/// owner copies only, then the broadcast of the old values.
LogicalResult lowerAtomic(Operation *op, Value originalPtr, Value convertedPtr,
                          llvm::ArrayRef<std::pair<Value, Value>> operands,
                          Value originalMask, Value convertedMask,
                          const AtomicOpcode &opcode, Type resultType,
                          const TileTypeConverter &converter,
                          LoweringState &state,
                          ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  Type elementType = converter.convertElementType(
      getElementTypeOrSelf(operands.front().first.getType()));
  // An atomic used only for its effect (a histogram, a counter) needs no
  // broadcast of the old values, and so no barriers.
  bool resultUsed = !op->getResult(0).use_empty();
  llvm::SmallVector<Value> pointers = unpackTile(rewriter, loc, convertedPtr);
  auto tile = dyn_cast<RankedTensorType>(originalPtr.getType());

  if (!tile) {
    Value isThreadZero = threadIsZero(rewriter, loc);
    llvm::SmallVector<Value> integers;
    for (auto [original, converted] : operands)
      integers.push_back(toMemoryInteger(rewriter, loc, converted));
    Value old = emitElementAtomic(
        rewriter, loc, opcode, pointers.front(), integers,
        andPredicates(rewriter, loc, isThreadZero, convertedMask));
    if (resultUsed)
      old = broadcastFromThreadZero(rewriter, loc, state, old, isThreadZero);
    rewriter.replaceOp(op, fromMemoryInteger(rewriter, loc, old, elementType));
    return success();
  }

  layout::LinearLayout layout = getLayout(tile);
  llvm::SmallVector<llvm::SmallVector<Value>> values;
  for (auto [original, converted] : operands)
    values.push_back(elementsIn(rewriter, loc, state, converter, original,
                                converted, layout));
  llvm::SmallVector<Value> masks;
  if (originalMask)
    masks = elementsIn(rewriter, loc, state, converter, originalMask,
                       convertedMask, layout);
  Value owner = emitThreadOwnerPredicate(rewriter, loc, layout);
  llvm::SmallVector<unsigned> firstOf = firstCopyOfRegister(layout);
  Type integerType = rewriter.getIntegerType(memoryBits(elementType));
  llvm::SmallVector<Value> olds;
  for (unsigned reg = 0; reg < pointers.size(); ++reg) {
    if (firstOf[reg] != reg) {
      olds.push_back(intConstant(rewriter, loc, integerType, 0));
      continue;
    }
    llvm::SmallVector<Value> integers;
    for (auto &operandValues : values)
      integers.push_back(toMemoryInteger(rewriter, loc, operandValues[reg]));
    Value predicate = andPredicates(
        rewriter, loc, masks.empty() ? Value() : masks[reg], owner);
    olds.push_back(emitElementAtomic(rewriter, loc, opcode, pointers[reg],
                                     integers, predicate));
  }
  if (resultUsed)
    olds = broadcastFromOwners(rewriter, loc, state, layout, olds);
  llvm::SmallVector<Value> results;
  for (Value old : olds)
    results.push_back(fromMemoryInteger(rewriter, loc, old, elementType));
  rewriter.replaceOp(op, packTile(rewriter, loc, resultType, results));
  return success();
}

AtomicOpcode qualified(StringRef prefix, const AtomicOpcode &operation) {
  AtomicOpcode result{(prefix + "." + operation.opcode).str()};
  if (!operation.signSetOpcode.empty())
    result.signSetOpcode = (prefix + "." + operation.signSetOpcode).str();
  return result;
}

struct AtomicRMWLowering : public ConvertOpToLLVMPattern<nv::AtomicRMWOp> {
  AtomicRMWLowering(TileTypeConverter &converter, LoweringState &state)
      : ConvertOpToLLVMPattern(converter), converter(converter), state(state) {}

  LogicalResult
  matchAndRewrite(nv::AtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type elementType = getElementTypeOrSelf(op.getVal().getType());
    FailureOr<AtomicOpcode> operation =
        atomicOperation(op, elementType, state.target);
    if (failed(operation))
      return failure();
    FailureOr<std::string> prefix =
        atomicPrefix(op, addressSpaceOf(op.getPtr().getType()),
                     op.getMemSemantic(), op.getMemScope(), state.target);
    if (failed(prefix))
      return failure();
    return lowerAtomic(
        op, op.getPtr(), adaptor.getPtr(), {{op.getVal(), adaptor.getVal()}},
        op.getMask(), adaptor.getMask(), qualified(*prefix, *operation),
        converter.convertType(op.getType()), converter, state, rewriter);
  }

  TileTypeConverter &converter;
  LoweringState &state;
};

struct AtomicCASLowering : public ConvertOpToLLVMPattern<nv::AtomicCASOp> {
  AtomicCASLowering(TileTypeConverter &converter, LoweringState &state)
      : ConvertOpToLLVMPattern(converter), converter(converter), state(state) {}

  LogicalResult
  matchAndRewrite(nv::AtomicCASOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    unsigned bits =
        getElementTypeOrSelf(op.getVal().getType()).getIntOrFloatBitWidth();
    FailureOr<std::string> prefix =
        atomicPrefix(op, addressSpaceOf(op.getPtr().getType()),
                     op.getMemSemantic(), op.getMemScope(), state.target);
    if (failed(prefix))
      return failure();
    return lowerAtomic(
        op, op.getPtr(), adaptor.getPtr(),
        {{op.getCmp(), adaptor.getCmp()}, {op.getVal(), adaptor.getVal()}},
        Value(), Value(),
        AtomicOpcode{*prefix + ".cas.b" + std::to_string(bits)},
        converter.convertType(op.getType()), converter, state, rewriter);
  }

  TileTypeConverter &converter;
  LoweringState &state;
};

//===----------------------------------------------------------------------===//
// assert and print
//===----------------------------------------------------------------------===//

/// "pid (%d, %d, %d)" and the three program ids.
std::string programPrefix(OpBuilder &builder, Location loc,
                          llvm::SmallVectorImpl<Value> &arguments) {
  Type i32 = builder.getI32Type();
  arguments.push_back(NVVM::BlockIdXOp::create(builder, loc, i32));
  arguments.push_back(NVVM::BlockIdYOp::create(builder, loc, i32));
  arguments.push_back(NVVM::BlockIdZOp::create(builder, loc, i32));
  return "pid (%d, %d, %d)";
}

/// " idx (%d, %d)" for a rank-2 tile.
std::string indexFormat(unsigned rank) {
  std::string text = " idx (";
  for (unsigned d = 0; d < rank; ++d)
    text += d ? ", %d" : "%d";
  return text + ")";
}

StringRef functionName(Operation *op) {
  if (auto func = op->getParentOfType<LLVM::LLVMFuncOp>())
    return func.getSymName();
  return "<unknown>";
}

struct AssertLowering : public ConvertOpToLLVMPattern<nv::AssertOp> {
  AssertLowering(TileTypeConverter &converter, LoweringState &state)
      : ConvertOpToLLVMPattern(converter), state(state) {}

  LogicalResult
  matchAndRewrite(nv::AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // Named copies: structured bindings cannot be captured (C++17).
    std::pair<std::string, unsigned> position = fileAndLine(loc);
    std::string file = position.first;
    unsigned line = position.second;
    std::string function = functionName(op).str();
    std::string message = op.getMessage().str();
    Value trueValue = intConstant(rewriter, loc, rewriter.getI1Type(), 1);
    auto tile = dyn_cast<RankedTensorType>(op.getCondition().getType());

    if (!tile) {
      // The condition is uniform: thread 0 reports for the program.
      Value failed =
          LLVM::XOrOp::create(rewriter, loc, adaptor.getCondition(), trueValue);
      Value report = LLVM::AndOp::create(rewriter, loc, failed,
                                         threadIsZero(rewriter, loc));
      emitIf(rewriter, loc, report, [&](OpBuilder &builder) {
        emitAssertFail(builder, loc, getStringConstant(builder, loc, message),
                       file, line, function);
      });
      rewriter.eraseOp(op);
      return success();
    }

    // Each thread reports the first failing element it owns (in register
    // order) with its index, then calls __assertfail: one line per failing
    // thread, and the owner copy of every failing element is checked.
    layout::LinearLayout layout = getLayout(tile);
    llvm::SmallVector<Value> conditions =
        unpackTile(rewriter, loc, adaptor.getCondition());
    llvm::SmallVector<llvm::SmallVector<Value>> coordinates =
        emitCoordinates(rewriter, loc, layout);
    llvm::SmallVector<bool> firstCopy = firstCopyRegisters(layout);
    Value anyFailed;
    llvm::SmallVector<Value> index;
    for (int reg = static_cast<int>(conditions.size()) - 1; reg >= 0; --reg) {
      if (!firstCopy[reg])
        continue;
      Value failed =
          LLVM::XOrOp::create(rewriter, loc, conditions[reg], trueValue);
      if (!anyFailed) {
        anyFailed = failed;
        index = coordinates[reg];
        continue;
      }
      anyFailed = LLVM::OrOp::create(rewriter, loc, anyFailed, failed);
      for (unsigned d = 0; d < index.size(); ++d)
        index[d] = LLVM::SelectOp::create(rewriter, loc, failed,
                                          coordinates[reg][d], index[d]);
    }
    Value report =
        andPredicates(rewriter, loc, anyFailed,
                      emitThreadOwnerPredicate(rewriter, loc, layout));
    emitIf(rewriter, loc, report, [&](OpBuilder &builder) {
      llvm::SmallVector<Value> arguments;
      std::string format = programPrefix(builder, loc, arguments) +
                           indexFormat(layout.getRank()) + ": %s\n";
      arguments.append(index.begin(), index.end());
      Value messagePtr = getStringConstant(builder, loc, message);
      arguments.push_back(messagePtr);
      emitVprintf(builder, loc, format, arguments);
      emitAssertFail(builder, loc, messagePtr, file, line, function);
    });
    rewriter.eraseOp(op);
    return success();
  }

  LoweringState &state;
};

struct PrintLowering : public ConvertOpToLLVMPattern<nv::PrintOp> {
  PrintLowering(TileTypeConverter &converter, LoweringState &state)
      : ConvertOpToLLVMPattern(converter), converter(converter), state(state) {}

  LogicalResult
  matchAndRewrite(nv::PrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType reference;
    for (Value arg : op.getArgs())
      if (auto tile = dyn_cast<RankedTensorType>(arg.getType())) {
        reference = tile;
        break;
      }

    if (!reference) {
      // Scalars only: once per program, by thread 0, exactly as written
      // (like printf; a kernel that wants the program id prints it).
      emitIf(rewriter, loc, threadIsZero(rewriter, loc),
             [&](OpBuilder &builder) {
               llvm::SmallVector<Value> arguments;
               std::string format = op.getFormat().str();
               for (auto [original, converted] :
                    llvm::zip_equal(op.getArgs(), adaptor.getArgs()))
                 arguments.push_back(promoteForPrintf(builder, loc, converted,
                                                      original.getType()));
               emitVprintf(builder, loc, format, arguments);
             });
      rewriter.eraseOp(op);
      return success();
    }

    // Once per element, by the owner copy, prefixed with the element's
    // index: "pid (x, y, z) idx (i, j): <formatted>".
    layout::LinearLayout layout = getLayout(reference);
    llvm::SmallVector<llvm::SmallVector<Value>> elements;
    for (auto [original, converted] :
         llvm::zip_equal(op.getArgs(), adaptor.getArgs())) {
      if (isa<RankedTensorType>(original.getType()))
        elements.push_back(elementsIn(rewriter, loc, state, converter, original,
                                      converted, layout));
      else
        elements.push_back({converted});
    }
    llvm::SmallVector<llvm::SmallVector<Value>> coordinates =
        emitCoordinates(rewriter, loc, layout);
    llvm::SmallVector<bool> firstCopy = firstCopyRegisters(layout);
    auto printAll = [&](OpBuilder &builder) {
      llvm::SmallVector<Value> prefixArguments;
      std::string format = programPrefix(builder, loc, prefixArguments) +
                           indexFormat(layout.getRank()) + ": " +
                           op.getFormat().str();
      for (unsigned reg = 0; reg < layout.getNumRegisters(); ++reg) {
        if (!firstCopy[reg])
          continue;
        llvm::SmallVector<Value> arguments(prefixArguments);
        arguments.append(coordinates[reg].begin(), coordinates[reg].end());
        for (auto [original, values] :
             llvm::zip_equal(op.getArgs(), elements)) {
          Value value = values.size() == 1 ? values.front() : values[reg];
          arguments.push_back(promoteForPrintf(
              builder, loc, value, getElementTypeOrSelf(original.getType())));
        }
        emitVprintf(builder, loc, format, arguments);
      }
    };
    if (Value owner = emitThreadOwnerPredicate(rewriter, loc, layout))
      emitIf(rewriter, loc, owner, printAll);
    else
      printAll(rewriter);
    rewriter.eraseOp(op);
    return success();
  }

  TileTypeConverter &converter;
  LoweringState &state;
};

} // namespace

void lowering::populateMemoryOpPatterns(TileTypeConverter &converter,
                                        RewritePatternSet &patterns,
                                        LoweringState &state) {
  auto plan = std::make_shared<VectorPlan>(
      computeVectorPlan(state.axisInfo, converter));
  patterns.add<AddPtrLowering>(converter);
  patterns.add<LoadLowering, StoreLowering>(converter, state, plan);
  patterns
      .add<AtomicRMWLowering, AtomicCASLowering, AssertLowering, PrintLowering>(
          converter, state);
  populateSharedMemoryOpPatterns(converter, patterns, state, plan);
}
