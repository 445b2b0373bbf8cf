//===- Tcgen05.cpp - warpgroup_dot on tcgen05.mma (sm_100a family) --------===//
//
// A warpgroup_dot whose accumulator has tensor memory's layout (a blocked
// layout of one row per thread, warps [4, W]) runs synchronously on
// tcgen05.mma cta_group::1 kind::f16, M = 128 (with scale tiles:
// kind::mxf8f6f4.block_scale, the scales copied into tensor memory first;
// Tcgen05Scales.cpp):
//
//   barrier; warp 0 allocates the columns (tcgen05.alloc into scratch),
//   thread 0 initializes an mbarrier; fence, barrier, fence;
//   thread 0 issues one m128nNk16 per K step (A and B read through
//   shared-memory descriptors, layout::wgmmaSlotPlan with tcgen05's
//   encoding, K- or MN-major as their slots are) and commits them to the
//   mbarrier;
//   every thread waits on it (phase 0), loads its row (tcgen05.ld 32x32b:
//   warp w reads lanes 32 (w % 4) .. + 31, warpgroup w / 4 its half of the
//   columns) and adds C; fence, barrier; warp 0 frees the columns, thread 0
//   invalidates the mbarrier.
//
// D = A B lands in tensor memory and C is added in registers, so tensor
// memory holds no state between ops.
//
//===----------------------------------------------------------------------===//

#include "TileToLLVM/Dot/DotPaths.h"
#include "TileToLLVM/MemoryUtils.h"
#include "tileiras/Layout/WgmmaLayouts.h"
#include "tileiras/TargetSpec/InstructionFamily.h"

#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tileiras;
using namespace tileiras::lowering;
namespace nv = tileiras::nv_tileaa;
using layout::Coord;
using layout::InDim;

namespace {

constexpr int64_t kTcgen05M = 128, kScaleBlockK = nv::DotScaledOp::kScaleBlock;

/// Bits 15 and 16 of both instruction descriptors: A or B MN-major.
uint32_t transposeBits(const layout::WgmmaOperandPlan &a,
                       const layout::WgmmaOperandPlan &b) {
  return uint32_t(a.mnMajor) << 15 | uint32_t(b.mnMajor) << 16;
}

/// The kind, K per instruction and instruction-descriptor type codes of a
/// dot's operand types: kind::f16 (f16 0, bf16 1; K 16), kind::tf32 (f32
/// slots holding tf32 values: 2; K 8), kind::f8f6f4 (e4m3 0, e5m2 1; K
/// 32), kind::i8 (u8 0, s8 1; K 32, s32 D).
struct Tcgen05Kind {
  NVVM::Tcgen05MMAKind kind = NVVM::Tcgen05MMAKind::F16;
  int64_t k = 16;
  uint32_t aType = 0, bType = 0, dType = 1; // D: f32 1, s32 2
};

Tcgen05Kind kindOf(nv::WarpgroupDotOp op) {
  Type a = op.getA().getType().getElementType();
  Type b = op.getB().getType().getElementType();
  Tcgen05Kind kind;
  if (a.isInteger(8)) {
    kind.kind = NVVM::Tcgen05MMAKind::I8;
    kind.k = 32;
    kind.dType = 2;
    kind.aType = op.getSignednessA() == nv::Signedness::Signed;
    kind.bType = op.getSignednessB() == nv::Signedness::Signed;
  } else if (a.isF32()) { // slots holding tf32 values
    kind.kind = NVVM::Tcgen05MMAKind::TF32;
    kind.k = 8;
    kind.aType = kind.bType = 2;
  } else if (a.getIntOrFloatBitWidth() == 8) {
    kind.kind = NVVM::Tcgen05MMAKind::F8F6F4;
    kind.k = 32;
    kind.aType = isa<Float8E5M2Type>(a);
    kind.bType = isa<Float8E5M2Type>(b);
  } else {
    kind.aType = kind.bType = a.isBF16();
  }
  return kind;
}

/// The 32-bit instruction descriptor of `kind` with M 128 and `n` columns
/// (transposes from `transpose`).
uint32_t instructionDescriptor(const Tcgen05Kind &kind, int64_t n,
                               uint32_t transpose) {
  return kind.dType << 4 | kind.aType << 7 | kind.bType << 10 | transpose |
         uint32_t(n >> 3) << 17 | uint32_t(kTcgen05M >> 4) << 24;
}

/// The instruction descriptor of kind::mxf8f6f4.block_scale (its own
/// table: no D type; B's scale id at 4..5, ue8m0 scales at 23, A's scale
/// id at 29..30) for A and B e4m3/e5m2, M 128.
uint32_t blockScaledDescriptor(Type a, Type b, int64_t n, unsigned id,
                               uint32_t transpose) {
  auto code = [](Type type) { return isa<Float8E5M2Type>(type) ? 1u : 0u; };
  return id << 4 | code(a) << 7 | code(b) << 10 | transpose |
         uint32_t(n >> 3) << 17 | 1u << 23 | uint32_t(kTcgen05M >> 4) << 24 |
         id << 29;
}

/// Whether `acc` is tensor memory's layout: lane l of warp w holds row
/// 32 (w % 4) + l, warpgroup w / 4 the columns from (w / 4) N / W.
bool hasTensorMemoryThreads(const layout::LinearLayout &acc, int64_t n,
                            unsigned warpgroups) {
  SmallVector<Coord> lanes = {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}};
  SmallVector<Coord> warps = {{32, 0}, {64, 0}};
  if (warpgroups == 2)
    warps.push_back({0, n / 2});
  return llvm::ArrayRef<Coord>(lanes) == acc.getBases(InDim::Lane) &&
         llvm::ArrayRef<Coord>(warps) == acc.getBases(InDim::Warp);
}

/// `body` on the threads for which `condition` holds.
void onThreads(ImplicitLocOpBuilder &b, Value condition,
               llvm::function_ref<void(ImplicitLocOpBuilder &)> body) {
  memory::emitIf(b, b.getLoc(), condition, [&](OpBuilder &inner) {
    ImplicitLocOpBuilder ib(b.getLoc(), inner);
    body(ib);
  });
}

void fence(ImplicitLocOpBuilder &b, NVVM::Tcgen05FenceKind kind) {
  NVVM::Tcgen05FenceOp::create(b, kind);
}

/// This thread's row of D from `address` (i32), handed to `consume`
/// column by column as i32 words: tcgen05.ld 32x32b in power-of-two pieces of
/// at most 32 columns, each followed by its wait, so that only one piece is
/// live beside the accumulator's registers.
void loadRow(ImplicitLocOpBuilder &b, Value address, int64_t columns,
             llvm::function_ref<void(int64_t, Value)> consume) {
  for (int64_t done = 0; done < columns;) {
    int64_t piece =
        std::min<int64_t>(32, llvm::bit_floor(uint64_t(columns - done)));
    auto vector = VectorType::get({piece}, b.getI32Type());
    Value at = tensorAddress(b, address, done);
    Value words = NVVM::Tcgen05LdOp::create(
        b, vector, /*pack=*/false, NVVM::Tcgen05LdStShape::SHAPE_32X32B, at,
        Value());
    NVVM::Tcgen05WaitOp::create(b, NVVM::Tcgen05WaitKind::LOAD);
    for (int64_t i = 0; i < piece; ++i)
      consume(done + i, LLVM::ExtractElementOp::create(
                            b, words, i32Constant(b, b.getLoc(), i)));
    done += piece;
  }
}

/// Tensor memory and the mbarrier of one warpgroup_dot, set up by
/// `allocate` and released by `release`.
struct TensorMemory {
  Value scratch, barrier, warpZero, threadZero, columns, taddr;
};

/// Warp 0 allocates `n` columns (rounded up to a power of two of at least
/// 32; the address goes to `scratch`), thread 0 initializes the mbarrier;
/// then every thread reads the address.
TensorMemory allocate(ImplicitLocOpBuilder &b, Value scratch, int64_t n) {
  Location loc = b.getLoc();
  TensorMemory tm;
  tm.scratch = scratch;
  tm.barrier = LLVM::GEPOp::create(b, tm.scratch.getType(), b.getI8Type(),
                                   tm.scratch, ArrayRef<LLVM::GEPArg>{8});
  tm.warpZero = LLVM::ICmpOp::create(b, LLVM::ICmpPredicate::eq,
                                     getWarpId(b, loc), i32Constant(b, loc, 0));
  tm.threadZero = memory::threadIsZero(b, loc);
  tm.columns =
      i32Constant(b, loc, std::max<int64_t>(32, llvm::PowerOf2Ceil(n)));
  onThreads(b, tm.warpZero, [&](ImplicitLocOpBuilder &ib) {
    NVVM::Tcgen05AllocOp::create(ib, tm.scratch, tm.columns);
  });
  onThreads(b, tm.threadZero, [&](ImplicitLocOpBuilder &ib) {
    NVVM::MBarrierInitOp::create(ib, tm.barrier, i32Constant(ib, loc, 1),
                                 Value());
    NVVM::FenceMbarrierInitOp::create(ib);
  });
  fence(b, NVVM::Tcgen05FenceKind::BEFORE_THREAD_SYNC);
  NVVM::Barrier0Op::create(b);
  fence(b, NVVM::Tcgen05FenceKind::AFTER_THREAD_SYNC);
  tm.taddr = LLVM::LoadOp::create(b, b.getI32Type(), tm.scratch);
  return tm;
}

/// The operands of the MMAs of one warpgroup_dot.
struct MmaOperands {
  const layout::WgmmaOperandPlan &a, &b;
  Value aBase, bBase;
  int64_t k;
  Type aElement, bElement;
  int64_t n;
  Tcgen05Kind kind;
  /// Block-scaled: the scales' plan and shared copy blocks.
  const Tcgen05ScalePlan *scales = nullptr;
  Value scaleRegion;
};

/// The shared-memory descriptors of A's and B's K step at `k0`.
std::pair<Value, Value> descriptorsAt(ImplicitLocOpBuilder &b,
                                      const MmaOperands &ops, int64_t k0) {
  return {
      matrixDescriptor(b, ops.a, ops.aBase, ops.a.operandOffset(0, k0), true),
      matrixDescriptor(b, ops.b, ops.bBase, ops.b.operandOffset(k0, 0), true)};
}

/// kind::f16, f8f6f4 or i8: one m128nNkK per K step (the first ignores
/// D).
void issuePlain(ImplicitLocOpBuilder &b, const MmaOperands &ops, Value d) {
  Value idesc = i32Constant(b, b.getLoc(),
                            int64_t(instructionDescriptor(
                                ops.kind, ops.n, transposeBits(ops.a, ops.b))));
  for (int64_t k0 = 0; k0 < ops.k; k0 += ops.kind.k) {
    auto [descA, descB] = descriptorsAt(b, ops, k0);
    Value accumulate =
        LLVM::ConstantOp::create(b, b.getI1Type(), b.getBoolAttr(k0 != 0));
    NVVM::Tcgen05MMAOp::create(b, ops.kind.kind, NVVM::CTAGroupKind::CTA_1,
                               NVVM::Tcgen05MMACollectorOp::DISCARD,
                               /*aShift=*/false, d, descA, descB, idesc,
                               accumulate, Value(), Value());
  }
}

/// kind::mxf8f6f4.block_scale: the scale copies, then one m128nNk32 per K
/// step of 32 (one scale block), reading its step's scale columns and byte.
void issueBlockScaled(ImplicitLocOpBuilder &b, const MmaOperands &ops,
                      Value taddr) {
  const Tcgen05ScalePlan &plan = *ops.scales;
  copyTcgen05Scales(b, plan, ops.scaleRegion, taddr);
  Value d = tensorAddress(b, taddr);
  for (int64_t step = 0; step < plan.steps; ++step) {
    int64_t k0 = step * kScaleBlockK;
    unsigned id = Tcgen05ScalePlan::scaleId(step);
    Value idesc = i32Constant(
        b, b.getLoc(),
        int64_t(blockScaledDescriptor(ops.aElement, ops.bElement, ops.n, id,
                                      transposeBits(ops.a, ops.b))));
    auto [descA, descB] = descriptorsAt(b, ops, k0);
    Value accumulate =
        LLVM::ConstantOp::create(b, b.getI1Type(), b.getBoolAttr(step != 0));
    NVVM::Tcgen05MMABlockScaleOp::create(
        b, NVVM::MMABlockScaleKind::MXF8F6F4, NVVM::CTAGroupKind::CTA_1,
        NVVM::Tcgen05MMABlockScale::DEFAULT,
        NVVM::Tcgen05MMACollectorOp::DISCARD, d, descA, descB, idesc,
        accumulate, tensorAddress(b, taddr, plan.aColumnOf(step)),
        tensorAddress(b, taddr, plan.bColumnOf(step)));
  }
}

/// Thread 0 issues the MMAs (and the scale copies) and commits them to the
/// mbarrier; every thread waits.
void multiply(ImplicitLocOpBuilder &b, const TensorMemory &tm,
              const MmaOperands &ops) {
  Location loc = b.getLoc();
  onThreads(b, tm.threadZero, [&](ImplicitLocOpBuilder &ib) {
    if (ops.scales)
      issueBlockScaled(ib, ops, tm.taddr);
    else
      issuePlain(ib, ops, tensorAddress(ib, tm.taddr));
    NVVM::Tcgen05CommitOp::create(ib, tm.barrier, Value());
  });
  NVVM::MBarrierTryWaitParityOp::create(b, tm.barrier, i32Constant(b, loc, 0),
                                        i32Constant(b, loc, 10000000));
  fence(b, NVVM::Tcgen05FenceKind::AFTER_THREAD_SYNC);
}

/// This thread's part of D: tensor-memory lane 32 (w % 4) + lane, the
/// columns of its warpgroup w / 4.
void loadProduct(ImplicitLocOpBuilder &b, const TensorMemory &tm,
                 int64_t columns,
                 llvm::function_ref<void(int64_t, Value)> consume) {
  Location loc = b.getLoc();
  Value warp = getWarpId(b, loc);
  Value quadrant = LLVM::URemOp::create(b, warp, i32Constant(b, loc, 4));
  Value group = LLVM::UDivOp::create(b, warp, i32Constant(b, loc, 4));
  Value rowOffset = LLVM::ShlOp::create(
      b, LLVM::MulOp::create(b, quadrant, i32Constant(b, loc, 32)),
      i32Constant(b, loc, 16));
  Value columnOffset =
      LLVM::MulOp::create(b, group, i32Constant(b, loc, columns));
  Value address = LLVM::AddOp::create(
      b, tm.taddr, LLVM::AddOp::create(b, rowOffset, columnOffset));
  loadRow(b, address, columns, consume);
}

/// After every thread's loads: warp 0 frees the columns, thread 0
/// invalidates the mbarrier.
void release(ImplicitLocOpBuilder &b, const TensorMemory &tm) {
  fence(b, NVVM::Tcgen05FenceKind::BEFORE_THREAD_SYNC);
  NVVM::Barrier0Op::create(b);
  onThreads(b, tm.warpZero, [&](ImplicitLocOpBuilder &ib) {
    NVVM::Tcgen05DeallocOp::create(ib, tensorAddress(ib, tm.taddr), tm.columns);
  });
  onThreads(b, tm.threadZero, [&](ImplicitLocOpBuilder &ib) {
    NVVM::MBarrierInvalOp::create(ib, tm.barrier);
  });
}

/// The register of each accumulator column this thread holds (row 0 of
/// its part), or an error when the accumulator is not tensor memory's
/// layout.
FailureOr<SmallVector<unsigned>> accumulatorColumns(nv::WarpgroupDotOp op,
                                                    RankedTensorType accType) {
  int64_t n = accType.getDimSize(1);
  unsigned warpgroups =
      cast<nv::BlockedEncodingAttr>(accType.getEncoding()).getWarpsPerCTA()[1];
  layout::LinearLayout acc = getLayout(accType);
  if (accType.getDimSize(0) != kTcgen05M ||
      !hasTensorMemoryThreads(acc, n, warpgroups))
    return op.emitOpError("accumulator layout is not tensor memory's: ")
           << acc.str();
  SmallVector<unsigned> columnRegisters;
  for (int64_t j = 0; j < n / warpgroups; ++j) {
    std::optional<unsigned> reg = acc.findRegister({0, j});
    if (!reg)
      return op.emitOpError("no accumulator register holds (0, ") << j << ")";
    columnRegisters.push_back(*reg);
  }
  return columnRegisters;
}

/// fence.proxy.async.shared::cta: this thread's stores into shared memory
/// before it are visible to the async proxy (tcgen05.mma, tcgen05.cp)
/// after the next barrier.
void proxyFence(ImplicitLocOpBuilder &b) {
  MLIRContext *context = b.getContext();
  NVVM::FenceProxyOp::create(
      b, NVVM::ProxyKindAttr::get(context, NVVM::ProxyKind::async_shared),
      NVVM::SharedSpaceAttr::get(context, NVVM::SharedSpace::shared_cta));
}

/// Every thread stores the scales it holds into the copy blocks after the
/// first 128 bytes of `scratch` and fences them (allocate's barrier then
/// orders them before thread 0's tcgen05.cp); returns the blocks' address.
Value stageScales(ImplicitLocOpBuilder &b, nv::WarpgroupDotOp op,
                  const Tcgen05ScalePlan &plan, Value scratch,
                  ValueRange scales) {
  Value region = LLVM::GEPOp::create(b, scratch.getType(), b.getI8Type(),
                                     scratch, ArrayRef<LLVM::GEPArg>{128});
  storeTcgen05Scales(b, plan, region, scales[0],
                     cast<RankedTensorType>(op.getScales()[0].getType()),
                     scales[1],
                     cast<RankedTensorType>(op.getScales()[1].getType()));
  proxyFence(b);
  return region;
}

} // namespace

Value lowering::tensorAddress(ImplicitLocOpBuilder &b, Value taddr,
                              int64_t offset) {
  Value sum =
      offset ? LLVM::AddOp::create(b, taddr, i32Constant(b, b.getLoc(), offset))
                   .getResult()
             : taddr;
  return LLVM::IntToPtrOp::create(
      b, LLVM::LLVMPointerType::get(b.getContext(), 6), sum);
}

LogicalResult lowering::lowerTcgen05Dot(nv::WarpgroupDotOp op, Value aBuffer,
                                        Value aSlot, Value bBuffer, Value bSlot,
                                        Value c, Value useC, ValueRange scales,
                                        ConversionPatternRewriter &rewriter,
                                        const TileTypeConverter &tiles,
                                        LoweringState &state) {
  if (!targetspec::targetSupports(state.target,
                                  targetspec::InstrFamily::Tcgen05))
    return op.emitOpError()
           << "needs tcgen05.mma, which " << state.target.name()
           << " lacks (sm_100a/f, sm_103a/f, sm_110a/f)";
  nv::SharedMemType aType = op.getA().getType();
  auto plans = sharedOperandPlans(op);
  if (failed(plans))
    return failure();
  // An MN-major tf32 operand needs the 128-byte swizzle with 32-byte
  // atoms, which our slots never have.
  if (aType.getElementType().isF32() &&
      (plans->first.mnMajor || plans->second.mnMajor))
    return op.emitOpError("tcgen05.mma kind::tf32 operands must have K "
                          "contiguous in their slots");
  auto accType = cast<RankedTensorType>(op.getType());
  int64_t n = accType.getDimSize(1);
  FailureOr<SmallVector<unsigned>> columnRegisters =
      accumulatorColumns(op, accType);
  if (failed(columnRegisters))
    return failure();

  int64_t k = aType.getTileShape()[1];
  std::optional<Tcgen05ScalePlan> scalePlan;
  int64_t allocated = n;
  if (!scales.empty()) {
    scalePlan = Tcgen05ScalePlan::get(n, k);
    allocated = scalePlan->columns;
  }
  if (llvm::PowerOf2Ceil(allocated) > 512)
    return op.emitOpError() << "needs " << allocated
                            << " tensor-memory columns (the accumulator's " << n
                            << " and the block scales' for K = " << k
                            << "), more than the 512 a CTA has";

  ImplicitLocOpBuilder b(op.getLoc(), rewriter);
  Type stored = tiles.convertElementType(aType.getElementType());
  Value aBase = sharedSlotBase(b, aBuffer, aSlot, aType, stored);
  Value bBase = sharedSlotBase(b, bBuffer, bSlot, op.getB().getType(), stored);
  if (op.getProxyFence())
    proxyFence(b);
  // The slots are written and nobody uses the scratch any more (a barrier
  // the barrier analysis keeps: it does not see tcgen05.alloc's write).
  NVVM::Barrier0Op::create(b);
  // tcgen05.alloc's address and the mbarrier, then the scales' copy blocks.
  Value scratch = state.scratch.getBuffer(
      b, b.getLoc(), 128 + (scalePlan ? scalePlan->sharedBytes : 0));
  Value scaleRegion;
  if (scalePlan)
    scaleRegion = stageScales(b, op, *scalePlan, scratch, scales);
  TensorMemory tm = allocate(b, scratch, allocated);
  MmaOperands operands{plans->first,
                       plans->second,
                       aBase,
                       bBase,
                       k,
                       aType.getElementType(),
                       op.getB().getType().getElementType(),
                       n,
                       kindOf(op),
                       scalePlan ? &*scalePlan : nullptr,
                       scaleRegion};
  multiply(b, tm, operands);
  SmallVector<Value> registers = unpackTile(b, b.getLoc(), c);
  bool integer = operands.kind.dType == 2; // s32 D (kind::i8), else f32
  loadProduct(b, tm, columnRegisters->size(), [&](int64_t j, Value word) {
    unsigned reg = (*columnRegisters)[j];
    Value product =
        integer ? word : LLVM::BitcastOp::create(b, b.getF32Type(), word);
    Value sum = integer
                    ? Value(LLVM::AddOp::create(b, registers[reg], product))
                    : Value(LLVM::FAddOp::create(b, registers[reg], product));
    registers[reg] =
        useC ? Value(LLVM::SelectOp::create(b, useC, sum, product)) : sum;
  });
  release(b, tm);
  rewriter.replaceOp(
      op, packTile(b, b.getLoc(), tiles.convertType(accType), registers));
  return success();
}
