// Pointer casts and the masked compare-and-swap.
// RUN: tileiras-opt %s --convert-cuda-tile-to-tileaa | FileCheck %s

cuda_tile.module @kernels {
  // CHECK-LABEL: nv_tileaa.func @casts
  // CHECK: %[[A:.*]] = nv_tileaa.ptr_to_int %{{.*}} : !nv_tileaa.ptr<f32> -> i64
  // CHECK: nv_tileaa.int_to_ptr %[[A]] : i64 -> !nv_tileaa.ptr<i8>
  // CHECK: nv_tileaa.ptr_to_ptr %{{.*}} : tensor<8x!nv_tileaa.ptr<f32>> -> tensor<8x!nv_tileaa.ptr<i32>>
  entry @casts(%p: tile<ptr<f32>>) {
    %a = ptr_to_int %p : tile<ptr<f32>> -> tile<i64>
    %q = int_to_ptr %a : tile<i64> -> tile<ptr<i8>>
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<8xptr<f32>>
    %r = ptr_to_ptr %pb : tile<8xptr<f32>> -> tile<8xptr<i32>>
    return
  }

  // Masked-off lanes go to the largest enabled address with cmp as the new
  // value (a CAS that cannot change memory) and yield cmp; no enabled lane,
  // no atomic.
  // CHECK-LABEL: nv_tileaa.func @masked_cas
  // CHECK: %[[ADDR:.*]] = nv_tileaa.ptr_to_int %[[P:.*]] : tensor<8x!nv_tileaa.ptr<i32>> -> tensor<8xi64>
  // CHECK: %[[SEL:.*]] = arith.select %[[M:.*]], %[[ADDR]], %{{.*}} : tensor<8xi1>, tensor<8xi64>
  // CHECK: %[[MAX:.*]] = nv_tileaa.reduce %[[SEL]] {axis = 0 : i32} : tensor<8xi64> -> i64
  // CHECK: arith.maxui
  // CHECK: %[[ANY:.*]] = arith.cmpi ne, %[[MAX]], %{{.*}} : i64
  // CHECK: %[[R:.*]] = scf.if %[[ANY]] -> (tensor<8xi32>) {
  // CHECK:   %[[T:.*]] = nv_tileaa.int_to_ptr %[[MAX]] : i64 -> !nv_tileaa.ptr<i32>
  // CHECK:   %[[TS:.*]] = nv_tileaa.splat %[[T]]
  // CHECK:   %[[PP:.*]] = arith.select %[[M]], %[[P]], %[[TS]]
  // CHECK:   %[[NEW:.*]] = arith.select %[[M]], %[[V:.*]], %[[C:.*]] : tensor<8xi1>, tensor<8xi32>
  // CHECK:   %[[OLD:.*]] = nv_tileaa.atomic_cas %[[PP]], %[[C]], %[[NEW]] {mem_scope = #nv_tileaa.mem_scope<gpu>, mem_semantic = #nv_tileaa.mem_semantic<relaxed>}
  // CHECK:   %[[OUT:.*]] = arith.select %[[M]], %[[OLD]], %[[C]]
  // CHECK:   scf.yield %[[OUT]]
  // CHECK: } else {
  // CHECK:   scf.yield %[[C]]
  // CHECK-LABEL: nv_tileaa.func @masked_scalar_cas
  // CHECK: scf.if %{{.*}} -> (i32) {
  // CHECK:   nv_tileaa.atomic_cas
  entry @masked_cas(%p: tile<ptr<i32>>, %n: tile<i32>) {
    %r = iota : tile<8xi32>
    %p1 = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pb = broadcast %p1 : tile<1xptr<i32>> -> tile<8xptr<i32>>
    %ps = offset %pb, %r : tile<8xptr<i32>>, tile<8xi32> -> tile<8xptr<i32>>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<8xi32>
    %m = cmpi less_than %r, %nb, signed : tile<8xi32> -> tile<8xi1>
    %c = constant <i32: 0> : tile<8xi32>
    %o, %t = atomic_cas_tko relaxed device %ps, %c, %r, %m : tile<8xptr<i32>>, tile<8xi32>, tile<8xi1> -> tile<8xi32>, token
    return
  }

  entry @masked_scalar_cas(%p: tile<ptr<i32>>, %v: tile<i32>, %m: tile<i1>) {
    %o, %t = atomic_cas_tko acq_rel sys %p, %v, %v, %m : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
    return
  }
}
