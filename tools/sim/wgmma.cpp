// wgmma.mma_async emulation (see wgmma.h). Products are exact in double;
// the sum of a row's products and C is rounded once to f32.
#include "wgmma.h"
#include "proxy.h"
#include "tensor_map.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <regex>

using namespace sim::wgmma;
using sim::mma::Type;

std::optional<Instr> sim::wgmma::decode(const std::string &name) {
  static const std::regex form(
      "wgmma\\.mma_async\\.sync\\.aligned\\.m64n([0-9]+)k([0-9]+)"
      "(\\.satfinite)?\\.(f32|s32)\\."
      "(f16|bf16|tf32|e4m3|e5m2|s8|u8)\\.(f16|bf16|tf32|e4m3|e5m2|s8|u8)");
  std::smatch match;
  if (!std::regex_match(name, match, form))
    return std::nullopt;
  auto type = [](const std::string &t) {
    return t == "f16"    ? Type::F16
           : t == "bf16" ? Type::BF16
           : t == "tf32" ? Type::TF32
           : t == "e4m3" ? Type::E4M3
           : t == "e5m2" ? Type::E5M2
           : t == "s8"   ? Type::S8
                         : Type::U8;
  };
  Instr instr;
  instr.n = std::stoul(match[1]);
  instr.k = std::stoul(match[2]);
  instr.saturate = match[3].matched;
  instr.integer = match[4] == "s32";
  instr.a = type(match[5]);
  instr.b = type(match[6]);
  auto fp8 = [](Type t) { return t == Type::E4M3 || t == Type::E5M2; };
  auto int8 = [](Type t) { return t == Type::S8 || t == Type::U8; };
  bool eightBit = fp8(instr.a) || int8(instr.a);
  instr.elementBytes = instr.a == Type::TF32 ? 4 : eightBit ? 1 : 2;
  bool sameKind = instr.a == instr.b || (fp8(instr.a) && fp8(instr.b)) ||
                  (int8(instr.a) && int8(instr.b));
  // s32 accumulators go with s8/u8 (N 8..32 by 8, then by 16), f32 with
  // the float types; .satfinite with s32 only.
  bool validN = instr.n >= 8 && instr.n <= 256 && instr.n % 8 == 0 &&
                (!instr.integer || instr.n <= 32 || instr.n % 16 == 0);
  if (!sameKind || instr.integer != int8(instr.a) ||
      (instr.saturate && !instr.integer) || !validN ||
      instr.k * instr.elementBytes != 32)
    return std::nullopt;
  return instr;
}

Descriptor sim::wgmma::decodeDescriptor(uint64_t bits) {
  auto field = [&](unsigned low) { return ((bits >> low) & 0x3fff) << 4; };
  Descriptor d;
  d.start = field(0);
  d.lbo = field(16);
  d.sbo = field(32);
  d.baseOffset = (bits >> 49) & 7;
  d.swizzle = bits >> 62;
  return d;
}

unsigned sim::wgmma::swizzleBytes(unsigned code) {
  static const unsigned bytes[] = {0, 128, 64, 32};
  return bytes[code & 3];
}

uint64_t sim::wgmma::kMajorOffset(const Descriptor &d, unsigned elementBytes,
                                  unsigned row, unsigned kIndex) {
  uint64_t kByte = uint64_t(kIndex) * elementBytes;
  unsigned span = swizzleBytes(d.swizzle);
  if (!span)
    return d.start + row / 8 * d.sbo + kByte / 16 * d.lbo + row % 8 * 16 +
           kByte % 16;
  // The TMA swizzle modes 1/2/3 (32B/64B/128B) are the spans 32/64/128.
  unsigned tmaMode = span == 32 ? 1 : span == 64 ? 2 : 3;
  uint64_t linear = d.start + row / 8 * d.sbo + row % 8 * span + kByte % span +
                    kByte / span * d.lbo;
  return tma::swizzle(linear, tmaMode);
}

uint64_t sim::wgmma::mnMajorOffset(const Descriptor &d, unsigned elementBytes,
                                   unsigned mn, unsigned kIndex) {
  uint64_t mnByte = uint64_t(mn) * elementBytes;
  unsigned span = swizzleBytes(d.swizzle);
  if (!span)
    return d.start + mnByte / 16 * d.sbo + kIndex / 8 * d.lbo +
           kIndex % 8 * 16 + mnByte % 16;
  unsigned tmaMode = span == 32 ? 1 : span == 64 ? 2 : 3;
  uint64_t linear = d.start + mnByte / span * d.lbo + mnByte % span +
                    kIndex / 8 * d.sbo + kIndex % 8 * span;
  return tma::swizzle(linear, tmaMode);
}

void sim::wgmma::fragmentPosition(unsigned thread, unsigned i, unsigned &row,
                                  unsigned &column) {
  unsigned warp = thread / 32, lane = thread % 32;
  unsigned g = lane / 4, t = lane % 4;
  row = 16 * warp + g + 8 * ((i >> 1) & 1);
  column = 8 * (i >> 2) + 2 * t + (i & 1);
}

namespace {

/// Element bits at `offset` of shared memory, or false when outside.
bool sharedElement(const Operands &ops, uint64_t offset, unsigned bytes,
                   uint32_t &bits, std::string &error) {
  if (offset + bytes > ops.sharedBytes) {
    error = "wgmma operand at shared offset " + std::to_string(offset) +
            " is outside the CTA's " + std::to_string(ops.sharedBytes) +
            " bytes of shared memory";
    return false;
  }
  if (!sim::proxy::checkAsyncRead("wgmma", offset, bytes, error))
    return false;
  bits = 0;
  memcpy(&bits, ops.shared + offset, bytes);
  return true;
}

/// A(row, k) from the registers: warp row / 16 holds rows 16w .. 16w+15 in
/// the m16n8k16 A layout (reg0 (g, 2t..), reg1 (g+8, 2t..), reg2 (g,
/// 2t+8..), reg3 (g+8, 2t+8..), low half first).
uint32_t registerElement(const Operands &ops, unsigned row, unsigned k) {
  unsigned warp = row / 16, r = row % 16;
  unsigned lane = 4 * (r % 8) + (k % 8) / 2;
  unsigned reg = r / 8 + 2 * (k / 8);
  uint32_t word = ops.aRegisters[32 * warp + lane][reg];
  return k % 2 ? word >> 16 : word & 0xffff;
}

} // namespace

bool sim::wgmma::compute(const Instr &instr, const Operands &ops,
                         unsigned thread, const uint32_t *c, uint32_t *d,
                         std::string &error) {
  Descriptor a = decodeDescriptor(ops.descA), b = decodeDescriptor(ops.descB);
  auto offset = [&](const Descriptor &d, bool mnMajor, unsigned mn,
                    unsigned k) {
    return mnMajor ? mnMajorOffset(d, instr.elementBytes, mn, k)
                   : kMajorOffset(d, instr.elementBytes, mn, k);
  };
  for (unsigned i = 0; i < instr.n / 2; ++i) {
    unsigned row, column;
    fragmentPosition(thread, i, row, column);
    double sum = 0;
    for (unsigned k = 0; k < instr.k; ++k) {
      uint32_t x, y;
      if (ops.aRegisters)
        x = registerElement(ops, row, k);
      else if (!sharedElement(ops, offset(a, ops.transA, row, k),
                              instr.elementBytes, x, error))
        return false;
      if (!sharedElement(ops, offset(b, ops.transB, column, k),
                         instr.elementBytes, y, error))
        return false;
      sum += double(mma::decodeElement(instr.a, x)) *
             double(mma::decodeElement(instr.b, y));
    }
    if (instr.integer) {
      // |products| < 2^16 and K = 32: the double sum is exact.
      int64_t total = int64_t(sum) + (ops.scaleD ? int64_t(int32_t(c[i])) : 0);
      if (instr.saturate)
        total = std::clamp<int64_t>(total, INT32_MIN, INT32_MAX);
      d[i] = uint32_t(total);
      continue;
    }
    sum *= ops.scaleA * ops.scaleB;
    if (ops.scaleD) {
      float cf;
      memcpy(&cf, &c[i], 4);
      sum += cf;
    }
    float df = static_cast<float>(sum);
    memcpy(&d[i], &df, 4);
  }
  return true;
}
