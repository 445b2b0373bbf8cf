// Equivalent of examples/matmul_fp8_tn.mlir: C = A * B with FP8 E4M3
// inputs (raw bytes), f32 accumulation, A M x K row-major, B held N x K
// row-major (B(k, n) at b[n * ldb + k]), one 128 x 128 tile of C per
// 256-thread block. Same promises as the tile program: K, lda and ldb are
// multiples of 16, A and B 16-byte aligned.
#include <stdint.h>

#include "wgmma.cuh"

static __device__ __forceinline__ uint32_t smem(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
// One 16-byte cp.async; a masked-off chunk copies 0 bytes and zero-fills.
static __device__ __forceinline__ void copy16(uint32_t dst, const void *src,
                                              bool ok) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(dst),
               "l"(src), "r"(ok ? 16 : 0));
}

// sm_90a: what tileiras emits there. K in steps of 64 through a 4-slot ring
// (copies two steps ahead, the fourth slot for the wgmmas still running);
// A and B land as 128 rows of 64 K-contiguous bytes each (64-byte swizzle:
// chunk c of row r at c ^ ((r >> 1) & 3)), both read K-major by
// wgmma.m64n128k32.f32.e4m3.e4m3, two per step and warpgroup.
struct Ring {
  uint4 a[4][128][4];
  uint4 b[4][128][4];
};

// A and B K-major: only the imm-scale immediates (8-bit types).
DEFINE_WGMMA_M64N128(wgmma_e4m3,
                     "wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3",
                     ", 1, 1")

extern "C" __global__ void __launch_bounds__(256)
    matmul_fp8_tn(const uint8_t *a, const uint8_t *b, float *c, int m, int n,
                  int k, int lda, int ldb, int ldc) {
  extern __shared__ __align__(1024) unsigned char dynamic[];
  Ring &ring = *reinterpret_cast<Ring *>(dynamic);
  int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  int row0 = blockIdx.x * 128, col0 = blockIdx.y * 128;
  int group = warp >> 2;
  int r0 = tid >> 2, chunk = tid & 3; // rows r0 and r0 + 64, one chunk each
  int steps = (k + 63) / 64;

  auto issue = [&](int step) {
    int slot = step % 4, kk = 64 * step + 16 * chunk;
#pragma unroll
    for (int s = 0; s < 2; ++s) {
      int r = r0 + 64 * s, at = chunk ^ ((r >> 1) & 3);
      bool in_k = step < steps && kk < k;
      copy16(smem(&ring.a[slot][r][at]), a + (size_t)(row0 + r) * lda + kk,
             in_k && row0 + r < m);
      copy16(smem(&ring.b[slot][r][at]), b + (size_t)(col0 + r) * ldb + kk,
             in_k && col0 + r < n);
    }
    asm volatile("cp.async.commit_group;");
  };

  float d[64];
  issue(0);
  issue(1);
  for (int step = 0; step < steps; ++step) {
    asm volatile("cp.async.wait_group 1;");
    __syncthreads();
    int slot = step % 4;
    issue(step + 2);
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
    uint32_t a_rows = smem(&ring.a[slot][64 * group][0]);
    uint32_t b_rows = smem(&ring.b[slot][0][0]);
#pragma unroll
    for (int kk = 0; kk < 2; ++kk)
      wgmma_e4m3(d, desc(a_rows + 32 * kk, 16, 512, 2),
                 desc(b_rows + 32 * kk, 16, 512, 2), step > 0 || kk > 0);
    asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
  }
  asm volatile("cp.async.wait_group 0;");
  store_block(d, c, row0, col0, m, n, ldc, warp, lane, steps > 0);
}
#else
// sm_89 and later without wgmma: mma.sync m16n8k32 e4m3 from padded shared
// memory (rows of 32 K bytes padded to 48), K in steps of 32, loads not
// pipelined; warps 2 x 4 each own a 64 x 32 block of C (4 x 4 m16n8k32 per
// step). B's rows are K-contiguous, so plain ldmatrix gives its fragments.
// ptxas rejects the FP8 mma below sm_89.
extern "C" __global__ void __launch_bounds__(256)
    matmul_fp8_tn(const uint8_t *a, const uint8_t *b, float *c, int m, int n,
                  int k, int lda, int ldb, int ldc) {
  __shared__ __align__(16) uint8_t as[128][48];
  __shared__ __align__(16) uint8_t bs[128][48]; // [n][k]
  int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  int row0 = blockIdx.x * 128, col0 = blockIdx.y * 128;
  int wm = 64 * (warp >> 2), wn = 32 * (warp & 3);
  int r = tid >> 1, kc = 16 * (tid & 1);

  float acc[4][4][4] = {};
  for (int kk = 0; kk < k; kk += 32) {
    uint4 av = {}, bv = {};
    if (row0 + r < m && kk + kc < k)
      av = *reinterpret_cast<const uint4 *>(a + (size_t)(row0 + r) * lda + kk +
                                            kc);
    if (col0 + r < n && kk + kc < k)
      bv = *reinterpret_cast<const uint4 *>(b + (size_t)(col0 + r) * ldb + kk +
                                            kc);
    __syncthreads(); // the previous step is done reading as and bs
    *reinterpret_cast<uint4 *>(&as[r][kc]) = av;
    *reinterpret_cast<uint4 *>(&bs[r][kc]) = bv;
    __syncthreads();
    uint32_t af[4][4], bf[4][2];
#pragma unroll
    for (int i = 0; i < 4; ++i)
      asm volatile(
          "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
          : "=r"(af[i][0]), "=r"(af[i][1]), "=r"(af[i][2]), "=r"(af[i][3])
          : "r"(smem(&as[wm + 16 * i + (lane & 15)][16 * (lane >> 4)])));
#pragma unroll
    for (int j = 0; j < 4; ++j)
      asm volatile(
          "ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];"
          : "=r"(bf[j][0]), "=r"(bf[j][1])
          : "r"(smem(&bs[wn + 8 * j + (lane & 7)][16 * ((lane >> 3) & 1)])));
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
      for (int j = 0; j < 4; ++j)
        asm volatile("mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32 "
                     "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
                     "{%0, %1, %2, %3};"
                     : "+f"(acc[i][j][0]), "+f"(acc[i][j][1]),
                       "+f"(acc[i][j][2]), "+f"(acc[i][j][3])
                     : "r"(af[i][0]), "r"(af[i][1]), "r"(af[i][2]),
                       "r"(af[i][3]), "r"(bf[j][0]), "r"(bf[j][1]));
  }

  int g = lane >> 2, t = lane & 3;
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
#pragma unroll
      for (int e = 0; e < 4; ++e) {
        int row = row0 + wm + 16 * i + g + 8 * (e >> 1);
        int col = col0 + wn + 8 * j + 2 * t + (e & 1);
        if (row < m && col < n)
          c[(size_t)row * ldc + col] = acc[i][j][e];
      }
}
#endif
