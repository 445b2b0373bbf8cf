// nv_tileaa.int_to_ptr, ptr_to_int and ptr_to_ptr: custom and generic forms
// round-trip; canonicalization removes cast pairs that cancel.
// RUN: tileiras-opt %s | FileCheck %s
// RUN: tileiras-opt %s --mlir-print-op-generic | tileiras-opt | FileCheck %s
// RUN: tileiras-opt %s -canonicalize | FileCheck %s --check-prefix=CANON

// CHECK-LABEL: func.func @casts
// CHECK: %[[A:.*]] = nv_tileaa.ptr_to_int %{{.*}} : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xi64>
// CHECK: nv_tileaa.int_to_ptr %[[A]] : tensor<128xi64> -> tensor<128x!nv_tileaa.ptr<i32>>
// CHECK: nv_tileaa.ptr_to_ptr %{{.*}} : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128x!nv_tileaa.ptr<i8>>
// CHECK: nv_tileaa.ptr_to_ptr %{{.*}} : !nv_tileaa.ptr<f16, 3> -> !nv_tileaa.ptr<i16, 3>
// CHECK: nv_tileaa.int_to_ptr %{{.*}} : i64 -> !nv_tileaa.ptr<f64>
func.func @casts(%p: tensor<128x!nv_tileaa.ptr<f32>>, %s: !nv_tileaa.ptr<f16, 3>, %i: i64)
    -> (tensor<128x!nv_tileaa.ptr<i32>>, tensor<128x!nv_tileaa.ptr<i8>>, !nv_tileaa.ptr<i16, 3>, !nv_tileaa.ptr<f64>) {
  %a = nv_tileaa.ptr_to_int %p : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xi64>
  %q = nv_tileaa.int_to_ptr %a : tensor<128xi64> -> tensor<128x!nv_tileaa.ptr<i32>>
  %b = nv_tileaa.ptr_to_ptr %p : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128x!nv_tileaa.ptr<i8>>
  %t = nv_tileaa.ptr_to_ptr %s : !nv_tileaa.ptr<f16, 3> -> !nv_tileaa.ptr<i16, 3>
  %g = nv_tileaa.int_to_ptr %i : i64 -> !nv_tileaa.ptr<f64>
  return %q, %b, %t, %g : tensor<128x!nv_tileaa.ptr<i32>>, tensor<128x!nv_tileaa.ptr<i8>>, !nv_tileaa.ptr<i16, 3>, !nv_tileaa.ptr<f64>
}

// CANON-LABEL: func.func @cancel(
// CANON-SAME: %[[P:[^:]*]]: !nv_tileaa.ptr<f32>, %[[I:[^:]*]]: i64)
// CANON-NEXT: %[[C:.*]] = nv_tileaa.ptr_to_int %[[P]] : !nv_tileaa.ptr<f32> -> i64
// CANON-NEXT: return %[[P]], %[[I]], %[[P]], %[[C]]
func.func @cancel(%p: !nv_tileaa.ptr<f32>, %i: i64) -> (!nv_tileaa.ptr<f32>, i64, !nv_tileaa.ptr<f32>, i64) {
  %a = nv_tileaa.ptr_to_int %p : !nv_tileaa.ptr<f32> -> i64
  %q = nv_tileaa.int_to_ptr %a : i64 -> !nv_tileaa.ptr<f32>
  %r = nv_tileaa.int_to_ptr %i : i64 -> !nv_tileaa.ptr<i8>
  %j = nv_tileaa.ptr_to_int %r : !nv_tileaa.ptr<i8> -> i64
  %b = nv_tileaa.ptr_to_ptr %p : !nv_tileaa.ptr<f32> -> !nv_tileaa.ptr<i8>
  %c = nv_tileaa.ptr_to_ptr %b : !nv_tileaa.ptr<i8> -> !nv_tileaa.ptr<f32>
  %d = nv_tileaa.ptr_to_ptr %p : !nv_tileaa.ptr<f32> -> !nv_tileaa.ptr<i16>
  %k = nv_tileaa.ptr_to_int %d : !nv_tileaa.ptr<i16> -> i64
  return %q, %j, %c, %k : !nv_tileaa.ptr<f32>, i64, !nv_tileaa.ptr<f32>, i64
}
