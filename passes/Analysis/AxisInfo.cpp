//===- AxisInfo.cpp - contiguity, divisibility and constancy --------------===//

#include "tileiras/Analysis/AxisInfo.h"
#include "tileiras/Dialect/NVTileAA/NVTileAA.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <numeric>

using namespace mlir;
using namespace tileiras;
namespace nv = tileiras::nv_tileaa;

//===----------------------------------------------------------------------===//
// AxisInfo
//===----------------------------------------------------------------------===//

AxisInfo::AxisInfo(llvm::ArrayRef<int64_t> contiguity,
                   llvm::ArrayRef<int64_t> divisibility,
                   llvm::ArrayRef<int64_t> constancy,
                   std::optional<int64_t> constant)
    : initialized(true), contiguity(contiguity.begin(), contiguity.end()),
      divisibility(divisibility.begin(), divisibility.end()),
      constancy(constancy.begin(), constancy.end()), constant(constant) {}

AxisInfo AxisInfo::unknown(unsigned rank, int64_t divisibility) {
  llvm::SmallVector<int64_t, 4> ones(rank, 1), div(rank, divisibility);
  return AxisInfo(ones, div, ones);
}

int64_t AxisInfo::powerOfTwoDividing(int64_t value) {
  if (value == 0)
    return kMaxDivisibility;
  uint64_t magnitude = value < 0 ? -static_cast<uint64_t>(value) : value;
  return std::min<int64_t>(kMaxDivisibility,
                           int64_t(1) << llvm::countr_zero(magnitude));
}

AxisInfo AxisInfo::join(const AxisInfo &lhs, const AxisInfo &rhs) {
  if (!lhs.initialized)
    return rhs;
  if (!rhs.initialized)
    return lhs;
  if (lhs.getRank() != rhs.getRank())
    return unknown(std::max(lhs.getRank(), rhs.getRank()));
  llvm::SmallVector<int64_t, 4> contig, div, cst;
  for (unsigned d = 0; d < lhs.getRank(); ++d) {
    contig.push_back(std::gcd(lhs.contiguity[d], rhs.contiguity[d]));
    div.push_back(std::gcd(lhs.divisibility[d], rhs.divisibility[d]));
    cst.push_back(std::gcd(lhs.constancy[d], rhs.constancy[d]));
  }
  std::optional<int64_t> constant;
  if (lhs.constant && rhs.constant && *lhs.constant == *rhs.constant)
    constant = lhs.constant;
  return AxisInfo(contig, div, cst, constant);
}

bool AxisInfo::operator==(const AxisInfo &other) const {
  return initialized == other.initialized && contiguity == other.contiguity &&
         divisibility == other.divisibility && constancy == other.constancy &&
         constant == other.constant;
}

void AxisInfo::print(llvm::raw_ostream &os) const {
  if (!initialized) {
    os << "<uninitialized>";
    return;
  }
  auto list = [&](llvm::ArrayRef<int64_t> values) {
    os << "[";
    llvm::interleaveComma(values, os);
    os << "]";
  };
  os << "contiguity = ";
  list(contiguity);
  os << ", divisibility = ";
  list(divisibility);
  os << ", constancy = ";
  list(constancy);
  if (constant)
    os << ", constant = " << *constant;
}

//===----------------------------------------------------------------------===//
// Transfer functions
//===----------------------------------------------------------------------===//

namespace {
using AxisInfoLattice = dataflow::Lattice<AxisInfo>;

llvm::SmallVector<int64_t, 4> shapeOf(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return llvm::SmallVector<int64_t, 4>(tensor.getShape());
  return {1};
}

int64_t gcd3(int64_t a, int64_t b, int64_t c) {
  return std::gcd(std::gcd(a, b), c);
}

int64_t cap(int64_t value) {
  return std::min<int64_t>(value, AxisInfo::kMaxDivisibility);
}

/// Bytes of one element a pointer points to (i1 counts as a byte).
int64_t pointeeBytes(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    type = tensor.getElementType();
  auto ptr = dyn_cast<nv::PtrType>(type);
  if (!ptr)
    return 1;
  Type pointee = ptr.getPointeeType();
  unsigned bits = pointee.isIntOrFloat() ? pointee.getIntOrFloatBitWidth() : 64;
  return std::max<int64_t>(1, bits / 8);
}

/// The facts of a pointer cast's result: the addresses are unchanged, but
/// a contiguous run counts steps of one element, so runs survive only when
/// both sides step by the same number of bytes (integers, for which
/// pointeeBytes is 1, step by 1). Otherwise inside a run only every step'th
/// byte is known, which bounds the divisibility.
AxisInfo castInfo(const AxisInfo &src, Type from, Type to) {
  int64_t step = pointeeBytes(from);
  if (step == pointeeBytes(to))
    return src;
  llvm::SmallVector<int64_t, 4> ones(src.getRank(), 1), div;
  for (unsigned d = 0; d < src.getRank(); ++d)
    div.push_back(src.getContiguity(d) > 1
                      ? std::gcd(src.getDivisibility(d), step)
                      : src.getDivisibility(d));
  return AxisInfo(ones, div, src.getConstancy(), src.getConstantValue());
}

/// A constant integer (scalar or splat) attribute value.
std::optional<int64_t> constantInteger(Attribute attr) {
  if (auto integer = dyn_cast<IntegerAttr>(attr))
    return integer.getValue().getSExtValue();
  if (auto splat = dyn_cast<SplatElementsAttr>(attr))
    if (splat.getElementType().isIntOrIndex())
      return splat.getSplatValue<APInt>().getSExtValue();
  return std::nullopt;
}

AxisInfo constantInfo(Type type, int64_t value) {
  llvm::SmallVector<int64_t, 4> shape = shapeOf(type);
  llvm::SmallVector<int64_t, 4> ones(shape.size(), 1);
  llvm::SmallVector<int64_t, 4> div(shape.size(),
                                    AxisInfo::powerOfTwoDividing(value));
  return AxisInfo(ones, div, shape, value);
}

/// The divisibility an operand guarantees at the start of every run of
/// `run` elements of a result. Divisibility describes the first element of
/// each contiguous run; a result cut into shorter runs starts some of them
/// inside an operand run, at start + k * run, which only keeps
/// gcd(divisibility, run). (Without this, x + y with x = make_range and y
/// not constant would claim x's divisibility for every element.)
int64_t divisibilityAtRuns(const AxisInfo &info, unsigned d, int64_t run) {
  if (info.getContiguity(d) > 1 && run < info.getContiguity(d))
    return std::gcd(info.getDivisibility(d), run);
  return info.getDivisibility(d);
}

/// A divisibility that holds for every element (not only run starts):
/// inside a contiguous run consecutive values differ by one.
int64_t elementDivisibility(const AxisInfo &info) {
  if (std::optional<int64_t> value = info.getConstantValue())
    return AxisInfo::powerOfTwoDividing(*value);
  int64_t result = AxisInfo::kMaxDivisibility;
  for (unsigned d = 0; d < info.getRank(); ++d)
    result = std::gcd(result,
                      info.getContiguity(d) > 1 ? 1 : info.getDivisibility(d));
  return result;
}

/// Addition-like combination: p + q where runs of one operand line up with
/// constant runs of the other.
AxisInfo addInfo(const AxisInfo &a, const AxisInfo &b, int64_t bScale,
                 std::optional<int64_t> constant) {
  llvm::SmallVector<int64_t, 4> contig, div, cst;
  for (unsigned d = 0; d < a.getRank(); ++d) {
    int64_t run = std::max(std::gcd(a.getContiguity(d), b.getConstancy(d)),
                           std::gcd(a.getConstancy(d), b.getContiguity(d)));
    contig.push_back(run);
    div.push_back(std::gcd(divisibilityAtRuns(a, d, run),
                           cap(divisibilityAtRuns(b, d, run) * bScale)));
    cst.push_back(std::gcd(a.getConstancy(d), b.getConstancy(d)));
  }
  return AxisInfo(contig, div, cst, constant);
}

/// Constant runs of a comparison: within a contiguous run of `x` starting
/// at a multiple of g, compared with a value that is also a multiple of g
/// and constant over the run, the result can only flip where x reaches that
/// value, a multiple of g. This holds when the comparison changes value at
/// x == y (x < y, x >= y); for x <= y and x > y the flip is at x == y + 1,
/// inside an aligned group, and nothing is gained. The caller passes whether
/// the predicate, written with x on the left, flips at x == y.
int64_t comparisonConstancy(const AxisInfo &x, const AxisInfo &y, unsigned d,
                            bool flipsAtEquality) {
  if (!flipsAtEquality || y.getConstancy(d) < x.getContiguity(d))
    return 1;
  return std::gcd(x.getContiguity(d),
                  std::gcd(x.getDivisibility(d), y.getDivisibility(d)));
}

/// The predicate with its operands exchanged: a < b is b > a.
arith::CmpIPredicate swapOperands(arith::CmpIPredicate predicate) {
  using P = arith::CmpIPredicate;
  switch (predicate) {
  case P::slt:
    return P::sgt;
  case P::sgt:
    return P::slt;
  case P::sle:
    return P::sge;
  case P::sge:
    return P::sle;
  case P::ult:
    return P::ugt;
  case P::ugt:
    return P::ult;
  case P::ule:
    return P::uge;
  case P::uge:
    return P::ule;
  default:
    return predicate;
  }
}

/// Whether `lhs pred rhs` changes value exactly at lhs == rhs as lhs grows
/// (true for <, >=; false for <=, >, ==, !=).
bool flipsAtEquality(arith::CmpIPredicate predicate) {
  switch (predicate) {
  case arith::CmpIPredicate::slt:
  case arith::CmpIPredicate::ult:
  case arith::CmpIPredicate::sge:
  case arith::CmpIPredicate::uge:
    return true;
  default:
    return false;
  }
}

class AxisInfoDataFlow
    : public dataflow::SparseForwardDataFlowAnalysis<AxisInfoLattice> {
public:
  using SparseForwardDataFlowAnalysis::SparseForwardDataFlowAnalysis;

  LogicalResult visitOperation(Operation *op,
                               ArrayRef<const AxisInfoLattice *> operands,
                               ArrayRef<AxisInfoLattice *> results) override {
    llvm::SmallVector<AxisInfo> in;
    for (const AxisInfoLattice *operand : operands) {
      if (!operand->getValue().isInitialized())
        return success(); // revisited once the operand is known
      in.push_back(operand->getValue());
    }
    for (auto [index, lattice] : llvm::enumerate(results)) {
      AxisInfo info = transfer(op, in, op->getResult(index));
      propagateIfChanged(lattice, lattice->join(info));
    }
    return success();
  }

  void setToEntryState(AxisInfoLattice *lattice) override {
    propagateIfChanged(lattice,
                       lattice->join(entryState(lattice->getAnchor())));
  }

  void visitNonControlFlowArguments(Operation *op,
                                    const RegionSuccessor &successor,
                                    ArrayRef<AxisInfoLattice *> argLattices,
                                    unsigned firstIndex) override {
    // The body's first argument is the induction variable. (Do not go by
    // `firstIndex`: a loop without iter_args has no successor inputs and
    // the framework then passes 0.)
    auto forOp = dyn_cast<scf::ForOp>(op);
    if (!forOp || successor.isParent() || argLattices.empty() ||
        argLattices[0]->getAnchor() != forOp.getInductionVar()) {
      SparseForwardDataFlowAnalysis::visitNonControlFlowArguments(
          op, successor, argLattices, firstIndex);
      return;
    }
    // The induction variable starts at lb and moves by step.
    const AxisInfoLattice *lb =
        getLatticeElementFor(getProgramPointAfter(op), forOp.getLowerBound());
    const AxisInfoLattice *step =
        getLatticeElementFor(getProgramPointAfter(op), forOp.getStep());
    // Wait for both: joining a guess now could only lose precision, the
    // lattice never climbs back. The lookups above make this visit again
    // once they change.
    if (lb->getValue().isInitialized() && step->getValue().isInitialized()) {
      int64_t div = std::gcd(lb->getValue().getDivisibility(0),
                             step->getValue().getDivisibility(0));
      propagateIfChanged(argLattices[0],
                         argLattices[0]->join(AxisInfo::unknown(1, div)));
    }
    unsigned forwardedEnd =
        successor.getSuccessorInputs().empty()
            ? 1
            : firstIndex + successor.getSuccessorInputs().size();
    setAllToEntryStates(argLattices.drop_front(forwardedEnd));
  }

private:
  AxisInfo entryState(Value value) {
    unsigned rank = shapeOf(value.getType()).size();
    // An !llvm.ptr says nothing about its element: one byte.
    if (std::optional<int64_t> alignment = llvmArgumentAlignment(value, 1))
      return AxisInfo::unknown(rank, *alignment);
    auto arg = dyn_cast<BlockArgument>(value);
    if (!arg || !isa<nv::PtrType>(value.getType()))
      return AxisInfo::unknown(rank);
    auto func = dyn_cast_or_null<nv::FuncOp>(arg.getOwner()->getParentOp());
    if (!func || arg.getOwner() != &func.getBody().front())
      return AxisInfo::unknown(rank, pointeeBytes(value.getType()));
    // Kernel pointer arguments are 16-byte aligned by contract; any other
    // pointer is at least aligned to its element.
    int64_t alignment = func.isKernel() ? AxisInfo::kKernelPointerAlignment
                                        : pointeeBytes(value.getType());
    return AxisInfo::unknown(rank, alignment);
  }

  /// Alignment of a pointer argument of an llvm.func (what
  /// convert-nv-tile-func-to-llvm makes of nv_tileaa.func): its `llvm.align`,
  /// else 16 for kernels, whose pointer arguments are aligned by contract,
  /// else `elementBytes` (nullopt when `value` is no such argument).
  static std::optional<int64_t> llvmArgumentAlignment(Value value,
                                                      int64_t elementBytes) {
    auto arg = dyn_cast<BlockArgument>(value);
    if (!arg || !isa<LLVM::LLVMPointerType>(value.getType()))
      return std::nullopt;
    auto func =
        dyn_cast_or_null<LLVM::LLVMFuncOp>(arg.getOwner()->getParentOp());
    if (!func || arg.getOwner() != &func.getBody().front())
      return std::nullopt;
    if (auto align = func.getArgAttrOfType<IntegerAttr>(
            arg.getArgNumber(), LLVM::LLVMDialect::getAlignAttrName()))
      return AxisInfo::powerOfTwoDividing(align.getInt());
    if (func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()))
      return AxisInfo::kKernelPointerAlignment;
    return elementBytes;
  }

  AxisInfo transfer(Operation *op, llvm::ArrayRef<AxisInfo> in, Value result) {
    Type type = result.getType();
    llvm::SmallVector<int64_t, 4> shape = shapeOf(type);
    unsigned rank = shape.size();
    auto same = [&](const AxisInfo &info) {
      return info.getRank() == rank ? info : AxisInfo::unknown(rank);
    };
    return llvm::TypeSwitch<Operation *, AxisInfo>(op)
        .Case([&](arith::ConstantOp constOp) {
          if (auto value = constantInteger(constOp.getValue()))
            return constantInfo(type, *value);
          return AxisInfo::unknown(rank);
        })
        .Case([&](nv::MakeRangeOp range) {
          int64_t start = static_cast<int32_t>(range.getStart());
          int64_t end = static_cast<int32_t>(range.getEnd());
          return AxisInfo({end - start}, {AxisInfo::powerOfTwoDividing(start)},
                          {1});
        })
        .Case([&](nv::SplatOp) {
          const AxisInfo &src = in[0];
          llvm::SmallVector<int64_t, 4> ones(rank, 1);
          llvm::SmallVector<int64_t, 4> div(rank, src.getDivisibility(0));
          return AxisInfo(ones, div, shape, src.getConstantValue());
        })
        .Case([&](nv::BroadcastOp broadcast) {
          const AxisInfo &src = in[0];
          auto srcShape = shapeOf(broadcast.getSrc().getType());
          llvm::SmallVector<int64_t, 4> contig, div, cst;
          for (unsigned d = 0; d < rank; ++d) {
            bool expanded = srcShape[d] == 1 && shape[d] > 1;
            contig.push_back(expanded ? 1 : src.getContiguity(d));
            div.push_back(src.getDivisibility(d));
            cst.push_back(expanded ? shape[d] : src.getConstancy(d));
          }
          return AxisInfo(contig, div, cst, src.getConstantValue());
        })
        .Case([&](nv::ExpandDimsOp expand) {
          const AxisInfo &src = in[0];
          unsigned axis = expand.getAxis();
          llvm::SmallVector<int64_t, 4> contig(src.getContiguity()),
              div(src.getDivisibility()), cst(src.getConstancy());
          // Along the new size-1 axis every element starts a run, so the
          // divisibility there must hold for every element: inside a
          // contiguous run only the first element has the run's
          // divisibility. (Taking the smallest run divisibility instead let
          // rows[:, None] * ld claim any alignment for unknown ld.)
          contig.insert(contig.begin() + axis, 1);
          div.insert(div.begin() + axis, elementDivisibility(src));
          cst.insert(cst.begin() + axis, 1);
          return AxisInfo(contig, div, cst, src.getConstantValue());
        })
        .Case([&](nv::PermuteOp permute) {
          const AxisInfo &src = in[0];
          llvm::SmallVector<int64_t, 4> contig, div, cst;
          for (int32_t source : permute.getOrder()) {
            contig.push_back(src.getContiguity(source));
            div.push_back(src.getDivisibility(source));
            cst.push_back(src.getConstancy(source));
          }
          return AxisInfo(contig, div, cst, src.getConstantValue());
        })
        .Case([&](nv::ViewOp) {
          // A reshape keeps splats splat and what holds for every element.
          const AxisInfo &src = in[0];
          auto srcShape = shapeOf(op->getOperand(0).getType());
          bool splat = true;
          for (unsigned d = 0; d < src.getRank(); ++d)
            splat &= src.getConstancy(d) == srcShape[d];
          if (!splat) {
            // Row-major reshape keeps the flat order, so runs along the
            // innermost dimension survive, cut at the new row length (all
            // sizes are powers of two, so a run either fits a row or a row
            // lies inside a run). Other dimensions keep only per-element
            // facts.
            unsigned last = src.getRank() - 1;
            int64_t run = std::min(src.getContiguity(last), shape.back());
            llvm::SmallVector<int64_t, 4> contig(rank, 1), cst(rank, 1);
            llvm::SmallVector<int64_t, 4> div(rank, elementDivisibility(src));
            contig.back() = run;
            div.back() = divisibilityAtRuns(src, last, run);
            cst.back() = std::min(src.getConstancy(last), shape.back());
            return AxisInfo(contig, div, cst, std::nullopt);
          }
          llvm::SmallVector<int64_t, 4> ones(rank, 1);
          llvm::SmallVector<int64_t, 4> div(rank, elementDivisibility(src));
          return AxisInfo(ones, div, shape, src.getConstantValue());
        })
        .Case([&](nv::AddPtrOp addptr) {
          int64_t scale = pointeeBytes(addptr.getPtr().getType());
          return addInfo(same(in[0]), same(in[1]), scale, std::nullopt);
        })
        .Case([&](arith::AddIOp) {
          std::optional<int64_t> constant;
          if (in[0].getConstantValue() && in[1].getConstantValue())
            constant = *in[0].getConstantValue() + *in[1].getConstantValue();
          AxisInfo info = addInfo(same(in[0]), same(in[1]), 1, constant);
          return info;
        })
        .Case([&](UnrealizedConversionCastOp cast) {
          // The lowering bridges types with casts: an llvm.func pointer
          // argument cast back to !nv_tileaa.ptr keeps its alignment, and a
          // value that only changed type keeps its facts.
          if (cast->getNumOperands() != 1 || cast->getNumResults() != 1)
            return AxisInfo::unknown(rank);
          Value source = cast->getOperand(0);
          if (std::optional<int64_t> alignment =
                  llvmArgumentAlignment(source, pointeeBytes(type)))
            return AxisInfo::unknown(rank, *alignment);
          if (shapeOf(source.getType()) != shape)
            return AxisInfo::unknown(rank);
          return same(in[0]);
        })
        .Case([&](arith::SubIOp) {
          const AxisInfo a = same(in[0]), b = same(in[1]);
          llvm::SmallVector<int64_t, 4> contig, div, cst;
          for (unsigned d = 0; d < rank; ++d) {
            int64_t run = std::gcd(a.getContiguity(d), b.getConstancy(d));
            contig.push_back(run);
            div.push_back(std::gcd(divisibilityAtRuns(a, d, run),
                                   divisibilityAtRuns(b, d, run)));
            cst.push_back(std::gcd(a.getConstancy(d), b.getConstancy(d)));
          }
          std::optional<int64_t> constant;
          if (a.getConstantValue() && b.getConstantValue())
            constant = *a.getConstantValue() - *b.getConstantValue();
          return AxisInfo(contig, div, cst, constant);
        })
        .Case([&](arith::MulIOp) {
          const AxisInfo a = same(in[0]), b = same(in[1]);
          // x * 1 is x.
          if (b.getConstantValue() == 1)
            return a;
          if (a.getConstantValue() == 1)
            return b;
          llvm::SmallVector<int64_t, 4> contig, div, cst;
          for (unsigned d = 0; d < rank; ++d) {
            int64_t c = 1;
            if (b.getConstantValue() == 1)
              c = a.getContiguity(d);
            else if (a.getConstantValue() == 1)
              c = b.getContiguity(d);
            contig.push_back(c);
            // Inside a contiguous run only the first element has the run's
            // divisibility.
            int64_t da = a.getContiguity(d) > 1 ? 1 : a.getDivisibility(d);
            int64_t db = b.getContiguity(d) > 1 ? 1 : b.getDivisibility(d);
            div.push_back(
                c > 1 ? std::gcd(a.getDivisibility(d), b.getDivisibility(d))
                      : cap(da * db));
            cst.push_back(std::gcd(a.getConstancy(d), b.getConstancy(d)));
          }
          std::optional<int64_t> constant;
          if (a.getConstantValue() && b.getConstantValue())
            constant = *a.getConstantValue() * *b.getConstantValue();
          else if (a.getConstantValue() == 0 || b.getConstantValue() == 0)
            constant = 0;
          return AxisInfo(contig, div, cst, constant);
        })
        .Case<arith::DivSIOp, arith::DivUIOp>([&](Operation *) {
          const AxisInfo a = same(in[0]), b = same(in[1]);
          llvm::SmallVector<int64_t, 4> ones(rank, 1), div, cst;
          std::optional<int64_t> divisor = b.getConstantValue();
          for (unsigned d = 0; d < rank; ++d) {
            int64_t c = std::gcd(a.getConstancy(d), b.getConstancy(d));
            if (divisor && *divisor > 0 && llvm::isPowerOf2_64(*divisor))
              c = std::max(c,
                           std::gcd(a.getContiguity(d),
                                    std::gcd(a.getDivisibility(d), *divisor)));
            cst.push_back(c);
            int64_t dv = 1;
            if (divisor && *divisor > 0 && a.getContiguity(d) == 1 &&
                a.getDivisibility(d) % *divisor == 0)
              dv = std::max<int64_t>(1, a.getDivisibility(d) / *divisor);
            div.push_back(dv);
          }
          std::optional<int64_t> constant;
          if (a.getConstantValue() && divisor && *divisor != 0)
            constant = *a.getConstantValue() / *divisor;
          return AxisInfo(ones, div, cst, constant);
        })
        .Case<arith::RemSIOp, arith::RemUIOp>([&](Operation *) {
          const AxisInfo a = same(in[0]), b = same(in[1]);
          std::optional<int64_t> divisor = b.getConstantValue();
          if (!divisor || *divisor <= 0 || !llvm::isPowerOf2_64(*divisor))
            return AxisInfo::unknown(rank);
          llvm::SmallVector<int64_t, 4> contig, div, cst;
          for (unsigned d = 0; d < rank; ++d) {
            contig.push_back(std::gcd(
                a.getContiguity(d), std::gcd(a.getDivisibility(d), *divisor)));
            div.push_back(std::gcd(a.getDivisibility(d), *divisor));
            cst.push_back(a.getConstancy(d));
          }
          return AxisInfo(contig, div, cst);
        })
        .Case([&](arith::ShLIOp) {
          const AxisInfo a = same(in[0]), b = same(in[1]);
          std::optional<int64_t> amount = b.getConstantValue();
          if (!amount || *amount < 0 || *amount > 30)
            return AxisInfo::unknown(rank);
          llvm::SmallVector<int64_t, 4> contig, div, cst;
          for (unsigned d = 0; d < rank; ++d) {
            contig.push_back(*amount == 0 ? a.getContiguity(d) : 1);
            int64_t base = a.getContiguity(d) > 1 ? 1 : a.getDivisibility(d);
            div.push_back(*amount == 0 ? a.getDivisibility(d)
                                       : cap(base << *amount));
            cst.push_back(a.getConstancy(d));
          }
          return AxisInfo(contig, div, cst);
        })
        .Case<arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp,
              arith::IndexCastOp, arith::IndexCastUIOp>(
            [&](Operation *) { return same(in[0]); })
        .Case<nv::IntToPtrOp, nv::PtrToIntOp, nv::PtrToPtrOp>([&](Operation *) {
          return castInfo(same(in[0]), op->getOperand(0).getType(), type);
        })
        .Case([&](arith::CmpIOp cmp) {
          const AxisInfo a = same(in[0]), b = same(in[1]);
          llvm::SmallVector<int64_t, 4> ones(rank, 1), cst;
          // a < b flips at a == b as a grows; with a constant and b
          // growing, the same comparison read as b > a flips at b == a + 1.
          arith::CmpIPredicate predicate = cmp.getPredicate();
          bool lhsGrows = flipsAtEquality(predicate);
          bool rhsGrows = flipsAtEquality(swapOperands(predicate));
          for (unsigned d = 0; d < rank; ++d) {
            int64_t c = std::gcd(a.getConstancy(d), b.getConstancy(d));
            c = std::max({c, comparisonConstancy(a, b, d, lhsGrows),
                          comparisonConstancy(b, a, d, rhsGrows)});
            cst.push_back(c);
          }
          return AxisInfo(ones, ones, cst);
        })
        .Case([&](arith::SelectOp) {
          const AxisInfo c = same(in[0]), a = same(in[1]), b = same(in[2]);
          if (c.getConstantValue())
            return *c.getConstantValue() ? a : b;
          llvm::SmallVector<int64_t, 4> contig, div, cst;
          for (unsigned d = 0; d < rank; ++d) {
            int64_t run =
                std::gcd(std::min(a.getContiguity(d), b.getContiguity(d)),
                         c.getConstancy(d));
            contig.push_back(run);
            div.push_back(std::gcd(divisibilityAtRuns(a, d, run),
                                   divisibilityAtRuns(b, d, run)));
            cst.push_back(
                gcd3(a.getConstancy(d), b.getConstancy(d), c.getConstancy(d)));
          }
          return AxisInfo(contig, div, cst);
        })
        .Case<arith::AndIOp, arith::OrIOp, arith::XOrIOp, arith::MaxSIOp,
              arith::MaxUIOp, arith::MinSIOp, arith::MinUIOp>([&](Operation *) {
          // Only constant runs survive bitwise and min/max operations.
          const AxisInfo a = same(in[0]), b = same(in[1]);
          llvm::SmallVector<int64_t, 4> ones(rank, 1), cst;
          for (unsigned d = 0; d < rank; ++d)
            cst.push_back(std::gcd(a.getConstancy(d), b.getConstancy(d)));
          return AxisInfo(ones, ones, cst);
        })
        .Case([&](nv::AssumeOp assume) {
          AxisInfo value = same(in[0]);
          llvm::SmallVector<int64_t, 4> div(value.getDivisibility()),
              cst(value.getConstancy());
          if (std::optional<uint64_t> divBy = assume.getDivBy()) {
            int64_t claim = cap(static_cast<int64_t>(*divBy));
            std::optional<uint64_t> every = assume.getEvery();
            std::optional<uint64_t> along = assume.getAlong();
            for (unsigned d = 0; d < rank; ++d) {
              // Without every/along every element is a multiple of divBy.
              // With them, only the elements at multiples of `every` along
              // `along`: that covers the start of every run when runs are
              // at least `every` long (and aligned, which they are).
              bool covered =
                  !every ||
                  (along && *along == d && *every > 0 &&
                   value.getContiguity(d) >= static_cast<int64_t>(*every) &&
                   value.getContiguity(d) % static_cast<int64_t>(*every) == 0);
              if (covered)
                div[d] = std::max(div[d], claim);
            }
          }
          if (std::optional<llvm::ArrayRef<int64_t>> same =
                  assume.getSameElements()) {
            // Aligned runs of e_d equal elements: the power-of-two part of
            // e_d gives aligned runs too (0 and 1 claim nothing).
            for (unsigned d = 0; d < rank && d < same->size(); ++d)
              if ((*same)[d] > 1)
                cst[d] =
                    std::max(cst[d], AxisInfo::powerOfTwoDividing((*same)[d]));
          }
          return AxisInfo(value.getContiguity(), div, cst,
                          value.getConstantValue());
        })
        .Default([&](Operation *) {
          // Layout conversions keep values; everything else is unknown.
          if (op->getName().getStringRef() == "nv_tileaa.convert_layout")
            return same(in[0]);
          return AxisInfo::unknown(rank);
        });
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// AxisInfoAnalysis
//===----------------------------------------------------------------------===//

AxisInfoAnalysis::AxisInfoAnalysis(Operation *root) : root(root) {
  solver.load<dataflow::DeadCodeAnalysis>();
  solver.load<dataflow::SparseConstantPropagation>();
  solver.load<AxisInfoDataFlow>();
  (void)solver.initializeAndRun(root);
}

AxisInfo AxisInfoAnalysis::getAxisInfo(Value value) const {
  unsigned rank = shapeOf(value.getType()).size();
  const auto *lattice = solver.lookupState<AxisInfoLattice>(value);
  if (!lattice || !lattice->getValue().isInitialized() ||
      lattice->getValue().getRank() != rank)
    return AxisInfo::unknown(rank);
  return lattice->getValue();
}

int64_t AxisInfoAnalysis::getVectorElements(Value pointers, Value mask,
                                            unsigned dim,
                                            unsigned elementBits) const {
  AxisInfo info = getAxisInfo(pointers);
  if (dim >= info.getRank())
    return 1;
  int64_t elementBytes = std::max<unsigned>(1, elementBits / 8);
  int64_t vector = std::min<int64_t>(
      {info.getContiguity(dim),
       std::max<int64_t>(1, info.getDivisibility(dim) / elementBytes),
       std::max<int64_t>(1, 128 / std::max<unsigned>(8, elementBits))});
  if (mask) {
    AxisInfo maskInfo = getAxisInfo(mask);
    if (dim < maskInfo.getRank())
      vector = std::min(vector, maskInfo.getConstancy(dim));
    else
      vector = 1;
  }
  return int64_t(1) << llvm::Log2_64(std::max<int64_t>(1, vector));
}
