//===- WgmmaEmulationTest.cpp - the simulator's wgmma.mma_async ----------===//
//
// The PTX ISA's wgmma tables: the forms m64nNk16 f16/bf16 (N 8..256 step
// 8), k8 tf32, k32 e4m3/e5m2; the matrix descriptor's fields (address >> 4
// in 14 bits at 0, 16, 32; base offset at 49; swizzle at 62); the K-major
// canonical layouts (core matrices 8 x 16 bytes, LBO along K, SBO along
// the rows; swizzled atoms of 8 span-byte rows); the accumulator fragment
// (thread T of warp w: row 16w + g + 8((i>>1)&1), column 8(i>>2) + 2t +
// (i&1)); A from registers in the m16n8k16 A layout per warp.
//
//===----------------------------------------------------------------------===//

#include "wgmma.h"

#include "gtest/gtest.h"

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

} // namespace
