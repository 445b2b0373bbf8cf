// RUN: rm -rf %t && mkdir -p %t
// RUN: tileiras -arch=sm_75 -arch=sm_80 -arch=sm_89 -arch=sm_90a -arch=sm_100a -arch=sm_120a %s --output-dir=%t
// RUN: %ptxas-verify sm_75 %t/transpose.sm_75.ptx
// RUN: %ptxas-verify sm_80 %t/transpose.sm_80.ptx
// RUN: %ptxas-verify sm_89 %t/transpose.sm_89.ptx
// RUN: %ptxas-verify sm_90a %t/transpose.sm_90a.ptx
// RUN: %ptxas-verify sm_100a %t/transpose.sm_100a.ptx
// RUN: %ptxas-verify sm_120a %t/transpose.sm_120a.ptx
// RUN: FileCheck %s < %t/transpose.sm_90a.ptx
// RUN: FileCheck %s < %t/transpose.sm_75.ptx

// out[j, i] = in[i, j] for a 64 x 32 f32 tile (both row-major).
//
// The load gives each thread 4 consecutive elements of a row; the permute
// itself renames registers (its result layout is the permuted load
// layout), and the store, which wants 4 consecutive elements of an output
// row, gets them through one shared-memory round trip: 32 rows of 64
// floats, each padded by one word (32 x 65 x 4 = 8320 bytes).
// CHECK-LABEL: .entry transpose(
// CHECK: .shared .align 16 .b8 __tileiras_smem_transpose[8320];
// CHECK-COUNT-4: ld.global.v4.b32
// CHECK-COUNT-16: st.shared.b32
// CHECK: bar.sync 0;
// CHECK-COUNT-16: ld.shared
// CHECK-NOT: bar.sync
// CHECK: st.global.v4.b32
nv_tileaa.func @transpose(%in: !nv_tileaa.ptr<f32>, %out: !nv_tileaa.ptr<f32>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %rows = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %cols = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %r2 = nv_tileaa.expand_dims %rows {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %c2 = nv_tileaa.expand_dims %cols {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %rb = nv_tileaa.broadcast %r2 : tensor<64x1xi32> -> tensor<64x32xi32>
  %cb = nv_tileaa.broadcast %c2 : tensor<1x32xi32> -> tensor<64x32xi32>
  %c32 = arith.constant dense<32> : tensor<64x32xi32>
  %rs = arith.muli %rb, %c32 : tensor<64x32xi32>
  %offs = arith.addi %rs, %cb : tensor<64x32xi32>
  %ib = nv_tileaa.splat %in : !nv_tileaa.ptr<f32> -> tensor<64x32x!nv_tileaa.ptr<f32>>
  %ip = nv_tileaa.addptr %ib, %offs : tensor<64x32x!nv_tileaa.ptr<f32>>, tensor<64x32xi32>
  %x = nv_tileaa.load %ip : tensor<64x32x!nv_tileaa.ptr<f32>> -> tensor<64x32xf32>
  %t = nv_tileaa.permute %x {order = array<i32: 1, 0>} : tensor<64x32xf32> -> tensor<32x64xf32>
  // Output offsets j * 64 + i of the 32 x 64 result.
  %orow = nv_tileaa.expand_dims %cols {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %ocol = nv_tileaa.expand_dims %rows {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %orb = nv_tileaa.broadcast %orow : tensor<32x1xi32> -> tensor<32x64xi32>
  %ocb = nv_tileaa.broadcast %ocol : tensor<1x64xi32> -> tensor<32x64xi32>
  %c64 = arith.constant dense<64> : tensor<32x64xi32>
  %ors = arith.muli %orb, %c64 : tensor<32x64xi32>
  %ooffs = arith.addi %ors, %ocb : tensor<32x64xi32>
  %ob = nv_tileaa.splat %out : !nv_tileaa.ptr<f32> -> tensor<32x64x!nv_tileaa.ptr<f32>>
  %op = nv_tileaa.addptr %ob, %ooffs : tensor<32x64x!nv_tileaa.ptr<f32>>, tensor<32x64xi32>
  nv_tileaa.store %op, %t : tensor<32x64x!nv_tileaa.ptr<f32>>, tensor<32x64xf32>
  nv_tileaa.return
}
