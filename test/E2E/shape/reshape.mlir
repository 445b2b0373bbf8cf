// RUN: rm -rf %t && mkdir -p %t
// RUN: tileiras -arch=sm_75 -arch=sm_80 -arch=sm_89 -arch=sm_90a -arch=sm_100a -arch=sm_120a %s --output-dir=%t
// RUN: %ptxas-verify sm_75 %t/reshape.sm_75.ptx
// RUN: %ptxas-verify sm_80 %t/reshape.sm_80.ptx
// RUN: %ptxas-verify sm_89 %t/reshape.sm_89.ptx
// RUN: %ptxas-verify sm_90a %t/reshape.sm_90a.ptx
// RUN: %ptxas-verify sm_100a %t/reshape.sm_100a.ptx
// RUN: %ptxas-verify sm_120a %t/reshape.sm_120a.ptx
// RUN: FileCheck %s < %t/reshape.sm_80.ptx

// y[i] = x[i / 2, i % 2]: a 64 x 2 tile read row by row and written as a
// 128-vector, one warp. The load gives each lane one row (two elements);
// the store wants four consecutive elements per lane, so the view moves
// elements between lanes through shared memory laid out like the source
// (64 rows of 2 floats, 512 bytes): 8-byte stores of the rows, one 16-byte
// load of the four elements.
// CHECK-LABEL: .entry reshape(
// CHECK: .shared .align 16 .b8 __tileiras_smem_reshape[512];
// CHECK: ld.global.v2.b32
// CHECK: st.shared.v2.b32
// CHECK: bar.sync 0;
// CHECK: ld.shared.v4.b32
// CHECK: st.global.v4.b32
//
// The second view is free: a 4 x 32 tile with 4 consecutive elements per
// lane is, element for element and thread for thread, the 128-vector with
// 4 per lane.
// CHECK-LABEL: .entry flatten(
// CHECK-NOT: bar.sync
// CHECK-NOT: .shared
// CHECK: ld.global.v4.b32
// CHECK: st.global.v4.b32
nv_tileaa.func @reshape(%x: !nv_tileaa.ptr<f32>, %y: !nv_tileaa.ptr<f32>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %rows = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %cols = nv_tileaa.make_range {start = 0 : i32, end = 2 : i32} : tensor<2xi32>
  %r2 = nv_tileaa.expand_dims %rows {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %c2 = nv_tileaa.expand_dims %cols {axis = 0 : i32} : tensor<2xi32> -> tensor<1x2xi32>
  %rb = nv_tileaa.broadcast %r2 : tensor<64x1xi32> -> tensor<64x2xi32>
  %cb = nv_tileaa.broadcast %c2 : tensor<1x2xi32> -> tensor<64x2xi32>
  %two = arith.constant dense<2> : tensor<64x2xi32>
  %rs = arith.muli %rb, %two : tensor<64x2xi32>
  %offs = arith.addi %rs, %cb : tensor<64x2xi32>
  %xb = nv_tileaa.splat %x : !nv_tileaa.ptr<f32> -> tensor<64x2x!nv_tileaa.ptr<f32>>
  %xp = nv_tileaa.addptr %xb, %offs : tensor<64x2x!nv_tileaa.ptr<f32>>, tensor<64x2xi32>
  %v = nv_tileaa.load %xp : tensor<64x2x!nv_tileaa.ptr<f32>> -> tensor<64x2xf32>
  %flat = nv_tileaa.view %v : tensor<64x2xf32> -> tensor<128xf32>
  %i = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %yb = nv_tileaa.splat %y : !nv_tileaa.ptr<f32> -> tensor<128x!nv_tileaa.ptr<f32>>
  %yp = nv_tileaa.addptr %yb, %i : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  nv_tileaa.store %yp, %flat : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
  nv_tileaa.return
}

nv_tileaa.func @flatten(%x: !nv_tileaa.ptr<f32>, %y: !nv_tileaa.ptr<f32>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %rows = nv_tileaa.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %cols = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %r2 = nv_tileaa.expand_dims %rows {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
  %c2 = nv_tileaa.expand_dims %cols {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %rb = nv_tileaa.broadcast %r2 : tensor<4x1xi32> -> tensor<4x32xi32>
  %cb = nv_tileaa.broadcast %c2 : tensor<1x32xi32> -> tensor<4x32xi32>
  %c32 = arith.constant dense<32> : tensor<4x32xi32>
  %rs = arith.muli %rb, %c32 : tensor<4x32xi32>
  %offs = arith.addi %rs, %cb : tensor<4x32xi32>
  %xb = nv_tileaa.splat %x : !nv_tileaa.ptr<f32> -> tensor<4x32x!nv_tileaa.ptr<f32>>
  %xp = nv_tileaa.addptr %xb, %offs : tensor<4x32x!nv_tileaa.ptr<f32>>, tensor<4x32xi32>
  %v = nv_tileaa.load %xp : tensor<4x32x!nv_tileaa.ptr<f32>> -> tensor<4x32xf32>
  %flat = nv_tileaa.view %v : tensor<4x32xf32> -> tensor<128xf32>
  %i = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %yb = nv_tileaa.splat %y : !nv_tileaa.ptr<f32> -> tensor<128x!nv_tileaa.ptr<f32>>
  %yp = nv_tileaa.addptr %yb, %i : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  nv_tileaa.store %yp, %flat : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
  nv_tileaa.return
}
