//===- PointerCastOps.cpp - int_to_ptr, ptr_to_int, ptr_to_ptr ------------===//
//
// Element by element: llvm.inttoptr and llvm.ptrtoint between i64 and the
// pointer of the type's address space. LLVM pointers are opaque, so
// ptr_to_ptr (same address space, another pointee) is the operand itself.
//
//===----------------------------------------------------------------------===//

#include "TileToLLVM/TileLowering.h"

using namespace mlir;
using namespace tileiras;
using namespace tileiras::lowering;
namespace nv = tileiras::nv_tileaa;

namespace {
/// Rewrites every element of the operand with `CastOp` to the element type
/// of the converted result.
template <typename SourceOp, typename CastOp>
struct ElementCastLowering : public ConvertOpToLLVMPattern<SourceOp> {
  using ConvertOpToLLVMPattern<SourceOp>::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type resultType = this->getTypeConverter()->convertType(op.getType());
    Type element = this->getTypeConverter()->convertType(
        getElementTypeOrSelf(op.getType()));
    if (!resultType || !element)
      return rewriter.notifyMatchFailure(op, "unconvertible result type");
    SmallVector<Value> results;
    for (Value v : unpackTile(rewriter, loc, adaptor.getSrc()))
      results.push_back(CastOp::create(rewriter, loc, element, v));
    rewriter.replaceOp(op, packTile(rewriter, loc, resultType, results));
    return success();
  }
};

struct PtrToPtrLowering : public ConvertOpToLLVMPattern<nv::PtrToPtrOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(nv::PtrToPtrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getType());
    if (resultType != adaptor.getSrc().getType())
      return rewriter.notifyMatchFailure(op, "operand and result differ");
    rewriter.replaceOp(op, adaptor.getSrc());
    return success();
  }
};
} // namespace

void tileiras::lowering::populatePointerCastPatterns(
    TileTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ElementCastLowering<nv::IntToPtrOp, LLVM::IntToPtrOp>,
               ElementCastLowering<nv::PtrToIntOp, LLVM::PtrToIntOp>,
               PtrToPtrLowering>(converter);
}
