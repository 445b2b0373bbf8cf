// RUN: rm -rf %t && mkdir -p %t
// RUN: tileiras -arch=sm_75 -arch=sm_80 -arch=sm_89 -arch=sm_90a -arch=sm_100a -arch=sm_120a %s --output-dir=%t
// RUN: %ptxas-verify sm_75 %t/slice.sm_75.ptx
// RUN: %ptxas-verify sm_80 %t/slice.sm_80.ptx
// RUN: %ptxas-verify sm_89 %t/slice.sm_89.ptx
// RUN: %ptxas-verify sm_90a %t/slice.sm_90a.ptx
// RUN: %ptxas-verify sm_100a %t/slice.sm_100a.ptx
// RUN: %ptxas-verify sm_120a %t/slice.sm_120a.ptx
// RUN: FileCheck %s < %t/slice.sm_80.ptx

// Sub-tiles of a row-major 64 x 32 f32 tile.
//
// Rows 32..63: the source layout repeats its 16-row block in registers, so
// the slice is a choice of registers (no shared memory).
// CHECK-LABEL: .entry lower_half(
// CHECK-NOT: bar.sync
// CHECK: ld.global.v4.b32
// CHECK-NOT: bar.sync
// CHECK: st.global.v4.b32
// CHECK-NOT: bar.sync
// CHECK: ret;
//
// Rows 8..23, columns 4..19: elements change threads. Each thread stores the
// source elements inside the window at their place in the 16 x 16 result,
// the others into one spare slot, and reads its result elements back
// (16 x 17 + 1 words, rounded up to 16 bytes).
// CHECK-LABEL: .entry window(
// CHECK: .shared .align 16 .b8 __tileiras_smem_window[1104];
// CHECK: st.shared.b32
// CHECK: bar.sync 0;
// CHECK: ld.shared
// CHECK: st.global
//
// An i8 tile (stored as bytes in shared memory: 16 x (16 + 4) bytes + 1).
// CHECK-LABEL: .entry window_i8(
// CHECK: .shared .align 16 .b8 __tileiras_smem_window_i8[336];
// CHECK: st.shared.b8
// CHECK: ld.shared

nv_tileaa.func @lower_half(%a: !nv_tileaa.ptr<f32>, %out: !nv_tileaa.ptr<f32>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %in_r = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %in_c = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %in_r2 = nv_tileaa.expand_dims %in_r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %in_c2 = nv_tileaa.expand_dims %in_c {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %in_rb = nv_tileaa.broadcast %in_r2 : tensor<64x1xi32> -> tensor<64x32xi32>
  %in_cb = nv_tileaa.broadcast %in_c2 : tensor<1x32xi32> -> tensor<64x32xi32>
  %in_n = arith.constant dense<32> : tensor<64x32xi32>
  %in_rs = arith.muli %in_rb, %in_n : tensor<64x32xi32>
  %in_offs = arith.addi %in_rs, %in_cb : tensor<64x32xi32>
  %in_b = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<64x32x!nv_tileaa.ptr<f32>>
  %in_p = nv_tileaa.addptr %in_b, %in_offs : tensor<64x32x!nv_tileaa.ptr<f32>>, tensor<64x32xi32>
  %x = nv_tileaa.load %in_p : tensor<64x32x!nv_tileaa.ptr<f32>> -> tensor<64x32xf32>
  %s = nv_tileaa.extract_slice %x {offsets = array<i64: 32, 0>} : tensor<64x32xf32> -> tensor<32x32xf32>
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
  nv_tileaa.store %out_p, %s : tensor<32x32x!nv_tileaa.ptr<f32>>, tensor<32x32xf32>
  nv_tileaa.return
}

nv_tileaa.func @window(%a: !nv_tileaa.ptr<f32>, %out: !nv_tileaa.ptr<f32>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %in_r = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %in_c = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %in_r2 = nv_tileaa.expand_dims %in_r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %in_c2 = nv_tileaa.expand_dims %in_c {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %in_rb = nv_tileaa.broadcast %in_r2 : tensor<64x1xi32> -> tensor<64x32xi32>
  %in_cb = nv_tileaa.broadcast %in_c2 : tensor<1x32xi32> -> tensor<64x32xi32>
  %in_n = arith.constant dense<32> : tensor<64x32xi32>
  %in_rs = arith.muli %in_rb, %in_n : tensor<64x32xi32>
  %in_offs = arith.addi %in_rs, %in_cb : tensor<64x32xi32>
  %in_b = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<64x32x!nv_tileaa.ptr<f32>>
  %in_p = nv_tileaa.addptr %in_b, %in_offs : tensor<64x32x!nv_tileaa.ptr<f32>>, tensor<64x32xi32>
  %x = nv_tileaa.load %in_p : tensor<64x32x!nv_tileaa.ptr<f32>> -> tensor<64x32xf32>
  %s = nv_tileaa.extract_slice %x {offsets = array<i64: 8, 4>} : tensor<64x32xf32> -> tensor<16x16xf32>
  %out_r = nv_tileaa.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %out_c = nv_tileaa.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %out_r2 = nv_tileaa.expand_dims %out_r {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %out_c2 = nv_tileaa.expand_dims %out_c {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %out_rb = nv_tileaa.broadcast %out_r2 : tensor<16x1xi32> -> tensor<16x16xi32>
  %out_cb = nv_tileaa.broadcast %out_c2 : tensor<1x16xi32> -> tensor<16x16xi32>
  %out_n = arith.constant dense<16> : tensor<16x16xi32>
  %out_rs = arith.muli %out_rb, %out_n : tensor<16x16xi32>
  %out_offs = arith.addi %out_rs, %out_cb : tensor<16x16xi32>
  %out_b = nv_tileaa.splat %out : !nv_tileaa.ptr<f32> -> tensor<16x16x!nv_tileaa.ptr<f32>>
  %out_p = nv_tileaa.addptr %out_b, %out_offs : tensor<16x16x!nv_tileaa.ptr<f32>>, tensor<16x16xi32>
  nv_tileaa.store %out_p, %s : tensor<16x16x!nv_tileaa.ptr<f32>>, tensor<16x16xf32>
  nv_tileaa.return
}

nv_tileaa.func @window_i8(%a: !nv_tileaa.ptr<i8>, %out: !nv_tileaa.ptr<i8>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %in_r = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %in_c = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %in_r2 = nv_tileaa.expand_dims %in_r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %in_c2 = nv_tileaa.expand_dims %in_c {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %in_rb = nv_tileaa.broadcast %in_r2 : tensor<64x1xi32> -> tensor<64x32xi32>
  %in_cb = nv_tileaa.broadcast %in_c2 : tensor<1x32xi32> -> tensor<64x32xi32>
  %in_n = arith.constant dense<32> : tensor<64x32xi32>
  %in_rs = arith.muli %in_rb, %in_n : tensor<64x32xi32>
  %in_offs = arith.addi %in_rs, %in_cb : tensor<64x32xi32>
  %in_b = nv_tileaa.splat %a : !nv_tileaa.ptr<i8> -> tensor<64x32x!nv_tileaa.ptr<i8>>
  %in_p = nv_tileaa.addptr %in_b, %in_offs : tensor<64x32x!nv_tileaa.ptr<i8>>, tensor<64x32xi32>
  %x = nv_tileaa.load %in_p : tensor<64x32x!nv_tileaa.ptr<i8>> -> tensor<64x32xi8>
  %s = nv_tileaa.extract_slice %x {offsets = array<i64: 8, 4>} : tensor<64x32xi8> -> tensor<16x16xi8>
  %out_r = nv_tileaa.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %out_c = nv_tileaa.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %out_r2 = nv_tileaa.expand_dims %out_r {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %out_c2 = nv_tileaa.expand_dims %out_c {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %out_rb = nv_tileaa.broadcast %out_r2 : tensor<16x1xi32> -> tensor<16x16xi32>
  %out_cb = nv_tileaa.broadcast %out_c2 : tensor<1x16xi32> -> tensor<16x16xi32>
  %out_n = arith.constant dense<16> : tensor<16x16xi32>
  %out_rs = arith.muli %out_rb, %out_n : tensor<16x16xi32>
  %out_offs = arith.addi %out_rs, %out_cb : tensor<16x16xi32>
  %out_b = nv_tileaa.splat %out : !nv_tileaa.ptr<i8> -> tensor<16x16x!nv_tileaa.ptr<i8>>
  %out_p = nv_tileaa.addptr %out_b, %out_offs : tensor<16x16x!nv_tileaa.ptr<i8>>, tensor<16x16xi32>
  nv_tileaa.store %out_p, %s : tensor<16x16x!nv_tileaa.ptr<i8>>, tensor<16x16xi8>
  nv_tileaa.return
}
