// One dot_scaled of the smallest tile, loaded from pointers and stored:
// test/Sim/dot-scaled-single.test (Inputs/dot_scaled_single.py).
nv_tileaa.func @small(%a: !nv_tileaa.ptr<f8E4M3FN>, %sa: !nv_tileaa.ptr<f8E8M0FNU>, %b: !nv_tileaa.ptr<f8E5M2>, %sb: !nv_tileaa.ptr<f8E8M0FNU>, %c: !nv_tileaa.ptr<f32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r16 = nv_tileaa.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %r32 = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %r8 = nv_tileaa.make_range {start = 0 : i32, end = 8 : i32} : tensor<8xi32>
  %r1 = nv_tileaa.make_range {start = 0 : i32, end = 1 : i32} : tensor<1xi32>
  // A 16x32 row-major
  %m_col = nv_tileaa.expand_dims %r16 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %m_b = nv_tileaa.broadcast %m_col : tensor<16x1xi32> -> tensor<16x32xi32>
  %c32 = arith.constant dense<32> : tensor<16x32xi32>
  %a_rows = arith.muli %m_b, %c32 : tensor<16x32xi32>
  %k_row = nv_tileaa.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %k_b = nv_tileaa.broadcast %k_row : tensor<1x32xi32> -> tensor<16x32xi32>
  %a_off = arith.addi %a_rows, %k_b : tensor<16x32xi32>
  %a_base = nv_tileaa.splat %a : !nv_tileaa.ptr<f8E4M3FN> -> tensor<16x32x!nv_tileaa.ptr<f8E4M3FN>>
  %a_ptrs = nv_tileaa.addptr %a_base, %a_off : tensor<16x32x!nv_tileaa.ptr<f8E4M3FN>>, tensor<16x32xi32>
  %at = nv_tileaa.load %a_ptrs : tensor<16x32x!nv_tileaa.ptr<f8E4M3FN>> -> tensor<16x32xf8E4M3FN>
  // SA 16x1
  %sa_off = nv_tileaa.expand_dims %r16 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %sa_base = nv_tileaa.splat %sa : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<16x1x!nv_tileaa.ptr<f8E8M0FNU>>
  %sa_ptrs = nv_tileaa.addptr %sa_base, %sa_off : tensor<16x1x!nv_tileaa.ptr<f8E8M0FNU>>, tensor<16x1xi32>
  %sat = nv_tileaa.load %sa_ptrs : tensor<16x1x!nv_tileaa.ptr<f8E8M0FNU>> -> tensor<16x1xf8E8M0FNU>
  // B 32x8 row-major
  %kk_col = nv_tileaa.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %kk_b = nv_tileaa.broadcast %kk_col : tensor<32x1xi32> -> tensor<32x8xi32>
  %c8 = arith.constant dense<8> : tensor<32x8xi32>
  %b_rows = arith.muli %kk_b, %c8 : tensor<32x8xi32>
  %n_row = nv_tileaa.expand_dims %r8 {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
  %n_b = nv_tileaa.broadcast %n_row : tensor<1x8xi32> -> tensor<32x8xi32>
  %b_off = arith.addi %b_rows, %n_b : tensor<32x8xi32>
  %b_base = nv_tileaa.splat %b : !nv_tileaa.ptr<f8E5M2> -> tensor<32x8x!nv_tileaa.ptr<f8E5M2>>
  %b_ptrs = nv_tileaa.addptr %b_base, %b_off : tensor<32x8x!nv_tileaa.ptr<f8E5M2>>, tensor<32x8xi32>
  %bt = nv_tileaa.load %b_ptrs : tensor<32x8x!nv_tileaa.ptr<f8E5M2>> -> tensor<32x8xf8E5M2>
  // SB 1x8
  %sb_off = nv_tileaa.expand_dims %r8 {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
  %sb_base = nv_tileaa.splat %sb : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<1x8x!nv_tileaa.ptr<f8E8M0FNU>>
  %sb_ptrs = nv_tileaa.addptr %sb_base, %sb_off : tensor<1x8x!nv_tileaa.ptr<f8E8M0FNU>>, tensor<1x8xi32>
  %sbt = nv_tileaa.load %sb_ptrs : tensor<1x8x!nv_tileaa.ptr<f8E8M0FNU>> -> tensor<1x8xf8E8M0FNU>
  %zero = arith.constant dense<0.0> : tensor<16x8xf32>
  %d = nv_tileaa.dot_scaled %at scale %sat, %bt scale %sbt, %zero : tensor<16x32xf8E4M3FN> scale tensor<16x1xf8E8M0FNU>, tensor<32x8xf8E5M2> scale tensor<1x8xf8E8M0FNU>, tensor<16x8xf32> -> tensor<16x8xf32>
  // C 16x8
  %mc = nv_tileaa.broadcast %m_col : tensor<16x1xi32> -> tensor<16x8xi32>
  %c8b = arith.constant dense<8> : tensor<16x8xi32>
  %c_rows = arith.muli %mc, %c8b : tensor<16x8xi32>
  %nc = nv_tileaa.broadcast %n_row : tensor<1x8xi32> -> tensor<16x8xi32>
  %c_off = arith.addi %c_rows, %nc : tensor<16x8xi32>
  %c_base = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<16x8x!nv_tileaa.ptr<f32>>
  %c_ptrs = nv_tileaa.addptr %c_base, %c_off : tensor<16x8x!nv_tileaa.ptr<f32>>, tensor<16x8xi32>
  nv_tileaa.store %c_ptrs, %d : tensor<16x8x!nv_tileaa.ptr<f32>>, tensor<16x8xf32>
  nv_tileaa.return
}
