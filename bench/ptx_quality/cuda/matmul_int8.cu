// Equivalent of examples/matmul_int8.mlir on tensor cores: C = A * B, s8
// inputs, i32 accumulation (wrapping), one 64 x 64 tile of C per 128-thread
// block, K in steps of 32, written as a CUDA programmer would with mma.sync
// and ldmatrix through inline PTX.
//
// Per step every thread loads 16 bytes of A (row tid / 2) and 16 of B (row
// tid / 4), masked and scalar (lda, ldb and K are arbitrary), into padded
// shared memory; B is stored transposed (N x K) so that ldmatrix (b16 only,
// no .trans for bytes) delivers its K-contiguous fragments. Warps 2 x 2
// each own a 32 x 32 block of C: 2 x 4 m16n8k32 per K step (tileiras'
// #nv_tileaa.mma warpsPerCTA = [2, 2]). No cp.async pipelining.
#include <stdint.h>

static __device__ __forceinline__ uint32_t smem(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

extern "C" __global__ void __launch_bounds__(128)
    matmul_int8(const int8_t *a, const int8_t *b, int *c, int m, int n, int k,
                int lda, int ldb, int ldc) {
  // Rows of 32 bytes padded to 48: ldmatrix's eight 16-byte rows spread
  // over the banks.
  __shared__ __align__(16) int8_t as[64][48];
  __shared__ __align__(16) int8_t bs[64][48]; // [n][k]
  int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  int row0 = blockIdx.x * 64, col0 = blockIdx.y * 64;
  int wm = 32 * (warp >> 1), wn = 32 * (warp & 1);

  int a_r = tid >> 1, a_k = 16 * (tid & 1);
  int b_k = tid >> 2, b_c = 16 * (tid & 3);
  const int8_t *a_ptr = a + (row0 + a_r) * lda + a_k;
  const int8_t *b_ptr = b + b_k * ldb + col0 + b_c;
  bool a_row_ok = row0 + a_r < m;

  int acc[2][4][4] = {};
  for (int kk = 0; kk < k; kk += 32) {
    int8_t av[16], bv[16];
#pragma unroll
    for (int e = 0; e < 16; ++e) {
      av[e] = a_row_ok && kk + a_k + e < k ? a_ptr[e] : 0;
      bv[e] = kk + b_k < k && col0 + b_c + e < n ? b_ptr[e] : 0;
    }
    __syncthreads(); // the previous step is done reading as and bs
#pragma unroll
    for (int e = 0; e < 16; ++e) {
      as[a_r][a_k + e] = av[e];
      bs[b_c + e][b_k] = bv[e];
    }
    __syncthreads();
    uint32_t af[2][4], bf[4][2];
#pragma unroll
    for (int i = 0; i < 2; ++i)
      asm volatile(
          "ldmatrix.sync.aligned.m8n8.x4.shared.b16 "
          "{%0, %1, %2, %3}, [%4];"
          : "=r"(af[i][0]), "=r"(af[i][1]), "=r"(af[i][2]), "=r"(af[i][3])
          : "r"(smem(&as[wm + 16 * i + (lane & 15)][16 * (lane >> 4)])));
#pragma unroll
    for (int j = 0; j < 4; ++j)
      asm volatile(
          "ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];"
          : "=r"(bf[j][0]), "=r"(bf[j][1])
          : "r"(smem(&bs[wn + 8 * j + (lane & 7)][16 * ((lane >> 3) & 1)])));
#pragma unroll
    for (int i = 0; i < 2; ++i)
#pragma unroll
      for (int j = 0; j < 4; ++j)
        asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 "
                     "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
                     "{%0, %1, %2, %3};"
                     : "+r"(acc[i][j][0]), "+r"(acc[i][j][1]),
                       "+r"(acc[i][j][2]), "+r"(acc[i][j][3])
                     : "r"(af[i][0]), "r"(af[i][1]), "r"(af[i][2]),
                       "r"(af[i][3]), "r"(bf[j][0]), "r"(bf[j][1]));
    a_ptr += 32;
    b_ptr += 32 * ldb;
  }

  int g = lane >> 2, t = lane & 3;
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
#pragma unroll
      for (int e = 0; e < 4; ++e) {
        int row = row0 + wm + 16 * i + g + 8 * (e >> 1);
        int col = col0 + wn + 8 * j + 2 * t + (e & 1);
        if (row < m && col < n)
          c[row * ldc + col] = acc[i][j][e];
      }
}
