// RUN: rm -rf %t && mkdir -p %t
// RUN: tileiras -arch=sm_75 -arch=sm_80 -arch=sm_89 -arch=sm_90a -arch=sm_100a -arch=sm_120a %s --output-dir=%t
// RUN: %ptxas-verify sm_75 %t/cat.sm_75.ptx
// RUN: %ptxas-verify sm_80 %t/cat.sm_80.ptx
// RUN: %ptxas-verify sm_89 %t/cat.sm_89.ptx
// RUN: %ptxas-verify sm_90a %t/cat.sm_90a.ptx
// RUN: %ptxas-verify sm_100a %t/cat.sm_100a.ptx
// RUN: %ptxas-verify sm_120a %t/cat.sm_120a.ptx
// RUN: FileCheck %s < %t/cat.sm_90a.ptx

// out = cat(a, b) of two row-major 32 x 16 f32 tiles, along the rows
// (a 64 x 16 result) and along the columns (a 32 x 32 result).
//
// Along the rows the result's layout holds row 32 and below in a second
// set of registers of the same threads that hold rows 0..31 of each
// operand: no data moves.
// CHECK-LABEL: .entry cat_rows(
// CHECK-NOT: bar.sync
// CHECK-COUNT-2: ld.global.v4.b32
// CHECK-NOT: bar.sync
// CHECK-COUNT-2: st.global.v4.b32
// CHECK-NOT: bar.sync
// CHECK: ret;
//
// Along the columns the result's rows are split over different lanes than
// the operands': both operands go to shared memory at their place in the
// 32 x 32 result (rows padded by a word: 32 x 33 x 4 = 4224 bytes) and the
// result is read back.
// CHECK-LABEL: .entry cat_columns(
// CHECK: .shared .align 16 .b8 __tileiras_smem_cat_columns[4224];
// CHECK: st.shared
// CHECK: bar.sync 0;
// CHECK: ld.shared
// CHECK: st.global
nv_tileaa.func @cat_rows(%a: !nv_tileaa.ptr<f32>, %b: !nv_tileaa.ptr<f32>, %out: !nv_tileaa.ptr<f32>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %in_r = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %in_c = nv_tileaa.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %in_r2 = nv_tileaa.expand_dims %in_r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %in_c2 = nv_tileaa.expand_dims %in_c {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %in_rb = nv_tileaa.broadcast %in_r2 : tensor<32x1xi32> -> tensor<32x16xi32>
  %in_cb = nv_tileaa.broadcast %in_c2 : tensor<1x16xi32> -> tensor<32x16xi32>
  %in_n = arith.constant dense<16> : tensor<32x16xi32>
  %in_rs = arith.muli %in_rb, %in_n : tensor<32x16xi32>
  %in_offs = arith.addi %in_rs, %in_cb : tensor<32x16xi32>
  %in_b = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<32x16x!nv_tileaa.ptr<f32>>
  %in_p = nv_tileaa.addptr %in_b, %in_offs : tensor<32x16x!nv_tileaa.ptr<f32>>, tensor<32x16xi32>
  %x = nv_tileaa.load %in_p : tensor<32x16x!nv_tileaa.ptr<f32>> -> tensor<32x16xf32>
  %bb = nv_tileaa.splat %b : !nv_tileaa.ptr<f32> -> tensor<32x16x!nv_tileaa.ptr<f32>>
  %bp = nv_tileaa.addptr %bb, %in_offs : tensor<32x16x!nv_tileaa.ptr<f32>>, tensor<32x16xi32>
  %y = nv_tileaa.load %bp : tensor<32x16x!nv_tileaa.ptr<f32>> -> tensor<32x16xf32>
  %c = nv_tileaa.cat %x, %y {axis = 0 : i32} : tensor<32x16xf32>, tensor<32x16xf32> -> tensor<64x16xf32>
  %out_r = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %out_c = nv_tileaa.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %out_r2 = nv_tileaa.expand_dims %out_r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %out_c2 = nv_tileaa.expand_dims %out_c {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %out_rb = nv_tileaa.broadcast %out_r2 : tensor<64x1xi32> -> tensor<64x16xi32>
  %out_cb = nv_tileaa.broadcast %out_c2 : tensor<1x16xi32> -> tensor<64x16xi32>
  %out_n = arith.constant dense<16> : tensor<64x16xi32>
  %out_rs = arith.muli %out_rb, %out_n : tensor<64x16xi32>
  %out_offs = arith.addi %out_rs, %out_cb : tensor<64x16xi32>
  %out_b = nv_tileaa.splat %out : !nv_tileaa.ptr<f32> -> tensor<64x16x!nv_tileaa.ptr<f32>>
  %out_p = nv_tileaa.addptr %out_b, %out_offs : tensor<64x16x!nv_tileaa.ptr<f32>>, tensor<64x16xi32>
  nv_tileaa.store %out_p, %c : tensor<64x16x!nv_tileaa.ptr<f32>>, tensor<64x16xf32>
  nv_tileaa.return
}

nv_tileaa.func @cat_columns(%a: !nv_tileaa.ptr<f32>, %b: !nv_tileaa.ptr<f32>, %out: !nv_tileaa.ptr<f32>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %in_r = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %in_c = nv_tileaa.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %in_r2 = nv_tileaa.expand_dims %in_r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %in_c2 = nv_tileaa.expand_dims %in_c {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %in_rb = nv_tileaa.broadcast %in_r2 : tensor<32x1xi32> -> tensor<32x16xi32>
  %in_cb = nv_tileaa.broadcast %in_c2 : tensor<1x16xi32> -> tensor<32x16xi32>
  %in_n = arith.constant dense<16> : tensor<32x16xi32>
  %in_rs = arith.muli %in_rb, %in_n : tensor<32x16xi32>
  %in_offs = arith.addi %in_rs, %in_cb : tensor<32x16xi32>
  %in_b = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<32x16x!nv_tileaa.ptr<f32>>
  %in_p = nv_tileaa.addptr %in_b, %in_offs : tensor<32x16x!nv_tileaa.ptr<f32>>, tensor<32x16xi32>
  %x = nv_tileaa.load %in_p : tensor<32x16x!nv_tileaa.ptr<f32>> -> tensor<32x16xf32>
  %bb = nv_tileaa.splat %b : !nv_tileaa.ptr<f32> -> tensor<32x16x!nv_tileaa.ptr<f32>>
  %bp = nv_tileaa.addptr %bb, %in_offs : tensor<32x16x!nv_tileaa.ptr<f32>>, tensor<32x16xi32>
  %y = nv_tileaa.load %bp : tensor<32x16x!nv_tileaa.ptr<f32>> -> tensor<32x16xf32>
  %c = nv_tileaa.cat %x, %y {axis = 1 : i32} : tensor<32x16xf32>, tensor<32x16xf32> -> tensor<32x32xf32>
  %out_r = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %out_c = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %out_r2 = nv_tileaa.expand_dims %out_r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %out_c2 = nv_tileaa.expand_dims %out_c {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %out_rb = nv_tileaa.broadcast %out_r2 : tensor<32x1xi32> -> tensor<32x32xi32>
  %out_cb = nv_tileaa.broadcast %out_c2 : tensor<1x32xi32> -> tensor<32x32xi32>
  %out_n = arith.constant dense<32> : tensor<32x32xi32>
  %out_rs = arith.muli %out_rb, %out_n : tensor<32x32xi32>
  %out_offs = arith.addi %out_rs, %out_cb : tensor<32x32xi32>
  %out_b = nv_tileaa.splat %out : !nv_tileaa.ptr<f32> -> tensor<32x32x!nv_tileaa.ptr<f32>>
  %out_p = nv_tileaa.addptr %out_b, %out_offs : tensor<32x32x!nv_tileaa.ptr<f32>>, tensor<32x32xi32>
  nv_tileaa.store %out_p, %c : tensor<32x32x!nv_tileaa.ptr<f32>>, tensor<32x32xf32>
  nv_tileaa.return
}
