// Equivalent of examples/attention.mlir (flash-attention forward, one head,
// head dimension 64): 64 query rows per 128-thread block, keys in blocks of
// 32, written as a CUDA programmer would with mma.sync and ldmatrix through
// inline PTX.
//
// Same decomposition as tileiras, the FlashAttention-2 structure: warps
// 4 x 1 (all along M), warp w owning query rows 16 w .. 16 w + 15 for both
// dots. For S = Q K^T (64 x 32 per key block) each warp computes its 16 x 32
// slice (4 n-tiles x 4 k-steps = 16 m16n8k16 per block, B from 8
// ldmatrix.x4); for O (64 x 64) again its 16 rows, all 64 columns (8 n-tiles
// x 2 k-steps = 16 m16n8k16, B from 8 ldmatrix.x4.trans). Per key block a
// warp issues 32 mma, 16 ldmatrix, 8 shfl and 2 bar.sync.
// A row lives in the 4 lanes of a quad, so the row maxima and sums of the
// online softmax are two shfl.sync.bfly (masks 1, 2) each, with no shared
// memory. P stays in registers: the f32 C fragments of S for n-tiles 2j and
// 2j + 1 (rows g, g + 8, columns 2t, 2t + 1 of each), converted to f16
// pairs, are the A fragment of the P V mma for k-step j (j = 0, 1); alpha
// rescales the O fragments in registers. Q is loaded once into shared memory
// and kept in registers as A fragments (ldmatrix.x4); K blocks are read with
// ldmatrix.x4 (K's rows are B's columns), V blocks with ldmatrix.x4.trans.
// Q, K and V rows are moved with 16-byte loads (rows are 128 bytes). No
// cp.async pipelining.
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

static __device__ __forceinline__ void ldsm_x4_trans(uint32_t (&r)[4],
                                                     const void *p) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 "
               "{%0, %1, %2, %3}, [%4];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(smem(p)));
}

// Two f32 as an f16 pair, `lo` in the low half (the lower column).
static __device__ __forceinline__ uint32_t pack_f16x2(float lo, float hi) {
  __half2 h = __floats2half2_rn(lo, hi);
  return *reinterpret_cast<uint32_t *>(&h);
}

extern "C" __global__ void __launch_bounds__(128)
    attention(const __half *q, const __half *k, const __half *v, float *o,
              int seq_q, int seq_k, float scale) {
  // Rows padded by 16 bytes so that ldmatrix's rows spread over the banks.
  __shared__ __align__(16) __half qs[64][72];
  __shared__ __align__(16) __half ks[32][72];
  __shared__ __align__(16) __half vs[32][72];
  int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  int g = lane >> 2, t = lane & 3;
  int row0 = blockIdx.x * 64;
  int wm = 16 * warp;
  // This thread's 16-byte chunks of a tile with 64-half rows: rows lr + 16 i,
  // halves lc .. lc + 7 (8 chunks a row, consecutive threads on consecutive
  // chunks); i < 4 for Q (64 rows), i < 2 for a K or V block (32 rows).
  int lr = tid >> 3, lc = 8 * (tid & 7);
  const uint4 zero = {0, 0, 0, 0};

#pragma unroll
  for (int i = 0; i < 4; ++i) {
    int r = lr + 16 * i;
    *reinterpret_cast<uint4 *>(&qs[r][lc]) =
        row0 + r < seq_q
            ? *reinterpret_cast<const uint4 *>(q + (row0 + r) * 64 + lc)
            : zero;
  }
  __syncthreads();
  // A fragments of this warp's 16 rows, k-step kk (head dims 16 kk ..):
  // matrices (rows 0-7 | 8-15) x (dims +0 | +8) in a0a1, a2a3, a4a5, a6a7.
  uint32_t qf[4][4];
#pragma unroll
  for (int kk = 0; kk < 4; ++kk)
    ldsm_x4(qf[kk], &qs[wm + (lane & 15)][16 * kk + 8 * (lane >> 4)]);

  const float qk_scale = scale * 1.44269502f;
  // Rows g and g + 8 of the warp's 16: the running max and sum (the same
  // in the 4 lanes of a quad) and the O fragments of its 8 n-tiles.
  float m_i[2] = {-INFINITY, -INFINITY}, l_i[2] = {0.f, 0.f};
  float acc[8][4] = {};
  for (int kb = 0; kb < seq_k; kb += 32) {
    uint4 kx[2], vx[2];
#pragma unroll
    for (int i = 0; i < 2; ++i) {
      int key = kb + lr + 16 * i;
      bool ok = key < seq_k;
      kx[i] = ok ? *reinterpret_cast<const uint4 *>(k + key * 64 + lc) : zero;
      vx[i] = ok ? *reinterpret_cast<const uint4 *>(v + key * 64 + lc) : zero;
    }
    __syncthreads(); // the previous block is done with ks, vs
#pragma unroll
    for (int i = 0; i < 2; ++i) {
      *reinterpret_cast<uint4 *>(&ks[lr + 16 * i][lc]) = kx[i];
      *reinterpret_cast<uint4 *>(&vs[lr + 16 * i][lc]) = vx[i];
    }
    __syncthreads();

    // S (16 x 32 of this warp) = Q K_blk^T. B of n-tile j, k-step kk is
    // K[keys 8 j ..][dims 16 kk ..]: one x4 gives the b0b1, b2b3 of k-steps
    // 2 h and 2 h + 1 (dims 32 h + 0, 8, 16, 24).
    float s[4][4];
#pragma unroll
    for (int j = 0; j < 4; ++j) {
#pragma unroll
      for (int e = 0; e < 4; ++e)
        s[j][e] = 0.f;
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        uint32_t b[4];
        ldsm_x4(b, &ks[8 * j + (lane & 7)][32 * h + 8 * (lane >> 3)]);
        mma16816(s[j], qf[2 * h], b[0], b[1]);
        mma16816(s[j], qf[2 * h + 1], b[2], b[3]);
      }
    }

    // Scaled scores, -inf past seq_k; row maxima within the quad.
    float mx[2] = {-INFINITY, -INFINITY};
#pragma unroll
    for (int j = 0; j < 4; ++j)
#pragma unroll
      for (int e = 0; e < 4; ++e) {
        int key = kb + 8 * j + 2 * t + (e & 1);
        s[j][e] = key < seq_k ? s[j][e] * qk_scale : -INFINITY;
        mx[e >> 1] = maximumf(mx[e >> 1], s[j][e]);
      }
    float m_new[2], alpha[2], sum[2] = {0.f, 0.f};
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      mx[h] = maximumf(mx[h], __shfl_xor_sync(~0u, mx[h], 1));
      mx[h] = maximumf(mx[h], __shfl_xor_sync(~0u, mx[h], 2));
      m_new[h] = maximumf(m_i[h], mx[h]);
      alpha[h] = exp2f(m_i[h] - m_new[h]);
    }
#pragma unroll
    for (int j = 0; j < 4; ++j)
#pragma unroll
      for (int e = 0; e < 4; ++e) {
        s[j][e] = exp2f(s[j][e] - m_new[e >> 1]);
        sum[e >> 1] += s[j][e];
      }
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      sum[h] += __shfl_xor_sync(~0u, sum[h], 1);
      sum[h] += __shfl_xor_sync(~0u, sum[h], 2);
      l_i[h] = l_i[h] * alpha[h] + sum[h];
      m_i[h] = m_new[h];
    }
#pragma unroll
    for (int j = 0; j < 8; ++j)
#pragma unroll
      for (int e = 0; e < 4; ++e)
        acc[j][e] *= alpha[e >> 1];

    // acc += P (16 x 32, registers) x V_blk (32 x 64). The A fragment of
    // k-step kk (keys 16 kk ..) is P's C fragments of n-tiles 2 kk (a0a1
    // row g, a2a3 row g + 8) and 2 kk + 1 (a4a5, a6a7). One x4.trans gives
    // the b0b1, b2b3 of n-tiles 2 n and 2 n + 1 (V[keys 16 kk + 0 | 8]
    // [dims 16 n + 0 | 8]).
#pragma unroll
    for (int kk = 0; kk < 2; ++kk) {
      const uint32_t pf[4] = {pack_f16x2(s[2 * kk][0], s[2 * kk][1]),
                              pack_f16x2(s[2 * kk][2], s[2 * kk][3]),
                              pack_f16x2(s[2 * kk + 1][0], s[2 * kk + 1][1]),
                              pack_f16x2(s[2 * kk + 1][2], s[2 * kk + 1][3])};
#pragma unroll
      for (int n = 0; n < 4; ++n) {
        uint32_t b[4];
        ldsm_x4_trans(b, &vs[16 * kk + (lane & 15)][16 * n + 8 * (lane >> 4)]);
        mma16816(acc[2 * n], pf, b[0], b[1]);
        mma16816(acc[2 * n + 1], pf, b[2], b[3]);
      }
    }
  }

#pragma unroll
  for (int h = 0; h < 2; ++h) {
    int row = row0 + wm + g + 8 * h;
    if (row < seq_q)
#pragma unroll
      for (int j = 0; j < 8; ++j)
        *reinterpret_cast<float2 *>(&o[row * 64 + 8 * j + 2 * t]) =
            make_float2(acc[j][2 * h] / l_i[h], acc[j][2 * h + 1] / l_i[h]);
  }
}
