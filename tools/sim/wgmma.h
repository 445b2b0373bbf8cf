// wgmma.mma_async (sm_90a) for the CPU simulator: the instruction a PTX
// name denotes, the shared-memory matrix descriptor, and one thread's
// accumulator fragment computed from the operands, from the PTX ISA's
// "Matrix Descriptor Format", "Shared Memory Matrix Layout" (K-major) and
// "Register Fragments" tables.
#ifndef TILEIRAS_SIM_WGMMA_H
#define TILEIRAS_SIM_WGMMA_H

#include "mma.h"

#include <cstdint>
#include <optional>
#include <string>

namespace sim::wgmma {

struct Instr {
  unsigned n = 0, k = 0; // m is always 64
  mma::Type a = mma::Type::F16, b = mma::Type::F16;
  unsigned elementBytes = 2;
  /// s32 accumulator (s8/u8 operands; wraps, or clamps with .satfinite).
  bool integer = false, saturate = false;
};

/// Decodes "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16" (also bf16,
/// tf32 with k8, e4m3/e5m2 pairs with k32, and
/// "...m64nNk32[.satfinite].s32.s8.u8" with any s8/u8 pair).
std::optional<Instr> decode(const std::string &name);

/// The 64-bit matrix descriptor, fields in bytes.
struct Descriptor {
  uint64_t start = 0, lbo = 0, sbo = 0;
  unsigned baseOffset = 0;
  unsigned swizzle = 0; // 0 none, 1 128B, 2 64B, 3 32B (descriptor codes)
};
Descriptor decodeDescriptor(uint64_t bits);
/// The swizzle span in bytes of a descriptor code (0 for none).
unsigned swizzleBytes(unsigned code);

/// The shared-memory offset of element (row, kIndex) of a K-major operand
/// (A: rows of M, B: rows of N): core matrices of 8 rows x 16 bytes, SBO
/// apart along the rows and LBO apart along K without swizzle; with a
/// swizzle, 8-row atoms of span-byte rows, SBO apart, read through the
/// swizzle of the address.
uint64_t kMajorOffset(const Descriptor &d, unsigned elementBytes, unsigned row,
                      unsigned kIndex);

/// The shared-memory offset of element (mn, kIndex) of an MN-major
/// (transposed, imm-trans 1) operand: without swizzle, core matrices of 8
/// K rows x 16 bytes of MN, SBO apart along MN and LBO apart along K; with
/// a swizzle, K rows of span bytes of MN, 8-row atoms SBO apart along K
/// and span-byte MN blocks LBO apart, read through the swizzle.
uint64_t mnMajorOffset(const Descriptor &d, unsigned elementBytes, unsigned mn,
                       unsigned kIndex);

/// Row and column of element i of a thread's accumulator fragment
/// (thread 0..127 of the warpgroup).
void fragmentPosition(unsigned thread, unsigned i, unsigned &row,
                      unsigned &column);

/// The operands of one wgmma: shared memory (the CTA's arena), the
/// descriptors, A from registers when `aRegisters` is set (the 128 threads'
/// four words each, the m16n8k16 A layout per warp), the scales.
struct Operands {
  const unsigned char *shared = nullptr;
  uint64_t sharedBytes = 0;
  uint64_t descA = 0, descB = 0;
  const uint32_t (*aRegisters)[4] = nullptr;
  bool scaleD = true;
  int scaleA = 1, scaleB = 1;
  /// imm-trans-a / imm-trans-b: the operand is MN-major (16-bit types).
  bool transA = false, transB = false;
};

/// Thread `thread`'s D (n/2 f32 bits) from `c` (its C, read only when
/// scaleD). False with `error` when an operand falls outside shared memory.
bool compute(const Instr &instr, const Operands &ops, unsigned thread,
             const uint32_t *c, uint32_t *d, std::string &error);

} // namespace sim::wgmma

#endif // TILEIRAS_SIM_WGMMA_H
