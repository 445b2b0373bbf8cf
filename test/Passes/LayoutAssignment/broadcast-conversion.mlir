// A row factor broadcast into another layout moves as a row, not as the
// whole tile: here an accumulator (#mma) is scaled by the row maxima of a
// loaded tile, computed in a slice of the load's blocked layout. The
// 32-element row is converted to a slice of the accumulator's layout and
// expanded and broadcast there; the 32 x 64 f32 tile is never converted.
// RUN: tileiras-opt %s -tileaa-resolve-target='gpu-name=sm_80' -tileaa-assign-layouts | FileCheck %s

// CHECK-DAG: #[[ACC:mma[0-9]*]] = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [{{.*}}], instrShape = [16, 8]>
// CHECK-DAG: #[[ROW:slice[0-9]*]] = #nv_tileaa.slice<dim = 1, parent = #[[ACC]]>
// CHECK-LABEL: nv_tileaa.func @rescale
// CHECK: %[[MAX:.*]] = nv_tileaa.reduce %{{.*}} {axis = 1 : i32} : tensor<32x64xf32, #blocked{{[0-9]*}}> -> tensor<32xf32, #[[BROW:slice[0-9]*]]>
// CHECK: %[[MOVED:.*]] = nv_tileaa.convert_layout %[[MAX]] : tensor<32xf32, #[[BROW]]> -> tensor<32xf32, #[[ROW]]>
// CHECK-NOT: convert_layout {{.*}} -> tensor<32x64xf32, #[[ACC]]>
// CHECK: %[[COL:.*]] = nv_tileaa.expand_dims %[[MOVED]] {axis = 1 : i32} : tensor<32xf32, #[[ROW]]> -> tensor<32x1xf32, #[[ACC]]>
// CHECK: %[[WIDE:.*]] = nv_tileaa.broadcast %[[COL]] : tensor<32x1xf32, #[[ACC]]> -> tensor<32x64xf32, #[[ACC]]>
// CHECK: nv_tileaa.mulf %{{.*}}, %[[WIDE]] : tensor<32x64xf32, #[[ACC]]>
nv_tileaa.func @rescale(%px: !nv_tileaa.ptr<f32>, %py: !nv_tileaa.ptr<f32>, %a: tensor<32x64xf16>, %b: tensor<64x64xf16>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %c = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %r1 = nv_tileaa.expand_dims %r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %r2 = nv_tileaa.broadcast %r1 : tensor<32x1xi32> -> tensor<32x64xi32>
  %c1 = nv_tileaa.expand_dims %c {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %c2 = nv_tileaa.broadcast %c1 : tensor<1x64xi32> -> tensor<32x64xi32>
  %w = arith.constant dense<64> : tensor<32x64xi32>
  %rw = arith.muli %r2, %w : tensor<32x64xi32>
  %offs = arith.addi %rw, %c2 : tensor<32x64xi32>
  %xb = nv_tileaa.splat %px : !nv_tileaa.ptr<f32> -> tensor<32x64x!nv_tileaa.ptr<f32>>
  %xp = nv_tileaa.addptr %xb, %offs : tensor<32x64x!nv_tileaa.ptr<f32>>, tensor<32x64xi32>
  %x = nv_tileaa.load %xp : tensor<32x64x!nv_tileaa.ptr<f32>> -> tensor<32x64xf32>
  %max = nv_tileaa.reduce %x {axis = 1 : i32} : tensor<32x64xf32> -> tensor<32xf32> {
  ^bb0(%u: f32, %v: f32):
    %m = arith.maximumf %u, %v : f32
    nv_tileaa.yield %m : f32
  }
  %zero = arith.constant dense<0.0> : tensor<32x64xf32>
  %acc = nv_tileaa.dot %a, %b, %zero : tensor<32x64xf16>, tensor<64x64xf16>, tensor<32x64xf32> -> tensor<32x64xf32>
  %col = nv_tileaa.expand_dims %max {axis = 1 : i32} : tensor<32xf32> -> tensor<32x1xf32>
  %wide = nv_tileaa.broadcast %col : tensor<32x1xf32> -> tensor<32x64xf32>
  %y = nv_tileaa.mulf %acc, %wide : tensor<32x64xf32>
  %yb = nv_tileaa.splat %py : !nv_tileaa.ptr<f32> -> tensor<32x64x!nv_tileaa.ptr<f32>>
  %yp = nv_tileaa.addptr %yb, %offs : tensor<32x64x!nv_tileaa.ptr<f32>>, tensor<32x64xi32>
  nv_tileaa.store %yp, %y : tensor<32x64x!nv_tileaa.ptr<f32>>, tensor<32x64xf32>
  nv_tileaa.return
}
