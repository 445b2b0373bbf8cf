// Equivalent of examples/matmul_mxfp8.mlir on sm_120a: C = (A * SA) x
// (B * SB), FP8 E4M3 A and B (raw bytes), one ue8m0 scale (2^(byte - 127))
// per 32 consecutive K elements of a row of A (SA, M x ceil(K / 32), leading
// dimension ldsa) and of a column of B (SB, ceil(K / 32) x N, ldsb), f32
// accumulation, one 64 x 64 tile of C per 256-thread block, K in steps of
// 64 (two scale blocks), written as a CUDA programmer would with
// mma.sync.kind::mxf8f6f4.block_scale and ldmatrix through inline PTX.
//
// Per step every thread loads 16 bytes of A (row tid / 4, one 128-bit load)
// and a 4 x 4 block of B (K rows 4 (tid / 16) .. + 3, columns 4 (tid % 16)
// .. + 3, four 32-bit loads), masked per load: the example's promise (N, K,
// lda and ldb multiples of 16) puts every such group wholly inside or
// outside the matrix. A goes to padded shared memory as it is; B is
// transposed in registers (eight prmt) and stored N x K, so that ldmatrix
// (b16 only, no .trans for bytes) delivers its K-contiguous fragments. Each
// thread also loads one scale byte per step (warps 0-3 the 64 x 2 block of
// SA, warps 4-7 the 2 x 64 block of SB; masked to 0 past M, N or
// ceil(K / 32), like the example), staged in shared memory with the tiles.
// Warps 2 x 4 each own a 32 x 16 block of C: 2 x 2 m16n8k32 per 32-element
// scale block, 8 per step (tileiras' #nv_tileaa.mma warpsPerCTA = [2, 4]).
// No cp.async pipelining (tileiras pipelines this loop in 3 stages).
//
// Scale operands (scale_vec::1X): row r of a 16-row instruction takes its
// scale from lane 4 (r % 8) + 2 thread-id-a + r / 8, column c of an 8-column
// one from lane 4c + thread-id-b, each the byte byte-id of that lane's
// register. Every lane therefore reads two registers per step from shared
// memory: sfa, the two blocks' scales (bytes 0 and 1) of row
// 16 (q / 2) + 8 (q % 2) + lane / 4 of its warp's 32 rows (q = lane % 4),
// and sfb, the scale of block q % 2 for column 8 (q / 2) + lane / 4 of its
// 16 columns. The mma of row group i, column group j and block s then
// selects {byte-id-a, thread-id-a} = {s, i} and {byte-id-b, thread-id-b} =
// {0, 2 j + s}. (tileiras uses {0, 0} and one register per instruction.)
//
// Other targets have no block-scaled mma: there the kernel runs the plain
// e4m3 m16n8k32 per scale block into a zeroed fragment and adds it to the
// accumulator times the two scales of each element (same tiles, same
// loads; exact up to the rounding of the f32 block sums). Like
// matmul_fp8.cu, that needs sm_89: nvcc compiles the file for any target,
// and ptxas rejects the FP8 mma before sm_89 (examples/gpu/
// build_nvcc_ptx.sh then skips it rather than build a kernel that cannot
// compute the product).
#include <stdint.h>

#if defined(__CUDA_ARCH_FAMILY_SPECIFIC__) &&                                  \
    (__CUDA_ARCH_FAMILY_SPECIFIC__ == 1200 ||                                  \
     __CUDA_ARCH_FAMILY_SPECIFIC__ == 1210)
#define MXFP8_BLOCK_SCALE 1 // sm_120a/f, sm_121a/f
#endif

static __device__ __forceinline__ uint32_t smem(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

// One block-scaled m16n8k32 of row group I, column group J and scale block
// S (the selectors are immediates).
template <int I, int J, int S>
static __device__ __forceinline__ void
mma_mx(float (&d)[4], const uint32_t (&a)[4], uint32_t b0, uint32_t b1,
       uint32_t sfa, uint32_t sfb) {
#ifdef MXFP8_BLOCK_SCALE
  asm volatile(
      "mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale."
      "scale_vec::1X.f32.e4m3.e4m3.f32.ue8m0 "
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3}, "
      "%10, {%11, %12}, %13, {%14, %15};"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1), "r"(sfa),
        "n"(S), "n"(I), "r"(sfb), "n"(0), "n"(2 * J + S));
#endif
}

#ifndef MXFP8_BLOCK_SCALE
// 2^(e - 127) for a ue8m0 byte (0: 2^-127, a subnormal; 255: NaN).
static __device__ __forceinline__ float ue8m0(uint32_t e) {
  return e == 0     ? __uint_as_float(0x00400000u)
         : e == 255 ? __uint_as_float(0x7fffffffu)
                    : __uint_as_float(e << 23);
}
#endif

extern "C" __global__ void __launch_bounds__(256)
    matmul_mxfp8(const uint8_t *a, const uint8_t *b, const uint8_t *sa,
                 const uint8_t *sb, float *c, int m, int n, int k, int lda,
                 int ldb, int ldc, int ldsa, int ldsb) {
  // Rows of 64 bytes padded to 80: ldmatrix's eight 16-byte rows spread
  // over the banks.
  __shared__ __align__(16) uint8_t as[64][80];
  __shared__ __align__(16) uint8_t bs[64][80]; // [n][k]
  __shared__ __align__(4) uint8_t sas[64][2];  // [row][block]
  __shared__ __align__(4) uint8_t sbs[2][64];  // [block][column]
  int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  int row0 = blockIdx.x * 64, col0 = blockIdx.y * 64;
  int wm = 32 * (warp >> 2), wn = 16 * (warp & 3);

  int a_r = tid >> 2, a_k = 16 * (tid & 3);
  int b_k = 4 * (tid >> 4), b_c = 4 * (tid & 15);
  const uint8_t *a_ptr = a + (row0 + a_r) * lda + a_k;
  const uint8_t *b_ptr = b + b_k * ldb + col0 + b_c;
  bool a_row_ok = row0 + a_r < m, b_col_ok = col0 + b_c < n;

  // This thread's scale byte: SA[row0 + tid / 2][kb + tid % 2] for
  // tid < 128, else SB[kb + (tid / 64) % 2][col0 + tid % 64] (kb = kk / 32).
  bool s_of_a = tid < 128;
  int s_blk = s_of_a ? tid & 1 : (tid >> 6) & 1;
  int s_idx = s_of_a ? tid >> 1 : tid & 63;
  const uint8_t *s_ptr = s_of_a ? sa + (row0 + s_idx) * ldsa + s_blk
                                : sb + s_blk * ldsb + col0 + s_idx;
  int s_step = s_of_a ? 2 : 2 * ldsb;
  bool s_ok = s_of_a ? row0 + s_idx < m : col0 + s_idx < n;
  uint8_t *s_dst = s_of_a ? &sas[s_idx][s_blk] : &sbs[s_blk][s_idx];
  int blocks = (k + 31) >> 5;

  int q = lane & 3, a_half = 16 * (lane >> 4);
  float acc[2][2][4] = {};
  for (int kk = 0; kk < k; kk += 64) {
    uint4 av = make_uint4(0, 0, 0, 0);
    if (a_row_ok && kk + a_k < k)
      av = *reinterpret_cast<const uint4 *>(a_ptr);
    uint32_t bv[4] = {0, 0, 0, 0};
    if (b_col_ok && kk + b_k < k)
#pragma unroll
      for (int r = 0; r < 4; ++r)
        bv[r] = *reinterpret_cast<const uint32_t *>(b_ptr + r * ldb);
    uint8_t sv = s_ok && (kk >> 5) + s_blk < blocks ? *s_ptr : 0;
    // Column e of the 4 x 4 block of B: byte e of each of the four rows.
    uint32_t lo01 = __byte_perm(bv[0], bv[1], 0x5140);
    uint32_t hi01 = __byte_perm(bv[0], bv[1], 0x7362);
    uint32_t lo23 = __byte_perm(bv[2], bv[3], 0x5140);
    uint32_t hi23 = __byte_perm(bv[2], bv[3], 0x7362);
    __syncthreads(); // the previous step is done reading the tiles
    *reinterpret_cast<uint4 *>(&as[a_r][a_k]) = av;
    *reinterpret_cast<uint32_t *>(&bs[b_c + 0][b_k]) =
        __byte_perm(lo01, lo23, 0x5410);
    *reinterpret_cast<uint32_t *>(&bs[b_c + 1][b_k]) =
        __byte_perm(lo01, lo23, 0x7632);
    *reinterpret_cast<uint32_t *>(&bs[b_c + 2][b_k]) =
        __byte_perm(hi01, hi23, 0x5410);
    *reinterpret_cast<uint32_t *>(&bs[b_c + 3][b_k]) =
        __byte_perm(hi01, hi23, 0x7632);
    *s_dst = sv;
    __syncthreads();

    // af[i][s]: rows wm + 16 i .. + 15, K 32 s .. + 31 (x4: the four 8 x 16
    // byte quarters); bf[j]: columns wn + 8 j .. + 7, K 0 .. 63 (x4: the
    // four 16-byte K chunks; registers 2 s and 2 s + 1 are block s).
    uint32_t af[2][2][4], bf[2][4];
#pragma unroll
    for (int i = 0; i < 2; ++i)
#pragma unroll
      for (int s = 0; s < 2; ++s)
        asm volatile(
            "ldmatrix.sync.aligned.m8n8.x4.shared.b16 "
            "{%0, %1, %2, %3}, [%4];"
            : "=r"(af[i][s][0]), "=r"(af[i][s][1]), "=r"(af[i][s][2]),
              "=r"(af[i][s][3])
            : "r"(smem(&as[wm + 16 * i + (lane & 15)][32 * s + a_half])));
#pragma unroll
    for (int j = 0; j < 2; ++j)
      asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 "
                   "{%0, %1, %2, %3}, [%4];"
                   : "=r"(bf[j][0]), "=r"(bf[j][1]), "=r"(bf[j][2]),
                     "=r"(bf[j][3])
                   : "r"(smem(&bs[wn + 8 * j + (lane & 7)][16 * (lane >> 3)])));

#ifdef MXFP8_BLOCK_SCALE
    uint32_t sfa = *reinterpret_cast<const uint16_t *>(
        &sas[wm + 16 * (q >> 1) + 8 * (q & 1) + (lane >> 2)][0]);
    uint32_t sfb = sbs[q & 1][wn + 8 * (q >> 1) + (lane >> 2)];
    mma_mx<0, 0, 0>(acc[0][0], af[0][0], bf[0][0], bf[0][1], sfa, sfb);
    mma_mx<0, 1, 0>(acc[0][1], af[0][0], bf[1][0], bf[1][1], sfa, sfb);
    mma_mx<1, 0, 0>(acc[1][0], af[1][0], bf[0][0], bf[0][1], sfa, sfb);
    mma_mx<1, 1, 0>(acc[1][1], af[1][0], bf[1][0], bf[1][1], sfa, sfb);
    mma_mx<0, 0, 1>(acc[0][0], af[0][1], bf[0][2], bf[0][3], sfa, sfb);
    mma_mx<0, 1, 1>(acc[0][1], af[0][1], bf[1][2], bf[1][3], sfa, sfb);
    mma_mx<1, 0, 1>(acc[1][0], af[1][1], bf[0][2], bf[0][3], sfa, sfb);
    mma_mx<1, 1, 1>(acc[1][1], af[1][1], bf[1][2], bf[1][3], sfa, sfb);
#else
    // The scales of this lane's accumulator elements: rows wm + 16 i + g
    // + 8 h, columns wn + 8 j + 2 t + e (g = lane / 4, t = lane % 4).
    int g = lane >> 2;
#pragma unroll
    for (int s = 0; s < 2; ++s) {
      float fa[2][2], fb[2][2];
#pragma unroll
      for (int i = 0; i < 2; ++i)
#pragma unroll
        for (int h = 0; h < 2; ++h)
          fa[i][h] = ue8m0(sas[wm + 16 * i + g + 8 * h][s]);
#pragma unroll
      for (int j = 0; j < 2; ++j)
#pragma unroll
        for (int e = 0; e < 2; ++e)
          fb[j][e] = ue8m0(sbs[s][wn + 8 * j + 2 * q + e]);
#pragma unroll
      for (int i = 0; i < 2; ++i)
#pragma unroll
        for (int j = 0; j < 2; ++j) {
          float d[4];
          asm volatile("mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32 "
                       "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
                       "{%10, %10, %10, %10};"
                       : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
                       : "r"(af[i][s][0]), "r"(af[i][s][1]), "r"(af[i][s][2]),
                         "r"(af[i][s][3]), "r"(bf[j][2 * s]),
                         "r"(bf[j][2 * s + 1]), "f"(0.f));
#pragma unroll
          for (int e = 0; e < 4; ++e)
            acc[i][j][e] =
                fmaf(d[e] * fa[i][e >> 1], fb[j][e & 1], acc[i][j][e]);
        }
    }
#endif
    a_ptr += 64;
    b_ptr += 64 * ldb;
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
