//===- Tcgen05EmulationTest.cpp - the simulator's tcgen05 ----------------===//
//
// The PTX ISA's tcgen05 tables: tensor memory allocation (powers of two
// from 32 to 512 columns, none after relinquish_alloc_permit), the
// instruction descriptor's fields (D type at 4, A/B types at 7/10,
// negate 13/14, transpose 15/16, N >> 3 at 17, M >> 4 at 24), the
// shared-memory descriptor (0b001 at bits 46..48, swizzle codes at 61..63)
// and kind::f16 with M 128: row r of D in tensor-memory lane r, column n at
// the D address's column + n.
//
//===----------------------------------------------------------------------===//

#include "tcgen05.h"

#include "gtest/gtest.h"

#include <cstring>
#include <vector>

using namespace sim::tcgen05;

namespace {

TEST(SimTcgen05, Allocation) {
  TensorMemory t;
  std::string error;
  uint32_t a, b, c;
  ASSERT_TRUE(t.allocate(32, a, error));
  ASSERT_TRUE(t.allocate(128, b, error));
  EXPECT_EQ(a, 0u);
  EXPECT_EQ(b, 128u) << "placed at a multiple of its size";
  EXPECT_EQ(t.at(5, 130), kPoison) << "new columns hold the poison";
  EXPECT_FALSE(t.allocate(48, c, error)) << "not a power of two";
  EXPECT_FALSE(t.allocate(16, c, error));
  EXPECT_FALSE(t.allocate(512, c, error)) << "full";
  EXPECT_TRUE(t.allocated(b, 128));
  EXPECT_FALSE(t.allocated(32, 32));
  ASSERT_TRUE(t.deallocate(a, 32, error));
  EXPECT_FALSE(t.deallocate(a, 32, error)) << "twice";
  EXPECT_EQ(t.allocatedColumns(), 128u);
  t.relinquish();
  EXPECT_FALSE(t.allocate(32, c, error));
}

TEST(SimTcgen05, Descriptors) {
  uint32_t bits =
      1 << 4 | 1 << 7 | 1 << 10 | 1 << 13 | (64 >> 3) << 17 | (128 >> 4) << 24;
  InstrDescriptor d = decodeInstr(bits);
  EXPECT_EQ(d.dType, 1u);
  EXPECT_EQ(d.aType, 1u);
  EXPECT_EQ(d.bType, 1u);
  EXPECT_TRUE(d.negateA);
  EXPECT_FALSE(d.negateB);
  EXPECT_EQ(d.n, 64u);
  EXPECT_EQ(d.m, 128u);
  sim::wgmma::Descriptor s;
  std::string error;
  uint64_t smem = (0x800 >> 4) | uint64_t(1024 >> 4) << 32 | uint64_t(1) << 46;
  ASSERT_TRUE(decodeShared(smem | uint64_t(2) << 61, s, error)) << error;
  EXPECT_EQ(s.start, 0x800u);
  EXPECT_EQ(s.sbo, 1024u);
  EXPECT_EQ(sim::wgmma::swizzleBytes(s.swizzle), 128u);
  ASSERT_TRUE(decodeShared(smem | uint64_t(6) << 61, s, error));
  EXPECT_EQ(sim::wgmma::swizzleBytes(s.swizzle), 32u);
  EXPECT_FALSE(decodeShared(smem & ~(uint64_t(1) << 46), s, error))
      << "missing 0b001";
  EXPECT_FALSE(decodeShared(smem | uint64_t(1) << 61, s, error))
      << "128B with 32B atoms";
}

// Small integers in [-3, 3], so that every product and sum is exact.
int value(unsigned row, unsigned k, int salt) {
  return int((row * 3 + k * salt) % 7) - 3;
}

void put(std::vector<unsigned char> &shared, uint64_t at, int v) {
  uint16_t h = sim::mma::encodeF16(v);
  memcpy(&shared[at], &h, 2);
}

// A 128 x 16 f16 K-major, in no-swizzle core matrices at `a`.
void fillA(std::vector<unsigned char> &shared,
           const sim::wgmma::Descriptor &a) {
  for (unsigned r = 0; r < 128; ++r)
    for (unsigned k = 0; k < 16; ++k)
      put(shared, sim::wgmma::kMajorOffset(a, 2, r, k), value(r, k, 5));
}

uint64_t encode(const sim::wgmma::Descriptor &d, uint64_t swizzle = 0) {
  return d.start >> 4 | (d.lbo >> 4) << 16 | (d.sbo >> 4) << 32 |
         uint64_t(1) << 46 | swizzle << 61;
}

TEST(SimTcgen05, MmaF16IntoTensorMemory) {
  // A 128 x 16 and B 8 x 16 (K-major) f16 in no-swizzle core matrices.
  std::vector<unsigned char> shared(8192, 0);
  sim::wgmma::Descriptor a{0, 128, 256, 0, 0}, b{4096, 128, 256, 0, 0};
  fillA(shared, a);
  for (unsigned n = 0; n < 8; ++n)
    for (unsigned k = 0; k < 16; ++k)
      put(shared, sim::wgmma::kMajorOffset(b, 2, n, k), value(n, k, 2));
  auto desc = [](const sim::wgmma::Descriptor &d) { return encode(d); };
  TensorMemory t;
  std::string error;
  uint32_t address;
  ASSERT_TRUE(t.allocate(32, address, error));
  ASSERT_TRUE(t.allocate(32, address, error)); // D at column 32
  uint32_t idesc = 1 << 4 | (8 >> 3) << 17 | (128 >> 4) << 24;
  for (bool accumulate : {false, true}) {
    ASSERT_TRUE(mmaF16(t, shared.data(), shared.size(), address, desc(a),
                       desc(b), idesc, accumulate, error))
        << error;
  }
  for (unsigned r : {0u, 37u, 127u})
    for (unsigned n = 0; n < 8; ++n) {
      float want = 0;
      for (unsigned k = 0; k < 16; ++k)
        want += value(r, k, 5) * value(n, k, 2);
      float got;
      memcpy(&got, &t.at(r, 32 + n), 4);
      EXPECT_EQ(got, 2 * want) << "row " << r << " column " << n;
    }
  EXPECT_FALSE(mmaF16(t, shared.data(), shared.size(), 64, desc(a), desc(b),
                      idesc, false, error))
      << "D not allocated";
  uint32_t m64 = 1 << 4 | (8 >> 3) << 17 | (64 >> 4) << 24;
  EXPECT_FALSE(mmaF16(t, shared.data(), shared.size(), address, desc(a),
                      desc(b), m64, false, error))
      << "M 64 not simulated";
}

// Transpose B (instruction descriptor bit 16): B is read N-major, as
// wgmma's imm-trans-b 1 reads it; here a 16 x 64 B in 128-byte rows with
// the 128B swizzle (swizzle code 2), K rows 128 bytes apart, 8-row atoms
// SBO = 1024 apart. The reference is the plain product of the values put
// at wgmma's MN-major offsets; a K-major reading of the same bytes (bit 16
// clear) gives another result.
TEST(SimTcgen05, MmaF16TransposedB) {
  std::vector<unsigned char> shared(16384, 0);
  sim::wgmma::Descriptor a{0, 128, 256, 0, 0}, b{8192, 0, 1024, 0, 1};
  fillA(shared, a);
  for (unsigned n = 0; n < 64; ++n)
    for (unsigned k = 0; k < 16; ++k)
      put(shared, sim::wgmma::mnMajorOffset(b, 2, n, k), value(n, k, 2));
  auto desc = [](const sim::wgmma::Descriptor &d, uint64_t code) {
    return encode(d, code);
  };
  TensorMemory t;
  std::string error;
  uint32_t address;
  ASSERT_TRUE(t.allocate(64, address, error));
  uint32_t idesc = 1 << 4 | 1 << 16 | (64 >> 3) << 17 | (128 >> 4) << 24;
  ASSERT_TRUE(mmaF16(t, shared.data(), shared.size(), address, desc(a, 0),
                     desc(b, 2), idesc, false, error))
      << error;
  for (unsigned r : {0u, 5u, 64u, 127u})
    for (unsigned n : {0u, 7u, 8u, 33u, 63u}) {
      float want = 0;
      for (unsigned k = 0; k < 16; ++k)
        want += value(r, k, 5) * value(n, k, 2);
      float got;
      memcpy(&got, &t.at(r, n), 4);
      EXPECT_EQ(got, want) << "row " << r << " column " << n;
    }
  uint32_t kMajor = idesc & ~(1u << 16);
  ASSERT_TRUE(mmaF16(t, shared.data(), shared.size(), address, desc(a, 0),
                     desc(b, 2), kMajor, false, error))
      << error;
  bool differs = false;
  for (unsigned n = 0; n < 64; ++n) {
    float want = 0;
    for (unsigned k = 0; k < 16; ++k)
      want += value(1, k, 5) * value(n, k, 2);
    float got;
    memcpy(&got, &t.at(1, n), 4);
    differs |= got != want;
  }
  EXPECT_TRUE(differs) << "the transpose bit is not read";
}

} // namespace
