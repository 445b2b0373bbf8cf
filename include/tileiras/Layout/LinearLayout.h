//===- LinearLayout.h - distributed tile layouts ----------------*- C++ -*-===//
//
// How a tile is spread over the threads of a CTA. Every tile dimension is a
// power of two, so each distributed layout we use (blocked, slice, FMA dot
// operands, permuted and expanded forms of those) is a linear map over GF(2)
// from the bits of the hardware index (register, lane, warp) to the bits of
// the tile coordinate: each input bit contributes a fixed basis vector and
// the coordinate is the XOR of the bases of the set bits. A zero basis
// vector means that bit does not move through the tile: the element is
// replicated across it. Distributed layouts (blocked, mma) have bases with
// one power-of-two component; shared-memory layouts map the bits of an
// element offset (InDim::Offset) to coordinates, and a swizzle gives their
// bases several components (row bits also flip column bits). Compose.cpp
// inverts and composes such maps (a distributed layout composed with the
// inverse of a shared one gives each register's shared-memory offset).
//
//===----------------------------------------------------------------------===//

#ifndef TILEIRAS_LAYOUT_LINEARLAYOUT_H
#define TILEIRAS_LAYOUT_LINEARLAYOUT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tileiras::layout {

/// The hardware index spaces a layout maps from.
enum class InDim { Register, Lane, Warp, Offset };

/// A tile coordinate, one entry per tile dimension.
using Coord = llvm::SmallVector<int64_t, 4>;

class LinearLayout {
public:
  LinearLayout() = default;
  LinearLayout(llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<Coord> regBases,
               llvm::ArrayRef<Coord> laneBases,
               llvm::ArrayRef<Coord> warpBases);
  /// A shared-memory layout: offset bit i of an element contributes
  /// `offsetBases[i]` to its coordinate.
  static LinearLayout shared(llvm::ArrayRef<int64_t> shape,
                             llvm::ArrayRef<Coord> offsetBases);

  llvm::ArrayRef<int64_t> getShape() const { return shape; }
  unsigned getRank() const { return shape.size(); }
  int64_t getNumElements() const;

  llvm::ArrayRef<Coord> getBases(InDim dim) const;
  unsigned getNumBits(InDim dim) const { return getBases(dim).size(); }
  unsigned getNumRegisters() const { return 1u << regBases.size(); }
  unsigned getNumLanes() const { return 1u << laneBases.size(); }
  unsigned getNumWarps() const { return 1u << warpBases.size(); }
  int64_t getNumOffsets() const { return int64_t(1) << offsetBases.size(); }

  /// Coordinate of register `reg` held by thread (lane, warp).
  Coord apply(unsigned reg, unsigned lane, unsigned warp) const;
  /// Contribution of one input index alone.
  Coord applyPart(InDim dim, unsigned index) const;

  /// Input bits of `dim` whose basis moves along tile dimension `tileDim`,
  /// ascending by the coordinate value they contribute.
  llvm::SmallVector<unsigned> bitsAlong(InDim dim, unsigned tileDim) const;
  /// Input bits of `dim` whose basis is zero (replication).
  llvm::SmallVector<unsigned> freeBits(InDim dim) const;

  /// Every tile element is held by some (register, lane, warp).
  bool isSurjective() const;
  /// No element is held twice by the same thread (register bases are
  /// linearly independent and non-zero).
  bool registersAreDistinct() const;

  /// Number of leading registers holding consecutive elements along
  /// `tileDim` (register r holds coordinate base + r): the widest vector
  /// access one thread can make.
  unsigned contiguousRegisters(unsigned tileDim) const;

  /// The layout of the tile with `tileDim` removed (a reduction's result):
  /// bases lose that component, so the bits that moved along it become
  /// replication.
  LinearLayout sliced(unsigned tileDim) const;
  /// The layout with a size-1 dimension inserted at `tileDim`.
  LinearLayout expandedDims(unsigned tileDim) const;
  /// The layout of the permuted tile (result dim i = input dim order[i]).
  LinearLayout permuted(llvm::ArrayRef<unsigned> order) const;

  /// For each register, the register of `other` that holds the same
  /// coordinate in the same thread, if the two layouts agree on lanes and
  /// warps (then a conversion is a register shuffle); nullopt otherwise.
  std::optional<llvm::SmallVector<unsigned>>
  registerPermutationTo(const LinearLayout &other) const;

  /// For a given thread-independent register part, the register index that
  /// holds it (inverse of applyPart(Register, .)); nullopt if none.
  std::optional<unsigned> findRegister(llvm::ArrayRef<int64_t> regPart) const;

  bool operator==(const LinearLayout &other) const;
  bool operator!=(const LinearLayout &other) const { return !(*this == other); }

  /// A picture of a rank-1 or rank-2 layout: each cell "T<thread>:<reg>"
  /// names the first owner of that element.
  std::string render() const;
  /// A one-line description of the bases.
  std::string str() const;

private:
  llvm::SmallVector<int64_t, 4> shape;
  llvm::SmallVector<Coord> regBases, laneBases, warpBases, offsetBases;
};

/// Number of bits of a coordinate of `shape` (every size a power of two).
unsigned coordBits(llvm::ArrayRef<int64_t> shape);
/// A coordinate as one bit vector, dimension 0's bits lowest, and back.
uint64_t flattenCoord(const Coord &coord, llvm::ArrayRef<int64_t> shape);
Coord unflattenCoord(uint64_t bits, llvm::ArrayRef<int64_t> shape);

/// The subset of `bases` whose XOR is `target` (bit i of the result selects
/// bases[i]), by Gaussian elimination over GF(2); nullopt if `target` is not
/// in their span.
std::optional<uint64_t> solveGF2(llvm::ArrayRef<Coord> bases,
                                 const Coord &target,
                                 llvm::ArrayRef<int64_t> shape);

/// For a bijective shared layout (offset -> coordinate), the offset of each
/// coordinate bit: the inverse map, as one offset per flattened coordinate
/// bit. nullopt if the layout is not invertible.
std::optional<llvm::SmallVector<int64_t>>
invertShared(const LinearLayout &shared);
/// The offset of `coord` under an inverse from invertShared.
int64_t applyInverse(llvm::ArrayRef<int64_t> inverse, const Coord &coord,
                     llvm::ArrayRef<int64_t> shape);

/// `shared`^-1 o `distributed`: a rank-1 layout over the offsets of
/// `shared` ([numOffsets]) giving, for each register, lane and warp bit of
/// `distributed`, the offset of the element it moves to. nullopt if the
/// shapes differ or `shared` is not invertible.
std::optional<LinearLayout> invertAndCompose(const LinearLayout &distributed,
                                             const LinearLayout &shared);
/// `shared` o `offsets`: the distributed layout whose register, lane and
/// warp bits reach the coordinates that `shared` stores at the offsets
/// `offsets` gives them (undoes invertAndCompose).
LinearLayout compose(const LinearLayout &offsets, const LinearLayout &shared);

/// A blocked layout (the default distributed layout): each thread owns
/// `sizePerThread` contiguous elements per block, `threadsPerWarp` lanes and
/// `warpsPerCTA` warps tile the block over the dimensions in `order`
/// (fastest first); a tile larger than one block repeats it in registers, a
/// smaller one is replicated.
LinearLayout blockedLayout(llvm::ArrayRef<int64_t> shape,
                           llvm::ArrayRef<unsigned> sizePerThread,
                           llvm::ArrayRef<unsigned> threadsPerWarp,
                           llvm::ArrayRef<unsigned> warpsPerCTA,
                           llvm::ArrayRef<unsigned> order);

/// The layouts of the FMA `dot` operands for an accumulator layout: A (MxK)
/// holds, in every thread, all of K for the rows the thread owns in C; B
/// (KxN) all of K for the columns it owns. `k` is the contraction size.
LinearLayout fmaDotOperandLayout(const LinearLayout &accumulator,
                                 unsigned operandIndex, int64_t k);

/// Blocked-layout parameters chosen for a shape: up to `vectorElements`
/// contiguous elements per thread along the fastest dimension (for 128-bit
/// accesses), lanes and then warps spread fastest-dimension first.
struct BlockedParams {
  llvm::SmallVector<unsigned, 4> sizePerThread;
  llvm::SmallVector<unsigned, 4> threadsPerWarp;
  llvm::SmallVector<unsigned, 4> warpsPerCTA;
  llvm::SmallVector<unsigned, 4> order;
};
BlockedParams defaultBlockedParams(llvm::ArrayRef<int64_t> shape,
                                   unsigned numWarps, unsigned vectorElements);

/// The general form: given elements per thread per dimension and the order
/// of dimensions (fastest first), spread 32 lanes and `numWarps` warps over
/// the tile, fastest dimension first, any excess on the slowest dimension.
BlockedParams blockedParams(llvm::ArrayRef<int64_t> shape, unsigned numWarps,
                            llvm::ArrayRef<unsigned> sizePerThread,
                            llvm::ArrayRef<unsigned> order);

} // namespace tileiras::layout

#endif // TILEIRAS_LAYOUT_LINEARLAYOUT_H
