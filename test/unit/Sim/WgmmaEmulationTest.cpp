//===- WgmmaEmulationTest.cpp - the simulator's wgmma.mma_async ----------===//
//
// The PTX ISA's wgmma tables: the forms m64nNk16 f16/bf16 (N 8..256 step
// 8), k8 tf32, k32 e4m3/e5m2; the matrix descriptor's fields (address >> 4
// in 14 bits at 0, 16, 32; base offset at 49; swizzle at 62); the K-major
// canonical layouts (core matrices 8 x 16 bytes, LBO along K, SBO along
// the rows; swizzled atoms of 8 span-byte rows); the accumulator fragment
// (thread T of warp w: row 16w + g + 8((i>>1)&1), column 8(i>>2) + 2t +
// (i&1)); A from registers in the m16n8k16 A layout per warp; s8/u8 with
// s32 accumulators (k32, N 8..32 by 8 then by 16, .satfinite clamps).
//
//===----------------------------------------------------------------------===//

#include "wgmma.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

using namespace sim::wgmma;

namespace {

uint16_t f16(int v) { return sim::mma::encodeF16(v); }

TEST(SimWgmma, Forms) {
  auto f = decode("wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16");
  ASSERT_TRUE(f);
  EXPECT_EQ(f->n, 256u);
  EXPECT_EQ(f->a, sim::mma::Type::BF16);
  EXPECT_TRUE(decode("wgmma.mma_async.sync.aligned.m64n8k8.f32.tf32.tf32"));
  EXPECT_TRUE(decode("wgmma.mma_async.sync.aligned.m64n24k32.f32.e4m3.e5m2"));
  EXPECT_FALSE(decode("wgmma.mma_async.sync.aligned.m64n12k16.f32.f16.f16"));
  EXPECT_FALSE(decode("wgmma.mma_async.sync.aligned.m64n264k16.f32.f16.f16"));
  EXPECT_FALSE(decode("wgmma.mma_async.sync.aligned.m64n8k32.f32.f16.f16"));
  EXPECT_FALSE(decode("wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.bf16"));
  // s8/u8 (any pair) with s32 only, k32; N 8..32 by 8, then by 16.
  auto i = decode("wgmma.mma_async.sync.aligned.m64n24k32.s32.s8.u8");
  ASSERT_TRUE(i);
  EXPECT_TRUE(i->integer);
  EXPECT_EQ(i->elementBytes, 1u);
  EXPECT_TRUE(
      decode("wgmma.mma_async.sync.aligned.m64n256k32.satfinite.s32.u8.u8"));
  EXPECT_FALSE(decode("wgmma.mma_async.sync.aligned.m64n40k32.s32.s8.s8"));
  EXPECT_FALSE(decode("wgmma.mma_async.sync.aligned.m64n64k32.f32.s8.s8"));
  EXPECT_FALSE(decode("wgmma.mma_async.sync.aligned.m64n64k32.s32.e4m3.e4m3"));
  EXPECT_FALSE(decode("wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.e4m3"));
  EXPECT_FALSE(
      decode("wgmma.mma_async.sync.aligned.m64n64k16.satfinite.f32.f16.f16"));
}

TEST(SimWgmma, DescriptorFields) {
  uint64_t bits = (0x400 >> 4) | uint64_t(128 >> 4) << 16 |
                  uint64_t(1024 >> 4) << 32 | uint64_t(5) << 49 |
                  uint64_t(1) << 62;
  Descriptor d = decodeDescriptor(bits);
  EXPECT_EQ(d.start, 0x400u);
  EXPECT_EQ(d.lbo, 128u);
  EXPECT_EQ(d.sbo, 1024u);
  EXPECT_EQ(d.baseOffset, 5u);
  EXPECT_EQ(swizzleBytes(d.swizzle), 128u);
  EXPECT_EQ(swizzleBytes(2), 64u);
  EXPECT_EQ(swizzleBytes(3), 32u);
  // Addresses wrap at 18 bits (the field holds bits 4..17).
  EXPECT_EQ(decodeDescriptor(0x3fff).start, 0x3fff0u);
}

TEST(SimWgmma, CanonicalKMajorLayouts) {
  Descriptor none{/*start=*/256, /*lbo=*/128, /*sbo=*/512, 0, 0};
  // Row 9, k 10 (f16): core matrix (1, 1), row 1 in it, byte 4.
  EXPECT_EQ(kMajorOffset(none, 2, 9, 10), 256u + 512 + 128 + 16 + 4);
  Descriptor sw128{0, 0, 1024, 0, 1};
  // Row r of an atom holds its 16-byte chunk c at chunk c ^ (r % 8).
  EXPECT_EQ(kMajorOffset(sw128, 2, 3, 8), 3u * 128 + 16 * (1 ^ 3));
  EXPECT_EQ(kMajorOffset(sw128, 2, 11, 0), 1024u + 3 * 128 + 16 * 3);
  Descriptor sw32{0, 0, 256, 0, 3};
  EXPECT_EQ(kMajorOffset(sw32, 2, 4, 0), 4u * 32 + 16);
}

/// The ISA's MN-major bf16 examples as written there: the CuTe layout
/// ((8, S, 2), (8, 2)) : ((1, 8, LBO), (8S, SBO)) in elements (the
/// no-swizzle one is ((8, 1, 2), (8, 2)) : ((1, 8, SBO), (8, LBO))), then
/// Swizzle<B, 4, 3> on the byte address: bits 4.. ^= bits 7.. (B bits).
uint64_t isaMnMajorByte(unsigned s, unsigned lboEl, unsigned sboEl,
                        unsigned swizzleBits, unsigned mn, unsigned k) {
  uint64_t el;
  if (s == 0)
    el = mn % 8 + (mn / 8) * sboEl + (k % 8) * 8 + (k / 8) * lboEl;
  else
    el = mn % 8 + (mn / 8 % s) * 8 + (mn / (8 * s)) * lboEl + (k % 8) * 8 * s +
         (k / 8) * sboEl;
  uint64_t byte = 2 * el;
  uint64_t mask = (1u << swizzleBits) - 1;
  return byte ^ (((byte >> 7) & mask) << 4);
}

TEST(SimWgmma, CanonicalMnMajorLayoutsOfTheIsaExamples) {
  struct Case {
    unsigned span, code, s, lboEl, sboEl, swizzleBits;
  } cases[] = {
      {0, 0, 0, 128, 64, 0},   // MN-major, no swizzle, bf16
      {32, 3, 2, 128, 256, 1}, // 32B
      {64, 2, 4, 256, 512, 2}, // 64B
  };
  for (const Case &c : cases) {
    Descriptor d{0, 2ull * c.lboEl, 2ull * c.sboEl, 0, c.code};
    unsigned mnExtent = c.s ? 2 * 8 * c.s : 16;
    for (unsigned mn = 0; mn < mnExtent; ++mn)
      for (unsigned k = 0; k < 16; ++k)
        EXPECT_EQ(mnMajorOffset(d, 2, mn, k),
                  isaMnMajorByte(c.s, c.lboEl, c.sboEl, c.swizzleBits, mn, k))
            << "span " << c.span << " mn " << mn << " k " << k;
  }
  // 128B (the ISA's table row; no worked example): K row r of an atom
  // holds its 16-byte MN chunk c at chunk c ^ r.
  Descriptor sw128{0, 8192, 1024, 0, 1};
  EXPECT_EQ(mnMajorOffset(sw128, 2, 8, 3), 3u * 128 + 16 * (1 ^ 3));
  EXPECT_EQ(mnMajorOffset(sw128, 2, 64 + 8, 9), 8192u + 1024 + 128 + 16 * 0);
}

TEST(SimWgmma, TransposedBAgainstTheTable) {
  // B (16 x N) stored N-major with the 128-byte swizzle, 64-column blocks
  // LBO = 16 * 128 bytes apart: wgmma with imm-trans-b 1 must give A B.
  const unsigned n = 128;
  std::vector<int> a(64 * 16), b(16 * n);
  for (unsigned i = 0; i < a.size(); ++i)
    a[i] = int(i * 7 % 9) - 4;
  for (unsigned i = 0; i < b.size(); ++i)
    b[i] = int(i * 5 % 11) - 5;
  Descriptor da{0, 128, 256, 0, 0}, db{4096, 16 * 128, 1024, 0, 1};
  std::vector<unsigned char> shared(4096 + 2 * 16 * 128, 0);
  auto put = [&](uint64_t at, int v) {
    uint16_t h = f16(v);
    memcpy(&shared[at], &h, 2);
  };
  for (unsigned r = 0; r < 64; ++r)
    for (unsigned k = 0; k < 16; ++k)
      put(kMajorOffset(da, 2, r, k), a[r * 16 + k]);
  for (unsigned k = 0; k < 16; ++k)
    for (unsigned col = 0; col < n; ++col)
      put(isaMnMajorByte(8, 16 * 64, 512, 3, col, k) + 4096, b[k * n + col]);
  auto instr = decode("wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16");
  ASSERT_TRUE(instr);
  Operands ops;
  ops.shared = shared.data();
  ops.sharedBytes = shared.size();
  ops.descA = da.start >> 4 | (da.lbo >> 4) << 16 | (da.sbo >> 4) << 32;
  ops.descB = db.start >> 4 | (db.lbo >> 4) << 16 | (db.sbo >> 4) << 32 |
              uint64_t(1) << 62;
  ops.transB = true;
  ops.scaleD = false;
  std::vector<uint32_t> c(n / 2), d(n / 2);
  std::string error;
  for (unsigned t : {0u, 33u, 127u}) {
    ASSERT_TRUE(compute(*instr, ops, t, c.data(), d.data(), error)) << error;
    for (unsigned i = 0; i < n / 2; ++i) {
      unsigned row, col;
      fragmentPosition(t, i, row, col);
      float want = 0, got;
      for (unsigned k = 0; k < 16; ++k)
        want += float(a[row * 16 + k] * b[k * n + col]);
      memcpy(&got, &d[i], 4);
      EXPECT_EQ(got, want) << "thread " << t << " element " << i;
    }
  }
}

TEST(SimWgmma, AccumulatorFragment) {
  unsigned row, column;
  fragmentPosition(0, 0, row, column);
  EXPECT_EQ(row, 0u);
  EXPECT_EQ(column, 0u);
  fragmentPosition(32 * 2 + 4 * 5 + 3, 7, row, column); // w 2, g 5, t 3
  EXPECT_EQ(row, 32u + 5 + 8);
  EXPECT_EQ(column, 8u + 6 + 1);
  // Every (row, column) of a 64 x N tile is owned exactly once.
  for (unsigned n : {8u, 24u, 256u}) {
    std::vector<int> owners(64 * n, 0);
    for (unsigned t = 0; t < 128; ++t)
      for (unsigned i = 0; i < n / 2; ++i) {
        fragmentPosition(t, i, row, column);
        ASSERT_LT(column, n);
        ++owners[row * n + column];
      }
    for (int o : owners)
      EXPECT_EQ(o, 1);
  }
}

/// A (64 x 16) and B (N x 16, K-major) f16 in no-swizzle core matrices.
struct Tiles {
  unsigned n;
  std::vector<int> a, b;
  std::vector<unsigned char> shared;
  Descriptor da{0, 128, 256, 0, 0}, db;
  explicit Tiles(unsigned n) : n(n), a(64 * 16), b(n * 16) {
    for (unsigned i = 0; i < a.size(); ++i)
      a[i] = int(i * 7 % 9) - 4;
    for (unsigned i = 0; i < b.size(); ++i)
      b[i] = int(i * 5 % 7) - 3;
    db = {2048, 128, 256, 0, 0};
    shared.assign(2048 + n * 32, 0);
    for (unsigned r = 0; r < 64; ++r)
      for (unsigned k = 0; k < 16; ++k)
        put(kMajorOffset(da, 2, r, k), f16(a[r * 16 + k]));
    for (unsigned r = 0; r < n; ++r)
      for (unsigned k = 0; k < 16; ++k)
        put(kMajorOffset(db, 2, r, k), f16(b[r * 16 + k]));
  }
  void put(uint64_t at, uint16_t v) { memcpy(&shared[at], &v, 2); }
  uint64_t bits(const Descriptor &d) const {
    return d.start >> 4 | (d.lbo >> 4) << 16 | (d.sbo >> 4) << 32;
  }
  float dot(unsigned row, unsigned col) const {
    float s = 0;
    for (unsigned k = 0; k < 16; ++k)
      s += a[row * 16 + k] * b[col * 16 + k];
    return s;
  }
};

TEST(SimWgmma, ComputeAgainstTheTable) {
  for (unsigned n : {8u, 16u, 48u, 256u}) {
    Tiles tiles(n);
    auto instr = decode("wgmma.mma_async.sync.aligned.m64n" +
                        std::to_string(n) + "k16.f32.f16.f16");
    ASSERT_TRUE(instr);
    Operands ops;
    ops.shared = tiles.shared.data();
    ops.sharedBytes = tiles.shared.size();
    ops.descA = tiles.bits(tiles.da);
    ops.descB = tiles.bits(tiles.db);
    ops.scaleA = -1; // D = -A B + C
    for (unsigned t = 0; t < 128; t += 37) {
      std::vector<uint32_t> c(n / 2), d(n / 2);
      for (unsigned i = 0; i < n / 2; ++i) {
        float v = float(i);
        memcpy(&c[i], &v, 4);
      }
      std::string error;
      ASSERT_TRUE(compute(*instr, ops, t, c.data(), d.data(), error)) << error;
      for (unsigned i = 0; i < n / 2; ++i) {
        unsigned row, col;
        fragmentPosition(t, i, row, col);
        float got;
        memcpy(&got, &d[i], 4);
        EXPECT_EQ(got, float(i) - tiles.dot(row, col))
            << "n " << n << " thread " << t << " element " << i;
      }
    }
  }
}

TEST(SimWgmma, RegisterAAndScaleD) {
  Tiles tiles(8);
  auto instr = decode("wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16");
  // The m16n8k16 A registers of each warp: reg j of lane (g, t) holds
  // (g + 8 (j % 2), 2t + 8 (j / 2)) and the next column.
  static uint32_t regs[128][4];
  for (unsigned t = 0; t < 128; ++t)
    for (unsigned j = 0; j < 4; ++j) {
      unsigned row = 16 * (t / 32) + (t % 32) / 4 + 8 * (j % 2);
      unsigned col = 2 * (t % 4) + 8 * (j / 2);
      regs[t][j] = f16(tiles.a[row * 16 + col]) |
                   uint32_t(f16(tiles.a[row * 16 + col + 1])) << 16;
    }
  Operands ops;
  ops.shared = tiles.shared.data();
  ops.sharedBytes = tiles.shared.size();
  ops.descB = tiles.bits(tiles.db);
  ops.aRegisters = regs;
  ops.scaleD = false; // C is ignored
  std::vector<uint32_t> c(4, 0x7fc00000u), d(4);
  std::string error;
  for (unsigned t : {0u, 45u, 127u}) {
    ASSERT_TRUE(compute(*instr, ops, t, c.data(), d.data(), error));
    for (unsigned i = 0; i < 4; ++i) {
      unsigned row, col;
      fragmentPosition(t, i, row, col);
      float got;
      memcpy(&got, &d[i], 4);
      EXPECT_EQ(got, tiles.dot(row, col));
    }
  }
  ops.sharedBytes = 2048 + 100; // B no longer fits
  EXPECT_FALSE(compute(*instr, ops, 0, c.data(), d.data(), error));
  EXPECT_NE(error.find("outside"), std::string::npos);
}

/// s8 x u8 -> s32, K-major without swizzle (core matrices of 8 rows x 16
/// bytes: LBO = 128 between the two K halves, SBO = 256 between 8-row
/// groups): exact sums, C added, wrapping or, with .satfinite, clamping.
TEST(SimWgmma, IntegerKMajor) {
  const unsigned n = 16;
  std::vector<unsigned char> shared(8192);
  auto at = [](unsigned base, unsigned row, unsigned k) {
    return base + row / 8 * 256 + k / 16 * 128 + row % 8 * 16 + k % 16;
  };
  auto a = [](unsigned m, unsigned k) {
    return int(m * 7 + k * 3) % 256 - 128;
  };
  auto b = [](unsigned n, unsigned k) { return int(n * 11 + k * 5) % 256; };
  for (unsigned k = 0; k < 32; ++k) {
    for (unsigned m = 0; m < 64; ++m)
      shared[at(0, m, k)] = uint8_t(a(m, k));
    for (unsigned j = 0; j < n; ++j)
      shared[at(4096, j, k)] = uint8_t(b(j, k));
  }
  auto desc = [](uint64_t start) {
    return start >> 4 | uint64_t(128 >> 4) << 16 | uint64_t(256 >> 4) << 32;
  };
  Operands ops;
  ops.shared = shared.data();
  ops.sharedBytes = shared.size();
  ops.descA = desc(0);
  ops.descB = desc(4096);
  for (bool saturate : {false, true}) {
    auto instr = decode(std::string("wgmma.mma_async.sync.aligned.m64n16k32") +
                        (saturate ? ".satfinite" : "") + ".s32.s8.u8");
    ASSERT_TRUE(instr);
    for (unsigned t : {0u, 33u, 127u}) {
      std::vector<uint32_t> c(n / 2, uint32_t(INT32_MAX - 5)), d(n / 2);
      c[1] = 100;
      std::string error;
      ASSERT_TRUE(compute(*instr, ops, t, c.data(), d.data(), error)) << error;
      for (unsigned i = 0; i < n / 2; ++i) {
        unsigned row, col;
        fragmentPosition(t, i, row, col);
        int64_t sum = int64_t(int32_t(c[i]));
        for (unsigned k = 0; k < 32; ++k)
          sum += a(row, k) * b(col, k);
        int64_t want = saturate ? std::clamp<int64_t>(sum, INT32_MIN, INT32_MAX)
                                : int64_t(int32_t(uint32_t(sum)));
        EXPECT_EQ(int32_t(d[i]), want) << "thread " << t << " element " << i;
      }
    }
  }
}

} // namespace
