// Equivalent of examples/inclusive_scan.mlir: inclusive prefix sums of
// independent blocks of 1024 ints, one 128-thread block each.
//
// Thread t owns elements 4t..4t+3 (first half) and 512+4t..512+4t+3
// (second half) of the block, as in tileiras' layout; n is arbitrary, so the
// loads are scalar. The usual three-level block scan: each thread scans its
// two runs of 4, a warp scans the run totals with __shfl_up_sync
// (Kogge-Stone), the warp totals go through shared memory, and the second
// half adds the total of the first. Integer addition is exact (mod 2^32),
// so the result equals tileiras' whatever the order.
extern "C" __global__ void __launch_bounds__(128)
    inclusive_scan(const int *x, int *out, int n) {
  __shared__ int warp_total[2][4];
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  int first = blockIdx.x * 1024 + threadIdx.x * 4;

  int v[2][4];
  bool ok[2][4];
#pragma unroll
  for (int h = 0; h < 2; ++h)
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      int i = first + 512 * h + j;
      ok[h][j] = i < n;
      v[h][j] = ok[h][j] ? x[i] : 0;
    }

    // In the thread.
#pragma unroll
  for (int h = 0; h < 2; ++h)
#pragma unroll
    for (int j = 1; j < 4; ++j)
      v[h][j] += v[h][j - 1];

  // Across the lanes: inclusive scan of the run totals.
  int scanned[2] = {v[0][3], v[1][3]};
#pragma unroll
  for (int d = 1; d < 32; d <<= 1)
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      int up = __shfl_up_sync(0xffffffffu, scanned[h], d);
      if (lane >= d)
        scanned[h] += up;
    }

  // Across the warps.
  if (lane == 31) {
    warp_total[0][warp] = scanned[0];
    warp_total[1][warp] = scanned[1];
  }
  __syncthreads();
  int carry[2] = {0, 0}, half0 = 0;
#pragma unroll
  for (int q = 0; q < 4; ++q) {
    half0 += warp_total[0][q];
    if (q < warp) {
      carry[0] += warp_total[0][q];
      carry[1] += warp_total[1][q];
    }
  }
  carry[1] += half0;

#pragma unroll
  for (int h = 0; h < 2; ++h) {
    // What precedes this thread's run: earlier warps and earlier lanes.
    int before = carry[h] + scanned[h] - v[h][3];
#pragma unroll
    for (int j = 0; j < 4; ++j)
      if (ok[h][j])
        out[first + 512 * h + j] = before + v[h][j];
  }
}
