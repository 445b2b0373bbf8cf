//===- MemoryUtils.cpp - pieces of the memory-op lowering -----------------===//

#include "TileToLLVM/MemoryUtils.h"

#include "Barriers/SharedAccess.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"

#include <cmath>

using namespace mlir;
using namespace tileiras;
using namespace tileiras::lowering;
using namespace tileiras::lowering::memory;

//===----------------------------------------------------------------------===//
// Elements in memory
//===----------------------------------------------------------------------===//

unsigned memory::memoryBits(Type llvmElementType) {
  if (isa<LLVM::LLVMPointerType>(llvmElementType))
    return 64;
  return std::max(8u, llvmElementType.getIntOrFloatBitWidth());
}

Value memory::toMemoryInteger(OpBuilder &builder, Location loc, Value element) {
  Type type = element.getType();
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::PtrToIntOp::create(builder, loc, builder.getI64Type(),
                                    element);
  if (type.isInteger(1))
    return LLVM::ZExtOp::create(builder, loc, builder.getI8Type(), element);
  if (isa<FloatType>(type))
    return LLVM::BitcastOp::create(
        builder, loc, builder.getIntegerType(type.getIntOrFloatBitWidth()),
        element);
  return element;
}

Value memory::fromMemoryInteger(OpBuilder &builder, Location loc, Value integer,
                                Type llvmElementType) {
  if (isa<LLVM::LLVMPointerType>(llvmElementType))
    return LLVM::IntToPtrOp::create(builder, loc, llvmElementType, integer);
  if (llvmElementType.isInteger(1))
    return LLVM::ICmpOp::create(
        builder, loc, LLVM::ICmpPredicate::ne, integer,
        intConstant(builder, loc, integer.getType(), 0));
  if (isa<FloatType>(llvmElementType))
    return LLVM::BitcastOp::create(builder, loc, llvmElementType, integer);
  return integer;
}

unsigned memory::wordBits(unsigned elementBits, unsigned count) {
  unsigned total = elementBits * count;
  if (total < 32)
    return total;
  return std::max(32u, elementBits);
}

llvm::SmallVector<Value> memory::packWords(OpBuilder &builder, Location loc,
                                           ValueRange integers,
                                           unsigned elementBits,
                                           unsigned wordBits) {
  unsigned perWord = wordBits / elementBits;
  if (perWord == 1)
    return llvm::SmallVector<Value>(integers.begin(), integers.end());
  // Through a vector: NVPTX turns the bitcast into register moves (mov.b32
  // {a, b}, prmt) instead of shifts.
  auto vectorType = VectorType::get({static_cast<int64_t>(perWord)},
                                    builder.getIntegerType(elementBits));
  Type wordType = builder.getIntegerType(wordBits);
  llvm::SmallVector<Value> words;
  for (unsigned first = 0; first < integers.size(); first += perWord) {
    Value vector = LLVM::UndefOp::create(builder, loc, vectorType);
    for (unsigned k = 0; k < perWord; ++k)
      vector = LLVM::InsertElementOp::create(builder, loc, vector,
                                             integers[first + k],
                                             i32Constant(builder, loc, k));
    words.push_back(LLVM::BitcastOp::create(builder, loc, wordType, vector));
  }
  return words;
}

llvm::SmallVector<Value> memory::unpackWords(OpBuilder &builder, Location loc,
                                             ValueRange words,
                                             unsigned elementBits,
                                             unsigned wordBits) {
  unsigned perWord = wordBits / elementBits;
  if (perWord == 1)
    return llvm::SmallVector<Value>(words.begin(), words.end());
  auto vectorType = VectorType::get({static_cast<int64_t>(perWord)},
                                    builder.getIntegerType(elementBits));
  llvm::SmallVector<Value> integers;
  for (Value word : words) {
    Value vector = LLVM::BitcastOp::create(builder, loc, vectorType, word);
    for (unsigned k = 0; k < perWord; ++k)
      integers.push_back(LLVM::ExtractElementOp::create(
          builder, loc, vector, i32Constant(builder, loc, k)));
  }
  return integers;
}

StringRef memory::stateSpace(unsigned addressSpace) {
  switch (addressSpace) {
  case 1:
    return ".global";
  case 3:
    return ".shared";
  case 4:
    return ".const";
  case 5:
    return ".local";
  default:
    return "";
  }
}

std::string memory::targetsFrom(unsigned minimumSm) {
  std::string list;
  for (const targetspec::Target &target : targetspec::acceptedTargets()) {
    if (target.sm < minimumSm)
      continue;
    if (!list.empty())
      list += ", ";
    list += target.name();
  }
  return list;
}

//===----------------------------------------------------------------------===//
// Inline PTX
//===----------------------------------------------------------------------===//

static std::string registerConstraint(Type type) {
  if (type.isInteger(1))
    return "b";
  if (type.isInteger(8))
    return "c";
  if (type.isInteger(16))
    return "h";
  if (type.isInteger(32))
    return "r";
  if (type.isInteger(64))
    return "l";
  if (type.isF32())
    return "f";
  if (type.isF64())
    return "d";
  llvm_unreachable("no PTX register class for this type");
}

unsigned InlinePtx::addOutput(Type type, bool earlyClobber) {
  assert(inputs.empty() && "outputs are numbered before inputs");
  outputTypes.push_back(type);
  outputConstraints.push_back((earlyClobber ? "=&" : "=") +
                              registerConstraint(type));
  return outputTypes.size() - 1;
}

unsigned InlinePtx::addInput(Value value) {
  inputs.push_back(value);
  inputConstraints.push_back(registerConstraint(value.getType()));
  return outputTypes.size() + inputs.size() - 1;
}

unsigned InlinePtx::addTiedInput(Value value, unsigned output) {
  inputs.push_back(value);
  inputConstraints.push_back(std::to_string(output));
  return outputTypes.size() + inputs.size() - 1;
}

unsigned InlinePtx::addAddress(OpBuilder &builder, Location loc, Value pointer,
                               bool reads, bool writes) {
  unsigned space =
      cast<LLVM::LLVMPointerType>(pointer.getType()).getAddressSpace();
  if (space == 3 || space == 0) {
    readsShared |= reads;
    writesShared |= writes;
  }
  return addInput(
      LLVM::PtrToIntOp::create(builder, loc, builder.getI64Type(), pointer));
}

std::string InlinePtx::ref(unsigned operand) {
  return "$" + std::to_string(operand);
}

void InlinePtx::instruction(const llvm::Twine &line) {
  if (!text.empty())
    text += "\n\t";
  text += line.str();
  text += ";";
}

/// Raises the PTX ISA recorded on `op`'s llvm.func (a passthrough
/// attribute, which becomes an LLVM function attribute) to `version`. The
/// tile lowering builds inline PTX inside functions only.
static void recordMinPtx(Operation *op, targetspec::PtxVersion version) {
  auto func = op->getParentOfType<LLVM::LLVMFuncOp>();
  if (!func)
    return;
  MLIRContext *context = op->getContext();
  SmallVector<Attribute> entries;
  if (ArrayAttr passthrough = func.getPassthroughAttr())
    for (Attribute entry : passthrough) {
      auto pair = dyn_cast<ArrayAttr>(entry);
      bool isPair = pair && pair.size() == 2;
      auto key = isPair ? dyn_cast<StringAttr>(pair[0]) : StringAttr();
      auto value = isPair ? dyn_cast<StringAttr>(pair[1]) : StringAttr();
      if (key && value && key.getValue() == targetspec::kMinPtxFunctionAttr) {
        if (auto recorded = targetspec::parsePtxVersion(value.getValue()))
          version = std::max(version, *recorded);
        else
          llvm::consumeError(recorded.takeError());
        continue;
      }
      entries.push_back(entry);
    }
  entries.push_back(ArrayAttr::get(
      context, {StringAttr::get(context, targetspec::kMinPtxFunctionAttr),
                StringAttr::get(context, version.str())}));
  func.setPassthroughAttr(ArrayAttr::get(context, entries));
}

llvm::SmallVector<Value> InlinePtx::build(OpBuilder &builder, Location loc,
                                          bool hasSideEffects) {
  std::string constraints;
  for (const std::string &c : outputConstraints)
    constraints += (constraints.empty() ? "" : ",") + c;
  for (const std::string &c : inputConstraints)
    constraints += (constraints.empty() ? "" : ",") + c;
  Type resultType;
  if (outputTypes.size() == 1)
    resultType = outputTypes.front();
  else if (outputTypes.size() > 1)
    resultType =
        LLVM::LLVMStructType::getLiteral(builder.getContext(), outputTypes);
  std::string body = scoped ? "{\n\t" + text + "\n\t}" : text;
  auto asmOp = LLVM::InlineAsmOp::create(
      builder, loc, resultType, inputs, body, constraints, hasSideEffects,
      /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
      LLVM::AsmDialectAttr::get(builder.getContext(), LLVM::AsmDialect::AD_ATT),
      /*operand_attrs=*/ArrayAttr());
  if (minPtx.major)
    recordMinPtx(asmOp, minPtx);
  barriers::SharedAccess shared{readsShared, writesShared};
  if (shared.any())
    asmOp->setAttr(barriers::kSharedAccessAttr,
                   builder.getStringAttr(barriers::sharedAccessName(shared)));
  llvm::SmallVector<Value> results;
  if (outputTypes.size() == 1)
    results.push_back(asmOp.getRes());
  else
    for (unsigned i = 0; i < outputTypes.size(); ++i)
      results.push_back(
          LLVM::ExtractValueOp::create(builder, loc, asmOp.getRes(), i));
  return results;
}

std::string memory::operandList(llvm::ArrayRef<unsigned> operands) {
  if (operands.size() == 1)
    return InlinePtx::ref(operands.front());
  std::string list = "{";
  for (auto [index, operand] : llvm::enumerate(operands))
    list += (index ? ", " : "") + InlinePtx::ref(operand);
  return list + "}";
}

void memory::emitPredicatedStore(OpBuilder &builder, Location loc,
                                 Value address, Value integer, Value predicate,
                                 StringRef space) {
  InlinePtx ptx;
  unsigned addr = ptx.addAddress(builder, loc, address, /*reads=*/false,
                                 /*writes=*/true);
  unsigned value = ptx.addInput(integer);
  std::string guard;
  if (predicate)
    guard = "@" + InlinePtx::ref(ptx.addInput(predicate)) + " ";
  unsigned bits = integer.getType().getIntOrFloatBitWidth();
  ptx.instruction(guard + "st" + space + ".b" + std::to_string(bits) + " [" +
                  InlinePtx::ref(addr) + "], " + InlinePtx::ref(value));
  ptx.build(builder, loc, /*hasSideEffects=*/true);
}

//===----------------------------------------------------------------------===//
// Strings, vprintf and __assertfail
//===----------------------------------------------------------------------===//

/// The symbol table (gpu.module or module) enclosing the insertion point.
static Operation *enclosingSymbolTable(OpBuilder &builder) {
  Operation *op = builder.getInsertionBlock()->getParentOp();
  if (op->hasTrait<OpTrait::SymbolTable>())
    return op;
  return op->getParentWithTrait<OpTrait::SymbolTable>();
}

Value memory::getStringConstant(OpBuilder &builder, Location loc,
                                StringRef text) {
  Operation *symbolTable = enclosingSymbolTable(builder);
  std::string contents = text.str();
  contents.push_back('\0');
  // Same text, same global: the name is derived from the contents, with a
  // suffix in the unlikely case of a hash collision.
  std::string base =
      "__tileiras_str_" +
      llvm::utohexstr(llvm::xxh3_64bits(llvm::arrayRefFromStringRef(contents)),
                      /*LowerCase=*/true);
  std::string name = base;
  for (unsigned suffix = 0;; ++suffix) {
    auto existing = dyn_cast_or_null<LLVM::GlobalOp>(
        SymbolTable::lookupSymbolIn(symbolTable, name));
    if (!existing)
      break;
    auto value = dyn_cast_or_null<StringAttr>(existing.getValueOrNull());
    if (value && value.getValue() == contents)
      return LLVM::AddressOfOp::create(
          builder, loc, LLVM::LLVMPointerType::get(builder.getContext()), name);
    name = base + "_" + std::to_string(suffix);
  }
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(&symbolTable->getRegion(0).front());
    auto type = LLVM::LLVMArrayType::get(builder.getI8Type(), contents.size());
    LLVM::GlobalOp::create(builder, loc, type, /*isConstant=*/true,
                           LLVM::Linkage::Internal, name,
                           builder.getStringAttr(contents), /*alignment=*/1);
  }
  return LLVM::AddressOfOp::create(
      builder, loc, LLVM::LLVMPointerType::get(builder.getContext()), name);
}

/// Declares `name` with `type` in the enclosing symbol table unless it is
/// there already.
static void declareFunction(OpBuilder &builder, Location loc, StringRef name,
                            LLVM::LLVMFunctionType type) {
  Operation *symbolTable = enclosingSymbolTable(builder);
  if (SymbolTable::lookupSymbolIn(symbolTable, name))
    return;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(&symbolTable->getRegion(0).front());
  LLVM::LLVMFuncOp::create(builder, loc, name, type);
}

/// One element-less stack buffer per call site, in the entry block so that a
/// print inside a loop does not grow the stack.
static Value allocaInEntryBlock(OpBuilder &builder, Location loc,
                                Type elementType) {
  Operation *parent = builder.getInsertionBlock()->getParentOp();
  auto func = dyn_cast<LLVM::LLVMFuncOp>(parent);
  if (!func)
    func = parent->getParentOfType<LLVM::LLVMFuncOp>();
  assert(func && "vprintf outside of a function");
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(&func.getBody().front());
  Value one = intConstant(builder, loc, builder.getI64Type(), 1);
  return LLVM::AllocaOp::create(
      builder, loc, LLVM::LLVMPointerType::get(builder.getContext()),
      elementType, one, /*alignment=*/8);
}

void memory::emitVprintf(OpBuilder &builder, Location loc, StringRef format,
                         ValueRange arguments) {
  MLIRContext *context = builder.getContext();
  auto ptrType = LLVM::LLVMPointerType::get(context);
  declareFunction(
      builder, loc, "vprintf",
      LLVM::LLVMFunctionType::get(builder.getI32Type(), {ptrType, ptrType}));
  Value formatPtr = getStringConstant(builder, loc, format);
  Value buffer;
  if (arguments.empty()) {
    buffer = LLVM::ZeroOp::create(builder, loc, ptrType);
  } else {
    // vprintf reads its arguments from a buffer laid out like a struct of
    // the promoted values, each at its natural alignment.
    llvm::SmallVector<Type> fields;
    for (Value argument : arguments)
      fields.push_back(argument.getType());
    auto structType = LLVM::LLVMStructType::getLiteral(context, fields);
    buffer = allocaInEntryBlock(builder, loc, structType);
    for (auto [index, argument] : llvm::enumerate(arguments)) {
      Value field = LLVM::GEPOp::create(
          builder, loc, ptrType, structType, buffer,
          llvm::ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(index)});
      LLVM::StoreOp::create(builder, loc, argument, field);
    }
  }
  LLVM::CallOp::create(builder, loc, TypeRange{builder.getI32Type()}, "vprintf",
                       ValueRange{formatPtr, buffer});
}

Value memory::promoteForPrintf(OpBuilder &builder, Location loc, Value value,
                               Type sourceType) {
  Type f64 = builder.getF64Type();
  Type i32 = builder.getI32Type();
  if (isa<nv_tileaa::PtrType>(sourceType))
    return LLVM::PtrToIntOp::create(builder, loc, builder.getI64Type(), value);
  if (isa<Float8E4M3FNType, Float8E5M2Type>(sourceType))
    return LLVM::FPExtOp::create(
        builder, loc, f64,
        lowering::fp8ToF32Software(builder, loc, value, sourceType));
  if (sourceType.isBF16()) {
    // The high half of an f32; exact and needs no bf16 conversion
    // instruction (sm_80+) on older targets.
    Value bits =
        LLVM::BitcastOp::create(builder, loc, builder.getI16Type(), value);
    Value wide = LLVM::ShlOp::create(
        builder, loc, LLVM::ZExtOp::create(builder, loc, i32, bits),
        i32Constant(builder, loc, 16));
    Value single =
        LLVM::BitcastOp::create(builder, loc, builder.getF32Type(), wide);
    return LLVM::FPExtOp::create(builder, loc, f64, single);
  }
  if (isa<FloatType>(value.getType()) && !value.getType().isF64())
    return LLVM::FPExtOp::create(builder, loc, f64, value);
  if (value.getType().isInteger(1))
    return LLVM::ZExtOp::create(builder, loc, i32, value);
  if (value.getType().isInteger(8) || value.getType().isInteger(16))
    return LLVM::SExtOp::create(builder, loc, i32, value);
  return value;
}

void memory::emitAssertFail(OpBuilder &builder, Location loc, Value message,
                            StringRef file, unsigned line, StringRef function) {
  MLIRContext *context = builder.getContext();
  auto ptrType = LLVM::LLVMPointerType::get(context);
  declareFunction(
      builder, loc, "__assertfail",
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context),
                                  {ptrType, ptrType, builder.getI32Type(),
                                   ptrType, builder.getI64Type()}));
  Value filePtr = getStringConstant(builder, loc, file);
  Value functionPtr = getStringConstant(builder, loc, function);
  LLVM::CallOp::create(
      builder, loc, TypeRange{}, "__assertfail",
      ValueRange{message, filePtr, i32Constant(builder, loc, line), functionPtr,
                 intConstant(builder, loc, builder.getI64Type(), 1)});
}

std::pair<std::string, unsigned> memory::fileAndLine(Location loc) {
  std::pair<std::string, unsigned> result = {"<unknown>", 0};
  bool found = false;
  loc->walk([&](Location inner) {
    if (found)
      return WalkResult::interrupt();
    if (auto fileLoc = dyn_cast<FileLineColLoc>(inner)) {
      result = {fileLoc.getFilename().str(), fileLoc.getLine()};
      found = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return result;
}

Value memory::threadIsZero(OpBuilder &builder, Location loc) {
  return LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::eq,
                              getThreadId(builder, loc),
                              i32Constant(builder, loc, 0));
}

void memory::emitIf(OpBuilder &builder, Location loc, Value condition,
                    llvm::function_ref<void(OpBuilder &)> body) {
  // Build the op first and fill it afterwards: the body looks up the
  // enclosing function and symbol table, which a region under construction
  // does not have yet.
  auto ifOp = scf::IfOp::create(builder, loc, TypeRange{}, condition,
                                /*addThenBlock=*/true, /*addElseBlock=*/false);
  OpBuilder::InsertionGuard guard(builder);
  Block *thenBlock = &ifOp.getThenRegion().front();
  builder.setInsertionPointToEnd(thenBlock);
  body(builder);
  scf::YieldOp::create(builder, loc);
}
