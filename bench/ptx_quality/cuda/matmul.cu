// Equivalent of examples/matmul.mlir: C = A * B, f16 inputs, f32
// accumulation with FMA (no tensor cores), one 64 x 64 tile of C per
// 128-thread block, K in steps of 32.
//
// Same decomposition as tileiras: per step, thread (warp w, lane l) loads
// A rows 8w + (l >> 2) + 32s, columns 8 (l & 3)..+7 and B rows
// 4w + (l >> 3) + 16s, columns 8 (l & 7)..+7 (s = 0, 1; tileiras' load
// layouts), masked (0 outside), scalar since lda, ldb and K are arbitrary.
// The tiles meet in shared memory (tileiras moves them there too, to the
// dot-operand layouts) and each thread accumulates its 8 x 4 block of C:
// rows 4 (tid >> 4) + i and 32 + 4 (tid >> 4) + i, columns 4 (tid & 15) + j
// (tileiras' accumulator layout), one fmaf per k in increasing k with the
// operands converted to f32 after reading them from shared memory -- the
// same products, conversions and summation order as tileiras. What differs
// is what a CUDA programmer naturally writes: the k loop reads 8 + 4
// operands per k from shared memory instead of holding the whole step's
// operand rows and columns in registers.
#include <cuda_fp16.h>

extern "C" __global__ void __launch_bounds__(128)
matmul(const __half *a, const __half *b, float *c, int m, int n, int k,
       int lda, int ldb, int ldc) {
  __shared__ __align__(16) __half as[64][32];
  __shared__ __align__(16) __half bs[32][64];
  int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  int row0 = blockIdx.x * 64, col0 = blockIdx.y * 64;

  int a_r = 8 * warp + (lane >> 2), a_k = 8 * (lane & 3);
  int b_k = 4 * warp + (lane >> 3), b_c = 8 * (lane & 7);
  const __half *a_ptr[2], *b_ptr[2];
  bool a_row_ok[2], b_col_ok[8];
#pragma unroll
  for (int s = 0; s < 2; ++s) {
    a_ptr[s] = a + (row0 + a_r + 32 * s) * lda + a_k;
    a_row_ok[s] = row0 + a_r + 32 * s < m;
    b_ptr[s] = b + (b_k + 16 * s) * ldb + col0 + b_c;
  }
#pragma unroll
  for (int e = 0; e < 8; ++e)
    b_col_ok[e] = col0 + b_c + e < n;

  int acc_r = 4 * (tid >> 4), acc_c = 4 * (tid & 15);
  float acc[8][4] = {};
  const __half zero = __float2half(0.f);
  for (int kk = 0; kk < k; kk += 32) {
    __half av[2][8], bv[2][8];
#pragma unroll
    for (int s = 0; s < 2; ++s)
#pragma unroll
      for (int e = 0; e < 8; ++e) {
        av[s][e] = a_row_ok[s] && kk + a_k + e < k ? a_ptr[s][e] : zero;
        bv[s][e] = kk + b_k + 16 * s < k && b_col_ok[e] ? b_ptr[s][e] : zero;
      }
    __syncthreads();  // the previous step is done reading as and bs
#pragma unroll
    for (int s = 0; s < 2; ++s)
#pragma unroll
      for (int e = 0; e < 8; ++e) {
        as[a_r + 32 * s][a_k + e] = av[s][e];
        bs[b_k + 16 * s][b_c + e] = bv[s][e];
      }
    __syncthreads();
#pragma unroll
    for (int q = 0; q < 32; ++q) {
      float af[8], bf[4];
#pragma unroll
      for (int i = 0; i < 8; ++i)
        af[i] = __half2float(as[acc_r + (i & 3) + 32 * (i >> 2)][q]);
#pragma unroll
      for (int j = 0; j < 4; ++j)
        bf[j] = __half2float(bs[q][acc_c + j]);
#pragma unroll
      for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j)
          acc[i][j] = fmaf(af[i], bf[j], acc[i][j]);
    }
#pragma unroll
    for (int s = 0; s < 2; ++s) {
      a_ptr[s] += 32;
      b_ptr[s] += 32 * ldb;
    }
  }

#pragma unroll
  for (int i = 0; i < 8; ++i) {
    int row = row0 + acc_r + (i & 3) + 32 * (i >> 2);
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      int col = col0 + acc_c + j;
      if (row < m && col < n)
        c[row * ldc + col] = acc[i][j];
    }
  }
}
