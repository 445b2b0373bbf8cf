// The tile rules: static power-of-two dimensions, at most 2^20 elements, a
// supported element type, rank >= 1. Checked on every nv_tileaa op, on
// nv_tileaa.func signatures and on all values inside an nv_tileaa.func.
// RUN: tileiras-opt %s -split-input-file -verify-diagnostics

func.func @non_pow2(%x: f32) {
  // expected-error @+1 {{'nv_tileaa.splat' op result #0 'tensor<3xf32>' has non-power-of-two dimension 3 at index 0; tile dimensions must be powers of two}}
  %t = nv_tileaa.splat %x : f32 -> tensor<3xf32>
  return
}

// -----

func.func @non_pow2_second(%x: f32) {
  // expected-error @+1 {{result #0 'tensor<4x12xf32>' has non-power-of-two dimension 12 at index 1}}
  %t = nv_tileaa.splat %x : f32 -> tensor<4x12xf32>
  return
}

// -----

func.func @zero_dim(%x: f32) {
  // expected-error @+1 {{result #0 'tensor<0xf32>' has non-power-of-two dimension 0 at index 0}}
  %t = nv_tileaa.splat %x : f32 -> tensor<0xf32>
  return
}

// -----

func.func @dynamic(%t: tensor<?xf32>) {
  // expected-error @+1 {{'nv_tileaa.sqrt' op operand #0 'tensor<?xf32>' has a dynamic dimension at index 0; tiles must have a static shape}}
  %r = nv_tileaa.sqrt %t : tensor<?xf32>
  return
}

// -----

func.func @too_many(%x: f32) {
  // expected-error @+1 {{result #0 'tensor<2048x1024xf32>' has more than the maximum of 1048576 elements per tile}}
  %t = nv_tileaa.splat %x : f32 -> tensor<2048x1024xf32>
  return
}

// -----

func.func @huge(%x: f32) {
  // expected-error @+1 {{result #0 'tensor<1099511627776xf32>' has more than the maximum of 1048576 elements per tile}}
  %t = nv_tileaa.splat %x : f32 -> tensor<1099511627776xf32>
  return
}

// -----

func.func @rank0(%t: tensor<f32>) {
  // expected-error @+1 {{operand #0 is a 0-d tensor 'tensor<f32>'; use a scalar instead of a rank-0 tile}}
  %r = nv_tileaa.sqrt %t : tensor<f32>
  return
}

// -----

// expected-error @+1 {{'nv_tileaa.func' op argument #0 is an unranked tensor 'tensor<*xf32>'; tiles must have a static shape}}
nv_tileaa.func @unranked(%t: tensor<*xf32>) {
  nv_tileaa.return
}

// -----

func.func @unranked_operand(%t: tensor<*xf32>) {
  // expected-error @+1 {{'nv_tileaa.sqrt' op operand #0 must be f16/bf16/f32/f64 scalar or tile, but got 'tensor<*xf32>'}}
  %r = nv_tileaa.sqrt %t : tensor<*xf32>
  return
}

// -----

func.func @bad_element(%x: index) {
  // expected-error @+1 {{result #0 'tensor<4xindex>' has element type 'index', which is not a tile element type (expected i1, i8, i16, i32, i64, f16, bf16, f32, f64, tf32, f8E4M3FN, f8E5M2 or !nv_tileaa.ptr)}}
  %t = nv_tileaa.splat %x : index -> tensor<4xindex>
  return
}

// -----

// expected-error @+1 {{'nv_tileaa.func' op argument #0 'tensor<6xf32>' has non-power-of-two dimension 6 at index 0}}
nv_tileaa.func @bad_signature(%t: tensor<6xf32>) {
  nv_tileaa.return
}

// -----

// expected-error @+1 {{'nv_tileaa.func' op result #0 'tensor<?xf32>' has a dynamic dimension at index 0}}
nv_tileaa.func @bad_result(%t: tensor<4xf32>) -> tensor<?xf32> {
  %c = tensor.cast %t : tensor<4xf32> to tensor<?xf32>
  nv_tileaa.return %c : tensor<?xf32>
}

// -----

// Upstream ops inside an nv_tileaa.func produce tiles as well.
nv_tileaa.func @arith_in_func() {
  // expected-error @+1 {{'arith.constant' op result #0 'tensor<3xi32>' has non-power-of-two dimension 3 at index 0}}
  %c = arith.constant dense<1> : tensor<3xi32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @nested(%n: index, %init: tensor<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<64xf32>) {
    // expected-error @+1 {{'arith.constant' op result #0 'tensor<48xf16>' has non-power-of-two dimension 48 at index 0}}
    %bad = arith.constant dense<1.0> : tensor<48xf16>
    scf.yield %acc : tensor<64xf32>
  }
  nv_tileaa.return
}
