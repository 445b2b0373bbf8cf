// C = A * B with f32 inputs rounded to tf32 and f32 accumulation (what
// torch calls allow_tf32 / float32 matmul precision "high"), on tensor
// cores with a 3-stage cp.async pipeline.
//
// A is M x K, B is K x N and C is M x N, all f32 row-major with leading
// dimensions lda, ldb and ldc (in elements); N, K, lda and ldb must be
// multiples of 4 and A and B 16-byte aligned (M and ldc are arbitrary).
// Each program computes one 128 x 128 tile of C with 8 warps, walking K
// in steps of 16: it loads a 128 x 16 tile of A and a 16 x 128 tile of B,
// rounds both to tf32 (`fp_to_fp`, round to nearest with ties away from
// zero) and accumulates their product with `dot`. On sm_90a that is two
// wgmma m64n128k8 tf32 per step, on the tcgen05 targets two tcgen05.mma
// kind::tf32, on sm_80 to sm_121 mma.sync m16n8k8; sm_75 has no tf32
// tensor core and takes the FMA path. Launch ceil(M / 128) x
// ceil(N / 128) programs.
//
//   tileiras --gpu-name=sm_90a examples/matmul_tf32.mlir -o matmul_tf32.ptx

nv_tileaa.func @matmul_tf32(%a: !nv_tileaa.ptr<f32>, %b: !nv_tileaa.ptr<f32>,
                       %c: !nv_tileaa.ptr<f32>,
                       %m: i32, %n_arg: i32, %k_arg: i32,
                       %lda_arg: i32, %ldb_arg: i32, %ldc: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8, numStages = 3>} {
  // Callers promise N, K, lda and ldb are multiples of 4: rows of A and B
  // start 16-byte aligned and the bounds on K (A's columns) and N (B's
  // columns) never split 4 consecutive elements, so each thread's 4
  // elements move in one 16-byte cp.async copy.
  %lda = nv_tileaa.assume %lda_arg {div_by = 4 : i64} : i32
  %ldb = nv_tileaa.assume %ldb_arg {div_by = 4 : i64} : i32
  %k = nv_tileaa.assume %k_arg {div_by = 4 : i64} : i32
  %n = nv_tileaa.assume %n_arg {div_by = 4 : i64} : i32
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
  %rk = nv_tileaa.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>

  // A tile pointers: a + rm[:, None] * lda + rk[None, :]   (128 x 16)
  %rm_col = nv_tileaa.expand_dims %rm {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %rm_a = nv_tileaa.broadcast %rm_col : tensor<128x1xi32> -> tensor<128x16xi32>
  %rk_row = nv_tileaa.expand_dims %rk {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %rk_a = nv_tileaa.broadcast %rk_row : tensor<1x16xi32> -> tensor<128x16xi32>
  %ldas = nv_tileaa.splat %lda : i32 -> tensor<128x16xi32>
  %a_rows = arith.muli %rm_a, %ldas : tensor<128x16xi32>
  %a_offs = arith.addi %a_rows, %rk_a : tensor<128x16xi32>
  %a_base = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<128x16x!nv_tileaa.ptr<f32>>
  %a_ptrs0 = nv_tileaa.addptr %a_base, %a_offs : tensor<128x16x!nv_tileaa.ptr<f32>>, tensor<128x16xi32>

  // B tile pointers: b + rk[:, None] * ldb + rn[None, :]   (16 x 128)
  %rk_col = nv_tileaa.expand_dims %rk {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %rk_b = nv_tileaa.broadcast %rk_col : tensor<16x1xi32> -> tensor<16x128xi32>
  %rn_row = nv_tileaa.expand_dims %rn {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
  %rn_b = nv_tileaa.broadcast %rn_row : tensor<1x128xi32> -> tensor<16x128xi32>
  %ldbs = nv_tileaa.splat %ldb : i32 -> tensor<16x128xi32>
  %b_rows = arith.muli %rk_b, %ldbs : tensor<16x128xi32>
  %b_offs = arith.addi %b_rows, %rn_b : tensor<16x128xi32>
  %b_base = nv_tileaa.splat %b : !nv_tileaa.ptr<f32> -> tensor<16x128x!nv_tileaa.ptr<f32>>
  %b_ptrs0 = nv_tileaa.addptr %b_base, %b_offs : tensor<16x128x!nv_tileaa.ptr<f32>>, tensor<16x128xi32>

  // Loop-invariant parts of the masks: rows of A below M, columns of B
  // below N.
  %ms = nv_tileaa.splat %m : i32 -> tensor<128x16xi32>
  %a_row_ok = arith.cmpi slt, %rm_a, %ms : tensor<128x16xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<16x128xi32>
  %b_col_ok = arith.cmpi slt, %rn_b, %ns : tensor<16x128xi32>
  %ks_a = nv_tileaa.splat %k : i32 -> tensor<128x16xi32>
  %ks_b = nv_tileaa.splat %k : i32 -> tensor<16x128xi32>

  // Per step, A advances 16 columns and B advances 16 rows.
  %c16 = arith.constant 16 : i32
  %a_step = arith.constant dense<16> : tensor<128x16xi32>
  %ldb16 = arith.muli %ldb, %c16 : i32
  %b_step = nv_tileaa.splat %ldb16 : i32 -> tensor<16x128xi32>

  %c0 = arith.constant 0 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc, %a_end, %b_end = scf.for %kk = %c0 to %k step %c16
      iter_args(%sum = %zero, %a_ptrs = %a_ptrs0, %b_ptrs = %b_ptrs0)
      -> (tensor<128x128xf32>, tensor<128x16x!nv_tileaa.ptr<f32>>,
          tensor<16x128x!nv_tileaa.ptr<f32>>) : i32 {
    // K indices of this step, kk + rk, must stay below K.
    %kks_a = nv_tileaa.splat %kk : i32 -> tensor<128x16xi32>
    %k_a = arith.addi %kks_a, %rk_a : tensor<128x16xi32>
    %a_k_ok = arith.cmpi slt, %k_a, %ks_a : tensor<128x16xi32>
    %a_mask = arith.andi %a_row_ok, %a_k_ok : tensor<128x16xi1>
    %kks_b = nv_tileaa.splat %kk : i32 -> tensor<16x128xi32>
    %k_b = arith.addi %kks_b, %rk_b : tensor<16x128xi32>
    %b_k_ok = arith.cmpi slt, %k_b, %ks_b : tensor<16x128xi32>
    %b_mask = arith.andi %b_col_ok, %b_k_ok : tensor<16x128xi1>

    // Out-of-bounds elements read as 0 and add nothing to the product.
    %a_tile = nv_tileaa.load %a_ptrs, %a_mask : tensor<128x16x!nv_tileaa.ptr<f32>> -> tensor<128x16xf32>
    %b_tile = nv_tileaa.load %b_ptrs, %b_mask : tensor<16x128x!nv_tileaa.ptr<f32>> -> tensor<16x128xf32>
    // tf32 keeps 10 of f32's 23 mantissa bits: round both tiles (to
    // nearest, ties away from zero) and multiply the rounded values.
    %a_tf32 = nv_tileaa.fp_to_fp %a_tile : tensor<128x16xf32> -> tensor<128x16xtf32>
    %b_tf32 = nv_tileaa.fp_to_fp %b_tile : tensor<16x128xf32> -> tensor<16x128xtf32>
    %next = nv_tileaa.dot %a_tf32, %b_tf32, %sum : tensor<128x16xtf32>, tensor<16x128xtf32>, tensor<128x128xf32> -> tensor<128x128xf32>

    %a_next = nv_tileaa.addptr %a_ptrs, %a_step : tensor<128x16x!nv_tileaa.ptr<f32>>, tensor<128x16xi32>
    %b_next = nv_tileaa.addptr %b_ptrs, %b_step : tensor<16x128x!nv_tileaa.ptr<f32>>, tensor<16x128xi32>
    scf.yield %next, %a_next, %b_next : tensor<128x128xf32>, tensor<128x16x!nv_tileaa.ptr<f32>>, tensor<16x128x!nv_tileaa.ptr<f32>>
  }

  // C tile: c + rm[:, None] * ldc + rn[None, :], stored where both indices
  // are in bounds.
  %rm_c = nv_tileaa.broadcast %rm_col : tensor<128x1xi32> -> tensor<128x128xi32>
  %rn_c = nv_tileaa.broadcast %rn_row : tensor<1x128xi32> -> tensor<128x128xi32>
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
