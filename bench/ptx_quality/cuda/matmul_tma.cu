// Equivalent of examples/matmul_tma.mlir as compiled for sm_90+ (TMA): C =
// A * B, f16 inputs, f32 accumulation, one 128 x 128 tile of C per
// 256-thread block, K in steps of 32 through a 3-stage TMA pipeline, written
// as a CUDA programmer would with cp.async.bulk.tensor, mbarriers, ldmatrix
// and mma.sync through inline PTX. The launcher encodes two tensor maps
// (cuTensorMapEncodeTiled), passed after the other parameters as
// __grid_constant__ CUtensorMaps: A with a 32 x 128 box and the 64-byte
// swizzle, B with a 64 x 32 box and the 128-byte swizzle (two boxes per
// step). Same promises as the tile program: lda and ldb multiples of 8.
//
// Same schedule as tileiras: thread 0 initializes one mbarrier per slot and
// issues steps 0 and 1; then per step every thread waits on the slot's
// phase parity, the block synchronizes, the fragments are read (8
// ldmatrix.x4, 4 ldmatrix.x4.trans per warp), thread 0 issues step + 2 into
// the slot every thread has finished reading (expect_tx of 16 KiB, three
// boxes), and 32 mma.sync follow. The ring (48 KiB and the mbarriers) is
// dynamic shared memory, aligned to 1024 bytes for the swizzles. On sm_90a
// (below) the dot is wgmma, as tileiras compiles it there.
#include <cuda.h>
#include <cuda_fp16.h>
#include <stdint.h>

#include "wgmma.cuh"

static __device__ __forceinline__ uint32_t smem(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

static __device__ __forceinline__ void
load_box(uint32_t dst, const CUtensorMap *map, int x, int y, uint32_t bar) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.tile."
      "mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" ::"r"(dst),
      "l"(map), "r"(x), "r"(y), "r"(bar)
      : "memory");
}

// The TMA ring of `Slots` steps: A one 128 x 32 box (64-byte swizzle), B
// two 32 x 64 boxes (128-byte swizzle), one mbarrier per slot.
template <int Slots> struct Ring {
  uint4 a[Slots][128][4];
  uint4 b[Slots][2][32][8];
  uint64_t bar[Slots];

  // Thread 0 initializes the mbarriers for one arrival each.
  __device__ __forceinline__ void init(int tid) {
    if (tid == 0) {
      for (int s = 0; s < Slots; ++s)
        asm volatile("mbarrier.init.shared.b64 [%0], 1;" ::"r"(smem(&bar[s])));
      asm volatile("fence.mbarrier_init.release.cluster;");
    }
    __syncthreads();
  }
  // Thread 0 expects the step's 16 KiB and issues its three boxes.
  __device__ __forceinline__ void issue(int tid, int step, int steps,
                                        const CUtensorMap *map_a,
                                        const CUtensorMap *map_b, int row0,
                                        int col0) {
    if (tid != 0 || step >= steps)
      return;
    int slot = step % Slots;
    uint32_t mbar = smem(&bar[slot]);
    asm volatile(
        "mbarrier.arrive.expect_tx.shared.b64 _, [%0], 16384;" ::"r"(mbar));
    load_box(smem(&a[slot][0][0]), map_a, 32 * step, row0, mbar);
    load_box(smem(&b[slot][0][0][0]), map_b, col0, 32 * step, mbar);
    load_box(smem(&b[slot][1][0][0]), map_b, col0 + 64, 32 * step, mbar);
  }
  // Every thread waits for the step's phase, then the block synchronizes.
  __device__ __forceinline__ void wait(int step) {
    asm volatile("{\n.reg .pred p;\nwait:\n"
                 "mbarrier.try_wait.parity.shared.b64 p, [%0], %1;\n"
                 "@!p bra wait;\n}" ::"r"(smem(&bar[step % Slots])),
                 "r"((step / Slots) & 1));
    __syncthreads();
  }
};

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
// sm_90a: what tileiras emits there. A 4-slot ring (the spare slot is read
// by the previous step's wgmmas, still in flight); per step every thread
// waits on the slot's phase parity, the block synchronizes, thread 0
// issues step + 2 into the slot of step - 2 (retired by the previous
// step's wait_group 1), then each warpgroup issues two
// wgmma.m64n128k16 reading A (K-major, 64-byte swizzle) and B (N-major,
// 128-byte swizzle) through matrix descriptors, commits and waits until
// only this step's group runs. The first step ignores C (scale-d 0).
extern "C" __global__ void __launch_bounds__(256)
    matmul_tma(const __half *a, const __half *b, float *c, int m, int n, int k,
               int lda, int ldb, int ldc,
               const __grid_constant__ CUtensorMap map_a,
               const __grid_constant__ CUtensorMap map_b) {
  extern __shared__ __align__(1024) unsigned char dynamic[];
  Ring<4> &ring = *reinterpret_cast<Ring<4> *>(dynamic);
  int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  int row0 = blockIdx.x * 128, col0 = blockIdx.y * 128;
  int group = warp >> 2;
  int steps = (k + 31) / 32;

  ring.init(tid);
  auto issue = [&](int step) {
    ring.issue(tid, step, steps, &map_a, &map_b, row0, col0);
  };

  float d[64];
  issue(0);
  issue(1);
  for (int step = 0; step < steps; ++step) {
    int slot = step % 4;
    ring.wait(step);
    issue(step + 2);
    wgmma_step(d, smem(&ring.a[slot][64 * group][0]),
               smem(&ring.b[slot][0][0][0]), step == 0);
  }
  store_block(d, c, row0, col0, m, n, ldc, warp, lane, steps > 0);
}
#else
// A slot: 128 rows of 4 chunks, 64-byte swizzle: chunk c of row r sits at
// c ^ ((r >> 1) & 3).
static __device__ __forceinline__ int a_chunk(int r, int c) {
  return c ^ ((r >> 1) & 3);
}
// B slot: two boxes of 32 rows of 8 chunks, 128-byte swizzle: chunk c of
// row r sits at c ^ (r & 7) within its box.
static __device__ __forceinline__ int b_chunk(int r, int c) {
  return c ^ (r & 7);
}

extern "C" __global__ void __launch_bounds__(256)
    matmul_tma(const __half *a, const __half *b, float *c, int m, int n, int k,
               int lda, int ldb, int ldc,
               const __grid_constant__ CUtensorMap map_a,
               const __grid_constant__ CUtensorMap map_b) {
  extern __shared__ __align__(1024) unsigned char dynamic[];
  Ring<3> &tiles = *reinterpret_cast<Ring<3> *>(dynamic);
  int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  int row0 = blockIdx.x * 128, col0 = blockIdx.y * 128;
  int wm = 64 * (warp >> 2), wn = 32 * (warp & 3);
  int steps = (k + 31) / 32;

  tiles.init(tid);
  auto issue = [&](int step) {
    tiles.issue(tid, step, steps, &map_a, &map_b, row0, col0);
  };

  float acc[4][4][4] = {};
  issue(0);
  issue(1);
  for (int step = 0; step < steps; ++step) {
    int slot = step % 3;
    tiles.wait(step);
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
        asm volatile(
            "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 "
            "{%0, %1, %2, %3}, [%4];"
            : "=r"(bf[h][2 * j][0]), "=r"(bf[h][2 * j][1]),
              "=r"(bf[h][2 * j + 1][0]), "=r"(bf[h][2 * j + 1][1])
            : "r"(smem(&tiles.b[slot][ch >> 3][r][b_chunk(r, ch & 7)])));
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
