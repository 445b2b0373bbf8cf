//===- ConvertTileFuncToLLVM.cpp - functions, kernels and calls -----------===//
//
// nv_tileaa.func becomes llvm.func with LLVM argument types. Kernels get the
// kernel calling convention (nvvm.kernel), nvvm.reqntid = 32*numWarps,
// cluster attributes on SM >= 90 when the cluster has more than one CTA,
// and nvvm.minctasm/nvvm.maxnreg from nv_tileaa.occupancy, computed from the
// target's register file. Bodies keep their ops; casts bridge the types
// until convert-tileaa-to-llvm lowers them.
//
//===----------------------------------------------------------------------===//

#include "TileToLLVM/TileLowering.h"
#include "tileiras/Dialect/NVTileAA/NVTileAA.h"
#include "tileiras/Passes/Passes.h"
#include "tileiras/TargetSpec/ArchTable.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

namespace tileiras {
#define GEN_PASS_DEF_CONVERTTILEFUNCTOLLVM
#include "tileiras/Passes/Passes.h.inc"
} // namespace tileiras

using namespace mlir;
using namespace tileiras;
using namespace tileiras::lowering;
namespace nv = tileiras::nv_tileaa;

namespace {
constexpr llvm::StringLiteral kOccupancy =
    nv_tileaa::NVTileAADialect::kOccupancyAttrName;
constexpr llvm::StringLiteral kNoAlias = "nv_tileaa.noalias";

/// Launch attributes of a kernel. Attributes the function already carries
/// (a frontend may set them) are kept.
LogicalResult addKernelAttributes(nv::FuncOp func, LLVM::LLVMFuncOp kernel,
                                  const targetspec::Target &target) {
  MLIRContext *context = func.getContext();
  Builder builder(context);
  auto setIfAbsent = [&](llvm::StringRef name, Attribute value) {
    if (!kernel->hasAttr(name))
      kernel->setAttr(name, value);
  };
  nv::KernelSpecAttr spec = func.getKernelSpec();
  int64_t threads = 32 * spec.getNumWarps();
  kernel->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(),
                  builder.getUnitAttr());
  setIfAbsent(
      NVVM::NVVMDialect::getReqntidAttrName(),
      builder.getDenseI32ArrayAttr({static_cast<int32_t>(threads), 1, 1}));

  llvm::ArrayRef<int64_t> cluster = spec.getClusterDim();
  int64_t clusterSize = 1;
  for (int64_t extent : cluster)
    clusterSize *= extent;
  // Clusters exist from Hopper on; a 1x1x1 cluster is no cluster.
  if (target.sm >= 90 && clusterSize > 1) {
    llvm::SmallVector<int32_t> dims(cluster.begin(), cluster.end());
    setIfAbsent(NVVM::NVVMDialect::getClusterDimAttrName(),
                builder.getDenseI32ArrayAttr(dims));
    setIfAbsent(NVVM::NVVMDialect::getBlocksAreClustersAttrName(),
                builder.getUnitAttr());
  }

  if (auto occupancy = func->getAttrOfType<IntegerAttr>(kOccupancy)) {
    int64_t ctas = occupancy.getInt();
    std::optional<unsigned> registers = targetspec::maxRegistersForOccupancy(
        target.arch(), static_cast<unsigned>(threads),
        static_cast<unsigned>(ctas));
    assert(registers && "occupancy checked before the conversion");
    setIfAbsent(NVVM::NVVMDialect::getMinctasmAttrName(),
                builder.getI32IntegerAttr(static_cast<int32_t>(ctas)));
    setIfAbsent(NVVM::NVVMDialect::getMaxnregAttrName(),
                builder.getI32IntegerAttr(static_cast<int32_t>(*registers)));
  }
  return success();
}

/// A tensor map travels by value (`.param .align 64 .b8 p[128]`) and is
/// read in place (grid_constant); the description stays on the parameter
/// for the kernel metadata (lib/Driver/Metadata.cpp).
void setTensorMapAttrs(LLVM::LLVMFuncOp func, unsigned index,
                       DictionaryAttr map) {
  MLIRContext *context = func.getContext();
  Builder b(context);
  func.setArgAttr(index, LLVM::LLVMDialect::getByValAttrName(),
                  TypeAttr::get(LLVM::LLVMArrayType::get(
                      IntegerType::get(context, 8), 128)));
  func.setArgAttr(index, LLVM::LLVMDialect::getAlignAttrName(),
                  b.getI64IntegerAttr(64));
  func.setArgAttr(index, NVVM::NVVMDialect::getGridConstantAttrName(),
                  b.getUnitAttr());
  func.setArgAttr(index, "tileiras.tensor_map", map);
}

struct FuncLowering : public OpConversionPattern<nv::FuncOp> {
  FuncLowering(TypeConverter &converter, MLIRContext *context,
               const targetspec::Target &target)
      : OpConversionPattern(converter, context), target(target) {}

  LogicalResult
  matchAndRewrite(nv::FuncOp func, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter *converter = getTypeConverter();
    FunctionType type = func.getFunctionType();
    TypeConverter::SignatureConversion signature(type.getNumInputs());
    for (auto [index, input] : llvm::enumerate(type.getInputs())) {
      Type converted = converter->convertType(input);
      if (!converted)
        return rewriter.notifyMatchFailure(func, "argument type");
      signature.addInputs(index, converted);
    }
    llvm::SmallVector<Type> results;
    for (Type result : type.getResults()) {
      Type converted = converter->convertType(result);
      if (!converted)
        return rewriter.notifyMatchFailure(func, "result type");
      results.push_back(converted);
    }
    MLIRContext *context = func.getContext();
    Type resultType = results.empty() ? LLVM::LLVMVoidType::get(context)
                      : results.size() == 1
                          ? results.front()
                          : LLVM::LLVMStructType::getLiteral(context, results);
    auto functionType =
        LLVM::LLVMFunctionType::get(resultType, signature.getConvertedTypes());
    LLVM::Linkage linkage = func.isPrivate() && !func.isKernel()
                                ? LLVM::Linkage::Internal
                                : LLVM::Linkage::External;
    auto llvmFunc = LLVM::LLVMFuncOp::create(
        rewriter, func.getLoc(), func.getSymName(), functionType, linkage);

    // Keep attributes a frontend put on the function (nvvm.*, llvm.*).
    for (NamedAttribute attr : func->getDiscardableAttrs())
      if (!attr.getName().getValue().starts_with("nv_tileaa."))
        llvmFunc->setAttr(attr.getName(), attr.getValue());

    for (unsigned i = 0; i < type.getNumInputs(); ++i) {
      if (isa<nv::PtrType>(type.getInput(i))) {
        // The kernel ABI guarantees 16-byte aligned pointer arguments.
        if (func.isKernel())
          llvmFunc.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                              rewriter.getI64IntegerAttr(16));
        if (func.getArgAttr(i, kNoAlias))
          llvmFunc.setArgAttr(i, LLVM::LLVMDialect::getNoAliasAttrName(),
                              rewriter.getUnitAttr());
      }
      if (auto map =
              func.getArgAttrOfType<DictionaryAttr>(i, "nv_tileaa.tensor_map"))
        setTensorMapAttrs(llvmFunc, i, map);
      for (NamedAttribute attr : func.getArgAttrDict(i)
                                     ? func.getArgAttrDict(i).getValue()
                                     : llvm::ArrayRef<NamedAttribute>())
        if (attr.getName().getValue().starts_with("llvm.") ||
            attr.getName().getValue().starts_with("nvvm."))
          llvmFunc.setArgAttr(i, attr.getName(), attr.getValue());
    }
    if (func.isKernel() && failed(addKernelAttributes(func, llvmFunc, target)))
      return failure();

    rewriter.inlineRegionBefore(func.getBody(), llvmFunc.getBody(),
                                llvmFunc.end());
    if (failed(rewriter.convertRegionTypes(&llvmFunc.getBody(), *converter,
                                           &signature)))
      return failure();
    rewriter.eraseOp(func);
    return success();
  }

  targetspec::Target target;
};

struct ReturnLowering : public OpConversionPattern<nv::ReturnOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(nv::ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange operands = adaptor.getOperands();
    if (operands.size() <= 1) {
      rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, operands);
      return success();
    }
    llvm::SmallVector<Type> types;
    for (Value operand : operands)
      types.push_back(operand.getType());
    Type structType =
        LLVM::LLVMStructType::getLiteral(rewriter.getContext(), types);
    Value packed = packTile(rewriter, op.getLoc(), structType, operands);
    rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, packed);
    return success();
  }
};

struct CallLowering : public OpConversionPattern<nv::CallOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(nv::CallOp call, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    llvm::SmallVector<Type> results;
    if (failed(
            getTypeConverter()->convertTypes(call.getResultTypes(), results)))
      return failure();
    Location loc = call.getLoc();
    if (results.size() <= 1) {
      auto llvmCall = LLVM::CallOp::create(
          rewriter, loc, results, call.getCalleeAttr(), adaptor.getOperands());
      rewriter.replaceOp(call, llvmCall.getResults());
      return success();
    }
    Type structType =
        LLVM::LLVMStructType::getLiteral(rewriter.getContext(), results);
    auto llvmCall =
        LLVM::CallOp::create(rewriter, loc, TypeRange{structType},
                             call.getCalleeAttr(), adaptor.getOperands());
    llvm::SmallVector<Value> values;
    for (unsigned i = 0; i < results.size(); ++i)
      values.push_back(
          LLVM::ExtractValueOp::create(rewriter, loc, llvmCall.getResult(), i));
    rewriter.replaceOp(call, values);
    return success();
  }
};

/// The target recorded by tileaa-resolve-target.
FailureOr<targetspec::Target> moduleTarget(ModuleOp module) {
  StringAttr spec;
  module.walk([&](Operation *op) {
    if (!spec)
      spec = op->getAttrOfType<StringAttr>(
          nv_tileaa::NVTileAADialect::kTargetSpecAttrName);
  });
  if (!spec)
    return module.emitError()
           << "the target is unknown: run tileaa-resolve-target first "
              "(nv_tileaa.target_spec is missing)";
  auto target = targetspec::parseTarget(spec.getValue());
  if (!target)
    return module.emitError() << llvm::toString(target.takeError());
  return *target;
}

struct ConvertTileFuncToLLVMPass
    : public tileiras::impl::ConvertTileFuncToLLVMBase<
          ConvertTileFuncToLLVMPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();

    bool ok = true;
    module.walk([&](nv::ReturnOp op) {
      auto func = op->getParentOfType<nv::FuncOp>();
      if (func && func.isKernel() && op.getNumOperands() > 0) {
        op.emitError("Kernel functions do not support return with operands");
        ok = false;
      }
    });
    module.walk([&](nv::FuncOp func) {
      if (!func.isKernel())
        return;
      for (auto [index, type] :
           llvm::enumerate(func.getFunctionType().getInputs()))
        if (isa<RankedTensorType>(type)) {
          func.emitError() << "kernel @" << func.getSymName()
                           << " takes a tile as argument #" << index
                           << "; kernels take scalars and pointers";
          ok = false;
        }
    });
    if (!ok)
      return signalPassFailure();
    bool hasFunctions = false;
    module.walk([&](nv::FuncOp) { hasFunctions = true; });
    if (!hasFunctions)
      return;
    FailureOr<targetspec::Target> target = moduleTarget(module);
    if (failed(target))
      return signalPassFailure();
    // Occupancy the SM cannot provide is the user's error, reported before
    // anything is rewritten.
    module.walk([&](nv::FuncOp func) {
      auto occupancy = func->getAttrOfType<IntegerAttr>(kOccupancy);
      if (!occupancy || !func.isKernel())
        return;
      int64_t threads = func.getKernelSpec().getNumThreads();
      if (!targetspec::maxRegistersForOccupancy(
              target->arch(), static_cast<unsigned>(threads),
              static_cast<unsigned>(occupancy.getInt()))) {
        func.emitError() << "nv_tileaa.occupancy = " << occupancy.getInt()
                         << " cannot be met on " << target->name() << ": "
                         << occupancy.getInt() << " CTAs of " << threads
                         << " threads do not fit on one SM";
        ok = false;
      }
    });
    if (!ok)
      return signalPassFailure();

    TileTypeConverter converter(context);
    RewritePatternSet patterns(context);
    patterns.add<FuncLowering>(converter, context, *target);
    patterns.add<ReturnLowering, CallLowering>(converter, context);

    ConversionTarget conversionTarget(*context);
    conversionTarget.addIllegalOp<nv::FuncOp, nv::ReturnOp, nv::CallOp>();
    conversionTarget.markUnknownOpDynamicallyLegal(
        [](Operation *) { return true; });
    if (failed(applyPartialConversion(module, conversionTarget,
                                      std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
