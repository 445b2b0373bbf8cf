// Equivalent of examples/matmul.mlir on tensor cores: C = A * B, f16
// inputs, f32 accumulation, one 128 x 128 tile of C per 256-thread block, K
// in steps of 32 through a 3-stage cp.async pipeline, written as a CUDA
// programmer would with cp.async, ldmatrix and mma.sync through inline PTX.
// Same promises as the tile program: N, K, lda and ldb are multiples of 8,
// A and B 16-byte aligned.
//
// Same decomposition as tileiras: per step, thread (warp w, lane l) copies
// the 16-byte chunks of A at rows 8w + (l >> 2) + 64s, columns
// 8 (l & 3)..+7 and of B at rows 2w + (l >> 4) + 16s, columns
// 8 (l & 15)..+7 (s = 0, 1; tileiras' load layouts), zero-filling masked
// chunks (src-size 0), into slot (step mod 3) of a ring of XOR-swizzled
// buffers (16-byte chunks XOR the row phase, conflict-free for ldmatrix);
// warps 2 x 4 each own a 64 x 32 block of C (4 x 4 m16n8k16 per 16-wide k
// step, tileiras' #nv_tileaa.mma warpsPerCTA = [2, 4]). Same schedule:
// steps 0 and 1 in the prologue; then per step wait_group 1, barrier, read
// all fragments (8 ldmatrix.x4, 4 ldmatrix.x4.trans), issue the copies of
// step + 2 (past the end: all masked), commit, 32 mma; wait_group 0 after.
#include <cuda_fp16.h>
#include <stdint.h>

#include "wgmma.cuh"

static __device__ __forceinline__ uint32_t smem(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

// One 16-byte cp.async; a masked-off chunk copies 0 bytes and zero-fills.
static __device__ __forceinline__ void copy16(uint32_t dst, const void *src,
                                              bool ok) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(dst),
               "l"(src), "r"(ok ? 16 : 0));
}

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
// sm_90a: what tileiras emits there. The same copies into a 4-slot ring of
// wgmma's layouts (A: 64-byte rows, 64-byte swizzle, as above; B: two
// 64-column boxes of 128-byte rows, 128-byte swizzle); per step wait_group
// 1, barrier, the copies of step + 2 (into the slot of step - 2, which the
// previous step's wgmma wait retired), fence.proxy.async (cp.async writes
// in the generic proxy), then per warpgroup two wgmma.m64n128k16, commit
// and wait_group 1; the first step ignores C. 64 KiB: dynamic shared
// memory.
struct Ring {
  uint4 a[4][128][4];
  uint4 b[4][2][32][8];
};

extern "C" __global__ void __launch_bounds__(256)
    matmul(const __half *a, const __half *b, float *c, int m, int n, int k,
           int lda, int ldb, int ldc) {
  extern __shared__ __align__(1024) unsigned char dynamic[];
  Ring &ring = *reinterpret_cast<Ring *>(dynamic);
  int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  int row0 = blockIdx.x * 128, col0 = blockIdx.y * 128;
  int group = warp >> 2;
  int a_r = 8 * warp + (lane >> 2), a_c = lane & 3;
  int b_r = 2 * warp + (lane >> 4), b_c = lane & 15;
  int steps = (k + 31) / 32;

  auto issue = [&](int step) {
    int slot = step % 4;
#pragma unroll
    for (int s = 0; s < 2; ++s) {
      int r = a_r + 64 * s, col = 32 * step + 8 * a_c;
      bool ok = step < steps && row0 + r < m && col < k;
      copy16(smem(&ring.a[slot][r][a_c ^ ((r >> 1) & 3)]),
             a + (size_t)(row0 + r) * lda + col, ok);
      int kr = b_r + 16 * s, kk = 32 * step + kr;
      ok = step < steps && kk < k && col0 + 8 * b_c < n;
      copy16(smem(&ring.b[slot][b_c >> 3][kr][(b_c & 7) ^ (kr & 7)]),
             b + (size_t)kk * ldb + col0 + 8 * b_c, ok);
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
    wgmma_step(d, smem(&ring.a[slot][64 * group][0]),
               smem(&ring.b[slot][0][0][0]), step == 0);
  }
  asm volatile("cp.async.wait_group 0;");
  store_block(d, c, row0, col0, m, n, ldc, warp, lane, steps > 0);
}
#else
// A slot: 128 rows of 4 chunks; chunk c of row r sits at c ^ ((r >> 1) & 3).
static __device__ __forceinline__ int a_chunk(int r, int c) {
  return c ^ ((r >> 1) & 3);
}
// B slot: 32 rows of 16 chunks; chunk c of row r sits at c ^ (r & 7).
static __device__ __forceinline__ int b_chunk(int r, int c) {
  return c ^ (r & 7);
}

struct Tiles {
  uint4 a[3][128][4];
  uint4 b[3][32][16];
};

extern "C" __global__ void __launch_bounds__(256)
    matmul(const __half *a, const __half *b, float *c, int m, int n, int k,
           int lda, int ldb, int ldc) {
  __shared__ __align__(128) Tiles tiles;
  int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  int row0 = blockIdx.x * 128, col0 = blockIdx.y * 128;
  int wm = 64 * (warp >> 2), wn = 32 * (warp & 3);
  int a_r = 8 * warp + (lane >> 2), a_c = lane & 3;
  int b_r = 2 * warp + (lane >> 4), b_c = lane & 15;
  int steps = (k + 31) / 32;

  auto issue = [&](int step) {
    int slot = step % 3;
#pragma unroll
    for (int s = 0; s < 2; ++s) {
      int r = a_r + 64 * s, col = 32 * step + 8 * a_c;
      bool ok = step < steps && row0 + r < m && col < k;
      copy16(smem(&tiles.a[slot][r][a_chunk(r, a_c)]),
             a + (size_t)(row0 + r) * lda + col, ok);
      int kr = b_r + 16 * s, kk = 32 * step + kr;
      ok = step < steps && kk < k && col0 + 8 * b_c < n;
      copy16(smem(&tiles.b[slot][kr][b_chunk(kr, b_c)]),
             b + (size_t)kk * ldb + col0 + 8 * b_c, ok);
    }
    asm volatile("cp.async.commit_group;");
  };

  float acc[4][4][4] = {};
  issue(0);
  issue(1);
  for (int step = 0; step < steps; ++step) {
    asm volatile("cp.async.wait_group 1;");
    __syncthreads();
    int slot = step % 3;
    uint32_t af[2][4][4], bf[2][4][2];
#pragma unroll
    for (int h = 0; h < 2; ++h) {
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        int r = wm + 16 * i + (lane & 15), ch = 2 * h + (lane >> 4);
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 "
                     "{%0, %1, %2, %3}, [%4];"
                     : "=r"(af[h][i][0]), "=r"(af[h][i][1]), "=r"(af[h][i][2]),
                       "=r"(af[h][i][3])
                     : "r"(smem(&tiles.a[slot][r][a_chunk(r, ch)])));
      }
#pragma unroll
      for (int j = 0; j < 2; ++j) {
        int r = 16 * h + (lane & 15), ch = (wn >> 3) + 2 * j + (lane >> 4);
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 "
                     "{%0, %1, %2, %3}, [%4];"
                     : "=r"(bf[h][2 * j][0]), "=r"(bf[h][2 * j][1]),
                       "=r"(bf[h][2 * j + 1][0]), "=r"(bf[h][2 * j + 1][1])
                     : "r"(smem(&tiles.b[slot][r][b_chunk(r, ch)])));
      }
    }
    issue(step + 2);
#pragma unroll
    for (int h = 0; h < 2; ++h)
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j)
          asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                       "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
                       "{%0, %1, %2, %3};"
                       : "+f"(acc[i][j][0]), "+f"(acc[i][j][1]),
                         "+f"(acc[i][j][2]), "+f"(acc[i][j][3])
                       : "r"(af[h][i][0]), "r"(af[h][i][1]), "r"(af[h][i][2]),
                         "r"(af[h][i][3]), "r"(bf[h][j][0]), "r"(bf[h][j][1]));
  }
  asm volatile("cp.async.wait_group 0;");
  __syncthreads();

  // c0, c1 at row g, columns 2t, 2t + 1; c2, c3 eight rows below.
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
