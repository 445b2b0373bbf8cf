//===- MiscOps.cpp - program ids, tokens, assumptions ---------------------===//

#include "TileToLLVM/TileLowering.h"

using namespace mlir;
using namespace tileiras;
using namespace tileiras::lowering;
namespace nv = tileiras::nv_tileaa;

namespace {
/// One program is one CTA: program ids are CTA ids, the number of programs
/// is the grid size.
template <typename SourceOp, typename XOp, typename YOp, typename ZOp>
struct GridQueryLowering : public ConvertOpToLLVMPattern<SourceOp> {
  using ConvertOpToLLVMPattern<SourceOp>::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type i32 = rewriter.getI32Type();
    Value value;
    switch (op.getDim()) {
    case nv::GridDim::x:
      value = XOp::create(rewriter, op.getLoc(), i32);
      break;
    case nv::GridDim::y:
      value = YOp::create(rewriter, op.getLoc(), i32);
      break;
    case nv::GridDim::z:
      value = ZOp::create(rewriter, op.getLoc(), i32);
      break;
    }
    rewriter.replaceOp(op, value);
    return success();
  }
};

/// Memory ops execute in program order in v1, so tokens carry no ordering
/// of their own: they lower to a constant.
template <typename SourceOp>
struct TokenLowering : public ConvertOpToLLVMPattern<SourceOp> {
  using ConvertOpToLLVMPattern<SourceOp>::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, i32Constant(rewriter, op.getLoc(), 0));
    return success();
  }
};

/// Assumptions fed the analyses; the value itself passes through.
struct AssumeLowering : public ConvertOpToLLVMPattern<nv::AssumeOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(nv::AssumeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getValue());
    return success();
  }
};
} // namespace

void lowering::populateMiscOpPatterns(TileTypeConverter &converter,
                                      RewritePatternSet &patterns,
                                      LoweringState &) {
  patterns.add<GridQueryLowering<nv::GetProgramIdOp, NVVM::BlockIdXOp,
                                 NVVM::BlockIdYOp, NVVM::BlockIdZOp>,
               GridQueryLowering<nv::GetNumProgramsOp, NVVM::GridDimXOp,
                                 NVVM::GridDimYOp, NVVM::GridDimZOp>,
               TokenLowering<nv::CreateMemTokenOp>,
               TokenLowering<nv::JoinMemTokenOp>, AssumeLowering>(converter);
}
