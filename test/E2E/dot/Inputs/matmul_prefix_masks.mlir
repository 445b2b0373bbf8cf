// examples/matmul.mlir without its promises about N and K: only lda and
// ldb are multiples of 8. Every thread's 8-element chunks are still
// 16-byte aligned, but the K bound (A's columns) and the N bound (B's
// columns) may fall inside a chunk, so the masks are not constant over a
// chunk; they are true on a prefix of it (index < bound), which cp.async
// copies with a source size of (true elements) x 2 bytes, zero-filling the
// rest. 128 x 128 x 32 tiles, 8 warps, 3 stages.

nv_tileaa.func @matmul(%a: !nv_tileaa.ptr<f16>, %b: !nv_tileaa.ptr<f16>,
                       %c: !nv_tileaa.ptr<f32>,
                       %m: i32, %n: i32, %k: i32,
                       %lda_arg: i32, %ldb_arg: i32, %ldc: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8, numStages = 3>} {
  // Callers promise lda and ldb are multiples of 8: rows of A and B start
  // 16-byte aligned, so each thread's 8 consecutive elements move in one
  // 16-byte cp.async copy. At the K and N edges a copy moves only the
  // elements below the bound and zero-fills the rest.
  %lda = nv_tileaa.assume %lda_arg {div_by = 8 : i64} : i32
  %ldb = nv_tileaa.assume %ldb_arg {div_by = 8 : i64} : i32
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
  %rk = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>

  // A tile pointers: a + rm[:, None] * lda + rk[None, :]   (128 x 32)
  %rm_col = nv_tileaa.expand_dims %rm {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %rm_a = nv_tileaa.broadcast %rm_col : tensor<128x1xi32> -> tensor<128x32xi32>
  %rk_row = nv_tileaa.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %rk_a = nv_tileaa.broadcast %rk_row : tensor<1x32xi32> -> tensor<128x32xi32>
  %ldas = nv_tileaa.splat %lda : i32 -> tensor<128x32xi32>
  %a_rows = arith.muli %rm_a, %ldas : tensor<128x32xi32>
  %a_offs = arith.addi %a_rows, %rk_a : tensor<128x32xi32>
  %a_base = nv_tileaa.splat %a : !nv_tileaa.ptr<f16> -> tensor<128x32x!nv_tileaa.ptr<f16>>
  %a_ptrs0 = nv_tileaa.addptr %a_base, %a_offs : tensor<128x32x!nv_tileaa.ptr<f16>>, tensor<128x32xi32>

  // B tile pointers: b + rk[:, None] * ldb + rn[None, :]   (32 x 128)
  %rk_col = nv_tileaa.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %rk_b = nv_tileaa.broadcast %rk_col : tensor<32x1xi32> -> tensor<32x128xi32>
  %rn_row = nv_tileaa.expand_dims %rn {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
  %rn_b = nv_tileaa.broadcast %rn_row : tensor<1x128xi32> -> tensor<32x128xi32>
  %ldbs = nv_tileaa.splat %ldb : i32 -> tensor<32x128xi32>
  %b_rows = arith.muli %rk_b, %ldbs : tensor<32x128xi32>
  %b_offs = arith.addi %b_rows, %rn_b : tensor<32x128xi32>
  %b_base = nv_tileaa.splat %b : !nv_tileaa.ptr<f16> -> tensor<32x128x!nv_tileaa.ptr<f16>>
  %b_ptrs0 = nv_tileaa.addptr %b_base, %b_offs : tensor<32x128x!nv_tileaa.ptr<f16>>, tensor<32x128xi32>

  // Loop-invariant parts of the masks: rows of A below M, columns of B
  // below N.
  %ms = nv_tileaa.splat %m : i32 -> tensor<128x32xi32>
  %a_row_ok = arith.cmpi slt, %rm_a, %ms : tensor<128x32xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<32x128xi32>
  %b_col_ok = arith.cmpi slt, %rn_b, %ns : tensor<32x128xi32>
  %ks_a = nv_tileaa.splat %k : i32 -> tensor<128x32xi32>
  %ks_b = nv_tileaa.splat %k : i32 -> tensor<32x128xi32>

  // Per step, A advances 32 columns and B advances 32 rows.
  %c32 = arith.constant 32 : i32
  %a_step = arith.constant dense<32> : tensor<128x32xi32>
  %ldb32 = arith.muli %ldb, %c32 : i32
  %b_step = nv_tileaa.splat %ldb32 : i32 -> tensor<32x128xi32>

  %c0 = arith.constant 0 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc, %a_end, %b_end = scf.for %kk = %c0 to %k step %c32
      iter_args(%sum = %zero, %a_ptrs = %a_ptrs0, %b_ptrs = %b_ptrs0)
      -> (tensor<128x128xf32>, tensor<128x32x!nv_tileaa.ptr<f16>>,
          tensor<32x128x!nv_tileaa.ptr<f16>>) : i32 {
    // K indices of this step, kk + rk, must stay below K.
    %kks_a = nv_tileaa.splat %kk : i32 -> tensor<128x32xi32>
    %k_a = arith.addi %kks_a, %rk_a : tensor<128x32xi32>
    %a_k_ok = arith.cmpi slt, %k_a, %ks_a : tensor<128x32xi32>
    %a_mask = arith.andi %a_row_ok, %a_k_ok : tensor<128x32xi1>
    %kks_b = nv_tileaa.splat %kk : i32 -> tensor<32x128xi32>
    %k_b = arith.addi %kks_b, %rk_b : tensor<32x128xi32>
    %b_k_ok = arith.cmpi slt, %k_b, %ks_b : tensor<32x128xi32>
    %b_mask = arith.andi %b_col_ok, %b_k_ok : tensor<32x128xi1>

    // Out-of-bounds elements read as 0 and add nothing to the product.
    %a_tile = nv_tileaa.load %a_ptrs, %a_mask : tensor<128x32x!nv_tileaa.ptr<f16>> -> tensor<128x32xf16>
    %b_tile = nv_tileaa.load %b_ptrs, %b_mask : tensor<32x128x!nv_tileaa.ptr<f16>> -> tensor<32x128xf16>
    %next = nv_tileaa.dot %a_tile, %b_tile, %sum : tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32> -> tensor<128x128xf32>

    %a_next = nv_tileaa.addptr %a_ptrs, %a_step : tensor<128x32x!nv_tileaa.ptr<f16>>, tensor<128x32xi32>
    %b_next = nv_tileaa.addptr %b_ptrs, %b_step : tensor<32x128x!nv_tileaa.ptr<f16>>, tensor<32x128xi32>
    scf.yield %next, %a_next, %b_next : tensor<128x128xf32>, tensor<128x32x!nv_tileaa.ptr<f16>>, tensor<32x128x!nv_tileaa.ptr<f16>>
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
