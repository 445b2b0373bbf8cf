//===- ModuleTarget.h - the target a module was resolved for ----*- C++ -*-===//

#ifndef TILEIRAS_PASSES_MODULETARGET_H
#define TILEIRAS_PASSES_MODULETARGET_H

#include "tileiras/TargetSpec/Target.h"

#include "mlir/IR/BuiltinOps.h"

namespace tileiras {

/// The target recorded on the module (nv_tileaa.target_spec on it or on a
/// nested gpu.module) by tileaa-resolve-target; the default target when
/// there is none.
targetspec::Target recordedTarget(mlir::ModuleOp module);

} // namespace tileiras

#endif // TILEIRAS_PASSES_MODULETARGET_H
