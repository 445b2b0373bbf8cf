// C = A * B with signed 8-bit inputs and i32 accumulation.
//
// A is M x K, B is K x N (both s8) and C is M x N (i32), all row-major with
// leading dimensions lda, ldb and ldc (in elements). The structure is that of
// matmul.mlir: each program computes one 64 x 64 tile of C, walking K in
// steps of 32 with masked loads (out-of-range elements read 0) and a
// loop-carried i32 accumulator; the dot's signedness attributes say that
// both operands are signed. Sums wrap modulo 2^32 (like mma.sync and dp4a).
// Launch ceil(M / 64) x ceil(N / 64) programs; 4 warps each.
//
// Callers promise that N, K, lda and ldb are multiples of 16 (16-byte rows
// of 8-bit elements), M and ldc are arbitrary: each thread's 16 consecutive
// elements of A and B are one aligned chunk, wholly in or out of bounds,
// so with numStages = 3 the loads become 16-byte cp.async copies two K
// steps ahead (docs/pipelining.md).
//
//   tileiras --gpu-name=sm_90a examples/matmul_int8.mlir -o matmul_int8.ptx

nv_tileaa.func @matmul_int8(%a: !nv_tileaa.ptr<i8>, %b: !nv_tileaa.ptr<i8>,
                            %c: !nv_tileaa.ptr<i32>,
                            %m: i32, %n_arg: i32, %k_arg: i32,
                            %lda_arg: i32, %ldb_arg: i32, %ldc: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4, numStages = 3>} {
  %lda = nv_tileaa.assume %lda_arg {div_by = 16 : i64} : i32
  %ldb = nv_tileaa.assume %ldb_arg {div_by = 16 : i64} : i32
  %k = nv_tileaa.assume %k_arg {div_by = 16 : i64} : i32
  %n = nv_tileaa.assume %n_arg {div_by = 16 : i64} : i32
  %c64 = arith.constant 64 : i32
  %pid_m = nv_tileaa.get_program_id x : i32
  %pid_n = nv_tileaa.get_program_id y : i32
  %row0 = arith.muli %pid_m, %c64 : i32
  %col0 = arith.muli %pid_n, %c64 : i32

  // Row indices of this tile (rm), its column indices (rn), and the K
  // indices of one step (rk).
  %r64 = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %row0s = nv_tileaa.splat %row0 : i32 -> tensor<64xi32>
  %rm = arith.addi %row0s, %r64 : tensor<64xi32>
  %col0s = nv_tileaa.splat %col0 : i32 -> tensor<64xi32>
  %rn = arith.addi %col0s, %r64 : tensor<64xi32>
  %rk = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>

  // A tile pointers: a + rm[:, None] * lda + rk[None, :]   (64 x 32)
  %rm_col = nv_tileaa.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %rm_a = nv_tileaa.broadcast %rm_col : tensor<64x1xi32> -> tensor<64x32xi32>
  %rk_row = nv_tileaa.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %rk_a = nv_tileaa.broadcast %rk_row : tensor<1x32xi32> -> tensor<64x32xi32>
  %ldas = nv_tileaa.splat %lda : i32 -> tensor<64x32xi32>
  %a_rows = arith.muli %rm_a, %ldas : tensor<64x32xi32>
  %a_offs = arith.addi %a_rows, %rk_a : tensor<64x32xi32>
  %a_base = nv_tileaa.splat %a : !nv_tileaa.ptr<i8> -> tensor<64x32x!nv_tileaa.ptr<i8>>
  %a_ptrs0 = nv_tileaa.addptr %a_base, %a_offs : tensor<64x32x!nv_tileaa.ptr<i8>>, tensor<64x32xi32>

  // B tile pointers: b + rk[:, None] * ldb + rn[None, :]   (32 x 64)
  %rk_col = nv_tileaa.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %rk_b = nv_tileaa.broadcast %rk_col : tensor<32x1xi32> -> tensor<32x64xi32>
  %rn_row = nv_tileaa.expand_dims %rn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %rn_b = nv_tileaa.broadcast %rn_row : tensor<1x64xi32> -> tensor<32x64xi32>
  %ldbs = nv_tileaa.splat %ldb : i32 -> tensor<32x64xi32>
  %b_rows = arith.muli %rk_b, %ldbs : tensor<32x64xi32>
  %b_offs = arith.addi %b_rows, %rn_b : tensor<32x64xi32>
  %b_base = nv_tileaa.splat %b : !nv_tileaa.ptr<i8> -> tensor<32x64x!nv_tileaa.ptr<i8>>
  %b_ptrs0 = nv_tileaa.addptr %b_base, %b_offs : tensor<32x64x!nv_tileaa.ptr<i8>>, tensor<32x64xi32>

  // Loop-invariant parts of the masks: rows of A below M, columns of B
  // below N.
  %ms = nv_tileaa.splat %m : i32 -> tensor<64x32xi32>
  %a_row_ok = arith.cmpi slt, %rm_a, %ms : tensor<64x32xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<32x64xi32>
  %b_col_ok = arith.cmpi slt, %rn_b, %ns : tensor<32x64xi32>
  %ks_a = nv_tileaa.splat %k : i32 -> tensor<64x32xi32>
  %ks_b = nv_tileaa.splat %k : i32 -> tensor<32x64xi32>

  // Per step, A advances 32 columns and B advances 32 rows.
  %c32 = arith.constant 32 : i32
  %a_step = arith.constant dense<32> : tensor<64x32xi32>
  %ldb32 = arith.muli %ldb, %c32 : i32
  %b_step = nv_tileaa.splat %ldb32 : i32 -> tensor<32x64xi32>

  %c0 = arith.constant 0 : i32
  %zero = arith.constant dense<0> : tensor<64x64xi32>
  %acc, %a_end, %b_end = scf.for %kk = %c0 to %k step %c32
      iter_args(%sum = %zero, %a_ptrs = %a_ptrs0, %b_ptrs = %b_ptrs0)
      -> (tensor<64x64xi32>, tensor<64x32x!nv_tileaa.ptr<i8>>,
          tensor<32x64x!nv_tileaa.ptr<i8>>) : i32 {
    // K indices of this step, kk + rk, must stay below K.
    %kks_a = nv_tileaa.splat %kk : i32 -> tensor<64x32xi32>
    %k_a = arith.addi %kks_a, %rk_a : tensor<64x32xi32>
    %a_k_ok = arith.cmpi slt, %k_a, %ks_a : tensor<64x32xi32>
    %a_mask = arith.andi %a_row_ok, %a_k_ok : tensor<64x32xi1>
    %kks_b = nv_tileaa.splat %kk : i32 -> tensor<32x64xi32>
    %k_b = arith.addi %kks_b, %rk_b : tensor<32x64xi32>
    %b_k_ok = arith.cmpi slt, %k_b, %ks_b : tensor<32x64xi32>
    %b_mask = arith.andi %b_col_ok, %b_k_ok : tensor<32x64xi1>

    // Out-of-bounds elements read as 0 and add nothing to the product.
    %a_tile = nv_tileaa.load %a_ptrs, %a_mask : tensor<64x32x!nv_tileaa.ptr<i8>> -> tensor<64x32xi8>
    %b_tile = nv_tileaa.load %b_ptrs, %b_mask : tensor<32x64x!nv_tileaa.ptr<i8>> -> tensor<32x64xi8>
    %next = nv_tileaa.dot %a_tile, %b_tile, %sum {signedness_a = #nv_tileaa.signedness<signed>, signedness_b = #nv_tileaa.signedness<signed>} : tensor<64x32xi8>, tensor<32x64xi8>, tensor<64x64xi32> -> tensor<64x64xi32>

    %a_next = nv_tileaa.addptr %a_ptrs, %a_step : tensor<64x32x!nv_tileaa.ptr<i8>>, tensor<64x32xi32>
    %b_next = nv_tileaa.addptr %b_ptrs, %b_step : tensor<32x64x!nv_tileaa.ptr<i8>>, tensor<32x64xi32>
    scf.yield %next, %a_next, %b_next : tensor<64x64xi32>, tensor<64x32x!nv_tileaa.ptr<i8>>, tensor<32x64x!nv_tileaa.ptr<i8>>
  }

  // C tile: c + rm[:, None] * ldc + rn[None, :], stored where both indices
  // are in bounds.
  %rm_c = nv_tileaa.broadcast %rm_col : tensor<64x1xi32> -> tensor<64x64xi32>
  %rn_c = nv_tileaa.broadcast %rn_row : tensor<1x64xi32> -> tensor<64x64xi32>
  %ldcs = nv_tileaa.splat %ldc : i32 -> tensor<64x64xi32>
  %c_rows = arith.muli %rm_c, %ldcs : tensor<64x64xi32>
  %c_offs = arith.addi %c_rows, %rn_c : tensor<64x64xi32>
  %c_base = nv_tileaa.splat %c : !nv_tileaa.ptr<i32> -> tensor<64x64x!nv_tileaa.ptr<i32>>
  %c_ptrs = nv_tileaa.addptr %c_base, %c_offs : tensor<64x64x!nv_tileaa.ptr<i32>>, tensor<64x64xi32>
  %ms_c = nv_tileaa.splat %m : i32 -> tensor<64x64xi32>
  %ns_c = nv_tileaa.splat %n : i32 -> tensor<64x64xi32>
  %c_row_ok = arith.cmpi slt, %rm_c, %ms_c : tensor<64x64xi32>
  %c_col_ok = arith.cmpi slt, %rn_c, %ns_c : tensor<64x64xi32>
  %c_mask = arith.andi %c_row_ok, %c_col_ok : tensor<64x64xi1>
  nv_tileaa.store %c_ptrs, %acc, %c_mask : tensor<64x64x!nv_tileaa.ptr<i32>>, tensor<64x64xi32>
  nv_tileaa.return
}
