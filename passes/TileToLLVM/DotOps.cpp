//===- DotOps.cpp - dot: the dispatcher -----------------------------------===//
//
// nv_tileaa.dot, D = A * B + C. The instruction path is chosen from the
// accumulator's encoding (layout assignment decided it and recorded why in
// nv_tileaa.dot_path); each path lives in its own file of Dot/:
// Fma.cpp (every target; operands in registers or streamed from shared
// memory) and MmaSync.cpp (tensor cores, sm_80+). nv_tileaa.warpgroup_dot,
// the dot tileaa-warpgroup-dots made to read its operands from shared
// memory, lowers in Wgmma.cpp (sm_90a) and Tcgen05.cpp (sm_100a family);
// nv_tileaa.dot_scaled, where tileaa-decompose-scaled-dots kept it, on
// block-scaled mma.sync in MmaSync.cpp (sm_120a/f, sm_121a/f).
//
//===----------------------------------------------------------------------===//

#include "TileToLLVM/Dot/DotPaths.h"
#include "tileiras/TargetSpec/InstructionFamily.h"

using namespace mlir;
using namespace tileiras;
using namespace tileiras::lowering;
namespace nv = tileiras::nv_tileaa;

namespace {

/// How a dot is computed.
enum class DotPath {
  /// Scalar fused multiply-adds (dp4a for i8) from FMA operand layouts:
  /// every thread holds its rows of A and columns of B, all of K, in
  /// registers.
  Fma,
  /// The same FMAs with A and B staged once in shared memory and streamed
  /// one K step at a time, for operands too large to keep in registers
  /// (layout assignment leaves them in their own layouts to ask for it).
  FmaSharedOperands,
  /// mma.sync tensor-core instructions (Dot/MmaSync.cpp).
  MmaSync,
};

FailureOr<DotPath> selectDotPath(nv::DotOp op) {
  Attribute encoding = op.getType().getEncoding();
  if (isa_and_nonnull<nv::MmaEncodingAttr>(encoding))
    return DotPath::MmaSync;
  if (!isa_and_nonnull<nv::LayoutEncodingAttrInterface>(encoding))
    return op.emitOpError()
           << "has no lowering for the accumulator layout " << encoding;
  bool registerOperands =
      isa<nv::DotOperandEncodingAttr>(op.getA().getType().getEncoding()) &&
      isa<nv::DotOperandEncodingAttr>(op.getB().getType().getEncoding());
  if (!registerOperands && op.getType().getRank() == 2 &&
      isa<FloatType>(op.getA().getType().getElementType()))
    return DotPath::FmaSharedOperands;
  return DotPath::Fma;
}

/// A dot pattern: lowers to the accumulator's registers, then packs them.
template <typename Op>
struct DotPatternBase : public ConvertOpToLLVMPattern<Op> {
  DotPatternBase(TileTypeConverter &converter, LoweringState &state)
      : ConvertOpToLLVMPattern<Op>(converter), tiles(converter), state(state) {}

protected:
  LogicalResult replaceWith(Op op, FailureOr<SmallVector<Value>> registers,
                            ConversionPatternRewriter &rewriter) const {
    if (failed(registers))
      return failure();
    rewriter.replaceOp(
        op, packTile(rewriter, op.getLoc(),
                     this->getTypeConverter()->convertType(op.getType()),
                     *registers));
    return success();
  }

  const TileTypeConverter &tiles;
  LoweringState &state;
};

struct DotLowering : public DotPatternBase<nv::DotOp> {
  using DotPatternBase::DotPatternBase;

  LogicalResult
  matchAndRewrite(nv::DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<DotPath> path = selectDotPath(op);
    if (failed(path))
      return failure();
    Value a = adaptor.getA(), b = adaptor.getB(), c = adaptor.getC();
    FailureOr<SmallVector<Value>> d = failure();
    switch (*path) {
    case DotPath::Fma:
      d = lowerFmaDot(op, a, b, c, rewriter, tiles, state);
      break;
    case DotPath::FmaSharedOperands:
      d = lowerFmaSharedOperandsDot(op, a, b, c, rewriter, tiles, state);
      break;
    case DotPath::MmaSync:
      d = lowerMmaSyncDot(op, a, b, c, rewriter, tiles, state);
      break;
    }
    return replaceWith(op, d, rewriter);
  }
};

/// dot_scaled: tileaa-decompose-scaled-dots left it only where block-
/// scaled mma.sync runs it.
struct DotScaledLowering : public DotPatternBase<nv::DotScaledOp> {
  using DotPatternBase::DotPatternBase;

  LogicalResult
  matchAndRewrite(nv::DotScaledOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!targetspec::targetSupports(state.target,
                                    targetspec::InstrFamily::BlockScaledMma))
      return op.emitOpError()
             << "needs block-scaled mma.sync: "
             << targetspec::unsupportedFamilyMessage(
                    state.target, targetspec::InstrFamily::BlockScaledMma)
             << " (run tileaa-decompose-scaled-dots first)";
    return replaceWith(
        op,
        lowerBlockScaledMmaSyncDot(op, adaptor.getA(), adaptor.getAScale(),
                                   adaptor.getB(), adaptor.getBScale(),
                                   adaptor.getC(), rewriter, tiles, state),
        rewriter);
  }
};

} // namespace

void lowering::populateDotPatterns(TileTypeConverter &converter,
                                   RewritePatternSet &patterns,
                                   LoweringState &state) {
  patterns.add<DotLowering, DotScaledLowering>(converter, state);
  populateWarpgroupDotPatterns(converter, patterns, state);
  populateTensorMemoryPatterns(converter, patterns, state);
}
