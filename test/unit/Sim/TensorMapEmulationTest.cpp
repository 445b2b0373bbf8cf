//===- TensorMapEmulationTest.cpp - the simulator's TMA tile mode --------===//
//
// The simulator's tensor-map encoding (tensor_map.h) checked with the
// rules of cuTensorMapEncodeTiled, and the tile-mode copies against the
// PTX ISA: the box lands innermost dimension first, out-of-bounds elements
// are filled (zero or NaN), element strides skip elements, the swizzle
// modes XOR the 16-byte chunk index with address bits 7.., and stores clip.
//
//===----------------------------------------------------------------------===//

#include "tensor_map.h"

#include "gtest/gtest.h"

#include <cstring>
#include <vector>

using namespace sim::tma;

namespace {

/// A 2-D (or higher) map of `type` over `tensor` in the simulator's encoding.
std::vector<unsigned char> encode(const void *tensor, unsigned type,
                                  std::vector<uint32_t> dims,
                                  std::vector<uint64_t> strides,
                                  std::vector<uint16_t> box,
                                  unsigned swizzle = 0, unsigned fill = 0,
                                  std::vector<uint8_t> elementStrides = {}) {
  std::vector<unsigned char> map(128, 0);
  uint32_t magic = kMagic;
  uint64_t address = reinterpret_cast<uintptr_t>(tensor);
  memcpy(&map[0], &magic, 4);
  map[4] = type;
  map[5] = dims.size();
  map[6] = swizzle;
  map[7] = fill;
  memcpy(&map[8], &address, 8);
  for (unsigned d = 0; d < dims.size(); ++d) {
    memcpy(&map[16 + 4 * d], &dims[d], 4);
    memcpy(&map[72 + 2 * d], &box[d], 2);
    map[82 + d] = elementStrides.empty() ? 1 : elementStrides[d];
  }
  for (unsigned d = 0; d < strides.size(); ++d)
    memcpy(&map[40 + 8 * d], &strides[d], 8);
  return map;
}

TEST(SimTensorMap, DecodeChecksTheEncoderRules) {
  alignas(16) static float tensor[64 * 64];
  TensorMap map;
  std::string error;
  EXPECT_TRUE(
      decode(encode(tensor, 7, {64, 64}, {256}, {32, 8}).data(), map, error))
      << error;
  EXPECT_EQ(map.elementBytes, 4u);
  EXPECT_EQ(boxBytes(map), 32u * 8 * 4);
  EXPECT_EQ(tensorExtent(map), 63u * 256 + 64 * 4);
  struct Bad {
    std::vector<unsigned char> map;
    const char *why;
  } bad[] = {
      {encode(tensor, 7, {64, 64}, {250}, {32, 8}), "stride not 16-aligned"},
      {encode(tensor, 7, {64, 64}, {256}, {3, 8}), "inner box 12 bytes"},
      {encode(tensor, 7, {64, 64}, {256}, {32, 8}, 1), "128 B box, 32B swz"},
      {encode(tensor, 7, {64, 64}, {256}, {32, 300}), "box above 256"},
      {encode(tensor, 3, {64, 64}, {256}, {32, 8}, 0, 1), "NaN fill of i32"},
      {encode(tensor, 13, {64, 64}, {256}, {32, 8}), "unknown type"},
      {encode(reinterpret_cast<char *>(tensor) + 4, 7, {64, 64}, {256},
              {32, 8}),
       "address not 16-aligned"},
  };
  for (Bad &b : bad)
    EXPECT_FALSE(decode(b.map.data(), map, error)) << b.why;
  std::vector<unsigned char> noMagic(128, 0);
  EXPECT_FALSE(decode(noMagic.data(), map, error));
}

TEST(SimTensorMap, SwizzleModes) {
  // 128B: row r (128 bytes) has its chunk c at chunk c ^ (r % 8).
  for (unsigned row = 0; row < 16; ++row)
    for (unsigned chunk = 0; chunk < 8; ++chunk)
      EXPECT_EQ(swizzle(128 * row + 16 * chunk + 5, 3),
                128 * row + 16 * (chunk ^ (row % 8)) + 5);
  // 64B: 64-byte rows, chunk ^ ((row / 2) % 4); 32B: chunk ^ ((row / 4) % 2).
  for (unsigned row = 0; row < 16; ++row)
    for (unsigned chunk = 0; chunk < 4; ++chunk)
      EXPECT_EQ(swizzle(64 * row + 16 * chunk, 2),
                64 * row + 16 * (chunk ^ (row / 2 % 4)));
  for (unsigned row = 0; row < 16; ++row)
    for (unsigned chunk = 0; chunk < 2; ++chunk)
      EXPECT_EQ(swizzle(32 * row + 16 * chunk, 1),
                32 * row + 16 * (chunk ^ (row / 4 % 2)));
  EXPECT_EQ(swizzle(12345, 0), 12345u);
}

TEST(SimTensorMap, LoadFillsOutOfBoundsAndSwizzles) {
  // 10 x 6 u16 tensor, rows padded to 32 bytes; box 16 x 4 at (-2, 4).
  alignas(16) static uint16_t tensor[6 * 16];
  for (unsigned i = 0; i < 6 * 16; ++i)
    tensor[i] = 1000 + i;
  TensorMap map;
  std::string error;
  ASSERT_TRUE(
      decode(encode(tensor, 1, {10, 6}, {32}, {16, 4}).data(), map, error))
      << error;
  int32_t coords[5] = {-2, 4};
  std::vector<unsigned char> box = loadBox(map, coords, 0);
  ASSERT_EQ(box.size(), 16u * 4 * 2);
  auto at = [&](unsigned x, unsigned y) {
    uint16_t v;
    memcpy(&v, &box[2 * (16 * y + x)], 2);
    return v;
  };
  EXPECT_EQ(at(0, 0), 0) << "x = -2";
  EXPECT_EQ(at(2, 0), 1000 + 4 * 16 + 0);
  EXPECT_EQ(at(11, 1), 1000 + 5 * 16 + 9);
  EXPECT_EQ(at(12, 1), 0) << "x = 10";
  EXPECT_EQ(at(5, 2), 0) << "y = 6";
  // NaN fill (f16 bits 0x7fff) for a float type.
  ASSERT_TRUE(decode(encode(tensor, 6, {10, 6}, {32}, {16, 4}, 0, 1).data(),
                     map, error));
  box = loadBox(map, coords, 0);
  EXPECT_EQ(at(0, 0), 0x7fff);
  // 32B swizzle: rows 32 bytes, rows 4..7 have their two chunks swapped.
  ASSERT_TRUE(
      decode(encode(tensor, 1, {10, 6}, {32}, {16, 4}, 1).data(), map, error));
  int32_t origin[5] = {0, 0};
  box = loadBox(map, origin, 128); // shared offset 128: row bits 7.. = 1
  uint16_t first;
  memcpy(&first, &box[16], 2); // chunk 1 of row 0 holds chunk 0's data
  EXPECT_EQ(first, 1000);
}

TEST(SimTensorMap, ElementStridesAndStoreClipping) {
  alignas(16) static float tensor[8 * 4];
  for (unsigned i = 0; i < 32; ++i)
    tensor[i] = float(i);
  TensorMap map;
  std::string error;
  ASSERT_TRUE(decode(
      encode(tensor, 7, {8, 8}, {16}, {4, 8}, 0, 0, {1, 3}).data(), map, error))
      << error;
  EXPECT_EQ(boxElements(map, 1), 3u) << "ceil(8 / 3) rows";
  int32_t coords[5] = {0, 0};
  std::vector<unsigned char> box = loadBox(map, coords, 0);
  float row1[4];
  memcpy(row1, &box[16], 16);
  EXPECT_EQ(row1[0], 3 * 4.0f) << "the second box row is tensor row 3";
  // Stores write only the in-bounds part.
  alignas(16) static float out[4 * 4];
  for (float &f : out)
    f = -1;
  ASSERT_TRUE(decode(encode(out, 7, {4, 4}, {16}, {4, 2}).data(), map, error));
  float src[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  int32_t at[5] = {2, 3};
  storeBox(map, at, reinterpret_cast<unsigned char *>(src), 0);
  EXPECT_EQ(out[3 * 4 + 2], 1);
  EXPECT_EQ(out[3 * 4 + 3], 2);
  EXPECT_EQ(out[3 * 4 + 1], -1);
  for (unsigned i = 0; i < 12; ++i)
    EXPECT_EQ(out[i], -1) << "rows 0..2 untouched";
}

} // namespace
