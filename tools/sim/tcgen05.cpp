// tcgen05 emulation (see tcgen05.h).
#include "tcgen05.h"
#include "proxy.h"

#include <cstring>
#include <functional>

using namespace sim::tcgen05;
namespace mma = sim::mma;
namespace wgmma = sim::wgmma;

bool TensorMemory::allocate(uint32_t columns, uint32_t &address,
                            std::string &error) {
  if (relinquished) {
    error = "tcgen05.alloc after tcgen05.relinquish_alloc_permit";
    return false;
  }
  if (columns < 32 || columns > kColumns || (columns & (columns - 1))) {
    error = "tcgen05.alloc of " + std::to_string(columns) +
            " columns (a power of two in 32 .. 512)";
    return false;
  }
  unsigned chunks = columns / 32;
  uint32_t mask = ((1ull << chunks) - 1);
  for (unsigned first = 0; first + chunks <= kColumns / 32; first += chunks) {
    if (used & (mask << first))
      continue;
    used |= mask << first;
    address = first * 32;
    for (unsigned lane = 0; lane < kLanes; ++lane)
      for (unsigned c = 0; c < columns; ++c)
        at(lane, address + c) = kPoison;
    return true;
  }
  error = "tcgen05.alloc of " + std::to_string(columns) +
          " columns: tensor memory is full (the GPU would wait for a "
          "dealloc that cannot come here)";
  return false;
}

bool TensorMemory::deallocate(uint32_t address, uint32_t columns,
                              std::string &error) {
  unsigned column = address & 0xffff;
  uint32_t mask = ((1ull << (columns / 32)) - 1) << (column / 32);
  if ((address >> 16) || column % 32 || columns < 32 || (used & mask) != mask) {
    error = "tcgen05.dealloc of columns not allocated";
    return false;
  }
  used &= ~mask;
  return true;
}

bool TensorMemory::allocated(uint32_t address, unsigned count) const {
  unsigned lane = address >> 16, column = address & 0xffff;
  if (lane >= kLanes || column + count > kColumns)
    return false;
  for (unsigned c = column; c < column + count; c += 32)
    if (!(used >> (c / 32) & 1))
      return false;
  return count == 0 || (used >> ((column + count - 1) / 32) & 1);
}

unsigned TensorMemory::allocatedColumns() const {
  return 32 * __builtin_popcount(used);
}

namespace {
/// Bits low .. low + width - 1 of an instruction descriptor.
unsigned field(uint32_t bits, unsigned low, unsigned width) {
  return (bits >> low) & ((1u << width) - 1);
}

/// The fields both instruction-descriptor tables have at the same bits:
/// sparsity, A/B types, negation, transposition, N and M.
template <typename Descriptor>
void decodeCommonFields(uint32_t bits, Descriptor &d) {
  d.sparse = field(bits, 2, 1);
  d.aType = field(bits, 7, 3);
  d.bType = field(bits, 10, 3);
  d.negateA = field(bits, 13, 1);
  d.negateB = field(bits, 14, 1);
  d.transposeA = field(bits, 15, 1);
  d.transposeB = field(bits, 16, 1);
  d.n = field(bits, 17, 6) << 3;
  d.m = field(bits, 24, 5) << 4;
}
} // namespace

InstrDescriptor sim::tcgen05::decodeInstr(uint32_t bits) {
  InstrDescriptor d;
  decodeCommonFields(bits, d);
  d.dType = field(bits, 4, 2);
  return d;
}

bool sim::tcgen05::decodeShared(uint64_t bits, wgmma::Descriptor &d,
                                std::string &error) {
  d = wgmma::decodeDescriptor(bits & ~(uint64_t(3) << 62));
  if (((bits >> 46) & 7) != 1) {
    error = "tcgen05 shared-memory descriptor without the fixed 0b001 at "
            "bits 46..48";
    return false;
  }
  if ((bits >> 52) & 1) {
    error = "absolute LBO mode is not simulated";
    return false;
  }
  switch (bits >> 61) {
  case 0:
    d.swizzle = 0;
    return true;
  case 2:
    d.swizzle = 1; // 128B
    return true;
  case 4:
    d.swizzle = 2; // 64B
    return true;
  case 6:
    d.swizzle = 3; // 32B
    return true;
  }
  error = "tcgen05 swizzle code " + std::to_string(bits >> 61) +
          " (128B with 32B atoms, or reserved) is not simulated";
  return false;
}

namespace {

/// One MMA of an M x N x K shape into tensor memory at `d`: A (M x K) and
/// B (N x K) read from shared memory through their descriptors, MN-major
/// where transposed (the canonical layouts of wgmma's imm-trans 1), each
/// element `bytes` wide and decoded by `decode` (B's when its first
/// argument is true); the exact sum of row `row`, column `n` times
/// `scale(row, n)` and `sign` is rounded once to f32, D added when
/// `accumulate`; with `integer` (kind::i8) D is s32 and the exact sum is
/// added to it modulo 2^32.
struct MmaForm {
  unsigned m, n, k, bytes;
  bool transposeA, transposeB;
  double sign;
  bool integer = false;
};

/// The form of an MMA of `k` elements of `bytes` per K step from the
/// fields both instruction descriptors share.
template <typename Descriptor>
MmaForm formOf(const Descriptor &id, unsigned k, unsigned bytes) {
  return {id.m,
          id.n,
          k,
          bytes,
          id.transposeA,
          id.transposeB,
          double(id.negateA ? -1 : 1) * (id.negateB ? -1 : 1)};
}

bool multiplyInto(TensorMemory &tmem, const unsigned char *shared,
                  uint64_t sharedBytes, uint32_t d, uint64_t aDesc,
                  uint64_t bDesc, const MmaForm &form,
                  const std::function<double(bool, uint32_t)> &decode,
                  const std::function<double(unsigned, unsigned)> &scale,
                  bool accumulate, std::string &error) {
  if ((d >> 16) != 0 || !tmem.allocated(d, form.n)) {
    error = "tcgen05.mma D outside the allocated tensor memory";
    return false;
  }
  wgmma::Descriptor a, b;
  if (!decodeShared(aDesc, a, error) || !decodeShared(bDesc, b, error))
    return false;
  auto element = [&](bool isB, unsigned row, unsigned k, double &value) {
    const wgmma::Descriptor &desc = isB ? b : a;
    uint64_t at = (isB ? form.transposeB : form.transposeA)
                      ? wgmma::mnMajorOffset(desc, form.bytes, row, k)
                      : wgmma::kMajorOffset(desc, form.bytes, row, k);
    if (at + form.bytes > sharedBytes) {
      error = "tcgen05.mma operand outside shared memory";
      return false;
    }
    if (!sim::proxy::checkAsyncRead("tcgen05.mma", at, form.bytes, error))
      return false;
    uint32_t bits = 0;
    memcpy(&bits, shared + at, form.bytes);
    value = decode(isB, bits);
    return true;
  };
  unsigned column = d & 0xffff;
  for (unsigned row = 0; row < form.m; ++row)
    for (unsigned n = 0; n < form.n; ++n) {
      double sum = 0;
      for (unsigned k = 0; k < form.k; ++k) {
        double x, y;
        if (!element(false, row, k, x) || !element(true, n, k, y))
          return false;
        sum += x * y;
      }
      uint32_t &word = tmem.at(row, column + n);
      if (form.integer) { // |products| < 2^16, K 32: the sum is exact
        word = uint32_t(int64_t(sum) + (accumulate ? int32_t(word) : 0));
        continue;
      }
      float old;
      memcpy(&old, &word, 4);
      float result = static_cast<float>(form.sign * sum * scale(row, n) +
                                        (accumulate ? old : 0));
      memcpy(&word, &result, 4);
    }
  return true;
}

} // namespace

bool sim::tcgen05::mma(TensorMemory &tmem, const unsigned char *shared,
                       uint64_t sharedBytes, uint32_t d, uint64_t aDesc,
                       uint64_t bDesc, uint32_t idesc, unsigned kind,
                       bool accumulate, std::string &error) {
  InstrDescriptor id = decodeInstr(idesc);
  // kind::f16: f16 0 / bf16 1 (one type), f32 D; kind::tf32: tf32 2, f32
  // D; kind::f8f6f4: e4m3 0 / e5m2 1 (any pair), f32 D; kind::i8: u8 0 /
  // s8 1, s32 D (2).
  bool f16 =
      kind == kF16 && id.dType == 1 && id.aType <= 1 && id.aType == id.bType;
  bool tf32 = kind == kTf32 && id.dType == 1 && id.aType == 2 && id.bType == 2;
  bool f8 = kind == kF8F6F4 && id.dType == 1 && id.aType <= 1 && id.bType <= 1;
  bool i8 = kind == kI8 && id.dType == 2 && id.aType <= 1 && id.bType <= 1;
  if (id.sparse || !(f16 || tf32 || f8 || i8) || id.m != 128 || id.n < 8 ||
      id.n > 256) {
    error = "tcgen05.mma kind " + std::to_string(kind) +
            " form not simulated (sparse, a D or operand type other than "
            "kind::f16's f16/bf16, kind::tf32's tf32, kind::f8f6f4's "
            "e4m3/e5m2 or kind::i8's u8/s8, M other than 128 or a bad N)";
    return false;
  }
  auto type = [&](unsigned code) {
    if (f16)
      return code ? mma::Type::BF16 : mma::Type::F16;
    if (tf32)
      return mma::Type::TF32;
    if (f8)
      return code ? mma::Type::E5M2 : mma::Type::E4M3;
    return code ? mma::Type::S8 : mma::Type::U8;
  };
  mma::Type a = type(id.aType), b = type(id.bType);
  // K is 32 bytes of a row: 16 f16, 8 tf32 (stored in 4 bytes), 32 8-bit.
  unsigned bytes = f16 ? 2 : tf32 ? 4 : 1;
  MmaForm form = formOf(id, 32 / bytes, bytes);
  form.integer = i8;
  return multiplyInto(
      tmem, shared, sharedBytes, d, aDesc, bDesc, form,
      [&](bool isB, uint32_t bits) {
        return mma::decodeElement(isB ? b : a, bits);
      },
      [](unsigned, unsigned) { return 1.0; }, accumulate, error);
}

bool sim::tcgen05::mmaF16(TensorMemory &tmem, const unsigned char *shared,
                          uint64_t sharedBytes, uint32_t d, uint64_t aDesc,
                          uint64_t bDesc, uint32_t idesc, bool accumulate,
                          std::string &error) {
  return mma(tmem, shared, sharedBytes, d, aDesc, bDesc, idesc, kF16,
             accumulate, error);
}

BlockScaledDescriptor sim::tcgen05::decodeBlockScaledInstr(uint32_t bits) {
  BlockScaledDescriptor d;
  decodeCommonFields(bits, d);
  d.scaleBId = field(bits, 4, 2);
  d.ue8m0 = field(bits, 23, 1);
  d.scaleAId = field(bits, 29, 2);
  d.kSize = field(bits, 31, 1);
  return d;
}

bool sim::tcgen05::copy32x128bWarpx4(TensorMemory &tmem,
                                     const unsigned char *shared,
                                     uint64_t sharedBytes, uint32_t taddr,
                                     uint64_t desc, std::string &error) {
  wgmma::Descriptor source;
  if (!decodeShared(desc, source, error))
    return false;
  unsigned lane = taddr >> 16, column = taddr & 0xffff;
  if (lane != 0 || !tmem.allocated(taddr, 4)) {
    error = "tcgen05.cp 32x128b.warpx4 outside the allocated tensor memory "
            "(or not at lane 0)";
    return false;
  }
  for (unsigned row = 0; row < 32; ++row)
    for (unsigned c = 0; c < 4; ++c) {
      uint32_t word = 0;
      for (unsigned j = 0; j < 4; ++j) {
        uint64_t at = wgmma::kMajorOffset(source, 1, row, 4 * c + j);
        if (at >= sharedBytes) {
          error = "tcgen05.cp source outside shared memory";
          return false;
        }
        if (!sim::proxy::checkAsyncRead("tcgen05.cp", at, 1, error))
          return false;
        word |= uint32_t(shared[at]) << (8 * j);
      }
      for (unsigned quadrant = 0; quadrant < 4; ++quadrant)
        tmem.at(32 * quadrant + row, column + c) = word;
    }
  return true;
}

namespace {

/// The ue8m0 scale of row (or column) `index` from the scale words at
/// `address`: byte `id` of lane index % 32, column + index / 32, which all
/// four quadrants must hold alike.
bool scaleFactor(TensorMemory &tmem, uint32_t address, unsigned index,
                 unsigned id, double &scale, std::string &error) {
  unsigned column = (address & 0xffff) + index / 32;
  if ((address >> 16) != 0 || !tmem.allocated(column, 1)) {
    error = "tcgen05.mma block_scale scales outside the allocated tensor "
            "memory (or not at lane 0)";
    return false;
  }
  uint32_t word = tmem.at(index % 32, column);
  for (unsigned quadrant = 1; quadrant < 4; ++quadrant)
    if (tmem.at(32 * quadrant + index % 32, column) != word) {
      error = "tcgen05.mma block_scale: the scale factors in tensor-memory "
              "column " +
              std::to_string(column) +
              " are not duplicated to all four 32-lane partitions";
      return false;
    }
  scale = sim::mma::decodeUe8m0(uint8_t(word >> (8 * id)));
  return true;
}

} // namespace

bool sim::tcgen05::mmaBlockScaled(
    TensorMemory &tmem, const unsigned char *shared, uint64_t sharedBytes,
    uint32_t d, uint64_t aDesc, uint64_t bDesc, uint32_t idesc, uint32_t scaleA,
    uint32_t scaleB, bool accumulate, std::string &error) {
  BlockScaledDescriptor id = decodeBlockScaledInstr(idesc);
  if (id.sparse || id.kSize || !id.ue8m0 || id.aType > 1 || id.bType > 1 ||
      id.m != 128 || id.n < 8 || id.n > 256) {
    error = "tcgen05.mma kind::mxf8f6f4.block_scale form not simulated "
            "(sparse, ue4m3 scales, types other than e4m3/e5m2, M other than "
            "128 or a bad N)";
    return false;
  }
  std::vector<double> rowScale(id.m), columnScale(id.n);
  for (unsigned m = 0; m < id.m; ++m)
    if (!scaleFactor(tmem, scaleA, m, id.scaleAId, rowScale[m], error))
      return false;
  for (unsigned n = 0; n < id.n; ++n)
    if (!scaleFactor(tmem, scaleB, n, id.scaleBId, columnScale[n], error))
      return false;
  MmaForm form = formOf(id, 32, 1);
  // Powers of two: scaling the exact sum equals scaling each product.
  return multiplyInto(
      tmem, shared, sharedBytes, d, aDesc, bDesc, form,
      [&](bool isB, uint32_t bits) {
        bool e5m2 = isB ? id.bType : id.aType;
        return double(
            mma::decodeElement(e5m2 ? mma::Type::E5M2 : mma::Type::E4M3, bits));
      },
      [&](unsigned row, unsigned n) { return rowScale[row] * columnScale[n]; },
      accumulate, error);
}
