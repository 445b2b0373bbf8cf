// Equivalent of test/E2E/scalar/loop.mlir.
extern "C" __global__ void __launch_bounds__(32)
rowsum(const float *x, float *out, int n) {
  int pid = blockIdx.x;
  const float *row = x + pid * n;
  float acc = 0.0f;
  for (int i = 0; i < n; ++i)
    acc += row[i];
  if (threadIdx.x == 0)
    out[pid] = acc;
}
