//===- ControlOps.cpp - cuda_tile for/if/reduce/scan and terminators ------===//
//
// for -> scf.for, if -> scf.if, reduce/scan -> nv_tileaa.reduce/scan,
// return -> nv_tileaa.return. Token iter values and results are dropped.
// `loop`, and `break`/`continue` inside `if`, are in LoopOps.cpp.
//
//===----------------------------------------------------------------------===//

#include "LoweringContext.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tileiras::cuda_tile_lowering;
namespace ct = tileiras::cuda_tile;

bool tileiras::cuda_tile_lowering::isToken(Value v) {
  return isa<ct::TokenType>(v.getType());
}

// Non-token values, lowered.
SmallVector<Value>
tileiras::cuda_tile_lowering::lowerValues(Lowering &l, ValueRange values) {
  SmallVector<Value> out;
  for (Value v : values)
    if (isView(v.getType()))
      appendViewComponents(l, v, out);
    else if (!isToken(v))
      out.push_back(l.lookup(v));
  return out;
}

SmallVector<Type> tileiras::cuda_tile_lowering::lowerTypes(Lowering &l,
                                                           ValueRange values) {
  SmallVector<Type> out;
  for (Value v : values)
    if (isView(v.getType()))
      llvm::append_range(out, viewComponentTypes(l, v.getType()));
    else if (!isToken(v))
      out.push_back(l.convertType(v.getType()));
  return out;
}

// Maps `from` (skipping tokens, which map to the token placeholder, and
// taking the components of views) onto `to`.
void tileiras::cuda_tile_lowering::mapSkippingTokens(Lowering &l,
                                                     ValueRange from,
                                                     ValueRange to) {
  size_t next = 0;
  for (Value v : from) {
    if (isView(v.getType())) {
      size_t n = viewComponentTypes(l, v.getType()).size();
      mapViewComponents(l, v, to.slice(next, n));
      next += n;
    } else {
      l.map1(v, isToken(v) ? l.token() : to[next++]);
    }
  }
}

LogicalResult tileiras::cuda_tile_lowering::lowerRegionInto(Lowering &l,
                                                            Region &src,
                                                            Block *dst) {
  OpBuilder::InsertionGuard guard(l.b);
  l.b.setInsertionPointToEnd(dst);
  return l.lowerBlock(src.front());
}

static LogicalResult lowerFor(Lowering &l, ct::ForOp op) {
  // A `for` holding a return is lowered with the entry's exits (LoopOps).
  if (containsReturn(op))
    return l.fail(op, "a 'return' inside a loop must leave an entry");
  auto forOp = scf::ForOp::create(
      l.b, l.loc, l.lookup(op.getLowerBound()), l.lookup(op.getUpperBound()),
      l.lookup(op.getStep()), lowerValues(l, op.getInitValues()));
  if (op.getUnsignedCmp())
    forOp.setUnsignedCmp(true);
  Block *body = forOp.getBody();
  if (!body->empty())
    body->back().erase(); // the builder's implicit yield
  Block &src = op.getBody().front();
  l.map1(src.getArgument(0), forOp.getInductionVar());
  mapSkippingTokens(l, src.getArguments().drop_front(),
                    forOp.getRegionIterArgs());
  bool exits = llvm::any_of(src.getOps<ct::IfOp>(), hasEarlyExit);
  if (failed(exits ? lowerForBodyWithExits(l, op, body)
                   : lowerRegionInto(l, op.getBody(), body)))
    return failure();
  mapSkippingTokens(l, op.getResults(), forOp.getResults());
  return success();
}

static LogicalResult lowerIf(Lowering &l, ct::IfOp op) {
  bool hasElse = !op.getElseRegion().empty();
  auto ifOp = scf::IfOp::create(l.b, l.loc, lowerTypes(l, op.getResults()),
                                l.lookup(op.getCondition()), hasElse);
  for (Block *block : {ifOp.thenBlock(), ifOp.elseBlock()})
    if (block && !block->empty())
      block->back().erase(); // implicit yields; ours come from the source
  if (failed(lowerRegionInto(l, op.getThenRegion(), ifOp.thenBlock())) ||
      (hasElse &&
       failed(lowerRegionInto(l, op.getElseRegion(), ifOp.elseBlock()))))
    return failure();
  mapSkippingTokens(l, op.getResults(), ifOp.getResults());
  return success();
}

// reduce/scan with one operand: the combiner takes (element, accumulator).
// Several operands: PackedReduce.cpp.
static LogicalResult lowerCombiner(Lowering &l, Operation *op, StringRef name) {
  if (op->getNumOperands() > 1)
    return lowerPackedCombiner(l, op, name);
  auto tile = cast<ct::TileType>(op->getOperand(0).getType());
  OperationState state(l.loc, name);
  state.addOperands(l.lookup(op->getOperand(0)));
  state.addTypes(l.convertType(op->getResult(0).getType()));
  state.addAttribute(
      "axis", l.b.getI32IntegerAttr(
                  int32_t(op->getAttrOfType<IntegerAttr>("dim").getInt())));
  if (auto reverse = op->getAttrOfType<BoolAttr>("reverse"))
    state.addAttribute("reverse", reverse);
  Block *block = new Block();
  state.addRegion()->push_back(block);
  Block &src = op->getRegion(0).front();
  // 4-bit elements are bytes (FourBitTiles.cpp).
  Type element = isFourBitTile(tile) ? l.b.getI8Type() : tile.getElementType();
  for (BlockArgument arg : src.getArguments())
    l.map1(arg, block->addArgument(element, l.loc));
  Operation *lowered = l.b.create(state);
  if (failed(lowerRegionInto(l, op->getRegion(0), block)))
    return failure();
  l.map1(op->getResult(0), lowered->getResult(0));
  return success();
}

static LogicalResult lowerTerminator(Lowering &l, Operation *op) {
  Operation *parent = op->getParentOp();
  SmallVector<Value> operands = lowerValues(l, op->getOperands());
  if (isa<ct::ReturnOp>(op)) {
    if (!isa<ct::EntryOp>(parent))
      return l.fail(op, "'return' may only leave an entry");
    l.create("nv_tileaa.return", {}, {});
    return success();
  }
  if (isa<ct::YieldOp>(op) && isa<ct::ReduceOp, ct::ScanOp>(parent)) {
    l.create("nv_tileaa.yield", {}, operands);
    return success();
  }
  if ((isa<ct::YieldOp>(op) && isa<ct::IfOp>(parent)) ||
      (isa<ct::ContinueOp>(op) && isa<ct::ForOp>(parent))) {
    scf::YieldOp::create(l.b, l.loc, operands);
    return success();
  }
  // Loop bodies and ifs holding exits are lowered by LoopOps.cpp; nothing
  // else may end in break or continue.
  return l.fail(op, "unexpected terminator here");
}

LogicalResult tileiras::cuda_tile_lowering::lowerControl(Lowering &l,
                                                         Operation *op,
                                                         bool &handled) {
  handled = true;
  if (auto forOp = dyn_cast<ct::ForOp>(op))
    return lowerFor(l, forOp);
  if (auto ifOp = dyn_cast<ct::IfOp>(op))
    return lowerIf(l, ifOp);
  if (isa<ct::ReduceOp>(op))
    return lowerCombiner(l, op, "nv_tileaa.reduce");
  if (isa<ct::ScanOp>(op))
    return lowerCombiner(l, op, "nv_tileaa.scan");
  if (isa<ct::ReturnOp, ct::YieldOp, ct::ContinueOp, ct::BreakOp>(op))
    return lowerTerminator(l, op);
  handled = false;
  return success();
}
