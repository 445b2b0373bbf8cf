// mma.sync for the CPU simulator: which instruction an intrinsic name
// denotes, and one lane's D fragment computed from the fragments of the
// whole warp, from the PTX ISA's fragment tables (m16n8k8 tf32, m16n8k16
// f16/bf16, m16n8k32 s8/u8/e4m3/e5m2).
#ifndef TILEIRAS_SIM_MMA_H
#define TILEIRAS_SIM_MMA_H

#include <cstdint>
#include <optional>
#include <string>

namespace sim::mma {

enum class Type { F16, BF16, TF32, S8, U8, E4M3, E5M2 };

struct Instr {
  unsigned k = 0; // 8, 16 or 32 (m16n8 always)
  Type a = Type::F16, b = Type::F16;
  bool intAccumulator = false; // s32 (else f32)
  bool saturate = false;       // .satfinite
};

/// Registers per lane of each fragment (all shapes above: A 4, B 2, C/D 4).
constexpr unsigned kAWords = 4, kBWords = 2, kCWords = 4;

/// Decodes "mma.m16n8k16.row.col.bf16" and friends (the LLVM intrinsic name
/// without "llvm.nvvm."); nullopt for forms the simulator does not know.
std::optional<Instr> decode(const std::string &name);

/// A lane's fragment registers: A words, then B, then C.
struct LaneFragments {
  uint32_t words[kAWords + kBWords + kCWords];
};

/// D of lane `lane` (4 words: f32 or s32 bits) from all 32 lanes' fragments.
void compute(const Instr &instr, const LaneFragments *const lanes[32],
             unsigned lane, uint32_t d[kCWords]);

/// Element decoding, exposed for tests.
float decodeElement(Type type, uint32_t bits);

} // namespace sim::mma

#endif // TILEIRAS_SIM_MMA_H
