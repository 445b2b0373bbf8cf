// Scans in kernels: cumulative sums along the rows of an f32 tile, a
// reverse cumulative product down its columns, and a reverse scan of a
// 1-D i64 tile with a non-commutative combiner (composition of affine
// maps), each crossing lanes and warps.
// RUN: %all-targets %s %t | FileCheck %S/all-targets.txt
// RUN: tileiras --gpu-name=sm_90a %s -o - | FileCheck %s

// CHECK-LABEL: .visible .entry scans_2d(
// CHECK: shfl.sync.bfly.b32
// CHECK: st.shared.b32
// CHECK: bar.sync 0;
// CHECK: ld.shared
// CHECK: mul.f32
// CHECK: st.global
// CHECK: ret;
nv_tileaa.func @scans_2d(%x: !nv_tileaa.ptr<f32>, %sums: !nv_tileaa.ptr<f32>,
                         %prods: !nv_tileaa.ptr<f32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %rows = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %cols = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %r2 = nv_tileaa.expand_dims %rows {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %rb = nv_tileaa.broadcast %r2 : tensor<64x1xi32> -> tensor<64x64xi32>
  %c2 = nv_tileaa.expand_dims %cols {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %cb = nv_tileaa.broadcast %c2 : tensor<1x64xi32> -> tensor<64x64xi32>
  %c64 = arith.constant dense<64> : tensor<64x64xi32>
  %ro = arith.muli %rb, %c64 : tensor<64x64xi32>
  %offs = arith.addi %ro, %cb : tensor<64x64xi32>
  %base = nv_tileaa.splat %x : !nv_tileaa.ptr<f32> -> tensor<64x64x!nv_tileaa.ptr<f32>>
  %ptrs = nv_tileaa.addptr %base, %offs : tensor<64x64x!nv_tileaa.ptr<f32>>, tensor<64x64xi32>
  %v = nv_tileaa.load %ptrs : tensor<64x64x!nv_tileaa.ptr<f32>> -> tensor<64x64xf32>
  %s = nv_tileaa.scan %v {axis = 1 : i32, reverse = false} : tensor<64x64xf32> -> tensor<64x64xf32> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    nv_tileaa.yield %t : f32
  }
  %p = nv_tileaa.scan %v {axis = 0 : i32, reverse = true} : tensor<64x64xf32> -> tensor<64x64xf32> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.mulf %a, %b : f32
    nv_tileaa.yield %t : f32
  }
  %sbase = nv_tileaa.splat %sums : !nv_tileaa.ptr<f32> -> tensor<64x64x!nv_tileaa.ptr<f32>>
  %sptrs = nv_tileaa.addptr %sbase, %offs : tensor<64x64x!nv_tileaa.ptr<f32>>, tensor<64x64xi32>
  nv_tileaa.store %sptrs, %s : tensor<64x64x!nv_tileaa.ptr<f32>>, tensor<64x64xf32>
  %pbase = nv_tileaa.splat %prods : !nv_tileaa.ptr<f32> -> tensor<64x64x!nv_tileaa.ptr<f32>>
  %pptrs = nv_tileaa.addptr %pbase, %offs : tensor<64x64x!nv_tileaa.ptr<f32>>, tensor<64x64xi32>
  nv_tileaa.store %pptrs, %p : tensor<64x64x!nv_tileaa.ptr<f32>>, tensor<64x64xf32>
  nv_tileaa.return
}

// CHECK-LABEL: .visible .entry compose_maps(
// CHECK: mul.lo.s64
// CHECK: shfl.sync.bfly.b32
// CHECK: bar.sync 0;
// CHECK: st.global
// CHECK: ret;
nv_tileaa.func @compose_maps(%x: !nv_tileaa.ptr<i64>, %out: !nv_tileaa.ptr<i64>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
  %offs = nv_tileaa.make_range {start = 0 : i32, end = 2048 : i32} : tensor<2048xi32>
  %base = nv_tileaa.splat %x : !nv_tileaa.ptr<i64> -> tensor<2048x!nv_tileaa.ptr<i64>>
  %ptrs = nv_tileaa.addptr %base, %offs : tensor<2048x!nv_tileaa.ptr<i64>>, tensor<2048xi32>
  %v = nv_tileaa.load %ptrs : tensor<2048x!nv_tileaa.ptr<i64>> -> tensor<2048xi64>
  // x -> m*x + c (mod 2^32) packed as (m << 32) | c; later maps apply last.
  %s = nv_tileaa.scan %v {axis = 0 : i32, reverse = true} : tensor<2048xi64> -> tensor<2048xi64> {
  ^bb0(%a: i64, %b: i64):
    %c32 = arith.constant 32 : i64
    %mask = arith.constant 4294967295 : i64
    %am = arith.shrui %a, %c32 : i64
    %ac = arith.andi %a, %mask : i64
    %bm = arith.shrui %b, %c32 : i64
    %bc = arith.andi %b, %mask : i64
    %m0 = arith.muli %am, %bm : i64
    %m = arith.andi %m0, %mask : i64
    %c0 = arith.muli %bm, %ac : i64
    %c1 = arith.addi %c0, %bc : i64
    %c = arith.andi %c1, %mask : i64
    %hi = arith.shli %m, %c32 : i64
    %r = arith.ori %hi, %c : i64
    nv_tileaa.yield %r : i64
  }
  %obase = nv_tileaa.splat %out : !nv_tileaa.ptr<i64> -> tensor<2048x!nv_tileaa.ptr<i64>>
  %optrs = nv_tileaa.addptr %obase, %offs : tensor<2048x!nv_tileaa.ptr<i64>>, tensor<2048xi32>
  nv_tileaa.store %optrs, %s : tensor<2048x!nv_tileaa.ptr<i64>>, tensor<2048xi64>
  nv_tileaa.return
}
