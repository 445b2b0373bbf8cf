//===- Tcgen05EmulationTest.cpp - the simulator's tcgen05 ----------------===//
//
// The PTX ISA's tcgen05 tables: tensor memory allocation (powers of two
// from 32 to 512 columns, none after relinquish_alloc_permit), the
// instruction descriptor's fields (D type at 4, A/B types at 7/10,
// negate 13/14, transpose 15/16, N >> 3 at 17, M >> 4 at 24), the
// shared-memory descriptor (0b001 at bits 46..48, swizzle codes at 61..63)
// and kind::f16 with M 128: row r of D in tensor-memory lane r, column n at
// the D address's column + n. Block scaling (kind::mxf8f6f4, scale_vec::1X):
// the block-scaled descriptor (B scale id at 4..5, ue8m0 at 23, A scale id
// at 29..30, no D type), the scale of row m of A at lane m % 32, column
// m / 32 of the scale address, byte = the scale id, likewise column n of
// B, duplicated to the four 32-lane quadrants; tcgen05.cp 32x128b.warpx4
// puts 32 rows of 16 shared bytes into lanes r of every quadrant.
// kind::f8f6f4 (e4m3/e5m2) and kind::i8 (u8/s8, s32 D) with K 32.
//
//===----------------------------------------------------------------------===//

#include "tcgen05.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstdint>
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

// kind::i8 (K 32, one-byte u8/s8 codes 0/1 at bits 7 and 10, s32 D type
// 2): exact products summed into D modulo 2^32; kind::f8f6f4 with e4m3 A
// and e5m2 B (codes 0 and 1) into an f32 D. A 128 x 32 and B 16 x 32,
// K-major in no-swizzle core matrices (8 rows x 16 bytes, LBO 128 between
// the K halves, SBO 256 between 8-row groups).
TEST(SimTcgen05, MmaI8AndF8F6F4) {
  std::vector<unsigned char> shared(8192, 0);
  sim::wgmma::Descriptor a{0, 128, 256, 0, 0}, b{4096, 128, 256, 0, 0};
  auto sa = [](unsigned r, unsigned k) {
    return int(r * 7 + k * 3) % 256 - 128;
  };
  auto ub = [](unsigned n, unsigned k) { return int(n * 11 + k * 5) % 256; };
  for (unsigned k = 0; k < 32; ++k) {
    for (unsigned r = 0; r < 128; ++r)
      shared[sim::wgmma::kMajorOffset(a, 1, r, k)] = uint8_t(sa(r, k));
    for (unsigned n = 0; n < 16; ++n)
      shared[sim::wgmma::kMajorOffset(b, 1, n, k)] = uint8_t(ub(n, k));
  }
  TensorMemory t;
  std::string error;
  uint32_t address;
  ASSERT_TRUE(t.allocate(32, address, error));
  uint32_t shape = (16 >> 3) << 17 | (128 >> 4) << 24;
  uint32_t s8u8 = 2 << 4 | 1 << 7 | 0 << 10 | shape;
  for (unsigned r = 0; r < 128; ++r) // D: INT32_MAX in rows 0 and 77
    for (unsigned n = 0; n < 16; ++n)
      t.at(r, n) = r == 0 || r == 77 ? uint32_t(INT32_MAX) : 0;
  ASSERT_TRUE(mma(t, shared.data(), shared.size(), address, encode(a),
                  encode(b), s8u8, kI8, true, error))
      << error;
  for (unsigned r : {0u, 77u, 127u})
    for (unsigned n : {0u, 9u, 15u}) {
      int64_t want = r == 127 ? 0 : INT32_MAX;
      for (unsigned k = 0; k < 32; ++k)
        want += sa(r, k) * ub(n, k);
      EXPECT_EQ(int32_t(t.at(r, n)), int32_t(uint32_t(want)))
          << "row " << r << " column " << n;
    }
  // e4m3 (A) x e5m2 (B) into an f32 D: finite codes of moderate exponent
  // (below 0x50, either sign), whose products and sums are exact in double.
  auto fa = [](unsigned r, unsigned k) {
    return (r * 5 + k * 3) % 0x50 | (k % 2) << 7;
  };
  auto fb = [](unsigned n, unsigned k) {
    return (n * 7 + k) % 0x50 | (n % 3 == 0) << 7;
  };
  for (unsigned k = 0; k < 32; ++k) {
    for (unsigned r = 0; r < 128; ++r)
      shared[sim::wgmma::kMajorOffset(a, 1, r, k)] = uint8_t(fa(r, k));
    for (unsigned n = 0; n < 16; ++n)
      shared[sim::wgmma::kMajorOffset(b, 1, n, k)] = uint8_t(fb(n, k));
  }
  uint32_t f8 = 1 << 4 | 0 << 7 | 1 << 10 | shape;
  ASSERT_TRUE(mma(t, shared.data(), shared.size(), address, encode(a),
                  encode(b), f8, kF8F6F4, false, error))
      << error;
  for (unsigned r : {3u, 127u})
    for (unsigned n : {1u, 14u}) {
      double want = 0;
      for (unsigned k = 0; k < 32; ++k)
        want +=
            double(sim::mma::decodeElement(sim::mma::Type::E4M3, fa(r, k))) *
            sim::mma::decodeElement(sim::mma::Type::E5M2, fb(n, k));
      float got;
      memcpy(&got, &t.at(r, n), 4);
      EXPECT_EQ(got, float(want)) << "row " << r << " column " << n;
    }
  // kind::i8 with an f32 D, kind::f8f6f4 with e2m1 (code 5), kind::tf32
  // with f16 codes (0): errors.
  EXPECT_FALSE(mma(t, shared.data(), shared.size(), address, encode(a),
                   encode(b), f8, kI8, false, error));
  EXPECT_FALSE(mma(t, shared.data(), shared.size(), address, encode(a),
                   encode(b), 1 << 4 | 5 << 7 | shape, kF8F6F4, false, error));
  EXPECT_FALSE(mma(t, shared.data(), shared.size(), address, encode(a),
                   encode(b), 1 << 4 | shape, kTf32, false, error));
}

// kind::tf32 (K 8, type code 2 at bits 7 and 10, f32 D): 4-byte elements,
// so a 16-byte core-matrix row holds 4 of K; A 128 x 8 and B 16 x 8
// K-major, LBO 128 between the K halves, SBO 256 between 8-row groups.
// The values are tf32 (10 mantissa bits); products and sums are exact.
TEST(SimTcgen05, MmaTf32) {
  std::vector<unsigned char> shared(16384, 0);
  sim::wgmma::Descriptor a{0, 128, 256, 0, 0}, b{8192, 128, 256, 0, 0};
  auto va = [](unsigned r, unsigned k) {
    return float(int(r * 3 + k * 5) % 17 - 8) * (1.0f + 1.0f / 256);
  };
  auto vb = [](unsigned n, unsigned k) {
    return float(int(n * 7 + k) % 13 - 6) / 4;
  };
  for (unsigned k = 0; k < 8; ++k) {
    for (unsigned r = 0; r < 128; ++r) {
      float x = va(r, k);
      memcpy(&shared[sim::wgmma::kMajorOffset(a, 4, r, k)], &x, 4);
    }
    for (unsigned n = 0; n < 16; ++n) {
      float y = vb(n, k);
      memcpy(&shared[sim::wgmma::kMajorOffset(b, 4, n, k)], &y, 4);
    }
  }
  TensorMemory t;
  std::string error;
  uint32_t address;
  ASSERT_TRUE(t.allocate(32, address, error));
  uint32_t idesc =
      1 << 4 | 2 << 7 | 2 << 10 | (16 >> 3) << 17 | (128 >> 4) << 24;
  for (unsigned r = 0; r < 128; ++r)
    for (unsigned n = 0; n < 16; ++n) {
      float one = 1;
      memcpy(&t.at(r, n), &one, 4);
    }
  ASSERT_TRUE(mma(t, shared.data(), shared.size(), address, encode(a),
                  encode(b), idesc, kTf32, true, error))
      << error;
  for (unsigned r : {0u, 45u, 127u})
    for (unsigned n : {0u, 6u, 15u}) {
      double want = 1;
      for (unsigned k = 0; k < 8; ++k)
        want += double(va(r, k)) * vb(n, k);
      float got;
      memcpy(&got, &t.at(r, n), 4);
      EXPECT_EQ(got, float(want)) << "row " << r << " column " << n;
    }
}

TEST(SimTcgen05, BlockScaledDescriptor) {
  uint32_t bits = 2u << 4 | 1u << 10 | 1u << 16 | (16 >> 3) << 17 | 1u << 23 |
                  (128 >> 4) << 24 | 3u << 29;
  BlockScaledDescriptor d = decodeBlockScaledInstr(bits);
  EXPECT_EQ(d.scaleBId, 2u);
  EXPECT_EQ(d.scaleAId, 3u);
  EXPECT_EQ(d.aType, 0u);
  EXPECT_EQ(d.bType, 1u);
  EXPECT_TRUE(d.transposeB);
  EXPECT_FALSE(d.transposeA);
  EXPECT_TRUE(d.ue8m0);
  EXPECT_EQ(d.n, 16u);
  EXPECT_EQ(d.m, 128u);
  EXPECT_FALSE(d.kSize);
}

// 32 rows of 16 bytes, row-major (8-row core matrices SBO = 128 apart),
// land in lanes r, 32 + r, 64 + r and 96 + r: byte 4 c + j of row r is byte
// j of column c.
TEST(SimTcgen05, Copy32x128bWarpx4) {
  std::vector<unsigned char> shared(2048, 0);
  for (unsigned r = 0; r < 32; ++r)
    for (unsigned j = 0; j < 16; ++j)
      shared[1024 + 16 * r + j] = uint8_t(7 * r + j + 1);
  uint64_t desc = encode({1024, 0, 128, 0, 0});
  TensorMemory t;
  std::string error;
  uint32_t address;
  ASSERT_TRUE(t.allocate(32, address, error));
  ASSERT_TRUE(copy32x128bWarpx4(t, shared.data(), shared.size(), address + 4,
                                desc, error))
      << error;
  for (unsigned quadrant = 0; quadrant < 4; ++quadrant)
    for (unsigned r : {0u, 9u, 31u})
      for (unsigned c = 0; c < 4; ++c) {
        uint32_t want = 0;
        for (unsigned j = 0; j < 4; ++j)
          want |= uint32_t(uint8_t(7 * r + 4 * c + j + 1)) << (8 * j);
        EXPECT_EQ(t.at(32 * quadrant + r, 4 + c), want)
            << "quadrant " << quadrant << " row " << r << " column " << c;
      }
  EXPECT_EQ(t.at(0, 8), kPoison) << "only four columns";
  EXPECT_FALSE(copy32x128bWarpx4(t, shared.data(), shared.size(),
                                 address + (32u << 16), desc, error))
      << "lane 32 is not a quadrant's first row of all four";
  EXPECT_FALSE(
      copy32x128bWarpx4(t, shared.data(), shared.size(), 64, desc, error))
      << "not allocated";
}

// e4m3 and e5m2 codes of 1, 2, 0.5, -1 and 3 (e5m2: 1.5 for the last).
constexpr uint8_t kE4m3[] = {0x38, 0x40, 0x30, 0xb8, 0x44};
constexpr uint8_t kE5m2[] = {0x3c, 0x40, 0x38, 0xbc, 0x3e};
constexpr double kValues[] = {1, 2, 0.5, -1, 3},
                 kE5m2Values[] = {1, 2, 0.5, -1, 1.5};

// D = (A * SA) (B * SB), A 128 x 32 e4m3, B 16 x 32 e5m2 (K-major), the
// scales written straight into tensor memory by the ISA's layout.
TEST(SimTcgen05, MmaBlockScaled) {
  std::vector<unsigned char> shared(8192, 0);
  sim::wgmma::Descriptor a{0, 128, 256, 0, 0}, b{4096, 128, 256, 0, 0};
  for (unsigned m = 0; m < 128; ++m)
    for (unsigned k = 0; k < 32; ++k)
      shared[sim::wgmma::kMajorOffset(a, 1, m, k)] = kE4m3[(m + 2 * k) % 5];
  for (unsigned n = 0; n < 16; ++n)
    for (unsigned k = 0; k < 32; ++k)
      shared[sim::wgmma::kMajorOffset(b, 1, n, k)] = kE5m2[(3 * n + k) % 5];
  TensorMemory t;
  std::string error;
  uint32_t address;
  ASSERT_TRUE(t.allocate(64, address, error));
  // A's scales at columns 32..35 (byte 2), B's at column 40 (byte 1); the
  // other bytes are NaN scales (0xff).
  for (unsigned quadrant = 0; quadrant < 4; ++quadrant)
    for (unsigned l = 0; l < 32; ++l) {
      for (unsigned c = 0; c < 4; ++c) {
        unsigned m = 32 * c + l;
        t.at(32 * quadrant + l, 32 + c) =
            0xff00ffffu | uint32_t(127 + m % 3 - 1) << 16;
      }
      t.at(32 * quadrant + l, 40) = 0xffff00ffu | uint32_t(127 + l % 2) << 8;
    }
  uint32_t idesc = 1u << 4 | 1u << 10 | (16 >> 3) << 17 | 1u << 23 |
                   (128 >> 4) << 24 | 2u << 29;
  ASSERT_TRUE(mmaBlockScaled(t, shared.data(), shared.size(), 0, encode(a),
                             encode(b), idesc, 32, 40, false, error))
      << error;
  for (unsigned m : {0u, 1u, 2u, 33u, 70u, 127u})
    for (unsigned n = 0; n < 16; ++n) {
      double sum = 0;
      for (unsigned k = 0; k < 32; ++k)
        sum += kValues[(m + 2 * k) % 5] * kE5m2Values[(3 * n + k) % 5];
      double want =
          sum * std::ldexp(1.0, int(m % 3) - 1) * std::ldexp(1.0, int(n % 2));
      float got;
      memcpy(&got, &t.at(m, n), 4);
      EXPECT_EQ(got, float(want)) << "row " << m << " column " << n;
    }
  // Scale id 0 of A reads the NaN bytes.
  uint32_t idZero = idesc & ~(3u << 29);
  ASSERT_TRUE(mmaBlockScaled(t, shared.data(), shared.size(), 0, encode(a),
                             encode(b), idZero, 32, 40, false, error))
      << error;
  float nan;
  memcpy(&nan, &t.at(5, 3), 4);
  EXPECT_TRUE(std::isnan(nan)) << "the scale id selects the byte";
  // Scales that one quadrant lacks are an error, not a silent result.
  t.at(64 + 3, 33) = 0;
  EXPECT_FALSE(mmaBlockScaled(t, shared.data(), shared.size(), 0, encode(a),
                              encode(b), idesc, 32, 40, false, error));
  EXPECT_NE(error.find("duplicated"), std::string::npos) << error;
}

} // namespace
