// Equivalent of examples/matmul_mxfp4.mlir on sm_120a: C = (A * SA) x
// (B * SB), FP4 E2M1 A and B packed two a byte along K (the even K index in
// the low nibble: A is M rows of K / 2 bytes, B is K / 2 rows of N bytes,
// lda and ldb in bytes), one ue8m0 scale (2^(byte - 127)) per 32
// consecutive K elements of a row of A (SA, M x K / 32, leading dimension
// ldsa) and of a column of B (SB, K / 32 x N, ldsb), f32 accumulation, one
// 64 x 64 tile of C per 256-thread block, K in steps of 64 (32 bytes, two
// scale blocks), written as a CUDA programmer would with
// mma.sync.kind::mxf4.block_scale and ldmatrix through inline PTX.
//
// matmul_mxfp8.cu with half the bytes per step. Per step every thread
// loads 8 bytes of A (row tid / 4, one 64-bit load) and a 2 x 4 block of B
// (byte rows 2 (tid / 16) .. + 1, columns 4 (tid % 16) .. + 3, two 32-bit
// loads), masked per load: the example's promise (K a multiple of 32, N,
// lda and ldb multiples of 16) puts every such group wholly inside or
// outside the matrix. A goes to padded shared memory as it is; B is
// transposed in registers (two prmt) and stored N x K / 2 (four 16-bit
// stores), so that ldmatrix (b16 only, no .trans for bytes) delivers its
// K-contiguous fragments. Each thread also loads one scale byte per step
// (warps 0-3 the 64 x 2 block of SA, warps 4-7 the 2 x 64 block of SB;
// masked to 0 past M, N or K / 32, like the example), staged in shared
// memory with the tiles, both as [row or column][block]. Warps 2 x 4 each
// own a 32 x 16 block of C: 2 x 2 m16n8k64 per step (tileiras'
// #nv_tileaa.mma warpsPerCTA = [2, 4]). No cp.async pipelining (tileiras
// pipelines this loop in 3 stages).
//
// Fragments: the m16n8k64 e2m1 operands are, byte for byte, the m16n8k32
// 8-bit fragments of the packed bytes, so one ldmatrix.x4 of the 16 x 32
// bytes of A gives a row group's four registers (register r: row
// g + 8 (r % 2), bytes 4t + 16 (r / 2) .. + 3, i.e. K 8t + 32 (r / 2) ..
// + 7; g = lane / 4, t = lane % 4), and one ldmatrix.x4 of B (stored
// N x K / 2) both column groups' two (register r: bytes 4t + 16 r .. + 3,
// i.e. K 8t + 32 r .. + 7, of column g).
//
// Scale operands (scale_vec::2X): a scale register carries a row's (a
// column's) two blocks, in bytes byte-id and byte-id + 1; row r of a
// 16-row instruction takes them from lane 4 (r % 8) + 2 thread-id-a +
// r / 8, column c of an 8-column one from lane 4c + thread-id-b. Every lane
// therefore reads two 16-bit registers per step from shared memory: sfa,
// both blocks of row 16 (q / 2) + 8 (q % 2) + lane / 4 of its warp's 32
// rows (q = lane % 4), and sfb, both blocks of column 8 (q % 2) + lane / 4
// of its 16 columns (lanes with q > 1 load a copy nobody selects). The mma
// of row group i and column group j selects {byte-id-a, thread-id-a} =
// {0, i} and {byte-id-b, thread-id-b} = {0, j}. (tileiras uses {0, 0} and
// a register per row group and per column group.)
//
// Other targets have no FP4 mma: there the kernel decodes each lane's
// packed registers into s8 (twice the e2m1 value: 0, 1, 2, 3, 4, 6, 8, 12
// and their negatives; per four values two prmt table lookups, one prmt
// spreading the sign bits and a select) and runs the plain s8 m16n8k32 per
// scale block into a zeroed fragment, adding it to the accumulator times
// the two scales of each element and 1/4 (same tiles, same loads, same
// fragments; the block sums are exact integers, so this is exact up to the
// f32 accumulation). That needs sm_80 only: ptxas accepts it on every
// target that run.py and examples/gpu/build_nvcc_ptx.sh use.
#include <stdint.h>

#if defined(__CUDA_ARCH_FAMILY_SPECIFIC__) &&                                  \
    (__CUDA_ARCH_FAMILY_SPECIFIC__ == 1200 ||                                  \
     __CUDA_ARCH_FAMILY_SPECIFIC__ == 1210)
#define MXFP4_BLOCK_SCALE 1 // sm_120a/f, sm_121a/f
#endif

static __device__ __forceinline__ uint32_t smem(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

// One block-scaled m16n8k64 of row group I and column group J (the
// selectors are immediates).
template <int I, int J>
static __device__ __forceinline__ void
mma_mx(float (&d)[4], const uint32_t (&a)[4], uint32_t b0, uint32_t b1,
       uint32_t sfa, uint32_t sfb) {
#ifdef MXFP4_BLOCK_SCALE
  asm volatile(
      "mma.sync.aligned.m16n8k64.row.col.kind::mxf4.block_scale."
      "scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0 "
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3}, "
      "%10, {%11, %12}, %13, {%14, %15};"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1), "r"(sfa),
        "n"(0), "n"(I), "r"(sfb), "n"(0), "n"(J));
#endif
}

#ifndef MXFP4_BLOCK_SCALE
// 2^(e - 127) for a ue8m0 byte (0: 2^-127, a subnormal; 255: NaN).
static __device__ __forceinline__ float ue8m0(uint32_t e) {
  return e == 0     ? __uint_as_float(0x00400000u)
         : e == 255 ? __uint_as_float(0x7fffffffu)
                    : __uint_as_float(e << 23);
}

// The e2m1 values of nibbles 4H .. 4H + 3 of x (K elements 4H .. 4H + 3 of
// a packed fragment register) as four s8, each twice the value: the
// magnitudes (3 bits) index a table of 2 |v| and one of -2 |v| (prmt), and
// the sign bits, replicated over their bytes by prmt's sign mode (the msb
// of a selector nibble), choose between them.
template <int H>
static __device__ __forceinline__ uint32_t e2m1x4_s8(uint32_t x) {
  uint32_t index = (x >> (16 * H)) & 0x7777u;
  uint32_t pos = __byte_perm(0x03020100u, 0x0c080604u, index);
  uint32_t neg = __byte_perm(0xfdfeff00u, 0xf4f8fafcu, index);
  // Byte e's msb is the sign of nibble 4H + e: bit 3 of a low nibble is
  // the msb of its byte in x << 4, bit 3 of a high nibble that in x.
  uint32_t sign;
  asm("prmt.b32 %0, %1, %2, %3;"
      : "=r"(sign)
      : "r"(x << 4), "r"(x), "n"(H ? 0xfbea : 0xd9c8));
  return (pos & ~sign) | (neg & sign);
}
#endif

extern "C" __global__ void __launch_bounds__(256)
    matmul_mxfp4(const uint8_t *a, const uint8_t *b, const uint8_t *sa,
                 const uint8_t *sb, float *c, int m, int n, int k, int lda,
                 int ldb, int ldc, int ldsa, int ldsb) {
  // Rows of 32 bytes padded to 48: ldmatrix's eight 16-byte rows spread
  // over the banks.
  __shared__ __align__(16) uint8_t as[64][48];
  __shared__ __align__(16) uint8_t bs[64][48]; // [n][k byte]
  __shared__ __align__(4) uint8_t sas[64][2];  // [row][block]
  __shared__ __align__(4) uint8_t sbs[64][2];  // [column][block]
  int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  int row0 = blockIdx.x * 64, col0 = blockIdx.y * 64;
  int wm = 32 * (warp >> 2), wn = 16 * (warp & 3);
  int kbytes = k >> 1;

  int a_r = tid >> 2, a_k = 8 * (tid & 3);
  int b_k = 2 * (tid >> 4), b_c = 4 * (tid & 15);
  const uint8_t *a_ptr = a + (row0 + a_r) * lda + a_k;
  const uint8_t *b_ptr = b + b_k * ldb + col0 + b_c;
  bool a_row_ok = row0 + a_r < m, b_col_ok = col0 + b_c < n;

  // This thread's scale byte: SA[row0 + tid / 2][kb + tid % 2] for
  // tid < 128, else SB[kb + (tid / 64) % 2][col0 + tid % 64] (kb = the
  // step's first block, kk / 16 for byte offset kk).
  bool s_of_a = tid < 128;
  int s_blk = s_of_a ? tid & 1 : (tid >> 6) & 1;
  int s_idx = s_of_a ? tid >> 1 : tid & 63;
  const uint8_t *s_ptr = s_of_a ? sa + (row0 + s_idx) * ldsa + s_blk
                                : sb + s_blk * ldsb + col0 + s_idx;
  int s_step = s_of_a ? 2 : 2 * ldsb;
  bool s_ok = s_of_a ? row0 + s_idx < m : col0 + s_idx < n;
  uint8_t *s_dst = s_of_a ? &sas[s_idx][s_blk] : &sbs[s_idx][s_blk];
  int blocks = k >> 5;

  int q = lane & 3;
  float acc[2][2][4] = {};
  for (int kk = 0; kk < kbytes; kk += 32) {
    uint2 av = make_uint2(0, 0);
    if (a_row_ok && kk + a_k < kbytes)
      av = *reinterpret_cast<const uint2 *>(a_ptr);
    uint32_t bv[2] = {0, 0};
    if (b_col_ok && kk + b_k < kbytes)
#pragma unroll
      for (int r = 0; r < 2; ++r)
        bv[r] = *reinterpret_cast<const uint32_t *>(b_ptr + r * ldb);
    uint8_t sv = s_ok && (kk >> 4) + s_blk < blocks ? *s_ptr : 0;
    // Columns e and e + 1 of the 2 x 4 block of B (e = 0, 2), each as
    // its two bytes (K rows b_k, b_k + 1) in one 16-bit half.
    uint32_t c01 = __byte_perm(bv[0], bv[1], 0x5140);
    uint32_t c23 = __byte_perm(bv[0], bv[1], 0x7362);
    __syncthreads(); // the previous step is done reading the tiles
    *reinterpret_cast<uint2 *>(&as[a_r][a_k]) = av;
    *reinterpret_cast<uint16_t *>(&bs[b_c + 0][b_k]) = c01;
    *reinterpret_cast<uint16_t *>(&bs[b_c + 1][b_k]) = c01 >> 16;
    *reinterpret_cast<uint16_t *>(&bs[b_c + 2][b_k]) = c23;
    *reinterpret_cast<uint16_t *>(&bs[b_c + 3][b_k]) = c23 >> 16;
    *s_dst = sv;
    __syncthreads();

    // af[i]: rows wm + 16 i .. + 15, bytes 0 .. 31 (x4: the four 8 x 16
    // byte quarters); bf[2 j + r]: columns wn + 8 j .. + 7, bytes
    // 16 r .. + 15 (x4: both column groups, both 16-byte K chunks).
    uint32_t af[2][4], bf[4];
#pragma unroll
    for (int i = 0; i < 2; ++i)
      asm volatile(
          "ldmatrix.sync.aligned.m8n8.x4.shared.b16 "
          "{%0, %1, %2, %3}, [%4];"
          : "=r"(af[i][0]), "=r"(af[i][1]), "=r"(af[i][2]), "=r"(af[i][3])
          : "r"(smem(&as[wm + 16 * i + (lane & 15)][16 * (lane >> 4)])));
    const uint8_t *b_row = bs[wn + 8 * (lane >> 4) + (lane & 7)];
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 "
                 "{%0, %1, %2, %3}, [%4];"
                 : "=r"(bf[0]), "=r"(bf[1]), "=r"(bf[2]), "=r"(bf[3])
                 : "r"(smem(b_row + 16 * ((lane >> 3) & 1))));

#ifdef MXFP4_BLOCK_SCALE
    uint32_t sfa = *reinterpret_cast<const uint16_t *>(
        &sas[wm + 16 * (q >> 1) + 8 * (q & 1) + (lane >> 2)][0]);
    uint32_t sfb = *reinterpret_cast<const uint16_t *>(
        &sbs[wn + 8 * (q & 1) + (lane >> 2)][0]);
    mma_mx<0, 0>(acc[0][0], af[0], bf[0], bf[1], sfa, sfb);
    mma_mx<0, 1>(acc[0][1], af[0], bf[2], bf[3], sfa, sfb);
    mma_mx<1, 0>(acc[1][0], af[1], bf[0], bf[1], sfa, sfb);
    mma_mx<1, 1>(acc[1][1], af[1], bf[2], bf[3], sfa, sfb);
#else
    // Block s of this lane is register 2 s + h of af[i] (row g + 8 h) and
    // register s of column group j (K 32 s + 8 t .. + 7 each); decoded,
    // its elements 0-3 and 4-7 are the s8 m16n8k32 fragments' registers
    // for K 4t .. + 3 and 16 + 4t .. + 3 (the same permutation of the
    // block's K for A and B). The scales of this lane's accumulator
    // elements: rows wm + 16 i + g + 8 h, columns wn + 8 j + 2 t + e
    // (g = lane / 4, t = lane % 4); 1/4 undoes the doubled values.
    int g = lane >> 2;
#pragma unroll
    for (int s = 0; s < 2; ++s) {
      float fa[2][2], fb[2][2];
#pragma unroll
      for (int i = 0; i < 2; ++i)
#pragma unroll
        for (int h = 0; h < 2; ++h)
          fa[i][h] = ue8m0(sas[wm + 16 * i + g + 8 * h][s]) * 0.25f;
#pragma unroll
      for (int j = 0; j < 2; ++j)
#pragma unroll
        for (int e = 0; e < 2; ++e)
          fb[j][e] = ue8m0(sbs[wn + 8 * j + 2 * q + e][s]);
      uint32_t ax[2][4], bx[2][2];
#pragma unroll
      for (int i = 0; i < 2; ++i) {
        ax[i][0] = e2m1x4_s8<0>(af[i][2 * s]);
        ax[i][1] = e2m1x4_s8<0>(af[i][2 * s + 1]);
        ax[i][2] = e2m1x4_s8<1>(af[i][2 * s]);
        ax[i][3] = e2m1x4_s8<1>(af[i][2 * s + 1]);
      }
#pragma unroll
      for (int j = 0; j < 2; ++j) {
        bx[j][0] = e2m1x4_s8<0>(bf[2 * j + s]);
        bx[j][1] = e2m1x4_s8<1>(bf[2 * j + s]);
      }
#pragma unroll
      for (int i = 0; i < 2; ++i)
#pragma unroll
        for (int j = 0; j < 2; ++j) {
          int d[4];
          asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 "
                       "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
                       "{%10, %10, %10, %10};"
                       : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                       : "r"(ax[i][0]), "r"(ax[i][1]), "r"(ax[i][2]),
                         "r"(ax[i][3]), "r"(bx[j][0]), "r"(bx[j][1]), "r"(0));
#pragma unroll
          for (int e = 0; e < 4; ++e)
            acc[i][j][e] = fmaf(__int2float_rn(d[e]) * fa[i][e >> 1],
                                fb[j][e & 1], acc[i][j][e]);
        }
    }
#endif
    a_ptr += 32;
    b_ptr += 32 * ldb;
    s_ptr += s_step;
  }

  int g = lane >> 2, t = lane & 3;
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j)
#pragma unroll
      for (int e = 0; e < 4; ++e) {
        int row = row0 + wm + 16 * i + g + 8 * (e >> 1);
        int col = col0 + wn + 8 * j + 2 * t + (e & 1);
        if (row < m && col < n)
          c[row * ldc + col] = acc[i][j][e];
      }
}
