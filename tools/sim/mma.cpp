// mma.sync emulation (see mma.h). The owner of every A and B element is
// found by inverting the PTX ISA's fragment tables: with g = lane / 4 and
// t = lane % 4,
//   f16/bf16 m16n8k16: a_i at row g + 8 * ((i / 2) % 2), k = 2t + i % 2 +
//     8 * (i / 4); b_i at k = 2t + i % 2 + 8 * (i / 2), column g;
//   f16 m16n8k8: a0..a3 and b0, b1 of the k16 table (k < 8);
//   tf32 m16n8k8: a_i at row g + 8 * (i % 2), k = t + 4 * (i / 2);
//     b_i at k = t + 4i;
//   8-bit m16n8k32: a_i at row g + 8 * ((i / 4) % 2), k = 4t + i % 4 +
//     16 * (i / 8); b_i at k = 4t + i % 4 + 16 * (i / 4);
//   c_i / d_i at row g + 8 * (i / 2), column 2t + i % 2 (an f16
//     accumulator packs c0, c1 into the first .f16x2 word, c2, c3 into the
//     second: the same elements);
//   f64 m8n8k4: a0 at row g, k = t; b0 at k = t, column g; c_i / d_i at
//     row g, column 2t + i;
//   8-bit m8n8k16: a_i at row g, k = 4t + i; b_i at k = 4t + i, column g;
//     c_i / d_i at row g, column 2t + i.
//   e2m1 m16n8k64: a_i at row g + 8 ((i / 8) % 2), k = 8t + i % 8 +
//     32 (i / 16); b_i at k = 8t + i % 8 + 32 (i / 8), column g (eight
//     4-bit elements a word, element i of a word at bits 4i .. 4i + 3);
//   block-scaled forms (mxf8f6f4 m16n8k32 with the 8-bit tables,
//     scale_vec::1X, e2m1 in bits 2-5 of its byte; mxf4/mxf4nvf4 m16n8k64 with
//     the e2m1 tables, scale_vec::2X or 4X): K is cut into scaleVector blocks,
//     and the products of row m, column n in block j are multiplied by
//     SFA[m][j] and SFB[j][n] (ue8m0 2^(e - 127), 0xff NaN; or ue4m3) before C
//     is added; see scaleByteA/scaleByteB for which lane and byte give which
//     scale.
// Products are exact in double; the sum is rounded once to f32 or f16 (the
// hardware's internal order and precision are unspecified) and integer
// sums wrap modulo 2^32 unless .satfinite. Block-scaled: each block's sum
// (exact in double as the unscaled forms') times its two scales (exact)
// and C are summed exactly and rounded once to f32 (roundedSum), even where
// the scales of the blocks are far apart. f64: c + a0 b0 + ... + a3 b3 as
// a chain of fused multiply-adds in k order (the PTX ISA leaves the order
// unspecified, so results may differ from the GPU's in the last bits when
// the sum is inexact).
#include "mma.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <iterator>
#include <limits>
#include <sstream>
#include <vector>

using namespace sim::mma;

namespace {

unsigned bitsOf(Type type) {
  switch (type) {
  case Type::F16:
  case Type::BF16:
    return 16;
  case Type::TF32:
    return 32;
  case Type::F64:
    return 64;
  case Type::E2M1:
    return 4;
  default:
    return 8;
  }
}

float fromBits(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

/// A small float format (sign, `e` exponent bits, `m` mantissa bits).
float decodeMinifloat(uint32_t bits, unsigned e, unsigned m, int bias,
                      bool hasInfinity) {
  uint32_t sign = bits >> (e + m) & 1, exponent = bits >> m & ((1u << e) - 1);
  uint32_t mantissa = bits & ((1u << m) - 1);
  float value;
  if (exponent == (1u << e) - 1 && hasInfinity)
    value = mantissa ? NAN : INFINITY;
  else if (!hasInfinity && exponent == (1u << e) - 1 &&
           mantissa == (1u << m) - 1)
    value = NAN; // e4m3fn: only S.1111.111 is NaN
  else if (exponent == 0)
    value = std::ldexp(float(mantissa), 1 - bias - int(m));
  else
    value =
        std::ldexp(float(mantissa | (1u << m)), int(exponent) - bias - int(m));
  return sign ? -value : value;
}

/// Where element (row, k) of A or (k, column) of B lives: the lane, the
/// fragment word and the element's position in it.
struct Place {
  unsigned lane, word, slot;
};

Place placeA(const Instr &instr, unsigned row, unsigned k) {
  if (instr.m == 8) // m8n8k16: a_i at row g, k = 4t + i
    return {row * 4 + k / 4, 0, k % 4};
  unsigned g = row % 8, high = row / 8;
  switch (bitsOf(instr.a)) {
  case 16: {
    unsigned i = (k / 8) * 4 + high * 2 + k % 2;
    return {g * 4 + (k % 8) / 2, i / 2, i % 2};
  }
  case 32:
    return {g * 4 + k % 4, high + 2 * (k / 4), 0};
  case 4: { // e2m1 m16n8k64
    unsigned i = (k / 32) * 16 + high * 8 + k % 8;
    return {g * 4 + (k % 32) / 8, i / 8, i % 8};
  }
  default: {
    unsigned i = (k / 16) * 8 + high * 4 + k % 4;
    return {g * 4 + (k % 16) / 4, i / 4, i % 4};
  }
  }
}

Place placeB(const Instr &instr, unsigned k, unsigned column) {
  if (instr.m == 8) // m8n8k16: b_i at k = 4t + i, column g
    return {column * 4 + k / 4, 0, k % 4};
  switch (bitsOf(instr.b)) {
  case 16: {
    unsigned i = (k / 8) * 2 + k % 2;
    return {column * 4 + (k % 8) / 2, i / 2, i % 2};
  }
  case 32:
    return {column * 4 + k % 4, k / 4, 0};
  case 4: { // e2m1 m16n8k64
    unsigned i = (k / 32) * 8 + k % 8;
    return {column * 4 + (k % 32) / 8, i / 8, i % 8};
  }
  default: {
    unsigned i = (k / 16) * 4 + k % 4;
    return {column * 4 + (k % 16) / 4, i / 4, i % 4};
  }
  }
}

uint32_t element(Type type, uint32_t word, unsigned slot) {
  unsigned bits = bitsOf(type);
  if (bits == 32)
    return word;
  return word >> (slot * bits) & ((1u << bits) - 1);
}

} // namespace

float sim::mma::decodeElement(Type type, uint32_t bits) {
  switch (type) {
  case Type::F16:
    return decodeMinifloat(bits, 5, 10, 15, true);
  case Type::BF16:
    return fromBits(bits << 16);
  case Type::TF32:
    return fromBits(bits & 0xffffe000u); // the low 13 bits are not read
  case Type::E4M3:
    return decodeMinifloat(bits, 4, 3, 7, false);
  case Type::E5M2:
    return decodeMinifloat(bits, 5, 2, 15, true);
  case Type::S8:
    return float(int8_t(bits));
  case Type::U8:
    return float(uint8_t(bits));
  case Type::E2M1: { // sign, 2 exponent bits (bias 1), 1 mantissa bit; no
                     // infinity or NaN
    static const float magnitudes[8] = {0, 0.5f, 1, 1.5f, 2, 3, 4, 6};
    float magnitude = magnitudes[bits & 7];
    return bits & 8 ? -magnitude : magnitude;
  }
  case Type::E2M1Byte: // the middle four bits of the byte
    return decodeElement(Type::E2M1, bits >> 2 & 0xf);
  case Type::F64:
    break; // 64-bit: see computeF64
  }
  return NAN;
}

namespace {
/// A multiplicand type named in an intrinsic (f16 is never named: it is
/// what a name without multiplicand types means).
std::optional<Type> multiplicandType(const std::string &name) {
  static const struct {
    const char *name;
    Type type;
  } types[] = {{"bf16", Type::BF16}, {"tf32", Type::TF32}, {"s8", Type::S8},
               {"u8", Type::U8},     {"e4m3", Type::E4M3}, {"e5m2", Type::E5M2},
               {"f64", Type::F64}};
  for (const auto &entry : types)
    if (name == entry.name)
      return entry.type;
  return std::nullopt;
}
/// The fragment sizes of `instr`'s shape and types (A, B, C words per
/// lane); false for a combination no mma.sync form has.
bool setFragmentWords(Instr &instr) {
  if (instr.f16Accumulator) { // m16n8k16 f16: C/D two .f16x2 words
    if (instr.a != Type::F16 || instr.m != 16 || instr.k != 16)
      return false;
    instr.cWords = 2;
    return true;
  }
  if (instr.a == Type::F64) {
    if (instr.m != 8 || instr.k != 4)
      return false;
    instr.aWords = instr.bWords = 2;
    return true;
  }
  if (instr.m == 8) { // m8n8k16 s8/u8 (sm_75): A 1 word, B 1, C/D 2
    if (!instr.intAccumulator || instr.k != 16)
      return false;
    instr.aWords = instr.bWords = 1;
    instr.cWords = 2;
    return true;
  }
  if (instr.a == Type::F16 && instr.k == 8) { // sm_75's shape: half of k16
    instr.aWords = 2;
    instr.bWords = 1;
    return true;
  }
  unsigned expectedK = bitsOf(instr.a) == 16  ? 16
                       : bitsOf(instr.a) == 8 ? 32
                                              : 8;
  return instr.k == expectedK;
}
} // namespace

namespace {
/// "mma.block.scale.<shape>.row.col.<kind>[.scale.<n>x].f32.<a>.<b>.f32.
/// <scale type>" (`parts` split at the dots), the forms of the table: the
/// combinations of the PTX ISA's table of valid .kind/.scale_vec_size
/// pairs that LLVM has as intrinsics (kind::mxf8f6f4 without the 6- and
/// 4-bit types). The vector size may be left out where the kind has only
/// one (mxf8f6f4: 1X, mxf4: 2X; both spellings are LLVM intrinsics).
std::optional<Instr> decodeBlockScale(std::vector<std::string> parts) {
  static const struct {
    const char *shape, *kind, *vector;
    bool vectorOptional;
    const char *scaleType;
    unsigned k, scaleVector;
    ScaleType scale;
  } forms[] = {
      {"m16n8k32", "mxf8f6f4", "1x", true, "ue8m0", 32, 1, ScaleType::UE8M0},
      {"m16n8k64", "mxf4", "2x", true, "ue8m0", 64, 2, ScaleType::UE8M0},
      {"m16n8k64", "mxf4nvf4", "2x", false, "ue8m0", 64, 2, ScaleType::UE8M0},
      {"m16n8k64", "mxf4nvf4", "4x", false, "ue4m3", 64, 4, ScaleType::UE4M3},
  };
  if (parts.size() < 7 || parts[4] != "row" || parts[5] != "col")
    return std::nullopt;
  std::string shape = parts[3], kind = parts[6], vector;
  parts.erase(parts.begin(), parts.begin() + 7);
  if (parts.size() >= 2 && parts[0] == "scale") {
    vector = parts[1];
    parts.erase(parts.begin(), parts.begin() + 2);
  }
  if (parts.size() != 5 || parts[0] != "f32" || parts[3] != "f32")
    return std::nullopt;
  for (const auto &form : forms) {
    if (shape != form.shape || kind != form.kind ||
        (vector.empty() ? !form.vectorOptional : vector != form.vector) ||
        parts[4] != form.scaleType)
      continue;
    Instr instr;
    instr.m = 16;
    instr.k = form.k;
    instr.blockScale = true;
    instr.scaleVector = form.scaleVector;
    instr.scaleType = form.scale;
    Type *types[] = {&instr.a, &instr.b};
    for (unsigned i = 0; i < 2; ++i) {
      if (form.k == 64) { // kind::mxf4, mxf4nvf4: e2m1 only
        if (parts[1 + i] != "e2m1")
          return std::nullopt;
        *types[i] = Type::E2M1;
        continue;
      }
      // kind::mxf8f6f4 also reads e2m1, one a byte (e3m2/e2m3: not yet).
      if (parts[1 + i] == "e2m1") {
        *types[i] = Type::E2M1Byte;
        continue;
      }
      std::optional<Type> type = multiplicandType(parts[1 + i]);
      if (!type || (*type != Type::E4M3 && *type != Type::E5M2))
        return std::nullopt;
      *types[i] = *type;
    }
    // A 4 words, B 2, C/D 4 f32: the unscaled fp8 fragments, or the e2m1
    // ones (eight elements a word).
    return instr;
  }
  return std::nullopt;
}
} // namespace

unsigned sim::mma::Instr::operandWords() const {
  return aWords + bWords + cWords + (blockScale ? kScaleWords : 0);
}

std::optional<Instr> sim::mma::decode(const std::string &name) {
  std::vector<std::string> parts;
  std::stringstream in(name);
  for (std::string part; std::getline(in, part, '.');)
    parts.push_back(part);
  if (parts.size() >= 3 && parts[0] == "mma" && parts[1] == "block" &&
      parts[2] == "scale")
    return decodeBlockScale(parts);
  if (parts.size() < 5 || parts[0] != "mma" || parts[2] != "row" ||
      parts[3] != "col")
    return std::nullopt;
  static const struct {
    const char *name;
    unsigned m, k;
  } shapes[] = {{"m8n8k4", 8, 4},
                {"m8n8k16", 8, 16},
                {"m16n8k8", 16, 8},
                {"m16n8k16", 16, 16},
                {"m16n8k32", 16, 32}};
  auto shape = std::find_if(std::begin(shapes), std::end(shapes),
                            [&](const auto &s) { return parts[1] == s.name; });
  if (shape == std::end(shapes))
    return std::nullopt;
  Instr instr;
  instr.m = shape->m;
  instr.k = shape->k;
  // The type fields: the multiplicand type(s) alone (bf16, tf32, 8-bit
  // integers, f64: the accumulator follows from them), D and C for f16
  // multiplicands ("f32.f32", "f16.f16"), or D, A, B, C (fp8).
  std::vector<std::string> fields;
  for (size_t i = 4; i < parts.size(); ++i) {
    if (parts[i] == "satfinite")
      instr.saturate = true;
    else
      fields.push_back(parts[i]);
  }
  auto isFloatAcc = [](const std::string &f) {
    return f == "f16" || f == "f32";
  };
  std::string dType = "f32", cType = "f32";
  if (fields.size() == 2 && isFloatAcc(fields[0]) && isFloatAcc(fields[1])) {
    dType = fields[0];
    cType = fields[1];
    fields.clear();
  } else if (fields.size() == 4) {
    dType = fields.front();
    cType = fields.back();
    fields = {fields[1], fields[2]};
  }
  if (dType != cType) // mixed f16/f32 accumulators are not emitted
    return std::nullopt;
  instr.f16Accumulator = dType == "f16";
  std::vector<Type> multiplicands;
  for (const std::string &field : fields) {
    std::optional<Type> type = multiplicandType(field);
    if (!type)
      return std::nullopt;
    multiplicands.push_back(*type);
  }
  if (multiplicands.empty())
    multiplicands.push_back(Type::F16);
  instr.a = multiplicands.front();
  instr.b = multiplicands.size() > 1 ? multiplicands[1] : instr.a;
  instr.intAccumulator = instr.a == Type::S8 || instr.a == Type::U8;
  if (bitsOf(instr.a) != bitsOf(instr.b))
    return std::nullopt;
  if (!setFragmentWords(instr))
    return std::nullopt;
  return instr;
}

namespace {

double wordsToDouble(const uint32_t *words) {
  uint64_t bits = uint64_t(words[0]) | uint64_t(words[1]) << 32;
  double d;
  std::memcpy(&d, &bits, 8);
  return d;
}

/// m8n8k4 f64: d_i = c_i + sum over k of A(g, k) B(k, 2t + i).
void computeF64(const LaneFragments *const lanes[32], unsigned lane,
                uint32_t d[kCWords]) {
  unsigned g = lane / 4, t = lane % 4;
  for (unsigned i = 0; i < 2; ++i) {
    unsigned column = 2 * t + i;
    double sum = wordsToDouble(&lanes[lane]->words[4 + 2 * i]);
    for (unsigned k = 0; k < 4; ++k)
      sum = std::fma(wordsToDouble(&lanes[g * 4 + k]->words[0]),
                     wordsToDouble(&lanes[column * 4 + k]->words[2]), sum);
    std::memcpy(&d[2 * i], &sum, 8);
  }
}

} // namespace

namespace {

/// Element (row, column) of A * B over K from `begin` to `end` (one
/// instruction's K unless given), each product exact in double (and in
/// int64 for the 8-bit integer types).
double productSum(const Instr &instr, const LaneFragments *const lanes[32],
                  unsigned row, unsigned column, unsigned begin = 0,
                  unsigned end = ~0u) {
  double sum = 0;
  for (unsigned k = begin; k < std::min(end, instr.k); ++k) {
    Place pa = placeA(instr, row, k), pb = placeB(instr, k, column);
    double x = decodeElement(
        instr.a, element(instr.a, lanes[pa.lane]->words[pa.word], pa.slot));
    double y = decodeElement(
        instr.b, element(instr.b, lanes[pb.lane]->words[instr.aWords + pb.word],
                         pb.slot));
    sum += x * y;
  }
  return sum;
}

double scaleValue(const Instr &instr, uint8_t bits) {
  return instr.scaleType == ScaleType::UE4M3 ? decodeUe4m3(bits)
                                             : decodeUe8m0(bits);
}

} // namespace

// The terms are first made into non-overlapping partials whose sum is
// exact (Shewchuk's algorithm, as Python's math.fsum); from the largest
// down they give `high`, the double nearest to the sum, and `low`, the sign
// of the rest. Rounding `high` to f32 is then right unless `high` is the
// midpoint between two f32s and the rest is not zero: the rest then picks
// the f32 on its side.
float sim::mma::roundedSum(const double *terms, unsigned count) {
  double plain = 0;
  for (unsigned t = 0; t < count; ++t)
    plain += terms[t];
  if (!std::isfinite(plain) || count > 8)
    return float(plain);
  double partials[8];
  unsigned used = 0;
  for (unsigned t = 0; t < count; ++t) {
    double x = terms[t];
    unsigned kept = 0;
    for (unsigned p = 0; p < used; ++p) {
      double y = partials[p];
      if (std::fabs(x) < std::fabs(y))
        std::swap(x, y);
      double high = x + y, low = y - (high - x);
      if (low != 0)
        partials[kept++] = low;
      x = high;
    }
    partials[kept++] = x;
    used = kept;
  }
  double high = 0, low = 0;
  if (used) {
    high = partials[--used];
    while (used) {
      double x = high, y = partials[--used];
      high = x + y;
      low = y - (high - x);
      if (low != 0)
        break; // the partials below are smaller than low's lowest bit
    }
  }
  float nearest = float(high);
  if (low == 0 || double(nearest) == high)
    return nearest;
  if (std::isinf(nearest)) { // midpoint between FLT_MAX and 2^128
    double midpoint = std::ldexp(double((1u << 25) - 1), 128 - 25);
    bool towardZero = std::signbit(low) != std::signbit(high);
    return std::fabs(high) == midpoint && towardZero
               ? std::copysign(std::numeric_limits<float>::max(), high)
               : nearest;
  }
  float infinity = std::numeric_limits<float>::infinity();
  float other =
      std::nextafter(nearest, double(nearest) < high ? infinity : -infinity);
  if ((double(nearest) + double(other)) / 2 != high)
    return nearest;
  return low > 0 ? std::max(nearest, other) : std::min(nearest, other);
}

namespace {

/// Block-scaled element (row, column) of `lanes`' D: the sum of every K
/// block's products times the block's two scales, and c, rounded once.
float blockScaledSum(const Instr &instr, const LaneFragments *const lanes[32],
                     unsigned row, unsigned column, float c) {
  double terms[5];
  unsigned blockK = instr.k / instr.scaleVector;
  for (unsigned j = 0; j < instr.scaleVector; ++j) {
    // Each block's sum is exact in double (e2m1: multiples of 1/4 below
    // 2^11; e4m3: products from 2^-18 to 2^18; e5m2, as in the unscaled
    // form, unless its products span more than 2^53), and so is its
    // product with two powers of two (2^-127..2^127) or two ue4m3 scales
    // (4 significant bits each). A NaN scale makes its row or column NaN.
    terms[j] =
        productSum(instr, lanes, row, column, j * blockK, (j + 1) * blockK) *
        scaleValue(instr, scaleByteA(lanes, row, j)) *
        scaleValue(instr, scaleByteB(lanes, column, j));
  }
  terms[instr.scaleVector] = c;
  return roundedSum(terms, instr.scaleVector + 1);
}

/// Accumulates element `i` of `lane`'s C into its D: s32 wraps (or
/// saturates), f32 and f16 are rounded once from the exact sum; f16
/// elements i = 2w, 2w + 1 are the low and high halves of word w.
void accumulate(const Instr &instr, const LaneFragments *const lanes[32],
                unsigned lane, unsigned i, uint32_t d[kCWords]) {
  unsigned g = lane / 4, t = lane % 4;
  unsigned row = instr.m == 8 ? g : g + 8 * (i / 2);
  unsigned column = instr.m == 8 ? 2 * t + i : 2 * t + i % 2;
  const uint32_t *c = &lanes[lane]->words[instr.aWords + instr.bWords];
  if (instr.blockScale) {
    float result = blockScaledSum(instr, lanes, row, column, fromBits(c[i]));
    std::memcpy(&d[i], &result, 4);
    return;
  }
  double sum = productSum(instr, lanes, row, column);
  if (instr.intAccumulator) {
    // |products| < 2^16 and K <= 32: the double sum is exact.
    int64_t total = int64_t(int32_t(c[i])) + int64_t(sum);
    if (instr.saturate)
      total = std::clamp<int64_t>(total, std::numeric_limits<int32_t>::min(),
                                  std::numeric_limits<int32_t>::max());
    d[i] = uint32_t(total);
    return;
  }
  if (instr.f16Accumulator) {
    unsigned shift = 16 * (i % 2);
    sum += decodeElement(Type::F16, c[i / 2] >> shift & 0xffff);
    d[i / 2] = (d[i / 2] & ~(0xffffu << shift)) | uint32_t(encodeF16(sum))
                                                      << shift;
    return;
  }
  float result = float(sum + fromBits(c[i]));
  std::memcpy(&d[i], &result, 4);
}

} // namespace

uint16_t sim::mma::encodeF16(double value) {
  uint16_t sign = std::signbit(value) ? 0x8000 : 0;
  double magnitude = std::fabs(value);
  if (std::isnan(value))
    return 0x7e00;
  if (magnitude == 0)
    return sign;
  int exponent;
  std::frexp(magnitude, &exponent); // magnitude = f * 2^exponent, f in [.5,1)
  // Spacing of f16 values near `magnitude`: 10 mantissa bits, normal
  // exponents down to -14 (below that, subnormals spaced 2^-24).
  int quantumExp = std::max(exponent - 1, -14) - 10;
  double units = std::nearbyint(std::ldexp(magnitude, -quantumExp));
  double rounded = std::ldexp(units, quantumExp);
  if (rounded > 65504.0)
    return sign | 0x7c00;
  if (rounded < std::ldexp(1.0, -14))
    return sign | uint16_t(units); // subnormal: the mantissa is the count
  std::frexp(rounded, &exponent);
  uint16_t mantissa = uint16_t(std::ldexp(rounded, 11 - exponent)) & 0x3ff;
  return sign | uint16_t(exponent - 1 + 15) << 10 | mantissa;
}

double sim::mma::decodeUe8m0(uint8_t e) {
  return e == 0xff ? double(NAN) : std::ldexp(1.0, int(e) - 127);
}

double sim::mma::decodeUe4m3(uint8_t bits) {
  // Without the sign bit, e4m3fn's only NaN is 0x7f.
  return decodeMinifloat(bits & 0x7f, 4, 3, 7, false);
}

// Block scaling (PTX ISA, "Block Scaling for mma.sync"): every lane passes
// a scale register; byte byteId + j of it is the scale of K block j (one
// block with scale_vec::1X, two with 2X, four with 4X). Of scale_A
// (16 x scaleVector), threadIdA picks the lanes with lane % 4 =
// 2 threadIdA or 2 threadIdA + 1: row m comes from lane 4 (m % 8) +
// 2 threadIdA + m / 8. Of scale_B (scaleVector x 8), threadIdB picks lane
// 4n + threadIdB for column n. The other lanes' scale registers are not
// read.
uint8_t sim::mma::scaleByteA(const LaneFragments *const lanes[32], unsigned row,
                             unsigned block) {
  const LaneFragments &first = *lanes[0];
  unsigned owner = 4 * (row % 8) + 2 * first.threadIdA + row / 8;
  // (A byte id out of range, which checkScaleSelectors reports, wraps.)
  return uint8_t(lanes[owner]->scaleA >> (8 * ((first.byteIdA + block) % 4)));
}

uint8_t sim::mma::scaleByteB(const LaneFragments *const lanes[32],
                             unsigned column, unsigned block) {
  const LaneFragments &first = *lanes[0];
  unsigned owner = 4 * column + first.threadIdB;
  return uint8_t(lanes[owner]->scaleB >> (8 * ((first.byteIdB + block) % 4)));
}

std::optional<std::string>
sim::mma::checkScaleSelectors(const Instr &instr,
                              const LaneFragments *const lanes[32]) {
  if (!instr.blockScale)
    return std::nullopt;
  const LaneFragments &first = *lanes[0];
  std::ostringstream why;
  for (unsigned lane = 1; lane < 32; ++lane) {
    const LaneFragments &l = *lanes[lane];
    if (l.byteIdA != first.byteIdA || l.threadIdA != first.threadIdA ||
        l.byteIdB != first.byteIdB || l.threadIdB != first.threadIdB) {
      why << "lane " << lane << " has byte/thread ids " << l.byteIdA << "/"
          << l.threadIdA << " (A), " << l.byteIdB << "/" << l.threadIdB
          << " (B), lane 0 " << first.byteIdA << "/" << first.threadIdA << ", "
          << first.byteIdB << "/" << first.threadIdB;
      return why.str();
    }
  }
  // The scaleVector bytes from the byte id must lie in the register:
  // byte ids 0..3 (1X), 0 or 2 (2X), 0 (4X).
  auto badByte = [&](unsigned id) {
    return id > 3 || id % instr.scaleVector != 0;
  };
  if (badByte(first.byteIdA) || first.threadIdA > 1 || badByte(first.byteIdB) ||
      first.threadIdB > 3) {
    static const char *const byteIds[] = {"", "0..3", "0 or 2", "", "0"};
    why << "byte/thread ids " << first.byteIdA << "/" << first.threadIdA
        << " (A), " << first.byteIdB << "/" << first.threadIdB
        << " (B) out of range (byte ids "
        << byteIds[std::min(instr.scaleVector, 4u)]
        << ", thread id A 0..1, B 0..3)";
    return why.str();
  }
  return std::nullopt;
}

void sim::mma::compute(const Instr &instr, const LaneFragments *const lanes[32],
                       unsigned lane, uint32_t d[kCWords]) {
  if (instr.a == Type::F64)
    return computeF64(lanes, lane, d);
  unsigned elements = instr.f16Accumulator ? 2 * instr.cWords : instr.cWords;
  for (unsigned i = 0; i < elements; ++i)
    accumulate(instr, lanes, lane, i, d);
}
