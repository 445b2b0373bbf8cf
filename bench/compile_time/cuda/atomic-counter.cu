// Equivalent of test/E2E/scalar/atomic-counter.mlir.
extern "C" __global__ void __launch_bounds__(128)
tickets(int *counter, int *out) {
  __shared__ int ticket;
  if (threadIdx.x == 0)
    ticket = atomicAdd(counter, 1);
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = ticket;
}
