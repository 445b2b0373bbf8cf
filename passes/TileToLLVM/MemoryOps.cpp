//===- MemoryOps.cpp ---------------------------------------------------------===//

#include "TileToLLVM/TileLowering.h"

using namespace mlir;
using namespace tileiras;
using namespace tileiras::lowering;

void lowering::populateMemoryOpPatterns(TileTypeConverter &, RewritePatternSet &,
                                 LoweringState &) {}
