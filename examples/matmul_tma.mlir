// C = A * B with f16 inputs and f32 accumulation, on tensor descriptors.
//
// The GEMM of matmul.mlir written the way a Hopper or Blackwell kernel is:
// A (M x K), B (K x N) and C (M x N), row-major with leading dimensions lda,
// ldb and ldc, are described once with `make_memref`; the K loop reads whole
// tiles by tile index with `tiled_load` (elements past M, N or K read as 0)
// and the result is written with `tiled_store` (elements past M or N are not
// written). Program (x, y) computes the 128 x 128 tile (x, y) of C over
// ceil(K / 32) steps, with 8 warps. Launch ceil(M / 128) x ceil(N / 128)
// programs.
//
// Contract (the hints of A and B; a false hint is undefined behaviour): lda,
// ldb, K and N are multiples of 8, so that every row of an A or B tile
// starts 16-byte aligned. TMA requires such strides too; on the pointer path
// they let each thread move 16 bytes per access, and on sm_80 and newer the
// K loop is pipelined through cp.async, 3 stages deep. M and ldc are
// arbitrary.
//
//   tileiras --gpu-name=sm_90a examples/matmul_tma.mlir -o matmul_tma.ptx

nv_tileaa.func @matmul_tma(%a: !nv_tileaa.ptr<f16>, %b: !nv_tileaa.ptr<f16>,
                           %c: !nv_tileaa.ptr<f32>,
                           %m: i32, %n: i32, %k: i32,
                           %lda: i32, %ldb: i32, %ldc: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8, numStages = 3>} {
  %am = nv_tileaa.make_memref %a, sizes [%m, %k], strides [%lda]
      {sizes_div_by = array<i64: 1, 8>, strides_div_by = array<i64: 8, 1>}
      : !nv_tileaa.ptr<f16> -> !nv_tileaa.memref<?x?xf16, strides = [?, 1]>
  %bm = nv_tileaa.make_memref %b, sizes [%k, %n], strides [%ldb]
      {sizes_div_by = array<i64: 1, 8>, strides_div_by = array<i64: 8, 1>}
      : !nv_tileaa.ptr<f16> -> !nv_tileaa.memref<?x?xf16, strides = [?, 1]>
  %cm = nv_tileaa.make_memref %c, sizes [%m, %n], strides [%ldc]
      : !nv_tileaa.ptr<f32> -> !nv_tileaa.memref<?x?xf32, strides = [?, 1]>

  %pid_m = nv_tileaa.get_program_id x : i32
  %pid_n = nv_tileaa.get_program_id y : i32

  // ceil(K / 32) steps; the last one reads past K as zeros.
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c31 = arith.constant 31 : i32
  %c32 = arith.constant 32 : i32
  %k31 = arith.addi %k, %c31 : i32
  %steps = arith.divui %k31, %c32 : i32

  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %kt = %c0 to %steps step %c1
      iter_args(%sum = %zero) -> (tensor<128x128xf32>) : i32 {
    %a_tile = nv_tileaa.tiled_load %am[%pid_m, %kt] : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<128x32xf16>
    %b_tile = nv_tileaa.tiled_load %bm[%kt, %pid_n] : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<32x128xf16>
    %next = nv_tileaa.dot %a_tile, %b_tile, %sum : tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }

  nv_tileaa.tiled_store %cm[%pid_m, %pid_n], %acc : !nv_tileaa.memref<?x?xf32, strides = [?, 1]>, tensor<128x128xf32>
  nv_tileaa.return
}
