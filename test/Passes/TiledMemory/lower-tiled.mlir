// tileaa-lower-tiled-memory rewrites the tiled ops into pointer tiles with
// bounds masks; the hints become assumes; the address arithmetic that does
// not depend on the loop leaves it.
// RUN: tileiras-opt %s --tileaa-lower-tiled-memory | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @load2d
// CHECK-SAME: (%[[BASE:.*]]: !nv_tileaa.ptr<f16>, %[[M:.*]]: i32, %[[K:.*]]: i32, %[[LD:.*]]: i32, %[[I:.*]]: i32, %[[J:.*]]: i32)
// CHECK-NOT: make_memref
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : i32
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : i32
// Rows: i * 64 + [0, 64), below M, times the leading dimension (div_by 8).
// CHECK: %[[R0:.*]] = arith.muli %[[I]], %[[C64]] : i32
// CHECK: %[[RR:.*]] = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
// CHECK: %[[RS:.*]] = nv_tileaa.splat %[[R0]] : i32 -> tensor<64xi32>
// CHECK: %[[ROWS:.*]] = arith.addi %[[RS]], %[[RR]] : tensor<64xi32>
// CHECK: %[[MS:.*]] = nv_tileaa.splat %[[M]] : i32 -> tensor<64xi32>
// CHECK: %[[ROK:.*]] = arith.cmpi ult, %[[ROWS]], %[[MS]] : tensor<64xi32>
// CHECK: %[[LD8:.*]] = nv_tileaa.assume %[[LD]] {div_by = 8 : i64} : i32
// CHECK: %[[LDS:.*]] = nv_tileaa.splat %[[LD8]] : i32 -> tensor<64xi32>
// CHECK: %[[ROFF:.*]] = arith.muli %[[ROWS]], %[[LDS]] : tensor<64xi32>
// CHECK: nv_tileaa.expand_dims %[[ROFF]] {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
// CHECK: nv_tileaa.broadcast %{{.*}} : tensor<64x1xi32> -> tensor<64x32xi32>
// CHECK: nv_tileaa.expand_dims %[[ROK]] {axis = 1 : i32} : tensor<64xi1> -> tensor<64x1xi1>
// Columns: j * 32 + [0, 32), below K (div_by 8), stride 1: no multiply.
// CHECK: %[[C0:.*]] = arith.muli %[[J]], %[[C32]] : i32
// CHECK: %[[K8:.*]] = nv_tileaa.assume %[[K]] {div_by = 8 : i64} : i32
// CHECK-NOT: arith.muli
// CHECK: nv_tileaa.expand_dims %{{.*}} {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
// CHECK: %[[OFFS:.*]] = arith.addi %{{.*}}, %{{.*}} : tensor<64x32xi32>
// CHECK: %[[MASK:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<64x32xi1>
// CHECK: %[[BS:.*]] = nv_tileaa.splat %[[BASE]] : !nv_tileaa.ptr<f16> -> tensor<64x32x!nv_tileaa.ptr<f16>>
// CHECK: %[[PTRS:.*]] = nv_tileaa.addptr %[[BS]], %[[OFFS]]
// CHECK: nv_tileaa.load %[[PTRS]], %[[MASK]] : tensor<64x32x!nv_tileaa.ptr<f16>> -> tensor<64x32xf16>
nv_tileaa.func @load2d(%a: !nv_tileaa.ptr<f16>, %m: i32, %k: i32, %ld: i32, %i: i32, %j: i32) -> tensor<64x32xf16> {
  %am = nv_tileaa.make_memref %a, sizes [%m, %k], strides [%ld]
      {sizes_div_by = array<i64: 1, 8>, strides_div_by = array<i64: 8, 1>}
      : !nv_tileaa.ptr<f16> -> !nv_tileaa.memref<?x?xf16, strides = [?, 1]>
  %t = nv_tileaa.tiled_load %am[%i, %j] : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<64x32xf16>
  nv_tileaa.return %t : tensor<64x32xf16>
}

// A non-zero padding is the load's `other`; zero padding is no `other`.
// Static sizes and strides are constants; base_align is an assume on the
// base pointer.
// CHECK-LABEL: nv_tileaa.func @padding
// CHECK-DAG: %[[PAD:.*]] = arith.constant dense<-1.000000e+00> : tensor<16xf32>
// CHECK-DAG: %[[C100:.*]] = arith.constant 100 : i32
// CHECK: %[[SIZE:.*]] = nv_tileaa.splat %[[C100]] : i32 -> tensor<16xi32>
// CHECK: arith.cmpi ult, %{{.*}}, %[[SIZE]] : tensor<16xi32>
// CHECK: %[[AL:.*]] = nv_tileaa.assume %{{.*}} {div_by = 16 : i64} : !nv_tileaa.ptr<f32>
// CHECK: nv_tileaa.splat %[[AL]]
// CHECK: nv_tileaa.load %{{.*}}, %{{.*}}, %[[PAD]] : tensor<16x!nv_tileaa.ptr<f32>> -> tensor<16xf32>
// CHECK: nv_tileaa.load %{{.*}}, %{{[^,]*}} : tensor<16x!nv_tileaa.ptr<f32>> -> tensor<16xf32>
nv_tileaa.func @padding(%p: !nv_tileaa.ptr<f32>, %i: i32) -> (tensor<16xf32>, tensor<16xf32>) {
  %m = nv_tileaa.make_memref %p, sizes [], strides [] {base_align = 16 : i64}
      : !nv_tileaa.ptr<f32> -> !nv_tileaa.memref<100xf32, strides = [1]>
  %a = nv_tileaa.tiled_load %m[%i] {padding = -1.0 : f32} : !nv_tileaa.memref<100xf32, strides = [1]> -> tensor<16xf32>
  %b = nv_tileaa.tiled_load %m[%i] {padding = 0.0 : f32} : !nv_tileaa.memref<100xf32, strides = [1]> -> tensor<16xf32>
  nv_tileaa.return %a, %b : tensor<16xf32>, tensor<16xf32>
}

// Stores and atomics are masked the same way. Rank 3: three dimension parts.
// CHECK-LABEL: nv_tileaa.func @store_atomic
// CHECK: nv_tileaa.expand_dims %{{.*}} {axis = 1 : i32} : tensor<2xi32> -> tensor<2x1xi32>
// CHECK: nv_tileaa.expand_dims %{{.*}} {axis = 2 : i32} : tensor<2x1xi32> -> tensor<2x1x1xi32>
// CHECK: nv_tileaa.broadcast %{{.*}} : tensor<2x1x1xi32> -> tensor<2x4x8xi32>
// CHECK: nv_tileaa.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x4x8x!nv_tileaa.ptr<i32>>, tensor<2x4x8xi32>
// CHECK: nv_tileaa.atomic_rmw add, %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x4x8x!nv_tileaa.ptr<i32>>, tensor<2x4x8xi32> -> tensor<2x4x8xi32>
nv_tileaa.func @store_atomic(%p: !nv_tileaa.ptr<i32>, %n: i32, %s0: i32, %s1: i32, %i: i32, %x: tensor<2x4x8xi32>) -> tensor<2x4x8xi32> {
  %m = nv_tileaa.make_memref %p, sizes [%n, %n, %n], strides [%s0, %s1]
      : !nv_tileaa.ptr<i32> -> !nv_tileaa.memref<?x?x?xi32, strides = [?, ?, 1]>
  nv_tileaa.tiled_store %m[%i, %i, %i], %x : !nv_tileaa.memref<?x?x?xi32, strides = [?, ?, 1]>, tensor<2x4x8xi32>
  %o = nv_tileaa.tiled_atomic_rmw add, %m[%i, %i, %i], %x : !nv_tileaa.memref<?x?x?xi32, strides = [?, ?, 1]>, tensor<2x4x8xi32> -> tensor<2x4x8xi32>
  nv_tileaa.return %o : tensor<2x4x8xi32>
}

// In a K loop only the column part (from the induction variable) stays in
// the loop; the row part and the base splat are hoisted.
// CHECK-LABEL: nv_tileaa.func @loop
// CHECK: nv_tileaa.make_range {start = 0 : i32, end = 64 : i32}
// CHECK: arith.cmpi ult, %{{.*}} : tensor<64xi32>
// CHECK: nv_tileaa.splat %{{.*}} : !nv_tileaa.ptr<f16> -> tensor<64x32x!nv_tileaa.ptr<f16>>
// CHECK: scf.for
// CHECK-NOT: tensor<64xi32>
// CHECK: arith.cmpi ult, %{{.*}} : tensor<32xi32>
// CHECK-NOT: tensor<64xi32>
// CHECK: nv_tileaa.load
// CHECK: scf.yield
nv_tileaa.func @loop(%a: !nv_tileaa.ptr<f16>, %m: i32, %k: i32, %ld: i32, %i: i32, %acc: tensor<64x32xf16>) -> tensor<64x32xf16> {
  %am = nv_tileaa.make_memref %a, sizes [%m, %k], strides [%ld]
      : !nv_tileaa.ptr<f16> -> !nv_tileaa.memref<?x?xf16, strides = [?, 1]>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %kt = %c0 to %k step %c1 iter_args(%s = %acc) -> (tensor<64x32xf16>) : i32 {
    %t = nv_tileaa.tiled_load %am[%i, %kt] : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<64x32xf16>
    %n = arith.addf %s, %t : tensor<64x32xf16>
    scf.yield %n : tensor<64x32xf16>
  }
  nv_tileaa.return %r : tensor<64x32xf16>
}

// A tiled_load used only by a permute becomes a load of the permuted
// pointers and mask (attention's K^T): the tile is loaded in the order the
// dot uses it, so the pipeliner can copy it ahead.
// CHECK-LABEL: nv_tileaa.func @permuted
// CHECK-DAG: %[[P:.*]] = nv_tileaa.permute %{{.*}} {order = array<i32: 1, 0>} : tensor<32x64x!nv_tileaa.ptr<f16>> -> tensor<64x32x!nv_tileaa.ptr<f16>>
// CHECK-DAG: %[[M:.*]] = nv_tileaa.permute %{{.*}} {order = array<i32: 1, 0>} : tensor<32x64xi1> -> tensor<64x32xi1>
// CHECK: %[[L:.*]] = nv_tileaa.load %[[P]], %[[M]] : tensor<64x32x!nv_tileaa.ptr<f16>> -> tensor<64x32xf16>
// CHECK-NEXT: nv_tileaa.return %[[L]]
nv_tileaa.func @permuted(%a: !nv_tileaa.ptr<f16>, %m: i32, %i: i32) -> tensor<64x32xf16> {
  %c0 = arith.constant 0 : i32
  %am = nv_tileaa.make_memref %a, sizes [%m], strides []
      : !nv_tileaa.ptr<f16> -> !nv_tileaa.memref<?x64xf16, strides = [64, 1]>
  %t = nv_tileaa.tiled_load %am[%i, %c0] : !nv_tileaa.memref<?x64xf16, strides = [64, 1]> -> tensor<32x64xf16>
  %p = nv_tileaa.permute %t {order = array<i32: 1, 0>} : tensor<32x64xf16> -> tensor<64x32xf16>
  nv_tileaa.return %p : tensor<64x32xf16>
}
