//===- LinearLayout.cpp - distributed tile layouts
//-------------------------===//

#include "tileiras/Layout/LinearLayout.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cassert>

using namespace tileiras;
using namespace tileiras::layout;

LinearLayout::LinearLayout(llvm::ArrayRef<int64_t> shape,
                           llvm::ArrayRef<Coord> regBases,
                           llvm::ArrayRef<Coord> laneBases,
                           llvm::ArrayRef<Coord> warpBases)
    : shape(shape.begin(), shape.end()),
      regBases(regBases.begin(), regBases.end()),
      laneBases(laneBases.begin(), laneBases.end()),
      warpBases(warpBases.begin(), warpBases.end()) {
  for (auto *bases : {&this->regBases, &this->laneBases, &this->warpBases})
    for (Coord &basis : *bases) {
      assert(basis.size() == shape.size() && "basis rank mismatch");
      // Coordinates wrap: a basis reaching past a dimension replicates.
      for (unsigned d = 0; d < basis.size(); ++d)
        if (basis[d] >= shape[d])
          basis[d] = 0;
    }
}

LinearLayout LinearLayout::shared(llvm::ArrayRef<int64_t> shape,
                                  llvm::ArrayRef<Coord> offsetBases) {
  LinearLayout layout(shape, {}, {}, {});
  layout.offsetBases.assign(offsetBases.begin(), offsetBases.end());
  for (const Coord &basis : layout.offsetBases)
    assert(basis.size() == shape.size() && "basis rank mismatch");
  return layout;
}

int64_t LinearLayout::getNumElements() const {
  int64_t count = 1;
  for (int64_t size : shape)
    count *= size;
  return count;
}

llvm::ArrayRef<Coord> LinearLayout::getBases(InDim dim) const {
  switch (dim) {
  case InDim::Register:
    return regBases;
  case InDim::Lane:
    return laneBases;
  case InDim::Warp:
    return warpBases;
  case InDim::Offset:
    return offsetBases;
  }
  return regBases;
}

Coord LinearLayout::applyPart(InDim dim, unsigned index) const {
  Coord coord(shape.size(), 0);
  llvm::ArrayRef<Coord> bases = getBases(dim);
  for (unsigned bit = 0; bit < bases.size(); ++bit)
    if (index & (1u << bit))
      for (unsigned d = 0; d < coord.size(); ++d)
        coord[d] ^= bases[bit][d];
  return coord;
}

Coord LinearLayout::apply(unsigned reg, unsigned lane, unsigned warp) const {
  Coord coord = applyPart(InDim::Register, reg);
  Coord l = applyPart(InDim::Lane, lane), w = applyPart(InDim::Warp, warp);
  for (unsigned d = 0; d < coord.size(); ++d)
    coord[d] ^= l[d] ^ w[d];
  return coord;
}

static bool isZero(const Coord &coord) {
  return llvm::all_of(coord, [](int64_t v) { return v == 0; });
}

llvm::SmallVector<unsigned> LinearLayout::bitsAlong(InDim dim,
                                                    unsigned tileDim) const {
  llvm::ArrayRef<Coord> bases = getBases(dim);
  llvm::SmallVector<unsigned> bits;
  for (unsigned bit = 0; bit < bases.size(); ++bit)
    if (bases[bit][tileDim] != 0)
      bits.push_back(bit);
  llvm::stable_sort(bits, [&](unsigned a, unsigned b) {
    return bases[a][tileDim] < bases[b][tileDim];
  });
  return bits;
}

llvm::SmallVector<unsigned> LinearLayout::freeBits(InDim dim) const {
  llvm::ArrayRef<Coord> bases = getBases(dim);
  llvm::SmallVector<unsigned> bits;
  for (unsigned bit = 0; bit < bases.size(); ++bit)
    if (isZero(bases[bit]))
      bits.push_back(bit);
  return bits;
}

unsigned layout::coordBits(llvm::ArrayRef<int64_t> shape) {
  unsigned bits = 0;
  for (int64_t size : shape)
    bits += llvm::Log2_64(size);
  return bits;
}

uint64_t layout::flattenCoord(const Coord &coord,
                              llvm::ArrayRef<int64_t> shape) {
  uint64_t bits = 0;
  unsigned offset = 0;
  for (unsigned d = 0; d < shape.size(); ++d) {
    bits |= static_cast<uint64_t>(coord[d]) << offset;
    offset += llvm::Log2_64(shape[d]);
  }
  return bits;
}

Coord layout::unflattenCoord(uint64_t bits, llvm::ArrayRef<int64_t> shape) {
  Coord coord;
  for (int64_t size : shape) {
    coord.push_back(static_cast<int64_t>(bits & uint64_t(size - 1)));
    bits >>= llvm::Log2_64(size);
  }
  return coord;
}

/// Rank over GF(2) of a set of bit vectors.
static unsigned gf2Rank(llvm::SmallVector<uint64_t> vectors) {
  unsigned rank = 0;
  for (unsigned bit = 0; bit < 64; ++bit) {
    auto pivot =
        llvm::find_if(vectors, [&](uint64_t v) { return (v >> bit) & 1; });
    if (pivot == vectors.end())
      continue;
    uint64_t pivotValue = *pivot;
    vectors.erase(pivot);
    for (uint64_t &v : vectors)
      if ((v >> bit) & 1)
        v ^= pivotValue;
    ++rank;
  }
  return rank;
}

bool LinearLayout::isSurjective() const {
  llvm::SmallVector<uint64_t> vectors;
  for (const auto *bases : {&regBases, &laneBases, &warpBases})
    for (const Coord &basis : *bases)
      vectors.push_back(flattenCoord(basis, shape));
  return gf2Rank(vectors) == coordBits(shape);
}

bool LinearLayout::registersAreDistinct() const {
  llvm::SmallVector<uint64_t> vectors;
  for (const Coord &basis : regBases) {
    if (isZero(basis))
      return false;
    vectors.push_back(flattenCoord(basis, shape));
  }
  return gf2Rank(vectors) == vectors.size();
}

unsigned LinearLayout::contiguousRegisters(unsigned tileDim) const {
  unsigned count = 0;
  while (count < regBases.size()) {
    Coord unit(shape.size(), 0);
    unit[tileDim] = int64_t(1) << count;
    if (regBases[count] != unit)
      break;
    ++count;
  }
  return 1u << count;
}

LinearLayout LinearLayout::sliced(unsigned tileDim) const {
  auto drop = [&](llvm::ArrayRef<Coord> bases) {
    llvm::SmallVector<Coord> result;
    for (const Coord &basis : bases) {
      Coord reduced;
      for (unsigned d = 0; d < basis.size(); ++d)
        if (d != tileDim)
          reduced.push_back(basis[d]);
      result.push_back(reduced);
    }
    return result;
  };
  llvm::SmallVector<int64_t> newShape;
  for (unsigned d = 0; d < shape.size(); ++d)
    if (d != tileDim)
      newShape.push_back(shape[d]);
  // Register bits that only moved along the removed dimension would now
  // name the same element twice in one thread; drop them.
  llvm::SmallVector<Coord> regs;
  for (const Coord &basis : drop(regBases))
    if (!isZero(basis))
      regs.push_back(basis);
  return LinearLayout(newShape, regs, drop(laneBases), drop(warpBases));
}

LinearLayout LinearLayout::expandedDims(unsigned tileDim) const {
  auto insert = [&](llvm::ArrayRef<Coord> bases) {
    llvm::SmallVector<Coord> result;
    for (const Coord &basis : bases) {
      Coord expanded(basis.begin(), basis.end());
      expanded.insert(expanded.begin() + tileDim, 0);
      result.push_back(expanded);
    }
    return result;
  };
  llvm::SmallVector<int64_t> newShape(shape.begin(), shape.end());
  newShape.insert(newShape.begin() + tileDim, 1);
  return LinearLayout(newShape, insert(regBases), insert(laneBases),
                      insert(warpBases));
}

LinearLayout LinearLayout::permuted(llvm::ArrayRef<unsigned> order) const {
  auto permute = [&](llvm::ArrayRef<Coord> bases) {
    llvm::SmallVector<Coord> result;
    for (const Coord &basis : bases) {
      Coord moved;
      for (unsigned source : order)
        moved.push_back(basis[source]);
      result.push_back(moved);
    }
    return result;
  };
  llvm::SmallVector<int64_t> newShape;
  for (unsigned source : order)
    newShape.push_back(shape[source]);
  return LinearLayout(newShape, permute(regBases), permute(laneBases),
                      permute(warpBases));
}

std::optional<unsigned>
LinearLayout::findRegister(llvm::ArrayRef<int64_t> regPart) const {
  std::optional<uint64_t> mask =
      solveGF2(regBases, Coord(regPart.begin(), regPart.end()), shape);
  if (!mask)
    return std::nullopt;
  return static_cast<unsigned>(*mask);
}

std::optional<llvm::SmallVector<unsigned>>
LinearLayout::registerPermutationTo(const LinearLayout &other) const {
  if (shape != other.shape || laneBases != other.laneBases ||
      warpBases != other.warpBases)
    return std::nullopt;
  llvm::SmallVector<unsigned> mapping;
  for (unsigned reg = 0; reg < getNumRegisters(); ++reg) {
    std::optional<unsigned> source =
        other.findRegister(applyPart(InDim::Register, reg));
    if (!source)
      return std::nullopt;
    mapping.push_back(*source);
  }
  return mapping;
}

bool LinearLayout::operator==(const LinearLayout &other) const {
  return shape == other.shape && regBases == other.regBases &&
         laneBases == other.laneBases && warpBases == other.warpBases &&
         offsetBases == other.offsetBases;
}

std::string LinearLayout::str() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  auto printBases = [&](llvm::StringRef name, llvm::ArrayRef<Coord> bases) {
    os << name << "=[";
    llvm::interleaveComma(bases, os, [&](const Coord &basis) {
      os << "[";
      llvm::interleaveComma(basis, os);
      os << "]";
    });
    os << "]";
  };
  os << "shape=[";
  llvm::interleaveComma(shape, os);
  os << "] ";
  printBases("reg", regBases);
  os << " ";
  printBases("lane", laneBases);
  os << " ";
  printBases("warp", warpBases);
  if (!offsetBases.empty()) {
    os << " ";
    printBases("offset", offsetBases);
  }
  return text;
}

std::string LinearLayout::render() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (shape.empty() || shape.size() > 2) {
    os << "(only rank-1 and rank-2 layouts are drawn)\n";
    return text;
  }
  int64_t rows = shape.size() == 2 ? shape[0] : 1;
  int64_t cols = shape.back();
  std::vector<std::string> owner(rows * cols);
  for (unsigned warp = 0; warp < getNumWarps(); ++warp)
    for (unsigned lane = 0; lane < getNumLanes(); ++lane)
      for (unsigned reg = 0; reg < getNumRegisters(); ++reg) {
        Coord c = apply(reg, lane, warp);
        int64_t index = shape.size() == 2 ? c[0] * cols + c[1] : c[0];
        if (owner[index].empty())
          owner[index] = "T" + std::to_string(warp * getNumLanes() + lane) +
                         ":" + std::to_string(reg);
      }
  size_t width = 0;
  for (const std::string &cell : owner)
    width = std::max(width, cell.size());
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols; ++c) {
      const std::string &cell = owner[r * cols + c];
      os << (c ? " " : "") << cell << std::string(width - cell.size(), ' ');
    }
    os << "\n";
  }
  return text;
}

static Coord unit(unsigned rank, unsigned dim, int64_t value) {
  Coord coord(rank, 0);
  coord[dim] = value;
  return coord;
}

LinearLayout layout::blockedLayout(llvm::ArrayRef<int64_t> shape,
                                   llvm::ArrayRef<unsigned> sizePerThread,
                                   llvm::ArrayRef<unsigned> threadsPerWarp,
                                   llvm::ArrayRef<unsigned> warpsPerCTA,
                                   llvm::ArrayRef<unsigned> order) {
  unsigned rank = shape.size();
  llvm::SmallVector<Coord> regs, lanes, warps;
  for (unsigned d : order)
    for (unsigned v = 1; v < sizePerThread[d]; v <<= 1)
      regs.push_back(unit(rank, d, v));
  for (unsigned d : order)
    for (unsigned v = 1; v < threadsPerWarp[d]; v <<= 1)
      lanes.push_back(unit(rank, d, int64_t(sizePerThread[d]) * v));
  for (unsigned d : order)
    for (unsigned v = 1; v < warpsPerCTA[d]; v <<= 1)
      warps.push_back(
          unit(rank, d, int64_t(sizePerThread[d]) * threadsPerWarp[d] * v));
  // A tile larger than one block repeats it in further registers.
  for (unsigned d : order) {
    int64_t block =
        int64_t(sizePerThread[d]) * threadsPerWarp[d] * warpsPerCTA[d];
    for (int64_t v = block; v < shape[d]; v <<= 1)
      regs.push_back(unit(rank, d, v));
  }
  return LinearLayout(shape, regs, lanes, warps);
}

LinearLayout layout::fmaDotOperandLayout(const LinearLayout &accumulator,
                                         unsigned operandIndex, int64_t k) {
  unsigned rank = accumulator.getRank();
  unsigned mDim = rank - 2, nDim = rank - 1;
  // Operand A is [.., M, K]; B is [.., K, N].
  unsigned kDim = operandIndex == 0 ? rank - 1 : rank - 2;
  unsigned droppedDim = operandIndex == 0 ? nDim : mDim;
  llvm::SmallVector<int64_t> shape(accumulator.getShape().begin(),
                                   accumulator.getShape().end());
  shape[kDim] = k;
  auto project = [&](llvm::ArrayRef<Coord> bases, bool dropZero) {
    llvm::SmallVector<Coord> result;
    for (const Coord &basis : bases) {
      Coord mapped(basis.begin(), basis.end());
      mapped[droppedDim] = 0;
      if (kDim != droppedDim)
        mapped[kDim] = 0;
      if (dropZero && isZero(mapped))
        continue;
      result.push_back(mapped);
    }
    return result;
  };
  llvm::SmallVector<Coord> regs;
  for (int64_t v = 1; v < k; v <<= 1)
    regs.push_back(unit(rank, kDim, v));
  for (const Coord &basis : project(accumulator.getBases(InDim::Register),
                                    /*dropZero=*/true))
    regs.push_back(basis);
  return LinearLayout(shape, regs,
                      project(accumulator.getBases(InDim::Lane), false),
                      project(accumulator.getBases(InDim::Warp), false));
}

BlockedParams layout::defaultBlockedParams(llvm::ArrayRef<int64_t> shape,
                                           unsigned numWarps,
                                           unsigned vectorElements) {
  unsigned rank = shape.size();
  llvm::SmallVector<unsigned, 4> order, sizePerThread(rank, 1);
  for (unsigned d = 0; d < rank; ++d)
    order.push_back(rank - 1 - d);
  if (rank)
    sizePerThread[order.front()] = static_cast<unsigned>(
        std::min<int64_t>(std::max(1u, vectorElements), shape[order.front()]));
  return blockedParams(shape, numWarps, sizePerThread, order);
}

BlockedParams layout::blockedParams(llvm::ArrayRef<int64_t> shape,
                                    unsigned numWarps,
                                    llvm::ArrayRef<unsigned> sizePerThread,
                                    llvm::ArrayRef<unsigned> order) {
  unsigned rank = shape.size();
  BlockedParams params;
  params.sizePerThread.assign(sizePerThread.begin(), sizePerThread.end());
  params.threadsPerWarp.assign(rank, 1);
  params.warpsPerCTA.assign(rank, 1);
  params.order.assign(order.begin(), order.end());
  if (rank == 0)
    return params;

  // Lanes then warps go to the fastest dimensions first; whatever is left
  // lands on the slowest dimension (replicating if the tile is small).
  unsigned lanesLeft = 32, warpsLeft = numWarps;
  unsigned threadsLeft = 32 * numWarps;
  unsigned lanesUsed = 1, warpsUsed = 1;
  for (unsigned i = 0; i + 1 < rank; ++i) {
    unsigned d = params.order[i];
    int64_t needed = std::max<int64_t>(1, shape[d] / params.sizePerThread[d]);
    unsigned threads =
        static_cast<unsigned>(std::clamp<int64_t>(threadsLeft, 1, needed));
    params.threadsPerWarp[d] = std::clamp(threads, 1u, lanesLeft);
    params.warpsPerCTA[d] =
        std::clamp(threads / params.threadsPerWarp[d], 1u, warpsLeft);
    lanesLeft /= params.threadsPerWarp[d];
    warpsLeft /= params.warpsPerCTA[d];
    threadsLeft /= threads;
    lanesUsed *= params.threadsPerWarp[d];
    warpsUsed *= params.warpsPerCTA[d];
  }
  unsigned slowest = params.order.back();
  params.threadsPerWarp[slowest] = 32 / lanesUsed;
  params.warpsPerCTA[slowest] = numWarps / warpsUsed;
  return params;
}
