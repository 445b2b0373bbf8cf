// Equivalent of examples/softmax.mlir: row-wise softmax of an M x N matrix
// (N <= 1024, row stride `stride`), 4 rows per 256-thread block.
//
// Thread (warp w, lane l) owns columns 128w + 4l + j (j = 0..3) of all four
// rows, as in tileiras' layout (the 8 warps split the columns). The rows may
// start anywhere (arbitrary stride) and N is arbitrary, so the accesses are
// scalar. Each reduction is: the thread's 4 elements in column order, a
// butterfly over the lanes (masks 1, 2, 4, 8, 16), then the 8 warp partials
// through shared memory, folded in warp order by every thread -- the same
// combination order as tileiras.
// exp(t) = exp2f(t * log2(e)) and an IEEE division, as in the tile program.
#include "common.cuh"

extern "C" __global__ void __launch_bounds__(256)
    softmax(const float *x, float *y, int m, int n, int stride) {
  // One array per reduction, so the second needs no barrier before it.
  __shared__ float partial_max[4][8], partial_sum[4][8];
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  int row0 = blockIdx.x * 4;
  int col0 = warp * 128 + lane * 4;

  float v[4][4];
  bool ok[4][4];
#pragma unroll
  for (int r = 0; r < 4; ++r)
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      int row = row0 + r, col = col0 + j;
      ok[r][j] = row < m && col < n;
      // Masked-off lanes read -inf: no effect on the max, exp2 gives 0.
      v[r][j] = ok[r][j] ? x[row * stride + col] : -INFINITY;
    }

  float mx[4];
#pragma unroll
  for (int r = 0; r < 4; ++r) {
    float t = v[r][0];
#pragma unroll
    for (int j = 1; j < 4; ++j)
      t = maximumf(t, v[r][j]);
#pragma unroll
    for (int mask = 1; mask < 32; mask <<= 1)
      t = maximumf(t, __shfl_xor_sync(0xffffffffu, t, mask));
    mx[r] = t;
  }
  if (lane == 0)
#pragma unroll
    for (int r = 0; r < 4; ++r)
      partial_max[r][warp] = mx[r];
  __syncthreads();
#pragma unroll
  for (int r = 0; r < 4; ++r) {
    float t = partial_max[r][0];
#pragma unroll
    for (int q = 1; q < 8; ++q)
      t = maximumf(t, partial_max[r][q]);
    mx[r] = t;
  }

  float e[4][4], sum[4];
#pragma unroll
  for (int r = 0; r < 4; ++r) {
#pragma unroll
    for (int j = 0; j < 4; ++j)
      e[r][j] = exp2f((v[r][j] - mx[r]) * 1.44269502f);
    float t = e[r][0];
#pragma unroll
    for (int j = 1; j < 4; ++j)
      t += e[r][j];
#pragma unroll
    for (int mask = 1; mask < 32; mask <<= 1)
      t += __shfl_xor_sync(0xffffffffu, t, mask);
    sum[r] = t;
  }
  if (lane == 0)
#pragma unroll
    for (int r = 0; r < 4; ++r)
      partial_sum[r][warp] = sum[r];
  __syncthreads();
#pragma unroll
  for (int r = 0; r < 4; ++r) {
    float t = partial_sum[r][0];
#pragma unroll
    for (int q = 1; q < 8; ++q)
      t += partial_sum[r][q];
    sum[r] = t;
  }

#pragma unroll
  for (int r = 0; r < 4; ++r)
#pragma unroll
    for (int j = 0; j < 4; ++j)
      if (ok[r][j])
        y[(row0 + r) * stride + col0 + j] = e[r][j] / sum[r];
}
