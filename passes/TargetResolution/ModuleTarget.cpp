//===- ModuleTarget.cpp - the target a module was resolved for ------------===//

#include "tileiras/Passes/ModuleTarget.h"
#include "tileiras/Dialect/NVTileAA/NVTileAA.h"

using namespace mlir;
using namespace tileiras;

targetspec::Target tileiras::recordedTarget(ModuleOp module) {
  StringAttr spec;
  module.walk([&](Operation *op) {
    if (!spec)
      spec = op->getAttrOfType<StringAttr>(
          nv_tileaa::NVTileAADialect::kTargetSpecAttrName);
  });
  if (spec)
    if (auto target = targetspec::lookupTarget(spec.getValue()))
      return *target;
  return *targetspec::lookupTarget(targetspec::kDefaultTarget);
}
