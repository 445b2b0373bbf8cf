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

// A permuted load becomes a load of permuted pointers (mask and other
// permuted alike, attributes kept): the tile arrives in the order it is
// used, e.g. attention's K^T.
// CHECK-LABEL: func.func @permute_of_load
// CHECK-DAG: %[[P:.*]] = nv_tileaa.permute %arg0 {order = array<i32: 1, 0>} : tensor<32x64x!nv_tileaa.ptr<f16>> -> tensor<64x32x!nv_tileaa.ptr<f16>>
// CHECK-DAG: %[[M:.*]] = nv_tileaa.permute %arg1 {order = array<i32: 1, 0>} : tensor<32x64xi1> -> tensor<64x32xi1>
// CHECK-DAG: %[[O:.*]] = nv_tileaa.permute %arg2 {order = array<i32: 1, 0>} : tensor<32x64xf16> -> tensor<64x32xf16>
// CHECK: %[[L:.*]] = nv_tileaa.load %[[P]], %[[M]], %[[O]] {cache_modifier = #nv_tileaa.cache_modifier<cg>} : tensor<64x32x!nv_tileaa.ptr<f16>> -> tensor<64x32xf16>
// CHECK-NEXT: return %[[L]]
func.func @permute_of_load(%p: tensor<32x64x!nv_tileaa.ptr<f16>>, %m: tensor<32x64xi1>, %o: tensor<32x64xf16>) -> tensor<64x32xf16> {
  %0 = nv_tileaa.load %p, %m, %o {cache_modifier = #nv_tileaa.cache_modifier<cg>} : tensor<32x64x!nv_tileaa.ptr<f16>> -> tensor<32x64xf16>
  %1 = nv_tileaa.permute %0 {order = array<i32: 1, 0>} : tensor<32x64xf16> -> tensor<64x32xf16>
  return %1 : tensor<64x32xf16>
}

// A load with other users is loaded once, as written.
// CHECK-LABEL: func.func @permute_of_shared_load
// CHECK: %[[L:.*]] = nv_tileaa.load %arg0 : tensor<32x64x!nv_tileaa.ptr<f16>> -> tensor<32x64xf16>
// CHECK: nv_tileaa.permute %[[L]]
func.func @permute_of_shared_load(%p: tensor<32x64x!nv_tileaa.ptr<f16>>) -> (tensor<64x32xf16>, tensor<32x64xf16>) {
  %0 = nv_tileaa.load %p : tensor<32x64x!nv_tileaa.ptr<f16>> -> tensor<32x64xf16>
  %1 = nv_tileaa.permute %0 {order = array<i32: 1, 0>} : tensor<32x64xf16> -> tensor<64x32xf16>
  return %1, %0 : tensor<64x32xf16>, tensor<32x64xf16>
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

// splat(select c, a, b) -> select(splat c, splat a, splat b) for a scalar
// select with no other user.
// CHECK-LABEL: func.func @splat_of_select
// CHECK-SAME: (%[[C:.*]]: i1, %[[A:.*]]: f32, %[[B:.*]]: f32)
// CHECK-DAG: %[[SC:.*]] = nv_tileaa.splat %[[C]] : i1 -> tensor<64x64xi1>
// CHECK-DAG: %[[SA:.*]] = nv_tileaa.splat %[[A]] : f32 -> tensor<64x64xf32>
// CHECK-DAG: %[[SB:.*]] = nv_tileaa.splat %[[B]] : f32 -> tensor<64x64xf32>
// CHECK: %[[R:.*]] = arith.select %[[SC]], %[[SA]], %[[SB]] : tensor<64x64xi1>, tensor<64x64xf32>
// CHECK-NEXT: return %[[R]]
func.func @splat_of_select(%c: i1, %a: f32, %b: f32) -> tensor<64x64xf32> {
  %s = arith.select %c, %a, %b : f32
  %0 = nv_tileaa.splat %s : f32 -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}

// A constant operand becomes a constant tile; the encoding is kept.
// CHECK-LABEL: func.func @splat_of_select_constant
// CHECK-DAG: %[[K:.*]] = arith.constant dense<0> : tensor<128xi32, "enc">
// CHECK-DAG: %[[SC:.*]] = nv_tileaa.splat %{{.*}} : i1 -> tensor<128xi1, "enc">
// CHECK-DAG: %[[SA:.*]] = nv_tileaa.splat %{{.*}} : i32 -> tensor<128xi32, "enc">
// CHECK: arith.select %[[SC]], %[[SA]], %[[K]] : tensor<128xi1, "enc">, tensor<128xi32, "enc">
func.func @splat_of_select_constant(%c: i1, %a: i32) -> tensor<128xi32, "enc"> {
  %zero = arith.constant 0 : i32
  %s = arith.select %c, %a, %zero : i32
  %0 = nv_tileaa.splat %s : i32 -> tensor<128xi32, "enc">
  return %0 : tensor<128xi32, "enc">
}

// A select with another user stays scalar (nothing computed twice).
// CHECK-LABEL: func.func @splat_of_shared_select
// CHECK: %[[S:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : i32
// CHECK: nv_tileaa.splat %[[S]] : i32 -> tensor<128xi32>
func.func @splat_of_shared_select(%c: i1, %a: i32, %b: i32) -> (tensor<128xi32>, i32) {
  %s = arith.select %c, %a, %b : i32
  %0 = nv_tileaa.splat %s : i32 -> tensor<128xi32>
  return %0, %s : tensor<128xi32>, i32
}

// assume(splat x) -> splat(assume x): div_by (every/along dropped: element
// 0 is always covered) and bounded move to the scalar.
// CHECK-LABEL: func.func @assume_of_splat
// CHECK-SAME: (%[[X:.*]]: i32)
// CHECK-NEXT: %[[A:.*]] = nv_tileaa.assume %[[X]] {bounded = array<i64: 0, 4096>, div_by = 16 : i64} : i32
// CHECK-NEXT: %[[S:.*]] = nv_tileaa.splat %[[A]] : i32 -> tensor<64x128xi32>
// CHECK-NEXT: return %[[S]]
func.func @assume_of_splat(%x: i32) -> tensor<64x128xi32> {
  %0 = nv_tileaa.splat %x : i32 -> tensor<64x128xi32>
  %1 = nv_tileaa.assume %0 {div_by = 16 : i64, every = 8 : i64, along = 1 : i64, bounded = array<i64: 0, 4096>, same_elements = array<i64: 64, 128>} : tensor<64x128xi32>
  return %1 : tensor<64x128xi32>
}

// CHECK-LABEL: func.func @assume_of_splat_ptr
// CHECK-SAME: (%[[P:.*]]: !nv_tileaa.ptr<f16>)
// CHECK-NEXT: %[[A:.*]] = nv_tileaa.assume %[[P]] {div_by = 16 : i64} : !nv_tileaa.ptr<f16>
// CHECK-NEXT: nv_tileaa.splat %[[A]] : !nv_tileaa.ptr<f16> -> tensor<128x!nv_tileaa.ptr<f16>>
func.func @assume_of_splat_ptr(%p: !nv_tileaa.ptr<f16>) -> tensor<128x!nv_tileaa.ptr<f16>> {
  %0 = nv_tileaa.splat %p : !nv_tileaa.ptr<f16> -> tensor<128x!nv_tileaa.ptr<f16>>
  %1 = nv_tileaa.assume %0 {div_by = 16 : i64} : tensor<128x!nv_tileaa.ptr<f16>>
  return %1 : tensor<128x!nv_tileaa.ptr<f16>>
}

// same_elements alone says nothing new about a splat: the assume goes.
// CHECK-LABEL: func.func @assume_same_elements_of_splat
// CHECK-NEXT: %[[S:.*]] = nv_tileaa.splat
// CHECK-NEXT: return %[[S]]
func.func @assume_same_elements_of_splat(%x: f32) -> tensor<128xf32> {
  %0 = nv_tileaa.splat %x : f32 -> tensor<128xf32>
  %1 = nv_tileaa.assume %0 {same_elements = array<i64: 16>} : tensor<128xf32>
  return %1 : tensor<128xf32>
}

// An assume of a value that is not a splat stays.
// CHECK-LABEL: func.func @assume_kept
// CHECK: nv_tileaa.assume %{{.*}} {div_by = 16 : i64} : tensor<128xi32>
func.func @assume_kept(%x: tensor<128xi32>) -> tensor<128xi32> {
  %0 = nv_tileaa.assume %x {div_by = 16 : i64} : tensor<128xi32>
  return %0 : tensor<128xi32>
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
// sqrt, clampf, mulhiui constant folding
//===----------------------------------------------------------------------===//

// sqrt folds correctly rounded to nearest even, without a rounding mode or
// with rn: sqrt(2) in f32 (0x3FB504F3), f64, f16 and bf16; exact roots;
// -0, +inf and the largest f32.
// CHECK-LABEL: func.func @sqrt_scalar
// CHECK-DAG: %[[F32:.*]] = arith.constant 1.41421354 : f32
// CHECK-DAG: %[[F64:.*]] = arith.constant 1.4142135623730951 : f64
// CHECK-DAG: %[[F16:.*]] = arith.constant 1.414060e+00 : f16
// CHECK-DAG: %[[BF16:.*]] = arith.constant 1.734380e+00 : bf16
// CHECK-DAG: %[[NINE:.*]] = arith.constant 3.000000e+00 : f32
// CHECK-DAG: %[[NZ:.*]] = arith.constant -0.000000e+00 : f32
// CHECK-DAG: %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK-DAG: %[[BIG:.*]] = arith.constant 1.8446743E+19 : f32
// CHECK-NOT: nv_tileaa.sqrt
// CHECK: return %[[F32]], %[[F32]], %[[F64]], %[[F16]], %[[BF16]], %[[NINE]], %[[NZ]], %[[INF]], %[[BIG]]
func.func @sqrt_scalar() -> (f32, f32, f64, f16, bf16, f32, f32, f32, f32) {
  %two = arith.constant 2.0 : f32
  %0 = nv_tileaa.sqrt %two : f32
  %1 = nv_tileaa.sqrt %two {rounding_mode = #nv_tileaa.rounding<rn>} : f32
  %two64 = arith.constant 2.0 : f64
  %2 = nv_tileaa.sqrt %two64 : f64
  %two16 = arith.constant 2.0 : f16
  %3 = nv_tileaa.sqrt %two16 : f16
  %three = arith.constant 3.0 : bf16
  %4 = nv_tileaa.sqrt %three : bf16
  %nine = arith.constant 9.0 : f32
  %5 = nv_tileaa.sqrt %nine : f32
  %nz = arith.constant -0.0 : f32
  %6 = nv_tileaa.sqrt %nz : f32
  %inf = arith.constant 0x7F800000 : f32
  %7 = nv_tileaa.sqrt %inf : f32
  %max = arith.constant 0x7F7FFFFF : f32
  %8 = nv_tileaa.sqrt %max : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : f32, f32, f64, f16, bf16, f32, f32, f32, f32
}

// Subnormal inputs have normal roots: sqrt of the smallest f64 subnormal
// (2^-1074) is 2^-537 exactly; of the smallest f32 subnormal (2^-149) it is
// 2^-74.5, rounded.
// CHECK-LABEL: func.func @sqrt_subnormal
// CHECK-DAG: arith.constant 2.2227587494850775E-162 : f64
// CHECK-DAG: arith.constant 3.74339207E-23 : f32
// CHECK-NOT: nv_tileaa.sqrt
func.func @sqrt_subnormal() -> (f64, f32) {
  %a = arith.constant 0x0000000000000001 : f64
  %0 = nv_tileaa.sqrt %a : f64
  %b = arith.constant 0x00000001 : f32
  %1 = nv_tileaa.sqrt %b : f32
  return %0, %1 : f64, f32
}

// CHECK-LABEL: func.func @sqrt_tiles
// CHECK-DAG: %[[S:.*]] = arith.constant dense<5.000000e-01> : tensor<128xf32>
// CHECK-DAG: %[[D:.*]] = arith.constant dense<[1.000000e+00, 1.4142135623730951, 1.200000e+01, 0.000000e+00]> : tensor<4xf64>
// CHECK: return %[[S]], %[[D]]
func.func @sqrt_tiles() -> (tensor<128xf32>, tensor<4xf64>) {
  %a = arith.constant dense<0.25> : tensor<128xf32>
  %0 = nv_tileaa.sqrt %a : tensor<128xf32>
  %b = arith.constant dense<[1.0, 2.0, 144.0, 0.0]> : tensor<4xf64>
  %1 = nv_tileaa.sqrt %b : tensor<4xf64>
  return %0, %1 : tensor<128xf32>, tensor<4xf64>
}

// Not folded: approx and directed rounding modes, negative inputs and NaN
// (the hardware chooses the NaN), a dense tile with one such element, and
// rsqrt/exp2 (not correctly rounded).
// CHECK-LABEL: func.func @sqrt_not_folded
// CHECK-COUNT-7: nv_tileaa.sqrt
// CHECK: nv_tileaa.rsqrt
// CHECK: nv_tileaa.exp2
func.func @sqrt_not_folded() -> (f32, f32, f32, f32, f32, tensor<2xf32>, f64, f32, f32) {
  %two = arith.constant 2.0 : f32
  %0 = nv_tileaa.sqrt %two {rounding_mode = #nv_tileaa.rounding<approx>} : f32
  %1 = nv_tileaa.sqrt %two {rounding_mode = #nv_tileaa.rounding<rz>} : f32
  %2 = nv_tileaa.sqrt %two {rounding_mode = #nv_tileaa.rounding<rp>} : f32
  %neg = arith.constant -4.0 : f32
  %3 = nv_tileaa.sqrt %neg : f32
  %nan = arith.constant 0x7FC00000 : f32
  %4 = nv_tileaa.sqrt %nan : f32
  %t = arith.constant dense<[4.0, -1.0]> : tensor<2xf32>
  %5 = nv_tileaa.sqrt %t : tensor<2xf32>
  %ninf = arith.constant 0xFFF0000000000000 : f64
  %6 = nv_tileaa.sqrt %ninf : f64
  %7 = nv_tileaa.rsqrt %two : f32
  %8 = nv_tileaa.exp2 %two : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : f32, f32, f32, f32, f32, tensor<2xf32>, f64, f32, f32
}

// clampf(x, lo, hi) = minnum(maxnum(x, lo), hi): inside, below, above;
// lo > hi gives hi; a NaN x is returned as it is (payload included); NaN
// bounds are ignored.
// CHECK-LABEL: func.func @clampf_scalar
// CHECK-DAG: %[[HALF:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG: %[[NAN:.*]] = arith.constant 0x7FC00123 : f32
// CHECK-DAG: %[[FIVE:.*]] = arith.constant 5.000000e+00 : f32
// CHECK-NOT: nv_tileaa.clampf
// CHECK: return %[[HALF]], %[[ZERO]], %[[ONE]], %[[ZERO]], %[[NAN]], %[[FIVE]], %[[ONE]], %[[ZERO]]
func.func @clampf_scalar() -> (f32, f32, f32, f32, f32, f32, f32, f32) {
  %half = arith.constant 0.5 : f32
  %lo = arith.constant 0.0 : f32
  %hi = arith.constant 1.0 : f32
  %neg = arith.constant -3.0 : f32
  %five = arith.constant 5.0 : f32
  %nan = arith.constant 0x7FC00123 : f32
  %0 = nv_tileaa.clampf %half, %lo, %hi : f32
  %1 = nv_tileaa.clampf %neg, %lo, %hi : f32
  %2 = nv_tileaa.clampf %five, %lo, %hi : f32
  %3 = nv_tileaa.clampf %five, %hi, %lo : f32
  %4 = nv_tileaa.clampf %nan, %lo, %hi : f32
  %5 = nv_tileaa.clampf %five, %nan, %nan : f32
  %6 = nv_tileaa.clampf %five, %nan, %hi : f32
  %7 = nv_tileaa.clampf %neg, %lo, %nan : f32
  return %0, %1, %2, %3, %4, %5, %6, %7 : f32, f32, f32, f32, f32, f32, f32, f32
}

// CHECK-LABEL: func.func @clampf_tiles
// CHECK-DAG: %[[S:.*]] = arith.constant dense<2.000000e+00> : tensor<128xf16>
// CHECK-DAG: %[[D:.*]] = arith.constant dense<[-1.000000e+00, 2.500000e-01, 1.000000e+00, 0x7FF8000000000000]> : tensor<4xf64>
// CHECK: return %[[S]], %[[D]]
func.func @clampf_tiles() -> (tensor<128xf16>, tensor<4xf64>) {
  %x = arith.constant dense<7.0> : tensor<128xf16>
  %lo = arith.constant dense<-2.0> : tensor<128xf16>
  %hi = arith.constant dense<2.0> : tensor<128xf16>
  %0 = nv_tileaa.clampf %x, %lo, %hi : tensor<128xf16>
  %y = arith.constant dense<[-5.0, 0.25, 3.0, 0x7FF8000000000000]> : tensor<4xf64>
  %ylo = arith.constant dense<-1.0> : tensor<4xf64>
  %yhi = arith.constant dense<1.0> : tensor<4xf64>
  %1 = nv_tileaa.clampf %y, %ylo, %yhi : tensor<4xf64>
  return %0, %1 : tensor<128xf16>, tensor<4xf64>
}

// Not folded: a signalling NaN bound, zeros of opposite sign (whose order
// maxnum/minnum leave open), and variables.
// CHECK-LABEL: func.func @clampf_not_folded
// CHECK-COUNT-4: nv_tileaa.clampf
func.func @clampf_not_folded(%v: f32) -> (f32, f32, f32, f32) {
  %x = arith.constant 5.0 : f32
  %hi = arith.constant 1.0 : f32
  %snan = arith.constant 0x7F800001 : f32
  %0 = nv_tileaa.clampf %x, %snan, %hi : f32
  %nz = arith.constant -0.0 : f32
  %pz = arith.constant 0.0 : f32
  %1 = nv_tileaa.clampf %nz, %pz, %hi : f32
  %m1 = arith.constant -1.0 : f32
  %2 = nv_tileaa.clampf %pz, %m1, %nz : f32
  %3 = nv_tileaa.clampf %v, %pz, %hi : f32
  return %0, %1, %2, %3 : f32, f32, f32, f32
}

// mulhiui: the high half of the unsigned double-width product.
// 0xFFFFFFFF^2 = 0xFFFFFFFE_00000001; (2^64 - 1) * 3 = 2 * 2^64 + ...;
// 200 * 200 = 40000 = 0x9C40 in i8 halves.
// CHECK-LABEL: func.func @mulhiui_scalar
// CHECK-DAG: %[[A:.*]] = arith.constant -2 : i32
// CHECK-DAG: %[[B:.*]] = arith.constant 2 : i64
// CHECK-DAG: %[[C:.*]] = arith.constant -100 : i8
// CHECK-DAG: %[[D:.*]] = arith.constant 0 : i16
// CHECK-NOT: nv_tileaa.mulhiui
// CHECK: return %[[A]], %[[B]], %[[C]], %[[D]]
func.func @mulhiui_scalar() -> (i32, i64, i8, i16) {
  %m1 = arith.constant -1 : i32
  %0 = nv_tileaa.mulhiui %m1, %m1 : i32
  %m64 = arith.constant -1 : i64
  %three = arith.constant 3 : i64
  %1 = nv_tileaa.mulhiui %m64, %three : i64
  %b = arith.constant 200 : i8
  %2 = nv_tileaa.mulhiui %b, %b : i8
  %s = arith.constant 255 : i16
  %3 = nv_tileaa.mulhiui %s, %s : i16
  return %0, %1, %2, %3 : i32, i64, i8, i16
}

// CHECK-LABEL: func.func @mulhiui_tiles
// CHECK-DAG: %[[S:.*]] = arith.constant dense<1> : tensor<128xi32>
// CHECK-DAG: %[[D:.*]] = arith.constant dense<[0, -2, 1, 3]> : tensor<4xi32>
// CHECK: return %[[S]], %[[D]]
func.func @mulhiui_tiles() -> (tensor<128xi32>, tensor<4xi32>) {
  %a = arith.constant dense<65536> : tensor<128xi32>
  %0 = nv_tileaa.mulhiui %a, %a : tensor<128xi32>
  %x = arith.constant dense<[7, -1, 65536, -2147483648]> : tensor<4xi32>
  %y = arith.constant dense<[3, -1, 65536, 7]> : tensor<4xi32>
  %1 = nv_tileaa.mulhiui %x, %y : tensor<4xi32>
  return %0, %1 : tensor<128xi32>, tensor<4xi32>
}

// A factor 0 or 1 makes the high half zero, whatever the other operand.
// CHECK-LABEL: func.func @mulhiui_zero_one
// CHECK-DAG: %[[Z:.*]] = arith.constant dense<0> : tensor<128xi32>
// CHECK-DAG: %[[Z64:.*]] = arith.constant 0 : i64
// CHECK-NOT: nv_tileaa.mulhiui
// CHECK: return %[[Z]], %[[Z64]]
func.func @mulhiui_zero_one(%x: tensor<128xi32>, %y: i64) -> (tensor<128xi32>, i64) {
  %one = arith.constant dense<1> : tensor<128xi32>
  %0 = nv_tileaa.mulhiui %x, %one : tensor<128xi32>
  %zero = arith.constant 0 : i64
  %1 = nv_tileaa.mulhiui %zero, %y : i64
  return %0, %1 : tensor<128xi32>, i64
}

// CHECK-LABEL: func.func @mulhiui_variable
// CHECK: nv_tileaa.mulhiui
func.func @mulhiui_variable(%x: i32) -> i32 {
  %c = arith.constant 3 : i32
  %0 = nv_tileaa.mulhiui %x, %c : i32
  return %0 : i32
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

// An integer dot of constants folds, each operand extended by its
// signedness, the sum wrapping modulo 2^32: -4 is 252 when unsigned, and
// -35 + (-2^31) wraps to 2147483613.
// CHECK-LABEL: func.func @dot_constant_int
// CHECK-DAG: %[[S:.*]] = arith.constant dense<{{\[}}[119, 15], [-13, 2147483613]]> : tensor<2x2xi32>
// CHECK-DAG: %[[U:.*]] = arith.constant dense<{{\[}}[119, 15], [1779, -2147481635]]> : tensor<2x2xi32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<{{\[}}{{\[}}[2550]], {{\[}}[6630]]]> : tensor<2x1x1xi32, "enc">
// CHECK-DAG: %[[P:.*]] = arith.constant dense<262151> : tensor<16x16xi32>
// CHECK-NOT: nv_tileaa.dot
// CHECK: return %[[S]], %[[U]], %[[B]], %[[P]]
func.func @dot_constant_int() -> (tensor<2x2xi32>, tensor<2x2xi32>, tensor<2x1x1xi32, "enc">, tensor<16x16xi32>) {
  %a = arith.constant dense<[[1, 2], [3, -4]]> : tensor<2x2xi8>
  %b = arith.constant dense<[[5, -1], [7, 8]]> : tensor<2x2xi8>
  %c = arith.constant dense<[[100, 0], [0, -2147483648]]> : tensor<2x2xi32>
  %0 = nv_tileaa.dot %a, %b, %c {signedness_a = #nv_tileaa.signedness<signed>, signedness_b = #nv_tileaa.signedness<signed>} : tensor<2x2xi8>, tensor<2x2xi8>, tensor<2x2xi32> -> tensor<2x2xi32>
  %1 = nv_tileaa.dot %a, %b, %c {signedness_a = #nv_tileaa.signedness<unsigned>, signedness_b = #nv_tileaa.signedness<signed>} : tensor<2x2xi8>, tensor<2x2xi8>, tensor<2x2xi32> -> tensor<2x2xi32>
  %a3 = arith.constant dense<-1> : tensor<2x1x4xi8>
  %b3 = arith.constant dense<[[[1], [2], [3], [4]], [[5], [6], [7], [8]]]> : tensor<2x4x1xi8>
  %c3 = arith.constant dense<0> : tensor<2x1x1xi32>
  %2 = nv_tileaa.dot %a3, %b3, %c3 {signedness_a = #nv_tileaa.signedness<unsigned>, signedness_b = #nv_tileaa.signedness<unsigned>} : tensor<2x1x4xi8>, tensor<2x4x1xi8>, tensor<2x1x1xi32> -> tensor<2x1x1xi32, "enc">
  %m = arith.constant dense<-128> : tensor<16x16xi8>
  %seven = arith.constant dense<7> : tensor<16x16xi32>
  %3 = nv_tileaa.dot %m, %m, %seven {signedness_a = #nv_tileaa.signedness<signed>, signedness_b = #nv_tileaa.signedness<signed>} : tensor<16x16xi8>, tensor<16x16xi8>, tensor<16x16xi32> -> tensor<16x16xi32>
  return %0, %1, %2, %3 : tensor<2x2xi32>, tensor<2x2xi32>, tensor<2x1x1xi32, "enc">, tensor<16x16xi32>
}

// Not folded: a float dot of constants (accumulation order and precision
// are the hardware's), and an integer dot of more than 2^24 multiply-adds.
// CHECK-LABEL: func.func @dot_constant_not_folded
// CHECK-COUNT-2: nv_tileaa.dot
func.func @dot_constant_not_folded() -> (tensor<16x16xf32>, tensor<512x256xi32>) {
  %a = arith.constant dense<1.0> : tensor<16x16xf16>
  %c = arith.constant dense<0.0> : tensor<16x16xf32>
  %0 = nv_tileaa.dot %a, %a, %c : tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf32> -> tensor<16x16xf32>
  %ai = arith.constant dense<1> : tensor<512x256xi8>
  %bi = arith.constant dense<1> : tensor<256x256xi8>
  %ci = arith.constant dense<0> : tensor<512x256xi32>
  %1 = nv_tileaa.dot %ai, %bi, %ci {signedness_a = #nv_tileaa.signedness<signed>, signedness_b = #nv_tileaa.signedness<signed>} : tensor<512x256xi8>, tensor<256x256xi8>, tensor<512x256xi32> -> tensor<512x256xi32>
  return %0, %1 : tensor<16x16xf32>, tensor<512x256xi32>
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
