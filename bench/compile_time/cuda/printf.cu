// Equivalent of test/E2E/scalar/printf.mlir.
#include <cstdio>
extern "C" __global__ void __launch_bounds__(32) hello(const float *p) {
  if (threadIdx.x == 0)
    printf("pid=%d value=%f\n", (int)blockIdx.x, *p);
}
