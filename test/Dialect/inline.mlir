// Device functions called with nv_tileaa.call can be inlined.
// RUN: tileiras-opt %s -inline | FileCheck %s

nv_tileaa.func @scale(%x: tensor<128xf32>, %s: f32) -> tensor<128xf32> {
  %t = nv_tileaa.splat %s : f32 -> tensor<128xf32>
  %r = nv_tileaa.mulf %x, %t : tensor<128xf32>
  nv_tileaa.return %r : tensor<128xf32>
}

// CHECK-LABEL: nv_tileaa.func @k
// CHECK-SAME: (%[[P:.*]]: !nv_tileaa.ptr<f32>, %[[S:.*]]: f32)
// CHECK-NOT: nv_tileaa.call
// CHECK: %[[T:.*]] = nv_tileaa.splat %[[S]] : f32 -> tensor<128xf32>
// CHECK: %[[R:.*]] = nv_tileaa.mulf %{{.*}}, %[[T]] : tensor<128xf32>
// CHECK: nv_tileaa.store %{{.*}}, %[[R]]
nv_tileaa.func @k(%p: !nv_tileaa.ptr<f32>, %s: f32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<>} {
  %ps = nv_tileaa.splat %p : !nv_tileaa.ptr<f32> -> tensor<128x!nv_tileaa.ptr<f32>>
  %i = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %pp = nv_tileaa.addptr %ps, %i : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  %x = nv_tileaa.load %pp : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  %y = nv_tileaa.call @scale(%x, %s) : (tensor<128xf32>, f32) -> tensor<128xf32>
  nv_tileaa.store %pp, %y : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
  nv_tileaa.return
}
