// One dot_scaled of 128 x 256 x 64 (K = 256: 8 scale blocks, two groups of
// four in tensor memory, scale ids 0..3), e4m3 A x e5m2 B, 4 warps, its
// operands loaded from pointers (no loop: tileaa-warpgroup-dots stages them
// in shared memory itself) and stored: test/Sim/dot-scaled-tcgen05.test
// (Inputs/dot_scaled_tcgen05.py).
nv_tileaa.func @scaled(%a: !nv_tileaa.ptr<f8E4M3FN>, %sa: !nv_tileaa.ptr<f8E8M0FNU>, %b: !nv_tileaa.ptr<f8E5M2>, %sb: !nv_tileaa.ptr<f8E8M0FNU>, %c: !nv_tileaa.ptr<f32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %rm = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %rk = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %rn = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rs = nv_tileaa.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %m_col = nv_tileaa.expand_dims %rm {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %n_row = nv_tileaa.expand_dims %rn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  // A 128x256 row-major
  %m_a = nv_tileaa.broadcast %m_col : tensor<128x1xi32> -> tensor<128x256xi32>
  %lda = arith.constant dense<256> : tensor<128x256xi32>
  %a_rows = arith.muli %m_a, %lda : tensor<128x256xi32>
  %k_row = nv_tileaa.expand_dims %rk {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
  %k_a = nv_tileaa.broadcast %k_row : tensor<1x256xi32> -> tensor<128x256xi32>
  %a_off = arith.addi %a_rows, %k_a : tensor<128x256xi32>
  %a_base = nv_tileaa.splat %a : !nv_tileaa.ptr<f8E4M3FN> -> tensor<128x256x!nv_tileaa.ptr<f8E4M3FN>>
  %a_ptrs = nv_tileaa.addptr %a_base, %a_off : tensor<128x256x!nv_tileaa.ptr<f8E4M3FN>>, tensor<128x256xi32>
  %at = nv_tileaa.load %a_ptrs : tensor<128x256x!nv_tileaa.ptr<f8E4M3FN>> -> tensor<128x256xf8E4M3FN>
  // SA 128x8 row-major
  %m_sa = nv_tileaa.broadcast %m_col : tensor<128x1xi32> -> tensor<128x8xi32>
  %ldsa = arith.constant dense<8> : tensor<128x8xi32>
  %sa_rows = arith.muli %m_sa, %ldsa : tensor<128x8xi32>
  %s_row = nv_tileaa.expand_dims %rs {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
  %s_sa = nv_tileaa.broadcast %s_row : tensor<1x8xi32> -> tensor<128x8xi32>
  %sa_off = arith.addi %sa_rows, %s_sa : tensor<128x8xi32>
  %sa_base = nv_tileaa.splat %sa : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<128x8x!nv_tileaa.ptr<f8E8M0FNU>>
  %sa_ptrs = nv_tileaa.addptr %sa_base, %sa_off : tensor<128x8x!nv_tileaa.ptr<f8E8M0FNU>>, tensor<128x8xi32>
  %sat = nv_tileaa.load %sa_ptrs : tensor<128x8x!nv_tileaa.ptr<f8E8M0FNU>> -> tensor<128x8xf8E8M0FNU>
  // B 256x64 row-major
  %k_col = nv_tileaa.expand_dims %rk {axis = 1 : i32} : tensor<256xi32> -> tensor<256x1xi32>
  %k_b = nv_tileaa.broadcast %k_col : tensor<256x1xi32> -> tensor<256x64xi32>
  %ldb = arith.constant dense<64> : tensor<256x64xi32>
  %b_rows = arith.muli %k_b, %ldb : tensor<256x64xi32>
  %n_b = nv_tileaa.broadcast %n_row : tensor<1x64xi32> -> tensor<256x64xi32>
  %b_off = arith.addi %b_rows, %n_b : tensor<256x64xi32>
  %b_base = nv_tileaa.splat %b : !nv_tileaa.ptr<f8E5M2> -> tensor<256x64x!nv_tileaa.ptr<f8E5M2>>
  %b_ptrs = nv_tileaa.addptr %b_base, %b_off : tensor<256x64x!nv_tileaa.ptr<f8E5M2>>, tensor<256x64xi32>
  %bt = nv_tileaa.load %b_ptrs : tensor<256x64x!nv_tileaa.ptr<f8E5M2>> -> tensor<256x64xf8E5M2>
  // SB 8x64 row-major
  %s_col = nv_tileaa.expand_dims %rs {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
  %s_sb = nv_tileaa.broadcast %s_col : tensor<8x1xi32> -> tensor<8x64xi32>
  %ldsb = arith.constant dense<64> : tensor<8x64xi32>
  %sb_rows = arith.muli %s_sb, %ldsb : tensor<8x64xi32>
  %n_sb = nv_tileaa.broadcast %n_row : tensor<1x64xi32> -> tensor<8x64xi32>
  %sb_off = arith.addi %sb_rows, %n_sb : tensor<8x64xi32>
  %sb_base = nv_tileaa.splat %sb : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<8x64x!nv_tileaa.ptr<f8E8M0FNU>>
  %sb_ptrs = nv_tileaa.addptr %sb_base, %sb_off : tensor<8x64x!nv_tileaa.ptr<f8E8M0FNU>>, tensor<8x64xi32>
  %sbt = nv_tileaa.load %sb_ptrs : tensor<8x64x!nv_tileaa.ptr<f8E8M0FNU>> -> tensor<8x64xf8E8M0FNU>
  %zero = arith.constant dense<0.0> : tensor<128x64xf32>
  %d = nv_tileaa.dot_scaled %at scale %sat, %bt scale %sbt, %zero : tensor<128x256xf8E4M3FN> scale tensor<128x8xf8E8M0FNU>, tensor<256x64xf8E5M2> scale tensor<8x64xf8E8M0FNU>, tensor<128x64xf32> -> tensor<128x64xf32>
  // C 128x64 row-major
  %m_c = nv_tileaa.broadcast %m_col : tensor<128x1xi32> -> tensor<128x64xi32>
  %ldc = arith.constant dense<64> : tensor<128x64xi32>
  %c_rows = arith.muli %m_c, %ldc : tensor<128x64xi32>
  %n_c = nv_tileaa.broadcast %n_row : tensor<1x64xi32> -> tensor<128x64xi32>
  %c_off = arith.addi %c_rows, %n_c : tensor<128x64xi32>
  %c_base = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<128x64x!nv_tileaa.ptr<f32>>
  %c_ptrs = nv_tileaa.addptr %c_base, %c_off : tensor<128x64x!nv_tileaa.ptr<f32>>, tensor<128x64xi32>
  nv_tileaa.store %c_ptrs, %d : tensor<128x64x!nv_tileaa.ptr<f32>>, tensor<128x64xf32>
  nv_tileaa.return
}
