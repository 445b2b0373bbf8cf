//===- Tcgen05Scales.cpp - block scales into tensor memory ----------------===//
//
// tcgen05.mma kind::mxf8f6f4.block_scale (scale_vec::1X) reads the scale of
// row m of A from tensor-memory lane m % 32, column SA + m / 32, and of
// column n of B from lane n % 32, column SB + n / 32, byte = the scale id
// of the instruction descriptor, duplicated to all four 32-lane quadrants
// (PTX ISA, "Block Scaling for tcgen05.mma"). Four scale blocks share one
// set of columns, one byte each: four K steps of 32 (1X), or two K steps
// of 64 with two blocks each (FP4, 2X: scale ids 0 and 2), or one with
// four (4X, id 0). Below, "step" is the scale block.
//
// Every thread stores the scale elements it holds into shared memory as the
// 32 rows of 16 bytes that tcgen05.cp.32x128b.warpx4 copies into lanes
// r, 32 + r, 64 + r and 96 + r (byte 4 c + j of a row into byte j of column
// c): for A, step s, row m at (s / 4) * 512 + (m % 32) * 16 + (m / 32) * 4 +
// s % 4; for B, 128-column chunk h of step group g is block g * H + h.
// Thread 0 then issues the copies, in the tcgen05 pipeline ahead of the
// MMAs that read them.
//
//===----------------------------------------------------------------------===//

#include "TileToLLVM/Dot/DotPaths.h"
#include "TileToLLVM/MemoryUtils.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tileiras;
using namespace tileiras::lowering;

namespace {

constexpr int64_t kScaleBlock = nv_tileaa::DotScaledOp::kScaleBlock,
                  kStepsPerWord = 4, kCopyBytes = 512;

/// `value` >> `shift` & `mask` (mask 0: no and).
Value bits(ImplicitLocOpBuilder &b, Value value, int64_t shift, int64_t mask) {
  Location loc = b.getLoc();
  if (shift)
    value = LLVM::LShrOp::create(b, value, i32Constant(b, loc, shift));
  return mask ? Value(LLVM::AndOp::create(b, value, i32Constant(b, loc, mask)))
              : value;
}

/// `value` * `factor` + `sum`.
Value mulAdd(ImplicitLocOpBuilder &b, Value value, int64_t factor, Value sum) {
  Value product =
      LLVM::MulOp::create(b, value, i32Constant(b, b.getLoc(), factor));
  return sum ? Value(LLVM::AddOp::create(b, product, sum)) : product;
}

/// The byte offset of scale (row or column `index`, step `step`) within
/// the copy blocks of one operand, `chunks` blocks per step group.
Value scaleOffset(ImplicitLocOpBuilder &b, Value index, Value step,
                  int64_t chunks) {
  Value block = mulAdd(b, bits(b, step, 2, 0), chunks, bits(b, index, 7, 0));
  Value offset = mulAdd(b, block, kCopyBytes, bits(b, step, 0, 3));
  offset = mulAdd(b, bits(b, index, 0, 31), 16, offset);
  return mulAdd(b, bits(b, index, 5, 3), 4, offset);
}

/// Stores the scale elements this thread holds (each register once) into
/// the copy blocks at `region`; `kDim` is the tile dimension of the steps.
void storeScales(ImplicitLocOpBuilder &b, Value region, Value tile,
                 RankedTensorType type, unsigned kDim, int64_t chunks) {
  layout::LinearLayout layout = getLayout(type);
  SmallVector<Value> registers = unpackTile(b, b.getLoc(), tile);
  SmallVector<bool> first = firstCopyRegisters(layout);
  auto coords = emitCoordinates(b, b.getLoc(), layout);
  for (auto [reg, coord] : llvm::enumerate(coords)) {
    if (!first[reg])
      continue;
    Value offset = scaleOffset(b, coord[1 - kDim], coord[kDim], chunks);
    storeSharedElement(b, b.getLoc(), region, offset, registers[reg]);
  }
}

} // namespace

Tcgen05ScalePlan Tcgen05ScalePlan::get(int64_t n, int64_t k, int64_t blocks,
                                       Type scale) {
  Tcgen05ScalePlan plan;
  plan.steps = k / kScaleBlock;
  plan.blocks = blocks;
  plan.perStep = plan.steps ? std::max<int64_t>(1, blocks / plan.steps) : 1;
  plan.ue8m0 = isa<Float8E8M0FNUType>(scale);
  plan.groups = llvm::divideCeil(blocks, kStepsPerWord);
  plan.bChunks = llvm::divideCeil(n, 128);
  plan.aColumn = n;
  plan.bColumn = n + 4 * plan.groups;
  plan.columns = plan.bColumn + 4 * plan.groups * plan.bChunks;
  plan.sharedBytes = kCopyBytes * plan.groups * (1 + plan.bChunks);
  return plan;
}

void lowering::storeTcgen05Scales(ImplicitLocOpBuilder &b,
                                  const Tcgen05ScalePlan &plan, Value region,
                                  Value aScales, RankedTensorType aType,
                                  Value bScales, RankedTensorType bType) {
  storeScales(b, region, aScales, aType, /*kDim=*/1, /*chunks=*/1);
  Value bRegion = LLVM::GEPOp::create(
      b, region.getType(), b.getI8Type(), region,
      ArrayRef<LLVM::GEPArg>{int32_t(kCopyBytes * plan.groups)});
  storeScales(b, bRegion, bScales, bType, /*kDim=*/0, plan.bChunks);
}

void lowering::copyTcgen05Scales(ImplicitLocOpBuilder &b,
                                 const Tcgen05ScalePlan &plan, Value region,
                                 Value taddr) {
  // The copy blocks as a K-major operand of bytes without swizzle: rows 16
  // bytes apart, 8-row core matrices SBO = 128 bytes apart.
  layout::WgmmaOperandPlan rows;
  rows.sboBytes = 128;
  rows.lboBytes = 0;
  rows.swizzleCode = 0;
  Value base = LLVM::PtrToIntOp::create(b, b.getI64Type(), region);
  auto copy = [&](int64_t block, int64_t column) {
    Value address = tensorAddress(b, taddr, column);
    NVVM::Tcgen05CpOp::create(
        b, NVVM::Tcgen05CpShape::SHAPE_32x128b, NVVM::CTAGroupKind::CTA_1,
        NVVM::Tcgen05CpMulticast::WARPX4, NVVM::Tcgen05CpSrcFormatAttr(),
        address, matrixDescriptor(b, rows, base, block * kCopyBytes, true));
  };
  for (int64_t g = 0; g < plan.groups; ++g) {
    copy(g, plan.aColumn + 4 * g);
    for (int64_t h = 0; h < plan.bChunks; ++h)
      copy(plan.groups + g * plan.bChunks + h,
           plan.bColumn + 4 * (g * plan.bChunks + h));
  }
}
