// Equivalent of test/E2E/scalar/cluster.mlir.
extern "C" __global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(128, 2)
clustered(int *p) {
  if (threadIdx.x == 0)
    p[blockIdx.x] = blockIdx.x;
}
