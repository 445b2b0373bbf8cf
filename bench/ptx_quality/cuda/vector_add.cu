// Equivalent of examples/vector_add.mlir: c[i] = a[i] + b[i], n % 16 == 0.
//
// One 128-thread block per 1024 elements. Thread t owns elements 4t..4t+3
// and 512+4t..512+4t+3 of its block (the layout tileiras gives the tile) and
// moves each group of 4 as one float4: n is a multiple of 16, so a group is
// either wholly in range or wholly past n. Both inputs are read before c is
// written, as the tile program does (c may alias a or b: no __restrict__).
extern "C" __global__ void __launch_bounds__(128)
    vector_add(const float *a, const float *b, float *c, int n) {
  int first = blockIdx.x * 1024 + threadIdx.x * 4;
  float4 x[2], y[2];
  bool ok[2];
#pragma unroll
  for (int r = 0; r < 2; ++r) {
    int i = first + 512 * r;
    ok[r] = i < n;
    // Masked-off groups read 0, as in the tile program.
    x[r] = y[r] = make_float4(0.f, 0.f, 0.f, 0.f);
    if (ok[r]) {
      x[r] = *reinterpret_cast<const float4 *>(a + i);
      y[r] = *reinterpret_cast<const float4 *>(b + i);
    }
  }
#pragma unroll
  for (int r = 0; r < 2; ++r) {
    if (ok[r]) {
      float4 s = make_float4(x[r].x + y[r].x, x[r].y + y[r].y, x[r].z + y[r].z,
                             x[r].w + y[r].w);
      *reinterpret_cast<float4 *>(c + first + 512 * r) = s;
    }
  }
}
