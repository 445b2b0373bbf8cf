//===- LdmatrixEmulationTest.cpp - the simulator's ldmatrix vs the PTX ISA ===//
//
// The PTX ISA's ldmatrix table written here forwards (lane, register, half
// -> matrix element) while matrix.cpp is checked through its load and store:
// every 8x8 matrix element has a distinct value, rows are scattered through
// memory in a shuffled order, and what each lane receives (or where each
// lane's registers land) is compared with the table.
//
//===----------------------------------------------------------------------===//

#include "matrix.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cstring>
#include <random>
#include <vector>

using namespace sim::matrix;

namespace {

/// The value of element (row, column) of matrix j.
uint16_t valueOf(unsigned j, unsigned row, unsigned column) {
  return uint16_t(0x1000 + j * 64 + row * 8 + column);
}

/// Memory with the rows of four 8x8 b16 matrices at 16-byte aligned,
/// non-contiguous, shuffled places; lane 8 j + r points at row r of j.
struct Memory {
  std::vector<unsigned char> bytes = std::vector<unsigned char>(64 * 48 + 16);
  Rows rows = {};
  unsigned char *rowOf[4][8];

  explicit Memory(bool fill) {
    unsigned char *base = bytes.data();
    base += (16 - reinterpret_cast<uintptr_t>(base) % 16) % 16;
    std::vector<unsigned> slots(32);
    for (unsigned i = 0; i < 32; ++i)
      slots[i] = i;
    std::shuffle(slots.begin(), slots.end(), std::mt19937(5));
    for (unsigned j = 0; j < 4; ++j)
      for (unsigned r = 0; r < 8; ++r) {
        unsigned char *row = base + 48 * slots[8 * j + r];
        rowOf[j][r] = row;
        rows.row[8 * j + r] = row;
        for (unsigned c = 0; c < 8; ++c) {
          uint16_t v = fill ? valueOf(j, r, c) : 0;
          std::memcpy(row + 2 * c, &v, 2);
        }
      }
  }
  uint16_t at(unsigned j, unsigned r, unsigned c) const {
    uint16_t v;
    std::memcpy(&v, rowOf[j][r] + 2 * c, 2);
    return v;
  }
};

/// The table: half h of register j of lane L is element (L / 4,
/// 2 (L % 4) + h) of matrix j, or (2 (L % 4) + h, L / 4) with .trans.
uint16_t expectedHalf(bool trans, unsigned lane, unsigned j, unsigned h) {
  unsigned quad = lane / 4, pair = 2 * (lane % 4) + h;
  return trans ? valueOf(j, pair, quad) : valueOf(j, quad, pair);
}

void checkLoad(unsigned count, bool trans) {
  Memory memory(true);
  // Lanes that supply no address: an x1/x2 must not read their rows.
  for (unsigned lane = 8 * count; lane < 32; ++lane)
    memory.rows.row[lane] = nullptr;
  Form form{count, trans, false};
  for (unsigned lane = 0; lane < 32; ++lane) {
    uint32_t regs[4] = {0xdeadbeef, 0xdeadbeef, 0xdeadbeef, 0xdeadbeef};
    load(form, memory.rows, lane, regs);
    for (unsigned j = 0; j < 4; ++j) {
      if (j >= count) {
        EXPECT_EQ(regs[j], 0xdeadbeefu) << "register " << j << " written";
        continue;
      }
      EXPECT_EQ(regs[j] & 0xffff, expectedHalf(trans, lane, j, 0))
          << "x" << count << (trans ? ".trans" : "") << " lane " << lane << " r"
          << j << " low";
      EXPECT_EQ(regs[j] >> 16, expectedHalf(trans, lane, j, 1))
          << "x" << count << (trans ? ".trans" : "") << " lane " << lane << " r"
          << j << " high";
    }
  }
}

TEST(SimLdmatrix, X1) { checkLoad(1, false); }
TEST(SimLdmatrix, X2) { checkLoad(2, false); }
TEST(SimLdmatrix, X4) { checkLoad(4, false); }
TEST(SimLdmatrix, X1Trans) { checkLoad(1, true); }
TEST(SimLdmatrix, X2Trans) { checkLoad(2, true); }
TEST(SimLdmatrix, X4Trans) { checkLoad(4, true); }

// The use the lowering makes of it: lane L points at row L % 16, column
// 8 (L / 16) of a row-major 16x16 A tile; the four registers are then the
// A fragment of mma.m16n8k16 (reg0 (g, 2t..2t+1), reg1 (g+8, ...), reg2
// (g, 2t+8..), reg3 (g+8, 2t+8..), g = L / 4, t = L % 4).
TEST(SimLdmatrix, X4GivesMmaAFragment) {
  std::vector<uint16_t> tile(16 * 16);
  for (unsigned i = 0; i < 256; ++i)
    tile[i] = uint16_t(i * 7 + 3);
  Rows rows;
  for (unsigned lane = 0; lane < 32; ++lane)
    rows.row[lane] = reinterpret_cast<unsigned char *>(
        &tile[(lane % 16) * 16 + 8 * (lane / 16)]);
  for (unsigned lane = 0; lane < 32; ++lane) {
    uint32_t regs[4];
    load(Form{4, false, false}, rows, lane, regs);
    unsigned g = lane / 4, t = lane % 4;
    for (unsigned r = 0; r < 4; ++r) {
      unsigned row = g + 8 * (r % 2), column = 2 * t + 8 * (r / 2);
      EXPECT_EQ(regs[r], uint32_t(tile[row * 16 + column]) |
                             uint32_t(tile[row * 16 + column + 1]) << 16)
          << "lane " << lane << " a reg " << r;
    }
  }
}

void checkStore(unsigned count, bool trans) {
  Memory memory(false);
  Form form{count, trans, true};
  for (unsigned lane = 0; lane < 32; ++lane) {
    uint32_t regs[4] = {};
    for (unsigned j = 0; j < count; ++j)
      regs[j] = uint32_t(expectedHalf(trans, lane, j, 0)) |
                uint32_t(expectedHalf(trans, lane, j, 1)) << 16;
    store(form, memory.rows, lane, regs);
  }
  for (unsigned j = 0; j < 4; ++j)
    for (unsigned r = 0; r < 8; ++r)
      for (unsigned c = 0; c < 8; ++c)
        EXPECT_EQ(memory.at(j, r, c), j < count ? valueOf(j, r, c) : 0)
            << "stmatrix.x" << count << (trans ? ".trans" : "") << " matrix "
            << j << " (" << r << ", " << c << ")";
}

TEST(SimStmatrix, X1) { checkStore(1, false); }
TEST(SimStmatrix, X4) { checkStore(4, false); }
TEST(SimStmatrix, X2Trans) { checkStore(2, true); }
TEST(SimStmatrix, X4Trans) { checkStore(4, true); }

TEST(SimStmatrix, RoundTrip) { // stmatrix of what ldmatrix gave: the same
  for (bool trans : {false, true}) {
    Memory from(true), to(false);
    for (unsigned lane = 0; lane < 32; ++lane) {
      uint32_t regs[4];
      load(Form{4, trans, false}, from.rows, lane, regs);
      store(Form{4, trans, true}, to.rows, lane, regs);
    }
    for (unsigned j = 0; j < 4; ++j)
      for (unsigned r = 0; r < 8; ++r)
        for (unsigned c = 0; c < 8; ++c)
          EXPECT_EQ(to.at(j, r, c), valueOf(j, r, c));
  }
}

/// The forms test/Sim/Inputs/sim-coverage.txt lists: coverage_check.py
/// accepts an ldmatrix or stmatrix intrinsic only if it is named here, and
/// each must decode to the form its name says.
const char *const kSimulatedForms[] = {
    "ldmatrix.sync.aligned.m8n8.x1.b16",
    "ldmatrix.sync.aligned.m8n8.x2.b16",
    "ldmatrix.sync.aligned.m8n8.x4.b16",
    "ldmatrix.sync.aligned.m8n8.x1.trans.b16",
    "ldmatrix.sync.aligned.m8n8.x2.trans.b16",
    "ldmatrix.sync.aligned.m8n8.x4.trans.b16",
    "stmatrix.sync.aligned.m8n8.x1.b16",
    "stmatrix.sync.aligned.m8n8.x2.b16",
    "stmatrix.sync.aligned.m8n8.x4.b16",
    "stmatrix.sync.aligned.m8n8.x1.trans.b16",
    "stmatrix.sync.aligned.m8n8.x2.trans.b16",
    "stmatrix.sync.aligned.m8n8.x4.trans.b16",
};

TEST(SimLdmatrix, Decode) {
  std::optional<Form> f = decode("ldmatrix.sync.aligned.m8n8.x4.trans.b16.p3");
  ASSERT_TRUE(f);
  EXPECT_EQ(f->count, 4u);
  EXPECT_TRUE(f->trans);
  EXPECT_FALSE(f->store);
  f = decode("ldmatrix.sync.aligned.m8n8.x2.b16");
  ASSERT_TRUE(f);
  EXPECT_EQ(f->count, 2u);
  EXPECT_FALSE(f->trans);
  f = decode("stmatrix.sync.aligned.m8n8.x1.b16.p0");
  ASSERT_TRUE(f);
  EXPECT_EQ(f->count, 1u);
  EXPECT_TRUE(f->store);
  for (std::string name : kSimulatedForms) {
    std::optional<Form> form = decode(name);
    ASSERT_TRUE(form) << name;
    EXPECT_EQ(form->store, name[0] == 's') << name;
    EXPECT_EQ(form->trans, name.find(".trans") != std::string::npos) << name;
    EXPECT_EQ(form->count, unsigned(name[name.find(".x") + 2] - '0')) << name;
  }
  for (const char *name :
       {"ldmatrix.sync.aligned.m16n16.x1.trans.b8",
        "stmatrix.sync.aligned.m16n8.x1.trans.b8",
        "ldmatrix.sync.aligned.m8n8.x3.b16",
        "ldmatrix.sync.aligned.m8n8.x4.b16.b16", "ldmatrix.m8n8.x4.b16"})
    EXPECT_FALSE(decode(name)) << name;
}

} // namespace
