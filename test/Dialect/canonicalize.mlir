// Folds and canonicalization patterns of nv_tileaa, with the cases where they
// must not fire.
// RUN: tileiras-opt %s -split-input-file -canonicalize | FileCheck %s

//===----------------------------------------------------------------------===//
// addptr
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @addptr_chain
// CHECK-SAME: (%[[P:.*]]: tensor<128x!nv_tileaa.ptr<f32>>, %[[A:.*]]: tensor<128xi32>, %[[B:.*]]: tensor<128xi32>)
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[A]], %[[B]] overflow<nsw> : tensor<128xi32>
// CHECK-NEXT: %[[R:.*]] = nv_tileaa.addptr %[[P]], %[[S]] : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
// CHECK-NEXT: return %[[R]]
func.func @addptr_chain(%p: tensor<128x!nv_tileaa.ptr<f32>>, %a: tensor<128xi32>, %b: tensor<128xi32>) -> tensor<128x!nv_tileaa.ptr<f32>> {
  %0 = nv_tileaa.addptr %p, %a : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  %1 = nv_tileaa.addptr %0, %b : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  return %1 : tensor<128x!nv_tileaa.ptr<f32>>
}

// CHECK-LABEL: func.func @addptr_chain3
// CHECK-SAME: (%[[P:.*]]: !nv_tileaa.ptr<f16, 3>, %[[A:.*]]: i64)
// CHECK: %[[S1:.*]] = arith.addi %[[A]], %[[A]] overflow<nsw> : i64
// CHECK: %[[S2:.*]] = arith.addi %[[S1]], %[[A]] overflow<nsw> : i64
// CHECK: %[[R:.*]] = nv_tileaa.addptr %[[P]], %[[S2]] : !nv_tileaa.ptr<f16, 3>, i64
// CHECK-NOT: nv_tileaa.addptr
// CHECK: return %[[R]]
func.func @addptr_chain3(%p: !nv_tileaa.ptr<f16, 3>, %a: i64) -> !nv_tileaa.ptr<f16, 3> {
  %0 = nv_tileaa.addptr %p, %a : !nv_tileaa.ptr<f16, 3>, i64
  %1 = nv_tileaa.addptr %0, %a : !nv_tileaa.ptr<f16, 3>, i64
  %2 = nv_tileaa.addptr %1, %a : !nv_tileaa.ptr<f16, 3>, i64
  return %2 : !nv_tileaa.ptr<f16, 3>
}

// Offsets of different types are not combined.
// CHECK-LABEL: func.func @addptr_chain_mixed
// CHECK: %[[X:.*]] = nv_tileaa.addptr %{{.*}}, %{{.*}} : !nv_tileaa.ptr<f32>, i32
// CHECK: nv_tileaa.addptr %[[X]], %{{.*}} : !nv_tileaa.ptr<f32>, i64
// CHECK-NOT: arith.addi
func.func @addptr_chain_mixed(%p: !nv_tileaa.ptr<f32>, %a: i32, %b: i64) -> !nv_tileaa.ptr<f32> {
  %0 = nv_tileaa.addptr %p, %a : !nv_tileaa.ptr<f32>, i32
  %1 = nv_tileaa.addptr %0, %b : !nv_tileaa.ptr<f32>, i64
  return %1 : !nv_tileaa.ptr<f32>
}

// Constant offsets are summed by the arith folder.
// CHECK-LABEL: func.func @addptr_chain_constants
// CHECK: %[[C:.*]] = arith.constant dense<48> : tensor<128xi32>
// CHECK: nv_tileaa.addptr %{{.*}}, %[[C]]
// CHECK-NOT: nv_tileaa.addptr
func.func @addptr_chain_constants(%p: tensor<128x!nv_tileaa.ptr<f32>>) -> tensor<128x!nv_tileaa.ptr<f32>> {
  %c16 = arith.constant dense<16> : tensor<128xi32>
  %c32 = arith.constant dense<32> : tensor<128xi32>
  %0 = nv_tileaa.addptr %p, %c16 : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  %1 = nv_tileaa.addptr %0, %c32 : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  return %1 : tensor<128x!nv_tileaa.ptr<f32>>
}

// CHECK-LABEL: func.func @addptr_zero
// CHECK-SAME: (%[[P:.*]]: tensor<128x!nv_tileaa.ptr<f32>>)
// CHECK-NEXT: return %[[P]]
func.func @addptr_zero(%p: tensor<128x!nv_tileaa.ptr<f32>>) -> tensor<128x!nv_tileaa.ptr<f32>> {
  %z = arith.constant dense<0> : tensor<128xi32>
  %0 = nv_tileaa.addptr %p, %z : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  return %0 : tensor<128x!nv_tileaa.ptr<f32>>
}

// CHECK-LABEL: func.func @addptr_nonzero
// CHECK: nv_tileaa.addptr
func.func @addptr_nonzero(%p: !nv_tileaa.ptr<f32>) -> !nv_tileaa.ptr<f32> {
  %c = arith.constant 1 : i32
  %0 = nv_tileaa.addptr %p, %c : !nv_tileaa.ptr<f32>, i32
  return %0 : !nv_tileaa.ptr<f32>
}

// -----

//===----------------------------------------------------------------------===//
// Splat sinking and shape folds
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @splat_constant
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<7> : tensor<128xi32>
// CHECK-NEXT: return %[[C]]
func.func @splat_constant() -> tensor<128xi32> {
  %c = arith.constant 7 : i32
  %0 = nv_tileaa.splat %c : i32 -> tensor<128xi32>
  return %0 : tensor<128xi32>
}

// CHECK-LABEL: func.func @view_of_splat
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK-NEXT: %[[S:.*]] = nv_tileaa.splat %[[X]] : f32 -> tensor<128xf32>
// CHECK-NEXT: return %[[S]]
func.func @view_of_splat(%x: f32) -> tensor<128xf32> {
  %0 = nv_tileaa.splat %x : f32 -> tensor<64x2xf32>
  %1 = nv_tileaa.view %0 : tensor<64x2xf32> -> tensor<128xf32>
  return %1 : tensor<128xf32>
}

// CHECK-LABEL: func.func @broadcast_of_splat
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK-NEXT: %[[S:.*]] = nv_tileaa.splat %[[X]] : f32 -> tensor<64x128xf32>
// CHECK-NEXT: return %[[S]]
func.func @broadcast_of_splat(%x: f32) -> tensor<64x128xf32> {
  %0 = nv_tileaa.splat %x : f32 -> tensor<1x128xf32>
  %1 = nv_tileaa.broadcast %0 : tensor<1x128xf32> -> tensor<64x128xf32>
  return %1 : tensor<64x128xf32>
}

// CHECK-LABEL: func.func @expand_dims_of_splat
// CHECK-SAME: (%[[X:.*]]: !nv_tileaa.ptr<f32>)
// CHECK-NEXT: %[[S:.*]] = nv_tileaa.splat %[[X]] : !nv_tileaa.ptr<f32> -> tensor<1x128x!nv_tileaa.ptr<f32>>
// CHECK-NEXT: return %[[S]]
func.func @expand_dims_of_splat(%x: !nv_tileaa.ptr<f32>) -> tensor<1x128x!nv_tileaa.ptr<f32>> {
  %0 = nv_tileaa.splat %x : !nv_tileaa.ptr<f32> -> tensor<128x!nv_tileaa.ptr<f32>>
  %1 = nv_tileaa.expand_dims %0 {axis = 0 : i32} : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<1x128x!nv_tileaa.ptr<f32>>
  return %1 : tensor<1x128x!nv_tileaa.ptr<f32>>
}

// CHECK-LABEL: func.func @permute_of_splat
// CHECK-NEXT: nv_tileaa.splat %{{.*}} : i32 -> tensor<32x64xi32>
// CHECK-NEXT: return
func.func @permute_of_splat(%x: i32) -> tensor<32x64xi32> {
  %0 = nv_tileaa.splat %x : i32 -> tensor<64x32xi32>
  %1 = nv_tileaa.permute %0 {order = array<i32: 1, 0>} : tensor<64x32xi32> -> tensor<32x64xi32>
  return %1 : tensor<32x64xi32>
}

// CHECK-LABEL: func.func @extract_slice_of_splat
// CHECK-NEXT: nv_tileaa.splat %{{.*}} : i32 -> tensor<64x16xi32>
// CHECK-NEXT: return
func.func @extract_slice_of_splat(%x: i32) -> tensor<64x16xi32> {
  %0 = nv_tileaa.splat %x : i32 -> tensor<64x32xi32>
  %1 = nv_tileaa.extract_slice %0 {offsets = array<i64: 0, 16>} : tensor<64x32xi32> -> tensor<64x16xi32>
  return %1 : tensor<64x16xi32>
}

// The sunk splat keeps the result type, encoding included.
// CHECK-LABEL: func.func @sink_keeps_encoding
// CHECK-NEXT: nv_tileaa.splat %{{.*}} : f32 -> tensor<64x128xf32, "enc">
func.func @sink_keeps_encoding(%x: f32) -> tensor<64x128xf32, "enc"> {
  %0 = nv_tileaa.splat %x : f32 -> tensor<1x128xf32>
  %1 = nv_tileaa.broadcast %0 : tensor<1x128xf32> -> tensor<64x128xf32, "enc">
  return %1 : tensor<64x128xf32, "enc">
}

// A chain of shape ops on a splat collapses to one splat.
// CHECK-LABEL: func.func @splat_chain
// CHECK-NEXT: %[[S:.*]] = nv_tileaa.splat %{{.*}} : f32 -> tensor<64x128xf32>
// CHECK-NEXT: return %[[S]]
func.func @splat_chain(%x: f32) -> tensor<64x128xf32> {
  %0 = nv_tileaa.splat %x : f32 -> tensor<128xf32>
  %1 = nv_tileaa.expand_dims %0 {axis = 0 : i32} : tensor<128xf32> -> tensor<1x128xf32>
  %2 = nv_tileaa.broadcast %1 : tensor<1x128xf32> -> tensor<64x128xf32>
  return %2 : tensor<64x128xf32>
}

// Constant splats fold through the shape ops.
// CHECK-LABEL: func.func @constant_through_shapes
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<2.500000e+00> : tensor<64x128xf32>
// CHECK-NEXT: return %[[C]]
func.func @constant_through_shapes() -> tensor<64x128xf32> {
  %c = arith.constant dense<2.5> : tensor<128xf32>
  %1 = nv_tileaa.expand_dims %c {axis = 0 : i32} : tensor<128xf32> -> tensor<1x128xf32>
  %2 = nv_tileaa.broadcast %1 : tensor<1x128xf32> -> tensor<64x128xf32>
  return %2 : tensor<64x128xf32>
}

// A non-splat constant is reshaped by view.
// CHECK-LABEL: func.func @view_dense_constant
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<{{\[}}[0, 1], [2, 3]]> : tensor<2x2xi32>
// CHECK-NEXT: return %[[C]]
func.func @view_dense_constant() -> tensor<2x2xi32> {
  %c = arith.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  %0 = nv_tileaa.view %c : tensor<4xi32> -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// CHECK-LABEL: func.func @nested_view
// CHECK-SAME: (%[[X:.*]]: tensor<64x2xf32>)
// CHECK-NEXT: %[[V:.*]] = nv_tileaa.view %[[X]] : tensor<64x2xf32> -> tensor<2x64xf32>
// CHECK-NEXT: return %[[V]]
func.func @nested_view(%x: tensor<64x2xf32>) -> tensor<2x64xf32> {
  %0 = nv_tileaa.view %x : tensor<64x2xf32> -> tensor<128xf32>
  %1 = nv_tileaa.view %0 : tensor<128xf32> -> tensor<2x64xf32>
  return %1 : tensor<2x64xf32>
}

// CHECK-LABEL: func.func @view_roundtrip
// CHECK-SAME: (%[[X:.*]]: tensor<64x2xf32>)
// CHECK-NEXT: return %[[X]]
func.func @view_roundtrip(%x: tensor<64x2xf32>) -> tensor<64x2xf32> {
  %0 = nv_tileaa.view %x : tensor<64x2xf32> -> tensor<128xf32>
  %1 = nv_tileaa.view %0 : tensor<128xf32> -> tensor<64x2xf32>
  return %1 : tensor<64x2xf32>
}

// Identity shape ops fold away.
// CHECK-LABEL: func.func @identities
// CHECK-SAME: (%[[X:.*]]: tensor<64x32xf32>)
// CHECK-NEXT: return %[[X]], %[[X]], %[[X]], %[[X]]
func.func @identities(%x: tensor<64x32xf32>) -> (tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xf32>) {
  %0 = nv_tileaa.view %x : tensor<64x32xf32> -> tensor<64x32xf32>
  %1 = nv_tileaa.broadcast %x : tensor<64x32xf32> -> tensor<64x32xf32>
  %2 = nv_tileaa.permute %x {order = array<i32: 0, 1>} : tensor<64x32xf32> -> tensor<64x32xf32>
  %3 = nv_tileaa.extract_slice %x {offsets = array<i64: 0, 0>} : tensor<64x32xf32> -> tensor<64x32xf32>
  return %0, %1, %2, %3 : tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xf32>, tensor<64x32xf32>
}

// Shape ops of non-splat values stay.
// CHECK-LABEL: func.func @no_sinking
// CHECK: nv_tileaa.expand_dims
// CHECK: nv_tileaa.broadcast
// CHECK: nv_tileaa.permute
// CHECK: nv_tileaa.extract_slice
// CHECK: nv_tileaa.view
func.func @no_sinking(%x: tensor<128xf32>) -> tensor<128xf32> {
  %1 = nv_tileaa.expand_dims %x {axis = 0 : i32} : tensor<128xf32> -> tensor<1x128xf32>
  %2 = nv_tileaa.broadcast %1 : tensor<1x128xf32> -> tensor<64x128xf32>
  %3 = nv_tileaa.permute %2 {order = array<i32: 1, 0>} : tensor<64x128xf32> -> tensor<128x64xf32>
  %4 = nv_tileaa.extract_slice %3 {offsets = array<i64: 0, 0>} : tensor<128x64xf32> -> tensor<128x1xf32>
  %5 = nv_tileaa.view %4 : tensor<128x1xf32> -> tensor<128xf32>
  return %5 : tensor<128xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Constant masks
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @load_true_mask
// CHECK-SAME: (%[[P:.*]]: tensor<128x!nv_tileaa.ptr<f32>>
// CHECK-NEXT: %[[X:.*]] = nv_tileaa.load %[[P]] {cache_modifier = #nv_tileaa.cache_modifier<cg>} : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
// CHECK-NEXT: return %[[X]]
func.func @load_true_mask(%p: tensor<128x!nv_tileaa.ptr<f32>>, %o: tensor<128xf32>) -> tensor<128xf32> {
  %m = arith.constant dense<true> : tensor<128xi1>
  %x = nv_tileaa.load %p, %m, %o {cache_modifier = #nv_tileaa.cache_modifier<cg>} : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  return %x : tensor<128xf32>
}

// A splat of a constant true is a constant true mask.
// CHECK-LABEL: func.func @load_splat_true_mask
// CHECK: nv_tileaa.load %{{.*}} : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
func.func @load_splat_true_mask(%p: tensor<128x!nv_tileaa.ptr<f32>>) -> tensor<128xf32> {
  %t = arith.constant true
  %m = nv_tileaa.splat %t : i1 -> tensor<128xi1>
  %x = nv_tileaa.load %p, %m : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  return %x : tensor<128xf32>
}

// CHECK-LABEL: func.func @load_false_mask_other
// CHECK-SAME: (%[[P:.*]]: tensor<128x!nv_tileaa.ptr<f32>>, %[[O:.*]]: tensor<128xf32>)
// CHECK-NEXT: return %[[O]]
func.func @load_false_mask_other(%p: tensor<128x!nv_tileaa.ptr<f32>>, %o: tensor<128xf32>) -> tensor<128xf32> {
  %m = arith.constant dense<false> : tensor<128xi1>
  %x = nv_tileaa.load %p, %m, %o : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  return %x : tensor<128xf32>
}

// CHECK-LABEL: func.func @load_false_mask_zero
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0> : tensor<128xi16>
// CHECK-NEXT: return %[[Z]]
func.func @load_false_mask_zero(%p: tensor<128x!nv_tileaa.ptr<i16>>) -> tensor<128xi16> {
  %m = arith.constant dense<false> : tensor<128xi1>
  %x = nv_tileaa.load %p, %m : tensor<128x!nv_tileaa.ptr<i16>> -> tensor<128xi16>
  return %x : tensor<128xi16>
}

// CHECK-LABEL: func.func @load_false_mask_scalar
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: return %[[Z]]
func.func @load_false_mask_scalar(%p: !nv_tileaa.ptr<f32>) -> f32 {
  %m = arith.constant false
  %x = nv_tileaa.load %p, %m : !nv_tileaa.ptr<f32> -> f32
  return %x : f32
}

// A mask that is not constant, or constant but not uniform, stays.
// CHECK-LABEL: func.func @load_mask_kept
// CHECK: nv_tileaa.load %{{.*}}, %{{.*}}, %{{.*}} :
// CHECK: nv_tileaa.load %{{.*}}, %{{.*}} :
func.func @load_mask_kept(%p: tensor<4x!nv_tileaa.ptr<f32>>, %m: tensor<4xi1>, %o: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %x = nv_tileaa.load %p, %m, %o : tensor<4x!nv_tileaa.ptr<f32>> -> tensor<4xf32>
  %c = arith.constant dense<[true, false, true, true]> : tensor<4xi1>
  %y = nv_tileaa.load %p, %c : tensor<4x!nv_tileaa.ptr<f32>> -> tensor<4xf32>
  return %x, %y : tensor<4xf32>, tensor<4xf32>
}

// An unused plain load is dead (it only reads memory).
// CHECK-LABEL: func.func @dead_load
// CHECK-NEXT: return
func.func @dead_load(%p: tensor<4x!nv_tileaa.ptr<f32>>) {
  %x = nv_tileaa.load %p : tensor<4x!nv_tileaa.ptr<f32>> -> tensor<4xf32>
  return
}

// An acquire load orders memory and is kept even when unused.
// CHECK-LABEL: func.func @acquire_load_kept
// CHECK-NEXT: nv_tileaa.load
func.func @acquire_load_kept(%p: !nv_tileaa.ptr<i32>) {
  %x = nv_tileaa.load %p {mem_semantic = #nv_tileaa.mem_semantic<acquire>, mem_scope = #nv_tileaa.mem_scope<gpu>} : !nv_tileaa.ptr<i32> -> i32
  return
}

// CHECK-LABEL: func.func @store_true_mask
// CHECK-NEXT: nv_tileaa.store %{{.*}}, %{{.*}} {eviction_policy = #nv_tileaa.eviction_policy<last>} : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
// CHECK-NEXT: return
func.func @store_true_mask(%p: tensor<128x!nv_tileaa.ptr<f32>>, %v: tensor<128xf32>) {
  %m = arith.constant dense<true> : tensor<128xi1>
  nv_tileaa.store %p, %v, %m {eviction_policy = #nv_tileaa.eviction_policy<last>} : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
  return
}

// CHECK-LABEL: func.func @store_false_mask
// CHECK-NEXT: return
func.func @store_false_mask(%p: !nv_tileaa.ptr<f32>, %v: f32) {
  %m = arith.constant false
  nv_tileaa.store %p, %v, %m : !nv_tileaa.ptr<f32>, f32
  return
}

// CHECK-LABEL: func.func @store_mask_kept
// CHECK: nv_tileaa.store %{{.*}}, %{{.*}}, %{{.*}} :
func.func @store_mask_kept(%p: !nv_tileaa.ptr<f32>, %v: f32, %m: i1) {
  nv_tileaa.store %p, %v, %m : !nv_tileaa.ptr<f32>, f32
  return
}

// -----

//===----------------------------------------------------------------------===//
// Float constant folding
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @fold_scalar
// CHECK-DAG: %[[A:.*]] = arith.constant 3.500000e+00 : f32
// CHECK-DAG: %[[S:.*]] = arith.constant -5.000000e-01 : f32
// CHECK-DAG: %[[M:.*]] = arith.constant 3.000000e+00 : f32
// CHECK-DAG: %[[D:.*]] = arith.constant 7.500000e-01 : f32
// CHECK-DAG: %[[F:.*]] = arith.constant 5.000000e+00 : f32
// CHECK: return %[[A]], %[[S]], %[[M]], %[[D]], %[[F]]
func.func @fold_scalar() -> (f32, f32, f32, f32, f32) {
  %a = arith.constant 1.5 : f32
  %b = arith.constant 2.0 : f32
  %0 = nv_tileaa.addf %a, %b : f32
  %1 = nv_tileaa.subf %a, %b : f32
  %2 = nv_tileaa.mulf %a, %b : f32
  %3 = nv_tileaa.divf %a, %b : f32
  %4 = nv_tileaa.fma %a, %b, %b : f32
  return %0, %1, %2, %3, %4 : f32, f32, f32, f32, f32
}

// CHECK-LABEL: func.func @fold_splat
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<6.000000e+00> : tensor<128xf16>
// CHECK-NEXT: return %[[C]]
func.func @fold_splat() -> tensor<128xf16> {
  %a = arith.constant dense<2.0> : tensor<128xf16>
  %b = arith.constant dense<3.0> : tensor<128xf16>
  %0 = nv_tileaa.mulf %a, %b : tensor<128xf16>
  return %0 : tensor<128xf16>
}

// CHECK-LABEL: func.func @fold_dense
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<[1.100000e+01, 2.200000e+01, 3.300000e+01, 4.400000e+01]> : tensor<4xf32>
// CHECK-NEXT: return %[[C]]
func.func @fold_dense() -> tensor<4xf32> {
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %b = arith.constant dense<[10.0, 20.0, 30.0, 40.0]> : tensor<4xf32>
  %0 = nv_tileaa.addf %a, %b : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @fold_fma_dense
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<[3.000000e+00, 7.000000e+00]> : tensor<2xf64>
func.func @fold_fma_dense() -> tensor<2xf64> {
  %a = arith.constant dense<[1.0, 2.0]> : tensor<2xf64>
  %b = arith.constant dense<[2.0, 3.0]> : tensor<2xf64>
  %c = arith.constant dense<1.0> : tensor<2xf64>
  %0 = nv_tileaa.fma %a, %b, %c : tensor<2xf64>
  return %0 : tensor<2xf64>
}

// The rounding mode is honoured: 1 / 3 rounded toward +inf and toward -inf.
// CHECK-LABEL: func.func @fold_rounding
// CHECK-DAG: arith.constant 0.333333343 : f32
// CHECK-DAG: arith.constant 0.333333313 : f32
func.func @fold_rounding() -> (f32, f32) {
  %a = arith.constant 1.0 : f32
  %b = arith.constant 3.0 : f32
  %0 = nv_tileaa.divf %a, %b {rounding_mode = #nv_tileaa.rounding<rp>} : f32
  %1 = nv_tileaa.divf %a, %b {rounding_mode = #nv_tileaa.rounding<rm>} : f32
  return %0, %1 : f32, f32
}

// Approximate division is not folded.
// CHECK-LABEL: func.func @no_fold_approx
// CHECK: nv_tileaa.divf %{{.*}}, %{{.*}} {rounding_mode = #nv_tileaa.rounding<approx>}
func.func @no_fold_approx() -> f32 {
  %a = arith.constant 1.0 : f32
  %b = arith.constant 3.0 : f32
  %0 = nv_tileaa.divf %a, %b {rounding_mode = #nv_tileaa.rounding<approx>} : f32
  return %0 : f32
}

// Non-constant operands are not folded.
// CHECK-LABEL: func.func @no_fold_variable
// CHECK: nv_tileaa.addf
func.func @no_fold_variable(%x: f32) -> f32 {
  %a = arith.constant 1.0 : f32
  %0 = nv_tileaa.addf %a, %x : f32
  return %0 : f32
}

// -----

//===----------------------------------------------------------------------===//
// fp_to_fp
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @fp_to_fp_exact
// CHECK-DAG: arith.constant dense<1.500000e+00> : tensor<128xf16>
// CHECK-DAG: arith.constant 2.500000e-01 : f64
// CHECK-DAG: arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf8E4M3FN>
func.func @fp_to_fp_exact() -> (tensor<128xf16>, f64, tensor<2xf8E4M3FN>) {
  %a = arith.constant dense<1.5> : tensor<128xf32>
  %0 = nv_tileaa.fp_to_fp %a : tensor<128xf32> -> tensor<128xf16>
  %b = arith.constant 0.25 : f32
  %1 = nv_tileaa.fp_to_fp %b : f32 -> f64
  %c = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %2 = nv_tileaa.fp_to_fp %c : tensor<2xf32> -> tensor<2xf8E4M3FN>
  return %0, %1, %2 : tensor<128xf16>, f64, tensor<2xf8E4M3FN>
}

// 0.1 is not representable in f16 and 1e6 overflows f8E4M3FN: not folded.
// CHECK-LABEL: func.func @fp_to_fp_inexact
// CHECK: nv_tileaa.fp_to_fp %{{.*}} : f32 -> f16
// CHECK: nv_tileaa.fp_to_fp %{{.*}} : f32 -> f8E4M3FN
func.func @fp_to_fp_inexact() -> (f16, f8E4M3FN) {
  %a = arith.constant 0.1 : f32
  %0 = nv_tileaa.fp_to_fp %a : f32 -> f16
  %b = arith.constant 1.0e6 : f32
  %1 = nv_tileaa.fp_to_fp %b : f32 -> f8E4M3FN
  return %0, %1 : f16, f8E4M3FN
}

// CHECK-LABEL: func.func @fp_to_fp_identity
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT: return %[[X]]
func.func @fp_to_fp_identity(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = nv_tileaa.fp_to_fp %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// dot
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @dot_zero_a
// CHECK-SAME: (%[[B:.*]]: tensor<32x64xf16>, %[[C:.*]]: tensor<64x64xf32>)
// CHECK-NEXT: return %[[C]]
func.func @dot_zero_a(%b: tensor<32x64xf16>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %a = arith.constant dense<0.0> : tensor<64x32xf16>
  %d = nv_tileaa.dot %a, %b, %c : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
  return %d : tensor<64x64xf32>
}

// CHECK-LABEL: func.func @dot_zero_b_int
// CHECK-SAME: (%[[A:.*]]: tensor<16x16xi8>, %[[C:.*]]: tensor<16x16xi32>)
// CHECK-NEXT: return %[[C]]
func.func @dot_zero_b_int(%a: tensor<16x16xi8>, %c: tensor<16x16xi32>) -> tensor<16x16xi32> {
  %z = arith.constant 0 : i8
  %b = nv_tileaa.splat %z : i8 -> tensor<16x16xi8>
  %d = nv_tileaa.dot %a, %b, %c {signedness_a = #nv_tileaa.signedness<signed>, signedness_b = #nv_tileaa.signedness<signed>} : tensor<16x16xi8>, tensor<16x16xi8>, tensor<16x16xi32> -> tensor<16x16xi32>
  return %d : tensor<16x16xi32>
}

// With propagate_nan, 0 * NaN must stay NaN: no fold.
// CHECK-LABEL: func.func @dot_zero_propagate_nan
// CHECK: nv_tileaa.dot
func.func @dot_zero_propagate_nan(%b: tensor<32x64xf16>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %a = arith.constant dense<0.0> : tensor<64x32xf16>
  %d = nv_tileaa.dot %a, %b, %c {propagate_nan} : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
  return %d : tensor<64x64xf32>
}

// CHECK-LABEL: func.func @dot_nonzero
// CHECK: nv_tileaa.dot
func.func @dot_nonzero(%b: tensor<32x64xf16>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %a = arith.constant dense<1.0> : tensor<64x32xf16>
  %d = nv_tileaa.dot %a, %b, %c : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
  return %d : tensor<64x64xf32>
}

// The accumulator is only forwarded when it has the result type.
// CHECK-LABEL: func.func @dot_zero_encoding
// CHECK: nv_tileaa.dot
func.func @dot_zero_encoding(%b: tensor<32x64xf16>, %c: tensor<64x64xf32>) -> tensor<64x64xf32, "enc"> {
  %a = arith.constant dense<0.0> : tensor<64x32xf16>
  %d = nv_tileaa.dot %a, %b, %c : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32, "enc">
  return %d : tensor<64x64xf32, "enc">
}

// -----

//===----------------------------------------------------------------------===//
// assert, tokens
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @assert_true
// CHECK-NEXT: return
func.func @assert_true() {
  %t = arith.constant dense<true> : tensor<128xi1>
  nv_tileaa.assert %t, "never fires" : tensor<128xi1>
  return
}

// CHECK-LABEL: func.func @assert_kept
// CHECK: nv_tileaa.assert
// CHECK: nv_tileaa.assert
func.func @assert_kept(%c: i1) {
  %f = arith.constant false
  nv_tileaa.assert %f, "always fires" : i1
  nv_tileaa.assert %c, "maybe" : i1
  return
}

// CHECK-LABEL: func.func @join_single
// CHECK-SAME: (%[[T:.*]]: !nv_tileaa.mem_token)
// CHECK-NEXT: return %[[T]]
func.func @join_single(%t: !nv_tileaa.mem_token) -> !nv_tileaa.mem_token {
  %0 = nv_tileaa.join_mem_token %t : !nv_tileaa.mem_token
  return %0 : !nv_tileaa.mem_token
}

// CHECK-LABEL: func.func @join_two
// CHECK: nv_tileaa.join_mem_token %{{.*}}, %{{.*}} : !nv_tileaa.mem_token
func.func @join_two(%t: !nv_tileaa.mem_token, %u: !nv_tileaa.mem_token) -> !nv_tileaa.mem_token {
  %0 = nv_tileaa.join_mem_token %t, %u : !nv_tileaa.mem_token
  return %0 : !nv_tileaa.mem_token
}

// Pure ops are CSE'd and removed when dead; print and stores are not.
// CHECK-LABEL: func.func @effects
// CHECK-NOT: nv_tileaa.get_program_id
// CHECK: nv_tileaa.print
// CHECK: nv_tileaa.store
func.func @effects(%p: !nv_tileaa.ptr<f32>, %x: f32) {
  %pid = nv_tileaa.get_program_id x : i32
  nv_tileaa.print "hello\n"
  nv_tileaa.store %p, %x : !nv_tileaa.ptr<f32>, f32
  return
}

// -----

//===----------------------------------------------------------------------===//
// convert_layout
//===----------------------------------------------------------------------===//

#b1 = #nv_tileaa.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#b2 = #nv_tileaa.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

// CHECK-LABEL: func.func @convert_identity
// CHECK-SAME: (%[[X:.*]]: tensor<128xf32, #{{.*}}>)
// CHECK-NEXT: return %[[X]]
func.func @convert_identity(%x: tensor<128xf32, #b1>) -> tensor<128xf32, #b1> {
  %0 = nv_tileaa.convert_layout %x : tensor<128xf32, #b1> -> tensor<128xf32, #b1>
  return %0 : tensor<128xf32, #b1>
}

// CHECK-LABEL: func.func @convert_chain
// CHECK-SAME: (%[[X:.*]]: tensor<128xf32, #[[L1:.*]]>)
// CHECK-NEXT: %[[C:.*]] = nv_tileaa.convert_layout %[[X]] : tensor<128xf32, #[[L1]]> -> tensor<128xf32>
// CHECK-NEXT: return %[[C]]
func.func @convert_chain(%x: tensor<128xf32, #b1>) -> tensor<128xf32> {
  %0 = nv_tileaa.convert_layout %x : tensor<128xf32, #b1> -> tensor<128xf32, #b2>
  %1 = nv_tileaa.convert_layout %0 : tensor<128xf32, #b2> -> tensor<128xf32>
  return %1 : tensor<128xf32>
}

// CHECK-LABEL: func.func @convert_roundtrip
// CHECK-SAME: (%[[X:.*]]: tensor<128xf32, #{{.*}}>)
// CHECK-NEXT: return %[[X]]
func.func @convert_roundtrip(%x: tensor<128xf32, #b1>) -> tensor<128xf32, #b1> {
  %0 = nv_tileaa.convert_layout %x : tensor<128xf32, #b1> -> tensor<128xf32, #b2>
  %1 = nv_tileaa.convert_layout %0 : tensor<128xf32, #b2> -> tensor<128xf32, #b1>
  return %1 : tensor<128xf32, #b1>
}

// CHECK-LABEL: func.func @convert_constant
// CHECK-NEXT: %[[C:.*]] = arith.constant dense<1.000000e+00> : tensor<128xf32, #{{.*}}>
// CHECK-NEXT: return %[[C]]
func.func @convert_constant() -> tensor<128xf32, #b1> {
  %c = arith.constant dense<1.0> : tensor<128xf32>
  %0 = nv_tileaa.convert_layout %c : tensor<128xf32> -> tensor<128xf32, #b1>
  return %0 : tensor<128xf32, #b1>
}
