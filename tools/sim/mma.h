// mma.sync for the CPU simulator: which instruction an intrinsic name
// denotes, and one lane's D fragment computed from the fragments of the
// whole warp, from the PTX ISA's fragment tables (m16n8k8 tf32 and f16,
// m16n8k16 f16/bf16 with f32 or f16 accumulators, m16n8k32
// s8/u8/e4m3/e5m2, m8n8k16 s8/u8, m8n8k4 f64), and sm_120a's block-scaled
// forms: m16n8k32 e4m3/e5m2/e2m1 (kind::mxf8f6f4, scale_vec::1X, ue8m0
// scales; e2m1 one a byte)
// and m16n8k64 e2m1 (kind::mxf4 scale_vec::2X ue8m0; kind::mxf4nvf4
// scale_vec::2X ue8m0 or scale_vec::4X ue4m3).
#ifndef TILEIRAS_SIM_MMA_H
#define TILEIRAS_SIM_MMA_H

#include <cstdint>
#include <optional>
#include <string>

namespace sim::mma {

/// E2M1Byte: an e2m1 value in an 8-bit container, bits 2-5 (the middle
/// four; kind::mxf8f6f4 with .e2m1), read with the 8-bit fragment tables.
enum class Type { F16, BF16, TF32, S8, U8, E4M3, E5M2, F64, E2M1, E2M1Byte };

/// The scale type of a block-scaled form.
enum class ScaleType { UE8M0, UE4M3 };

struct Instr {
  unsigned m = 16, n = 8;
  /// 4 (f64), 8, 16 or 32 (8-bit m16n8), 16 (8-bit m8n8), 64 (e2m1 m16n8)
  unsigned k = 0;
  Type a = Type::F16, b = Type::F16;
  bool intAccumulator = false; // s32 (else f32)
  bool saturate = false;       // .satfinite
  /// f16 C and D (f16 multiplicands): two .f16x2 words, c(2w) in the low
  /// half of word w (else f32).
  bool f16Accumulator = false;
  /// 32-bit words per lane of A, B and C (= D); an f64 register is two.
  unsigned aWords = 4, bWords = 2, cWords = 4;
  /// mma.sync...block_scale (kind::mxf8f6f4 m16n8k32 scale_vec::1X ue8m0;
  /// kind::mxf4 and kind::mxf4nvf4 m16n8k64 e2m1, scale_vec::2X ue8m0 or
  /// (mxf4nvf4) scale_vec::4X ue4m3): D = (A * scale_A) x (B * scale_B) + C
  /// with scale_A M x scaleVector and scale_B scaleVector x N, scale j of a
  /// row of A or column of B applying to its K block j (the k / scaleVector
  /// consecutive elements from j k / scaleVector); the lanes also pass the
  /// scale operands (see LaneFragments).
  bool blockScale = false;
  unsigned scaleVector = 1; // 1X, 2X or 4X
  ScaleType scaleType = ScaleType::UE8M0;

  /// Operand words per lane: A, B, C, then the six scale operands of a
  /// block-scaled form.
  unsigned operandWords() const;
};

/// Words per lane of each fragment of the m16n8k{8 tf32,16,32,64} forms,
/// which are also the most any form has: A 4, B 2, C/D 4.
constexpr unsigned kAWords = 4, kBWords = 2, kCWords = 4;

/// The scale operands of a block-scaled form, after the 10 fragment words.
constexpr unsigned kScaleWords = 6;

/// Decodes "mma.m16n8k16.row.col.bf16" and friends (the LLVM intrinsic name
/// without "llvm.nvvm."), and the block-scaled
/// "mma.block.scale.m16n8k32.row.col.mxf8f6f4[.scale.1x].f32.<a>.<b>.f32.ue8m0"
/// with <a>, <b> e4m3 or e5m2,
/// "mma.block.scale.m16n8k64.row.col.mxf4[.scale.2x].f32.e2m1.e2m1.f32.ue8m0",
/// "mma.block.scale.m16n8k64.row.col.mxf4nvf4.scale.2x.f32.e2m1.e2m1.f32.ue8m0"
/// and
/// "mma.block.scale.m16n8k64.row.col.mxf4nvf4.scale.4x.f32.e2m1.e2m1.f32.ue4m3";
/// nullopt for forms the simulator does not know.
std::optional<Instr> decode(const std::string &name);

/// A lane's fragment registers: A words, then B, then C (at the offsets the
/// Instr's word counts give; an f64 register is its low word first); then,
/// for a block-scaled form only, the scale operands in the intrinsic's
/// order (the i16 ids zero-extended to a word): scale_A's register, its
/// byte id and thread id (0..1), scale_B's register, its byte id and
/// thread id (0..3); byte ids 0..3 with scale_vec::1X, 0 or 2 with 2X, 0
/// with 4X.
struct LaneFragments {
  uint32_t words[kAWords + kBWords + kCWords];
  uint32_t scaleA, byteIdA, threadIdA, scaleB, byteIdB, threadIdB;
};
static_assert(sizeof(LaneFragments) ==
                  4 * (kAWords + kBWords + kCWords + kScaleWords),
              "the scale operands follow the fragment words");

/// For a block-scaled form: why the warp's byte/thread ids cannot be used
/// (they differ between lanes, or are out of range: they are immediates in
/// PTX), or nullopt when they are fine (and always for other forms).
std::optional<std::string>
checkScaleSelectors(const Instr &instr, const LaneFragments *const lanes[32]);

/// The scale of row `row` of A and of column `column` of B for K block
/// `block` (0 .. scaleVector - 1), as the byte selected from the owning
/// lane's scale register: row m from lane 4 (m % 8) + 2 threadIdA + m / 8,
/// column n from lane 4n + threadIdB, byte byteId + block (lane 0's ids);
/// exposed for tests.
uint8_t scaleByteA(const LaneFragments *const lanes[32], unsigned row,
                   unsigned block = 0);
uint8_t scaleByteB(const LaneFragments *const lanes[32], unsigned column,
                   unsigned block = 0);

/// 2^(e - 127) for a ue8m0 scale byte, NaN for 0xff.
double decodeUe8m0(uint8_t e);

/// A ue4m3 scale byte: e4m3 without sign (bias 7, 3 mantissa bits,
/// exponent 0 subnormal: m / 8 * 2^-6; 0x7f NaN); bit 7, the sign of an
/// f8E4M3FN container, is not read (treated as 0), so 0xff is NaN too.
double decodeUe4m3(uint8_t bits);

/// The f32 nearest (ties to even) to the exact sum of `terms` (at most 8),
/// each exact in double; NaN or infinite terms give their plain sum (as
/// does a count above 8). Used by the block-scaled forms (also tcgen05's).
float roundedSum(const double *terms, unsigned count);

/// D of lane `lane` (instr.cWords words: f32, s32, f16x2 or f64 bits) from
/// all 32 lanes' fragments (of a block-scaled form, with selectors that
/// checkScaleSelectors accepts).
void compute(const Instr &instr, const LaneFragments *const lanes[32],
             unsigned lane, uint32_t d[kCWords]);

/// Element decoding, exposed for tests.
float decodeElement(Type type, uint32_t bits);

/// `value` rounded to the nearest f16 (ties to even, overflow to infinity),
/// as its bits; exposed for tests.
uint16_t encodeF16(double value);

} // namespace sim::mma

#endif // TILEIRAS_SIM_MMA_H
