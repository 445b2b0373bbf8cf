//===- LoopOps.cpp - cuda_tile loop/break/continue -> scf.while -----------===//
//
// A `loop` becomes an scf.while whose "before" region is the loop body:
//
//   %r:|T|+|R| = scf.while (%it = %init) : (T) -> (T, R) {
//     <body>
//     scf.condition(%go) %next, %breakValues : T, R
//   } do {
//   ^bb0(%i: T, %b: R):
//     scf.yield %i : T
//   }
//
// `continue %v` sets go = true and the next iteration values; `break %v`
// sets go = false and the loop results. An exit inside an `if` (at any if
// depth) is restructured: that if becomes an scf.if yielding the exit state
//   (exited: i1, go: i1, [returned: i1,] T..., R..., the if's own results...)
// and the rest of the enclosing block runs under scf.if(!exited). Slots a
// path does not define hold placeholders (the current iteration values, or
// zeros). A `for` whose `continue` sits inside an `if` uses the same state
// without break values; its scf.for body yields the T part. An entry with
// `return` inside `if` or a loop uses it too: return is an exit, and the
// rest of the kernel runs under scf.if(!exited).
//
// A loop holding a `return` carries the `returned` slot: scf.while passes
// it out with the break values; scf.for carries it as an extra iteration
// value and skips the remaining iterations' bodies once it is set. After
// such a loop the rest of the enclosing block runs under scf.if(!returned),
// and the enclosing loop (if any) exits with returned set as well.
//
//===----------------------------------------------------------------------===//

#include "LoweringContext.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tileiras::cuda_tile_lowering;
namespace ct = tileiras::cuda_tile;

namespace {
/// The loop (or entry) whose exits are being lowered.
struct ExitFrame {
  /// The current iteration values (lowered, tokens skipped).
  SmallVector<Value> iters;
  /// The types of the break values (empty for `for`).
  SmallVector<Type> breakTypes;
  /// The entry's own block: `return` leaves the kernel, `exited` says so.
  bool isEntry = false;
  /// A loop holding a `return`: the state has a `returned` slot.
  bool returns = false;

  size_t header() const { return returns ? 3 : 2; }
  size_t exitSize() const {
    return header() + iters.size() + breakTypes.size();
  }
};
/// The flags of one path's exit state.
struct Exit {
  bool exited, go, returned;
};
using Tuple = SmallVector<Value>;
} // namespace

bool tileiras::cuda_tile_lowering::hasEarlyExit(ct::IfOp ifOp) {
  WalkResult result = ifOp->walk<WalkOrder::PreOrder>([](Operation *op) {
    if (isa<ct::ForOp, ct::LoopOp>(op))
      return WalkResult::skip();
    if (isa<ct::BreakOp, ct::ContinueOp>(op))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

bool tileiras::cuda_tile_lowering::containsReturn(Operation *op) {
  return op->walk([](ct::ReturnOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

static SmallVector<Type> tupleTypes(Lowering &l, const ExitFrame &f,
                                    TypeRange yTypes) {
  SmallVector<Type> types(f.header(), l.b.getI1Type());
  for (Value v : f.iters)
    types.push_back(v.getType());
  llvm::append_range(types, f.breakTypes);
  llvm::append_range(types, yTypes);
  return types;
}

static LogicalResult appendZeros(Lowering &l, Operation *op, TypeRange types,
                                 Tuple &out) {
  for (Type t : types) {
    Value z = l.zero(t);
    if (!z) {
      std::string name;
      llvm::raw_string_ostream(name) << t;
      return l.fail(op, "no placeholder value of type " + name);
    }
    out.push_back(z);
  }
  return success();
}

/// The exit state of a path: `iters`, `breaks`, `ys` empty means
/// placeholders.
static FailureOr<Tuple> makeTuple(Lowering &l, Operation *op,
                                  const ExitFrame &f, Exit e, ValueRange iters,
                                  ValueRange breaks, ValueRange ys,
                                  TypeRange yTypes) {
  Type i1 = l.b.getI1Type();
  Tuple out{l.constantInt(i1, e.exited), l.constantInt(i1, e.go)};
  if (f.returns)
    out.push_back(l.constantInt(i1, e.returned));
  llvm::append_range(out, iters.empty() ? ValueRange(f.iters) : iters);
  if (!breaks.empty())
    llvm::append_range(out, breaks);
  else if (failed(appendZeros(l, op, f.breakTypes, out)))
    return failure();
  if (!ys.empty())
    llvm::append_range(out, ys);
  else if (failed(appendZeros(l, op, yTypes, out)))
    return failure();
  return out;
}

static constexpr Exit kFallThrough{false, false, false};
static constexpr Exit kReturned{true, false, true};

static FailureOr<Tuple> terminatorTuple(Lowering &l, const ExitFrame &f,
                                        Operation *term, TypeRange yTypes) {
  SmallVector<Value> operands = lowerValues(l, term->getOperands());
  if (isa<ct::ContinueOp>(term))
    return makeTuple(l, term, f, {true, true, false}, operands, {}, {}, yTypes);
  if (isa<ct::BreakOp>(term))
    return makeTuple(l, term, f, {true, false, false}, {}, operands, {},
                     yTypes);
  if (isa<ct::YieldOp>(term) && isa<ct::IfOp>(term->getParentOp()))
    return makeTuple(l, term, f, kFallThrough, {}, {}, operands, yTypes);
  if (isa<ct::ReturnOp>(term) && (f.isEntry || f.returns))
    return makeTuple(l, term, f, kReturned, {}, {}, {}, yTypes);
  return l.fail(term, "unexpected terminator here");
}

static FailureOr<Tuple> lowerTail(Lowering &l, const ExitFrame &f,
                                  Block::iterator it, Block::iterator end,
                                  TypeRange yTypes);
static FailureOr<Value> lowerLoopWithReturn(Lowering &l, Operation *op);

/// Lowers a block tail into `dst` and terminates it with scf.yield of the
/// exit state.
static LogicalResult fillBlock(Lowering &l, Block *dst,
                               function_ref<FailureOr<Tuple>()> body) {
  OpBuilder::InsertionGuard guard(l.b);
  l.b.setInsertionPointToEnd(dst);
  FailureOr<Tuple> tuple = body();
  if (failed(tuple))
    return failure();
  scf::YieldOp::create(l.b, l.loc, *tuple);
  return success();
}

/// An `if` holding exits: an scf.if yielding (exited, go, T, R, results).
static FailureOr<Tuple> lowerExitIf(Lowering &l, const ExitFrame &f,
                                    ct::IfOp op) {
  SmallVector<Type> yTypes = lowerTypes(l, op.getResults());
  auto ifOp = scf::IfOp::create(l.b, l.loc, tupleTypes(l, f, yTypes),
                                l.lookup(op.getCondition()),
                                /*addThenBlock=*/true, /*addElseBlock=*/true);
  Location loc = l.loc;
  auto branch = [&](Region &region) {
    Region *src = &region;
    return [&, src, loc]() -> FailureOr<Tuple> {
      if (src->empty()) {
        l.loc = loc;
        return makeTuple(l, op, f, kFallThrough, {}, {}, {}, yTypes);
      }
      Block &block = src->front();
      return lowerTail(l, f, block.begin(), block.end(), yTypes);
    };
  };
  if (failed(fillBlock(l, ifOp.thenBlock(), branch(op.getThenRegion()))) ||
      failed(fillBlock(l, ifOp.elseBlock(), branch(op.getElseRegion()))))
    return failure();
  l.loc = loc;
  Tuple results(ifOp.getResults());
  mapSkippingTokens(l, op.getResults(),
                    ValueRange(results).take_back(yTypes.size()));
  return results;
}

/// Lowers an op that may leave the enclosing block early (an `if` holding
/// exits, a loop holding a `return`). Returns the flag that says it did and
/// builds the exit state of that case; null when `op` is an ordinary op.
static FailureOr<Value>
lowerExitingOp(Lowering &l, const ExitFrame &f, Operation *op, TypeRange yTypes,
               std::function<FailureOr<Tuple>()> &exitedState) {
  bool canReturn = f.isEntry || f.returns;
  if (auto ifOp = dyn_cast<ct::IfOp>(op);
      ifOp && (hasEarlyExit(ifOp) || (canReturn && containsReturn(ifOp)))) {
    FailureOr<Tuple> inner = lowerExitIf(l, f, ifOp);
    if (failed(inner))
      return failure();
    Location loc = l.loc;
    exitedState = [&l, &f, op, yTypes, loc, inner]() -> FailureOr<Tuple> {
      Tuple out(ValueRange(*inner).take_front(f.exitSize()));
      l.loc = loc;
      if (failed(appendZeros(l, op, yTypes, out)))
        return failure();
      return out;
    };
    return inner->front();
  }
  if (!canReturn || !isa<ct::ForOp, ct::LoopOp>(op) || !containsReturn(op))
    return Value();
  FailureOr<Value> returned = lowerLoopWithReturn(l, op);
  Location loc = l.loc;
  exitedState = [&l, &f, op, yTypes, loc]() -> FailureOr<Tuple> {
    l.loc = loc;
    return makeTuple(l, op, f, kReturned, {}, {}, {}, yTypes);
  };
  return returned;
}

/// Lowers [it, end) of a loop body or an exit-holding if branch; returns
/// the exit state at the end of the block.
static FailureOr<Tuple> lowerTail(Lowering &l, const ExitFrame &f,
                                  Block::iterator it, Block::iterator end,
                                  TypeRange yTypes) {
  for (; it != end; ++it) {
    Operation *op = &*it;
    l.loc = op->getLoc();
    if (op->hasTrait<OpTrait::IsTerminator>())
      return terminatorTuple(l, f, op, yTypes);
    std::function<FailureOr<Tuple>()> exited;
    FailureOr<Value> left = lowerExitingOp(l, f, op, yTypes, exited);
    if (failed(left))
      return failure();
    if (!*left) {
      if (failed(l.lowerOp(op)))
        return failure();
      continue;
    }
    // The rest of the block runs only when the op did not exit.
    auto rest = scf::IfOp::create(l.b, l.loc, tupleTypes(l, f, yTypes), *left,
                                  true, true);
    auto next = std::next(it);
    auto fallThrough = [&]() { return lowerTail(l, f, next, end, yTypes); };
    if (failed(fillBlock(l, rest.thenBlock(), exited)) ||
        failed(fillBlock(l, rest.elseBlock(), fallThrough)))
      return failure();
    return Tuple(rest.getResults());
  }
  return failure(); // unreachable: blocks end in a terminator
}

/// `loop` -> scf.while; with `returns`, the returned flag is its last
/// result (returned here), else the result is null.
static FailureOr<Value> lowerLoop(Lowering &l, ct::LoopOp op, bool returns) {
  SmallVector<Value> inits = lowerValues(l, op.getInitValues());
  SmallVector<Type> iterTypes = lowerTypes(l, op.getInitValues());
  ExitFrame f;
  f.returns = returns;
  f.breakTypes = lowerTypes(l, op.getResults());
  SmallVector<Type> resultTypes(iterTypes);
  llvm::append_range(resultTypes, f.breakTypes);
  if (returns)
    resultTypes.push_back(l.b.getI1Type());
  auto whileOp = scf::WhileOp::create(l.b, l.loc, resultTypes, inits);
  Location loc = l.loc;
  SmallVector<Location> iterLocs(iterTypes.size(), loc);
  SmallVector<Location> allLocs(resultTypes.size(), loc);
  Block *before =
      l.b.createBlock(&whileOp.getBefore(), {}, iterTypes, iterLocs);
  Block *after = l.b.createBlock(&whileOp.getAfter(), {}, resultTypes, allLocs);
  l.b.setInsertionPointAfter(whileOp);
  llvm::append_range(f.iters, before->getArguments());
  Block &src = op.getBody().front();
  mapSkippingTokens(l, src.getArguments(), before->getArguments());
  {
    OpBuilder::InsertionGuard guard(l.b);
    l.b.setInsertionPointToEnd(before);
    FailureOr<Tuple> tuple = lowerTail(l, f, src.begin(), src.end(), {});
    if (failed(tuple))
      return failure();
    // Passed on: T, R and the returned flag.
    SmallVector<Value> passed(
        ValueRange(*tuple).slice(f.header(), f.exitSize() - f.header()));
    if (returns)
      passed.push_back((*tuple)[2]);
    scf::ConditionOp::create(l.b, loc, (*tuple)[1], passed);
    l.b.setInsertionPointToEnd(after);
    scf::YieldOp::create(l.b, loc,
                         after->getArguments().take_front(iterTypes.size()));
  }
  l.loc = loc;
  mapSkippingTokens(
      l, op.getResults(),
      whileOp.getResults().slice(iterTypes.size(), f.breakTypes.size()));
  return returns ? whileOp.getResults().back() : Value();
}

/// A `for` holding a `return`: scf.for carrying the returned flag; once it
/// is set the remaining iterations pass their values through.
static FailureOr<Value> lowerForWithReturn(Lowering &l, ct::ForOp op) {
  Type i1 = l.b.getI1Type();
  SmallVector<Value> inits = lowerValues(l, op.getInitValues());
  inits.push_back(l.constantInt(i1, 0));
  auto forOp = scf::ForOp::create(l.b, l.loc, l.lookup(op.getLowerBound()),
                                  l.lookup(op.getUpperBound()),
                                  l.lookup(op.getStep()), inits);
  if (op.getUnsignedCmp())
    forOp.setUnsignedCmp(true);
  Block *body = forOp.getBody();
  if (!body->empty())
    body->back().erase(); // the builder's implicit yield
  Location loc = l.loc;
  ValueRange iters = forOp.getRegionIterArgs().drop_back();
  Block &src = op.getBody().front();
  l.map1(src.getArgument(0), forOp.getInductionVar());
  mapSkippingTokens(l, src.getArguments().drop_front(), iters);
  OpBuilder::InsertionGuard guard(l.b);
  l.b.setInsertionPointToEnd(body);
  auto skip = scf::IfOp::create(l.b, loc, TypeRange(ValueRange(inits)),
                                forOp.getRegionIterArgs().back(), true, true);
  l.b.setInsertionPointToEnd(skip.thenBlock());
  scf::YieldOp::create(l.b, loc, forOp.getRegionIterArgs());
  ExitFrame f;
  f.returns = true;
  llvm::append_range(f.iters, iters);
  l.b.setInsertionPointToEnd(skip.elseBlock());
  FailureOr<Tuple> tuple = lowerTail(l, f, src.begin(), src.end(), {});
  if (failed(tuple))
    return failure();
  SmallVector<Value> next(ValueRange(*tuple).slice(3, iters.size()));
  next.push_back((*tuple)[2]);
  scf::YieldOp::create(l.b, loc, next);
  l.b.setInsertionPointToEnd(body);
  scf::YieldOp::create(l.b, loc, skip.getResults());
  l.loc = loc;
  mapSkippingTokens(l, op.getResults(), forOp.getResults().drop_back());
  return forOp.getResults().back();
}

static FailureOr<Value> lowerLoopWithReturn(Lowering &l, Operation *op) {
  if (auto forOp = dyn_cast<ct::ForOp>(op))
    return lowerForWithReturn(l, forOp);
  return lowerLoop(l, cast<ct::LoopOp>(op), /*returns=*/true);
}

LogicalResult tileiras::cuda_tile_lowering::lowerForBodyWithExits(Lowering &l,
                                                                  ct::ForOp op,
                                                                  Block *body) {
  ExitFrame f;
  llvm::append_range(f.iters, body->getArguments().drop_front());
  Block &src = op.getBody().front();
  OpBuilder::InsertionGuard guard(l.b);
  l.b.setInsertionPointToEnd(body);
  FailureOr<Tuple> tuple = lowerTail(l, f, src.begin(), src.end(), {});
  if (failed(tuple))
    return failure();
  scf::YieldOp::create(l.b, l.loc,
                       ValueRange(*tuple).slice(f.header(), f.iters.size()));
  return success();
}

LogicalResult
tileiras::cuda_tile_lowering::lowerEntryBodyWithReturns(Lowering &l,
                                                        Block &src) {
  ExitFrame f;
  f.isEntry = true;
  if (failed(lowerTail(l, f, src.begin(), src.end(), {})))
    return failure();
  l.create("nv_tileaa.return", {}, {});
  return success();
}

LogicalResult tileiras::cuda_tile_lowering::lowerLoops(Lowering &l,
                                                       Operation *op,
                                                       bool &handled) {
  handled = isa<ct::LoopOp>(op);
  if (!handled)
    return success();
  if (containsReturn(op))
    return l.fail(op, "a 'return' inside a loop must leave an entry");
  return failure(failed(lowerLoop(l, cast<ct::LoopOp>(op), false)));
}
