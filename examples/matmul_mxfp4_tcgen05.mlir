// C = (A * SA) x (B * SB): the MXFP4 GEMM of matmul_mxfp4.mlir with B
// stored transposed and the tile of one Blackwell tensor-core instruction.
//
// A is M x K FP4 (e2m1) packed two a byte along K, the even K index in the
// low nibble (M rows of K / 2 bytes, leading dimension lda in bytes); B is
// K x N, stored as its N x K transpose packed the same way (N rows of K / 2
// bytes, ldb in bytes): byte kb of row n holds B[2kb][n] and B[2kb + 1][n].
// Both operands are then contiguous along K, as tcgen05.mma kind::mxf4
// reads them. One f8E8M0FNU scale per 32 K elements of a row of A, SA[m, k
// / 32] (M x K/32, ldsa), and of a column of B, SB[k / 32, n] (K/32 x N,
// ldsb); f32 C (ldc). Each program computes a 128 x 128 tile of C with 8
// warps, walking K in steps of 64 (32 bytes, two scale blocks) with
// masked loads.
//
// On sm_100a/f, sm_103a/f and sm_110a/f nv_tileaa.dot_scaled runs on
// tcgen05.mma.cta_group::1.kind::mxf4.block_scale.block32 (m128n128k64, one
// per step, D in tensor memory across the K loop), the scales copied into
// tensor memory with tcgen05.cp; on sm_120a/f and sm_121a/f on
// mma.sync.m16n8k64 kind::mxf4, elsewhere as a bf16 dot.
// Launch ceil(M / 128) x ceil(N / 128) programs of 8 warps.
//
// Callers promise that K is a multiple of 32 and N, lda and ldb multiples
// of 16; M, ldc, ldsa and ldsb are arbitrary.
//
//   tileiras --gpu-name=sm_100a examples/matmul_mxfp4_tcgen05.mlir -o matmul_mxfp4_tcgen05.ptx

nv_tileaa.func @matmul_mxfp4_tcgen05(%a: !nv_tileaa.ptr<i8>, %b: !nv_tileaa.ptr<i8>,
                             %sa: !nv_tileaa.ptr<f8E8M0FNU>, %sb: !nv_tileaa.ptr<f8E8M0FNU>,
                             %c: !nv_tileaa.ptr<f32>,
                             %m: i32, %n_arg: i32, %k_arg: i32,
                             %lda_arg: i32, %ldb_arg: i32, %ldc: i32,
                             %ldsa: i32, %ldsb: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8, numStages = 3>} {
  %lda = nv_tileaa.assume %lda_arg {div_by = 16 : i64} : i32
  %ldb = nv_tileaa.assume %ldb_arg {div_by = 16 : i64} : i32
  %k = nv_tileaa.assume %k_arg {div_by = 32 : i64} : i32
  %n = nv_tileaa.assume %n_arg {div_by = 16 : i64} : i32
  %c2 = arith.constant 2 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %kbytes = arith.divui %k, %c2 : i32
  %pid_m = nv_tileaa.get_program_id x : i32
  %pid_n = nv_tileaa.get_program_id y : i32
  %c128 = arith.constant 128 : i32
  %row0 = arith.muli %pid_m, %c128 : i32
  %col0 = arith.muli %pid_n, %c128 : i32

  // Row indices of this tile (rm), its column indices (rn), and the byte
  // offsets along K of one step (rk: 32 bytes, 64 FP4 values).
  %r128 = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %row0s = nv_tileaa.splat %row0 : i32 -> tensor<128xi32>
  %rm = arith.addi %row0s, %r128 : tensor<128xi32>
  %col0s = nv_tileaa.splat %col0 : i32 -> tensor<128xi32>
  %rn = arith.addi %col0s, %r128 : tensor<128xi32>
  %rk = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>

  // A tile pointers: a + rm[:, None] * lda + rk[None, :]   (128 x 32 bytes)
  %rm_col = nv_tileaa.expand_dims %rm {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %rm_a = nv_tileaa.broadcast %rm_col : tensor<128x1xi32> -> tensor<128x32xi32>
  %rk_row = nv_tileaa.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %rk_a = nv_tileaa.broadcast %rk_row : tensor<1x32xi32> -> tensor<128x32xi32>
  %ldas = nv_tileaa.splat %lda : i32 -> tensor<128x32xi32>
  %a_rows = arith.muli %rm_a, %ldas : tensor<128x32xi32>
  %a_offs = arith.addi %a_rows, %rk_a : tensor<128x32xi32>
  %a_base = nv_tileaa.splat %a : !nv_tileaa.ptr<i8> -> tensor<128x32x!nv_tileaa.ptr<i8>>
  %a_ptrs0 = nv_tileaa.addptr %a_base, %a_offs : tensor<128x32x!nv_tileaa.ptr<i8>>, tensor<128x32xi32>

  // B tile pointers: bt + rn[None, :] * ldb + rk[:, None]   (32 x 128 bytes,
  // contiguous along K: B is stored as its N x K/2 transpose)
  %rk_col = nv_tileaa.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %rk_b = nv_tileaa.broadcast %rk_col : tensor<32x1xi32> -> tensor<32x128xi32>
  %rn_row = nv_tileaa.expand_dims %rn {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
  %rn_b = nv_tileaa.broadcast %rn_row : tensor<1x128xi32> -> tensor<32x128xi32>
  %ldbs = nv_tileaa.splat %ldb : i32 -> tensor<32x128xi32>
  %b_cols = arith.muli %rn_b, %ldbs : tensor<32x128xi32>
  %b_offs = arith.addi %b_cols, %rk_b : tensor<32x128xi32>
  %b_base = nv_tileaa.splat %b : !nv_tileaa.ptr<i8> -> tensor<32x128x!nv_tileaa.ptr<i8>>
  %b_ptrs0 = nv_tileaa.addptr %b_base, %b_offs : tensor<32x128x!nv_tileaa.ptr<i8>>, tensor<32x128xi32>

  // Scale tiles of one step: SA[rm, kb] (128 x 2) and SB[kb, rn] (2 x 128),
  // kb = kk / 16 + rb (a 32-element block is 16 bytes).
  %rb = nv_tileaa.make_range {start = 0 : i32, end = 2 : i32} : tensor<2xi32>
  %rb_row = nv_tileaa.expand_dims %rb {axis = 0 : i32} : tensor<2xi32> -> tensor<1x2xi32>
  %rb_sa = nv_tileaa.broadcast %rb_row : tensor<1x2xi32> -> tensor<128x2xi32>
  %rm_sa = nv_tileaa.broadcast %rm_col : tensor<128x1xi32> -> tensor<128x2xi32>
  %ldsas = nv_tileaa.splat %ldsa : i32 -> tensor<128x2xi32>
  %sa_rows = arith.muli %rm_sa, %ldsas : tensor<128x2xi32>
  %sa_offs = arith.addi %sa_rows, %rb_sa : tensor<128x2xi32>
  %sa_base = nv_tileaa.splat %sa : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<128x2x!nv_tileaa.ptr<f8E8M0FNU>>
  %sa_ptrs0 = nv_tileaa.addptr %sa_base, %sa_offs : tensor<128x2x!nv_tileaa.ptr<f8E8M0FNU>>, tensor<128x2xi32>
  %rb_col = nv_tileaa.expand_dims %rb {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
  %rb_sb = nv_tileaa.broadcast %rb_col : tensor<2x1xi32> -> tensor<2x128xi32>
  %rn_sb = nv_tileaa.broadcast %rn_row : tensor<1x128xi32> -> tensor<2x128xi32>
  %ldsbs = nv_tileaa.splat %ldsb : i32 -> tensor<2x128xi32>
  %sb_rows = arith.muli %rb_sb, %ldsbs : tensor<2x128xi32>
  %sb_offs = arith.addi %sb_rows, %rn_sb : tensor<2x128xi32>
  %sb_base = nv_tileaa.splat %sb : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<2x128x!nv_tileaa.ptr<f8E8M0FNU>>
  %sb_ptrs0 = nv_tileaa.addptr %sb_base, %sb_offs : tensor<2x128x!nv_tileaa.ptr<f8E8M0FNU>>, tensor<2x128xi32>

  // Loop-invariant parts of the masks: rows of A (and SA) below M, columns
  // of B (and SB) below N, and the number of scale blocks, K / 32.
  %ms = nv_tileaa.splat %m : i32 -> tensor<128x32xi32>
  %a_row_ok = arith.cmpi slt, %rm_a, %ms : tensor<128x32xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<32x128xi32>
  %b_col_ok = arith.cmpi slt, %rn_b, %ns : tensor<32x128xi32>
  %kbs_a = nv_tileaa.splat %kbytes : i32 -> tensor<128x32xi32>
  %kbs_b = nv_tileaa.splat %kbytes : i32 -> tensor<32x128xi32>
  %ms_sa = nv_tileaa.splat %m : i32 -> tensor<128x2xi32>
  %sa_row_ok = arith.cmpi slt, %rm_sa, %ms_sa : tensor<128x2xi32>
  %ns_sb = nv_tileaa.splat %n : i32 -> tensor<2x128xi32>
  %sb_col_ok = arith.cmpi slt, %rn_sb, %ns_sb : tensor<2x128xi32>
  %blocks = arith.divui %k, %c32 : i32
  %blocks_sa = nv_tileaa.splat %blocks : i32 -> tensor<128x2xi32>
  %blocks_sb = nv_tileaa.splat %blocks : i32 -> tensor<2x128xi32>

  // Per step (64 K elements), A and B advance 32 bytes, SA 2 columns, SB
  // 2 rows.
  %a_step = arith.constant dense<32> : tensor<128x32xi32>
  %b_step = arith.constant dense<32> : tensor<32x128xi32>
  %sa_step = arith.constant dense<2> : tensor<128x2xi32>
  %ldsb2 = arith.muli %ldsb, %c2 : i32
  %sb_step = nv_tileaa.splat %ldsb2 : i32 -> tensor<2x128xi32>

  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc, %a_end, %b_end, %sa_end, %sb_end = scf.for %kk = %c0 to %kbytes step %c32
      iter_args(%sum = %zero, %a_ptrs = %a_ptrs0, %b_ptrs = %b_ptrs0,
                %sa_ptrs = %sa_ptrs0, %sb_ptrs = %sb_ptrs0)
      -> (tensor<128x128xf32>, tensor<128x32x!nv_tileaa.ptr<i8>>,
          tensor<32x128x!nv_tileaa.ptr<i8>>,
          tensor<128x2x!nv_tileaa.ptr<f8E8M0FNU>>,
          tensor<2x128x!nv_tileaa.ptr<f8E8M0FNU>>) : i32 {
    // Byte offsets of this step, kk + rk, must stay below K / 2.
    %kks_a = nv_tileaa.splat %kk : i32 -> tensor<128x32xi32>
    %k_a = arith.addi %kks_a, %rk_a : tensor<128x32xi32>
    %a_k_ok = arith.cmpi slt, %k_a, %kbs_a : tensor<128x32xi32>
    %a_mask = arith.andi %a_row_ok, %a_k_ok : tensor<128x32xi1>
    %kks_b = nv_tileaa.splat %kk : i32 -> tensor<32x128xi32>
    %k_b = arith.addi %kks_b, %rk_b : tensor<32x128xi32>
    %b_k_ok = arith.cmpi slt, %k_b, %kbs_b : tensor<32x128xi32>
    %b_mask = arith.andi %b_col_ok, %b_k_ok : tensor<32x128xi1>
    // Scale blocks of this step, kk / 16 + rb, must stay below K / 32.
    %kb = arith.divui %kk, %c16 : i32
    %kb_sa = nv_tileaa.splat %kb : i32 -> tensor<128x2xi32>
    %b_sa = arith.addi %kb_sa, %rb_sa : tensor<128x2xi32>
    %sa_k_ok = arith.cmpi slt, %b_sa, %blocks_sa : tensor<128x2xi32>
    %sa_mask = arith.andi %sa_row_ok, %sa_k_ok : tensor<128x2xi1>
    %kb_sb = nv_tileaa.splat %kb : i32 -> tensor<2x128xi32>
    %b_sb = arith.addi %kb_sb, %rb_sb : tensor<2x128xi32>
    %sb_k_ok = arith.cmpi slt, %b_sb, %blocks_sb : tensor<2x128xi32>
    %sb_mask = arith.andi %sb_col_ok, %sb_k_ok : tensor<2x128xi1>

    // Out-of-bounds bytes read as 0 (two FP4 zeros) and add nothing.
    %a_tile = nv_tileaa.load %a_ptrs, %a_mask : tensor<128x32x!nv_tileaa.ptr<i8>> -> tensor<128x32xi8>
    %b_tile = nv_tileaa.load %b_ptrs, %b_mask : tensor<32x128x!nv_tileaa.ptr<i8>> -> tensor<32x128xi8>
    %sa_tile = nv_tileaa.load %sa_ptrs, %sa_mask : tensor<128x2x!nv_tileaa.ptr<f8E8M0FNU>> -> tensor<128x2xf8E8M0FNU>
    %sb_tile = nv_tileaa.load %sb_ptrs, %sb_mask : tensor<2x128x!nv_tileaa.ptr<f8E8M0FNU>> -> tensor<2x128xf8E8M0FNU>
    %next = nv_tileaa.dot_scaled %a_tile scale %sa_tile, %b_tile scale %sb_tile, %sum
        {a_format = f4E2M1FN, b_format = f4E2M1FN}
        : tensor<128x32xi8> scale tensor<128x2xf8E8M0FNU>,
          tensor<32x128xi8> scale tensor<2x128xf8E8M0FNU>,
          tensor<128x128xf32> -> tensor<128x128xf32>

    %a_next = nv_tileaa.addptr %a_ptrs, %a_step : tensor<128x32x!nv_tileaa.ptr<i8>>, tensor<128x32xi32>
    %b_next = nv_tileaa.addptr %b_ptrs, %b_step : tensor<32x128x!nv_tileaa.ptr<i8>>, tensor<32x128xi32>
    %sa_next = nv_tileaa.addptr %sa_ptrs, %sa_step : tensor<128x2x!nv_tileaa.ptr<f8E8M0FNU>>, tensor<128x2xi32>
    %sb_next = nv_tileaa.addptr %sb_ptrs, %sb_step : tensor<2x128x!nv_tileaa.ptr<f8E8M0FNU>>, tensor<2x128xi32>
    scf.yield %next, %a_next, %b_next, %sa_next, %sb_next
        : tensor<128x128xf32>, tensor<128x32x!nv_tileaa.ptr<i8>>,
          tensor<32x128x!nv_tileaa.ptr<i8>>,
          tensor<128x2x!nv_tileaa.ptr<f8E8M0FNU>>,
          tensor<2x128x!nv_tileaa.ptr<f8E8M0FNU>>
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
