// Equivalent of examples/histogram.mlir: hist[b] += #{i : x[i] == b}, one
// 128-thread block per 1024 indices, one atomic per element.
//
// Thread t owns elements 4t..4t+3 and 512+4t..512+4t+3 of its block
// (tileiras' layout); n is arbitrary, so the loads are scalar. All 8
// indices are loaded before the atomics, as in the tile program. atomicAdd
// is relaxed and device-scoped, like tileiras' atom.relaxed.gpu, and its
// result is unused (ptxas turns both into a reduction).
extern "C" __global__ void __launch_bounds__(128)
    histogram(const int *x, int *hist, int n, int bins) {
  int first = blockIdx.x * 1024 + threadIdx.x * 4;
  int bin[8];
  bool in_range[8];
#pragma unroll
  for (int k = 0; k < 8; ++k) {
    int i = first + (k / 4) * 512 + k % 4;
    in_range[k] = i < n;
    bin[k] = in_range[k] ? x[i] : 0;
  }
#pragma unroll
  for (int k = 0; k < 8; ++k)
    if (in_range[k] && bin[k] >= 0 && bin[k] < bins)
      atomicAdd(hist + bin[k], 1);
}
