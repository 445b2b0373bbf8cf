// The layout encodings attached to tiles by layout assignment, and
// convert_layout. Verifiers accept encoded tiles everywhere.
// RUN: tileiras-opt %s | FileCheck %s
// RUN: tileiras-opt %s | tileiras-opt | FileCheck %s
// RUN: tileiras-opt %s --mlir-print-op-generic | tileiras-opt | FileCheck %s

// CHECK-DAG: #[[B1:blocked[0-9]*]] = #nv_tileaa.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-DAG: #[[B2:blocked[0-9]*]] = #nv_tileaa.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[S:slice[0-9]*]] = #nv_tileaa.slice<dim = 1, parent = #[[B2]]>
// CHECK-DAG: #[[A:dot_operand[0-9]*]] = #nv_tileaa.dot_operand<opIdx = 0, parent = #[[B2]]>
// CHECK-DAG: #[[B:dot_operand[0-9]*]] = #nv_tileaa.dot_operand<opIdx = 1, parent = #[[B2]]>
#b1 = #nv_tileaa.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#b2 = #nv_tileaa.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
#s = #nv_tileaa.slice<dim = 1, parent = #b2>
#a = #nv_tileaa.dot_operand<opIdx = 0, parent = #b2>
#b = #nv_tileaa.dot_operand<opIdx = 1, parent = #b2>

// CHECK-LABEL: nv_tileaa.func @encoded
nv_tileaa.func @encoded(%p: !nv_tileaa.ptr<f32>, %x: tensor<64x64xf32, #b2>, %ad: tensor<64x32xf16, #a>, %bd: tensor<32x64xf16, #b>) {
  // CHECK: nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32, #[[B1]]>
  %i = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32, #b1>
  %ps = nv_tileaa.splat %p : !nv_tileaa.ptr<f32> -> tensor<128x!nv_tileaa.ptr<f32>, #b1>
  %pp = nv_tileaa.addptr %ps, %i : tensor<128x!nv_tileaa.ptr<f32>, #b1>, tensor<128xi32, #b1>
  %m = arith.constant dense<true> : tensor<128xi1, #b1>
  // CHECK: nv_tileaa.load %{{.*}}, %{{.*}} : tensor<128x!nv_tileaa.ptr<f32>, #[[B1]]> -> tensor<128xf32, #[[B1]]>
  %v = nv_tileaa.load %pp, %m : tensor<128x!nv_tileaa.ptr<f32>, #b1> -> tensor<128xf32, #b1>
  // CHECK: nv_tileaa.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x!nv_tileaa.ptr<f32>, #[[B1]]>, tensor<128xf32, #[[B1]]>
  nv_tileaa.store %pp, %v, %m : tensor<128x!nv_tileaa.ptr<f32>, #b1>, tensor<128xf32, #b1>
  // CHECK: nv_tileaa.reduce %{{.*}} {axis = 1 : i32} : tensor<64x64xf32, #[[B2]]> -> tensor<64xf32, #[[S]]>
  %r = nv_tileaa.reduce %x {axis = 1 : i32} : tensor<64x64xf32, #b2> -> tensor<64xf32, #s> {
  ^bb0(%l: f32, %rr: f32):
    %mx = arith.maximumf %l, %rr : f32
    nv_tileaa.yield %mx : f32
  }
  // CHECK: nv_tileaa.expand_dims %{{.*}} {axis = 1 : i32} : tensor<64xf32, #[[S]]> -> tensor<64x1xf32, #[[B2]]>
  %e = nv_tileaa.expand_dims %r {axis = 1 : i32} : tensor<64xf32, #s> -> tensor<64x1xf32, #b2>
  // CHECK: nv_tileaa.broadcast %{{.*}} : tensor<64x1xf32, #[[B2]]> -> tensor<64x64xf32, #[[B2]]>
  %bc = nv_tileaa.broadcast %e : tensor<64x1xf32, #b2> -> tensor<64x64xf32, #b2>
  // CHECK: nv_tileaa.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x32xf16, #[[A]]>, tensor<32x64xf16, #[[B]]>, tensor<64x64xf32, #[[B2]]> -> tensor<64x64xf32, #[[B2]]>
  %d = nv_tileaa.dot %ad, %bd, %bc : tensor<64x32xf16, #a>, tensor<32x64xf16, #b>, tensor<64x64xf32, #b2> -> tensor<64x64xf32, #b2>
  // CHECK: nv_tileaa.convert_layout %{{.*}} : tensor<128xf32, #[[B1]]> -> tensor<128xf32>
  %c = nv_tileaa.convert_layout %v : tensor<128xf32, #b1> -> tensor<128xf32>
  // CHECK: nv_tileaa.view %{{.*}} : tensor<64x64xf32, #[[B2]]> -> tensor<4096xf32>
  %w = nv_tileaa.view %d : tensor<64x64xf32, #b2> -> tensor<4096xf32>
  nv_tileaa.return
}
