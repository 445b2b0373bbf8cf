// extract (constant and dynamic slice numbers), batched mmaf/mmai,
// loads/stores with orderings other than weak, atomic_red_view_tko.
// RUN: tileiras-opt %s --convert-cuda-tile-to-tileaa | FileCheck %s

cuda_tile.module @kernels {
  // A constant slice number is one static extract_slice; a dynamic one a
  // binary tree of scf.if over the static slices (unsigned compares).
  // CHECK-LABEL: nv_tileaa.func @extract
  // CHECK: %[[C:.*]] = nv_tileaa.extract_slice %[[T:.*]] {offsets = array<i64: 4, 0>} : tensor<8x16xi32> -> tensor<4x16xi32>
  // CHECK: %[[LT2:.*]] = arith.cmpi ult, %[[J:.*]], %c2_i32
  // CHECK: scf.if %[[LT2]] -> (tensor<4x4xi32>) {
  // CHECK:   arith.cmpi ult, %[[J]], %c1_i32
  // CHECK:   nv_tileaa.extract_slice %[[C]] {offsets = array<i64: 0, 0>}
  // CHECK:   nv_tileaa.extract_slice %[[C]] {offsets = array<i64: 0, 4>}
  // CHECK: } else {
  // CHECK:   arith.cmpi ult, %[[J]], %c3_i32
  // CHECK:   nv_tileaa.extract_slice %[[C]] {offsets = array<i64: 0, 8>}
  // CHECK:   nv_tileaa.extract_slice %[[C]] {offsets = array<i64: 0, 12>}
  entry @extract(%j: tile<i32>) {
    %t = iota : tile<128xi32>
    %m = reshape %t : tile<128xi32> -> tile<8x16xi32>
    %one = constant <i32: 1> : tile<i32>
    %e = extract %m[%one, %j] : tile<8x16xi32> -> tile<4x4xi32>
    return
  }

  // CHECK-LABEL: nv_tileaa.func @batched
  // CHECK: nv_tileaa.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x16x8xf16>, tensor<2x8x16xf16>, tensor<2x16x16xf32> -> tensor<2x16x16xf32>
  // CHECK: nv_tileaa.dot %{{.*}}, %{{.*}}, %{{.*}} {signedness_a = #nv_tileaa.signedness<signed>, signedness_b = #nv_tileaa.signedness<unsigned>} : tensor<2x16x32xi8>, tensor<2x32x16xi8>, tensor<2x16x16xi32> -> tensor<2x16x16xi32>
  entry @batched() {
    %a = constant <f16: 1.0> : tile<2x16x8xf16>
    %b = constant <f16: 1.0> : tile<2x8x16xf16>
    %c = constant <f32: 0.0> : tile<2x16x16xf32>
    %d = mmaf %a, %b, %c : tile<2x16x8xf16>, tile<2x8x16xf16>, tile<2x16x16xf32>
    %ai = constant <i8: 1> : tile<2x16x32xi8>
    %bi = constant <i8: 1> : tile<2x32x16xi8>
    %ci = constant <i32: 0> : tile<2x16x16xi32>
    %di = mmai %ai, %bi, %ci signed unsigned : tile<2x16x32xi8>, tile<2x32x16xi8>, tile<2x16x16xi32>
    return
  }

  // CHECK-LABEL: nv_tileaa.func @ordered
  // CHECK: nv_tileaa.load %{{.*}} {mem_scope = #nv_tileaa.mem_scope<gpu>, mem_semantic = #nv_tileaa.mem_semantic<acquire>} : !nv_tileaa.ptr<f32> -> f32
  // CHECK: nv_tileaa.load %{{.*}}, %{{.*}}, %{{.*}} {mem_scope = #nv_tileaa.mem_scope<cta>, mem_semantic = #nv_tileaa.mem_semantic<relaxed>}
  // CHECK: nv_tileaa.store %{{.*}}, %{{.*}}, %{{.*}} {mem_scope = #nv_tileaa.mem_scope<sys>, mem_semantic = #nv_tileaa.mem_semantic<release>}
  // CHECK: nv_tileaa.store %{{.*}}, %{{.*}} {mem_scope = #nv_tileaa.mem_scope<gpu>, mem_semantic = #nv_tileaa.mem_semantic<relaxed>} : !nv_tileaa.ptr<f32>, f32
  entry @ordered(%p: tile<ptr<f32>>, %n: tile<i32>) {
    %v, %t0 = load_ptr_tko acquire device %p : tile<ptr<f32>> -> tile<f32>, token
    %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>
    %z = constant <i32: 0> : tile<i32>
    %w, %t1 = load_view_tko relaxed tl_blk %pv[%z] : partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
    %t2 = store_view_tko release sys %w, %pv[%z] : tile<64xf32>, partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    %t3 = store_ptr_tko relaxed device %p, %v : tile<ptr<f32>>, tile<f32> -> token
    return
  }

  // atomic_red_view_tko: the view's pointers and mask, a masked atomic_rmw.
  // CHECK-LABEL: nv_tileaa.func @red
  // CHECK: %[[M:.*]] = arith.andi
  // CHECK: %[[P:.*]] = nv_tileaa.addptr
  // CHECK: nv_tileaa.atomic_rmw addf, %[[P]], %{{.*}}, %[[M]] {mem_scope = #nv_tileaa.mem_scope<cta>, mem_semantic = #nv_tileaa.mem_semantic<relaxed>} : tensor<8x8x!nv_tileaa.ptr<f32>>, tensor<8x8xf32> -> tensor<8x8xf32>
  entry @red(%p: tile<ptr<f32>>, %n: tile<i32>) {
    %tv = make_tensor_view %p, shape = [%n, 32], strides = [32, 1] : tile<i32> -> tensor_view<?x32xf32, strides=[32,1]>
    %pv = make_partition_view %tv : partition_view<tile=(8x8), tensor_view<?x32xf32, strides=[32,1]>>
    %v = constant <f32: 1.0> : tile<8x8xf32>
    %z = constant <i32: 0> : tile<i32>
    %t = atomic_red_view_tko relaxed tl_blk %pv[%z, %z], addf, %v : tile<8x8xf32>, partition_view<tile=(8x8), tensor_view<?x32xf32, strides=[32,1]>>, tile<i32> -> token
    return
  }
}
