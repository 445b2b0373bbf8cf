// Equivalent of examples/attention.mlir (flash-attention forward, one head,
// head dimension 64): 32 query rows per 128-thread block, keys in blocks of
// 32, written as a CUDA programmer would with mma.sync and ldmatrix through
// inline PTX.
//
// Same decomposition as tileiras: warps 2 x 2; for S = Q K^T (32 x 32) warp
// w owns rows 16 (w >> 1), keys 16 (w & 1) (2 x 4 m16n8k16 per block); for
// O (32 x 64) the same rows and columns 32 (w & 1) (4 x 2 m16n8k16). The
// row maxima and sums of the online softmax combine the two warps of a row
// through shared memory, and P goes to the P V dot through shared memory
// as f16 (as tileiras' layout conversion does). K is read with ldmatrix
// (its rows are B's columns), V with ldmatrix.trans. Q, K and V rows are
// moved with 16-byte loads (rows are 128 bytes). No cp.async pipelining.
#include "common.cuh"
#include <cuda_fp16.h>
#include <stdint.h>

static __device__ __forceinline__ uint32_t smem(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

static __device__ __forceinline__ void
mma16816(float (&d)[4], const uint32_t (&a)[4], uint32_t b0, uint32_t b1) {
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
               "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
               "{%0, %1, %2, %3};"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}

static __device__ __forceinline__ void ldsm_x4(uint32_t (&r)[4],
                                               const void *p) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 "
               "{%0, %1, %2, %3}, [%4];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(smem(p)));
}

extern "C" __global__ void __launch_bounds__(128)
    attention(const __half *q, const __half *k, const __half *v, float *o,
              int seq_q, int seq_k, float scale) {
  // Rows padded by 16 bytes so that ldmatrix's rows spread over the banks.
  __shared__ __align__(16) __half qs[32][72];
  __shared__ __align__(16) __half ks[32][72];
  __shared__ __align__(16) __half vs[32][72];
  __shared__ __align__(16) __half ps[32][40];
  __shared__ float red[2][32];
  int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  int g = lane >> 2, t = lane & 3;
  int row0 = blockIdx.x * 32;
  int wm = 16 * (warp >> 1), wn = 16 * (warp & 1), on = 32 * (warp & 1);
  int lr = tid >> 2, lc = 16 * (tid & 3); // this thread's 16 loaded halves
  const uint4 zero = {0, 0, 0, 0};

  {
    bool ok = row0 + lr < seq_q;
    const uint4 *src =
        reinterpret_cast<const uint4 *>(q + (row0 + lr) * 64 + lc);
    uint4 x0 = ok ? src[0] : zero, x1 = ok ? src[1] : zero;
    *reinterpret_cast<uint4 *>(&qs[lr][lc]) = x0;
    *reinterpret_cast<uint4 *>(&qs[lr][lc + 8]) = x1;
  }
  __syncthreads();
  uint32_t qf[4][4];
#pragma unroll
  for (int kk = 0; kk < 4; ++kk)
    ldsm_x4(qf[kk], &qs[wm + (lane & 15)][16 * kk + 8 * (lane >> 4)]);

  const float qk_scale = scale * 1.44269502f;
  float m_i[2] = {-INFINITY, -INFINITY}, l_i[2] = {0.f, 0.f};
  float acc[4][4] = {};
  for (int kb = 0; kb < seq_k; kb += 32) {
    bool ok = kb + lr < seq_k;
    const uint4 *ksrc =
        reinterpret_cast<const uint4 *>(k + (kb + lr) * 64 + lc);
    const uint4 *vsrc =
        reinterpret_cast<const uint4 *>(v + (kb + lr) * 64 + lc);
    uint4 k0 = ok ? ksrc[0] : zero, k1 = ok ? ksrc[1] : zero;
    uint4 v0 = ok ? vsrc[0] : zero, v1 = ok ? vsrc[1] : zero;
    __syncthreads(); // the previous block is done with ks, vs, ps, red
    *reinterpret_cast<uint4 *>(&ks[lr][lc]) = k0;
    *reinterpret_cast<uint4 *>(&ks[lr][lc + 8]) = k1;
    *reinterpret_cast<uint4 *>(&vs[lr][lc]) = v0;
    *reinterpret_cast<uint4 *>(&vs[lr][lc + 8]) = v1;
    __syncthreads();

    float s[2][4] = {};
#pragma unroll
    for (int kk = 0; kk < 4; ++kk)
#pragma unroll
      for (int j = 0; j < 2; ++j) {
        uint32_t b0, b1;
        asm volatile(
            "ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];"
            : "=r"(b0), "=r"(b1)
            : "r"(smem(&ks[wn + 8 * j + (lane & 7)][16 * kk +
                                                    8 * ((lane >> 3) & 1)])));
        mma16816(s[j], qf[kk], b0, b1);
      }

    // Scaled scores, -inf past seq_k; this warp's part of the row maxima.
    float mx[2] = {-INFINITY, -INFINITY};
#pragma unroll
    for (int j = 0; j < 2; ++j)
#pragma unroll
      for (int e = 0; e < 4; ++e) {
        int key = kb + wn + 8 * j + 2 * t + (e & 1);
        s[j][e] = key < seq_k ? s[j][e] * qk_scale : -INFINITY;
        mx[e >> 1] = maximumf(mx[e >> 1], s[j][e]);
      }
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      mx[h] = maximumf(mx[h], __shfl_xor_sync(~0u, mx[h], 1));
      mx[h] = maximumf(mx[h], __shfl_xor_sync(~0u, mx[h], 2));
      if (t == 0)
        red[warp & 1][wm + g + 8 * h] = mx[h];
    }
    __syncthreads();
    float m_new[2], alpha[2], sum[2] = {0.f, 0.f};
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      int r = wm + g + 8 * h;
      m_new[h] = maximumf(m_i[h], maximumf(red[0][r], red[1][r]));
      alpha[h] = exp2f(m_i[h] - m_new[h]);
    }
#pragma unroll
    for (int j = 0; j < 2; ++j)
#pragma unroll
      for (int e = 0; e < 4; ++e) {
        float p = exp2f(s[j][e] - m_new[e >> 1]);
        sum[e >> 1] += p;
        ps[wm + g + 8 * (e >> 1)][wn + 8 * j + 2 * t + (e & 1)] =
            __float2half_rn(p);
      }
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      sum[h] += __shfl_xor_sync(~0u, sum[h], 1);
      sum[h] += __shfl_xor_sync(~0u, sum[h], 2);
    }
    __syncthreads(); // everyone has read the maxima from red
#pragma unroll
    for (int h = 0; h < 2; ++h)
      if (t == 0)
        red[warp & 1][wm + g + 8 * h] = sum[h];
    __syncthreads();
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      int r = wm + g + 8 * h;
      l_i[h] = l_i[h] * alpha[h] + (red[0][r] + red[1][r]);
      m_i[h] = m_new[h];
    }
#pragma unroll
    for (int j = 0; j < 4; ++j)
#pragma unroll
      for (int e = 0; e < 4; ++e)
        acc[j][e] *= alpha[e >> 1];

        // acc += P (16 x 32 of this warp's rows) x V (32 x 32 of its columns).
#pragma unroll
    for (int kk = 0; kk < 2; ++kk) {
      uint32_t pf[4];
      ldsm_x4(pf, &ps[wm + (lane & 15)][16 * kk + 8 * (lane >> 4)]);
#pragma unroll
      for (int j = 0; j < 4; ++j) {
        uint32_t b0, b1;
        asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 "
                     "{%0, %1}, [%2];"
                     : "=r"(b0), "=r"(b1)
                     : "r"(smem(&vs[16 * kk + (lane & 15)][on + 8 * j])));
        mma16816(acc[j], pf, b0, b1);
      }
    }
  }

#pragma unroll
  for (int j = 0; j < 4; ++j)
#pragma unroll
    for (int e = 0; e < 4; ++e) {
      int row = row0 + wm + g + 8 * (e >> 1);
      if (row < seq_q)
        o[row * 64 + on + 8 * j + 2 * t + (e & 1)] = acc[j][e] / l_i[e >> 1];
    }
}
