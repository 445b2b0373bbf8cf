//===- TileLowering.h - shared pieces of the tile -> LLVM lowering -*- C++ -*-//
//
// The lowering of nv_tileaa to per-thread LLVM + NVVM code. A tile value of
// type tensor<..., #layout> becomes an LLVM struct holding the elements one
// thread owns, in register order of the layout's linear map; scalars stay
// scalars. Each op family has its own file and populate function; this
// header holds what they share.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_PASSES_TILETOLLVM_TILELOWERING_H
#define TILEIRAS_PASSES_TILETOLLVM_TILELOWERING_H

#include "tileiras/Analysis/AxisInfo.h"
#include "tileiras/Dialect/NVTileAA/NVTileAA.h"
#include "tileiras/Layout/Limits.h"
#include "tileiras/Layout/LinearLayout.h"
#include "tileiras/TargetSpec/Target.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/Transforms/DialectConversion.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace tileiras::lowering {

using layout::kMaxElementsPerThread;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// LLVM types for nv_tileaa values: !nv_tileaa.ptr<T, AS> -> !llvm.ptr<AS>,
/// !nv_tileaa.mem_token -> i32 (tokens carry no data), tf32 -> f32, f8 -> i8,
/// and a laid-out tile -> !llvm.struct of the elements one thread owns.
class TileTypeConverter : public mlir::LLVMTypeConverter {
public:
  explicit TileTypeConverter(mlir::MLIRContext *context);

  /// The LLVM type of one element of a tile (or of a scalar).
  mlir::Type convertElementType(mlir::Type type) const;
};

/// The linear layout of a laid-out tile type (asserts it has one).
layout::LinearLayout getLayout(mlir::RankedTensorType type);

/// Number of elements one thread holds for a value (1 for scalars).
unsigned getElementsPerThread(mlir::Type type);

//===----------------------------------------------------------------------===//
// Shared state of one run of the lowering
//===----------------------------------------------------------------------===//

/// Shared memory of a function: the buffers of its local_allocs and the
/// scratch of operations that exchange data between threads (layout
/// conversions, cross-warp reductions, scans), fenced by barriers, in one
/// buffer per function sized for the largest need.
class SharedScratch {
public:
  /// A !llvm.ptr<3> to the scratch buffer of the function enclosing the
  /// builder's insertion point, recording that `bytes` are needed.
  mlir::Value getBuffer(mlir::OpBuilder &builder, mlir::Location loc,
                        int64_t bytes);

  /// Bytes requested per function so far.
  const llvm::DenseMap<mlir::Operation *, int64_t> &getRequests() const {
    return requests;
  }

  /// After the conversion: declares one shared-memory global per function
  /// that asked for scratch (static up to 48 KiB, dynamic above; kernels
  /// record the size in `nv_tileaa.shared_memory_bytes`), failing with a
  /// diagnostic when a kernel needs more than the target allows.
  mlir::LogicalResult materialize(mlir::ModuleOp module,
                                  const targetspec::Target &target);

  /// Symbol of the scratch global of a function.
  static std::string symbolFor(llvm::StringRef functionName);

  /// Before the conversion: gives every nv_tileaa.local_alloc of each
  /// function its offset in the function's shared buffer, sharing bytes
  /// between buffers whose live ranges are disjoint, and every op the
  /// offset above which its scratch goes (above the buffers live at it).
  /// SharedAllocation.cpp.
  void planAllocations(mlir::ModuleOp module);

  /// A !llvm.ptr<3> to the buffer of `alloc` (a planned local_alloc).
  mlir::Value allocationAddress(mlir::OpBuilder &builder, mlir::Location loc,
                                mlir::Operation *alloc);

private:
  mlir::Value bufferAt(mlir::OpBuilder &builder, mlir::Location loc,
                       mlir::Operation *function, int64_t offset);

  void planFunction(mlir::Operation *function);

  llvm::DenseMap<mlir::Operation *, int64_t> requests;
  /// Bytes of local_alloc buffers per function, and each buffer's offset.
  llvm::DenseMap<mlir::Operation *, int64_t> allocated;
  llvm::DenseMap<mlir::Operation *, int64_t> allocationOffsets;
  /// Where the scratch of an op goes when it is below `allocated` (fewer
  /// buffers live at the op than in the whole function).
  llvm::DenseMap<mlir::Operation *, int64_t> scratchBases;
  /// The alignment each function's buffer needs (16 if absent).
  llvm::DenseMap<mlir::Operation *, int64_t> alignments;
};

struct LoweringState {
  const AxisInfoAnalysis &axisInfo;
  SharedScratch &scratch;
  targetspec::Target target;
};

//===----------------------------------------------------------------------===//
// Building blocks
//===----------------------------------------------------------------------===//

/// The elements of a lowered tile (struct) or the scalar itself.
llvm::SmallVector<mlir::Value>
unpackTile(mlir::OpBuilder &builder, mlir::Location loc, mlir::Value value);
/// Packs elements into the lowered type (`type` is the LLVM struct, or the
/// scalar type when there is one element and the value is a scalar).
mlir::Value packTile(mlir::OpBuilder &builder, mlir::Location loc,
                     mlir::Type type, mlir::ValueRange elements);

mlir::Value i32Constant(mlir::OpBuilder &builder, mlir::Location loc,
                        int64_t value);
mlir::Value intConstant(mlir::OpBuilder &builder, mlir::Location loc,
                        mlir::Type type, int64_t value);

/// The f32 value of an FP8 byte (`format` f8E4M3FN or f8E5M2) computed with
/// integer ops, exactly, for chips without cvt.f8 (Fp8Decode.cpp).
mlir::Value fp8ToF32Software(mlir::OpBuilder &builder, mlir::Location loc,
                             mlir::Value byte, mlir::Type format);

/// %tid.x, the lane (tid & 31) and the warp (tid >> 5, made warp-uniform).
mlir::Value getThreadId(mlir::OpBuilder &builder, mlir::Location loc);
mlir::Value getLaneId(mlir::OpBuilder &builder, mlir::Location loc);
mlir::Value getWarpId(mlir::OpBuilder &builder, mlir::Location loc);

/// For each register of the calling thread, the tile coordinate it holds
/// (one i32 per dimension). The lane/warp part is computed once and the
/// register part added as constants.
llvm::SmallVector<llvm::SmallVector<mlir::Value>>
emitCoordinates(mlir::OpBuilder &builder, mlir::Location loc,
                const layout::LinearLayout &layout);

/// Row-major linear index of a coordinate (i32 values, one per dimension)
/// in `shape`, whose sizes are powers of two: shifts and ors.
mlir::Value emitRowMajorIndex(mlir::OpBuilder &builder, mlir::Location loc,
                              llvm::ArrayRef<mlir::Value> coord,
                              llvm::ArrayRef<int64_t> shape);

/// Row-major linear index of each register's coordinate in the tile.
llvm::SmallVector<mlir::Value>
emitLinearIndices(mlir::OpBuilder &builder, mlir::Location loc,
                  const layout::LinearLayout &layout);

/// i1 that is true in exactly one of the threads holding a replicated copy
/// of an element (replication along lanes and warps); null when the layout
/// does not replicate across threads.
mlir::Value emitThreadOwnerPredicate(mlir::OpBuilder &builder,
                                     mlir::Location loc,
                                     const layout::LinearLayout &layout);
/// For every register, the register of the same thread that holds the first
/// copy of its element (itself unless the layout replicates in registers).
llvm::SmallVector<unsigned>
firstCopyOfRegister(const layout::LinearLayout &layout);
/// Registers that hold the first copy of their element within the thread.
llvm::SmallVector<bool> firstCopyRegisters(const layout::LinearLayout &layout);

/// XOR over the set bits b of `index` of bases[b][dim] (any values: a
/// swizzled offset's bases are not powers of two); null if none can be set.
mlir::Value emitBitsContribution(mlir::OpBuilder &builder, mlir::Location loc,
                                 mlir::Value index,
                                 llvm::ArrayRef<layout::Coord> bases,
                                 unsigned dim);

/// Warp shuffles of any 8..64-bit scalar (split into i32 pieces as needed).
mlir::Value shuffleXor(mlir::OpBuilder &builder, mlir::Location loc,
                       mlir::Value value, unsigned laneMask);
mlir::Value shuffleIndex(mlir::OpBuilder &builder, mlir::Location loc,
                         mlir::Value value, mlir::Value lane);

/// bar.sync 0.
void emitBarrier(mlir::OpBuilder &builder, mlir::Location loc);

/// Address of element `index` (in elements of `elementType`) of a shared
/// buffer.
mlir::Value sharedElementAddress(mlir::OpBuilder &builder, mlir::Location loc,
                                 mlir::Value base, mlir::Type elementType,
                                 mlir::Value index);

/// Moves a tile between layouts (same shape and element type) through the
/// scratch buffer, or with a register permutation when the two layouts agree
/// on lanes and warps. `elements` are the source registers.
llvm::SmallVector<mlir::Value> convertLayout(
    mlir::OpBuilder &builder, mlir::Location loc, LoweringState &state,
    mlir::Type elementType, const layout::LinearLayout &source,
    const layout::LinearLayout &destination, mlir::ValueRange elements);

/// The conversion through a swizzled shared buffer read back with ldmatrix
/// (LdmatrixConversion.cpp); nullopt when the destination layout does not
/// fit the instruction. convertLayout tries it before its padded path.
std::optional<llvm::SmallVector<mlir::Value>> convertWithLdmatrix(
    mlir::OpBuilder &builder, mlir::Location loc, LoweringState &state,
    mlir::Type elementType, const layout::LinearLayout &source,
    const layout::LinearLayout &destination, mlir::ValueRange elements);

/// The conversion through a swizzled shared buffer with the widest vector
/// accesses both layouts allow (SwizzledConversion.cpp); nullopt when that
/// costs more shared-memory wavefronts than `paddedWavefronts` (those of
/// convertLayout's padded path), or as many in no fewer accesses.
std::optional<llvm::SmallVector<mlir::Value>>
convertThroughSwizzled(mlir::OpBuilder &builder, mlir::Location loc,
                       LoweringState &state, mlir::Type elementType,
                       const layout::LinearLayout &source,
                       const layout::LinearLayout &destination,
                       mlir::ValueRange elements, unsigned paddedWavefronts);

/// Shared-memory wavefronts a warp needs for `numAccesses` accesses of
/// `accessBytes` each, where `byteOf(access, lane)` is the first byte a lane
/// touches: per access, the most distinct 32-bit words in one bank
/// (SharedWavefronts.cpp). The cost model of conversions through shared
/// memory.
unsigned
sharedWavefronts(unsigned numAccesses, unsigned accessBytes,
                 llvm::function_ref<int64_t(unsigned, unsigned)> byteOf);

/// The part of the shared offsets layout `offsets` that depends on the
/// thread: its lane bits (or `laneBases` in their place) and warp bits.
mlir::Value sharedThreadOffset(mlir::ImplicitLocOpBuilder &b,
                               const layout::LinearLayout &offsets,
                               llvm::ArrayRef<layout::Coord> laneBases);

/// Address of the element at offset `thread` XOR `constant` (a register's
/// part of an offsets layout) of a shared buffer.
mlir::Value sharedRegisterAddress(mlir::ImplicitLocOpBuilder &b,
                                  mlir::Value buffer, mlir::Type stored,
                                  mlir::Value thread, int64_t constant);

/// Writes the registers `elements` of a tile laid out as `source` into
/// shared memory, where `offsets` = invertAndCompose(source, shared layout)
/// gives each register's element offset from `buffer`: with stmatrix where
/// `stmatrix` (the target has it) and the layouts allow it, else the widest
/// vector stores both allow, each element once per thread.
void storeToShared(mlir::ImplicitLocOpBuilder &b, mlir::Value buffer,
                   mlir::Type stored, const layout::LinearLayout &source,
                   const layout::LinearLayout &offsets,
                   mlir::ValueRange elements, bool stmatrix);

/// The element offsets of `source`'s and `destination`'s registers in the
/// ldmatrix-swizzled buffer (layout::ldmatrixSharedLayout) that stores
/// dimension `fast` of their rank-2 or rank-3 tile contiguously (a batch
/// dimension slowest); nullopt when either layout does not cover it.
std::optional<std::pair<layout::LinearLayout, layout::LinearLayout>>
swizzledOffsets(const layout::LinearLayout &source,
                const layout::LinearLayout &destination, unsigned fast,
                unsigned elementBytes);

/// Whether the lowering may emit stmatrix for `target` (sm_90+).
bool hasStmatrix(const targetspec::Target &target);

/// Reads the registers of a tile out of shared memory, where `offsets` =
/// invertAndCompose(registers, shared layout) gives each register's element
/// offset from `buffer`: with ldmatrix where the layouts allow it, else the
/// widest vector loads they allow.
llvm::SmallVector<mlir::Value>
loadFromShared(mlir::ImplicitLocOpBuilder &b, mlir::Value buffer,
               mlir::Type stored, const layout::LinearLayout &offsets);

/// Bytes one element of `type` occupies in shared memory.
int64_t sharedElementBytes(mlir::Type llvmElementType);

/// The type an element is kept as in shared memory: i1 has no shared
/// representation of its own and is stored as a byte.
mlir::Type sharedStorageType(mlir::Type llvmElementType);
/// Stores `value` as element `index` (in storage elements) of a shared
/// buffer, widening i1 to its byte.
void storeSharedElement(mlir::OpBuilder &builder, mlir::Location loc,
                        mlir::Value base, mlir::Value index, mlir::Value value);
/// Loads element `index` of a shared buffer as `llvmElementType`.
mlir::Value loadSharedElement(mlir::OpBuilder &builder, mlir::Location loc,
                              mlir::Value base, mlir::Type llvmElementType,
                              mlir::Value index);

//===----------------------------------------------------------------------===//
// Pattern families (one file each)
//===----------------------------------------------------------------------===//

void populateShapeOpPatterns(TileTypeConverter &converter,
                             mlir::RewritePatternSet &patterns,
                             LoweringState &state);
void populateElementwiseOpPatterns(TileTypeConverter &converter,
                                   mlir::RewritePatternSet &patterns,
                                   LoweringState &state);
void populateMemoryOpPatterns(TileTypeConverter &converter,
                              mlir::RewritePatternSet &patterns,
                              LoweringState &state);
void populateReduceScanPatterns(TileTypeConverter &converter,
                                mlir::RewritePatternSet &patterns,
                                LoweringState &state);
void populateDotPatterns(TileTypeConverter &converter,
                         mlir::RewritePatternSet &patterns,
                         LoweringState &state);
void populateMiscOpPatterns(TileTypeConverter &converter,
                            mlir::RewritePatternSet &patterns,
                            LoweringState &state);
void populatePointerCastPatterns(TileTypeConverter &converter,
                                 mlir::RewritePatternSet &patterns);

} // namespace tileiras::lowering

#endif // TILEIRAS_PASSES_TILETOLLVM_TILELOWERING_H
