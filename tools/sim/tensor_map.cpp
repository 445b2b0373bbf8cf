// TMA tile mode (see tensor_map.h).
#include "tensor_map.h"

#include <cstring>

using namespace sim::tma;

namespace {

template <typename T> T field(const unsigned char *bytes, unsigned offset) {
  T value;
  memcpy(&value, bytes + offset, sizeof value);
  return value;
}

unsigned bytesOf(unsigned dataType) {
  static const unsigned sizes[] = {1, 2, 4, 4, 8, 8, 2, 4, 8, 2, 4, 4, 4};
  return dataType < 13 ? sizes[dataType] : 0;
}

bool isFloat(unsigned dataType) { return dataType >= 6; }

/// The element fill of an out-of-bounds element: zero, or a quiet NaN.
void fill(unsigned char *to, const TensorMap &map) {
  memset(to, 0, map.elementBytes);
  if (!map.oobFill)
    return;
  if (map.elementBytes == 2)
    to[1] = 0x7f, to[0] = 0xff;
  else if (map.elementBytes == 4)
    memcpy(to, "\xff\xff\xff\x7f", 4);
  else
    memcpy(to, "\xff\xff\xff\xff\xff\xff\xff\x7f", 8);
}

bool fail(std::string &error, const std::string &why) {
  error = "bad tensor map: " + why;
  return false;
}

/// Calls `visit(boxOffset, globalOffset or -1 when out of bounds)` for
/// every element of the box at `coords`, box offsets dense, innermost first.
template <typename Visit>
void forEachElement(const TensorMap &map, const int32_t *coords, Visit visit) {
  unsigned n[kMaxRank];
  uint64_t total = 1;
  for (unsigned d = 0; d < kMaxRank; ++d)
    total *= n[d] = d < map.rank ? boxElements(map, d) : 1;
  for (uint64_t linear = 0; linear < total; ++linear) {
    uint64_t rest = linear, global = 0;
    bool inside = true;
    for (unsigned d = 0; d < map.rank; ++d) {
      int64_t index = rest % n[d];
      rest /= n[d];
      unsigned step = d == 0 ? 1 : map.elementStrides[d];
      int64_t at = static_cast<int64_t>(coords[d]) + index * step;
      inside &= at >= 0 && static_cast<uint64_t>(at) < map.dims[d];
      global += static_cast<uint64_t>(at) * map.strides[d];
    }
    visit(linear * map.elementBytes,
          inside ? static_cast<int64_t>(global) : -1);
  }
}

} // namespace

bool sim::tma::decode(const unsigned char *bytes, TensorMap &map,
                      std::string &error) {
  if (field<uint32_t>(bytes, 0) != kMagic)
    return fail(error, "no simulator tensor map (magic \"TMAP\" missing; "
                       "build it with simlib.TensorMap)");
  map.dataType = bytes[4];
  map.rank = bytes[5];
  map.swizzle = bytes[6];
  map.oobFill = bytes[7];
  map.address = field<uint64_t>(bytes, 8);
  map.elementBytes = bytesOf(map.dataType);
  if (!map.elementBytes)
    return fail(error, "data type " + std::to_string(map.dataType));
  if (map.rank < 1 || map.rank > kMaxRank)
    return fail(error, "rank " + std::to_string(map.rank));
  if (map.swizzle > 3 || map.oobFill > 1 || field<uint32_t>(bytes, 36))
    return fail(error, "swizzle, fill or interleave out of range");
  if (map.oobFill && !isFloat(map.dataType))
    return fail(error, "NaN fill of an integer type");
  if (map.address % 16)
    return fail(error, "global address not 16-byte aligned");
  map.strides[0] = map.elementBytes;
  for (unsigned d = 0; d < map.rank; ++d) {
    map.dims[d] = field<uint32_t>(bytes, 16 + 4 * d);
    map.box[d] = field<uint16_t>(bytes, 72 + 2 * d);
    map.elementStrides[d] = bytes[82 + d];
    if (d > 0)
      map.strides[d] = field<uint64_t>(bytes, 40 + 8 * (d - 1));
    if (!map.dims[d] || map.box[d] < 1 || map.box[d] > 256 ||
        map.elementStrides[d] < 1 || map.elementStrides[d] > 8)
      return fail(error, "dim, box or element stride of dimension " +
                             std::to_string(d) + " out of range");
    if (d > 0 && (map.strides[d] % 16 || map.strides[d] >= (1ull << 40)))
      return fail(error, "global stride of dimension " + std::to_string(d) +
                             " not a multiple of 16 below 2^40");
  }
  uint64_t inner = map.box[0] * map.elementBytes;
  if (inner % 16)
    return fail(error, "inner box dimension not a multiple of 16 bytes");
  if (map.swizzle && inner > (16u << map.swizzle))
    return fail(error, "inner box dimension wider than the swizzle span");
  return true;
}

unsigned sim::tma::boxElements(const TensorMap &map, unsigned dim) {
  unsigned stride = dim == 0 ? 1 : map.elementStrides[dim];
  return (map.box[dim] + stride - 1) / stride;
}

uint64_t sim::tma::boxBytes(const TensorMap &map) {
  uint64_t bytes = map.elementBytes;
  for (unsigned d = 0; d < map.rank; ++d)
    bytes *= boxElements(map, d);
  return bytes;
}

uint64_t sim::tma::tensorExtent(const TensorMap &map) {
  uint64_t last = 0;
  for (unsigned d = 0; d < map.rank; ++d)
    last += (map.dims[d] - 1) * map.strides[d];
  return last + map.elementBytes;
}

uint64_t sim::tma::swizzle(uint64_t offset, unsigned mode) {
  if (mode == 0)
    return offset;
  uint64_t mask = (1u << mode) - 1; // 32B: 1 bit, 64B: 2, 128B: 3
  return offset ^ (((offset >> 7) & mask) << 4);
}

std::vector<unsigned char> sim::tma::loadBox(const TensorMap &map,
                                             const int32_t *coords,
                                             uint64_t sharedOffset) {
  std::vector<unsigned char> box(boxBytes(map));
  const auto *tensor = reinterpret_cast<const unsigned char *>(map.address);
  forEachElement(map, coords, [&](uint64_t at, int64_t global) {
    unsigned char *to =
        box.data() + swizzle(sharedOffset + at, map.swizzle) - sharedOffset;
    if (global < 0)
      fill(to, map);
    else
      memcpy(to, tensor + global, map.elementBytes);
  });
  return box;
}

void sim::tma::storeBox(const TensorMap &map, const int32_t *coords,
                        const unsigned char *box, uint64_t sharedOffset) {
  auto *tensor = reinterpret_cast<unsigned char *>(map.address);
  forEachElement(map, coords, [&](uint64_t at, int64_t global) {
    if (global >= 0)
      memcpy(tensor + global,
             box + swizzle(sharedOffset + at, map.swizzle) - sharedOffset,
             map.elementBytes);
  });
}
