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
/// element `bytes` wide (or, when `packed4`, a nibble: element k of a
/// K-major row in byte k / 2, the low nibble for even k) and decoded by
/// `decode` (B's when its first argument is true). K is cut into `blocks`
/// blocks of k / blocks; the exact sum of block j of row `row`, column `n`
/// is multiplied by `scale(row, n, j)` and `sign`. Without `roundOnce`
/// (one block) that product plus D when `accumulate` is rounded to f32 as
/// a double; with it the blocks' terms and D are summed exactly and rounded
/// once (mma::roundedSum). With `integer` (kind::i8) D is s32 and the
/// exact sum is added to it modulo 2^32.
struct MmaForm {
  unsigned m, n, k, bytes;
  bool transposeA, transposeB;
  double sign;
  bool integer = false;
  unsigned blocks = 1; // 1, 2 or 4
  bool packed4 = false, roundOnce = false;
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

bool multiplyInto(
    TensorMemory &tmem, const unsigned char *shared, uint64_t sharedBytes,
    uint32_t d, uint64_t aDesc, uint64_t bDesc, const MmaForm &form,
    const std::function<double(bool, uint32_t)> &decode,
    const std::function<double(unsigned, unsigned, unsigned)> &scale,
    bool accumulate, std::string &error) {
  if ((d >> 16) != 0 || !tmem.allocated(d, form.n)) {
    error = "tcgen05.mma D outside the allocated tensor memory";
    return false;
  }
  wgmma::Descriptor a, b;
  if (!decodeShared(aDesc, a, error) || !decodeShared(bDesc, b, error))
    return false;
  // Every element is read (and checked) once, before D is written.
  auto read = [&](bool isB, unsigned rows, std::vector<double> &values) {
    const wgmma::Descriptor &desc = isB ? b : a;
    bool transpose = isB ? form.transposeB : form.transposeA;
    values.resize(size_t(rows) * form.k);
    for (unsigned row = 0; row < rows; ++row)
      for (unsigned k = 0; k < form.k; ++k) {
        unsigned index = form.packed4 ? k / 2 : k;
        uint64_t at = transpose
                          ? wgmma::mnMajorOffset(desc, form.bytes, row, index)
                          : wgmma::kMajorOffset(desc, form.bytes, row, index);
        if (at + form.bytes > sharedBytes) {
          error = "tcgen05.mma operand outside shared memory";
          return false;
        }
        if (!sim::proxy::checkAsyncRead("tcgen05.mma", at, form.bytes, error))
          return false;
        uint32_t bits = 0;
        memcpy(&bits, shared + at, form.bytes);
        if (form.packed4)
          bits = bits >> (4 * (k % 2)) & 0xf;
        values[size_t(row) * form.k + k] = decode(isB, bits);
      }
    return true;
  };
  std::vector<double> aValues, bValues;
  if (!read(false, form.m, aValues) || !read(true, form.n, bValues))
    return false;
  unsigned column = d & 0xffff, blockK = form.k / form.blocks;
  for (unsigned row = 0; row < form.m; ++row)
    for (unsigned n = 0; n < form.n; ++n) {
      const double *x = &aValues[size_t(row) * form.k],
                   *y = &bValues[size_t(n) * form.k];
      double terms[5]; // the blocks' (at most 4) and D
      for (unsigned j = 0; j < form.blocks; ++j) {
        double sum = 0;
        for (unsigned k = j * blockK; k < (j + 1) * blockK; ++k)
          sum += x[k] * y[k];
        terms[j] = sum;
      }
      uint32_t &word = tmem.at(row, column + n);
      if (form.integer) { // |products| < 2^16, K 32: the sum is exact
        word = uint32_t(int64_t(terms[0]) + (accumulate ? int32_t(word) : 0));
        continue;
      }
      float old;
      memcpy(&old, &word, 4);
      float result;
      if (form.roundOnce) {
        // Exact in double: each block's sum (e2m1: multiples of 1/4 below
        // 2^11; e4m3/e5m2 as in the unscaled kinds) times two powers of
        // two or two ue4m3 scales (4 significant bits each).
        for (unsigned j = 0; j < form.blocks; ++j)
          terms[j] *= form.sign * scale(row, n, j);
        unsigned count = form.blocks;
        if (accumulate)
          terms[count++] = old;
        result = sim::mma::roundedSum(terms, count);
      } else {
        result = static_cast<float>(form.sign * terms[0] * scale(row, n, 0) +
                                    (accumulate ? old : 0));
      }
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
      [](unsigned, unsigned, unsigned) { return 1.0; }, accumulate, error);
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

/// The scale word of row (or column) `index` from the scale words at
/// `address`: lane index % 32, column + index / 32, which all four
/// quadrants must hold alike.
bool scaleWord(TensorMemory &tmem, uint32_t address, unsigned index,
               uint32_t &word, std::string &error) {
  unsigned column = (address & 0xffff) + index / 32;
  if ((address >> 16) != 0 || !tmem.allocated(column, 1)) {
    error = "tcgen05.mma block_scale scales outside the allocated tensor "
            "memory (or not at lane 0)";
    return false;
  }
  word = tmem.at(index % 32, column);
  for (unsigned quadrant = 1; quadrant < 4; ++quadrant)
    if (tmem.at(32 * quadrant + index % 32, column) != word) {
      error = "tcgen05.mma block_scale: the scale factors in tensor-memory "
              "column " +
              std::to_string(column) +
              " are not duplicated to all four 32-lane partitions";
      return false;
    }
  return true;
}

/// The scales of `count` rows (or columns) for `blocks` K blocks: scale j
/// of index i, byte id + j of its word, at scales[i * blocks + j].
bool scaleFactors(TensorMemory &tmem, uint32_t address, unsigned count,
                  unsigned id, unsigned blocks, bool ue8m0,
                  std::vector<double> &scales, std::string &error) {
  scales.resize(size_t(count) * blocks);
  for (unsigned i = 0; i < count; ++i) {
    uint32_t word;
    if (!scaleWord(tmem, address, i, word, error))
      return false;
    for (unsigned j = 0; j < blocks; ++j) {
      uint8_t byte = uint8_t(word >> (8 * (id + j)));
      scales[size_t(i) * blocks + j] =
          ue8m0 ? mma::decodeUe8m0(byte) : mma::decodeUe4m3(byte);
    }
  }
  return true;
}

const char *kindName(ScaledKind kind) {
  switch (kind) {
  case ScaledKind::Mxf8f6f4:
    return "mxf8f6f4";
  case ScaledKind::Mxf4:
    return "mxf4";
  case ScaledKind::Mxf4Nvf4:
    return "mxf4nvf4";
  }
  return "?";
}

} // namespace

bool sim::tcgen05::mmaBlockScaled(
    TensorMemory &tmem, const unsigned char *shared, uint64_t sharedBytes,
    uint32_t d, uint64_t aDesc, uint64_t bDesc, uint32_t idesc, uint32_t scaleA,
    uint32_t scaleB, ScaledKind kind, unsigned scaleVector, bool accumulate,
    std::string &error) {
  BlockScaledDescriptor id = decodeBlockScaledInstr(idesc);
  std::string form = std::string("tcgen05.mma kind::") + kindName(kind) +
                     ".block_scale.scale_vec::" + std::to_string(scaleVector) +
                     "X with " + (id.ue8m0 ? "ue8m0" : "ue4m3") + " scales";
  bool fp4 = kind != ScaledKind::Mxf8f6f4;
  // The ISA's kind, vector size and scale type combinations.
  bool valid = kind == ScaledKind::Mxf8f6f4 ? scaleVector == 1 && id.ue8m0
               : kind == ScaledKind::Mxf4
                   ? scaleVector == 2 && id.ue8m0
                   : (scaleVector == 2 && id.ue8m0) || scaleVector == 4;
  if (!valid) {
    error = form + " is not a valid form (kind::mxf8f6f4: 1X ue8m0; "
                   "kind::mxf4: 2X ue8m0; kind::mxf4nvf4: 2X ue8m0, 4X "
                   "ue4m3 or ue8m0)";
    return false;
  }
  if (id.sparse || id.kSize) {
    error = form + ": sparse or K size bit 31 set, not simulated";
    return false;
  }
  // kind::mxf8f6f4: e4m3 0, e5m2 1, e2m1 5 (one a byte, bits 2-5); the
  // 6-bit e2m3 3 and e3m2 4 are not simulated.
  auto eightBit = [](unsigned code) { return code <= 1 || code == 5; };
  bool types = fp4 ? id.aType == 1 && id.bType == 1
                   : eightBit(id.aType) && eightBit(id.bType);
  if (!types) {
    error = form + ": A type " + std::to_string(id.aType) + ", B type " +
            std::to_string(id.bType) +
            (fp4 ? " (e2m1 is code 1, the only type of this kind)"
                 : " not simulated (e4m3 0, e5m2 1 and e2m1 5 only)");
    return false;
  }
  if (fp4 && (id.transposeA || id.transposeB)) {
    error = form + ": e2m1 A and B are K-major only (transpose bit 15 or 16 "
                   "set)";
    return false;
  }
  if (id.m != 128 || id.n < 8 || id.n > 256) {
    error = form + ": M " + std::to_string(id.m) + ", N " +
            std::to_string(id.n) + " not simulated (M 128, N 8..256)";
    return false;
  }
  auto idValid = [&](unsigned scaleId) {
    return scaleVector == 1 || (scaleVector == 2 && scaleId % 2 == 0) ||
           scaleId == 0;
  };
  if (!idValid(id.scaleAId) || !idValid(id.scaleBId)) {
    error = form + ": scale factor ids A " + std::to_string(id.scaleAId) +
            ", B " + std::to_string(id.scaleBId) +
            " (0..3 with 1X, 0 or 2 with 2X, 0 with 4X)";
    return false;
  }
  std::vector<double> rowScales, columnScales;
  if (!scaleFactors(tmem, scaleA, id.m, id.scaleAId, scaleVector, id.ue8m0,
                    rowScales, error) ||
      !scaleFactors(tmem, scaleB, id.n, id.scaleBId, scaleVector, id.ue8m0,
                    columnScales, error))
    return false;
  // K: 32 one-byte elements, or 64 e2m1 two a byte (the same 32 bytes).
  MmaForm mmaForm = formOf(id, fp4 ? 64 : 32, 1);
  mmaForm.blocks = scaleVector;
  mmaForm.packed4 = fp4;
  mmaForm.roundOnce = true;
  auto typeOf = [&](unsigned code) {
    if (fp4)
      return mma::Type::E2M1;
    if (code == 5)
      return mma::Type::E2M1Byte;
    return code ? mma::Type::E5M2 : mma::Type::E4M3;
  };
  mma::Type aType = typeOf(id.aType), bType = typeOf(id.bType);
  return multiplyInto(
      tmem, shared, sharedBytes, d, aDesc, bDesc, mmaForm,
      [&](bool isB, uint32_t bits) {
        return double(mma::decodeElement(isB ? bType : aType, bits));
      },
      [&](unsigned row, unsigned n, unsigned j) {
        return rowScales[size_t(row) * scaleVector + j] *
               columnScales[size_t(n) * scaleVector + j];
      },
      accumulate, error);
}

bool sim::tcgen05::mmaBlockScaled(
    TensorMemory &tmem, const unsigned char *shared, uint64_t sharedBytes,
    uint32_t d, uint64_t aDesc, uint64_t bDesc, uint32_t idesc, uint32_t scaleA,
    uint32_t scaleB, bool accumulate, std::string &error) {
  return mmaBlockScaled(tmem, shared, sharedBytes, d, aDesc, bDesc, idesc,
                        scaleA, scaleB, ScaledKind::Mxf8f6f4, 1, accumulate,
                        error);
}
