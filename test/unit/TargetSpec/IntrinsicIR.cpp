//===- IntrinsicIR.cpp - a kernel that calls one NVVM intrinsic -----------===//
//
// Usage: tileiras-ts-intrinsic-ir <intrinsic name> [<immediate>]
//
// Prints an NVPTX module whose kernel calls the intrinsic once: ordinary
// operands come from kernel parameters, immediate operands are the smallest
// value their range allows (or <immediate> where the intrinsic declares no
// range), and results are stored to memory so nothing is
// folded away. Overloaded intrinsics are supported when the overloaded types
// are spelled in the name as address spaces (".p3") or scalar types (".f16").
// Used by test/TargetSpec/families.test to check the instruction-family table
// against llc and ptxas.
//
//===----------------------------------------------------------------------===//

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace {

/// Overload types spelled at the end of a mangled name, in order.
bool overloadTypes(LLVMContext &ctx, StringRef baseName, StringRef fullName,
                   SmallVectorImpl<Type *> &types) {
  StringRef rest = fullName.drop_front(baseName.size());
  SmallVector<StringRef> parts;
  rest.split(parts, '.', -1, /*KeepEmpty=*/false);
  for (StringRef p : parts) {
    unsigned as = 0;
    if (p.consume_front("p") && !p.getAsInteger(10, as))
      types.push_back(PointerType::get(ctx, as));
    else if (p == "f16")
      types.push_back(Type::getHalfTy(ctx));
    else if (p == "bf16")
      types.push_back(Type::getBFloatTy(ctx));
    else if (p == "f32")
      types.push_back(Type::getFloatTy(ctx));
    else if (p == "f64")
      types.push_back(Type::getDoubleTy(ctx));
    else if (p == "i32")
      types.push_back(Type::getInt32Ty(ctx));
    else if (p == "i64")
      types.push_back(Type::getInt64Ty(ctx));
    else
      return false;
  }
  return true;
}

} // namespace

int main(int argc, char **argv) {
  uint64_t defaultImmediate = 0;
  if ((argc != 2 && argc != 3) ||
      (argc == 3 && StringRef(argv[2]).getAsInteger(10, defaultImmediate))) {
    errs() << "usage: tileiras-ts-intrinsic-ir <intrinsic name> "
              "[<immediate>]\n";
    return 2;
  }
  StringRef name = argv[1];
  LLVMContext ctx;
  Module m("probe", ctx);
  m.setTargetTriple(Triple("nvptx64-nvidia-cuda"));

  Intrinsic::ID id = Intrinsic::lookupIntrinsicID(name);
  if (id == Intrinsic::not_intrinsic) {
    errs() << "unknown intrinsic: " << name << "\n";
    return 1;
  }
  SmallVector<Type *> overloads;
  if (Intrinsic::isOverloaded(id) &&
      !overloadTypes(ctx, Intrinsic::getBaseName(id), name, overloads)) {
    errs() << "cannot derive the overloaded types of " << name << "\n";
    return 1;
  }
  Function *callee = Intrinsic::getOrInsertDeclaration(&m, id, overloads);
  FunctionType *ft = callee->getFunctionType();
  AttributeList attrs = callee->getAttributes();

  SmallVector<Type *> params;
  for (unsigned i = 0; i < ft->getNumParams(); ++i)
    if (!attrs.hasParamAttr(i, Attribute::ImmArg))
      params.push_back(ft->getParamType(i));
  params.push_back(PointerType::get(ctx, 1)); // where results go
  Function *kernel =
      Function::Create(FunctionType::get(Type::getVoidTy(ctx), params, false),
                       GlobalValue::ExternalLinkage, "probe", m);
  kernel->setCallingConv(CallingConv::PTX_Kernel);

  IRBuilder<> b(BasicBlock::Create(ctx, "entry", kernel));
  SmallVector<Value *> args;
  unsigned next = 0;
  for (unsigned i = 0; i < ft->getNumParams(); ++i) {
    if (!attrs.hasParamAttr(i, Attribute::ImmArg)) {
      args.push_back(kernel->getArg(next++));
      continue;
    }
    Type *t = ft->getParamType(i);
    uint64_t value = defaultImmediate;
    Attribute range = attrs.getParamAttr(i, Attribute::Range);
    if (range.isValid())
      value = range.getRange().getLower().getZExtValue();
    args.push_back(t->isIntegerTy() ? ConstantInt::get(t, value)
                                    : Constant::getNullValue(t));
  }
  Value *result = b.CreateCall(callee, args);
  Value *out = kernel->getArg(next);
  if (auto *st = dyn_cast<StructType>(result->getType())) {
    for (unsigned j = 0; j < st->getNumElements(); ++j)
      b.CreateStore(b.CreateExtractValue(result, j),
                    b.CreateConstGEP1_32(b.getInt8Ty(), out, 64 * j));
  } else if (!result->getType()->isVoidTy()) {
    b.CreateStore(result, out);
  }
  b.CreateRetVoid();

  std::string problems;
  raw_string_ostream os(problems);
  if (verifyModule(m, &os)) {
    errs() << "the generated module is invalid: " << problems << "\n";
    return 1;
  }
  m.print(outs(), nullptr);
  return 0;
}
