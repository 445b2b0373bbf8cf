// The !nv_tileaa.memref type, make_memref and the tiled memory ops, printed
// back in custom and generic form and through bytecode.
// RUN: tileiras-opt %s | FileCheck %s
// RUN: tileiras-opt %s -mlir-print-op-generic | tileiras-opt | FileCheck %s
// RUN: tileiras-opt %s -emit-bytecode | tileiras-opt | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @tiled
// CHECK: %[[A:.*]] = nv_tileaa.make_memref %{{.*}}, sizes [%{{.*}}, %{{.*}}], strides [%{{.*}}] {base_align = 16 : i64, sizes_div_by = array<i64: 1, 8>, strides_div_by = array<i64: 8, 1>} : !nv_tileaa.ptr<f16> -> !nv_tileaa.memref<?x?xf16, strides = [?, 1]>
// CHECK: %[[C:.*]] = nv_tileaa.make_memref %{{.*}}, sizes [], strides [] : !nv_tileaa.ptr<f32> -> !nv_tileaa.memref<100x60xf32, strides = [64, 1]>
// CHECK: nv_tileaa.make_memref %{{.*}}, sizes [%{{.*}}], strides [%{{.*}}, %{{.*}}] : !nv_tileaa.ptr<i32> -> !nv_tileaa.memref<2x?x3xi32, strides = [?, ?, 1]>
// CHECK: %{{.*}} = nv_tileaa.tiled_load %[[A]][%{{.*}}, %{{.*}}] : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<64x32xf16>
// CHECK: %{{.*}} = nv_tileaa.tiled_load %[[A]][%{{.*}}, %{{.*}}] {padding = 1.000000e+00 : f16} : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<64x32xf16>
// CHECK: nv_tileaa.tiled_store %[[C]][%{{.*}}, %{{.*}}], %{{.*}} : !nv_tileaa.memref<100x60xf32, strides = [64, 1]>, tensor<32x32xf32>
// CHECK: %{{.*}} = nv_tileaa.tiled_atomic_rmw add, %[[C]][%{{.*}}, %{{.*}}], %{{.*}} : !nv_tileaa.memref<100x60xf32, strides = [64, 1]>, tensor<32x32xf32> -> tensor<32x32xf32>
nv_tileaa.func @tiled(%a: !nv_tileaa.ptr<f16>, %c: !nv_tileaa.ptr<f32>,
                      %d: !nv_tileaa.ptr<i32>, %m: i32, %k: i32, %ld: i32,
                      %i: i32, %j: i32, %x: tensor<32x32xf32>)
    -> (tensor<64x32xf16>, tensor<64x32xf16>, tensor<32x32xf32>) {
  %am = nv_tileaa.make_memref %a, sizes [%m, %k], strides [%ld]
      {base_align = 16 : i64, sizes_div_by = array<i64: 1, 8>, strides_div_by = array<i64: 8, 1>}
      : !nv_tileaa.ptr<f16> -> !nv_tileaa.memref<?x?xf16, strides = [?, 1]>
  %cm = nv_tileaa.make_memref %c, sizes [], strides []
      : !nv_tileaa.ptr<f32> -> !nv_tileaa.memref<100x60xf32, strides = [64, 1]>
  %dm = nv_tileaa.make_memref %d, sizes [%m], strides [%ld, %k]
      : !nv_tileaa.ptr<i32> -> !nv_tileaa.memref<2x?x3xi32, strides = [?, ?, 1]>
  %t = nv_tileaa.tiled_load %am[%i, %j] : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<64x32xf16>
  %p = nv_tileaa.tiled_load %am[%i, %j] {padding = 1.0 : f16} : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<64x32xf16>
  nv_tileaa.tiled_store %cm[%i, %j], %x : !nv_tileaa.memref<100x60xf32, strides = [64, 1]>, tensor<32x32xf32>
  %o = nv_tileaa.tiled_atomic_rmw add, %cm[%i, %j], %x : !nv_tileaa.memref<100x60xf32, strides = [64, 1]>, tensor<32x32xf32> -> tensor<32x32xf32>
  nv_tileaa.return %t, %p, %o : tensor<64x32xf16>, tensor<64x32xf16>, tensor<32x32xf32>
}
