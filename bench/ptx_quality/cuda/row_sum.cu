// Equivalent of examples/row_sum.mlir: out[r] = sum_c x[r, c], 16 rows per
// 128-thread block, walking the columns in chunks of 256 with a 16 x 256
// partial-sum tile (32 accumulators per thread).
//
// Thread (warp w, lane l) owns rows (w >> 1) + 2i (i = 0..7) and columns
// 128 (w & 1) + 4l + j (j = 0..3) of the partial tile -- tileiras' layout:
// two warps per row pair, each covering 128 columns. The stride and N are
// arbitrary, so the loads are scalar. The final sums fold the thread's 4
// columns in order, a lane butterfly (masks 1..16), then the two warps of a
// row through shared memory (warp 0 + warp 1), as tileiras does.
extern "C" __global__ void __launch_bounds__(128)
    row_sum(const float *x, float *out, int m, int n, int stride) {
  __shared__ float partial[16][2];
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  int row0 = blockIdx.x * 16;
  int col0 = (warp & 1) * 128 + lane * 4;

  int rows[8];
  bool row_ok[8];
#pragma unroll
  for (int i = 0; i < 8; ++i) {
    rows[i] = row0 + (warp >> 1) + 2 * i;
    row_ok[i] = rows[i] < m;
  }

  float acc[8][4] = {};
  for (int c = 0; c < n; c += 256) {
    float v[8][4];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
      for (int j = 0; j < 4; ++j) {
        int col = c + col0 + j;
        v[i][j] = row_ok[i] && col < n ? x[rows[i] * stride + col] : 0.f;
      }
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
      for (int j = 0; j < 4; ++j)
        acc[i][j] += v[i][j];
  }

  float s[8];
#pragma unroll
  for (int i = 0; i < 8; ++i) {
    float t = acc[i][0];
#pragma unroll
    for (int j = 1; j < 4; ++j)
      t += acc[i][j];
#pragma unroll
    for (int mask = 1; mask < 32; mask <<= 1)
      t += __shfl_xor_sync(0xffffffffu, t, mask);
    s[i] = t;
  }
  if (lane == 0)
#pragma unroll
    for (int i = 0; i < 8; ++i)
      partial[(warp >> 1) + 2 * i][warp & 1] = s[i];
  __syncthreads();
  // Lane 0 of the even warps holds rows (w >> 1) + 2i and stores them.
  if (lane == 0 && (warp & 1) == 0)
#pragma unroll
    for (int i = 0; i < 8; ++i) {
      int r = (warp >> 1) + 2 * i;
      if (row_ok[i])
        out[rows[i]] = partial[r][0] + partial[r][1];
    }
}
