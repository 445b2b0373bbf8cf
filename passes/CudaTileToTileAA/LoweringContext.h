//===- LoweringContext.h - state of convert-cuda-tile-to-tileaa -*- C++ -*-===//
//
// One instance lowers one cuda_tile.entry into an nv_tileaa.func: a value
// map from cuda_tile values to nv_tileaa/arith/scf values, the views (which
// have no runtime representation: they are kept as base pointer, shape and
// strides), and the token placeholder.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_PASSES_CUDATILETOTILEAA_LOWERINGCONTEXT_H
#define TILEIRAS_PASSES_CUDATILETOTILEAA_LOWERINGCONTEXT_H

#include "tileiras/Dialect/CudaTile/CudaTile.h"
#include "tileiras/Dialect/NVTileAA/NVTileAA.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

namespace tileiras::cuda_tile_lowering {

/// A tensor_view: base pointer (scalar), extents and strides as scalar
/// integers of `indexType`.
struct TensorView {
  mlir::Value base;
  llvm::SmallVector<mlir::Value> shape, strides;
};

class Lowering {
public:
  Lowering(mlir::OpBuilder &builder) : b(builder) {}

  /// The nv_tileaa type of a cuda_tile type (rank-0 tiles are scalars, or
  /// tiles of `elementwiseShape` when set); null for views and tokens.
  mlir::Type convertType(mlir::Type type);
  /// The lowered value of `v` (f4E2M1FN loads packed in pairs are split
  /// into one element a byte once, after the load: FourBitTiles.cpp; scalars
  /// are splat to `elementwiseShape` when set).
  mlir::Value lookup(mlir::Value v);
  void map1(mlir::Value from, mlir::Value to) { map.map(from, to); }

  mlir::LogicalResult lowerBlock(mlir::Block &src);
  mlir::LogicalResult lowerOp(mlir::Operation *op);

  /// Generic builder for ops named by string (nv_tileaa.*, arith.*, ...).
  mlir::Operation *create(llvm::StringRef name, mlir::TypeRange results,
                          mlir::ValueRange operands,
                          llvm::ArrayRef<mlir::NamedAttribute> attrs = {});
  mlir::Value create1(llvm::StringRef name, mlir::Type result,
                      mlir::ValueRange operands,
                      llvm::ArrayRef<mlir::NamedAttribute> attrs = {}) {
    return create(name, result, operands, attrs)->getResult(0);
  }
  mlir::Value constantInt(mlir::Type type, int64_t value);
  /// Splats a scalar to `shape` (no-op for an empty shape).
  mlir::Value splat(mlir::Value scalar, llvm::ArrayRef<int64_t> shape);
  /// Integer cast of a scalar or tile to `type`'s width (sign-extending,
  /// or zero-extending unsigned values).
  mlir::Value castInt(mlir::Value v, mlir::Type elementType,
                      bool zeroExtend = false);
  mlir::Value token();
  /// A zero of `type` (scalar or tile; null pointers for pointer elements);
  /// null when the type has none.
  mlir::Value zero(mlir::Type type);

  mlir::LogicalResult fail(mlir::Operation *op, const llvm::Twine &why);

  mlir::OpBuilder &b;
  mlir::IRMapping map;
  llvm::DenseMap<mlir::Value, TensorView> tensorViews;
  mlir::Location loc = mlir::UnknownLoc::get(b.getContext());
  mlir::Value tokenValue;
  /// Set while a combiner body of single elements runs on whole tiles of
  /// this shape (TiledCombiner.cpp).
  llvm::SmallVector<int64_t> elementwiseShape;
  /// Byte offset of each alloca in its tile block's scratch slice, and the
  /// start of that slice (AllocaOps.cpp).
  llvm::DenseMap<mlir::Operation *, int64_t> allocaOffsets;
  mlir::Value scratchBase;
  /// f4E2M1FN tiles (FourBitTiles.cpp): loads map to i8 tiles of packed
  /// pairs and record here the tile dimension the pairs run along; splat
  /// constants record their 4-bit code (packed by dot operands).
  llvm::DenseMap<mlir::Value, int> packedFp4;
  llvm::DenseMap<mlir::Value, uint8_t> fp4Splats;
  /// The one-element-a-byte form of each packed load, made on first use.
  llvm::DenseMap<mlir::Value, mlir::Value> unpackedFp4;
  /// The last access to alloca memory on the way here (orderScratchAccess).
  enum class ScratchState { Unknown, Read, Write };
  ScratchState scratchState = ScratchState::Unknown;
};

// Op families (one file each).
mlir::LogicalResult lowerElementwise(Lowering &l, mlir::Operation *op,
                                     bool &handled);
mlir::LogicalResult lowerShape(Lowering &l, mlir::Operation *op, bool &handled);
mlir::LogicalResult lowerMemory(Lowering &l, mlir::Operation *op,
                                bool &handled);
mlir::LogicalResult lowerControl(Lowering &l, mlir::Operation *op,
                                 bool &handled);
mlir::LogicalResult lowerAtomic(Lowering &l, mlir::Operation *op,
                                bool &handled);
mlir::LogicalResult lowerLoops(Lowering &l, mlir::Operation *op, bool &handled);
mlir::LogicalResult lowerPackOps(Lowering &l, mlir::Operation *op,
                                 bool &handled);
/// Kernel attributes with the scratch slice's bytes and alignment; they
/// reach the LLVM function and the kernel metadata (lib/Driver/Metadata.cpp).
inline constexpr llvm::StringLiteral kScratchBytesAttr =
    "tileiras.global_scratch_bytes_per_cta";
inline constexpr llvm::StringLiteral kScratchAlignAttr =
    "tileiras.global_scratch_alignment";
/// alloca (AllocaOps.cpp).
mlir::LogicalResult lowerAllocaOps(Lowering &l, mlir::Operation *op,
                                   bool &handled);
/// A CTA barrier before `op` when it accesses alloca memory after a write
/// (or writes it after a read) by possibly other threads: the tile
/// block's token order, which nv_tileaa keeps only per thread.
void orderScratchAccess(Lowering &l, mlir::Operation *op);
/// Bytes and alignment of a tile block's scratch slice (0, 0: no alloca).
struct ScratchSize {
  int64_t bytesPerCta, alignment;
};
/// Gives every alloca of `entry` its offset in the slice.
mlir::FailureOr<ScratchSize>
assignAllocaOffsets(Lowering &l, tileiras::cuda_tile::EntryOp entry);
/// Computes the tile block's slice of the `scratch` parameter.
void setupScratch(Lowering &l, mlir::Value scratch, int64_t bytesPerCta);
/// get_global (GlobalOps.cpp).
mlir::LogicalResult lowerGlobalOps(Lowering &l, mlir::Operation *op,
                                   bool &handled);
/// A module-level global -> an LLVM global in the global address space,
/// created at `b`'s insertion point.
mlir::LogicalResult lowerGlobal(tileiras::cuda_tile::GlobalOp op,
                                mlir::OpBuilder &b);
/// A constant of `type`'s shape (a splat for a tile) (ElementwiseOps.cpp).
mlir::Value constantLike(Lowering &l, mlir::Type type, mlir::TypedAttr scalar);
/// `like` (a scalar or tile type) with `element` elements.
mlir::Type elementsLike(mlir::Type like, mlir::Type element);
/// `like` (a scalar or tile type) with i`width` elements.
mlir::Type intLike(mlir::Type like, unsigned width);
/// The exact f32 values of f8E8M0FNU scales (a tile or a scalar): 2^(e-127)
/// for byte e, NaN for 0xFF; from integer operations on the bits
/// (ScaleConversions.cpp).
mlir::Value decodeScales(Lowering &l, mlir::Value scales);
/// f8E8M0FNU scales of `value` (f16, bf16, f32 or f64, exact through f64),
/// rounded as `mode` says (zero, positive_inf; nearest_even, ties up;
/// negative_inf as zero), as arith.truncf to f8E8M0FNU does: zeros give the
/// smallest scale (byte 0), NaN, infinities and negative values 0xFF,
/// overflow 0xFE toward zero, else 0xFF (ScaleConversions.cpp).
mlir::Value encodeScales(Lowering &l, mlir::Value value,
                         tileiras::cuda_tile::Rounding mode, mlir::Type result);
// 4-bit tiles (FourBitTiles.cpp): i8 tiles, one element a byte (i4
// sign-extended, f4E2M1FN codes zero-extended); f4E2M1FN loads from views
// stay packed pairs until an op needs single elements (Lowering::lookup).
bool isFourBitTile(mlir::Type type);
bool isFp4Tile(mlir::Type type);
bool isI4Tile(mlir::Type type);
/// Whether `op` may touch 4-bit tiles; everything else is an error.
bool acceptsFourBitTiles(mlir::Operation *op);
/// Bytes whose low nibble is an i4 value, sign- or zero-extended from it.
mlir::Value signExtendNibbles(Lowering &l, mlir::Value v);
mlir::Value zeroExtendNibbles(Lowering &l, mlir::Value v);
/// One element a byte -> pairs packed along `dim` (element 2j low).
mlir::Value packPairs(Lowering &l, mlir::Value nibbles, int dim);
/// Pairs packed along `dim` -> one zero-extended nibble a byte.
mlir::Value unpackPairs(Lowering &l, mlir::Value bytes, int dim);
/// A constant of i4 or f4E2M1FN (splat f4E2M1FN constants are also
/// recorded, packed by their user).
mlir::LogicalResult lowerFourBitConstant(Lowering &l,
                                         tileiras::cuda_tile::ConstantOp op);
/// The ops whose meaning depends on 4-bit tiles being bytes: constants,
/// exti/trunci/bitcast, ftof (FourBitOps.cpp), i4 integer arithmetic.
mlir::LogicalResult lowerFourBitOp(Lowering &l, mlir::Operation *op,
                                   bool &handled);
/// The f32 values of f4E2M1FN codes (Fp4Conversions.cpp).
mlir::Value decodeFp4(Lowering &l, mlir::Value codes);
/// ftof to or from f4E2M1FN (Fp4Conversions.cpp).
mlir::LogicalResult lowerFp4Conversion(Lowering &l,
                                       tileiras::cuda_tile::FToFOp op);
/// The i8 tile of pairs of the f4E2M1FN tile `v` packed along tile
/// dimension `dim` (`name` names it in the error for an odd extent).
mlir::FailureOr<mlir::Value> packedFp4Operand(Lowering &l, mlir::Operation *op,
                                              mlir::Value v, int dim,
                                              llvm::StringRef name);
/// Emits an error at `op` and fails unless nv_tileaa.dot_scaled computes
/// it (ShapeOps.cpp). Entries check every mmaf_scaled before lowering, so
/// that an unsupported form is reported before anything else of the entry.
mlir::LogicalResult checkMmaScaled(tileiras::cuda_tile::MmaFScaledOp op);
mlir::LogicalResult lowerExtract(Lowering &l,
                                 tileiras::cuda_tile::ExtractOp op);
/// A reduce or scan (`name`: nv_tileaa.reduce / scan) of several operands,
/// packed into one integer per element.
mlir::LogicalResult lowerPackedCombiner(Lowering &l, mlir::Operation *op,
                                        llvm::StringRef name);
/// nv_tileaa.reduce of `tile` along `axis` into `result` with the combiner
/// `combine(lhs, rhs)` on elements (ConvertCudaTileToTileAA.cpp).
mlir::Value
reduceAxis(Lowering &l, mlir::Value tile, int32_t axis, mlir::Type result,
           llvm::function_ref<mlir::Value(mlir::Value, mlir::Value)> combine);
/// A reduce or scan of several operands too wide to pack: the body on
/// whole tiles, log2(extent) times (TiledCombiner.cpp).
mlir::LogicalResult lowerTiledCombiner(Lowering &l, mlir::Operation *op);

/// nv_tileaa's mem_semantic / mem_scope for a cuda_tile ordering / scope
/// (scopes tl_blk, device, sys -> cta, gpu, sys).
mlir::NamedAttribute semantic(Lowering &l,
                              tileiras::cuda_tile::MemoryOrdering ordering);
mlir::NamedAttribute scope(Lowering &l, tileiras::cuda_tile::MemoryScope s);
/// nv_tileaa's rmw_mode for a cuda_tile atomic mode.
mlir::NamedAttribute rmwMode(Lowering &l, tileiras::cuda_tile::AtomicMode mode);

// Views as values (ViewValues.cpp): base pointer, then the dynamic extents
// and strides as i64.
bool isView(mlir::Type type);
llvm::SmallVector<mlir::Type> viewComponentTypes(Lowering &l, mlir::Type view);
void appendViewComponents(Lowering &l, mlir::Value view,
                          llvm::SmallVectorImpl<mlir::Value> &out);
/// Records `view` as the view made of `parts` (its components).
void mapViewComponents(Lowering &l, mlir::Value view, mlir::ValueRange parts);

// Shared by the control-flow files (ControlOps.cpp, LoopOps.cpp); views
// are flattened into their components, tokens are dropped.
bool isToken(mlir::Value v);
/// The non-token values of `values`, lowered.
llvm::SmallVector<mlir::Value> lowerValues(Lowering &l,
                                           mlir::ValueRange values);
/// The lowered types of the non-token values of `values`.
llvm::SmallVector<mlir::Type> lowerTypes(Lowering &l, mlir::ValueRange values);
/// Maps `from` onto `to`, skipping tokens (they map to the placeholder).
void mapSkippingTokens(Lowering &l, mlir::ValueRange from, mlir::ValueRange to);
/// Lowers the single block of `src` at the end of `dst`.
mlir::LogicalResult lowerRegionInto(Lowering &l, mlir::Region &src,
                                    mlir::Block *dst);
/// True when `ifOp` holds a break or continue of the loop around it.
bool hasEarlyExit(tileiras::cuda_tile::IfOp ifOp);
/// True when `op` holds a `return` (an early exit from the kernel).
bool containsReturn(mlir::Operation *op);
/// Lowers an entry body whose `if`s or loops hold `return`s, ending in
/// nv_tileaa.return.
mlir::LogicalResult lowerEntryBodyWithReturns(Lowering &l, mlir::Block &src);
/// Lowers the body of a `for` whose `continue`s sit inside `if`s into
/// `body` (which has the induction variable and iteration arguments).
mlir::LogicalResult lowerForBodyWithExits(Lowering &l,
                                          tileiras::cuda_tile::ForOp op,
                                          mlir::Block *body);

/// Replaces every #cuda_tile.di_loc under `root` by its file location
/// (DebugLocations.cpp), which the line tables are made from.
void lowerDebugLocations(mlir::Operation *root);

} // namespace tileiras::cuda_tile_lowering

#endif // TILEIRAS_PASSES_CUDATILETOTILEAA_LOWERINGCONTEXT_H
