// Diagnostics of the pointer casts.
// RUN: tileiras-opt %s -split-input-file -verify-diagnostics

func.func @narrow(%a: tensor<128xi32>) {
  // expected-error @+1 {{'nv_tileaa.int_to_ptr' op integer addresses must be i64 (pointers are 64-bit), got 'i32'}}
  %p = nv_tileaa.int_to_ptr %a : tensor<128xi32> -> tensor<128x!nv_tileaa.ptr<f32>>
  return
}

// -----

func.func @shape(%p: tensor<128x!nv_tileaa.ptr<f32>>) {
  // expected-error @+1 {{'nv_tileaa.ptr_to_int' op result 'tensor<64xi64>' must have the shape of the operand 'tensor<128x!nv_tileaa.ptr<f32>>'}}
  %a = nv_tileaa.ptr_to_int %p : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<64xi64>
  return
}

// -----

func.func @tile_to_scalar(%p: tensor<128x!nv_tileaa.ptr<f32>>) {
  // expected-error @+1 {{'nv_tileaa.ptr_to_ptr' op result '!nv_tileaa.ptr<i8>' must have the shape of the operand}}
  %a = nv_tileaa.ptr_to_ptr %p : tensor<128x!nv_tileaa.ptr<f32>> -> !nv_tileaa.ptr<i8>
  return
}

// -----

func.func @space(%p: !nv_tileaa.ptr<f32, 3>) {
  // expected-error @+1 {{'nv_tileaa.ptr_to_ptr' op cannot change the address space ('!nv_tileaa.ptr<f32, 3>' to '!nv_tileaa.ptr<f32>')}}
  %a = nv_tileaa.ptr_to_ptr %p : !nv_tileaa.ptr<f32, 3> -> !nv_tileaa.ptr<f32>
  return
}

// -----

func.func @not_a_pointer(%a: i64) {
  // expected-error @+1 {{'nv_tileaa.ptr_to_int' op operand #0 must be !nv_tileaa.ptr scalar or tile}}
  %b = nv_tileaa.ptr_to_int %a : i64 -> i64
  return
}
