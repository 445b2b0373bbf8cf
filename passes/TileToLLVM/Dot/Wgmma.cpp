//===- Wgmma.cpp - warpgroup_dot on wgmma.mma_async (sm_90a) --------------===//
//
// Each warpgroup (4 consecutive warps, all along M in the #nv_tileaa.mma
// accumulator) computes 64-row blocks: for every M repetition and every
// N chunk of at most 256 columns, one chain of m64nNkK wgmmas over K (K =
// 16 for f16/bf16, 32 for FP8 and i8), A and B read from their slots
// through matrix descriptors (layout::wgmmaSlotPlan: K- or MN-major as the
// slot is stored; imm-trans for the MN-major 16-bit ones), or A, f16/bf16,
// from registers: the mma.sync A fragment of each warp's 16 rows, four
// words per wgmma, found in the layout like the accumulator's. The accumulator
// registers are the mma.sync layout's: which register holds wgmma element i
// follows from the layout (findRegister), after checking that its lanes and
// warps are wgmma's. wgmma.fence, the chains, commit_group, then wait_group
// `pending`: 0 for a synchronous op, else the op's wgmmas stay in flight until
// a later wait (the next warpgroup_dot's, or a warpgroup_wait: wait_group N as
// inline PTX with the registers tied through it).
//
//===----------------------------------------------------------------------===//

#include "TileToLLVM/Dot/DotPaths.h"
#include "TileToLLVM/MemoryUtils.h"
#include "tileiras/Layout/MmaLayouts.h"
#include "tileiras/Layout/WgmmaLayouts.h"
#include "tileiras/TargetSpec/InstructionFamily.h"

#include "mlir/IR/ImplicitLocOpBuilder.h"

using namespace mlir;
using namespace tileiras;
using namespace tileiras::lowering;
namespace nv = tileiras::nv_tileaa;
using layout::Coord;
using layout::InDim;

namespace {

constexpr int64_t kWgmmaM = 64, kMaxN = 256;

} // namespace

static FailureOr<layout::WgmmaOperandPlan>
planOf(Operation *op, nv::SharedMemType type, bool isB) {
  auto encoding = cast<nv::SwizzledSharedEncodingAttr>(type.getEncoding());
  auto plan = layout::wgmmaSlotPlan(
      type.getTileShape(), encoding.getOrder(),
      {encoding.getVec(), encoding.getPerPhase(), encoding.getMaxPhase()},
      encoding.getSegment(), type.getElementType().getIntOrFloatBitWidth() / 8,
      isB);
  if (!plan)
    return op->emitOpError()
           << (isB ? "B" : "A") << " slot layout " << type.getEncoding()
           << " is not a canonical wgmma layout";
  return *plan;
}

FailureOr<std::pair<layout::WgmmaOperandPlan, layout::WgmmaOperandPlan>>
lowering::sharedOperandPlans(Operation *op, nv::SharedMemType aType,
                             nv::SharedMemType bType) {
  FailureOr<layout::WgmmaOperandPlan> a = planOf(op, aType, false);
  FailureOr<layout::WgmmaOperandPlan> b = planOf(op, bType, true);
  if (failed(a) || failed(b))
    return failure();
  return std::make_pair(*a, *b);
}

Value lowering::matrixDescriptor(ImplicitLocOpBuilder &b,
                                 const layout::WgmmaOperandPlan &plan,
                                 Value base, int64_t offset, bool tcgen05) {
  uint64_t fixed =
      uint64_t(plan.lboBytes >> 4) << 16 | uint64_t(plan.sboBytes >> 4) << 32 |
      (tcgen05 ? uint64_t(1) << 46 | uint64_t(2 * plan.swizzleCode) << 61
               : uint64_t(plan.swizzleCode) << 62);
  Type i64 = b.getI64Type();
  Value address =
      LLVM::AddOp::create(b, base, intConstant(b, b.getLoc(), i64, offset));
  Value start = LLVM::LShrOp::create(
      b,
      LLVM::AndOp::create(b, address, intConstant(b, b.getLoc(), i64, 0x3FFFF)),
      intConstant(b, b.getLoc(), i64, 4));
  return LLVM::OrOp::create(b, start,
                            intConstant(b, b.getLoc(), i64, int64_t(fixed)));
}

Value lowering::sharedSlotBase(ImplicitLocOpBuilder &b, Value buffer,
                               Value slot, nv::SharedMemType type,
                               Type stored) {
  Value pointer = memory::slotAddress(b, buffer, stored, type, slot);
  return LLVM::PtrToIntOp::create(b, b.getI64Type(), pointer);
}

namespace {

/// The lane and warp bases wgmma's accumulator fragment has: lane (g, t)
/// at row g, column 2t; warp w at row 16 w.
bool hasWgmmaThreads(const layout::LinearLayout &acc) {
  SmallVector<Coord> lanes = {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}};
  if (llvm::ArrayRef<Coord>(lanes) != acc.getBases(InDim::Lane))
    return false;
  for (auto [i, base] : llvm::enumerate(acc.getBases(InDim::Warp)))
    if (base != Coord{16 << i, 0})
      return false;
  return true;
}

/// The wgmma.mma_async of a warpgroup_dot's operand types: m64nNkK with K
/// = 32 bytes of A's row (f32 slots are read as tf32, k8). The immediates
/// after scale-d exist for float types (imm-scale-a/b) and, of those, for
/// 16-bit ones only (imm-trans).
struct WgmmaForm {
  int64_t k = 16;
  std::string types; // ".f32.f16.f16", ".s32.s8.u8", ...
  bool floating = true, transposable = true;
  /// The PTX ISA of the form beyond wgmma's own 8.0: 8.4 for s8 x u8.
  targetspec::PtxVersion minPtx{8, 0};
};

std::string ptxType(Type type, std::optional<nv::Signedness> signedness) {
  if (type.isInteger(8))
    return signedness == nv::Signedness::Signed ? "s8" : "u8";
  return type.isBF16()                 ? "bf16"
         : type.isF16()                ? "f16"
         : type.isF32()                ? "tf32"
         : isa<Float8E4M3FNType>(type) ? "e4m3"
                                       : "e5m2";
}

WgmmaForm formOf(nv::WarpgroupDotOp op) {
  WgmmaForm form;
  Type a = op.getAElementType();
  Type b = op.getB().getType().getElementType();
  unsigned bits = a.getIntOrFloatBitWidth();
  form.k = 256 / bits;
  form.floating = !a.isInteger(8);
  form.transposable = bits == 16;
  form.types = std::string(form.floating ? ".f32." : ".s32.") +
               ptxType(a, op.getSignednessA()) + "." +
               ptxType(b, op.getSignednessB());
  if (!form.floating && op.getSignednessA() != op.getSignednessB())
    form.minPtx = {8, 4};
  return form;
}

/// One wgmma.mma_async on `accumulator` (f32 or s32 registers, read and
/// written in place), A a matrix descriptor or, in registers, four words.
/// MLIR's nvvm.wgmma.mma_async takes scale-d as an immediate; this is the
/// same PTX with scale-d in a register, so that a loop's first iteration
/// can ignore C. The register form has no imm-trans-a.
SmallVector<Value> issueWgmma(ImplicitLocOpBuilder &b, ValueRange accumulator,
                              ValueRange a, Value descB, Value scaleD,
                              const WgmmaForm &form, bool transA, bool transB) {
  memory::InlinePtx ptx;
  SmallVector<unsigned> d;
  for (Value value : accumulator)
    d.push_back(ptx.addOutput(value.getType(), /*earlyClobber=*/false));
  for (auto [i, value] : llvm::enumerate(accumulator))
    ptx.addTiedInput(value, d[i]);
  SmallVector<unsigned> aOperands;
  for (Value value : a)
    aOperands.push_back(ptx.addInput(value));
  unsigned bDesc = ptx.addInput(descB);
  unsigned scale = ptx.addInput(scaleD);
  bool registerA = a.size() > 1;
  ptx.setScoped();
  ptx.requirePtx(form.minPtx);
  ptx.instruction(".reg .pred p");
  ptx.instruction("setp.ne.b32 p, " + memory::InlinePtx::ref(scale) + ", 0");
  std::string immediates;
  if (form.floating)
    immediates = ", 1, 1";
  if (form.transposable && !registerA)
    immediates += ", " + std::to_string(transA);
  if (form.transposable)
    immediates += ", " + std::to_string(transB);
  std::string aText = registerA ? memory::operandList(aOperands)
                                : memory::InlinePtx::ref(aOperands[0]);
  ptx.instruction("wgmma.mma_async.sync.aligned.m64n" +
                  Twine(2 * accumulator.size()) + "k" + Twine(form.k) +
                  form.types + " " + memory::operandList(d) + ", " + aText +
                  ", " + memory::InlinePtx::ref(bDesc) + ", p" + immediates);
  return ptx.build(b, b.getLoc(), /*hasSideEffects=*/true);
}

/// A in registers: the tile in the mma.sync A layout of the accumulator's
/// warps (wgmma's register fragment: per warp the m16n8k16 A fragment of
/// its 16 rows of the warpgroup's 64), and for each wgmma at (row, k0) its
/// four words, f16/bf16 pairs packed low K first.
struct RegisterA {
  layout::LinearLayout layout;
  SmallVector<Value> elements;

  FailureOr<SmallVector<Value>> words(ImplicitLocOpBuilder &b, Operation *op,
                                      int64_t row, int64_t k0) const {
    SmallVector<Value> result;
    unsigned count = layout::mmaFragmentElements(0, 2, layout::kMmaM);
    Type i32 = b.getI32Type();
    for (unsigned e = 0; e < count; e += 2) {
      Value pair = LLVM::UndefOp::create(
          b, VectorType::get({2}, elements.front().getType()));
      for (unsigned half = 0; half < 2; ++half) {
        Coord at = layout.applyPart(InDim::Register, e + half);
        at[0] += row;
        at[1] += k0;
        std::optional<unsigned> reg = layout.findRegister(at);
        if (!reg)
          return op->emitOpError("no A register holds (")
                 << at[0] << ", " << at[1] << ")";
        pair = LLVM::InsertElementOp::create(b, pair, elements[*reg],
                                             i32Constant(b, b.getLoc(), half));
      }
      result.push_back(LLVM::BitcastOp::create(b, i32, pair));
    }
    return result;
  }
};

RegisterA registerOperand(ImplicitLocOpBuilder &b, nv::WarpgroupDotOp op,
                          Value tile, const TileTypeConverter &tiles,
                          LoweringState &state) {
  auto type = cast<RankedTensorType>(op.getA().getType());
  auto encoding = cast<nv::DotOperandEncodingAttr>(type.getEncoding());
  auto mma = cast<nv::MmaEncodingAttr>(encoding.getParent());
  layout::LinearLayout wanted = layout::mmaOperandLayout(
      type.getShape(), 0, mma.getWarpsPerCTA(), 2, mma.getInstrM());
  SmallVector<Value> elements = convertLayout(
      b, b.getLoc(), state, tiles.convertElementType(type.getElementType()),
      getLayout(type), wanted, unpackTile(b, b.getLoc(), tile));
  return {std::move(wanted), std::move(elements)};
}

/// The accumulator registers that wgmma elements 0, 1, ... of the block at
/// (row, n0) with `chunk` columns are: element i of lane 0, warp 0 sits at
/// row 8((i>>1)&1), column 8(i>>2) + (i&1) of the block.
FailureOr<SmallVector<unsigned>> chainRegisters(nv::WarpgroupDotOp op,
                                                const layout::LinearLayout &acc,
                                                int64_t row, int64_t n0,
                                                int64_t chunk) {
  SmallVector<unsigned> regs;
  for (int64_t i = 0; i < chunk / 2; ++i) {
    Coord at = {row + 8 * ((i >> 1) & 1), n0 + 8 * (i >> 2) + (i & 1)};
    std::optional<unsigned> reg = acc.findRegister(at);
    if (!reg)
      return op.emitOpError("no accumulator register holds (")
             << at[0] << ", " << at[1] << ")";
    regs.push_back(*reg);
  }
  return regs;
}

/// The slot address (i64) of A at this warpgroup's rows (64 g of
/// `groups`).
Value aSlotBase(ImplicitLocOpBuilder &b, nv::WarpgroupDotOp op, Value aBuffer,
                Value aSlot, Type stored, const layout::WgmmaOperandPlan &aPlan,
                int64_t groups) {
  Value aBase = sharedSlotBase(b, aBuffer, aSlot, op.getASlotType(), stored);
  Location loc = b.getLoc();
  Value group =
      LLVM::UDivOp::create(b, getWarpId(b, loc), i32Constant(b, loc, 4));
  Value offset = intConstant(b, loc, b.getI64Type(), 0);
  for (int64_t g = 1; g < groups; ++g)
    offset = LLVM::SelectOp::create(
        b,
        LLVM::ICmpOp::create(b, LLVM::ICmpPredicate::eq, group,
                             i32Constant(b, loc, g)),
        intConstant(b, loc, b.getI64Type(),
                    aPlan.operandOffset(kWgmmaM * g, 0)),
        offset);
  return LLVM::AddOp::create(b, aBase, offset);
}

struct WarpgroupDotLowering
    : public ConvertOpToLLVMPattern<nv::WarpgroupDotOp> {
  WarpgroupDotLowering(TileTypeConverter &converter, LoweringState &state)
      : ConvertOpToLLVMPattern(converter), tiles(converter), state(state) {}

  LogicalResult
  matchAndRewrite(nv::WarpgroupDotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override;

  const TileTypeConverter &tiles;
  LoweringState &state;
};

LogicalResult WarpgroupDotLowering::matchAndRewrite(
    nv::WarpgroupDotOp op, OpAdaptor adaptor,
    ConversionPatternRewriter &rewriter) const {
  if (isa<nv::BlockedEncodingAttr>(op.getType().getEncoding()))
    return lowerTcgen05Dot(op, adaptor.getA(), adaptor.getSlotA(),
                           adaptor.getB(), adaptor.getSlotB(), adaptor.getC(),
                           adaptor.getUseC(), adaptor.getScales(), rewriter,
                           tiles, state);
  if (!targetspec::targetSupports(state.target, targetspec::InstrFamily::Wgmma))
    return op.emitOpError() << "needs wgmma, which " << state.target.name()
                            << " lacks (sm_90a only)";
  // A is read from its slot, or, null plan, from registers.
  std::optional<layout::WgmmaOperandPlan> aPlan;
  if (nv::SharedMemType aType = op.getASlotType()) {
    FailureOr<layout::WgmmaOperandPlan> plan = planOf(op, aType, false);
    if (failed(plan))
      return failure();
    aPlan = *plan;
  }
  FailureOr<layout::WgmmaOperandPlan> bPlan =
      planOf(op, op.getB().getType(), true);
  if (failed(bPlan))
    return failure();
  auto accType = cast<RankedTensorType>(op.getType());
  layout::LinearLayout acc = getLayout(accType);
  if (!hasWgmmaThreads(acc))
    return op.emitOpError("accumulator layout is not wgmma's fragment: ")
           << acc.str();
  int64_t rowsPerRep =
      16 * cast<nv::MmaEncodingAttr>(accType.getEncoding()).getWarpsPerCTA()[0];
  WgmmaForm form = formOf(op);
  bool aMnMajor = aPlan && aPlan->mnMajor;
  if (!form.transposable && (aMnMajor || bPlan->mnMajor))
    return op.emitOpError("wgmma reads 8-bit and tf32 operands K-major "
                          "only: K must be contiguous in their slots");
  int64_t m = accType.getDimSize(0), n = accType.getDimSize(1);
  int64_t chunk = std::min(n, kMaxN);

  ImplicitLocOpBuilder b(op.getLoc(), rewriter);
  MLIRContext *context = rewriter.getContext();
  SmallVector<Value> registers = unpackTile(b, b.getLoc(), adaptor.getC());
  Type stored = tiles.convertElementType(op.getAElementType());
  Value bBase = sharedSlotBase(b, adaptor.getB(), adaptor.getSlotB(),
                               op.getB().getType(), stored);
  Value aBase;
  std::optional<RegisterA> aRegisters;
  if (aPlan)
    aBase = aSlotBase(b, op, adaptor.getA(), adaptor.getSlotA(), stored, *aPlan,
                      rowsPerRep / kWgmmaM);
  else
    aRegisters = registerOperand(b, op, adaptor.getA(), tiles, state);
  // scale-d of each chain's first wgmma: 1, or the use_c flag.
  Value one = i32Constant(b, b.getLoc(), 1);
  Value firstScale =
      adaptor.getUseC()
          ? Value(LLVM::ZExtOp::create(b, b.getI32Type(), adaptor.getUseC()))
          : one;
  if (op.getProxyFence())
    NVVM::FenceProxyOp::create(
        b, NVVM::ProxyKindAttr::get(context, NVVM::ProxyKind::async_shared),
        NVVM::SharedSpaceAttr::get(context, NVVM::SharedSpace::shared_cta));
  if (op.getBarriers()) // every thread's stores into the slots are done
    emitBarrier(b, b.getLoc());
  NVVM::WgmmaFenceAlignedOp::create(b);
  for (int64_t row = 0; row < m; row += rowsPerRep)
    for (int64_t n0 = 0; n0 < n; n0 += chunk) {
      FailureOr<SmallVector<unsigned>> regs =
          chainRegisters(op, acc, row, n0, chunk);
      if (failed(regs))
        return failure();
      SmallVector<Value> chain;
      for (unsigned reg : *regs)
        chain.push_back(registers[reg]);
      for (int64_t k0 = 0; k0 < op.getAShape()[1]; k0 += form.k) {
        SmallVector<Value> a;
        if (aPlan) {
          a.push_back(matrixDescriptor(b, *aPlan, aBase,
                                       aPlan->operandOffset(row, k0), false));
        } else {
          FailureOr<SmallVector<Value>> words =
              aRegisters->words(b, op, row, k0);
          if (failed(words))
            return failure();
          a = std::move(*words);
        }
        Value descB = matrixDescriptor(b, *bPlan, bBase,
                                       bPlan->operandOffset(k0, n0), false);
        chain = issueWgmma(b, chain, a, descB, k0 ? one : firstScale, form,
                           aMnMajor, bPlan->mnMajor);
      }
      for (auto [reg, value] : llvm::zip(*regs, chain))
        registers[reg] = value;
    }
  NVVM::WgmmaGroupSyncAlignedOp::create(b);
  NVVM::WgmmaWaitGroupSyncOp::create(b, op.getPending());
  if (op.getBarriers()) // no thread stores into the slots while one reads
    emitBarrier(b, b.getLoc());
  rewriter.replaceOp(op, packTile(b, b.getLoc(),
                                  getTypeConverter()->convertType(accType),
                                  registers));
  return success();
}

struct WarpgroupWaitLowering
    : public ConvertOpToLLVMPattern<nv::WarpgroupWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(nv::WarpgroupWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // The registers go through the wait (tied operands), so that nothing
    // reads them before it, in LLVM's view as on the GPU.
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    SmallVector<Value> registers =
        unpackTile(b, b.getLoc(), adaptor.getValue());
    memory::InlinePtx ptx;
    for (Value value : registers)
      ptx.addOutput(value.getType(), /*earlyClobber=*/false);
    for (auto [i, value] : llvm::enumerate(registers))
      ptx.addTiedInput(value, i);
    ptx.instruction("wgmma.wait_group.sync.aligned " + Twine(op.getPending()));
    SmallVector<Value> waited = ptx.build(b, b.getLoc(), true);
    rewriter.replaceOp(
        op, packTile(b, b.getLoc(), adaptor.getValue().getType(), waited));
    return success();
  }
};

} // namespace

void lowering::populateWarpgroupDotPatterns(TileTypeConverter &converter,
                                            RewritePatternSet &patterns,
                                            LoweringState &state) {
  patterns.add<WarpgroupDotLowering>(converter, state);
  patterns.add<WarpgroupWaitLowering>(converter);
}
