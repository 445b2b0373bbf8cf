//===- SimPrep.cpp - NVPTX LLVM IR of a kernel -> host LLVM IR ------------===//
//
// tileiras-sim-prep IN.ll -o OUT.ll [--kernel=NAME] [--no-entry] [--no-asan]
//
// Prepares the optimized NVPTX LLVM IR that `tileiras --emit=llvm` writes
// for the CPU simulator (tools/sim/README.md):
//
//  * address spaces are dropped (one flat host address space), so that every
//    access, shared and global alike, is checked by AddressSanitizer;
//  * the inline PTX of the memory and conversion lowering becomes host IR:
//    the templates passes/TileToLLVM/MemoryOps.cpp, MemoryUtils.cpp and
//    ElementwiseOps.cpp generate are recognized exactly (predicated
//    ld/st/atom with their qualifiers, `mov` of the initial values, cvt with
//    a rounding mode), and anything else is an error, so that a new template
//    cannot go unsimulated;
//  * llvm.nvvm.* intrinsics become calls of __sim_nvvm_* functions of the
//    runtime (tools/sim/runtime.cpp); one the runtime lacks fails the link;
//    the warp collectives with register fragments (mma, ldmatrix,
//    stmatrix) become __sim_mma/__sim_ldmatrix/__sim_stmatrix calls that
//    name the instruction and pass the registers in memory;
//  * the shared-memory globals become offsets into a per-CTA arena that the
//    runtime allocates for every CTA (__sim_shared_base());
//  * libdevice bodies (__nv_*) are dropped: the runtime maps them to libm;
//  * the kernel gets a host entry, __sim_kernel_entry(ptr slots), that
//    reads its arguments from 8-byte slots, plus its signature, block size
//    and shared-memory size for the launcher (tools/sim/kernel_main.cpp).
//
//===----------------------------------------------------------------------===//

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include <map>
#include <optional>
#include <regex>
#include <set>
#include <string>

using namespace llvm;

static cl::opt<std::string> inputPath(cl::Positional, cl::Required,
                                      cl::desc("<input .ll>"));
static cl::opt<std::string> outputPath("o", cl::Required,
                                       cl::desc("output .ll"));
static cl::opt<std::string>
    kernelName("kernel", cl::desc("the kernel to wrap (default: the only "
                                  "ptx_kernel function)"));
static cl::opt<bool> noEntry("no-entry",
                             cl::desc("translate only; no kernel entry"));
static cl::opt<uint64_t> dynamicSharedBytesOption(
    "dynamic-shared-bytes",
    cl::desc("dynamic shared memory per CTA, for `extern .shared` globals "
             "(default: the kernel's tileiras-dynamic-shared-memory-bytes "
             "attribute)"));
static cl::opt<bool> noAsan("no-asan",
                            cl::desc("do not mark functions sanitize_address"));

namespace {

[[noreturn]] void fail(const Twine &message) {
  errs() << "tileiras-sim-prep: error: " << message << "\n";
  exit(1);
}

//===----------------------------------------------------------------------===//
// Text stage: one flat address space
//===----------------------------------------------------------------------===//

/// The prefix llvm.nvvm. intrinsics that take fixed address spaces get
/// while the IR is parsed without address spaces.
constexpr const char *kFlattenedNvvm = "__flattened_llvm_nvvm.";

/// Metadata on the stores that wrote shared memory (addrspace 3) before
/// the address spaces were dropped.
constexpr const char *kSharedStore = "sim.shared.store";

/// Drops every `addrspace(N)` (types, globals, `alloca ..., addrspace(5)`)
/// and turns `addrspacecast` into a no-op `bitcast`. The parser remangles
/// intrinsic names that mention address spaces (llvm.memcpy.p3.p1 ...).
/// Records the globals that lived in shared memory (addrspace 3) and in
/// global memory (addrspace 1), and marks the stores to shared memory
/// (kSharedStore metadata) for markSharedStores.
std::string flattenAddressSpaces(StringRef text,
                                 std::set<std::string> &sharedGlobals,
                                 std::set<std::string> &memoryGlobals) {
  std::string out;
  out.reserve(text.size());
  SmallVector<StringRef> lines;
  text.split(lines, '\n');
  static const std::regex sharedGlobal(
      R"(^(@[^ ]+) = .*addrspace\(3\) (global|constant|externally_initialized) )");
  static const std::regex memoryGlobal(
      R"(^(@[^ ]+) = .*addrspace\(1\) (global|constant|externally_initialized) )");
  for (StringRef line : lines) {
    if (line.starts_with("target datalayout") ||
        line.starts_with("target triple"))
      continue;
    std::string s = line.str();
    if (StringRef(s).ltrim().starts_with("store ") &&
        StringRef(s).contains("ptr addrspace(3) "))
      s += std::string(", !") + kSharedStore + " !{}";
    std::smatch match;
    if (std::regex_search(s, match, sharedGlobal))
      sharedGlobals.insert(match[1].str().substr(1));
    if (std::regex_search(s, match, memoryGlobal))
      memoryGlobals.insert(match[1].str().substr(1));
    std::string flat;
    size_t pos = 0;
    while (true) {
      size_t found = s.find("addrspace(", pos);
      if (found == std::string::npos) {
        flat += s.substr(pos);
        break;
      }
      size_t close = s.find(')', found);
      if (close == std::string::npos)
        fail("malformed addrspace in: " + s);
      std::string before = s.substr(pos, found - pos);
      // `, addrspace(5)` (alloca) or ` addrspace(1)` (types, globals).
      if (StringRef(before).ends_with(", "))
        before.resize(before.size() - 2);
      else if (StringRef(before).ends_with(" "))
        before.resize(before.size() - 1);
      else
        fail("unexpected addrspace in: " + s);
      flat += before;
      pos = close + 1;
    }
    static const std::regex cast(R"(\baddrspacecast\b)");
    flat = std::regex_replace(flat, cast, "bitcast");
    // cp.async copies, TMA copies, mbarrier and tcgen05 operations are not
    // overloaded: with their address spaces gone they would no longer
    // verify (the parser verifies modules with debug info), so they are
    // renamed before parsing; renameNvvmIntrinsics treats the prefix like
    // llvm.nvvm.
    static const std::regex cpAsync(
        R"(@llvm\.nvvm\.(cp\.async\.(c[ag]\.shared\.global|bulk\.[a-z0-9.]+)|mbarrier\.[a-z0-9._]+|tcgen05\.[a-z0-9._]+))");
    std::string renamed = std::regex_replace(
        flat, cpAsync, std::string("@") + kFlattenedNvvm + "$1");
    // immarg is for intrinsics only.
    if (StringRef(renamed).starts_with("declare") &&
        StringRef(renamed).contains(kFlattenedNvvm)) {
      static const std::regex immarg(R"( immarg)");
      renamed = std::regex_replace(renamed, immarg, "");
    }
    out += renamed;
    out += '\n';
  }
  return out;
}

//===----------------------------------------------------------------------===//
// Runtime declarations
//===----------------------------------------------------------------------===//

FunctionCallee runtime(Module &m, StringRef name, Type *result,
                       ArrayRef<Type *> params) {
  return m.getOrInsertFunction(name, FunctionType::get(result, params, false));
}

// State-space codes of __sim_check_access (PTX's address-space numbers).
enum Space : unsigned {
  Generic = 0,
  Global = 1,
  Shared = 3,
  Const = 4,
  Local = 5
};

//===----------------------------------------------------------------------===//
// Inline PTX
//===----------------------------------------------------------------------===//

/// The text with blanks collapsed to single spaces.
std::string collapseBlanks(StringRef text) {
  std::string normal;
  for (char c : text) {
    bool blank = c == ' ' || c == '\n' || c == '\t';
    if (blank && (normal.empty() || normal.back() == ' '))
      continue;
    normal += blank ? ' ' : c;
  }
  while (!normal.empty() && normal.back() == ' ')
    normal.pop_back();
  return normal;
}

/// One recognized asm statement being rewritten into host IR at the
/// position of its call. Operand `$N` is regs[N]: outputs first, then the
/// call arguments (InlinePtx in passes/TileToLLVM/MemoryUtils.cpp numbers
/// them that way).
class AsmTranslator {
public:
  AsmTranslator(CallInst *call) : call(call), m(*call->getModule()) {
    auto *ia = cast<InlineAsm>(call->getCalledOperand());
    text = ia->getAsmString();
    parseConstraints(ia->getConstraintString());
  }

  void run() {
    if (translateLibdeviceTemplate())
      return finish();
    SmallVector<StringRef> statements;
    StringRef(text).split(statements, ';');
    for (StringRef statement : statements) {
      statement = statement.trim();
      if (!statement.empty())
        translate(statement.str());
    }
    finish();
  }

private:
  CallInst *call;
  Module &m;
  std::string text;
  unsigned numOutputs = 0;
  SmallVector<Type *> types; // per operand
  SmallVector<char> classes; // per operand: r l h c b f d
  SmallVector<Value *> regs; // current value per operand
  SmallVector<bool> written; // outputs assigned

  [[noreturn]] void unknown(const Twine &why) {
    std::string where = call->getFunction()->getName().str();
    fail("unsupported inline PTX in @" + where + " (" + why + "):\n  \"" +
         text +
         "\"\nThis is a gap in the simulator, not a mistake in your kernel "
         "(tileiras compiled it): the simulator recognizes exactly the "
         "templates of the tileiras lowering and of libdevice listed in "
         "test/Sim/Inputs/sim-coverage.txt. Please report it with the "
         "kernel; to add it, teach tools/sim/SimPrep.cpp the new "
         "template.");
  }

  /// The whole-statement inline PTX of libdevice (its bodies are inlined
  /// into kernels that use math ops): recognized by their exact text, with
  /// blanks collapsed, and built as host IR or runtime calls.
  bool translateLibdeviceTemplate() {
    std::string normal = collapseBlanks(text);
    IRBuilder<> b = builder();
    auto runtimeCall = [&](StringRef name) {
      FunctionCallee f = runtime(m, name, types[0], {types[1]});
      assign(0, b.CreateCall(f, {regs[1]}));
    };
    auto expect = [&](StringRef constraints) {
      std::string actual(classes.begin(), classes.end());
      if (actual != constraints)
        unknown("libdevice template with operands '" + Twine(actual) + "'");
    };
    if (normal == "rcp.approx.ftz.f32 $0,$1;") {
      expect("ff");
      runtimeCall("__sim_ptx_rcp_approx_ftz_f32");
    } else if (normal == "rsqrt.approx.ftz.f64 $0, $1;") {
      expect("dd");
      runtimeCall("__sim_ptx_rsqrt_approx_ftz_f64");
    } else if (normal == "sub.rn.f32 $0, $1, $2;") {
      expect("fff");
      assign(0, b.CreateFSub(regs[1], regs[2]));
    } else if (normal == "sub.rn.ftz.f32 $0, $1, $2;") {
      // a - b == a + (-b) exactly; the runtime's add flushes subnormals.
      expect("fff");
      FunctionCallee add = runtime(m, "__sim_nvvm_add_rn_ftz_f", b.getFloatTy(),
                                   {b.getFloatTy(), b.getFloatTy()});
      assign(0, b.CreateCall(add, {regs[1], b.CreateFNeg(regs[2])}));
    } else if (normal == "{ .reg .pred __$$temp3; setp.equ.f64 __$$temp3, $1, "
                         "$2; selp.f64 $0, $3, $4, __$$temp3;}") {
      // setp.equ: equal or unordered.
      expect("ddddd");
      assign(0, b.CreateSelect(b.CreateFCmpUEQ(regs[1], regs[2]), regs[3],
                               regs[4]));
    } else if (normal == "{ mad.lo.cc.u32 $0, $2, $3, $4; madc.hi.u32 $1, $2, "
                         "$3, 0; }") {
      // {$1, $0} = $2 * $3 + $4 as one 64-bit value (cannot overflow).
      expect("rrrrr");
      Type *i64 = b.getInt64Ty();
      Value *sum = b.CreateAdd(
          b.CreateMul(b.CreateZExt(regs[2], i64), b.CreateZExt(regs[3], i64)),
          b.CreateZExt(regs[4], i64));
      assign(0, b.CreateTrunc(sum, b.getInt32Ty()));
      assign(1, b.CreateTrunc(b.CreateLShr(sum, 32), b.getInt32Ty()));
    } else if (std::optional<WideTemplate> op = wideTemplate(normal)) {
      expect(op->constraints);
      translateWide(b, op->kind);
    } else {
      return false;
    }
    return true;
  }

  enum class WideOp { Add, Sub, Mul, Mad };
  struct WideTemplate {
    WideOp kind;
    StringRef constraints;
  };

  /// 128-bit add, sub, mul and mad on pairs of 64-bit words ($0 and $2, $4
  /// the low words): the carry chains of libdevice's argument reduction, as
  /// i128 arithmetic (checked against the PTX sequences' carry semantics).
  void translateWide(IRBuilder<> &b, WideOp kind) {
    Type *i128 = b.getInt128Ty();
    auto wide = [&](unsigned low) {
      Value *lo = b.CreateZExt(regs[low], i128);
      if (kind == WideOp::Mul || kind == WideOp::Mad)
        return lo; // the operands are single 64-bit words
      Value *hi = b.CreateShl(b.CreateZExt(regs[low + 1], i128), 64);
      return b.CreateOr(lo, hi);
    };
    Value *result = nullptr;
    switch (kind) {
    case WideOp::Add:
      result = b.CreateAdd(wide(2), wide(4));
      break;
    case WideOp::Sub:
      result = b.CreateSub(wide(2), wide(4));
      break;
    case WideOp::Mul:
      result = b.CreateMul(wide(2), wide(3));
      break;
    case WideOp::Mad:
      result = b.CreateAdd(b.CreateMul(wide(2), wide(3)), wide(4));
      break;
    }
    assign(0, b.CreateTrunc(result, b.getInt64Ty()));
    assign(1, b.CreateTrunc(b.CreateLShr(result, 64), b.getInt64Ty()));
  }

  /// libdevice's 128-bit integer templates, blanks collapsed.
  static std::optional<WideTemplate> wideTemplate(StringRef normal) {
    static const char *addSub =
        "{ .reg .u32 r0, r1, r2, r3, a0, a1, a2, a3, b0, b1, b2, b3; mov.b64 "
        "{a0,a1}, $2; mov.b64 {a2,a3}, $3; mov.b64 {b0,b1}, $4; mov.b64 "
        "{b2,b3}, $5; OP.cc.u32 r0, a0, b0; OPc.cc.u32 r1, a1, b1; OPc.cc.u32 "
        "r2, a2, b2; OPc.u32 r3, a3, b3; mov.b64 $0, {r0,r1}; mov.b64 $1, "
        "{r2,r3}; }";
    static const char *mad =
        "{ .reg .u32 r0, r1, r2, r3, alo, ahi, blo, bhi, clo, chi; mov.b64 "
        "{alo,ahi}, $2; mov.b64 {blo,bhi}, $3; mov.b64 {clo,chi}, $4; "
        "mad.lo.cc.u32 r0, alo, blo, clo; madc.hi.cc.u32 r1, alo, blo, chi; "
        "madc.hi.u32 r2, alo, bhi, 0; mad.lo.cc.u32 r1, alo, bhi, r1; "
        "madc.hi.cc.u32 r2, ahi, blo, r2; madc.hi.u32 r3, ahi, bhi, 0; "
        "mad.lo.cc.u32 r1, ahi, blo, r1; madc.lo.cc.u32 r2, ahi, bhi, r2; "
        "addc.u32 r3, r3, 0; mov.b64 $0, {r0,r1}; mov.b64 $1, {r2,r3}; }";
    static const char *mul =
        "{ .reg .u32 r0, r1, r2, r3, alo, ahi, blo, bhi; mov.b64 {alo,ahi}, "
        "$2; mov.b64 {blo,bhi}, $3; mul.lo.u32 r0, alo, blo; mul.hi.u32 r1, "
        "alo, blo; mad.lo.cc.u32 r1, alo, bhi, r1; madc.hi.u32 r2, alo, bhi, "
        "0; mad.lo.cc.u32 r1, ahi, blo, r1; madc.hi.cc.u32 r2, ahi, blo, r2; "
        "madc.hi.u32 r3, ahi, bhi, 0; mad.lo.cc.u32 r2, ahi, bhi, r2; "
        "addc.u32 r3, r3, 0; mov.b64 $0, {r0,r1}; mov.b64 $1, {r2,r3}; }";
    auto with = [](StringRef pattern, StringRef op) {
      std::string text = pattern.str();
      for (size_t at; (at = text.find("OP")) != std::string::npos;)
        text.replace(at, 2, op.str());
      return text;
    };
    if (normal == with(addSub, "add"))
      return WideTemplate{WideOp::Add, "llllll"};
    if (normal == with(addSub, "sub"))
      return WideTemplate{WideOp::Sub, "llllll"};
    if (normal == mad)
      return WideTemplate{WideOp::Mad, "lllll"};
    if (normal == mul)
      return WideTemplate{WideOp::Mul, "llll"};
    return std::nullopt;
  }

  static Type *typeOfClass(LLVMContext &ctx, char c) {
    switch (c) {
    case 'b':
      return Type::getInt1Ty(ctx);
    case 'c':
      return Type::getInt8Ty(ctx);
    case 'h':
      return Type::getInt16Ty(ctx);
    case 'r':
      return Type::getInt32Ty(ctx);
    case 'l':
      return Type::getInt64Ty(ctx);
    case 'f':
      return Type::getFloatTy(ctx);
    case 'd':
      return Type::getDoubleTy(ctx);
    }
    return nullptr;
  }

  void parseConstraints(StringRef constraints) {
    SmallVector<StringRef> parts;
    constraints.split(parts, ',');
    SmallVector<Type *> outTypes;
    Type *result = call->getType();
    if (auto *st = dyn_cast<StructType>(result))
      outTypes.assign(st->element_begin(), st->element_end());
    else if (!result->isVoidTy())
      outTypes.push_back(result);
    unsigned input = 0;
    for (StringRef part : parts) {
      if (part.starts_with("~"))
        unknown("clobbers are not generated by the lowering");
      bool isOutput = part.consume_front("=");
      part.consume_front("&");
      if (part.size() != 1 || !typeOfClass(call->getContext(), part[0]))
        unknown("constraint '" + part + "'");
      Type *expected = typeOfClass(call->getContext(), part[0]);
      Type *actual;
      if (isOutput) {
        if (input)
          unknown("output after input");
        if (numOutputs >= outTypes.size())
          unknown("more outputs than results");
        actual = outTypes[numOutputs++];
        regs.push_back(PoisonValue::get(actual));
      } else {
        if (input >= call->arg_size())
          unknown("more inputs than arguments");
        Value *arg = call->getArgOperand(input++);
        actual = arg->getType();
        regs.push_back(arg);
      }
      if (actual != expected)
        unknown("operand type does not match constraint '" + part + "'");
      types.push_back(actual);
      classes.push_back(part[0]);
    }
    if (numOutputs != outTypes.size() || input != call->arg_size())
      unknown("constraints do not cover the operands");
    written.assign(numOutputs, false);
  }

  unsigned operand(const std::string &ref) {
    if (ref.size() < 2 || ref[0] != '$')
      unknown("operand '" + ref + "'");
    unsigned index;
    if (StringRef(ref).drop_front().getAsInteger(10, index) ||
        index >= regs.size())
      unknown("operand '" + ref + "'");
    return index;
  }

  unsigned output(const std::string &ref) {
    unsigned index = operand(ref);
    if (index >= numOutputs)
      unknown("writes input " + ref);
    return index;
  }

  /// "{$0, $1}" or "$0"
  SmallVector<unsigned> operandList(const std::string &list) {
    SmallVector<unsigned> result;
    StringRef s(list);
    if (s.consume_front("{")) {
      if (!s.consume_back("}"))
        unknown("operand list '" + list + "'");
      SmallVector<StringRef> parts;
      s.split(parts, ',');
      for (StringRef p : parts)
        result.push_back(operand(p.trim().str()));
    } else {
      result.push_back(operand(list));
    }
    return result;
  }

  /// Where the next instruction goes: before the call (which moves to the
  /// tail block when a predicate splits the block).
  IRBuilder<> builder() { return IRBuilder<>(call); }

  /// Runs `body` (which assigns outputs) only where `predicate` holds; the
  /// outputs keep their earlier values elsewhere (a predicated-off PTX
  /// instruction does nothing).
  void predicated(std::optional<unsigned> predicate,
                  function_ref<void(IRBuilder<> &)> body) {
    if (!predicate) {
      IRBuilder<> b = builder();
      body(b);
      return;
    }
    if (classes[*predicate] != 'b')
      unknown("predicate is not a 'b' operand");
    SmallVector<Value *> before(regs.begin(), regs.end());
    BasicBlock *head = call->getParent();
    Instruction *thenTerm = SplitBlockAndInsertIfThen(
        regs[*predicate], call->getIterator(), /*Unreachable=*/false);
    BasicBlock *thenBlock = thenTerm->getParent();
    IRBuilder<> b(thenTerm);
    body(b);
    BasicBlock *tail = call->getParent();
    IRBuilder<> phiBuilder(tail, tail->begin());
    for (unsigned i = 0; i < numOutputs; ++i) {
      if (regs[i] == before[i])
        continue;
      PHINode *phi = phiBuilder.CreatePHI(types[i], 2);
      phi->addIncoming(regs[i], thenBlock);
      phi->addIncoming(before[i], head);
      regs[i] = phi;
    }
  }

  void assign(unsigned out, Value *value) {
    regs[out] = value;
    written[out] = true;
  }

  static std::optional<AtomicOrdering> ordering(StringRef semantic) {
    if (semantic == "relaxed")
      return AtomicOrdering::Monotonic;
    if (semantic == "acquire")
      return AtomicOrdering::Acquire;
    if (semantic == "release")
      return AtomicOrdering::Release;
    if (semantic == "acq_rel")
      return AtomicOrdering::AcquireRelease;
    return std::nullopt;
  }

  static std::optional<Space> spaceOf(StringRef q) {
    if (q == "global")
      return Global;
    if (q == "shared")
      return Shared;
    if (q == "const")
      return Const;
    if (q == "local")
      return Local;
    return std::nullopt;
  }

  static bool isScope(StringRef q) {
    return q == "cta" || q == "cluster" || q == "gpu" || q == "sys";
  }

  /// The qualifiers of ld/st in PTX order:
  /// {.sem.scope}{.ss}{.cop}{.L1::evict_*}{.vN}.bW
  struct Access {
    std::optional<AtomicOrdering> order;
    Space space = Generic;
    unsigned vector = 1;
    unsigned bits = 0;
  };

  Access parseAccess(StringRef quals, bool isLoad) {
    SmallVector<StringRef> q;
    quals.split(q, '.', -1, /*KeepEmpty=*/false);
    Access a;
    size_t i = 0;
    if (i < q.size() && ordering(q[i])) {
      StringRef sem = q[i];
      bool allowed =
          sem == "relaxed" || (isLoad ? sem == "acquire" : sem == "release");
      if (!allowed || i + 1 >= q.size() || !isScope(q[i + 1]))
        unknown("memory ordering ." + sem);
      a.order = ordering(sem);
      i += 2;
    }
    if (i < q.size() && spaceOf(q[i]))
      a.space = *spaceOf(q[i++]);
    static const std::set<std::string> loadCache = {"ca", "cg", "cs", "lu",
                                                    "cv"};
    static const std::set<std::string> storeCache = {"wb", "cg", "cs", "wt"};
    // Cache operators and eviction priorities only steer the caches.
    if (i < q.size() && (isLoad ? loadCache : storeCache).count(q[i].str()))
      ++i;
    if (i < q.size() && (q[i] == "L1::evict_first" || q[i] == "L1::evict_last"))
      ++i;
    if (i < q.size() && (q[i] == "v2" || q[i] == "v4"))
      a.vector = q[i++] == "v2" ? 2 : 4;
    if (i + 1 != q.size() || !q[i].starts_with("b") ||
        q[i].drop_front().getAsInteger(10, a.bits) ||
        (a.bits != 8 && a.bits != 16 && a.bits != 32 && a.bits != 64))
      unknown("qualifiers ." + quals.drop_front());
    return a;
  }

  Value *addressOf(IRBuilder<> &b, unsigned reg) {
    if (types[reg] != b.getInt64Ty())
      unknown("address is not a 64-bit operand");
    return b.CreateIntToPtr(regs[reg], b.getPtrTy());
  }

  void checkAccess(IRBuilder<> &b, unsigned addressReg, unsigned bytes,
                   Space space, bool write) {
    FunctionCallee check = runtime(
        m, "__sim_check_access", b.getVoidTy(),
        {b.getInt64Ty(), b.getInt64Ty(), b.getInt32Ty(), b.getInt32Ty()});
    b.CreateCall(check, {regs[addressReg], b.getInt64(bytes), b.getInt32(space),
                         b.getInt32(write)});
  }

  void translate(const std::string &statement) {
    static const std::regex guardRe(R"(^@(\$\d+) (.*)$)");
    static const std::regex movRe(R"(^mov\.b(16|32|64) (\$\d+), (\$\d+|0)$)");
    static const std::regex ldRe(
        R"(^ld((?:\.[A-Za-z0-9_:]+)+) (\{[^}]*\}|\$\d+), \[(\$\d+)\]$)");
    static const std::regex stRe(
        R"(^st((?:\.[A-Za-z0-9_:]+)+) \[(\$\d+)\], (\{[^}]*\}|\$\d+)$)");
    static const std::regex atomRe(
        R"(^atom((?:\.[A-Za-z0-9_]+)+) (\$\d+), \[(\$\d+)\], (\$\d+)(?:, (\$\d+))?$)");
    static const std::regex cvtRe(
        R"(^cvt\.(rn|rz|rm|rp)\.(f16|bf16)\.f32 (\$\d+), (\$\d+)$)");
    std::smatch g;
    std::string body = statement;
    std::optional<unsigned> predicate;
    if (std::regex_match(statement, g, guardRe)) {
      predicate = operand(g[1].str());
      body = g[2].str();
    }
    std::smatch s;
    if (std::regex_match(body, s, movRe)) {
      unsigned out = output(s[2].str());
      unsigned width = std::stoi(s[1].str());
      unsigned bits = types[out]->getPrimitiveSizeInBits();
      // 8-bit values live in 16-bit registers (mov.b16 into a "c" output).
      if (!types[out]->isIntegerTy() ||
          !(bits == width || (bits == 8 && width == 16)))
        unknown("mov width");
      predicated(predicate, [&](IRBuilder<> &b) {
        if (s[3].str() == "0") {
          assign(out, ConstantInt::get(types[out], 0));
          return;
        }
        unsigned source = operand(s[3].str());
        if (types[source] != types[out])
          unknown("mov between different register types");
        assign(out, regs[source]);
      });
      return;
    }
    if (std::regex_match(body, s, ldRe)) {
      Access a = parseAccess(s[1].str(), /*isLoad=*/true);
      SmallVector<unsigned> outs = operandList(s[2].str());
      unsigned address = operand(s[3].str());
      if (outs.size() != a.vector)
        unknown("vector width and destination count differ");
      for (unsigned out : outs)
        if (out >= numOutputs ||
            types[out] != IntegerType::get(m.getContext(), a.bits))
          unknown("destination register does not hold .b" + Twine(a.bits));
      predicated(predicate, [&](IRBuilder<> &b) {
        unsigned bytes = a.bits / 8 * a.vector;
        checkAccess(b, address, bytes, a.space, /*write=*/false);
        Value *ptr = addressOf(b, address);
        Type *word = b.getIntNTy(a.bits);
        if (a.vector > 1 && !a.order) {
          // One vector access, aligned like PTX requires.
          Value *v = b.CreateAlignedLoad(FixedVectorType::get(word, a.vector),
                                         ptr, Align(bytes));
          for (unsigned k = 0; k < a.vector; ++k)
            assign(outs[k], b.CreateExtractElement(v, k));
          return;
        }
        for (unsigned k = 0; k < a.vector; ++k) {
          Value *at = b.CreateConstGEP1_64(b.getInt8Ty(), ptr, k * a.bits / 8);
          LoadInst *load =
              b.CreateAlignedLoad(word, at, Align(k ? a.bits / 8 : bytes));
          if (a.order)
            load->setAtomic(*a.order);
          assign(outs[k], load);
        }
      });
      return;
    }
    if (std::regex_match(body, s, stRe)) {
      Access a = parseAccess(s[1].str(), /*isLoad=*/false);
      unsigned address = operand(s[2].str());
      SmallVector<unsigned> values = operandList(s[3].str());
      if (values.size() != a.vector)
        unknown("vector width and source count differ");
      for (unsigned v : values)
        if (types[v] != IntegerType::get(m.getContext(), a.bits))
          unknown("source register does not hold .b" + Twine(a.bits));
      predicated(predicate, [&](IRBuilder<> &b) {
        unsigned bytes = a.bits / 8 * a.vector;
        checkAccess(b, address, bytes, a.space, /*write=*/true);
        Value *ptr = addressOf(b, address);
        Type *word = b.getIntNTy(a.bits);
        if (a.vector > 1 && !a.order) {
          Value *v = PoisonValue::get(FixedVectorType::get(word, a.vector));
          for (unsigned k = 0; k < a.vector; ++k)
            v = b.CreateInsertElement(v, regs[values[k]], k);
          b.CreateAlignedStore(v, ptr, Align(bytes));
          return;
        }
        for (unsigned k = 0; k < a.vector; ++k) {
          Value *at = b.CreateConstGEP1_64(b.getInt8Ty(), ptr, k * a.bits / 8);
          StoreInst *store = b.CreateAlignedStore(
              regs[values[k]], at, Align(k ? a.bits / 8 : bytes));
          if (a.order)
            store->setAtomic(*a.order);
        }
      });
      return;
    }
    if (std::regex_match(body, s, atomRe)) {
      translateAtomic(predicate, s[1].str(), output(s[2].str()),
                      operand(s[3].str()), operand(s[4].str()),
                      s[5].matched
                          ? std::optional<unsigned>(operand(s[5].str()))
                          : std::nullopt);
      return;
    }
    if (std::regex_match(body, s, cvtRe)) {
      unsigned out = output(s[3].str());
      unsigned in = operand(s[4].str());
      if (classes[out] != 'h' || classes[in] != 'f')
        unknown("cvt operands");
      static const std::map<std::string, int> modes = {
          {"rn", 0}, {"rz", 1}, {"rm", 2}, {"rp", 3}};
      std::string fmt = s[2].str();
      predicated(predicate, [&](IRBuilder<> &b) {
        FunctionCallee cvt =
            runtime(m, "__sim_cvt_f32_to_" + fmt, b.getInt32Ty(),
                    {b.getFloatTy(), b.getInt32Ty()});
        Value *bits =
            b.CreateCall(cvt, {regs[in], b.getInt32(modes.at(s[1].str()))});
        assign(out, b.CreateTrunc(bits, b.getInt16Ty()));
      });
      return;
    }
    unknown("instruction '" + body + "'");
  }

  /// atom{.sem.scope}{.space}.op{.noftz}.type d, [a], b{, c}
  void translateAtomic(std::optional<unsigned> predicate, StringRef quals,
                       unsigned out, unsigned address, unsigned value,
                       std::optional<unsigned> value2) {
    SmallVector<StringRef> q;
    quals.split(q, '.', -1, /*KeepEmpty=*/false);
    size_t i = 0;
    AtomicOrdering order = AtomicOrdering::Monotonic;
    if (i < q.size() && ordering(q[i])) {
      order = *ordering(q[i]);
      if (i + 1 >= q.size() || !isScope(q[i + 1]))
        unknown("atom ordering without a scope");
      i += 2;
    }
    Space space = Generic;
    if (i < q.size() && spaceOf(q[i]))
      space = *spaceOf(q[i++]);
    if (space != Global && space != Shared && space != Generic)
      unknown("atom state space");
    if (i >= q.size())
      unknown("atom without an operation");
    StringRef op = q[i++];
    bool noftz = i < q.size() && q[i] == "noftz";
    if (noftz)
      ++i;
    if (i + 1 != q.size())
      unknown("atom qualifiers ." + quals.drop_front());
    StringRef type = q[i];
    char kind = type[0];
    unsigned bits;
    if (type.starts_with("bf")) {
      kind = 'h'; // bf16
      bits = 16;
    } else if (type.drop_front().getAsInteger(10, bits)) {
      unknown("atom type ." + type);
    }
    LLVMContext &ctx = m.getContext();
    Type *word = IntegerType::get(ctx, bits);
    if (types[out] != word || types[value] != word ||
        (value2 && types[*value2] != word))
      unknown("atom operand widths");
    bool isCas = op == "cas";
    if (isCas != value2.has_value())
      unknown("atom operand count");

    std::optional<AtomicRMWInst::BinOp> rmw;
    StringRef floatAdd; // runtime function for floating-point additions
    if (op == "add" && kind == 'u')
      rmw = AtomicRMWInst::Add;
    else if (op == "add" && kind == 'f' && bits == 32 && !noftz)
      floatAdd = "__sim_atom_add_f32";
    else if (op == "add" && kind == 'f' && bits == 64 && !noftz)
      floatAdd = "__sim_atom_add_f64";
    else if (op == "add" && kind == 'f' && bits == 16 && noftz)
      floatAdd = "__sim_atom_add_f16";
    else if (op == "add" && kind == 'h' && noftz)
      floatAdd = "__sim_atom_add_bf16";
    else if (op == "and" && kind == 'b')
      rmw = AtomicRMWInst::And;
    else if (op == "or" && kind == 'b')
      rmw = AtomicRMWInst::Or;
    else if (op == "xor" && kind == 'b')
      rmw = AtomicRMWInst::Xor;
    else if (op == "exch" && kind == 'b')
      rmw = AtomicRMWInst::Xchg;
    else if (op == "min" && kind == 's')
      rmw = AtomicRMWInst::Min;
    else if (op == "max" && kind == 's')
      rmw = AtomicRMWInst::Max;
    else if (op == "min" && kind == 'u')
      rmw = AtomicRMWInst::UMin;
    else if (op == "max" && kind == 'u')
      rmw = AtomicRMWInst::UMax;
    else if (op == "inc" && kind == 'u' && bits == 32)
      rmw = AtomicRMWInst::UIncWrap;
    else if (op == "dec" && kind == 'u' && bits == 32)
      rmw = AtomicRMWInst::UDecWrap;
    else if (!(isCas && kind == 'b'))
      unknown("atom operation ." + op + "." + type);

    predicated(predicate, [&](IRBuilder<> &b) {
      checkAccess(b, address, bits / 8, space, /*write=*/true);
      Value *ptr = addressOf(b, address);
      if (isCas) {
        AtomicOrdering failure = order == AtomicOrdering::Acquire ||
                                         order == AtomicOrdering::AcquireRelease
                                     ? AtomicOrdering::Acquire
                                     : AtomicOrdering::Monotonic;
        Value *pair = b.CreateAtomicCmpXchg(ptr, regs[value], regs[*value2],
                                            Align(bits / 8), order, failure);
        assign(out, b.CreateExtractValue(pair, 0));
        return;
      }
      if (rmw) {
        assign(out, b.CreateAtomicRMW(*rmw, ptr, regs[value], Align(bits / 8),
                                      order));
        return;
      }
      // Floating-point additions: the runtime rounds like the hardware
      // (f32 on global memory flushes subnormals, noftz f16/bf16 do not).
      // 16-bit values cross as 32-bit integers.
      Type *carrier = bits == 16 ? b.getInt32Ty() : word;
      SmallVector<Type *> params = {b.getPtrTy(), carrier};
      SmallVector<Value *> args = {
          ptr, bits == 16 ? b.CreateZExt(regs[value], carrier) : regs[value]};
      if (bits == 32) {
        params.push_back(b.getInt32Ty());
        args.push_back(b.getInt32(space == Global)); // flush subnormals
      }
      (void)order; // the runtime uses sequentially consistent CAS loops
      Value *old = b.CreateCall(runtime(m, floatAdd, carrier, params), args);
      assign(out, bits == 16 ? b.CreateTrunc(old, word) : old);
    });
  }

  void finish() {
    for (unsigned i = 0; i < numOutputs; ++i)
      if (!written[i])
        unknown("output $" + Twine(i) + " is never written");
    IRBuilder<> b = builder();
    Value *result = nullptr;
    if (auto *st = dyn_cast<StructType>(call->getType())) {
      result = PoisonValue::get(st);
      for (unsigned i = 0; i < numOutputs; ++i)
        result = b.CreateInsertValue(result, regs[i], i);
    } else if (numOutputs == 1) {
      result = regs[0];
    }
    if (result)
      call->replaceAllUsesWith(result);
    call->eraseFromParent();
  }
};

//===----------------------------------------------------------------------===//
// Module rewriting
//===----------------------------------------------------------------------===//

void translateInlineAsm(Module &m) {
  SmallVector<CallInst *> calls;
  for (Function &f : m)
    for (Instruction &i : instructions(f))
      if (auto *call = dyn_cast<CallInst>(&i))
        if (call->isInlineAsm())
          calls.push_back(call);
  for (CallInst *call : calls)
    AsmTranslator(call).run();
}

/// Stores `values` one after another (each a whole number of 32-bit words)
/// into a stack buffer of `words` words, which it returns.
Value *spillWords(CallInst *call, ArrayRef<Value *> values, unsigned words) {
  const DataLayout &dl = call->getModule()->getDataLayout();
  Type *i32 = Type::getInt32Ty(call->getContext());
  IRBuilder<> entry(&*call->getFunction()->getEntryBlock().begin());
  // 8-byte aligned: f64 registers are stored whole.
  AllocaInst *buffer = entry.CreateAlloca(ArrayType::get(i32, words));
  buffer->setAlignment(Align(8));
  IRBuilder<> b(call);
  uint64_t offset = 0;
  for (Value *value : values) {
    uint64_t bytes = dl.getTypeStoreSize(value->getType());
    if (bytes % 4 || offset + bytes > 4 * words)
      fail("operands of @" + call->getCalledFunction()->getName() +
           " do not fit " + Twine(words) + " 32-bit registers");
    // As an integer: the bits cross unchanged (x86 would round-trip half
    // and bfloat values through float).
    b.CreateStore(b.CreateBitCast(value, b.getIntNTy(8 * bytes)),
                  b.CreateConstGEP1_64(b.getInt8Ty(), buffer, offset));
    offset += bytes;
  }
  return buffer;
}

/// Loads a value of `type` (a struct: its elements one after another, each
/// read as an integer of its size) from `buffer`, before `call`.
Value *reloadWords(CallInst *call, Type *type, Value *buffer) {
  const DataLayout &dl = call->getModule()->getDataLayout();
  IRBuilder<> b(call);
  auto load = [&](Type *element, uint64_t offset) {
    Value *at = b.CreateConstGEP1_64(b.getInt8Ty(), buffer, offset);
    Type *bits = b.getIntNTy(8 * dl.getTypeStoreSize(element));
    return b.CreateBitCast(b.CreateLoad(bits, at), element);
  };
  auto *st = dyn_cast<StructType>(type);
  if (!st)
    return load(type, 0);
  Value *value = PoisonValue::get(st);
  uint64_t offset = 0;
  for (unsigned i = 0; i < st->getNumElements(); ++i) {
    value = b.CreateInsertValue(value, load(st->getElementType(i), offset), i);
    offset += dl.getTypeStoreSize(st->getElementType(i));
  }
  return value;
}

/// The warp-collective intrinsics with register fragments become calls of
/// the runtime, which decodes the form from the intrinsic's name (without
/// "llvm.nvvm."), the registers passing through stack buffers:
///   llvm.nvvm.mma.*      -> __sim_mma(name, operands, D)       (mma.cpp;
///                           block-scaled forms: the i16 ids as words)
///   llvm.nvvm.ldmatrix.* -> __sim_ldmatrix(name, row, result)  (matrix.cpp)
///   llvm.nvvm.stmatrix.* -> __sim_stmatrix(name, row, registers)
void lowerWarpCollectives(Module &m) {
  SmallVector<Function *> intrinsics;
  for (Function &f : m)
    if (f.getName().starts_with("llvm.nvvm.mma.") ||
        f.getName().starts_with("llvm.nvvm.ldmatrix.") ||
        f.getName().starts_with("llvm.nvvm.stmatrix."))
      intrinsics.push_back(&f);
  LLVMContext &context = m.getContext();
  PointerType *ptr = PointerType::getUnqual(context);
  for (Function *f : intrinsics) {
    StringRef name = f->getName().drop_front(strlen("llvm.nvvm."));
    StringRef kind = name.take_until([](char c) { return c == '.'; });
    FunctionCallee sim = m.getOrInsertFunction(
        ("__sim_" + kind).str(), Type::getVoidTy(context), ptr, ptr, ptr);
    for (User *user : make_early_inc_range(f->users())) {
      auto *call = dyn_cast<CallInst>(user);
      if (!call || call->getCalledOperand() != f)
        fail("@" + f->getName() + " is used other than by a call");
      if (!call->getType()->isVoidTy() &&
          m.getDataLayout().getTypeStoreSize(call->getType()) > 16)
        fail("the result of @" + f->getName() +
             " does not fit 4 32-bit registers");
      SmallVector<Value *> args(call->args());
      Value *first = nullptr, *second = nullptr;
      if (kind == "mma") {
        // A, B, C: 10 words at most. A block-scaled form adds scale_A's
        // register, its i16 byte and thread ids, then scale_B's: 16 words,
        // each id zero-extended to one.
        unsigned words = 10;
        if (name.starts_with("mma.block.scale.")) {
          words = 16;
          IRBuilder<> b(call);
          for (Value *&arg : args)
            if (arg->getType()->isIntegerTy(16))
              arg = b.CreateZExt(arg, b.getInt32Ty());
        }
        first = spillWords(call, args, words);
        second = spillWords(call, {}, 4);
      } else {
        first = args[0]; // the row address
        second = spillWords(call, ArrayRef(args).drop_front(), 4);
      }
      IRBuilder<> b(call);
      b.CreateCall(sim, {b.CreateGlobalString(name), first, second});
      if (!call->getType()->isVoidTy())
        call->replaceAllUsesWith(reloadWords(call, call->getType(), second));
      call->eraseFromParent();
    }
    f->eraseFromParent();
  }
}

//===----------------------------------------------------------------------===//
// Asynchronous-proxy inline PTX (MLIR's NVVM dialect): mbarrier waits, wgmma
//===----------------------------------------------------------------------===//

/// nvvm.mbarrier.try_wait.parity's loop ("r,r,r": barrier, parity, time
/// hint) -> __sim_mbarrier_wait_parity(barrier, parity), which blocks.
bool lowerTryWaitLoop(CallInst *call, StringRef text) {
  if (collapseBlanks(text) !=
      "{ .reg .pred P1; LAB_WAIT: mbarrier.try_wait.parity.shared.b64 P1, "
      "[$0], $1, $2; @P1 bra.uni DONE; bra.uni LAB_WAIT; DONE: }")
    return false;
  Module &m = *call->getModule();
  IRBuilder<> b(call);
  b.CreateCall(runtime(m, "__sim_mbarrier_wait_parity", b.getVoidTy(),
                       {b.getPtrTy(), b.getInt32Ty()}),
               {call->getArgOperand(0), call->getArgOperand(1)});
  call->eraseFromParent();
  return true;
}

/// Top-level operands of a PTX instruction ("{$0, $1}, $8, p, 1").
SmallVector<std::string> ptxOperands(StringRef list) {
  SmallVector<std::string> operands(1);
  int depth = 0;
  for (char c : list) {
    depth += c == '{' ? 1 : c == '}' ? -1 : 0;
    if (c == ',' && depth == 0)
      operands.emplace_back();
    else if (c != ' ')
      operands.back() += c;
  }
  return operands;
}

/// Replaces the uses of `def` (the wgmma's registers, or an element
/// extracted from them) by loads of `type` from `slot` + `offset` at each
/// use: the registers are read where they are used, so a use before the
/// wait_group that retires the wgmma reads its poison.
void loadAtUses(Instruction *def, Value *slot, Type *type, uint64_t offset) {
  for (Use &use : make_early_inc_range(def->uses())) {
    auto *user = cast<Instruction>(use.getUser());
    if (auto *ev = dyn_cast<ExtractValueInst>(user);
        ev && ev->getNumIndices() == 1 && type->isStructTy()) {
      loadAtUses(ev, slot, ev->getType(), offset + 4 * ev->getIndices()[0]);
      ev->eraseFromParent();
      continue;
    }
    Instruction *at = user;
    if (auto *phi = dyn_cast<PHINode>(user))
      at = phi->getIncomingBlock(use)->getTerminator();
    IRBuilder<> b(at);
    auto load = [&](Type *t, uint64_t o) {
      Value *p = b.CreateConstGEP1_64(b.getInt8Ty(), slot, o);
      return b.CreateBitCast(b.CreateLoad(b.getInt32Ty(), p), t);
    };
    Value *value;
    if (auto *st = dyn_cast<StructType>(type)) {
      value = PoisonValue::get(st);
      for (unsigned i = 0; i < st->getNumElements(); ++i)
        value = b.CreateInsertValue(
            value, load(st->getElementType(i), offset + 4 * i), i);
    } else {
      value = load(type, offset);
    }
    use.set(value);
  }
}

/// MLIR's nvvm.wgmma.mma_async inline PTX ("setp.ne.b32 p, $S, 0;" then
/// "wgmma.mma_async... {d..}, a-desc or {a..}, b-desc, p[, scale-a,
/// scale-b[[, trans-a], trans-b]];": the immediates the type has) ->
/// __sim_wgmma(name, operands, slot), absent immediates as 1 and 0.
bool lowerWgmma(CallInst *call, StringRef text, StringRef constraints) {
  size_t at = text.find("wgmma.mma_async");
  if (at == StringRef::npos)
    return false;
  StringRef statement = text.substr(at).split(';').first;
  auto [name, list] = statement.split(' ');
  SmallVector<std::string> ops = ptxOperands(list);
  bool aRegisters = ops.size() > 1 && StringRef(ops[1]).starts_with("{");
  // d, a, b, p, then 0 (integer), 2 (FP8, tf32) or 4 (16-bit; 3 with A in
  // registers) immediates.
  size_t immediates = ops.size() < 4 ? 9 : ops.size() - 4;
  if (immediates != 0 && immediates != 2 &&
      immediates != (aRegisters ? 3u : 4u))
    fail("wgmma.mma_async with " + Twine(ops.size()) + " operands");
  SmallVector<StringRef> kinds;
  constraints.split(kinds, ',');
  unsigned outputs = count_if(kinds, [](StringRef k) { return k[0] == '='; });
  IRBuilder<> b(call);
  auto argument = [&](StringRef token) -> Value * {
    unsigned index;
    if (token.consume_front("$") && !token.getAsInteger(10, index) &&
        index >= outputs && index - outputs < call->arg_size())
      return call->getArgOperand(index - outputs);
    return nullptr;
  };
  auto resolve = [&](StringRef token) -> Value * {
    if (Value *value = argument(token))
      return value;
    unsigned literal;
    if (token == "p") { // setp.ne.b32 p, $S, 0
      size_t setp = text.find("setp.ne.b32 p,");
      Value *s = setp == StringRef::npos
                     ? nullptr
                     : argument(text.substr(setp + 14).split(',').first.trim());
      if (!s)
        fail("wgmma scale-d predicate without its setp");
      return b.CreateZExt(b.CreateICmpNE(s, ConstantInt::get(s->getType(), 0)),
                          b.getInt32Ty());
    }
    if (!token.getAsInteger(10, literal))
      return b.getInt32(literal);
    fail("wgmma operand '" + token + "'");
  };
  auto registers = [&](StringRef braced) {
    return ptxOperands(braced.drop_front().drop_back());
  };
  auto immediate = [&](size_t i, uint32_t absent) {
    return i < ops.size() ? resolve(ops[i]) : b.getInt32(absent);
  };
  bool transA = immediates == 4;
  SmallVector<Value *> values = {aRegisters ? b.getInt64(0) : resolve(ops[1]),
                                 resolve(ops[2]),
                                 resolve(ops[3]),
                                 immediate(4, 1),
                                 immediate(5, 1),
                                 transA ? resolve(ops[6]) : b.getInt32(0),
                                 immediates >= 3 ? resolve(ops.back())
                                                 : b.getInt32(0)};
  if (aRegisters)
    for (StringRef reg : registers(ops[1]))
      values.push_back(resolve(reg));
  SmallVector<std::string> d = registers(ops[0]);
  for (unsigned i = 0; i < d.size(); ++i) {
    // The accumulator input is the argument tied to output i.
    auto tied = find(kinds, std::to_string(i));
    if (tied == kinds.end())
      fail("wgmma accumulator $" + Twine(i) + " has no tied input");
    values.push_back(call->getArgOperand(tied - kinds.begin() - outputs));
  }
  Module &m = *call->getModule();
  Value *in = spillWords(call, values, 13 + d.size());
  Value *slot = spillWords(call, {}, d.size());
  std::string form = name.str() + (aRegisters ? " a-regs" : "");
  b.CreateCall(runtime(m, "__sim_wgmma", b.getVoidTy(),
                       {b.getPtrTy(), b.getPtrTy(), b.getPtrTy()}),
               {b.CreateGlobalString(form), in, slot});
  loadAtUses(call, slot, call->getType(), 0);
  call->eraseFromParent();
  return true;
}

/// tileiras' warpgroup_wait ("wgmma.wait_group.sync.aligned N;" with the
/// accumulator registers tied, "=f,...,0,1,...") -> __sim_wgmma_wait_values(
/// N, registers, result, count): the registers of retired wgmmas come back
/// with their values.
bool lowerWgmmaWait(CallInst *call, StringRef text, StringRef constraints) {
  StringRef rest = text.trim();
  if (!rest.consume_front("wgmma.wait_group.sync.aligned") ||
      !rest.consume_back(";"))
    return false;
  uint64_t pending;
  if (rest.trim().getAsInteger(10, pending))
    fail("wgmma.wait_group with pending '" + rest.trim() + "'");
  SmallVector<StringRef> kinds;
  constraints.split(kinds, ',');
  unsigned outputs = count_if(kinds, [](StringRef k) { return k[0] == '='; });
  if (outputs != call->arg_size())
    fail("wgmma.wait_group with " + Twine(outputs) + " outputs and " +
         Twine(call->arg_size()) + " inputs");
  for (unsigned i = 0; i < outputs; ++i)
    if (kinds[outputs + i] != std::to_string(i))
      fail("wgmma.wait_group input " + Twine(i) + " is not tied to output " +
           Twine(i));
  SmallVector<Value *> values(call->args());
  Value *in = spillWords(call, values, outputs);
  Value *out = spillWords(call, {}, outputs);
  IRBuilder<> b(call);
  Module &m = *call->getModule();
  b.CreateCall(
      runtime(m, "__sim_wgmma_wait_values", b.getVoidTy(),
              {b.getInt64Ty(), b.getPtrTy(), b.getPtrTy(), b.getInt32Ty()}),
      {b.getInt64(pending), in, out, b.getInt32(outputs)});
  call->replaceAllUsesWith(reloadWords(call, call->getType(), out));
  call->eraseFromParent();
  return true;
}

/// llvm.nvvm.tcgen05.ld.<shape>.xN(taddr, pack) -> __sim_tcgen05_ld(name,
/// taddr, buffer), the <N x i32> result loaded from the buffer.
void lowerTensorMemoryLoads(Module &m) {
  SmallVector<Function *> intrinsics;
  for (Function &f : m)
    if (f.getName().starts_with("llvm.nvvm.tcgen05.ld.") ||
        f.getName().starts_with(std::string(kFlattenedNvvm) + "tcgen05.ld."))
      intrinsics.push_back(&f);
  for (Function *f : intrinsics) {
    StringRef name = f->getName();
    if (!name.consume_front("llvm.nvvm."))
      name.consume_front(kFlattenedNvvm);
    for (User *user : make_early_inc_range(f->users())) {
      auto *call = dyn_cast<CallInst>(user);
      if (!call || call->getCalledOperand() != f)
        fail("@" + f->getName() + " is used other than by a call");
      if (call->arg_size() != 2)
        fail("@" + f->getName() + ": only the 32x32b-style forms are mapped");
      uint64_t bytes = m.getDataLayout().getTypeStoreSize(call->getType());
      Value *buffer = spillWords(call, {}, bytes / 4);
      IRBuilder<> b(call);
      b.CreateCall(
          runtime(m, "__sim_tcgen05_ld", b.getVoidTy(),
                  {b.getPtrTy(), b.getPtrTy(), b.getPtrTy()}),
          {b.CreateGlobalString(name), call->getArgOperand(0), buffer});
      call->replaceAllUsesWith(b.CreateLoad(call->getType(), buffer));
      call->eraseFromParent();
    }
    f->eraseFromParent();
  }
}

void lowerAsyncTemplates(Module &m) {
  SmallVector<CallInst *> calls;
  for (Function &f : m)
    for (Instruction &i : instructions(f))
      if (auto *call = dyn_cast<CallInst>(&i); call && call->isInlineAsm())
        calls.push_back(call);
  for (CallInst *call : calls) {
    auto *ia = cast<InlineAsm>(call->getCalledOperand());
    if (!lowerTryWaitLoop(call, ia->getAsmString()) &&
        !lowerWgmmaWait(call, ia->getAsmString(), ia->getConstraintString()))
      lowerWgmma(call, ia->getAsmString(), ia->getConstraintString());
  }
}

/// The type a value of `type` crosses into the runtime as: 16-bit floats
/// (half, bfloat) and pairs of them as integers of their size, which C++
/// passes without ABI questions; everything else as itself.
Type *runtimeCarrier(Type *type) {
  if (type->isHalfTy() || type->isBFloatTy())
    return Type::getInt16Ty(type->getContext());
  if (auto *vector = dyn_cast<FixedVectorType>(type))
    if (vector->getElementType()->isHalfTy() ||
        vector->getElementType()->isBFloatTy())
      return IntegerType::get(type->getContext(),
                              16 * vector->getNumElements());
  return type;
}

/// llvm.nvvm.X.Y -> __sim_nvvm_X_Y, implemented by the runtime: the same
/// type, except that 16-bit float values cross as integers (bitcasts around
/// the call).
void renameNvvmIntrinsics(Module &m) {
  SmallVector<Function *> intrinsics;
  for (Function &f : m)
    if (f.getName().starts_with("llvm.nvvm.") ||
        f.getName().starts_with(kFlattenedNvvm))
      intrinsics.push_back(&f);
  for (Function *f : intrinsics) {
    StringRef suffix = f->getName();
    if (!suffix.consume_front("llvm.nvvm."))
      suffix.consume_front(kFlattenedNvvm);
    std::string name = "__sim_nvvm_" + suffix.str();
    std::replace(name.begin(), name.end(), '.', '_');
    FunctionType *type = f->getFunctionType();
    SmallVector<Type *> params;
    for (Type *param : type->params())
      params.push_back(runtimeCarrier(param));
    FunctionType *hostType =
        FunctionType::get(runtimeCarrier(type->getReturnType()), params, false);
    Function *host =
        Function::Create(hostType, GlobalValue::ExternalLinkage, name, m);
    for (User *user : make_early_inc_range(f->users())) {
      auto *call = dyn_cast<CallInst>(user);
      if (!call || call->getCalledOperand() != f)
        fail("@" + f->getName() + " is used other than by a call");
      if (hostType == type) {
        // Intrinsic-only attributes (immarg, range, ...) do not carry over.
        call->setAttributes(AttributeList());
        call->setCalledFunction(host);
        continue;
      }
      IRBuilder<> b(call);
      SmallVector<Value *> args;
      for (auto [arg, carrier] : zip(call->args(), params))
        args.push_back(b.CreateBitCast(arg, carrier));
      Value *result = b.CreateCall(host, args);
      if (!type->getReturnType()->isVoidTy())
        call->replaceAllUsesWith(
            b.CreateBitCast(result, type->getReturnType()));
      call->eraseFromParent();
    }
    f->eraseFromParent();
  }
}

/// The dynamic shared memory to give each CTA: --dynamic-shared-bytes, else
/// the largest tileiras-dynamic-shared-memory-bytes attribute of the
/// module's functions (set by the lowering on kernels whose scratch is
/// dynamic; the kernel metadata reports the same number).
uint64_t dynamicSharedBytes(Module &m) {
  if (dynamicSharedBytesOption.getNumOccurrences())
    return dynamicSharedBytesOption;
  uint64_t bytes = 0;
  for (Function &f : m) {
    Attribute attr = f.getFnAttribute("tileiras-dynamic-shared-memory-bytes");
    uint64_t value = 0;
    if (attr.isStringAttribute() && !to_integer(attr.getValueAsString(), value))
      fail("@" + f.getName() +
           ": tileiras-dynamic-shared-memory-bytes is not a number");
    bytes = std::max(bytes, value);
  }
  return bytes;
}

/// Every shared-memory global becomes `__sim_shared_base() + offset`; the
/// runtime gives each CTA its own arena of `__sim_shared_bytes` bytes. Static
/// globals come first; external (dynamic, `extern .shared`) ones all start
/// where the static ones end, as on the GPU, followed by the dynamic bytes.
uint64_t relocateSharedMemory(Module &m,
                              const std::set<std::string> &sharedNames) {
  const DataLayout &dl = m.getDataLayout();
  uint64_t offset = 0;
  SmallVector<std::pair<GlobalVariable *, uint64_t>> shared;
  SmallVector<GlobalVariable *> dynamic;
  for (const std::string &name : sharedNames) {
    GlobalVariable *g = m.getGlobalVariable(name, /*AllowInternal=*/true);
    if (!g)
      fail("shared global @" + name + " not found after parsing");
    if (g->isDeclaration()) {
      dynamic.push_back(g);
      continue;
    }
    uint64_t align = std::max<uint64_t>(16, g->getAlign().valueOrOne().value());
    offset = alignTo(offset, align);
    shared.push_back({g, offset});
    offset += dl.getTypeAllocSize(g->getValueType());
  }
  if (!dynamic.empty()) {
    uint64_t bytes = dynamicSharedBytes(m);
    if (bytes == 0)
      fail("@" + dynamic.front()->getName() +
           " is dynamic (extern) shared memory, but no function says how "
           "much (tileiras-dynamic-shared-memory-bytes); pass "
           "--dynamic-shared-bytes=N (the kernel metadata's "
           "dynamic_shared_memory_bytes)");
    offset = alignTo(offset, 16);
    for (GlobalVariable *g : dynamic)
      shared.push_back({g, offset});
    offset += bytes;
  }
  LLVMContext &ctx = m.getContext();
  FunctionCallee base =
      runtime(m, "__sim_shared_base", PointerType::get(ctx, 0), {});
  std::map<Function *, Value *> bases;
  for (auto [g, at] : shared) {
    convertUsersOfConstantsToInstructions({g});
    std::map<Function *, Value *> addresses;
    for (Use &use : make_early_inc_range(g->uses())) {
      auto *inst = dyn_cast<Instruction>(use.getUser());
      if (!inst)
        fail("shared global @" + g->getName() +
             " is used outside of a function");
      Function *f = inst->getFunction();
      Value *&address = addresses[f];
      if (!address) {
        IRBuilder<> b(&*f->getEntryBlock().getFirstInsertionPt());
        Value *&fb = bases[f];
        if (!fb)
          fb = b.CreateCall(base, {}, "sim.shared");
        else
          b.SetInsertPoint(cast<Instruction>(fb)->getNextNode());
        address =
            b.CreateConstGEP1_64(b.getInt8Ty(), fb, at, g->getName() + ".sim");
      }
      use.set(address);
    }
    g->eraseFromParent();
  }
  return offset;
}

/// Each store that wrote shared memory (kSharedStore) is followed by
/// __sim_shared_written(address, bytes): the runtime records it as a
/// generic-proxy write, which the async proxy may read only after a
/// fence.proxy.async (tools/sim/proxy.h). The inline PTX stores report
/// themselves through __sim_check_access.
void markSharedStores(Module &m) {
  LLVMContext &ctx = m.getContext();
  unsigned kind = ctx.getMDKindID(kSharedStore);
  FunctionCallee written =
      runtime(m, "__sim_shared_written", Type::getVoidTy(ctx),
              {PointerType::get(ctx, 0), Type::getInt64Ty(ctx)});
  const DataLayout &dl = m.getDataLayout();
  for (Function &f : m)
    for (Instruction &i : make_early_inc_range(instructions(f))) {
      auto *store = dyn_cast<StoreInst>(&i);
      if (!store || !store->getMetadata(kind))
        continue;
      store->setMetadata(kind, nullptr);
      IRBuilder<> b(store->getNextNode());
      b.CreateCall(written, {store->getPointerOperand(),
                             b.getInt64(dl.getTypeStoreSize(
                                 store->getValueOperand()->getType()))});
    }
}

std::string signatureOf(Function &kernel) {
  std::string signature;
  for (Argument &arg : kernel.args()) {
    Type *t = arg.getType();
    std::string kind;
    if (t->isPointerTy())
      kind = "ptr";
    else if (t->isIntegerTy())
      kind = "i" + std::to_string(t->getIntegerBitWidth());
    else if (t->isFloatTy())
      kind = "f32";
    else if (t->isDoubleTy())
      kind = "f64";
    else
      fail("kernel parameter " + Twine(arg.getArgNo()) +
           " has a type the launcher cannot pass");
    if (arg.hasByValAttr()) {
      // A CUtensorMap passed as a __grid_constant__ (byval [128 x i8]):
      // the launcher passes the address of the simulator's tensor map.
      Type *byval = arg.getParamByValType();
      if (!byval->isArrayTy() || byval->getArrayNumElements() != 128 ||
          !byval->getArrayElementType()->isIntegerTy(8))
        fail("byval kernel parameters other than a 128-byte tensor map are "
             "not supported");
      kind = "tmap";
    }
    signature += (signature.empty() ? "" : ",") + kind;
  }
  return signature;
}

void addString(Module &m, StringRef name, StringRef value) {
  Constant *init = ConstantDataArray::getString(m.getContext(), value);
  new GlobalVariable(m, init->getType(), /*isConstant=*/true,
                     GlobalValue::ExternalLinkage, init, name);
}

/// __sim_global_variables: {address, bytes, name} of each of the
/// module's global-memory variables, __sim_global_variable_count of them;
/// the launcher lets kernels access them like their buffers.
void addGlobalVariableTable(Module &m, const std::set<std::string> &names) {
  LLVMContext &ctx = m.getContext();
  Type *ptr = PointerType::get(ctx, 0);
  Type *i64 = Type::getInt64Ty(ctx);
  StructType *entry = StructType::get(ctx, {ptr, i64, ptr});
  SmallVector<Constant *> entries;
  for (const std::string &name : names) {
    GlobalVariable *g = m.getGlobalVariable(name, /*AllowInternal=*/true);
    if (!g || g->isDeclaration())
      continue;
    Constant *text = ConstantDataArray::getString(ctx, "@" + name);
    auto *label = new GlobalVariable(m, text->getType(), /*isConstant=*/true,
                                     GlobalValue::PrivateLinkage, text);
    uint64_t bytes = m.getDataLayout().getTypeAllocSize(g->getValueType());
    entries.push_back(
        ConstantStruct::get(entry, {g, ConstantInt::get(i64, bytes), label}));
  }
  ArrayType *type = ArrayType::get(entry, entries.size());
  new GlobalVariable(m, type, /*isConstant=*/true, GlobalValue::ExternalLinkage,
                     ConstantArray::get(type, entries),
                     "__sim_global_variables");
  new GlobalVariable(m, i64, /*isConstant=*/true, GlobalValue::ExternalLinkage,
                     ConstantInt::get(i64, entries.size()),
                     "__sim_global_variable_count");
}

/// __sim_kernel_entry(ptr slots): argument i is read from slots + 8 i (a
/// pointer, or an integer/float in the low bytes, little-endian).
void addKernelEntry(Module &m, Function &kernel) {
  LLVMContext &ctx = m.getContext();
  Type *ptr = PointerType::get(ctx, 0);
  Function *entry =
      Function::Create(FunctionType::get(Type::getVoidTy(ctx), {ptr}, false),
                       GlobalValue::ExternalLinkage, "__sim_kernel_entry", m);
  IRBuilder<> b(BasicBlock::Create(ctx, "entry", entry));
  SmallVector<Value *> args;
  std::string signature = signatureOf(kernel);
  for (Argument &arg : kernel.args()) {
    // Tensor maps stay in the launcher's copy (read only, grid_constant).
    kernel.removeParamAttr(arg.getArgNo(), Attribute::ByVal);
    Value *slot = b.CreateConstGEP1_64(b.getInt8Ty(), entry->getArg(0),
                                       8 * arg.getArgNo());
    args.push_back(b.CreateAlignedLoad(arg.getType(), slot, Align(1)));
  }
  b.CreateCall(&kernel, args);
  b.CreateRetVoid();
  addString(m, "__sim_kernel_name", kernel.getName());
  addString(m, "__sim_kernel_signature", signature);
  addString(m, "__sim_kernel_reqntid",
            kernel.getFnAttribute("nvvm.reqntid").getValueAsString());
}

} // namespace

int main(int argc, char **argv) {
  cl::ParseCommandLineOptions(argc, argv, "NVPTX LLVM IR -> host LLVM IR\n");
  auto buffer = MemoryBuffer::getFileOrSTDIN(inputPath);
  if (!buffer)
    fail("cannot read " + inputPath + ": " + buffer.getError().message());
  std::set<std::string> sharedNames, memoryNames;
  std::string text =
      flattenAddressSpaces((*buffer)->getBuffer(), sharedNames, memoryNames);

  LLVMContext ctx;
  SMDiagnostic diag;
  std::unique_ptr<Module> m = parseAssemblyString(text, diag, ctx);
  if (!m) {
    diag.print("tileiras-sim-prep", errs());
    fail("the flattened IR does not parse");
  }
  m->setTargetTriple(Triple("x86_64-pc-linux-gnu"));
  m->setDataLayout("e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-"
                   "f80:128-n8:16:32:64-S128");

  Function *kernel = nullptr;
  for (Function &f : *m) {
    // NVPTX subtarget attributes mean nothing to the host backend.
    f.removeFnAttr("target-cpu");
    f.removeFnAttr("target-features");
    if (f.getName().starts_with("__nv_") && !f.isDeclaration())
      f.deleteBody(); // libdevice: the runtime maps these to libm
    if (f.getCallingConv() == CallingConv::PTX_Kernel) {
      if (kernelName.empty() ? !kernel : f.getName() == kernelName) {
        if (kernel && kernelName.empty())
          fail("several kernels; pick one with --kernel");
        kernel = &f;
      } else if (kernelName.empty()) {
        fail("several kernels; pick one with --kernel");
      }
    }
    if (f.getCallingConv() == CallingConv::PTX_Kernel ||
        f.getCallingConv() == CallingConv::PTX_Device)
      f.setCallingConv(CallingConv::C);
  }
  for (Function &f : *m)
    for (Instruction &i : instructions(f))
      if (auto *call = dyn_cast<CallInst>(&i))
        if (call->getCallingConv() == CallingConv::PTX_Kernel ||
            call->getCallingConv() == CallingConv::PTX_Device)
          call->setCallingConv(CallingConv::C);
  if (NamedMDNode *annotations = m->getNamedMetadata("nvvm.annotations"))
    annotations->eraseFromParent();

  // The CUDA runtime's device functions; the host's libc has its own
  // vprintf with another signature.
  for (StringRef name : {"vprintf", "__assertfail"})
    if (Function *f = m->getFunction(name))
      f->setName("__sim_" + name.ltrim('_'));

  markSharedStores(*m);
  lowerAsyncTemplates(*m);
  lowerTensorMemoryLoads(*m);
  translateInlineAsm(*m);
  lowerWarpCollectives(*m);
  renameNvvmIntrinsics(*m);
  uint64_t sharedBytes = relocateSharedMemory(*m, sharedNames);
  addGlobalVariableTable(*m, memoryNames);

  if (!noEntry) {
    if (!kernel)
      fail(kernelName.empty() ? Twine("no ptx_kernel function in the module")
                              : "no kernel named " + kernelName);
    addKernelEntry(*m, *kernel);
  }
  // The size of the per-CTA shared-memory arena the runtime allocates.
  Type *i64 = Type::getInt64Ty(ctx);
  new GlobalVariable(*m, i64, /*isConstant=*/true, GlobalValue::ExternalLinkage,
                     ConstantInt::get(i64, sharedBytes), "__sim_shared_bytes");
  if (!noAsan)
    for (Function &f : *m)
      if (!f.isDeclaration())
        f.addFnAttr(Attribute::SanitizeAddress);

  if (verifyModule(*m, &errs()))
    fail("the host module does not verify");
  std::error_code ec;
  ToolOutputFile out(outputPath, ec, sys::fs::OF_Text);
  if (ec)
    fail("cannot write " + outputPath + ": " + ec.message());
  m->print(out.os(), nullptr);
  out.keep();
  return 0;
}
