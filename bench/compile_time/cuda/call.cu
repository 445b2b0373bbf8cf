// Equivalent of test/E2E/scalar/call.mlir.
static __device__ __noinline__ float square(float v) { return v * v; }
extern "C" __device__ __noinline__ void divmod(int a, int b, int *q, int *r) {
  *q = a / b;
  *r = a % b;
}
extern "C" __global__ void __launch_bounds__(64)
kernel(const float *in, float *out, int *idx) {
  int pid = blockIdx.x;
  float s = square(in[pid]);
  int q, r;
  divmod(pid, 7, &q, &r);
  if (threadIdx.x == 0) {
    out[pid] = s;
    idx[pid] = q + r;
  }
}
