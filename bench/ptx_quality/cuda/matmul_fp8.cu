// Equivalent of examples/matmul_fp8.mlir on tensor cores (sm_89+): C = A * B,
// FP8 E4M3 inputs (raw bytes), f32 accumulation, one 64 x 64 tile of C per
// 256-thread block, K in steps of 32, written as a CUDA programmer would
// with mma.sync and ldmatrix through inline PTX.
//
// Per step every thread loads 8 bytes of A (row tid / 4) and 8 of B (row
// tid / 8), masked and scalar (lda, ldb and K are arbitrary), into padded
// shared memory; B is stored transposed (N x K) so that ldmatrix (b16 only,
// no .trans for bytes) delivers its K-contiguous fragments. Warps 2 x 4
// each own a 32 x 16 block of C: 2 x 2 m16n8k32 per K step (tileiras'
// #nv_tileaa.mma warpsPerCTA = [2, 4]). No cp.async pipelining.
#include <stdint.h>

static __device__ __forceinline__ uint32_t smem(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

extern "C" __global__ void __launch_bounds__(256)
    matmul_fp8(const uint8_t *a, const uint8_t *b, float *c, int m, int n,
               int k, int lda, int ldb, int ldc) {
  // Rows of 32 bytes padded to 48: ldmatrix's eight 16-byte rows spread
  // over the banks.
  __shared__ __align__(16) uint8_t as[64][48];
  __shared__ __align__(16) uint8_t bs[64][48]; // [n][k]
  int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  int row0 = blockIdx.x * 64, col0 = blockIdx.y * 64;
  int wm = 32 * (warp >> 2), wn = 16 * (warp & 3);

  int a_r = tid >> 2, a_k = 8 * (tid & 3);
  int b_k = tid >> 3, b_c = 8 * (tid & 7);
  const uint8_t *a_ptr = a + (row0 + a_r) * lda + a_k;
  const uint8_t *b_ptr = b + b_k * ldb + col0 + b_c;
  bool a_row_ok = row0 + a_r < m;

  float acc[2][2][4] = {};
  for (int kk = 0; kk < k; kk += 32) {
    uint8_t av[8], bv[8];
#pragma unroll
    for (int e = 0; e < 8; ++e) {
      av[e] = a_row_ok && kk + a_k + e < k ? a_ptr[e] : 0;
      bv[e] = kk + b_k < k && col0 + b_c + e < n ? b_ptr[e] : 0;
    }
    __syncthreads(); // the previous step is done reading as and bs
#pragma unroll
    for (int e = 0; e < 8; ++e) {
      as[a_r][a_k + e] = av[e];
      bs[b_c + e][b_k] = bv[e];
    }
    __syncthreads();
    uint32_t af[2][4], bf[2][2];
#pragma unroll
    for (int i = 0; i < 2; ++i)
      asm volatile(
          "ldmatrix.sync.aligned.m8n8.x4.shared.b16 "
          "{%0, %1, %2, %3}, [%4];"
          : "=r"(af[i][0]), "=r"(af[i][1]), "=r"(af[i][2]), "=r"(af[i][3])
          : "r"(smem(&as[wm + 16 * i + (lane & 15)][16 * (lane >> 4)])));
#pragma unroll
    for (int j = 0; j < 2; ++j)
      asm volatile(
          "ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];"
          : "=r"(bf[j][0]), "=r"(bf[j][1])
          : "r"(smem(&bs[wn + 8 * j + (lane & 7)][16 * ((lane >> 3) & 1)])));
#pragma unroll
    for (int i = 0; i < 2; ++i)
#pragma unroll
      for (int j = 0; j < 2; ++j)
        asm volatile("mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32 "
                     "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
                     "{%0, %1, %2, %3};"
                     : "+f"(acc[i][j][0]), "+f"(acc[i][j][1]),
                       "+f"(acc[i][j][2]), "+f"(acc[i][j][3])
                     : "r"(af[i][0]), "r"(af[i][1]), "r"(af[i][2]),
                       "r"(af[i][3]), "r"(bf[j][0]), "r"(bf[j][1]));
    a_ptr += 32;
    b_ptr += 32 * ldb;
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
