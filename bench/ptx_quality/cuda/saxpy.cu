// Equivalent of examples/saxpy.mlir: y[i] = a * x[i] + y[i], n % 16 == 0.
//
// One 128-thread block per 2048 elements; thread t owns the float4 groups
// starting at 4t + 512r, r = 0..3 (tileiras' layout). n is a multiple of 16,
// so every group is wholly in or out of range. All of x and y are read
// before y is written, as in the tile program.
extern "C" __global__ void __launch_bounds__(128)
    saxpy(const float *x, float *y, float a, int n) {
  int first = blockIdx.x * 2048 + threadIdx.x * 4;
  float4 xv[4], yv[4];
  bool ok[4];
#pragma unroll
  for (int r = 0; r < 4; ++r) {
    int i = first + 512 * r;
    ok[r] = i < n;
    xv[r] = yv[r] = make_float4(0.f, 0.f, 0.f, 0.f);
    if (ok[r]) {
      xv[r] = *reinterpret_cast<const float4 *>(x + i);
      yv[r] = *reinterpret_cast<const float4 *>(y + i);
    }
  }
#pragma unroll
  for (int r = 0; r < 4; ++r) {
    if (ok[r]) {
      float4 s =
          make_float4(fmaf(a, xv[r].x, yv[r].x), fmaf(a, xv[r].y, yv[r].y),
                      fmaf(a, xv[r].z, yv[r].z), fmaf(a, xv[r].w, yv[r].w));
      *reinterpret_cast<float4 *>(y + first + 512 * r) = s;
    }
  }
}
