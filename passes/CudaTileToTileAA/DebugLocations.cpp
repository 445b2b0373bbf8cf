//===- DebugLocations.cpp - #cuda_tile.di_loc -> MLIR file locations ------===//
//
// The LLVM pipeline derives line tables (.file/.loc in PTX) from
// FileLineColLoc locations, so every di_loc becomes its file location, with
// a relative file name completed by the directory of its scope's
// di_file. Call sites keep their structure inside entries (globals keep
// the callee end); other locations stay as they are.
//
//===----------------------------------------------------------------------===//

#include "LoweringContext.h"

#include "llvm/Support/Path.h"

using namespace mlir;
namespace ct = tileiras::cuda_tile;

static ct::DIFileAttr scopeFile(Attribute scope) {
  if (auto sp = dyn_cast<ct::DISubprogramAttr>(scope))
    return sp.getFile();
  if (auto block = dyn_cast<ct::DILexicalBlockAttr>(scope))
    return block.getFile();
  return {};
}

static Location lowerLocation(Location loc) {
  if (auto di = dyn_cast<ct::DILocAttr>(loc)) {
    FileLineColLoc file = di.getLoc();
    StringRef name = file.getFilename();
    ct::DIFileAttr scope = scopeFile(di.getScope());
    if (!llvm::sys::path::is_absolute(name) && scope &&
        !scope.getDirectory().empty()) {
      SmallString<128> path(scope.getDirectory().getValue());
      llvm::sys::path::append(path, name);
      return FileLineColLoc::get(loc.getContext(), path, file.getLine(),
                                 file.getColumn());
    }
    return file;
  }
  if (auto call = dyn_cast<CallSiteLoc>(loc))
    return CallSiteLoc::get(lowerLocation(call.getCallee()),
                            lowerLocation(call.getCaller()));
  return loc;
}

/// The callee end of a call site (outermost first).
static Location calleeOf(Location loc) {
  while (auto call = dyn_cast<CallSiteLoc>(loc))
    loc = call.getCallee();
  return loc;
}

void tileiras::cuda_tile_lowering::lowerDebugLocations(Operation *root) {
  root->walk([](Operation *op) {
    Location loc = lowerLocation(op->getLoc());
    // Outside a function a call site means nothing to the line tables, and
    // upstream ensure-debug-info-scope-on-llvm-func crashes on one.
    if (isa<tileiras::cuda_tile::GlobalOp, tileiras::cuda_tile::ModuleOp>(op))
      loc = calleeOf(loc);
    op->setLoc(loc);
  });
}
