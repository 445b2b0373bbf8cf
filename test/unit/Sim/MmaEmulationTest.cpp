//===- MmaEmulationTest.cpp - the simulator's mma.sync vs the PTX ISA -----===//
//
// Fragments are distributed with the PTX ISA's ownership tables, written
// here forwards (lane and element -> row and column) while mma.cpp inverts
// them; every lane's D is gathered back and compared with a plain matrix
// product of the same values.
//
//===----------------------------------------------------------------------===//

#include "mma.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

using namespace sim::mma;

namespace {

struct Element {
  unsigned row, column;
};

// The tables, forwards. Element i of lane L, g = L / 4, t = L % 4.
Element aTable(Type type, unsigned lane, unsigned i) {
  unsigned g = lane / 4, t = lane % 4;
  if (type == Type::TF32)
    return {g + 8 * (i % 2), t + 4 * (i / 2)};
  if (type == Type::F16 || type == Type::BF16)
    return {g + 8 * ((i / 2) % 2), 2 * t + i % 2 + 8 * (i / 4)};
  return {g + 8 * ((i / 4) % 2), 4 * t + i % 4 + 16 * (i / 8)};
}

Element bTable(Type type, unsigned lane, unsigned i) {
  unsigned g = lane / 4, t = lane % 4;
  if (type == Type::TF32)
    return {t + 4 * i, g};
  if (type == Type::F16 || type == Type::BF16)
    return {2 * t + i % 2 + 8 * (i / 2), g};
  return {4 * t + i % 4 + 16 * (i / 4), g};
}

Element cTable(unsigned lane, unsigned i) {
  return {lane / 4 + 8 * (i / 2), 2 * (lane % 4) + i % 2};
}

unsigned bits(Type type) {
  return type == Type::TF32                        ? 32
         : type == Type::F16 || type == Type::BF16 ? 16
                                                   : 8;
}

/// Random bit patterns of small exactly-representable values.
uint32_t randomBits(Type type, std::mt19937 &rng) {
  int v = int(rng() % 9) - 4; // -4..4
  switch (type) {
  case Type::F16: // v as half: sign, exponent, mantissa of |v|
  case Type::BF16:
  case Type::TF32:
  case Type::E4M3:
  case Type::E5M2: {
    if (v == 0)
      return 0;
    float f = float(v) * 0.5f;
    uint32_t u;
    std::memcpy(&u, &f, 4);
    if (type == Type::TF32)
      return u;
    if (type == Type::BF16)
      return u >> 16;
    // Re-encode sign/exponent/mantissa (|f| is 0.5 .. 2, so normal).
    int exponent = int((u >> 23) & 0xff) - 127;
    uint32_t sign = u >> 31, mantissa = u & 0x7fffff;
    if (type == Type::F16)
      return sign << 15 | uint32_t(exponent + 15) << 10 | mantissa >> 13;
    if (type == Type::E4M3)
      return sign << 7 | uint32_t(exponent + 7) << 3 | mantissa >> 20;
    return sign << 7 | uint32_t(exponent + 15) << 2 | mantissa >> 21;
  }
  case Type::S8:
    return uint32_t(int8_t(v * 30)) & 0xff;
  case Type::U8:
    return uint32_t(rng() % 256);
  case Type::E2M1Byte: // a code in bits 2-5
    return uint32_t(rng() % 16) << 2;
  case Type::F64:  // 64-bit registers: see runF64
  case Type::E2M1: // 4-bit: see checkFp4
    break;
  }
  return 0;
}

void check(const std::string &name, Type a, Type b, unsigned k) {
  std::optional<Instr> instr = decode(name);
  ASSERT_TRUE(instr) << name;
  EXPECT_EQ(instr->k, k);
  EXPECT_EQ(instr->a, a);
  EXPECT_EQ(instr->b, b);
  std::mt19937 rng(k * 7 + unsigned(a) * 3 + unsigned(b));
  std::vector<uint32_t> matA(16 * k), matB(k * 8);
  std::vector<double> matC(16 * 8);
  for (auto &x : matA)
    x = randomBits(a, rng);
  for (auto &x : matB)
    x = randomBits(b, rng);
  for (auto &x : matC)
    x = instr->intAccumulator ? double(int(rng() % 2001) - 1000)
                              : double(int(rng() % 17) - 8) * 0.25;

  LaneFragments lanes[32] = {};
  const LaneFragments *pointers[32];
  for (unsigned lane = 0; lane < 32; ++lane) {
    pointers[lane] = &lanes[lane];
    unsigned bAt = instr->aWords, cAt = instr->aWords + instr->bWords;
    for (unsigned i = 0; i < instr->aWords * 32 / bits(a); ++i) {
      Element e = aTable(a, lane, i);
      unsigned per = 32 / bits(a);
      lanes[lane].words[i / per] |= matA[e.row * k + e.column]
                                    << (bits(a) * (i % per));
    }
    for (unsigned i = 0; i < instr->bWords * 32 / bits(b); ++i) {
      Element e = bTable(b, lane, i);
      unsigned per = 32 / bits(b);
      lanes[lane].words[bAt + i / per] |= matB[e.row * 8 + e.column]
                                          << (bits(b) * (i % per));
    }
    for (unsigned i = 0; i < kCWords; ++i) {
      Element e = cTable(lane, i);
      double c = matC[e.row * 8 + e.column];
      uint32_t word;
      if (instr->intAccumulator) {
        word = uint32_t(int32_t(c));
      } else {
        float f = float(c);
        std::memcpy(&word, &f, 4);
      }
      lanes[lane].words[cAt + i] = word;
    }
  }
  for (unsigned lane = 0; lane < 32; ++lane) {
    uint32_t d[kCWords];
    compute(*instr, pointers, lane, d);
    for (unsigned i = 0; i < kCWords; ++i) {
      Element e = cTable(lane, i);
      double expected = matC[e.row * 8 + e.column];
      for (unsigned kk = 0; kk < k; ++kk)
        expected += double(decodeElement(a, matA[e.row * k + kk])) *
                    double(decodeElement(b, matB[kk * 8 + e.column]));
      if (instr->intAccumulator) {
        EXPECT_EQ(int32_t(d[i]), int32_t(expected))
            << name << " lane " << lane << " d" << i;
      } else {
        float got;
        std::memcpy(&got, &d[i], 4);
        EXPECT_EQ(got, float(expected))
            << name << " lane " << lane << " d" << i;
      }
    }
  }
}

TEST(SimMma, F16) {
  check("mma.m16n8k16.row.col.f32.f32", Type::F16, Type::F16, 16);
}
TEST(SimMma, F16K8) { // sm_75's shape: A regs 0, 1 and B reg 0 of k16
  check("mma.m16n8k8.row.col.f32.f32", Type::F16, Type::F16, 8);
}
TEST(SimMma, BF16) {
  check("mma.m16n8k16.row.col.bf16", Type::BF16, Type::BF16, 16);
}
TEST(SimMma, TF32) {
  check("mma.m16n8k8.row.col.tf32", Type::TF32, Type::TF32, 8);
}
TEST(SimMma, S8) { check("mma.m16n8k32.row.col.s8", Type::S8, Type::S8, 32); }
TEST(SimMma, U8S8) {
  check("mma.m16n8k32.row.col.u8.s8", Type::U8, Type::S8, 32);
}
TEST(SimMma, Fp8) {
  check("mma.m16n8k32.row.col.f32.e4m3.e5m2.f32", Type::E4M3, Type::E5M2, 32);
  check("mma.m16n8k32.row.col.f32.e5m2.e5m2.f32", Type::E5M2, Type::E5M2, 32);
}

TEST(SimMma, U8) {
  check("mma.m16n8k32.row.col.u8", Type::U8, Type::U8, 32);
  check("mma.m16n8k32.row.col.s8.u8", Type::S8, Type::U8, 32);
}
TEST(SimMma, Fp8Pairs) {
  check("mma.m16n8k32.row.col.f32.e4m3.e4m3.f32", Type::E4M3, Type::E4M3, 32);
  check("mma.m16n8k32.row.col.f32.e5m2.e4m3.f32", Type::E5M2, Type::E4M3, 32);
}

// m8n8k4 f64, forwards: a0 of lane L is A(g, t), b0 is B(t, g), c0 and c1
// are C(g, 2t) and C(g, 2t + 1).
struct F64Case {
  double a[8][4], b[4][8], c[8][8];
};

std::vector<uint32_t> f64Words(double x) {
  uint64_t bits;
  std::memcpy(&bits, &x, 8);
  return {uint32_t(bits), uint32_t(bits >> 32)};
}

/// D of every lane, gathered into an 8x8 matrix.
void runF64(const F64Case &m, double d[8][8]) {
  std::optional<Instr> instr = decode("mma.m8n8k4.row.col.f64");
  ASSERT_TRUE(instr);
  EXPECT_EQ(instr->m, 8u);
  EXPECT_EQ(instr->k, 4u);
  LaneFragments lanes[32] = {};
  const LaneFragments *pointers[32];
  for (unsigned lane = 0; lane < 32; ++lane) {
    unsigned g = lane / 4, t = lane % 4;
    pointers[lane] = &lanes[lane];
    std::vector<uint32_t> words;
    for (double x : {m.a[g][t], m.b[t][g], m.c[g][2 * t], m.c[g][2 * t + 1]})
      for (uint32_t w : f64Words(x))
        words.push_back(w);
    std::copy(words.begin(), words.end(), lanes[lane].words);
  }
  for (unsigned lane = 0; lane < 32; ++lane) {
    uint32_t out[kCWords];
    compute(*instr, pointers, lane, out);
    unsigned g = lane / 4, t = lane % 4;
    std::memcpy(&d[g][2 * t], &out[0], 8);
    std::memcpy(&d[g][2 * t + 1], &out[2], 8);
  }
}

TEST(SimMma, F64Exact) {
  F64Case m;
  std::mt19937 rng(64);
  for (auto &row : m.a)
    for (double &x : row)
      x = double(int(rng() % 41) - 20) * 0.125;
  for (auto &row : m.b)
    for (double &x : row)
      x = double(int(rng() % 41) - 20) * 0.5;
  for (auto &row : m.c)
    for (double &x : row)
      x = double(int(rng() % 201) - 100);
  double d[8][8];
  runF64(m, d);
  for (unsigned i = 0; i < 8; ++i)
    for (unsigned j = 0; j < 8; ++j) {
      double expected = m.c[i][j];
      for (unsigned k = 0; k < 4; ++k)
        expected += m.a[i][k] * m.b[k][j];
      EXPECT_EQ(d[i][j], expected) << "D(" << i << ", " << j << ")";
    }
}

TEST(SimMma, F64Rounded) { // inexact sums: within a few ulps of the exact one
  F64Case m;
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (auto &row : m.a)
    for (double &x : row)
      x = u(rng);
  for (auto &row : m.b)
    for (double &x : row)
      x = u(rng);
  for (auto &row : m.c)
    for (double &x : row)
      x = u(rng);
  double d[8][8];
  runF64(m, d);
  for (unsigned i = 0; i < 8; ++i)
    for (unsigned j = 0; j < 8; ++j) {
      long double expected = m.c[i][j], magnitude = std::fabs(m.c[i][j]);
      for (unsigned k = 0; k < 4; ++k) {
        expected += (long double)m.a[i][k] * m.b[k][j];
        magnitude += std::fabs((long double)m.a[i][k] * m.b[k][j]);
      }
      EXPECT_NEAR(d[i][j], double(expected), double(magnitude) * 1e-15)
          << "D(" << i << ", " << j << ")";
    }
}

// m8n8k16 s8/u8 (sm_75), forwards: byte i of lane L's A register is
// A(g, 4t + i), of its B register B(4t + i, g); c_i is C(g, 2t + i).
void checkM8N8K16(const std::string &name, bool signedA, bool signedB,
                  bool saturate) {
  std::optional<Instr> instr = decode(name);
  ASSERT_TRUE(instr) << name;
  EXPECT_EQ(instr->m, 8u);
  EXPECT_EQ(instr->cWords, 2u);
  EXPECT_EQ(instr->saturate, saturate);
  std::mt19937 rng(16);
  int a[8][16], b[16][8], c[8][8];
  for (auto &row : a)
    for (int &x : row)
      x = signedA ? int(int8_t(rng())) : int(uint8_t(rng()));
  for (auto &row : b)
    for (int &x : row)
      x = signedB ? int(int8_t(rng())) : int(uint8_t(rng()));
  for (auto &row : c)
    for (int &x : row)
      x = int(rng() % 2001) - 1000;
  c[0][0] = 2147483000; // overflows: wraps, or saturates with .satfinite
  LaneFragments lanes[32] = {};
  const LaneFragments *pointers[32];
  for (unsigned lane = 0; lane < 32; ++lane) {
    unsigned g = lane / 4, t = lane % 4;
    pointers[lane] = &lanes[lane];
    for (unsigned i = 0; i < 4; ++i) {
      lanes[lane].words[0] |= uint32_t(uint8_t(a[g][4 * t + i])) << (8 * i);
      lanes[lane].words[1] |= uint32_t(uint8_t(b[4 * t + i][g])) << (8 * i);
    }
    lanes[lane].words[2] = uint32_t(c[g][2 * t]);
    lanes[lane].words[3] = uint32_t(c[g][2 * t + 1]);
  }
  for (unsigned lane = 0; lane < 32; ++lane) {
    uint32_t d[kCWords];
    compute(*instr, pointers, lane, d);
    unsigned g = lane / 4, t = lane % 4;
    for (unsigned i = 0; i < 2; ++i) {
      int64_t sum = c[g][2 * t + i];
      for (unsigned k = 0; k < 16; ++k)
        sum += int64_t(a[g][k]) * b[k][2 * t + i];
      int32_t expected =
          saturate ? int32_t(std::clamp<int64_t>(sum, INT32_MIN, INT32_MAX))
                   : int32_t(uint32_t(sum));
      EXPECT_EQ(int32_t(d[i]), expected) << name << " lane " << lane;
    }
  }
}

TEST(SimMma, M8N8K16) {
  checkM8N8K16("mma.m8n8k16.row.col.s8", true, true, false);
  checkM8N8K16("mma.m8n8k16.row.col.u8", false, false, false);
  checkM8N8K16("mma.m8n8k16.row.col.s8.u8", true, false, false);
  checkM8N8K16("mma.m8n8k16.row.col.u8.s8", false, true, false);
  checkM8N8K16("mma.m8n8k16.row.col.satfinite.s8", true, true, true);
  checkM8N8K16("mma.m8n8k16.row.col.satfinite.u8", false, false, true);
  checkM8N8K16("mma.m8n8k16.row.col.satfinite.s8.u8", true, false, true);
  checkM8N8K16("mma.m8n8k16.row.col.satfinite.u8.s8", false, true, true);
}

// Block-scaled m16n8k32 (kind::mxf8f6f4, scale_vec::1X, ue8m0), forwards
// from the PTX ISA's block-scaling section: scale_A is 16 x 1, the lanes
// with lane % 4 = 2 threadIdA + h (h = 0, 1) give rows lane / 4 + 8h;
// scale_B is 1 x 8, the lanes with lane % 4 = threadIdB give column
// lane / 4; each from byte byteId of its scale register. A, B, C and D are
// the unscaled fp8 form's fragments. D(m, n) = C(m, n) + sum over k of
// A(m, k) 2^(SFA[m] - 127) B(k, n) 2^(SFB[n] - 127); SF = 0xff is NaN.

// The names, whole (test/Sim/Inputs/coverage_check.py looks for each).
// clang-format off
const char *const kBlockScaleE4m3E4m3 = "mma.block.scale.m16n8k32.row.col.mxf8f6f4.scale.1x.f32.e4m3.e4m3.f32.ue8m0";
const char *const kBlockScaleE4m3E5m2 = "mma.block.scale.m16n8k32.row.col.mxf8f6f4.scale.1x.f32.e4m3.e5m2.f32.ue8m0";
const char *const kBlockScaleE5m2E4m3 = "mma.block.scale.m16n8k32.row.col.mxf8f6f4.scale.1x.f32.e5m2.e4m3.f32.ue8m0";
const char *const kBlockScaleE5m2E5m2 = "mma.block.scale.m16n8k32.row.col.mxf8f6f4.scale.1x.f32.e5m2.e5m2.f32.ue8m0";
// clang-format on

struct BlockScaleCase {
  const char *name;
  Type a, b;
  unsigned byteIdA, threadIdA, byteIdB, threadIdB;
  int nanRow = -1, nanColumn = -1; // a scale of 0xff
};

double ue8m0Reference(uint8_t e) {
  return e == 255 ? std::numeric_limits<double>::quiet_NaN()
                  : std::ldexp(1.0, int(e) - 127);
}

void checkBlockScale(const BlockScaleCase &test) {
  std::optional<Instr> instr = decode(test.name);
  ASSERT_TRUE(instr) << test.name;
  EXPECT_TRUE(instr->blockScale);
  EXPECT_EQ(instr->k, 32u);
  EXPECT_EQ(instr->a, test.a);
  EXPECT_EQ(instr->b, test.b);
  EXPECT_EQ(instr->operandWords(), 16u);
  std::mt19937 rng(test.byteIdA * 64 + test.threadIdA * 16 + test.byteIdB * 4 +
                   test.threadIdB);
  std::vector<uint32_t> matA(16 * 32), matB(32 * 8);
  for (auto &x : matA)
    x = randomBits(test.a, rng);
  for (auto &x : matB)
    x = randomBits(test.b, rng);
  // Distinct scales per row and column, from 2^-126 (1) to 2^127 (254).
  static const int rowExponents[16] = {0,   1,  -1,  5,  -7,  12,  -20,  33,
                                       -45, 60, -64, 90, -99, 127, -126, 7};
  static const int columnExponents[8] = {0, -3, 4, -11, 17, -30, 41, -60};
  uint8_t sfa[16], sfb[8];
  for (unsigned m = 0; m < 16; ++m)
    sfa[m] = uint8_t(rowExponents[m] + 127);
  for (unsigned n = 0; n < 8; ++n)
    sfb[n] = uint8_t(columnExponents[n] + 127);
  if (test.nanRow >= 0)
    sfa[test.nanRow] = 0xff;
  if (test.nanColumn >= 0)
    sfb[test.nanColumn] = 0xff;
  // C of the scaled product's magnitude where that is a normal f32 (so that
  // neither hides the other), else small.
  std::vector<double> matC(16 * 8);
  for (unsigned m = 0; m < 16; ++m)
    for (unsigned n = 0; n < 8; ++n) {
      int exponent = rowExponents[m] + columnExponents[n];
      double v = double(int(rng() % 17) - 8) * 0.25;
      matC[m * 8 + n] =
          exponent > -120 && exponent < 120 ? std::ldexp(v, exponent) : v;
    }

  LaneFragments lanes[32] = {};
  const LaneFragments *pointers[32];
  for (unsigned lane = 0; lane < 32; ++lane) {
    LaneFragments &l = lanes[lane];
    pointers[lane] = &l;
    for (unsigned i = 0; i < 16; ++i) {
      Element e = aTable(test.a, lane, i);
      l.words[i / 4] |= matA[e.row * 32 + e.column] << (8 * (i % 4));
    }
    for (unsigned i = 0; i < 8; ++i) {
      Element e = bTable(test.b, lane, i);
      l.words[4 + i / 4] |= matB[e.row * 8 + e.column] << (8 * (i % 4));
    }
    for (unsigned i = 0; i < 4; ++i) {
      Element e = cTable(lane, i);
      float f = float(matC[e.row * 8 + e.column]);
      std::memcpy(&l.words[6 + i], &f, 4);
    }
    // Scale registers: garbage (0xff included) wherever the selectors do
    // not point, so that reading another lane or byte shows.
    l.scaleA = uint32_t(rng());
    l.scaleB = uint32_t(rng());
    unsigned g = lane / 4, t = lane % 4;
    if (t / 2 == test.threadIdA) {
      unsigned row = g + 8 * (t % 2);
      l.scaleA = (l.scaleA & ~(0xffu << (8 * test.byteIdA))) |
                 uint32_t(sfa[row]) << (8 * test.byteIdA);
    }
    if (t == test.threadIdB)
      l.scaleB = (l.scaleB & ~(0xffu << (8 * test.byteIdB))) |
                 uint32_t(sfb[g]) << (8 * test.byteIdB);
    l.byteIdA = test.byteIdA;
    l.threadIdA = test.threadIdA;
    l.byteIdB = test.byteIdB;
    l.threadIdB = test.threadIdB;
  }
  EXPECT_FALSE(checkScaleSelectors(*instr, pointers));

  unsigned nans = 0, finite = 0;
  for (unsigned lane = 0; lane < 32; ++lane) {
    uint32_t d[kCWords];
    compute(*instr, pointers, lane, d);
    for (unsigned i = 0; i < kCWords; ++i) {
      Element e = cTable(lane, i);
      unsigned m = e.row, n = e.column;
      double scale = ue8m0Reference(sfa[m]) * ue8m0Reference(sfb[n]);
      double products = 0;
      for (unsigned k = 0; k < 32; ++k)
        products += double(decodeElement(test.a, matA[m * 32 + k])) * scale *
                    double(decodeElement(test.b, matB[k * 8 + n]));
      float expected = float(products + matC[m * 8 + n]);
      float got;
      std::memcpy(&got, &d[i], 4);
      if (int(m) == test.nanRow || int(n) == test.nanColumn) {
        EXPECT_TRUE(std::isnan(got))
            << test.name << " D(" << m << ", " << n << ") = " << got;
        ++nans;
        continue;
      }
      EXPECT_EQ(got, expected) << test.name << " D(" << m << ", " << n
                               << "), lane " << lane << " d" << i;
      finite += std::isfinite(got) && got != 0;
    }
  }
  EXPECT_EQ(nans, (test.nanRow >= 0 ? 8u : 0u) +
                      (test.nanColumn >= 0 ? 16u : 0u) -
                      (test.nanRow >= 0 && test.nanColumn >= 0 ? 1u : 0u));
  EXPECT_GT(finite, 100u); // most elements are ordinary numbers
}

// Cases: types, byteIdA, threadIdA, byteIdB, threadIdB[, NaN row, column].
TEST(SimMma, BlockScaleE4m3) {
  checkBlockScale({kBlockScaleE4m3E4m3, Type::E4M3, Type::E4M3, 0, 1, 3, 2});
}

TEST(SimMma, BlockScaleMixed) {
  checkBlockScale({kBlockScaleE4m3E5m2, Type::E4M3, Type::E5M2, 3, 0, 0, 0});
  checkBlockScale({kBlockScaleE5m2E4m3, Type::E5M2, Type::E4M3, 3, 1, 1, 3});
}

TEST(SimMma, BlockScaleNaN) { // a scale of 0xff: its row or column is NaN
  checkBlockScale({kBlockScaleE5m2E5m2, Type::E5M2, Type::E5M2, 2, 1, 1, 2, 9});
  checkBlockScale(
      {kBlockScaleE4m3E4m3, Type::E4M3, Type::E4M3, 0, 0, 3, 1, 2, 5});
}

TEST(SimMma, BlockScaleDefaultVectorSize) { // mxf8f6f4: 1X by default
  checkBlockScale({"mma.block.scale.m16n8k32.row.col.mxf8f6f4.f32.e5m2.e4m3."
                   "f32.ue8m0",
                   Type::E5M2, Type::E4M3, 1, 1, 2, 2});
}

// Which lane gives which scale, by hand from the ISA's table: scale_A with
// threadIdA 1 is T2 (row 0), T3 (row 8), T6 (row 1), ..., T31 (row 15);
// with 0, T0, T1, T4, ...; scale_B with threadIdB 2 is T2 (column 0), T6,
// ..., T30 (column 7). Not the accumulator's lanes (row g from 4g..4g+3).
TEST(SimMma, BlockScaleLanes) {
  LaneFragments lanes[32] = {};
  const LaneFragments *pointers[32];
  for (unsigned lane = 0; lane < 32; ++lane) {
    pointers[lane] = &lanes[lane];
    // Byte j of each register: 40j + lane, telling lane and byte apart.
    for (unsigned j = 0; j < 4; ++j) {
      lanes[lane].scaleA |= uint32_t(40 * j + lane) << (8 * j);
      lanes[lane].scaleB |= uint32_t(40 * j + lane) << (8 * j);
    }
    lanes[lane].threadIdA = 1;
    lanes[lane].byteIdA = 0;
    lanes[lane].threadIdB = 2;
    lanes[lane].byteIdB = 3;
  }
  EXPECT_EQ(scaleByteA(pointers, 0), 2);
  EXPECT_EQ(scaleByteA(pointers, 8), 3);
  EXPECT_EQ(scaleByteA(pointers, 1), 6);
  EXPECT_EQ(scaleByteA(pointers, 9), 7);
  EXPECT_EQ(scaleByteA(pointers, 7), 30);
  EXPECT_EQ(scaleByteA(pointers, 15), 31);
  EXPECT_EQ(scaleByteB(pointers, 0), 120 + 2);
  EXPECT_EQ(scaleByteB(pointers, 1), 120 + 6);
  EXPECT_EQ(scaleByteB(pointers, 7), 120 + 30);
  for (LaneFragments &l : lanes) {
    l.threadIdA = 0;
    l.byteIdA = 3;
    l.threadIdB = 0;
    l.byteIdB = 1;
  }
  EXPECT_EQ(scaleByteA(pointers, 0), 120 + 0);
  EXPECT_EQ(scaleByteA(pointers, 8), 120 + 1);
  EXPECT_EQ(scaleByteA(pointers, 7), 120 + 28);
  EXPECT_EQ(scaleByteA(pointers, 15), 120 + 29);
  EXPECT_EQ(scaleByteB(pointers, 3), 40 + 12);
  EXPECT_EQ(decodeUe8m0(127), 1.0);
  EXPECT_EQ(decodeUe8m0(0), std::ldexp(1.0, -127));
  EXPECT_EQ(decodeUe8m0(254), std::ldexp(1.0, 127));
  EXPECT_TRUE(std::isnan(decodeUe8m0(255)));
}

TEST(SimMma, BlockScaleSelectorsAgree) {
  std::optional<Instr> instr = decode(kBlockScaleE4m3E4m3);
  ASSERT_TRUE(instr);
  LaneFragments lanes[32] = {};
  const LaneFragments *pointers[32];
  for (unsigned lane = 0; lane < 32; ++lane) {
    pointers[lane] = &lanes[lane];
    lanes[lane].byteIdA = 3;
    lanes[lane].threadIdA = 1;
    lanes[lane].byteIdB = 3;
    lanes[lane].threadIdB = 3;
  }
  EXPECT_FALSE(checkScaleSelectors(*instr, pointers));
  lanes[17].threadIdB = 2; // lanes disagree
  EXPECT_TRUE(checkScaleSelectors(*instr, pointers));
  lanes[17].threadIdB = 3;
  for (LaneFragments &l : lanes)
    l.threadIdA = 2; // out of range: 16 rows, two lanes per quad
  EXPECT_TRUE(checkScaleSelectors(*instr, pointers));
  for (LaneFragments &l : lanes) {
    l.threadIdA = 0;
    l.byteIdB = 4;
  }
  EXPECT_TRUE(checkScaleSelectors(*instr, pointers));
  // Unscaled forms have no selectors.
  EXPECT_FALSE(checkScaleSelectors(
      *decode("mma.m16n8k32.row.col.f32.e4m3.e4m3.f32"), pointers));
  EXPECT_EQ(decode("mma.m16n8k32.row.col.f32.e4m3.e4m3.f32")->operandWords(),
            10u);
}

TEST(SimMma, BlockScaleUnknownFormsAreRejected) {
  const char *prefix = "mma.block.scale.m16n8k32.row.col.mxf8f6f4.";
  for (const char *rest :
       {"scale.2x.f32.e4m3.e4m3.f32.ue8m0", "scale.4x.f32.e4m3.e4m3.f32.ue8m0",
        "scale.1x.f32.e4m3.e4m3.f32.ue4m3", "scale.1x.f32.e2m1.e4m3.f32.ue4m3",
        "scale.1x.f32.e4m3.e3m2.f32.ue8m0", "scale.1x.f32.e2m3.e2m3.f32.ue8m0",
        "scale.1x.f16.e4m3.e4m3.f16.ue8m0", "scale.1x.f32.s8.s8.f32.ue8m0",
        "scale.1x.f32.e4m3.e4m3.f32", "scale.1x.f32.e4m3.e4m3.f32.ue8m0.x",
        "scale.f32.e4m3.e4m3.f32.ue8m0"})
    EXPECT_FALSE(decode(std::string(prefix) + rest)) << rest;
  EXPECT_FALSE(decode("mma.block.scale.m16n8k32.row.col.mxf4.scale.1x.f32."
                      "e4m3.e4m3.f32.ue8m0"));
  EXPECT_FALSE(decode("mma.block.scale.m16n8k16.row.col.mxf8f6f4.scale.1x."
                      "f32.e4m3.e4m3.f32.ue8m0"));
  EXPECT_FALSE(decode("mma.sp.ordered.metadata.block.scale.m16n8k64.row.col."
                      "mxf8f6f4.scale.1x.f32.e4m3.e4m3.f32.ue8m0"));
  EXPECT_FALSE(decode("mma.m16n8k32.row.col.kind.f8f6f4.f32.e4m3.e4m3.f32"));
}

// Block-scaled m16n8k64 e2m1 (kind::mxf4 and kind::mxf4nvf4), forwards
// from the PTX ISA ("Matrix Fragments for mma.m16n8k64", "Block Scaling for
// mma.sync"). Each .b32 register holds eight e2m1 values, element i of a
// fragment in register i / 8 at bits 4 (i % 8) .. 4 (i % 8) + 3. With
// g = lane / 4, t = lane % 4: a_i (i = 0..31) is at row g for 0 <= i < 8
// and 16 <= i < 24, g + 8 otherwise, column 8t + (i & 7) for i < 16,
// 8t + (i & 7) + 32 for i >= 16; b_i (i = 0..15) at row (K) 8t + (i & 7)
// for i < 8, 8t + (i & 7) + 32 for i >= 8, column g. C and D are the m16n8
// f32 accumulator. scale_vec::2X: scale_A 16 x 2, scale_B 2 x 8, K block
// j = k / 32; 4X: 16 x 4 and 4 x 8, j = k / 16. The lanes that give a row's
// or column's scales are those of the 1X form; block j is byte byte-id + j
// of their register. D(m, n) = C(m, n) + sum over k of A(m, k)
// SF_A(m, j(k)) B(k, n) SF_B(j(k), n).

// clang-format off
const char *const kMxf4 = "mma.block.scale.m16n8k64.row.col.mxf4.scale.2x.f32.e2m1.e2m1.f32.ue8m0";
const char *const kMxf4Nvf4X2 = "mma.block.scale.m16n8k64.row.col.mxf4nvf4.scale.2x.f32.e2m1.e2m1.f32.ue8m0";
const char *const kMxf4Nvf4X4 = "mma.block.scale.m16n8k64.row.col.mxf4nvf4.scale.4x.f32.e2m1.e2m1.f32.ue4m3";
// kind::mxf4 has only scale_vec::2X, which PTX lets the name leave out; LLVM
// has this spelling too.
const char *const kMxf4DefaultVector = "mma.block.scale.m16n8k64.row.col.mxf4.f32.e2m1.e2m1.f32.ue8m0";
// clang-format on

Element aTableE2m1(unsigned lane, unsigned i) {
  unsigned g = lane / 4, t = lane % 4;
  unsigned row = (i < 8 || (16 <= i && i < 24)) ? g : g + 8;
  unsigned column = i < 16 ? t * 8 + (i & 7) : t * 8 + (i & 7) + 32;
  return {row, column};
}

Element bTableE2m1(unsigned lane, unsigned i) {
  unsigned g = lane / 4, t = lane % 4;
  unsigned row = i < 8 ? t * 8 + (i & 7) : t * 8 + (i & 7) + 32;
  return {row, g};
}

/// e2m1 (bit 3 sign, bits 2..1 exponent with bias 1, bit 0 mantissa): the
/// magnitudes of codes 0..7 are 0, 0.5, 1, 1.5, 2, 3, 4, 6.
double e2m1Reference(uint8_t code) {
  unsigned exponent = code >> 1 & 3, mantissa = code & 1;
  double magnitude = exponent == 0
                         ? 0.5 * mantissa
                         : std::ldexp(1.0 + 0.5 * mantissa, int(exponent) - 1);
  return code & 8 ? -magnitude : magnitude;
}

/// ue4m3: an unsigned e4m3 (bias 7, 3 mantissa bits, exponent 0 subnormal
/// m / 8 * 2^-6, 0x7f NaN); bit 7 is not read.
double ue4m3Reference(uint8_t code) {
  unsigned exponent = code >> 3 & 15, mantissa = code & 7;
  if (exponent == 15 && mantissa == 7)
    return std::numeric_limits<double>::quiet_NaN();
  if (exponent == 0)
    return mantissa / 8.0 * std::ldexp(1.0, -6);
  return (1 + mantissa / 8.0) * std::ldexp(1.0, int(exponent) - 7);
}

struct Fp4Case {
  const char *name;
  unsigned vector; // scale_vec::2X or 4X
  bool ue4m3;
  unsigned byteIdA, threadIdA, byteIdB, threadIdB;
  uint8_t a[16][64] = {}, b[64][8] = {}; // e2m1 codes
  uint8_t sfa[16][4] = {}, sfb[4][8] = {};
  double c[16][8] = {};

  double scale(uint8_t code) const {
    return ue4m3 ? ue4m3Reference(code) : ue8m0Reference(code);
  }
  /// C(m, n) plus the scaled products, in double (the cases keep it exact).
  double reference(unsigned m, unsigned n) const {
    double sum = c[m][n];
    for (unsigned k = 0; k < 64; ++k) {
      unsigned j = k / (64 / vector);
      sum += e2m1Reference(a[m][k]) * scale(sfa[m][j]) *
             e2m1Reference(b[k][n]) * scale(sfb[j][n]);
    }
    return sum;
  }
};

/// The fragments and scale registers of every lane, from the tables above;
/// scale bytes the selectors do not point at are random.
void buildFp4(const Fp4Case &test, LaneFragments lanes[32],
              const LaneFragments *pointers[32]) {
  std::mt19937 rng(test.byteIdA * 64 + test.threadIdA * 16 + test.byteIdB * 4 +
                   test.threadIdB + 1000 * test.vector);
  for (unsigned lane = 0; lane < 32; ++lane) {
    LaneFragments &l = lanes[lane];
    l = LaneFragments{};
    pointers[lane] = &l;
    for (unsigned i = 0; i < 32; ++i) {
      Element e = aTableE2m1(lane, i);
      l.words[i / 8] |= uint32_t(test.a[e.row][e.column]) << (4 * (i % 8));
    }
    for (unsigned i = 0; i < 16; ++i) {
      Element e = bTableE2m1(lane, i);
      l.words[4 + i / 8] |= uint32_t(test.b[e.row][e.column]) << (4 * (i % 8));
    }
    for (unsigned i = 0; i < 4; ++i) {
      Element e = cTable(lane, i);
      float f = float(test.c[e.row][e.column]);
      std::memcpy(&l.words[6 + i], &f, 4);
    }
    l.scaleA = uint32_t(rng());
    l.scaleB = uint32_t(rng());
    unsigned g = lane / 4, t = lane % 4;
    for (unsigned j = 0; j < test.vector; ++j) {
      unsigned shiftA = 8 * (test.byteIdA + j), shiftB = 8 * (test.byteIdB + j);
      if (t / 2 == test.threadIdA)
        l.scaleA = (l.scaleA & ~(0xffu << shiftA)) |
                   uint32_t(test.sfa[g + 8 * (t % 2)][j]) << shiftA;
      if (t == test.threadIdB)
        l.scaleB = (l.scaleB & ~(0xffu << shiftB)) | uint32_t(test.sfb[j][g])
                                                         << shiftB;
    }
    l.byteIdA = test.byteIdA;
    l.threadIdA = test.threadIdA;
    l.byteIdB = test.byteIdB;
    l.threadIdB = test.threadIdB;
  }
}

/// Every lane's D against the reference; returns how many elements are
/// NaN, and (in `ordinary`) how many are finite and not zero.
unsigned checkFp4(const Fp4Case &test, unsigned *ordinary = nullptr) {
  std::optional<Instr> instr = decode(test.name);
  EXPECT_TRUE(instr) << test.name;
  if (!instr)
    return 0;
  EXPECT_TRUE(instr->blockScale);
  EXPECT_EQ(instr->m, 16u);
  EXPECT_EQ(instr->k, 64u);
  EXPECT_EQ(instr->a, Type::E2M1);
  EXPECT_EQ(instr->b, Type::E2M1);
  EXPECT_EQ(instr->scaleVector, test.vector);
  EXPECT_EQ(instr->scaleType, test.ue4m3 ? ScaleType::UE4M3 : ScaleType::UE8M0);
  EXPECT_EQ(instr->aWords, 4u);
  EXPECT_EQ(instr->bWords, 2u);
  EXPECT_EQ(instr->cWords, 4u);
  EXPECT_EQ(instr->operandWords(), 4u + 2 + 4 + 6);
  LaneFragments lanes[32];
  const LaneFragments *pointers[32];
  buildFp4(test, lanes, pointers);
  EXPECT_FALSE(checkScaleSelectors(*instr, pointers));
  unsigned nans = 0, finite = 0;
  for (unsigned lane = 0; lane < 32; ++lane) {
    uint32_t d[kCWords];
    compute(*instr, pointers, lane, d);
    for (unsigned i = 0; i < kCWords; ++i) {
      Element e = cTable(lane, i);
      float expected = float(test.reference(e.row, e.column)), got;
      std::memcpy(&got, &d[i], 4);
      if (std::isnan(expected)) {
        EXPECT_TRUE(std::isnan(got))
            << test.name << " D(" << e.row << ", " << e.column << ") = " << got;
        ++nans;
        continue;
      }
      EXPECT_EQ(got, expected) << test.name << " D(" << e.row << ", "
                               << e.column << "), lane " << lane << " d" << i;
      finite += std::isfinite(got) && got != 0;
    }
  }
  if (ordinary)
    *ordinary = finite;
  return nans;
}

/// Random e2m1 codes (all 16, negative ones and -0 included), ue8m0 scales
/// distinct per row, column and block: row m's block j is 2^(R[m] +
/// dA[j]), column n's 2^(S[n] + dB[j]). C is of the products' magnitude
/// where that is a normal f32. Across the blocks of one element the scales
/// differ by at most 2^9, so the double reference is exact.
void fillUe8m0(Fp4Case &test, std::mt19937 &rng) {
  static const int rowExponents[16] = {0,   1,  -1,  5,  -7,  12,  -20,  33,
                                       -45, 60, -64, 90, -99, 100, -110, 7};
  static const int columnExponents[8] = {0, -3, 4, -11, 17, -30, 41, -60};
  static const int blockA[4] = {0, 5, -3, 9}, blockB[4] = {2, -6, 4, -1};
  for (auto &row : test.a)
    for (uint8_t &x : row)
      x = uint8_t(rng() % 16);
  for (auto &row : test.b)
    for (uint8_t &x : row)
      x = uint8_t(rng() % 16);
  for (unsigned j = 0; j < test.vector; ++j) {
    for (unsigned m = 0; m < 16; ++m)
      test.sfa[m][j] = uint8_t(127 + rowExponents[m] + blockA[j]);
    for (unsigned n = 0; n < 8; ++n)
      test.sfb[j][n] = uint8_t(127 + columnExponents[n] + blockB[j]);
  }
  for (unsigned m = 0; m < 16; ++m)
    for (unsigned n = 0; n < 8; ++n) {
      int exponent = rowExponents[m] + columnExponents[n];
      double v = double(int(rng() % 17) - 8) * 0.25;
      test.c[m][n] =
          exponent > -120 && exponent < 120 ? std::ldexp(v, exponent) : v;
    }
}

Fp4Case ue8m0Case(const char *name, unsigned byteIdA, unsigned threadIdA,
                  unsigned byteIdB, unsigned threadIdB) {
  Fp4Case test{name, 2, false, byteIdA, threadIdA, byteIdB, threadIdB};
  std::mt19937 rng(byteIdA * 64 + threadIdA * 16 + byteIdB * 4 + threadIdB);
  fillUe8m0(test, rng);
  return test;
}

TEST(SimMma, BlockScaleFp4Mxf4) {
  unsigned ordinary = 0;
  EXPECT_EQ(checkFp4(ue8m0Case(kMxf4, 0, 1, 2, 3), &ordinary), 0u);
  EXPECT_GT(ordinary, 100u);
  EXPECT_EQ(checkFp4(ue8m0Case(kMxf4, 2, 0, 0, 0), &ordinary), 0u);
  EXPECT_GT(ordinary, 100u);
  EXPECT_EQ(checkFp4(ue8m0Case(kMxf4DefaultVector, 2, 1, 2, 1), &ordinary), 0u);
  EXPECT_GT(ordinary, 100u);
}

TEST(SimMma, BlockScaleFp4Mxf4Nvf4X2) {
  unsigned ordinary = 0;
  // byte id 2: bytes 2 (block 0, k < 32) and 3 (block 1).
  EXPECT_EQ(checkFp4(ue8m0Case(kMxf4Nvf4X2, 2, 0, 2, 1), &ordinary), 0u);
  EXPECT_GT(ordinary, 100u);
  EXPECT_EQ(checkFp4(ue8m0Case(kMxf4Nvf4X2, 0, 1, 0, 2), &ordinary), 0u);
  EXPECT_GT(ordinary, 100u);
}

// ue4m3 scales (4X): normal and subnormal codes, and codes with bit 7 set,
// which must read as without it. Each row's four blocks differ, and so do
// each column's.
Fp4Case ue4m3Case(unsigned threadIdA, unsigned threadIdB, unsigned seed) {
  Fp4Case test{kMxf4Nvf4X4, 4, true, 0, threadIdA, 0, threadIdB};
  std::mt19937 rng(seed);
  // Normal codes (0x38 1, 0x7e 448, 0x08 2^-6, 0x30 0.5, 0x43 2.375 ...)
  // and subnormal ones (0x01 .. 0x07: m 2^-9).
  static const uint8_t codes[] = {0x38, 0x01, 0x07, 0x7e, 0x08, 0x30, 0x43,
                                  0x05, 0x52, 0x2f, 0x02, 0x61, 0x3c, 0x04,
                                  0x49, 0x1a, 0x06, 0x27, 0x03};
  const unsigned count = sizeof(codes);
  for (auto &row : test.a)
    for (uint8_t &x : row)
      x = uint8_t(rng() % 16);
  for (auto &row : test.b)
    for (uint8_t &x : row)
      x = uint8_t(rng() % 16);
  for (unsigned m = 0; m < 16; ++m)
    for (unsigned j = 0; j < 4; ++j)
      test.sfa[m][j] = codes[(5 * m + j + seed) % count];
  for (unsigned n = 0; n < 8; ++n)
    for (unsigned j = 0; j < 4; ++j)
      test.sfb[j][n] = codes[(7 * n + 3 * j + seed) % count];
  test.sfa[3][1] |= 0x80; // sign position: not read
  test.sfb[2][5] |= 0x80;
  test.sfa[12][3] = 0x81; // 2^-9, subnormal, with bit 7
  for (auto &row : test.c)
    for (double &x : row)
      x = double(int(rng() % 17) - 8) * 0.25;
  return test;
}

TEST(SimMma, BlockScaleFp4Mxf4Nvf4X4Ue4m3) {
  unsigned ordinary = 0;
  EXPECT_EQ(checkFp4(ue4m3Case(1, 2, 0), &ordinary), 0u);
  EXPECT_GT(ordinary, 100u);
  EXPECT_EQ(checkFp4(ue4m3Case(0, 3, 7), &ordinary), 0u);
  EXPECT_GT(ordinary, 100u);
  EXPECT_EQ(checkFp4(ue4m3Case(1, 0, 11), &ordinary), 0u);
  EXPECT_GT(ordinary, 100u);
}

// A lone subnormal ue4m3 scale, by hand: A(2, 20) = 6 (code 7), B(20, 5) =
// -1.5 (code 0xb), both in block 1 (k 16..31) of 4X; SF_A(2, 1) = 0x03 =
// 3/8 2^-6, SF_B(1, 5) = 0x38 = 1; every other A and B element is 0, every
// other scale 1. D(2, 5) = 0.5 + 6 (3/8 2^-6) (-1.5) = 0.5 - 3.375 2^-6.
TEST(SimMma, BlockScaleFp4Ue4m3Subnormal) {
  Fp4Case test{kMxf4Nvf4X4, 4, true, 0, 0, 0, 1};
  for (auto &row : test.sfa)
    for (uint8_t &x : row)
      x = 0x38;
  for (auto &row : test.sfb)
    for (uint8_t &x : row)
      x = 0x38;
  test.a[2][20] = 0x7;
  test.b[20][5] = 0xb;
  test.sfa[2][1] = 0x03;
  test.c[2][5] = 0.5;
  EXPECT_EQ(test.reference(2, 5), 0.5 - 3.375 / 64);
  EXPECT_EQ(checkFp4(test), 0u);
  // The same scale in block 0 or 2 would not apply to k = 20.
  test.a[2][20] = test.b[20][5] = 0;
  test.a[2][40] = 0x7; // block 2 (k 32..47): scale 1
  test.b[40][5] = 0xb;
  EXPECT_EQ(test.reference(2, 5), 0.5 - 9.0);
  EXPECT_EQ(checkFp4(test), 0u);
}

// A NaN scale (ue8m0 0xff; ue4m3 0x7f, or 0xff with bit 7 not read) makes
// its whole row (A) or column (B) NaN, even where that block's products
// are zero.
TEST(SimMma, BlockScaleFp4NaN) {
  Fp4Case test = ue8m0Case(kMxf4, 2, 1, 0, 2);
  test.sfa[5][1] = 0xff;
  test.sfb[0][6] = 0xff;
  for (unsigned k = 0; k < 32; ++k)
    test.b[k][6] = 0; // block 0 of column 6: products all zero
  EXPECT_EQ(checkFp4(test), 8u + 16 - 1);
  Fp4Case nv = ue4m3Case(1, 3, 5);
  nv.sfa[9][3] = 0x7f;
  EXPECT_EQ(checkFp4(nv), 8u);
  nv.sfa[9][3] = 0x38;
  nv.sfb[2][4] = 0xff;
  EXPECT_EQ(checkFp4(nv), 16u);
}

// Far-apart block scales: the exact sum is rounded once. D(0, 0) with
// C(0, 0) = c, 0.5 * 0.5 * 2^e0 from block 0 (k = 3) and sign * 2^-80 from
// block 1 (k = 40; 0.5 * 0.5 * 2^-39 * 2^-39), every other product zero.
float roundedOnce(double c, int e0, int sign) {
  Fp4Case test{kMxf4Nvf4X2, 2, false, 0, 0, 0, 0};
  for (auto &row : test.sfa)
    for (uint8_t &x : row)
      x = 127;
  for (auto &row : test.sfb)
    for (uint8_t &x : row)
      x = 127;
  test.c[0][0] = c;
  test.a[0][3] = 0x1; // 0.5
  test.b[3][0] = 0x1;
  test.sfa[0][0] = uint8_t(127 + e0);
  test.a[0][40] = sign < 0 ? 0x9 : sign > 0 ? 0x1 : 0; // -0.5, 0.5 or 0
  test.b[40][0] = 0x1;
  test.sfa[0][1] = 127 - 39;
  test.sfb[1][0] = 127 - 39;
  std::optional<Instr> instr = decode(test.name);
  EXPECT_TRUE(instr);
  if (!instr)
    return 0;
  LaneFragments lanes[32];
  const LaneFragments *pointers[32];
  buildFp4(test, lanes, pointers);
  uint32_t d[kCWords];
  compute(*instr, pointers, 0, d); // lane 0's d0 is D(0, 0)
  float got;
  std::memcpy(&got, &d[0], 4);
  return got;
}

// 1 + 2^-24 is the midpoint between 1 and 1 + 2^-23: the 2^-80 of the
// other block decides, where summing in double first would round it away
// and then round the midpoint to even. Without it, ties go to even.
TEST(SimMma, BlockScaleFp4RoundedOnce) {
  float one = 1.0f, up = std::nextafter(one, 2.0f);
  EXPECT_EQ(roundedOnce(1.0, -22, 1), up);
  EXPECT_EQ(roundedOnce(1.0, -22, -1), one);
  EXPECT_EQ(roundedOnce(1.0, -22, 0), one);
  EXPECT_EQ(roundedOnce(double(up), -22, 0), std::nextafter(up, 2.0f));
  EXPECT_EQ(roundedOnce(double(up), -22, -1), up);
  // -1 + 2^-24 - 2^-80: nearest -1 + 2^-24, an f32 (below 1, f32s are
  // 2^-24 apart).
  EXPECT_EQ(roundedOnce(-1.0, -22, -1), std::nextafter(-one, 0.0f));
  // FLT_MAX + 2^103 is the midpoint between FLT_MAX and 2^128: below it
  // FLT_MAX, from it up infinity (the tie goes to the even 2^128).
  float max = std::numeric_limits<float>::max();
  float inf = std::numeric_limits<float>::infinity();
  EXPECT_EQ(roundedOnce(double(max), 105, -1), max);
  EXPECT_EQ(roundedOnce(double(max), 105, 0), inf);
  EXPECT_EQ(roundedOnce(double(max), 105, 1), inf);
  EXPECT_EQ(roundedOnce(double(max), 104, 1), max); // below the midpoint
}

// Which lane and byte give which scale with 2X/4X: the lanes of the 1X
// form, block j at byte byte-id + j.
TEST(SimMma, BlockScaleFp4Lanes) {
  LaneFragments lanes[32] = {};
  const LaneFragments *pointers[32];
  for (unsigned lane = 0; lane < 32; ++lane) {
    pointers[lane] = &lanes[lane];
    for (unsigned j = 0; j < 4; ++j) { // byte j: 40j + lane
      lanes[lane].scaleA |= uint32_t(40 * j + lane) << (8 * j);
      lanes[lane].scaleB |= uint32_t(40 * j + lane) << (8 * j);
    }
    lanes[lane].threadIdA = 1;
    lanes[lane].byteIdA = 2;
    lanes[lane].threadIdB = 3;
    lanes[lane].byteIdB = 0;
  }
  EXPECT_EQ(scaleByteA(pointers, 0, 0), 80 + 2);  // T2, byte 2
  EXPECT_EQ(scaleByteA(pointers, 0, 1), 120 + 2); // T2, byte 3
  EXPECT_EQ(scaleByteA(pointers, 8, 1), 120 + 3); // T3
  EXPECT_EQ(scaleByteA(pointers, 15, 0), 80 + 31);
  EXPECT_EQ(scaleByteB(pointers, 0, 0), 0 + 3); // T3, byte 0
  EXPECT_EQ(scaleByteB(pointers, 0, 1), 40 + 3);
  EXPECT_EQ(scaleByteB(pointers, 0, 3), 120 + 3);
  EXPECT_EQ(scaleByteB(pointers, 6, 2), 80 + 27);
  EXPECT_EQ(decodeUe4m3(0x38), 1.0);
  EXPECT_EQ(decodeUe4m3(0xb8), 1.0); // bit 7 not read
  EXPECT_EQ(decodeUe4m3(0x7e), 448.0);
  EXPECT_EQ(decodeUe4m3(0x08), std::ldexp(1.0, -6)); // smallest normal
  EXPECT_EQ(decodeUe4m3(0x01), std::ldexp(1.0, -9)); // smallest subnormal
  EXPECT_EQ(decodeUe4m3(0x07), 7 * std::ldexp(1.0, -9));
  EXPECT_EQ(decodeUe4m3(0x00), 0.0);
  EXPECT_TRUE(std::isnan(decodeUe4m3(0x7f)));
  EXPECT_TRUE(std::isnan(decodeUe4m3(0xff)));
  for (unsigned code = 0; code < 256; ++code) {
    double want = ue4m3Reference(uint8_t(code));
    double got = decodeUe4m3(uint8_t(code));
    if (std::isnan(want))
      EXPECT_TRUE(std::isnan(got)) << code;
    else
      EXPECT_EQ(got, want) << code;
  }
  for (unsigned code = 0; code < 16; ++code)
    EXPECT_EQ(double(decodeElement(Type::E2M1, code)), e2m1Reference(code))
        << code;
  EXPECT_EQ(decodeElement(Type::E2M1, 0x7), 6.0f);
  EXPECT_EQ(decodeElement(Type::E2M1, 0xd), -3.0f);
  EXPECT_EQ(decodeElement(Type::E2M1, 0x9), -0.5f);
}

TEST(SimMma, BlockScaleFp4Selectors) {
  std::optional<Instr> x2 = decode(kMxf4Nvf4X2), x4 = decode(kMxf4Nvf4X4),
                       mxf4 = decode(kMxf4);
  ASSERT_TRUE(x2 && x4 && mxf4);
  LaneFragments lanes[32] = {};
  const LaneFragments *pointers[32];
  for (unsigned lane = 0; lane < 32; ++lane)
    pointers[lane] = &lanes[lane];
  auto set = [&](unsigned byteIdA, unsigned threadIdA, unsigned byteIdB,
                 unsigned threadIdB) {
    for (LaneFragments &l : lanes) {
      l.byteIdA = byteIdA;
      l.threadIdA = threadIdA;
      l.byteIdB = byteIdB;
      l.threadIdB = threadIdB;
    }
  };
  // 2X: byte ids 0 or 2 (two bytes from there); 4X: 0.
  for (unsigned a : {0u, 2u})
    for (unsigned b : {0u, 2u}) {
      set(a, 1, b, 3);
      EXPECT_FALSE(checkScaleSelectors(*x2, pointers)) << a << " " << b;
      EXPECT_FALSE(checkScaleSelectors(*mxf4, pointers)) << a << " " << b;
    }
  for (unsigned bad : {1u, 3u, 4u}) {
    set(bad, 0, 0, 0);
    EXPECT_TRUE(checkScaleSelectors(*x2, pointers)) << bad;
    EXPECT_TRUE(checkScaleSelectors(*mxf4, pointers)) << bad;
    set(0, 0, bad, 0);
    EXPECT_TRUE(checkScaleSelectors(*x2, pointers)) << bad;
  }
  set(0, 1, 0, 3);
  EXPECT_FALSE(checkScaleSelectors(*x4, pointers));
  for (unsigned bad : {1u, 2u, 3u}) {
    set(bad, 0, 0, 0);
    EXPECT_TRUE(checkScaleSelectors(*x4, pointers)) << bad;
    set(0, 0, bad, 0);
    EXPECT_TRUE(checkScaleSelectors(*x4, pointers)) << bad;
  }
  set(0, 2, 0, 0); // thread ids: A 0..1, B 0..3
  EXPECT_TRUE(checkScaleSelectors(*x4, pointers));
  set(0, 0, 0, 4);
  EXPECT_TRUE(checkScaleSelectors(*x2, pointers));
  set(2, 1, 2, 2);
  lanes[9].byteIdB = 0; // lanes disagree
  EXPECT_TRUE(checkScaleSelectors(*x2, pointers));
  set(0, 1, 0, 2);
  lanes[30].threadIdA = 0;
  EXPECT_TRUE(checkScaleSelectors(*x4, pointers));
  // The 1X form keeps byte ids 1 and 3.
  set(3, 0, 1, 0);
  EXPECT_FALSE(checkScaleSelectors(*decode(kBlockScaleE4m3E4m3), pointers));
}

// kind::mxf8f6f4 with e2m1: one value a byte, in its middle four bits
// (tensor-cores.md, from the PTX ISA), the 8-bit fragment tables.
TEST(SimMma, BlockScaleE2m1Bytes) {
  for (uint32_t code = 0; code < 16; ++code) {
    EXPECT_EQ(double(decodeElement(Type::E2M1Byte, code << 2)),
              e2m1Reference(code));
    // The two bits on either side are padding.
    EXPECT_EQ(double(decodeElement(Type::E2M1Byte, code << 2 | 0xc3)),
              e2m1Reference(code));
  }
  checkBlockScale({"mma.block.scale.m16n8k32.row.col.mxf8f6f4.scale.1x.f32."
                   "e2m1.e4m3.f32.ue8m0",
                   Type::E2M1Byte, Type::E4M3, 2, 0, 1, 3});
  checkBlockScale({"mma.block.scale.m16n8k32.row.col.mxf8f6f4.scale.1x.f32."
                   "e5m2.e2m1.f32.ue8m0",
                   Type::E5M2, Type::E2M1Byte, 0, 1, 3, 0});
}

TEST(SimMma, BlockScaleFp4UnknownFormsAreRejected) {
  const char *prefix = "mma.block.scale.m16n8k64.row.col.";
  for (const char *rest : {
           "mxf4.scale.1x.f32.e2m1.e2m1.f32.ue8m0",
           "mxf4.scale.4x.f32.e2m1.e2m1.f32.ue8m0",
           "mxf4.scale.2x.f32.e2m1.e2m1.f32.ue4m3",
           "mxf4.f32.e2m1.e2m1.f32.ue4m3",
           "mxf4nvf4.f32.e2m1.e2m1.f32.ue8m0", // no default vector size
           "mxf4nvf4.f32.e2m1.e2m1.f32.ue4m3",
           "mxf4nvf4.scale.1x.f32.e2m1.e2m1.f32.ue8m0",
           "mxf4nvf4.scale.2x.f32.e2m1.e2m1.f32.ue4m3",
           "mxf4nvf4.scale.4x.f32.e2m1.e2m1.f32.ue8m0", // not in LLVM 22
           "mxf8f6f4.scale.1x.f32.e2m1.e2m1.f32.ue8m0",
           "mxf8f6f4.f32.e4m3.e4m3.f32.ue8m0",
           "mxf4.scale.2x.f32.e4m3.e4m3.f32.ue8m0",
           "mxf4.scale.2x.f32.e2m1.e4m3.f32.ue8m0",
           "mxf4.scale.2x.f32.e2m3.e2m1.f32.ue8m0",
           "mxf4nvf4.scale.4x.f32.e2m1.e3m2.f32.ue4m3",
           "mxf4.scale.2x.f16.e2m1.e2m1.f16.ue8m0",
           "mxf4.scale.2x.f32.e2m1.e2m1.f32",
           "mxf4.scale.2x.f32.e2m1.e2m1.f32.ue8m0.x",
           "mxf4.scale.2x.e2m1.e2m1.ue8m0",
           "mxf4.scale.f32.e2m1.e2m1.f32.ue8m0",
           "mxf6.scale.2x.f32.e2m1.e2m1.f32.ue8m0",
       })
    EXPECT_FALSE(decode(std::string(prefix) + rest)) << rest;
  EXPECT_FALSE(decode("mma.block.scale.m16n8k32.row.col.mxf4.scale.2x.f32."
                      "e2m1.e2m1.f32.ue8m0"));
  EXPECT_FALSE(decode("mma.block.scale.m16n8k32.row.col.mxf4nvf4.scale.4x."
                      "f32.e2m1.e2m1.f32.ue4m3"));
  EXPECT_FALSE(decode("mma.block.scale.m16n8k128.row.col.mxf4nvf4.scale.4x."
                      "f32.e2m1.e2m1.f32.ue4m3"));
  EXPECT_FALSE(decode("mma.block.scale.m16n8k64.col.row.mxf4.scale.2x.f32."
                      "e2m1.e2m1.f32.ue8m0"));
  EXPECT_FALSE(decode("mma.sp.ordered.metadata.block.scale.m16n8k128.row.col."
                      "mxf4.scale.2x.f32.e2m1.e2m1.f32.ue8m0"));
  EXPECT_FALSE(decode("mma.m16n8k64.row.col.f32.e2m1.e2m1.f32"));
  EXPECT_FALSE(decode("mma.m16n8k32.row.col.f32.e2m1.e2m1.f32"));
  EXPECT_FALSE(decode("mma.m16n8k64.row.col.e2m1"));
}

TEST(SimMma, UnknownFormsAreRejected) {
  EXPECT_FALSE(decode("mma.m8n8k4.row.col.f32.f32"));
  EXPECT_FALSE(decode("mma.m16n8k16.row.col.f16.f32")); // mixed: not emitted
  EXPECT_FALSE(decode("mma.m16n8k32.row.col.f16.e4m3.e4m3.f16"));
  EXPECT_FALSE(decode("mma.m16n8k8.row.col.f16.f16"));
  EXPECT_FALSE(decode("mma.m16n8k8.row.col.f64"));
  EXPECT_FALSE(decode("mma.m8n8k16.row.col.f32.e4m3.e4m3.f32"));
  EXPECT_FALSE(decode("mma.m8n8k32.row.col.s4"));
  EXPECT_FALSE(decode("mma.m16n8k8.row.col.bf16")); // k8 bf16: not emitted
}

// m16n8k16 with f16 C and D, forwards from the ISA table: c0, c1 are the
// low and high halves of .f16x2 word 0 at (g, 2t), (g, 2t + 1); c2, c3 of
// word 1 at (g + 8, 2t), (g + 8, 2t + 1). D is the f16 rounding of the
// exact C + A * B.
TEST(SimMma, F16Accumulator) {
  std::optional<Instr> instr = decode("mma.m16n8k16.row.col.f16.f16");
  ASSERT_TRUE(instr);
  EXPECT_TRUE(instr->f16Accumulator);
  EXPECT_EQ(instr->cWords, 2u);
  EXPECT_EQ(instr->a, Type::F16);
  std::mt19937 rng(1616);
  std::vector<uint32_t> matA(16 * 16), matB(16 * 8);
  std::vector<double> matC(16 * 8);
  for (auto &x : matA)
    x = randomBits(Type::F16, rng);
  for (auto &x : matB)
    x = randomBits(Type::F16, rng);
  // Distinct f16 values, some near 2048 where f16s are 2 apart, so that
  // adding A * B (multiples of 1/4) must round.
  for (unsigned e = 0; e < matC.size(); ++e)
    matC[e] = e % 3 ? double(int(e) - 64) * 0.25 : 2048.0 + 2 * e;
  LaneFragments lanes[32] = {};
  const LaneFragments *pointers[32];
  for (unsigned lane = 0; lane < 32; ++lane) {
    pointers[lane] = &lanes[lane];
    unsigned g = lane / 4, t = lane % 4;
    for (unsigned i = 0; i < 8; ++i) {
      Element ea = aTable(Type::F16, lane, i);
      lanes[lane].words[i / 2] |= matA[ea.row * 16 + ea.column]
                                  << (16 * (i % 2));
    }
    for (unsigned i = 0; i < 4; ++i) {
      Element eb = bTable(Type::F16, lane, i);
      lanes[lane].words[4 + i / 2] |= matB[eb.row * 8 + eb.column]
                                      << (16 * (i % 2));
    }
    for (unsigned w = 0; w < 2; ++w)
      for (unsigned h = 0; h < 2; ++h)
        lanes[lane].words[6 + w] |=
            uint32_t(encodeF16(matC[(g + 8 * w) * 8 + 2 * t + h])) << (16 * h);
  }
  unsigned rounded = 0;
  for (unsigned lane = 0; lane < 32; ++lane) {
    uint32_t d[kCWords] = {};
    compute(*instr, pointers, lane, d);
    unsigned g = lane / 4, t = lane % 4;
    for (unsigned w = 0; w < 2; ++w)
      for (unsigned h = 0; h < 2; ++h) {
        unsigned row = g + 8 * w, column = 2 * t + h;
        double exact = matC[row * 8 + column];
        for (unsigned k = 0; k < 16; ++k)
          exact += double(decodeElement(Type::F16, matA[row * 16 + k])) *
                   double(decodeElement(Type::F16, matB[k * 8 + column]));
        uint16_t got = uint16_t(d[w] >> (16 * h));
        EXPECT_EQ(got, encodeF16(exact))
            << "lane " << lane << " d" << 2 * w + h;
        rounded += decodeElement(Type::F16, encodeF16(exact)) != exact;
      }
  }
  EXPECT_GT(rounded, 0u); // the rounding itself was exercised
}

TEST(SimMma, F16Rounding) {
  EXPECT_EQ(encodeF16(1.0), 0x3c00);
  EXPECT_EQ(encodeF16(-2.0), 0xc000);
  EXPECT_EQ(encodeF16(2049.0), 0x6800);  // tie: to even (2048)
  EXPECT_EQ(encodeF16(2051.0), 0x6802);  // tie: to even (2052)
  EXPECT_EQ(encodeF16(2049.5), 0x6801);  // nearest (2050)
  EXPECT_EQ(encodeF16(65504.0), 0x7bff); // largest finite
  EXPECT_EQ(encodeF16(65520.0), 0x7c00); // rounds past it: infinity
  EXPECT_EQ(encodeF16(std::ldexp(1.0, -24)), 0x0001);    // smallest subnormal
  EXPECT_EQ(encodeF16(std::ldexp(1.0, -14)), 0x0400);    // smallest normal
  EXPECT_EQ(encodeF16(std::ldexp(1023.6, -24)), 0x0400); // rounds up to it
}

TEST(SimMma, ElementDecoding) {
  EXPECT_EQ(decodeElement(Type::F16, 0x3c00), 1.0f);
  EXPECT_EQ(decodeElement(Type::F16, 0xc000), -2.0f);
  EXPECT_EQ(decodeElement(Type::F16, 0x0001), std::ldexp(1.0f, -24));
  EXPECT_EQ(decodeElement(Type::BF16, 0x3f80), 1.0f);
  EXPECT_EQ(decodeElement(Type::E4M3, 0x38), 1.0f);
  EXPECT_EQ(decodeElement(Type::E4M3, 0x7e), 448.0f);
  EXPECT_TRUE(std::isnan(decodeElement(Type::E4M3, 0x7f)));
  EXPECT_EQ(decodeElement(Type::E5M2, 0x3c), 1.0f);
  EXPECT_TRUE(std::isinf(decodeElement(Type::E5M2, 0x7c)));
  EXPECT_EQ(decodeElement(Type::S8, 0xff), -1.0f);
  EXPECT_EQ(decodeElement(Type::U8, 0xff), 255.0f);
}

} // namespace
