//===- MemoryUtils.h - pieces of the memory-op lowering ---------*- C++ -*-===//
//
// What the lowering of loads, stores, atomics, assert and print needs beyond
// TileLowering.h: a builder for inline PTX (Triton-style: predicated
// instructions, outputs pre-initialized in the same asm), packing elements
// into the 8..64-bit words a PTX access moves, device-side strings and the
// CUDA runtime functions vprintf and __assertfail.
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_PASSES_TILETOLLVM_MEMORYUTILS_H
#define TILEIRAS_PASSES_TILETOLLVM_MEMORYUTILS_H

#include "TileToLLVM/TileLowering.h"
#include "tileiras/TargetSpec/PtxVersion.h"

#include "mlir/IR/ImplicitLocOpBuilder.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <string>

namespace tileiras::lowering::memory {

//===----------------------------------------------------------------------===//
// Vectorization plan
//===----------------------------------------------------------------------===//

/// How one tile load, store or copy is split into vector accesses: groups of
/// `width` consecutive registers. (Register bit 0 moves along one tile
/// dimension only, so the groups run along the dimension that gave the
/// width.)
struct VectorAccess {
  unsigned width = 1;
  /// async_copy only: the mask is not constant over a group but true on a
  /// prefix of it (isPrefixMask), so a copy moves the group's first
  /// (number of true elements) and zero-fills the rest.
  bool prefixMask = false;
};

/// Decided for every load, store and async_copy before the conversion
/// starts: the analysis answers questions about the original values, and by
/// the time a load inside an scf.for is rewritten its operands may already
/// be casts of the converted loop's block arguments.
using VectorPlan = llvm::DenseMap<mlir::Operation *, VectorAccess>;

/// Elements one access of `pointers` (a laid-out tile of pointers to
/// `bits`-bit elements) may move: what the analysis proves contiguous and
/// aligned (with `mask` constant over it), what the layout keeps in
/// consecutive registers, at most 128 bits.
unsigned accessVectorElements(const AxisInfoAnalysis &analysis,
                              mlir::Value pointers, mlir::Value mask,
                              unsigned bits);

/// Whether, within every aligned group of `width` consecutive elements of
/// `mask` along `dim`, the true elements come first: a conjunction of terms
/// each constant over such groups or comparing an index that increases by 1
/// along `dim` against a bound constant over the group (`i < n`, `i <= n`,
/// `n > i`, `n >= i`). The tail of a K or N loop has such masks.
bool isPrefixMask(const AxisInfoAnalysis &analysis, mlir::Value mask,
                  unsigned dim, int64_t width);

/// The vector access of an async_copy: as accessVectorElements, and wider
/// when the mask is only a prefix of each group (cp.async's source size
/// copies part of a group and zero-fills the rest).
VectorAccess asyncCopyVector(const AxisInfoAnalysis &analysis,
                             mlir::Value pointers, mlir::Value mask,
                             unsigned bits);

/// The first element of `slot` in the lowered buffer `base` (elements of
/// `stored`, the buffer's element type as lowered).
mlir::Value slotAddress(mlir::ImplicitLocOpBuilder &b, mlir::Value base,
                        mlir::Type stored, nv_tileaa::SharedMemType type,
                        mlir::Value slot);

/// Lowering of tma_copy and the mbarrier ops (TmaOps.cpp).
void populateTmaOpPatterns(TileTypeConverter &converter,
                           mlir::RewritePatternSet &patterns);

/// Lowering of local_alloc, async_copy/commit/wait and local_load.
void populateSharedMemoryOpPatterns(TileTypeConverter &converter,
                                    mlir::RewritePatternSet &patterns,
                                    LoweringState &state,
                                    std::shared_ptr<VectorPlan> plan);

//===----------------------------------------------------------------------===//
// Elements in memory
//===----------------------------------------------------------------------===//

/// Bits one element of the (converted) LLVM type occupies in memory: i1 is a
/// byte, pointers are 64 bits, everything else its width.
unsigned memoryBits(mlir::Type llvmElementType);

/// The element as an integer of memoryBits (i1 zero-extended to i8, floats
/// bitcast, pointers converted with ptrtoint).
mlir::Value toMemoryInteger(mlir::OpBuilder &builder, mlir::Location loc,
                            mlir::Value element);
/// The inverse: a byte is true when non-zero (C's bool), integers are
/// bitcast back to floats, 64-bit integers become pointers.
mlir::Value fromMemoryInteger(mlir::OpBuilder &builder, mlir::Location loc,
                              mlir::Value integer, mlir::Type llvmElementType);

/// Width of the registers a vector of `count` elements of `elementBits`
/// moves in: 32-bit words (64-bit for 64-bit elements) once the vector has
/// 32 bits, else the whole vector in one 8- or 16-bit register.
unsigned wordBits(unsigned elementBits, unsigned count);

/// Packs memory integers of `elementBits` into words of `wordBits` (element
/// 0 in the low bits, as in memory on a little-endian GPU).
llvm::SmallVector<mlir::Value>
packWords(mlir::OpBuilder &builder, mlir::Location loc,
          mlir::ValueRange integers, unsigned elementBits, unsigned wordBits);
llvm::SmallVector<mlir::Value>
unpackWords(mlir::OpBuilder &builder, mlir::Location loc,
            mlir::ValueRange words, unsigned elementBits, unsigned wordBits);

/// The PTX state space of an nv_tileaa address space: ".global" (1),
/// ".shared" (3), ".const" (4), ".local" (5), "" for generic (0).
llvm::StringRef stateSpace(unsigned addressSpace);

/// "sm_90, sm_90a, sm_100, ..." : the accepted targets with at least
/// `minimumSm`, for diagnostics that name the chips that would work.
std::string targetsFrom(unsigned minimumSm);

//===----------------------------------------------------------------------===//
// Inline PTX
//===----------------------------------------------------------------------===//

/// One llvm.inline_asm statement. Outputs are numbered first ($0, $1, ...),
/// so all outputs must be declared before the first input. Registers are
/// chosen from the LLVM type: i1 -> predicate ("b"), i8 -> "c", i16 -> "h",
/// i32 -> "r", i64 -> "l", f32 -> "f", f64 -> "d".
class InlinePtx {
public:
  /// Declares an output. `earlyClobber` when the asm writes it before it has
  /// read every input (a `mov` that initializes a predicated load's result).
  unsigned addOutput(mlir::Type type, bool earlyClobber);
  unsigned addInput(mlir::Value value);
  /// An input held in the same register as output `output` (read, then
  /// written in place: an accumulator).
  unsigned addTiedInput(mlir::Value value, unsigned output);
  /// Adds `pointer` as a 64-bit address input that the instructions read
  /// (`reads`) and/or write (`writes`). When it may point into shared
  /// memory the built op records that (barriers::kSharedAccessAttr), so
  /// the barrier elimination sees the access without parsing the PTX.
  unsigned addAddress(mlir::OpBuilder &builder, mlir::Location loc,
                      mlir::Value pointer, bool reads, bool writes);
  /// "$N"
  static std::string ref(unsigned operand);
  /// Appends one instruction (without the trailing ';').
  void instruction(const llvm::Twine &text);
  /// Puts the instructions in a `{ }` scope, for `.reg` declarations that
  /// the same asm may declare again where it is emitted more than once.
  void setScoped() { scoped = true; }
  /// Records that the instructions need PTX ISA `version` (build() puts it
  /// on the enclosing llvm.func as targetspec::kMinPtxFunctionAttr).
  void requirePtx(targetspec::PtxVersion version) {
    if (version > minPtx)
      minPtx = version;
  }

  unsigned getNumOutputs() const { return outputTypes.size(); }

  /// Creates the llvm.inline_asm and returns its outputs.
  llvm::SmallVector<mlir::Value> build(mlir::OpBuilder &builder,
                                       mlir::Location loc, bool hasSideEffects);

private:
  llvm::SmallVector<mlir::Type> outputTypes;
  llvm::SmallVector<std::string> outputConstraints;
  llvm::SmallVector<mlir::Value> inputs;
  llvm::SmallVector<std::string> inputConstraints;
  std::string text;
  bool readsShared = false, writesShared = false;
  bool scoped = false;
  targetspec::PtxVersion minPtx;
};

/// "{$0, $1, $2, $3}" for several operands, "$0" for one.
std::string operandList(llvm::ArrayRef<unsigned> operands);

/// `@$p st.shared.b<N> [address], value` through a shared (or any) pointer
/// by the threads where `predicate` holds (all when it is null).
void emitPredicatedStore(mlir::OpBuilder &builder, mlir::Location loc,
                         mlir::Value address, mlir::Value integer,
                         mlir::Value predicate, llvm::StringRef space);

//===----------------------------------------------------------------------===//
// Strings, vprintf and __assertfail
//===----------------------------------------------------------------------===//

/// A !llvm.ptr (generic) to a NUL-terminated constant string, shared by
/// every use of the same text in the symbol table (the gpu.module) that
/// encloses the insertion point.
mlir::Value getStringConstant(mlir::OpBuilder &builder, mlir::Location loc,
                              llvm::StringRef text);

/// `i32 vprintf(ptr format, ptr args)` with the arguments laid out as C
/// varargs after promotion (see promoteForPrintf), in a stack buffer
/// allocated in the function's entry block.
void emitVprintf(mlir::OpBuilder &builder, mlir::Location loc,
                 llvm::StringRef format, mlir::ValueRange arguments);

/// C varargs promotion of one lowered value whose nv_tileaa type is
/// `sourceType`: floats to f64 (f16, bf16, tf32, f32 and the f8 formats,
/// decoded from their bytes), i1 zero- and i8/i16 sign-extended to i32,
/// pointers to a 64-bit integer.
mlir::Value promoteForPrintf(mlir::OpBuilder &builder, mlir::Location loc,
                             mlir::Value value, mlir::Type sourceType);

/// __assertfail(message, file, line, function, 1): CUDA's assertion handler
/// (prints "file:line: function: block: [...], thread: [...] Assertion
/// `message` failed." and stops the kernel).
void emitAssertFail(mlir::OpBuilder &builder, mlir::Location loc,
                    mlir::Value message, llvm::StringRef file, unsigned line,
                    llvm::StringRef function);

/// The file and line of an MLIR location (the first file:line:col inside
/// fused, named and call-site locations); "<unknown>" and 0 without one.
std::pair<std::string, unsigned> fileAndLine(mlir::Location loc);

/// Builds `if (condition) { body }` as an scf.if, which the scf -> cf stage
/// of the lowering turns into branches. Keeps structured parents (scf.for
/// bodies) single-block while stage 1 runs.
/// threadIdx.x == 0.
mlir::Value threadIsZero(mlir::OpBuilder &builder, mlir::Location loc);

void emitIf(mlir::OpBuilder &builder, mlir::Location loc, mlir::Value condition,
            llvm::function_ref<void(mlir::OpBuilder &)> body);

} // namespace tileiras::lowering::memory

#endif // TILEIRAS_PASSES_TILETOLLVM_MEMORYUTILS_H
