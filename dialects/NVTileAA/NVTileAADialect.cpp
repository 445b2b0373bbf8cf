//===- NVTileAADialect.cpp - nv_tileaa dialect ----------------------------===//
//
// Dialect registration, constant materialization and the verification of the
// discardable nv_tileaa.* attributes (target and kernel configuration).
//
//===----------------------------------------------------------------------===//

#include "tileiras/Dialect/NVTileAA/DotPath.h"
#include "tileiras/Dialect/NVTileAA/NVTileAA.h"

#include "tileiras/TargetSpec/Target.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace tileiras::nv_tileaa;

#include "tileiras/Dialect/NVTileAA/NVTileAADialect.cpp.inc"

namespace {
/// Short aliases for the layout encodings (`#blocked`, `#slice`,
/// `#dot_operand`, `#mma`), which would otherwise be spelled out in every tile
/// type after layout assignment. Types and the other attributes print inline.
struct NVTileAAOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<BlockedEncodingAttr>(attr)) {
      os << "blocked";
      return AliasResult::FinalAlias;
    }
    if (isa<SliceEncodingAttr>(attr)) {
      os << "slice";
      return AliasResult::FinalAlias;
    }
    if (isa<DotOperandEncodingAttr>(attr)) {
      os << "dot_operand";
      return AliasResult::FinalAlias;
    }
    if (isa<MmaEncodingAttr>(attr)) {
      os << "mma";
      return AliasResult::FinalAlias;
    }
    if (isa<MmaScaleEncodingAttr>(attr)) {
      os << "mma_scale";
      return AliasResult::FinalAlias;
    }
    if (isa<SwizzledSharedEncodingAttr>(attr)) {
      os << "shared";
      return AliasResult::FinalAlias;
    }
    return AliasResult::NoAlias;
  }
};
/// Lets the inliner inline nv_tileaa.call of single-block device functions
/// (the usual shape: control flow is structured with scf). A function with
/// several blocks would need a branch op to replace its returns.
struct NVTileAAInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Operation *call, Operation *callable,
                       bool wouldBeCloned) const override {
    auto func = dyn_cast<FuncOp>(callable);
    return func && llvm::hasSingleElement(func.getBody());
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const override {
    return true;
  }
  bool isLegalToInline(Operation *, Region *, bool,
                       IRMapping &) const override {
    return true;
  }
  void handleTerminator(Operation *op,
                        ValueRange valuesToReplace) const override {
    auto ret = cast<ReturnOp>(op);
    for (auto [value, replacement] :
         llvm::zip(valuesToReplace, ret.getOperands()))
      value.replaceAllUsesWith(replacement);
  }
};
} // namespace

void NVTileAADialect::initialize() {
  registerTypes();
  registerAttributes();
  registerNVTileAADialectOperations(this);
  addInterfaces<NVTileAAOpAsmInterface, NVTileAAInlinerInterface>();
}

Operation *NVTileAADialect::materializeConstant(OpBuilder &builder,
                                                Attribute value, Type type,
                                                Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

//===----------------------------------------------------------------------===//
// Tile rules on ops
//===----------------------------------------------------------------------===//

LogicalResult tileiras::nv_tileaa::detail::verifyValidTiles(Operation *op) {
  auto emit = [op]() { return op->emitOpError(); };
  for (auto [index, type] : llvm::enumerate(op->getOperandTypes()))
    if (failed(verifyTileType(emit, type, "operand #" + Twine(index).str())))
      return failure();
  for (auto [index, type] : llvm::enumerate(op->getResultTypes()))
    if (failed(verifyTileType(emit, type, "result #" + Twine(index).str())))
      return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Discardable attributes
//===----------------------------------------------------------------------===//

namespace {
/// Ops that may carry the target attributes: symbol tables (builtin.module,
/// gpu.module) and functions.
bool canHoldTarget(Operation *op) {
  return op->hasTrait<mlir::OpTrait::SymbolTable>() ||
         isa<FunctionOpInterface>(op);
}

/// An `i32` IntegerAttr, or null.
IntegerAttr getI32(Attribute attr) {
  auto intAttr = dyn_cast<IntegerAttr>(attr);
  if (!intAttr || !intAttr.getType().isSignlessInteger(32))
    return {};
  return intAttr;
}

LogicalResult verifyTargetSpec(Operation *op, Attribute value) {
  auto str = dyn_cast<StringAttr>(value);
  if (!str)
    return op->emitError() << "'" << NVTileAADialect::kTargetSpecAttrName
                           << "' must be a string such as \"sm_90a\", but got "
                           << value;
  llvm::Expected<tileiras::targetspec::Target> target =
      tileiras::targetspec::parseTarget(str.getValue());
  if (!target)
    return op->emitError() << "'" << NVTileAADialect::kTargetSpecAttrName
                           << "' is invalid: "
                           << llvm::toString(target.takeError());
  return success();
}

LogicalResult verifyComputeCapability(Operation *op, StringRef name,
                                      Attribute value) {
  IntegerAttr cc = getI32(value);
  if (!cc)
    return op->emitError() << "'" << name
                           << "' must be an i32 such as 90 : i32, but got "
                           << value;
  int64_t sm = cc.getInt();
  // The spelling "90" is SM 9.0 without a variant; the target-spec library
  // says whether such a chip exists and, if not, what the valid ones are.
  llvm::Expected<tileiras::targetspec::Target> target =
      tileiras::targetspec::parseTarget(std::to_string(sm));
  if (!target)
    return op->emitError() << "'" << name << "' " << sm << " is not supported: "
                           << llvm::toString(target.takeError());

  // When both attributes are present they must name the same SM.
  auto spec =
      op->getAttrOfType<StringAttr>(NVTileAADialect::kTargetSpecAttrName);
  if (!spec)
    return success();
  llvm::Expected<tileiras::targetspec::Target> specTarget =
      tileiras::targetspec::parseTarget(spec.getValue());
  if (!specTarget) {
    // Reported when the target_spec attribute itself is verified.
    llvm::consumeError(specTarget.takeError());
    return success();
  }
  if (static_cast<int64_t>(specTarget->sm) != sm)
    return op->emitError() << "'" << name << "' " << sm << " disagrees with '"
                           << NVTileAADialect::kTargetSpecAttrName << "' "
                           << spec << " (SM " << specTarget->sm << ")";
  return success();
}
} // namespace

/// A dims or strides entry: an integer, or {param = i}.
static bool isLaunchValue(Attribute entry) {
  if (isa<IntegerAttr>(entry))
    return true;
  auto dict = dyn_cast<DictionaryAttr>(entry);
  return dict && dict.size() == 1 && dict.getAs<IntegerAttr>("param");
}

/// What tileaa-lower-tiled-memory writes and the kernel metadata reads
/// (docs/language.md, "!nv_tileaa.tensor_map").
static LogicalResult verifyTensorMapDescription(Operation *op,
                                                DictionaryAttr map) {
  auto element = map.getAs<TypeAttr>("element_type");
  auto dims = map.getAs<ArrayAttr>("dims");
  auto strides = map.getAs<ArrayAttr>("strides");
  auto box = map.getAs<DenseI64ArrayAttr>("box");
  auto fill = map.getAs<StringAttr>("fill");
  bool ok = map.getAs<IntegerAttr>("address_param") && element &&
            element.getValue().isIntOrFloat() && dims && strides && box &&
            map.getAs<IntegerAttr>("swizzle") && fill &&
            (fill.getValue() == "zero" || fill.getValue() == "nan") &&
            !dims.empty() && dims.size() == box.size() &&
            strides.size() + 1 == dims.size() &&
            llvm::all_of(dims, isLaunchValue) &&
            llvm::all_of(strides, isLaunchValue);
  if (!ok)
    return op->emitError()
           << "'nv_tileaa.tensor_map' needs address_param, element_type, "
              "dims (one per box dimension), strides (one fewer), box, "
              "swizzle and fill (\"zero\" or \"nan\"); dims and strides "
              "entries are integers or {param = i}";
  return success();
}

LogicalResult NVTileAADialect::verifyRegionArgAttribute(Operation *op,
                                                        unsigned regionIndex,
                                                        unsigned argIndex,
                                                        NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  // What the launcher encodes into a tensor-map parameter; written by
  // tileaa-lower-tiled-memory (passes/TiledMemory/TiledToTma.cpp).
  if (name == "nv_tileaa.tensor_map") {
    auto function = dyn_cast<FunctionOpInterface>(op);
    auto map = dyn_cast<DictionaryAttr>(attr.getValue());
    if (!map || !function ||
        !isa<TensorMapType>(function.getArgumentTypes()[argIndex]))
      return op->emitError() << "'" << name
                             << "' is a dictionary on a !nv_tileaa.tensor_map "
                                "function argument";
    return verifyTensorMapDescription(op, map);
  }
  if (name != kNoAliasAttrName)
    return op->emitError() << "unknown argument attribute '" << name
                           << "'; the nv_tileaa dialect defines '"
                           << kNoAliasAttrName
                           << "' and 'nv_tileaa.tensor_map'";
  if (!isa<UnitAttr>(attr.getValue()))
    return op->emitError() << "'" << name << "' is a unit attribute";
  // A function declaration has no entry block; its signature still has the
  // argument types.
  Type argType;
  if (auto function = dyn_cast<FunctionOpInterface>(op))
    argType = function.getArgumentTypes()[argIndex];
  else if (Region &region = op->getRegion(regionIndex); !region.empty())
    argType = region.getArgument(argIndex).getType();
  if (!isa_and_present<PtrType>(argType)) {
    InFlightDiagnostic diag =
        op->emitError() << "'" << name << "' applies to pointer arguments only";
    if (argType)
      diag << "; argument #" << argIndex << " is " << argType;
    return diag;
  }
  return success();
}

LogicalResult NVTileAADialect::verifyOperationAttribute(Operation *op,
                                                        NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  Attribute value = attr.getValue();

  if (name == kTargetSpecAttrName || name == kComputeCapabilityAttrName ||
      name == kLegacyComputeCapabilityAttrName) {
    if (!canHoldTarget(op))
      return op->emitError() << "'" << name
                             << "' may only be attached to a module, a "
                                "gpu.module or a function";
    return name == kTargetSpecAttrName
               ? verifyTargetSpec(op, value)
               : verifyComputeCapability(op, name, value);
  }

  if (name == kKernelSpecAttrName || name == kOccupancyAttrName) {
    if (!isa<FunctionOpInterface>(op))
      return op->emitError()
             << "'" << name << "' may only be attached to a function";
    if (name == kKernelSpecAttrName) {
      if (!isa<KernelSpecAttr>(value))
        return op->emitError() << "'" << name
                               << "' must be a #nv_tileaa.kernel_spec "
                                  "attribute, but got "
                               << value;
      return success();
    }
    IntegerAttr occupancy = getI32(value);
    if (!occupancy)
      return op->emitError()
             << "'" << name << "' must be an i32 such as 2 : i32, but got "
             << value;
    // No GPU runs more than 32 CTAs per SM.
    if (occupancy.getInt() < 1 || occupancy.getInt() > 32)
      return op->emitError() << "'" << name
                             << "' must be between 1 and 32 CTAs per SM, but "
                                "got "
                             << occupancy.getInt();
    if (!op->hasAttr(kKernelSpecAttrName))
      return op->emitError()
             << "'" << name << "' requires '" << kKernelSpecAttrName
             << "' on the same function; device functions have no occupancy";
    return success();
  }

  if (name == kSharedMemoryBytesAttrName) {
    auto bytes = dyn_cast<IntegerAttr>(value);
    if (!isa<FunctionOpInterface>(op) || !bytes || bytes.getInt() < 0)
      return op->emitError() << "'" << name
                             << "' must be a non-negative integer on a "
                                "function";
    return success();
  }

  if (name == kDotPathAttrName) {
    if (!isa<DotOp, DotScaledOp>(op) || !isa<StringAttr>(value))
      return op->emitError() << "'" << name
                             << "' must be a string on nv_tileaa.dot or "
                                "nv_tileaa.dot_scaled";
    return success();
  }

  if (name == kScaledDotAttrName) {
    if (!isa<DotOp>(op) || !isa<StringAttr>(value))
      return op->emitError()
             << "'" << name << "' must be a string on nv_tileaa.dot";
    return success();
  }

  return op->emitError() << "unknown attribute '" << name
                         << "'; the nv_tileaa dialect defines '"
                         << kComputeCapabilityAttrName << "', '"
                         << kTargetSpecAttrName << "', '" << kKernelSpecAttrName
                         << "' and '" << kOccupancyAttrName << "'";
}
