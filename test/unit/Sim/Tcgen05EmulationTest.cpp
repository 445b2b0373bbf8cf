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
// kind::f8f6f4 (e4m3/e5m2) and kind::i8 (u8/s8, s32 D) with K 32;
// kind::mxf8f6f4 with e2m1 one a byte (type 5: the code in bits 2-5).
// FP4 block scaling (kind::mxf4 scale_vec::2X ue8m0; kind::mxf4nvf4 2X
// ue8m0, 4X ue4m3 or ue8m0): e2m1 code 1 for A and B, K 64 a step, element
// k of a K-major row in byte k / 2 of the row's 32 bytes (low nibble for
// even k), read like a K-major operand of bytes (no swizzle: 8 x 16-byte
// core matrices, LBO along K, SBO along rows; 128B swizzle: 16-byte chunk
// c of row r at chunk c ^ r % 8 of 128-byte rows); the scale of K block j
// (32 elements with 2X, 16 with 4X) in byte scale id + j of the words
// above; D is the sum of the blocks' exact sums times their two scales
// (and D), rounded once to f32.
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

//===----------------------------------------------------------------------===//
// FP4 block scaling: kind::mxf4 and kind::mxf4nvf4
//===----------------------------------------------------------------------===//

// The value of an e2m1 code: sign at bit 3, exponent bits 2..1 (bias 1),
// mantissa bit 0; no infinity or NaN.
double e2m1(unsigned code) {
  static const double magnitudes[8] = {0, 0.5, 1, 1.5, 2, 3, 4, 6};
  return code & 8 ? -magnitudes[code & 7] : magnitudes[code & 7];
}

// kind::mxf8f6f4 with e2m1 A (type code 5: one value a byte, the code in
// bits 2-5) beside e4m3 B (code 0), scale_vec::1X: A's scale 2^(m % 3),
// B's 2^-(n % 2). The 6-bit codes (e2m3 3, e3m2 4) are refused.
TEST(SimTcgen05, MmaBlockScaledE2m1Bytes) {
  std::vector<unsigned char> shared(8192, 0);
  sim::wgmma::Descriptor a{0, 128, 256, 0, 0}, b{4096, 128, 256, 0, 0};
  auto code = [](unsigned m, unsigned k) { return (m * 3 + k * 5) % 16; };
  for (unsigned m = 0; m < 128; ++m)
    for (unsigned k = 0; k < 32; ++k)
      shared[sim::wgmma::kMajorOffset(a, 1, m, k)] = uint8_t(code(m, k) << 2);
  for (unsigned n = 0; n < 32; ++n)
    for (unsigned k = 0; k < 32; ++k)
      shared[sim::wgmma::kMajorOffset(b, 1, n, k)] = kE4m3[(n + k) % 5];
  TensorMemory t;
  std::string error;
  uint32_t address;
  ASSERT_TRUE(t.allocate(64, address, error));
  for (unsigned quadrant = 0; quadrant < 4; ++quadrant)
    for (unsigned l = 0; l < 32; ++l) {
      for (unsigned c = 0; c < 4; ++c)
        t.at(32 * quadrant + l, 32 + c) = 127u + (32 * c + l) % 3;
      t.at(32 * quadrant + l, 40) = 127u - l % 2;
    }
  uint32_t shape = (32 >> 3) << 17 | (128 >> 4) << 24 | 1u << 23;
  ASSERT_TRUE(mmaBlockScaled(t, shared.data(), shared.size(), 0, encode(a),
                             encode(b), 5u << 7 | shape, 32, 40, false, error))
      << error;
  for (unsigned m : {0u, 5u, 64u, 127u})
    for (unsigned n : {0u, 1u, 17u, 31u}) {
      double sum = 0;
      for (unsigned k = 0; k < 32; ++k)
        sum += e2m1(code(m, k)) * kValues[(n + k) % 5];
      double want = sum * std::ldexp(1.0, int(m % 3) - int(n % 2));
      float got;
      memcpy(&got, &t.at(m, n), 4);
      EXPECT_EQ(got, float(want)) << "row " << m << " column " << n;
    }
  for (unsigned sixBit : {3u, 4u}) {
    EXPECT_FALSE(mmaBlockScaled(t, shared.data(), shared.size(), 0, encode(a),
                                encode(b), sixBit << 10 | shape, 32, 40, false,
                                error));
    EXPECT_NE(error.find("not simulated"), std::string::npos) << error;
  }
}

// ue8m0: 2^(e - 127), 0xff NaN.
double ue8m0(uint8_t e) {
  return e == 0xff ? double(NAN) : std::ldexp(1.0, int(e) - 127);
}

// ue4m3: bit 7 not read; bias 7, 3 mantissa bits, exponent 0 subnormal
// (m / 8 * 2^-6); 0x7f NaN.
double ue4m3(uint8_t bits) {
  bits &= 0x7f;
  if (bits == 0x7f)
    return NAN;
  unsigned e = bits >> 3, m = bits & 7;
  return e == 0 ? std::ldexp(m / 8.0, -6) : std::ldexp(1 + m / 8.0, int(e) - 7);
}

// ue4m3 scale codes: 1, 3 * 2^-9 (subnormal), 1 with bit 7 set, 2, 0.8125,
// 5, 0.375, 2^-9 (subnormal), 6 * 2^-9 with bit 7 set (subnormal).
constexpr uint8_t kUe4m3[] = {0x38, 0x03, 0xb8, 0x40, 0x35,
                              0x4a, 0x2c, 0x01, 0x86};

constexpr uint32_t kShape128 = (128 >> 4) << 24;

// The instruction descriptor of an e2m1 x e2m1 block-scaled MMA, M 128.
uint32_t fp4Idesc(unsigned n, bool scaleUe8m0, unsigned scaleAId,
                  unsigned scaleBId) {
  return scaleBId << 4 | 1u << 7 | 1u << 10 | (n >> 3) << 17 |
         uint32_t(scaleUe8m0) << 23 | kShape128 | scaleAId << 29;
}

// A 128 x kTotal A and an N x kTotal B of random e2m1 codes (all 16, so
// negatives and -0 too), packed two a byte into K-major operands in
// shared memory: without swizzle (kTotal 64, A at 0 and B at 8192, LBO
// 128, SBO 256) or with the 128B swizzle (kTotal 128 in the first 64 bytes
// of 128-byte rows, 8-row atoms SBO 1024 apart, A at 0 and B at 16384; one
// MMA reads K 0..63 from the start, the next K 64..127 from start + 32).
// The scales are written straight into tensor memory: A's at columns
// 128.., B's at 136.., D at column 0.
class Fp4Mma {
public:
  static constexpr uint32_t kScaleA = 128, kScaleB = 136;

  Fp4Mma(unsigned n, bool swizzled, uint32_t seed)
      : n(n), swizzled(swizzled), kTotal(swizzled ? 128 : 64), shared(32768, 0),
        a(128 * kTotal), b(n * kTotal) {
    uint32_t state = seed;
    auto next = [&] {
      state = state * 1664525u + 1013904223u;
      return state >> 28;
    };
    for (unsigned m = 0; m < 128; ++m)
      for (unsigned k = 0; k < kTotal; ++k)
        a[m * kTotal + k] = next();
    for (unsigned c = 0; c < n; ++c)
      for (unsigned k = 0; k < kTotal; ++k)
        b[c * kTotal + k] = next();
    pack(a, 0, 128);
    pack(b, swizzled ? 16384 : 8192, n);
    std::string error;
    uint32_t address;
    EXPECT_TRUE(t.allocate(256, address, error)) << error;
  }

  // The shared-memory descriptor of A or B for K step `step`.
  uint64_t desc(bool isB, unsigned step = 0) const {
    uint64_t base = isB ? (swizzled ? 16384 : 8192) : 0;
    if (!swizzled)
      return encode({base, 128, 256, 0, 0});
    return encode({base + 32 * step, 0, 1024, 0, 1}, 2);
  }

  // Scale bytes: byte id + j of each row's (column's) word is scale j,
  // given by `value`; the other bytes are `filler`. Written to all four
  // quadrants.
  template <typename Value>
  void scales(uint32_t column, unsigned count, unsigned id, unsigned vector,
              uint8_t filler, Value value) {
    for (unsigned i = 0; i < count; ++i) {
      uint32_t word = 0;
      for (unsigned byte = 0; byte < 4; ++byte) {
        uint8_t v = byte >= id && byte < id + vector
                        ? uint8_t(value(i, byte - id))
                        : filler;
        word |= uint32_t(v) << (8 * byte);
      }
      for (unsigned quadrant = 0; quadrant < 4; ++quadrant)
        t.at(32 * quadrant + i % 32, column + i / 32) = word;
    }
  }

  bool run(ScaledKind kind, unsigned vector, uint32_t idesc, bool accumulate,
           unsigned step, std::string &error) {
    return mmaBlockScaled(t, shared.data(), shared.size(), 0, desc(false, step),
                          desc(true, step), idesc, kScaleA, kScaleB, kind,
                          vector, accumulate, error);
  }

  // D(m, c) of K step `step`: the blocks' sums times their scales, in
  // double (exact for the scales used here).
  template <typename ScaleA, typename ScaleB>
  double want(unsigned m, unsigned c, unsigned vector, unsigned step,
              ScaleA scaleA, ScaleB scaleB) const {
    double total = 0;
    unsigned blockK = 64 / vector;
    for (unsigned j = 0; j < vector; ++j) {
      double sum = 0;
      for (unsigned k = j * blockK; k < (j + 1) * blockK; ++k)
        sum += e2m1(a[m * kTotal + 64 * step + k]) *
               e2m1(b[c * kTotal + 64 * step + k]);
      total += sum * scaleA(m, j) * scaleB(c, j);
    }
    return total;
  }

  float got(unsigned m, unsigned c) {
    float value;
    memcpy(&value, &t.at(m, c), 4);
    return value;
  }

  void setD(unsigned m, unsigned c, float value) {
    memcpy(&t.at(m, c), &value, 4);
  }

  const unsigned n;
  const bool swizzled;
  const unsigned kTotal;
  std::vector<unsigned char> shared;
  std::vector<unsigned> a, b; // codes, row-major
  TensorMemory t;

private:
  // Byte `column` of K-major row `row` at `base`.
  uint64_t byteAt(uint64_t base, unsigned row, unsigned column) const {
    if (!swizzled)
      return base + row / 8 * 256 + column / 16 * 128 + row % 8 * 16 +
             column % 16;
    return base + row / 8 * 1024 + row % 8 * 128 +
           ((column / 16) ^ (row % 8)) * 16 + column % 16;
  }
  void pack(const std::vector<unsigned> &codes, uint64_t base, unsigned rows) {
    for (unsigned r = 0; r < rows; ++r)
      for (unsigned k = 0; k < kTotal; ++k)
        shared[byteAt(base, r, k / 2)] |=
            uint8_t(codes[r * kTotal + k] << (4 * (k % 2)));
  }
};

// Every element of D against `want(m, c)` (NaN where it is NaN).
template <typename Want> void expectD(Fp4Mma &f, Want want, const char *what) {
  unsigned mismatches = 0;
  for (unsigned m = 0; m < 128; ++m)
    for (unsigned c = 0; c < f.n; ++c) {
      double w = want(m, c);
      float got = f.got(m, c);
      bool same = std::isnan(w) ? std::isnan(got) : got == float(w);
      if (!same && ++mismatches <= 5)
        ADD_FAILURE() << what << ": row " << m << " column " << c << " got "
                      << got << " want " << float(w);
    }
  EXPECT_EQ(mismatches, 0u) << what;
}

// ue8m0 scales 2^-4 .. 2^4 and 2^-3 .. 2^3, different for neighbouring
// rows, rows 32 apart (other column of the scale words), neighbouring
// blocks, and columns 32 apart.
uint8_t sfaUe8m0(unsigned m, unsigned j) {
  return uint8_t(127 + int((m * 7 + j * 3) % 9) - 4);
}
uint8_t sfbUe8m0(unsigned c, unsigned j) {
  return uint8_t(127 + int((c * 5 + j * 11) % 7) - 3);
}

TEST(SimTcgen05, BlockScaledDescriptorE2m1) {
  BlockScaledDescriptor d =
      decodeBlockScaledInstr(fp4Idesc(64, false, 2, 0) | 1u << 13);
  EXPECT_EQ(d.aType, 1u);
  EXPECT_EQ(d.bType, 1u);
  EXPECT_EQ(d.scaleAId, 2u);
  EXPECT_EQ(d.scaleBId, 0u);
  EXPECT_FALSE(d.ue8m0);
  EXPECT_TRUE(d.negateA);
  EXPECT_EQ(d.n, 64u);
  EXPECT_EQ(d.m, 128u);
  EXPECT_TRUE(decodeBlockScaledInstr(1u << 31).kSize);
}

// kind::mxf4 (scale_vec::2X, ue8m0), N 64 (two scale columns of B), no
// swizzle: A's scales at byte 2 (id 2), B's at byte 0, the other bytes NaN;
// then accumulate into a preset D, then negate A, then A at id 0 (its NaN
// bytes), then both at id 2.
TEST(SimTcgen05, MmaMxf4Block32) {
  Fp4Mma f(64, false, 1);
  std::string error;
  f.scales(Fp4Mma::kScaleA, 128, 2, 2, 0xff, sfaUe8m0);
  f.scales(Fp4Mma::kScaleB, 64, 0, 2, 0xff, sfbUe8m0);
  auto sa = [](unsigned m, unsigned j) { return ue8m0(sfaUe8m0(m, j)); };
  auto sb = [](unsigned c, unsigned j) { return ue8m0(sfbUe8m0(c, j)); };
  auto old = [](unsigned m, unsigned c) {
    return float(int((m * 13 + c * 7) % 23) - 11) / 8;
  };
  for (unsigned m = 0; m < 128; ++m)
    for (unsigned c = 0; c < 64; ++c)
      f.setD(m, c, old(m, c));
  uint32_t idesc = fp4Idesc(64, true, 2, 0);
  ASSERT_TRUE(f.run(ScaledKind::Mxf4, 2, idesc, false, 0, error)) << error;
  expectD(
      f, [&](unsigned m, unsigned c) { return f.want(m, c, 2, 0, sa, sb); },
      "mxf4");
  for (unsigned m = 0; m < 128; ++m)
    for (unsigned c = 0; c < 64; ++c)
      f.setD(m, c, old(m, c));
  ASSERT_TRUE(f.run(ScaledKind::Mxf4, 2, idesc, true, 0, error)) << error;
  expectD(
      f,
      [&](unsigned m, unsigned c) {
        return f.want(m, c, 2, 0, sa, sb) + old(m, c);
      },
      "mxf4 accumulate");
  ASSERT_TRUE(f.run(ScaledKind::Mxf4, 2, idesc | 1u << 13, false, 0, error))
      << error;
  expectD(
      f, [&](unsigned m, unsigned c) { return -f.want(m, c, 2, 0, sa, sb); },
      "mxf4 negate A");
  ASSERT_TRUE(
      f.run(ScaledKind::Mxf4, 2, fp4Idesc(64, true, 0, 0), false, 0, error))
      << error;
  expectD(
      f, [](unsigned, unsigned) { return double(NAN); },
      "mxf4 A scale id 0: bytes 0 and 1 are NaN");
  f.scales(Fp4Mma::kScaleB, 64, 2, 2, 0xff, sfbUe8m0);
  ASSERT_TRUE(
      f.run(ScaledKind::Mxf4, 2, fp4Idesc(64, true, 2, 2), false, 0, error))
      << error;
  expectD(
      f, [&](unsigned m, unsigned c) { return f.want(m, c, 2, 0, sa, sb); },
      "mxf4 scale ids 2, 2");
}

// kind::mxf4nvf4 .block32 (scale_vec::2X, ue8m0), N 32, A and B with the
// 128B swizzle: K step 0 from the descriptors' start, K step 1 (K 64..127
// of the rows) from start + 32 bytes, accumulated; B's scales at id 2.
TEST(SimTcgen05, MmaMxf4Nvf4Block32Swizzled) {
  Fp4Mma f(32, true, 2);
  std::string error;
  auto sfa1 = [](unsigned m, unsigned j) { return sfaUe8m0(m + 5, j); };
  auto sfb1 = [](unsigned c, unsigned j) { return sfbUe8m0(c + 3, j + 1); };
  auto sa = [](unsigned m, unsigned j) { return ue8m0(sfaUe8m0(m, j)); };
  auto sb = [](unsigned c, unsigned j) { return ue8m0(sfbUe8m0(c, j)); };
  auto sa1 = [&](unsigned m, unsigned j) { return ue8m0(sfa1(m, j)); };
  auto sb1 = [&](unsigned c, unsigned j) { return ue8m0(sfb1(c, j)); };
  uint32_t idesc = fp4Idesc(32, true, 0, 2);
  f.scales(Fp4Mma::kScaleA, 128, 0, 2, 0xff, sfaUe8m0);
  f.scales(Fp4Mma::kScaleB, 32, 2, 2, 0xff, sfbUe8m0);
  ASSERT_TRUE(f.run(ScaledKind::Mxf4Nvf4, 2, idesc, false, 0, error)) << error;
  expectD(
      f, [&](unsigned m, unsigned c) { return f.want(m, c, 2, 0, sa, sb); },
      "mxf4nvf4 block32, K step 0");
  f.scales(Fp4Mma::kScaleA, 128, 0, 2, 0xff, sfa1);
  f.scales(Fp4Mma::kScaleB, 32, 2, 2, 0xff, sfb1);
  ASSERT_TRUE(f.run(ScaledKind::Mxf4Nvf4, 2, idesc, true, 1, error)) << error;
  expectD(
      f,
      [&](unsigned m, unsigned c) {
        return f.want(m, c, 2, 0, sa, sb) + f.want(m, c, 2, 1, sa1, sb1);
      },
      "mxf4nvf4 block32, K steps 0 and 1");
}

// kind::mxf4nvf4 .block16 (scale_vec::4X) with ue4m3 scales (subnormal
// ones, and bytes with bit 7 set, which is not read), N 16, no swizzle;
// then with ue8m0 scales (also valid with 4X).
TEST(SimTcgen05, MmaMxf4Nvf4Block16) {
  Fp4Mma f(16, false, 3);
  std::string error;
  auto sfa = [](unsigned m, unsigned j) { return kUe4m3[(m * 7 + j * 4) % 9]; };
  auto sfb = [](unsigned c, unsigned j) { return kUe4m3[(c * 2 + j * 5) % 9]; };
  f.scales(Fp4Mma::kScaleA, 128, 0, 4, 0, sfa);
  f.scales(Fp4Mma::kScaleB, 16, 0, 4, 0, sfb);
  auto sa = [&](unsigned m, unsigned j) { return ue4m3(sfa(m, j)); };
  auto sb = [&](unsigned c, unsigned j) { return ue4m3(sfb(c, j)); };
  ASSERT_TRUE(f.run(ScaledKind::Mxf4Nvf4, 4, fp4Idesc(16, false, 0, 0), false,
                    0, error))
      << error;
  expectD(
      f, [&](unsigned m, unsigned c) { return f.want(m, c, 4, 0, sa, sb); },
      "mxf4nvf4 block16 ue4m3");
  f.scales(Fp4Mma::kScaleA, 128, 0, 4, 0, sfaUe8m0);
  f.scales(Fp4Mma::kScaleB, 16, 0, 4, 0, sfbUe8m0);
  auto sa8 = [](unsigned m, unsigned j) { return ue8m0(sfaUe8m0(m, j)); };
  auto sb8 = [](unsigned c, unsigned j) { return ue8m0(sfbUe8m0(c, j)); };
  ASSERT_TRUE(
      f.run(ScaledKind::Mxf4Nvf4, 4, fp4Idesc(16, true, 0, 0), false, 0, error))
      << error;
  expectD(
      f, [&](unsigned m, unsigned c) { return f.want(m, c, 4, 0, sa8, sb8); },
      "mxf4nvf4 block16 ue8m0");
}

// The blocks and D are summed exactly and rounded once: with one element
// 1 x 1 per block, block scales 1, 2^-24 (half an ulp of 1: a tie) and
// 2^-60 twice, and D 0, the exact sum 1 + 2^-24 + 2^-59 rounds up to
// 1 + 2^-23 (a double sum would lose 2^-59 and round the tie to 1).
TEST(SimTcgen05, MmaFp4RoundedOnce) {
  Fp4Mma f(16, false, 4);
  for (unsigned char &byte : f.shared)
    byte = 0;
  for (unsigned r = 0; r < 128; ++r) // element 16 j of every row: 1.0
    for (unsigned j = 0; j < 4; ++j) {
      f.shared[r / 8 * 256 + (8 * j) / 16 * 128 + r % 8 * 16 + (8 * j) % 16] =
          0x02;
      if (r < 16)
        f.shared[8192 + r / 8 * 256 + (8 * j) / 16 * 128 + r % 8 * 16 +
                 (8 * j) % 16] = 0x02;
    }
  static const int exponents[4] = {0, -12, -30, -30};
  auto sf = [](unsigned, unsigned j) { return uint8_t(127 + exponents[j]); };
  f.scales(Fp4Mma::kScaleA, 128, 0, 4, 0, sf);
  f.scales(Fp4Mma::kScaleB, 16, 0, 4, 0, sf);
  std::string error;
  for (unsigned m = 0; m < 128; ++m)
    for (unsigned c = 0; c < 16; ++c)
      f.setD(m, c, 0);
  ASSERT_TRUE(
      f.run(ScaledKind::Mxf4Nvf4, 4, fp4Idesc(16, true, 0, 0), true, 0, error))
      << error;
  float want = 1 + std::ldexp(1.0f, -23);
  EXPECT_EQ(f.got(0, 0), want);
  EXPECT_EQ(f.got(127, 15), want);
}

// A NaN scale makes the row (A) or column (B) NaN: ue8m0 0xff for block 1
// of row 5 (mxf4); ue4m3 0x7f for block 3 of column 2 and 0xff (bit 7 not
// read) for block 0 of row 70 (mxf4nvf4 4X).
TEST(SimTcgen05, MmaFp4NaNScales) {
  Fp4Mma f(16, false, 5);
  std::string error;
  auto sfa = [](unsigned m, unsigned j) {
    return m == 5 && j == 1 ? uint8_t(0xff) : sfaUe8m0(m, j);
  };
  f.scales(Fp4Mma::kScaleA, 128, 0, 2, 0x7f, sfa);
  f.scales(Fp4Mma::kScaleB, 16, 0, 2, 0x7f, sfbUe8m0);
  ASSERT_TRUE(
      f.run(ScaledKind::Mxf4, 2, fp4Idesc(16, true, 0, 0), false, 0, error))
      << error;
  auto sa = [&](unsigned m, unsigned j) { return ue8m0(sfa(m, j)); };
  auto sb = [](unsigned c, unsigned j) { return ue8m0(sfbUe8m0(c, j)); };
  expectD(
      f, [&](unsigned m, unsigned c) { return f.want(m, c, 2, 0, sa, sb); },
      "mxf4 NaN scale");
  EXPECT_TRUE(std::isnan(f.got(5, 0)));
  EXPECT_FALSE(std::isnan(f.got(4, 0)));
  auto sfa4 = [](unsigned m, unsigned j) {
    return m == 70 && j == 0 ? uint8_t(0xff) : kUe4m3[(m + j) % 9];
  };
  auto sfb4 = [](unsigned c, unsigned j) {
    return c == 2 && j == 3 ? uint8_t(0x7f) : kUe4m3[(2 * c + j) % 9];
  };
  f.scales(Fp4Mma::kScaleA, 128, 0, 4, 0, sfa4);
  f.scales(Fp4Mma::kScaleB, 16, 0, 4, 0, sfb4);
  ASSERT_TRUE(f.run(ScaledKind::Mxf4Nvf4, 4, fp4Idesc(16, false, 0, 0), false,
                    0, error))
      << error;
  auto sa4 = [&](unsigned m, unsigned j) { return ue4m3(sfa4(m, j)); };
  auto sb4 = [&](unsigned c, unsigned j) { return ue4m3(sfb4(c, j)); };
  expectD(
      f, [&](unsigned m, unsigned c) { return f.want(m, c, 4, 0, sa4, sb4); },
      "mxf4nvf4 NaN scales");
  EXPECT_TRUE(std::isnan(f.got(70, 9)));
  EXPECT_TRUE(std::isnan(f.got(11, 2)));
  EXPECT_FALSE(std::isnan(f.got(11, 3)));
}

// Forms that are not valid or not simulated: errors that name the form.
TEST(SimTcgen05, MmaFp4Rejections) {
  Fp4Mma f(16, false, 6);
  f.scales(Fp4Mma::kScaleA, 128, 0, 4, 0, sfaUe8m0);
  f.scales(Fp4Mma::kScaleB, 16, 0, 4, 0, sfbUe8m0);
  uint32_t ue8 = fp4Idesc(16, true, 0, 0), ue4 = fp4Idesc(16, false, 0, 0);
  auto clearTypes = ~(7u << 7 | 7u << 10);
  struct Case {
    ScaledKind kind;
    unsigned vector;
    uint32_t idesc;
    const char *what, *mentions;
  } cases[] = {
      {ScaledKind::Mxf4, 2, ue8 | 1u << 15, "A MN-major", "K-major"},
      {ScaledKind::Mxf4Nvf4, 4, ue4 | 1u << 16, "B MN-major", "K-major"},
      {ScaledKind::Mxf4, 2, fp4Idesc(16, true, 1, 0), "A scale id 1 with 2X",
       "scale factor ids"},
      {ScaledKind::Mxf4Nvf4, 2, fp4Idesc(16, true, 0, 3),
       "B scale id 3 with 2X", "scale factor ids"},
      {ScaledKind::Mxf4Nvf4, 4, fp4Idesc(16, false, 2, 0),
       "A scale id 2 with 4X", "scale factor ids"},
      {ScaledKind::Mxf4, 2, (ue8 & clearTypes) | 5u << 7 | 5u << 10,
       "mxf8f6f4's e2m1 code 5", "type 5"},
      {ScaledKind::Mxf4Nvf4, 4, (ue4 & clearTypes) | 1u << 7, "B type 0 (e4m3)",
       "B type 0"},
      {ScaledKind::Mxf4, 2, ue4, "ue4m3 with mxf4",
       "kind::mxf4.block_scale.scale_vec::2X with ue4m3"},
      {ScaledKind::Mxf4Nvf4, 2, ue4, "ue4m3 with mxf4nvf4 2X",
       "kind::mxf4nvf4.block_scale.scale_vec::2X with ue4m3"},
      {ScaledKind::Mxf4, 4, ue8, "mxf4 with 4X", "scale_vec::4X"},
      {ScaledKind::Mxf8f6f4, 2, ue8, "mxf8f6f4 with 2X", "mxf8f6f4"},
      {ScaledKind::Mxf4, 2, ue8 | 1u << 31, "K size bit", "K size"},
      {ScaledKind::Mxf4Nvf4, 4, ue8 | 1u << 2, "sparse", "sparse"},
      {ScaledKind::Mxf4, 2, (ue8 & ~(31u << 24)) | (64 >> 4) << 24, "M 64",
       "M 64"},
  };
  for (const Case &c : cases) {
    std::string error;
    EXPECT_FALSE(f.run(c.kind, c.vector, c.idesc, false, 0, error)) << c.what;
    EXPECT_NE(error.find(c.mentions), std::string::npos)
        << c.what << ": " << error;
  }
  // Scales that one quadrant lacks.
  std::string error;
  ASSERT_TRUE(f.run(ScaledKind::Mxf4Nvf4, 4, ue8, false, 0, error)) << error;
  f.t.at(96 + 7, Fp4Mma::kScaleB) ^= 1u << 8;
  EXPECT_FALSE(f.run(ScaledKind::Mxf4Nvf4, 4, ue8, false, 0, error));
  EXPECT_NE(error.find("duplicated"), std::string::npos) << error;
}

} // namespace
