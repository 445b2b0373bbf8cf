// The simulator's tensor map (its own 128-byte encoding of what
// cuTensorMapEncodeTiled describes; the real CUtensorMap is opaque) and
// the TMA tile-mode copies between a tensor in global memory and a box in
// shared memory, with the PTX ISA's swizzle modes and out-of-bounds fill.
//
// Encoding (little-endian; README.md "Tensor maps"):
//   0   u32 magic 0x50414d54 ("TMAP")    4  u8 data type (CUtensorMapDataType)
//   5   u8  rank 1..5                    6  u8 swizzle: 0 none, 1 32B, 2 64B,
//   7   u8  OOB fill: 0 zero, 1 NaN               3 128B
//   8   u64 global address (16-byte aligned)
//   16  u32 global dims[5], innermost first
//   36  u32 interleave (0: none, the only one simulated)
//   40  u64 global strides[4] in bytes of dims 1..4 (multiples of 16)
//   72  u16 box dims[5] (1..256)        82  u8 element strides[5] (1..8)
//   87..127 zero
#ifndef TILEIRAS_SIM_TENSOR_MAP_H
#define TILEIRAS_SIM_TENSOR_MAP_H

#include <cstdint>
#include <string>
#include <vector>

namespace sim::tma {

constexpr uint32_t kMagic = 0x50414d54;
constexpr unsigned kMaxRank = 5;

struct TensorMap {
  unsigned dataType = 0, rank = 0, swizzle = 0, oobFill = 0;
  uint64_t address = 0;
  uint64_t dims[kMaxRank] = {1, 1, 1, 1, 1};
  uint64_t strides[kMaxRank] = {}; // bytes; strides[0] = element size
  unsigned box[kMaxRank] = {1, 1, 1, 1, 1};
  unsigned elementStrides[kMaxRank] = {1, 1, 1, 1, 1};
  unsigned elementBytes = 0;
};

/// Decodes and validates the 128 bytes (the rules of
/// cuTensorMapEncodeTiled); false with `error` on a bad map.
bool decode(const unsigned char *bytes, TensorMap &map, std::string &error);

/// Elements the box holds along `dim` (ceil(box / element stride); the
/// element stride of dim 0 is ignored without interleave).
unsigned boxElements(const TensorMap &map, unsigned dim);
/// The bytes of a whole box in shared memory (what a load credits to its
/// mbarrier, out-of-bounds elements included).
uint64_t boxBytes(const TensorMap &map);
/// Bytes from the global address to the end of the tensor's last element.
uint64_t tensorExtent(const TensorMap &map);

/// Byte offset `offset` (relative to a 1024-byte aligned shared address) as
/// the swizzle mode places it: the 16-byte chunk index (bits 4..6) XOR the
/// bits 7..9 of the offset, masked to 1, 2 or 3 bits for 32B, 64B, 128B.
uint64_t swizzle(uint64_t offset, unsigned mode);

/// The box at `coords` (signed, innermost first) as it lands in shared
/// memory at shared offset `sharedOffset`: out-of-bounds elements filled,
/// placed through the swizzle. Returns boxBytes bytes.
std::vector<unsigned char> loadBox(const TensorMap &map, const int32_t *coords,
                                   uint64_t sharedOffset);
/// Writes the in-bounds elements of the box at `box` (shared memory at
/// shared offset `sharedOffset`) to the tensor; the rest is clipped.
void storeBox(const TensorMap &map, const int32_t *coords,
              const unsigned char *box, uint64_t sharedOffset);

} // namespace sim::tma

#endif // TILEIRAS_SIM_TENSOR_MAP_H
