// tcgen05 (sm_100a) for the CPU simulator: tensor memory (128 lanes x 512
// 32-bit columns per CTA) with its column allocator, the instruction and
// shared-memory descriptors, tcgen05.cp 32x128b.warpx4, and tcgen05.mma
// cta_group::1 with M 128 computed into tensor memory: kind::f16, tf32,
// f8f6f4 (e4m3/e5m2) and i8, and the block-scaled kind::mxf8f6f4
// (e4m3/e5m2, scale_vec::1X), kind::mxf4 (e2m1, 2X ue8m0) and
// kind::mxf4nvf4 (e2m1, 2X ue8m0 or 4X ue4m3/ue8m0), from the PTX ISA's
// tcgen05 tables.
#ifndef TILEIRAS_SIM_TCGEN05_H
#define TILEIRAS_SIM_TCGEN05_H

#include "wgmma.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sim::tcgen05 {

constexpr unsigned kLanes = 128, kColumns = 512;

/// A CTA's tensor memory. Addresses: lane in bits 31..16, column in 15..0.
class TensorMemory {
public:
  TensorMemory() : words(kLanes * kColumns, 0) {}
  /// tcgen05.alloc: `columns` a power of two in 32 .. 512, placed at a
  /// multiple of itself; the new columns hold the poison. False with
  /// `error` when not possible (a bad count, after relinquish, full).
  bool allocate(uint32_t columns, uint32_t &address, std::string &error);
  bool deallocate(uint32_t address, uint32_t columns, std::string &error);
  void relinquish() { relinquished = true; }
  /// Whether [column, column + count) of a lane is allocated.
  bool allocated(uint32_t address, unsigned count) const;
  uint32_t &at(unsigned lane, unsigned column) {
    return words[lane * kColumns + column];
  }
  unsigned allocatedColumns() const;

private:
  std::vector<uint32_t> words;
  uint32_t used = 0; // one bit per 32 columns
  bool relinquished = false;
};

/// The 32-bit instruction descriptor of kinds f16/tf32/f8f6f4/i8.
struct InstrDescriptor {
  unsigned dType = 0, aType = 0, bType = 0; // PTX ISA codes
  bool negateA = false, negateB = false, transposeA = false, transposeB = false,
       sparse = false;
  unsigned n = 0, m = 0;
};
InstrDescriptor decodeInstr(uint32_t bits);

/// The tcgen05 shared-memory descriptor as a wgmma one (same address
/// fields; swizzle codes 0 none, 2 128B, 4 64B, 6 32B). False with `error`
/// for the fixed bits 46..48 not 0b001, the 128B-with-32B-atom mode, or
/// absolute LBO mode.
bool decodeShared(uint64_t bits, wgmma::Descriptor &d, std::string &error);

/// tcgen05.mma.cta_group::1.kind::f16 (f16/bf16 A and B from shared
/// memory, f32 D in tensor memory at `d`, M 128, K 16): D = A B (+ D when
/// `accumulate`). A transposed operand (instruction descriptor bits 15,
/// 16) is read MN-major, as wgmma reads one with imm-trans 1. False with
/// `error` for a form not simulated or an operand outside shared or allocated
/// tensor memory.
bool mmaF16(TensorMemory &tmem, const unsigned char *shared,
            uint64_t sharedBytes, uint32_t d, uint64_t aDesc, uint64_t bDesc,
            uint32_t idesc, bool accumulate, std::string &error);

/// The kind operand of the tcgen05.mma intrinsics.
constexpr unsigned kF16 = 0, kTf32 = 1, kF8F6F4 = 2, kI8 = 3;

/// tcgen05.mma.cta_group::1 of `kind`: kind::f16 as mmaF16; kind::f8f6f4
/// with e4m3/e5m2 A and B (descriptor codes 0 and 1, any pair) and
/// kind::i8 with u8/s8 (0 and 1) and an s32 D (D type 2, wrapping), both
/// K 32 of one-byte elements. tf32 and the 4/6-bit types are not
/// simulated (an error).
bool mma(TensorMemory &tmem, const unsigned char *shared, uint64_t sharedBytes,
         uint32_t d, uint64_t aDesc, uint64_t bDesc, uint32_t idesc,
         unsigned kind, bool accumulate, std::string &error);

/// The 32-bit instruction descriptor of the block-scaled kinds (mxf8f6f4,
/// mxf4, mxf4nvf4): no D type; the scale factor ids select the first byte
/// of each tensor-memory word that holds the scales (the byte of the one
/// K block with scale_vec::1X, of the first of 2 or 4 consecutive bytes
/// with 2X or 4X).
struct BlockScaledDescriptor {
  /// kind::mxf8f6f4: e4m3 0, e5m2 1, e2m3 3, e3m2 4, e2m1 5; kind::mxf4
  /// and kind::mxf4nvf4: e2m1 1 (their only type).
  unsigned aType = 0, bType = 0;
  unsigned scaleAId = 0, scaleBId = 0;
  bool ue8m0 = false; // scale type: bit 23 (1 ue8m0, 0 ue4m3)
  bool negateA = false, negateB = false, transposeA = false, transposeB = false,
       sparse = false, kSize = false;
  unsigned n = 0, m = 0;
};
BlockScaledDescriptor decodeBlockScaledInstr(uint32_t bits);

/// tcgen05.cp.cta_group::1.32x128b.warpx4 [taddr], sdesc: 32 rows of 16
/// bytes, read from shared memory as the rows of a K-major operand of
/// 1-byte elements through `desc` (no swizzle: 8-row core matrices SBO
/// apart), written to lanes taddr.lane + r of each of the four 32-lane
/// quadrants, columns taddr.column .. + 3 (byte 4 c + j of a row to byte j
/// of column c). False with `error` outside shared or allocated memory.
bool copy32x128bWarpx4(TensorMemory &tmem, const unsigned char *shared,
                       uint64_t sharedBytes, uint32_t taddr, uint64_t desc,
                       std::string &error);

/// The block-scaled kinds of tcgen05.mma.
enum class ScaledKind { Mxf8f6f4, Mxf4, Mxf4Nvf4 };

/// tcgen05.mma.cta_group::1.kind::<kind>.block_scale with scale_vec::
/// `scaleVector`X (1, 2 or 4 K blocks per instruction; the intrinsics'
/// .block32 is 1X for mxf8f6f4 and 2X for mxf4/mxf4nvf4, .block16 4X), A
/// and B from shared memory, f32 D in tensor memory at `d`, M 128:
///   kind::mxf8f6f4: 1X, e4m3/e5m2 (codes 0/1, any pair), ue8m0, K 32;
///     A and B K-major, or MN-major where transposed (bits 15, 16);
///   kind::mxf4: 2X, e2m1 (code 1), ue8m0, K 64;
///   kind::mxf4nvf4: 2X with ue8m0, or 4X with ue4m3 or ue8m0; e2m1, K 64.
/// The e2m1 operands are K-major only (a transpose bit is an error), two
/// elements a byte: element k of a row in byte k / 2 of the row's 32 K
/// bytes (read through the descriptor as a K-major operand of 1-byte
/// elements), the low nibble for even k. D(m, n) = sum over the K blocks j
/// of SA(m, j) SB(j, n) (sum over k of block j of A(m, k) B(k, n)), + D
/// when `accumulate`, the negate bits honoured; each block's sum is exact
/// and the total is rounded once to f32 (mma::roundedSum). SA(m, j) is
/// byte scaleAId + j of the word at lane m % 32, column scaleA.column +
/// m / 32; SB(j, n) byte scaleBId + j at lane n % 32, column
/// scaleB.column + n / 32; scale ids 0..3 with 1X, 0 or 2 with 2X, 0 with
/// 4X. ue8m0 is 2^(e - 127) (0xff NaN), ue4m3 as mma::decodeUe4m3. The
/// scale words must be the same in all four 32-lane quadrants (the ISA
/// requires them duplicated); false with `error` where they are not, for a
/// form not simulated or not valid (naming it), or outside shared or
/// allocated memory.
bool mmaBlockScaled(TensorMemory &tmem, const unsigned char *shared,
                    uint64_t sharedBytes, uint32_t d, uint64_t aDesc,
                    uint64_t bDesc, uint32_t idesc, uint32_t scaleA,
                    uint32_t scaleB, ScaledKind kind, unsigned scaleVector,
                    bool accumulate, std::string &error);

/// kind::mxf8f6f4.block_scale (scale_vec::1X) as above.
bool mmaBlockScaled(TensorMemory &tmem, const unsigned char *shared,
                    uint64_t sharedBytes, uint32_t d, uint64_t aDesc,
                    uint64_t bDesc, uint32_t idesc, uint32_t scaleA,
                    uint32_t scaleB, bool accumulate, std::string &error);

/// The poison of unwritten tensor memory (a quiet f32 NaN).
constexpr uint32_t kPoison = 0x7fc17fc1u;

} // namespace sim::tcgen05

#endif // TILEIRAS_SIM_TCGEN05_H
