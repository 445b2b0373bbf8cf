// Equivalent of examples/matmul.mlir on tensor cores: C = A * B, f16
// inputs, f32 accumulation, one 64 x 64 tile of C per 128-thread block, K
// in steps of 32, written as a CUDA programmer would with mma.sync and
// ldmatrix through inline PTX.
//
// Same decomposition as tileiras: per step, thread (warp w, lane l) loads
// A rows 8w + (l >> 2) + 32s, columns 8 (l & 3)..+7 and B rows
// 4w + (l >> 3) + 16s, columns 8 (l & 7)..+7 (s = 0, 1; tileiras' load
// layouts), masked (0 outside), scalar since lda, ldb and K are arbitrary,
// into shared memory; warps 2 x 2 each own a 32 x 32 block of C (2 x 4
// m16n8k16 instructions per 16-wide k step, tileiras' #nv_tileaa.mma
// warpsPerCTA = [2, 2]). What differs: fragments come from padded shared
// memory with ldmatrix (x4 for A, x2.trans for B), where tileiras swizzles
// instead of padding and reads B with x4.trans; neither pipelines with
// cp.async.
#include <cuda_fp16.h>
#include <stdint.h>

static __device__ __forceinline__ uint32_t smem(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

extern "C" __global__ void __launch_bounds__(128)
matmul(const __half *a, const __half *b, float *c, int m, int n, int k,
       int lda, int ldb, int ldc) {
  // Rows padded by 16 bytes: the eight 16-byte rows one ldmatrix matrix
  // reads fall in different banks.
  __shared__ __align__(16) __half as[64][40];
  __shared__ __align__(16) __half bs[32][72];
  int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  int row0 = blockIdx.x * 64, col0 = blockIdx.y * 64;
  int wm = 32 * (warp >> 1), wn = 32 * (warp & 1);

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

  float acc[2][4][4] = {};
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
    __syncthreads(); // the previous step is done reading as and bs
#pragma unroll
    for (int s = 0; s < 2; ++s)
#pragma unroll
      for (int e = 0; e < 8; ++e) {
        as[a_r + 32 * s][a_k + e] = av[s][e];
        bs[b_k + 16 * s][b_c + e] = bv[s][e];
      }
    __syncthreads();
#pragma unroll
    for (int ks = 0; ks < 32; ks += 16) {
      uint32_t af[2][4], bf[4][2];
#pragma unroll
      for (int i = 0; i < 2; ++i)
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 "
                     "{%0, %1, %2, %3}, [%4];"
                     : "=r"(af[i][0]), "=r"(af[i][1]), "=r"(af[i][2]),
                       "=r"(af[i][3])
                     : "r"(smem(&as[wm + 16 * i + (lane & 15)]
                                   [ks + 8 * (lane >> 4)])));
#pragma unroll
      for (int j = 0; j < 4; ++j)
        asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 "
                     "{%0, %1}, [%2];"
                     : "=r"(bf[j][0]), "=r"(bf[j][1])
                     : "r"(smem(&bs[ks + (lane & 15)][wn + 8 * j])));
#pragma unroll
      for (int i = 0; i < 2; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j)
          asm volatile(
              "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
              "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
              "{%0, %1, %2, %3};"
              : "+f"(acc[i][j][0]), "+f"(acc[i][j][1]), "+f"(acc[i][j][2]),
                "+f"(acc[i][j][3])
              : "r"(af[i][0]), "r"(af[i][1]), "r"(af[i][2]), "r"(af[i][3]),
                "r"(bf[j][0]), "r"(bf[j][1]));
    }
#pragma unroll
    for (int s = 0; s < 2; ++s) {
      a_ptr[s] += 32;
      b_ptr[s] += 32 * ldb;
    }
  }

  // c0, c1 at row g, columns 2t, 2t + 1; c2, c3 eight rows below.
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
