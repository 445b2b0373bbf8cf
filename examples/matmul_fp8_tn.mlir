// C = A * B with FP8 (E4M3) inputs and f32 accumulation, B given
// transposed ("TN", the layout cuBLAS and torch._scaled_mm take FP8 in):
// A is M x K row-major (leading dimension lda), B is held as its
// transpose, N x K row-major (leading dimension ldb: element (k, n) of B
// at b[n * ldb + k]), and C is M x N row-major (ldc). K, lda and ldb must
// be multiples of 16 and A and B 16-byte aligned; M, N and ldc are
// arbitrary.
//
// Each program computes one 128 x 128 tile of C with 8 warps, walking K in
// steps of 64: a 128 x 64 tile of A and a 64 x 128 tile of B (addressed
// directly as K x N, K contiguous in memory) per step, masked loads (out
// of bounds reads 0), a loop-carried f32 accumulator. With numStages = 3
// the loads become 16-byte cp.async copies two steps ahead. On sm_90a the
// dot runs on wgmma.mma_async m64n128k32 e4m3: both operands are read
// from their cp.async slots with K contiguous, which is what wgmma needs
// for 8-bit types. On sm_89, sm_90 and sm_120 it runs on mma.sync
// m16n8k32, below sm_89 on the FMA path. Launch ceil(M / 128) x
// ceil(N / 128) programs.
//
//   tileiras --gpu-name=sm_90a examples/matmul_fp8_tn.mlir -o matmul_fp8_tn.ptx

nv_tileaa.func @matmul_fp8_tn(%a: !nv_tileaa.ptr<f8E4M3FN>, %b: !nv_tileaa.ptr<f8E4M3FN>,
                              %c: !nv_tileaa.ptr<f32>,
                              %m: i32, %n: i32, %k_arg: i32,
                              %lda_arg: i32, %ldb_arg: i32, %ldc: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8, numStages = 3>} {
  // K, lda and ldb multiples of 16: every row of A and of B^T starts
  // 16-byte aligned and the bound on K never splits 16 consecutive bytes.
  %lda = nv_tileaa.assume %lda_arg {div_by = 16 : i64} : i32
  %ldb = nv_tileaa.assume %ldb_arg {div_by = 16 : i64} : i32
  %k = nv_tileaa.assume %k_arg {div_by = 16 : i64} : i32
  %c128 = arith.constant 128 : i32
  %pid_m = nv_tileaa.get_program_id x : i32
  %pid_n = nv_tileaa.get_program_id y : i32
  %row0 = arith.muli %pid_m, %c128 : i32
  %col0 = arith.muli %pid_n, %c128 : i32

  // Row indices of this tile (rm), its column indices (rn), and the K
  // indices of one step (rk).
  %r128 = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %row0s = nv_tileaa.splat %row0 : i32 -> tensor<128xi32>
  %rm = arith.addi %row0s, %r128 : tensor<128xi32>
  %col0s = nv_tileaa.splat %col0 : i32 -> tensor<128xi32>
  %rn = arith.addi %col0s, %r128 : tensor<128xi32>
  %rk = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>

  // A tile pointers: a + rm[:, None] * lda + rk[None, :]   (128 x 64)
  %rm_col = nv_tileaa.expand_dims %rm {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %rm_a = nv_tileaa.broadcast %rm_col : tensor<128x1xi32> -> tensor<128x64xi32>
  %rk_row = nv_tileaa.expand_dims %rk {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %rk_a = nv_tileaa.broadcast %rk_row : tensor<1x64xi32> -> tensor<128x64xi32>
  %ldas = nv_tileaa.splat %lda : i32 -> tensor<128x64xi32>
  %a_rows = arith.muli %rm_a, %ldas : tensor<128x64xi32>
  %a_offs = arith.addi %a_rows, %rk_a : tensor<128x64xi32>
  %a_base = nv_tileaa.splat %a : !nv_tileaa.ptr<f8E4M3FN> -> tensor<128x64x!nv_tileaa.ptr<f8E4M3FN>>
  %a_ptrs0 = nv_tileaa.addptr %a_base, %a_offs : tensor<128x64x!nv_tileaa.ptr<f8E4M3FN>>, tensor<128x64xi32>

  // B tile pointers, K x N with K contiguous: b + rn[None, :] * ldb +
  // rk[:, None]   (64 x 128)
  %rk_col = nv_tileaa.expand_dims %rk {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %rk_b = nv_tileaa.broadcast %rk_col : tensor<64x1xi32> -> tensor<64x128xi32>
  %rn_row = nv_tileaa.expand_dims %rn {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
  %rn_b = nv_tileaa.broadcast %rn_row : tensor<1x128xi32> -> tensor<64x128xi32>
  %ldbs = nv_tileaa.splat %ldb : i32 -> tensor<64x128xi32>
  %b_cols = arith.muli %rn_b, %ldbs : tensor<64x128xi32>
  %b_offs = arith.addi %b_cols, %rk_b : tensor<64x128xi32>
  %b_base = nv_tileaa.splat %b : !nv_tileaa.ptr<f8E4M3FN> -> tensor<64x128x!nv_tileaa.ptr<f8E4M3FN>>
  %b_ptrs0 = nv_tileaa.addptr %b_base, %b_offs : tensor<64x128x!nv_tileaa.ptr<f8E4M3FN>>, tensor<64x128xi32>

  // Loop-invariant parts of the masks: rows of A below M, columns of B
  // below N.
  %ms = nv_tileaa.splat %m : i32 -> tensor<128x64xi32>
  %a_row_ok = arith.cmpi slt, %rm_a, %ms : tensor<128x64xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<64x128xi32>
  %b_col_ok = arith.cmpi slt, %rn_b, %ns : tensor<64x128xi32>
  %ks_a = nv_tileaa.splat %k : i32 -> tensor<128x64xi32>
  %ks_b = nv_tileaa.splat %k : i32 -> tensor<64x128xi32>

  // Per step, both advance 64 elements along K.
  %c64 = arith.constant 64 : i32
  %a_step = arith.constant dense<64> : tensor<128x64xi32>
  %b_step = arith.constant dense<64> : tensor<64x128xi32>

  %c0 = arith.constant 0 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc, %a_end, %b_end = scf.for %kk = %c0 to %k step %c64
      iter_args(%sum = %zero, %a_ptrs = %a_ptrs0, %b_ptrs = %b_ptrs0)
      -> (tensor<128x128xf32>, tensor<128x64x!nv_tileaa.ptr<f8E4M3FN>>,
          tensor<64x128x!nv_tileaa.ptr<f8E4M3FN>>) : i32 {
    // K indices of this step, kk + rk, must stay below K.
    %kks_a = nv_tileaa.splat %kk : i32 -> tensor<128x64xi32>
    %k_a = arith.addi %kks_a, %rk_a : tensor<128x64xi32>
    %a_k_ok = arith.cmpi slt, %k_a, %ks_a : tensor<128x64xi32>
    %a_mask = arith.andi %a_row_ok, %a_k_ok : tensor<128x64xi1>
    %kks_b = nv_tileaa.splat %kk : i32 -> tensor<64x128xi32>
    %k_b = arith.addi %kks_b, %rk_b : tensor<64x128xi32>
    %b_k_ok = arith.cmpi slt, %k_b, %ks_b : tensor<64x128xi32>
    %b_mask = arith.andi %b_col_ok, %b_k_ok : tensor<64x128xi1>

    %a_tile = nv_tileaa.load %a_ptrs, %a_mask : tensor<128x64x!nv_tileaa.ptr<f8E4M3FN>> -> tensor<128x64xf8E4M3FN>
    %b_tile = nv_tileaa.load %b_ptrs, %b_mask : tensor<64x128x!nv_tileaa.ptr<f8E4M3FN>> -> tensor<64x128xf8E4M3FN>
    %next = nv_tileaa.dot %a_tile, %b_tile, %sum : tensor<128x64xf8E4M3FN>, tensor<64x128xf8E4M3FN>, tensor<128x128xf32> -> tensor<128x128xf32>

    %a_next = nv_tileaa.addptr %a_ptrs, %a_step : tensor<128x64x!nv_tileaa.ptr<f8E4M3FN>>, tensor<128x64xi32>
    %b_next = nv_tileaa.addptr %b_ptrs, %b_step : tensor<64x128x!nv_tileaa.ptr<f8E4M3FN>>, tensor<64x128xi32>
    scf.yield %next, %a_next, %b_next : tensor<128x128xf32>, tensor<128x64x!nv_tileaa.ptr<f8E4M3FN>>, tensor<64x128x!nv_tileaa.ptr<f8E4M3FN>>
  }

  // C tile: c + rm[:, None] * ldc + rn[None, :], stored where both indices
  // are in bounds.
  %rn_c = nv_tileaa.broadcast %rn_row : tensor<1x128xi32> -> tensor<128x128xi32>
  %rm_c = nv_tileaa.broadcast %rm_col : tensor<128x1xi32> -> tensor<128x128xi32>
  %ldcs = nv_tileaa.splat %ldc : i32 -> tensor<128x128xi32>
  %c_rows = arith.muli %rm_c, %ldcs : tensor<128x128xi32>
  %c_offs = arith.addi %c_rows, %rn_c : tensor<128x128xi32>
  %c_base = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<128x128x!nv_tileaa.ptr<f32>>
  %c_ptrs = nv_tileaa.addptr %c_base, %c_offs : tensor<128x128x!nv_tileaa.ptr<f32>>, tensor<128x128xi32>
  %ms_c = nv_tileaa.splat %m : i32 -> tensor<128x128xi32>
  %ns_c = nv_tileaa.splat %n : i32 -> tensor<128x128xi32>
  %c_row_ok = arith.cmpi slt, %rm_c, %ms_c : tensor<128x128xi32>
  %c_col_ok = arith.cmpi slt, %rn_c, %ns_c : tensor<128x128xi32>
  %c_mask = arith.andi %c_row_ok, %c_col_ok : tensor<128x128xi1>
  nv_tileaa.store %c_ptrs, %acc, %c_mask : tensor<128x128x!nv_tileaa.ptr<f32>>, tensor<128x128xf32>
  nv_tileaa.return
}
