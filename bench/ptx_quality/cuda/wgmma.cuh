// wgmma helpers shared by the sm_90a CUDA equivalents (matmul.cu,
// matmul_tma.cu): the matrix descriptor and one m64n128k16 f16 wgmma with
// A K-major and B N-major, scale-d in a register.
#pragma once

#include <stdint.h>

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
// Matrix descriptor: start address >> 4, LBO >> 4 at bit 16, SBO >> 4 at
// bit 32, swizzle code at bit 62 (1: 128-byte, 2: 64-byte).
static __device__ __forceinline__ uint64_t desc(uint32_t addr, uint32_t lbo,
                                                uint32_t sbo, uint64_t code) {
  return ((addr & 0x3FFFF) >> 4) | uint64_t(lbo >> 4) << 16 |
         uint64_t(sbo >> 4) << 32 | code << 62;
}

// Defines NAME(d, a-desc, b-desc, scale_d): one m64n128 wgmma (INSTR, the
// instruction name) with A and B from shared memory, scale-d in a register,
// TAIL the immediates after it (", 1, 1, 0, 1" for f16 with B N-major).
#define DEFINE_WGMMA_M64N128(NAME, INSTR, TAIL)                                \
  static __device__ __forceinline__ void NAME(float(&d)[64], uint64_t da,      \
                                              uint64_t db, int scale_d) {      \
    asm volatile(                                                              \
        "{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\n" INSTR                     \
        " {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, "  \
        "%15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, "    \
        "%28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, "    \
        "%41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, "    \
        "%54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, p" TAIL  \
        ";\n}"                                                                 \
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]),          \
          "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]),          \
          "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]),     \
          "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]),     \
          "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]),     \
          "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]),     \
          "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]),     \
          "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]),     \
          "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]),     \
          "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]),     \
          "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]),     \
          "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]),     \
          "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])                   \
        : "l"(da), "l"(db), "r"(scale_d));                                     \
  }

DEFINE_WGMMA_M64N128(wgmma,
                     "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16",
                     ", 1, 1, 0, 1")

// One K step of 32 for the warpgroup (two k16 wgmmas) on slots laid out as
// TMA writes them: A at `a_rows`, its 64 rows of 64 bytes (64-byte
// swizzle); B at `b_slot`, two 64-column boxes of 32 rows of 128 bytes
// (128-byte swizzle). Committed, then wait_group 1: the previous step's
// group is retired, this one still runs. `first` ignores C.
static __device__ __forceinline__ void
wgmma_step(float (&d)[64], uint32_t a_rows, uint32_t b_slot, bool first) {
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#pragma unroll
  for (int kk = 0; kk < 2; ++kk)
    wgmma(d, desc(a_rows + 32 * kk, 16, 512, 2),
          desc(b_slot + 2048 * kk, 4096, 1024, 1), !first || kk > 0);
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
}

// The accumulator element i of thread (warp w of the warpgroup, lane 4g +
// t): row 16 w + g + 8 ((i >> 1) & 1), column 8 (i >> 2) + 2 t + (i & 1).
static __device__ __forceinline__ int wgmma_row(int warp, int lane, int i) {
  return 16 * (warp & 3) + (lane >> 2) + 8 * ((i >> 1) & 1);
}
static __device__ __forceinline__ int wgmma_col(int lane, int i) {
  return 8 * (i >> 2) + 2 * (lane & 3) + (i & 1);
}

// Waits for the last group, then stores the warpgroup's 64 x 128 block of
// C (masked at m and n; zeros when `ran` is false).
static __device__ __forceinline__ void
store_block(const float (&d)[64], float *c, int row0, int col0, int m, int n,
            int ldc, int warp, int lane, bool ran) {
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
#pragma unroll
  for (int i = 0; i < 64; ++i) {
    int row = row0 + 64 * (warp >> 2) + wgmma_row(warp, lane, i);
    int col = col0 + wgmma_col(lane, i);
    if (row < m && col < n)
      c[(size_t)row * ldc + col] = ran ? d[i] : 0.0f;
  }
}
#endif
