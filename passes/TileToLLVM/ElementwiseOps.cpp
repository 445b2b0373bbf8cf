//===- ElementwiseOps.cpp ---------------------------------------------------------===//

#include "TileToLLVM/TileLowering.h"

using namespace mlir;
using namespace tileiras;
using namespace tileiras::lowering;

void lowering::populateElementwiseOpPatterns(TileTypeConverter &, RewritePatternSet &,
                                 LoweringState &) {}
