// tcgen05 emulation (see tcgen05.h).
#include "tcgen05.h"

#include <cstring>

using namespace sim::tcgen05;

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

InstrDescriptor sim::tcgen05::decodeInstr(uint32_t bits) {
  auto field = [&](unsigned low, unsigned width) {
    return (bits >> low) & ((1u << width) - 1);
  };
  InstrDescriptor d;
  d.sparse = field(2, 1);
  d.dType = field(4, 2);
  d.aType = field(7, 3);
  d.bType = field(10, 3);
  d.negateA = field(13, 1);
  d.negateB = field(14, 1);
  d.transposeA = field(15, 1);
  d.transposeB = field(16, 1);
  d.n = field(17, 6) << 3;
  d.m = field(24, 5) << 4;
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

bool sim::tcgen05::mmaF16(TensorMemory &tmem, const unsigned char *shared,
                          uint64_t sharedBytes, uint32_t d, uint64_t aDesc,
                          uint64_t bDesc, uint32_t idesc, bool accumulate,
                          std::string &error) {
  InstrDescriptor id = decodeInstr(idesc);
  if (id.sparse || id.dType != 1 || id.aType > 1 || id.aType != id.bType ||
      id.m != 128 || id.n < 8 || id.n > 256) {
    error = "tcgen05.mma kind::f16 form not simulated (sparse, non-f32 D, "
            "M other than 128 or a bad N)";
    return false;
  }
  if ((d >> 16) != 0 || !tmem.allocated(d, id.n)) {
    error = "tcgen05.mma D outside the allocated tensor memory";
    return false;
  }
  wgmma::Descriptor a, b;
  if (!decodeShared(aDesc, a, error) || !decodeShared(bDesc, b, error))
    return false;
  mma::Type type = id.aType ? mma::Type::BF16 : mma::Type::F16;
  // A transposed operand is MN-major: the same canonical layouts as
  // wgmma's with imm-trans 1.
  auto element = [&](const wgmma::Descriptor &desc, bool mnMajor, unsigned row,
                     unsigned k, double &value) {
    uint64_t at = mnMajor ? wgmma::mnMajorOffset(desc, 2, row, k)
                          : wgmma::kMajorOffset(desc, 2, row, k);
    if (at + 2 > sharedBytes) {
      error = "tcgen05.mma operand outside shared memory";
      return false;
    }
    uint16_t bits;
    memcpy(&bits, shared + at, 2);
    value = mma::decodeElement(type, bits);
    return true;
  };
  double sign = (id.negateA ? -1 : 1) * (id.negateB ? -1 : 1);
  unsigned column = d & 0xffff;
  for (unsigned row = 0; row < id.m; ++row)
    for (unsigned n = 0; n < id.n; ++n) {
      double sum = 0;
      for (unsigned k = 0; k < 16; ++k) {
        double x, y;
        if (!element(a, id.transposeA, row, k, x) ||
            !element(b, id.transposeB, n, k, y))
          return false;
        sum += x * y;
      }
      uint32_t &word = tmem.at(row, column + n);
      float old;
      memcpy(&old, &word, 4);
      float result = static_cast<float>(sign * sum + (accumulate ? old : 0));
      memcpy(&word, &result, 4);
    }
  return true;
}
