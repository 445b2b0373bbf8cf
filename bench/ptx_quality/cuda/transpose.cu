// Equivalent of examples/transpose.mlir: out = transpose(in) for an M x N
// matrix, one 64 x 64 tile per 128-thread block, through shared memory.
//
// Thread (warp w, lane l) reads rows 2w + (l >> 4) + 8i (i = 0..7), columns
// 4 (l & 15) + j (j = 0..3) of the input tile, and writes the same
// positions of the transposed tile -- tileiras' layout for the load and the
// store. Rows of 64 floats padded by one word (65) keep the shared-memory
// accesses from piling onto one bank, the classic transpose; tileiras pads
// its scratch rows the same way. M and N are arbitrary, so the global
// accesses are scalar.
extern "C" __global__ void __launch_bounds__(128)
    transpose(const float *in, float *out, int m, int n) {
  __shared__ float tile[64][65]; // tile[c][r] = in[row0 + r][col0 + c]
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  int row0 = blockIdx.x * 64, col0 = blockIdx.y * 64;
  int r_base = 2 * warp + (lane >> 4), c_base = 4 * (lane & 15);

  float v[8][4];
#pragma unroll
  for (int i = 0; i < 8; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      int r = r_base + 8 * i, c = c_base + j;
      int row = row0 + r, col = col0 + c;
      v[i][j] = row < m && col < n ? in[row * n + col] : 0.f;
    }
#pragma unroll
  for (int i = 0; i < 8; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
      tile[c_base + j][r_base + 8 * i] = v[i][j];
  __syncthreads();
#pragma unroll
  for (int i = 0; i < 8; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      // Element (a, b) of the transposed tile is out[col0 + a][row0 + b].
      int a = r_base + 8 * i, b = c_base + j;
      if (col0 + a < n && row0 + b < m)
        out[(col0 + a) * m + row0 + b] = tile[a][b];
    }
}
