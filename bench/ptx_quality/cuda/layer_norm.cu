// Equivalent of examples/layer_norm.mlir: layer normalization of one row
// (N <= 1024) per 128-thread block.
//
// Thread t owns columns 4t..4t+3 and 512+4t..512+4t+3 (tileiras' layout);
// N and the row start are arbitrary, so the accesses are scalar. Both sums
// fold the thread's 8 elements in column order, then a lane butterfly
// (masks 1..16), then the 4 warp partials through shared memory in warp
// order, as tileiras does. mean and var are IEEE divisions by n; the
// example's math.rsqrt goes through libdevice's __nv_rsqrtf, i.e.
// rsqrt.approx.f32, which is CUDA's rsqrtf; the output is an FMA.
extern "C" __global__ void __launch_bounds__(128)
    layer_norm(const float *x, float *y, const float *w, const float *b, int n,
               int stride, float eps) {
  __shared__ float partial_sum[4], partial_sq[4];
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  int row_start = blockIdx.x * stride;
  const float *xr = x + row_start;
  float *yr = y + row_start;

  int col[8];
  bool ok[8];
  float v[8];
#pragma unroll
  for (int i = 0; i < 8; ++i) {
    col[i] = (i / 4) * 512 + threadIdx.x * 4 + i % 4;
    ok[i] = col[i] < n;
    v[i] = ok[i] ? xr[col[i]] : 0.f;
  }

  float s = v[0];
#pragma unroll
  for (int i = 1; i < 8; ++i)
    s += v[i];
#pragma unroll
  for (int mask = 1; mask < 32; mask <<= 1)
    s += __shfl_xor_sync(0xffffffffu, s, mask);
  if (lane == 0)
    partial_sum[warp] = s;
  __syncthreads();
  s = partial_sum[0] + partial_sum[1] + partial_sum[2] + partial_sum[3];
  float nf = (float)n;
  float mean = s / nf;

  // Missing columns add nothing to the variance.
  float c[8];
#pragma unroll
  for (int i = 0; i < 8; ++i)
    c[i] = ok[i] ? v[i] - mean : 0.f;
  float q = c[0] * c[0];
#pragma unroll
  for (int i = 1; i < 8; ++i)
    q += c[i] * c[i];
#pragma unroll
  for (int mask = 1; mask < 32; mask <<= 1)
    q += __shfl_xor_sync(0xffffffffu, q, mask);
  if (lane == 0)
    partial_sq[warp] = q;
  __syncthreads();
  q = partial_sq[0] + partial_sq[1] + partial_sq[2] + partial_sq[3];
  float rstd = rsqrtf(q / nf + eps);

  // All of w and b are read before y is written (y may alias them).
  float wv[8], bv[8];
#pragma unroll
  for (int i = 0; i < 8; ++i) {
    wv[i] = ok[i] ? w[col[i]] : 0.f;
    bv[i] = ok[i] ? b[col[i]] : 0.f;
  }
#pragma unroll
  for (int i = 0; i < 8; ++i)
    if (ok[i])
      yr[col[i]] = fmaf(c[i] * rstd, wv[i], bv[i]);
}
