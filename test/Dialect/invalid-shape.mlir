// Diagnostics of the tile construction and shape ops.
// RUN: tileiras-opt %s -split-input-file -verify-diagnostics

func.func @range_type() {
  // expected-error @+1 {{'nv_tileaa.make_range' op result must be a 1-D tile of i32, but got 'tensor<128xi64>'}}
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi64>
  return
}

// -----

func.func @range_rank() {
  // expected-error @+1 {{'nv_tileaa.make_range' op result must be a 1-D tile of i32, but got 'tensor<2x64xi32>'}}
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<2x64xi32>
  return
}

// -----

func.func @range_empty() {
  // expected-error @+1 {{'nv_tileaa.make_range' op end (0) must be greater than start (128)}}
  %r = nv_tileaa.make_range {start = 128 : i32, end = 0 : i32} : tensor<128xi32>
  return
}

// -----

func.func @range_length() {
  // expected-error @+1 {{'nv_tileaa.make_range' op end - start (100) must equal the result length (128)}}
  %r = nv_tileaa.make_range {start = 28 : i32, end = 128 : i32} : tensor<128xi32>
  return
}

// -----

func.func @range_wide() {
  // expected-error @+1 {{'nv_tileaa.make_range' op end - start (4294967295) must equal the result length (128)}}
  %r = nv_tileaa.make_range {start = -2147483648 : i32, end = 2147483647 : i32} : tensor<128xi32>
  return
}

// -----

func.func @range_attr_type() {
  // expected-error @+1 {{'nv_tileaa.make_range' op attribute 'start' failed to satisfy constraint: 32-bit signless integer attribute}}
  %r = nv_tileaa.make_range {start = 0 : i64, end = 128 : i32} : tensor<128xi32>
  return
}

// -----

func.func @splat_type(%x: f32) {
  // expected-error @+1 {{'nv_tileaa.splat' op result element type 'i32' must equal the scalar operand type 'f32'}}
  %t = nv_tileaa.splat %x : f32 -> tensor<128xi32>
  return
}

// -----

func.func @splat_tile(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nv_tileaa.splat' op operand must be an integer, float or pointer scalar, but got 'tensor<4xf32>'}}
  %t = nv_tileaa.splat %x : tensor<4xf32> -> tensor<128xf32>
  return
}

// -----

// Reported while parsing, with the fix: expand_dims first.
func.func @broadcast_rank(%x: tensor<128xf32>) {
  // expected-error @+1 {{custom op 'nv_tileaa.broadcast' source rank 1 and result rank 2 must be equal; insert the missing size-1 dimension with nv_tileaa.expand_dims first (for example tensor<128xf32> -> tensor<1x128xf32> with {axis = 0 : i32}), then broadcast}}
  %b = nv_tileaa.broadcast %x : tensor<128xf32> -> tensor<64x128xf32>
  return
}

// -----

// At the broadcast, before a later use of its result could clash with the
// type it was given.
func.func @broadcast_rank_then_use(%x: tensor<128xf32>, %y: tensor<128x64xf32>) {
  // expected-error @+1 {{custom op 'nv_tileaa.broadcast' source rank 1 and result rank 2 must be equal; insert the missing size-1 dimension}}
  %b = nv_tileaa.broadcast %x : tensor<128xf32> -> tensor<64x128xf32>
  %s = arith.addf %b, %y : tensor<128x64xf32>
  return
}

// -----

func.func @broadcast_rank_down(%x: tensor<1x1x128xf32>) {
  // expected-error @+1 {{custom op 'nv_tileaa.broadcast' source rank 3 and result rank 2 must be equal; broadcast cannot remove dimensions (use nv_tileaa.view or nv_tileaa.reduce)}}
  %b = nv_tileaa.broadcast %x : tensor<1x1x128xf32> -> tensor<64x128xf32>
  return
}

// -----

// The generic form is checked by the verifier, with the same message.
func.func @broadcast_rank_generic(%x: tensor<128xf32>) {
  // expected-error @+1 {{'nv_tileaa.broadcast' op source rank 1 and result rank 2 must be equal; insert the missing size-1 dimension with nv_tileaa.expand_dims first}}
  %b = "nv_tileaa.broadcast"(%x) : (tensor<128xf32>) -> tensor<64x128xf32>
  return
}

// -----

func.func @broadcast_dim(%x: tensor<2x128xf32>) {
  // expected-error @+1 {{custom op 'nv_tileaa.broadcast' dimension 0 of size 2 cannot be broadcast to 64; only size-1 dimensions may grow}}
  %b = nv_tileaa.broadcast %x : tensor<2x128xf32> -> tensor<64x128xf32>
  return
}

// -----

func.func @broadcast_dim_generic(%x: tensor<2x128xf32>) {
  // expected-error @+1 {{'nv_tileaa.broadcast' op dimension 0 of size 2 cannot be broadcast to 64; only size-1 dimensions may grow}}
  %b = "nv_tileaa.broadcast"(%x) : (tensor<2x128xf32>) -> tensor<64x128xf32>
  return
}

// -----

func.func @broadcast_elem(%x: tensor<1x128xf32>) {
  // expected-error @+1 {{'nv_tileaa.broadcast' op result element type 'f16' must equal the source element type 'f32'}}
  %b = nv_tileaa.broadcast %x : tensor<1x128xf32> -> tensor<64x128xf16>
  return
}

// -----

func.func @expand_axis(%x: tensor<128xf32>) {
  // expected-error @+1 {{'nv_tileaa.expand_dims' op axis 2 is out of range for a rank-1 tile; expected 0 <= axis <= 1}}
  %e = nv_tileaa.expand_dims %x {axis = 2 : i32} : tensor<128xf32> -> tensor<128x1xf32>
  return
}

// -----

func.func @expand_negative_axis(%x: tensor<128xf32>) {
  // expected-error @+1 {{'nv_tileaa.expand_dims' op axis -1 is out of range for a rank-1 tile; expected 0 <= axis <= 1}}
  %e = nv_tileaa.expand_dims %x {axis = -1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
  return
}

// -----

func.func @expand_shape(%x: tensor<128xf32>) {
  // expected-error @+1 {{'nv_tileaa.expand_dims' op result shape [128, 1] must be the source shape with a size-1 dimension inserted at axis 0, i.e. [1, 128]}}
  %e = nv_tileaa.expand_dims %x {axis = 0 : i32} : tensor<128xf32> -> tensor<128x1xf32>
  return
}

// -----

func.func @view_count(%x: tensor<64x2xf32>) {
  // expected-error @+1 {{'nv_tileaa.view' op must keep the element count, but the source has 128 elements and the result 64}}
  %v = nv_tileaa.view %x : tensor<64x2xf32> -> tensor<64xf32>
  return
}

// -----

func.func @view_elem(%x: tensor<64x2xf32>) {
  // expected-error @+1 {{'nv_tileaa.view' op result element type 'i32' must equal the source element type 'f32'}}
  %v = nv_tileaa.view %x : tensor<64x2xf32> -> tensor<128xi32>
  return
}

// -----

func.func @permute_size(%x: tensor<64x32xf32>) {
  // expected-error @+1 {{'nv_tileaa.permute' op order must have 2 entries, one per source dimension, but has 3}}
  %p = nv_tileaa.permute %x {order = array<i32: 1, 0, 2>} : tensor<64x32xf32> -> tensor<32x64xf32>
  return
}

// -----

func.func @permute_not_perm(%x: tensor<64x32xf32>) {
  // expected-error @+1 {{'nv_tileaa.permute' op order [1, 1] is not a permutation of [0, 2)}}
  %p = nv_tileaa.permute %x {order = array<i32: 1, 1>} : tensor<64x32xf32> -> tensor<32x64xf32>
  return
}

// -----

func.func @permute_negative(%x: tensor<64x32xf32>) {
  // expected-error @+1 {{'nv_tileaa.permute' op order [-1, 0] is not a permutation of [0, 2)}}
  %p = nv_tileaa.permute %x {order = array<i32: -1, 0>} : tensor<64x32xf32> -> tensor<32x64xf32>
  return
}

// -----

func.func @permute_shape(%x: tensor<64x32xf32>) {
  // expected-error @+1 {{'nv_tileaa.permute' op result shape [64, 32] must be the source shape permuted by the order, i.e. [32, 64]}}
  %p = nv_tileaa.permute %x {order = array<i32: 1, 0>} : tensor<64x32xf32> -> tensor<64x32xf32>
  return
}

// -----

func.func @permute_elem(%x: tensor<64x32xf32>) {
  // expected-error @+1 {{'nv_tileaa.permute' op result element type 'f16' must equal the source element type 'f32'}}
  %p = nv_tileaa.permute %x {order = array<i32: 1, 0>} : tensor<64x32xf32> -> tensor<32x64xf16>
  return
}

// -----

func.func @slice_rank(%x: tensor<64x32xf32>) {
  // expected-error @+1 {{'nv_tileaa.extract_slice' op source rank 2 and result rank 1 must be equal}}
  %s = nv_tileaa.extract_slice %x {offsets = array<i64: 0, 0>} : tensor<64x32xf32> -> tensor<32xf32>
  return
}

// -----

func.func @slice_offsets(%x: tensor<64x32xf32>) {
  // expected-error @+1 {{'nv_tileaa.extract_slice' op offsets must have 2 entries, one per dimension, but has 1}}
  %s = nv_tileaa.extract_slice %x {offsets = array<i64: 0>} : tensor<64x32xf32> -> tensor<64x16xf32>
  return
}

// -----

func.func @slice_bounds(%x: tensor<64x32xf32>) {
  // expected-error @+1 {{'nv_tileaa.extract_slice' op slice [24, 24 + 16) along dimension 1 is out of bounds for the source extent 32}}
  %s = nv_tileaa.extract_slice %x {offsets = array<i64: 0, 24>} : tensor<64x32xf32> -> tensor<64x16xf32>
  return
}

// -----

func.func @slice_negative(%x: tensor<64x32xf32>) {
  // expected-error @+1 {{'nv_tileaa.extract_slice' op slice [-16, -16 + 16) along dimension 1 is out of bounds for the source extent 32}}
  %s = nv_tileaa.extract_slice %x {offsets = array<i64: 0, -16>} : tensor<64x32xf32> -> tensor<64x16xf32>
  return
}

// -----

func.func @slice_larger(%x: tensor<64x32xf32>) {
  // expected-error @+1 {{'nv_tileaa.extract_slice' op slice [0, 0 + 64) along dimension 1 is out of bounds for the source extent 32}}
  %s = nv_tileaa.extract_slice %x {offsets = array<i64: 0, 0>} : tensor<64x32xf32> -> tensor<64x64xf32>
  return
}

// -----

func.func @slice_overflow(%x: tensor<64x32xf32>) {
  // expected-error @+1 {{'nv_tileaa.extract_slice' op slice [9223372036854775807, 9223372036854775807 + 16) along dimension 1 is out of bounds for the source extent 32}}
  %s = nv_tileaa.extract_slice %x {offsets = array<i64: 0, 9223372036854775807>} : tensor<64x32xf32> -> tensor<64x16xf32>
  return
}

// -----

func.func @slice_elem(%x: tensor<64x32xf32>) {
  // expected-error @+1 {{'nv_tileaa.extract_slice' op result element type 'i32' must equal the source element type 'f32'}}
  %s = nv_tileaa.extract_slice %x {offsets = array<i64: 0, 0>} : tensor<64x32xf32> -> tensor<64x16xi32>
  return
}

// -----

func.func @cat_rank(%a: tensor<32xf32>, %b: tensor<32x16xf32>) {
  // expected-error @+1 {{'nv_tileaa.cat' op operands and result must have the same rank, but got 1, 2 and 2}}
  %c = nv_tileaa.cat %a, %b {axis = 0 : i32} : tensor<32xf32>, tensor<32x16xf32> -> tensor<64x16xf32>
  return
}

// -----

func.func @cat_elem(%a: tensor<32x16xf32>, %b: tensor<32x16xf16>) {
  // expected-error @+1 {{'nv_tileaa.cat' op operands and result must have the same element type, but got 'f32', 'f16' and 'f32'}}
  %c = nv_tileaa.cat %a, %b {axis = 0 : i32} : tensor<32x16xf32>, tensor<32x16xf16> -> tensor<64x16xf32>
  return
}

// -----

func.func @cat_axis(%a: tensor<32x16xf32>) {
  // expected-error @+1 {{'nv_tileaa.cat' op axis 2 is out of range for a rank-2 tile; expected 0 <= axis < 2}}
  %c = nv_tileaa.cat %a, %a {axis = 2 : i32} : tensor<32x16xf32>, tensor<32x16xf32> -> tensor<64x16xf32>
  return
}

// -----

func.func @cat_sum(%a: tensor<32x16xf32>) {
  // expected-error @+1 {{'nv_tileaa.cat' op result dimension 0 (128) must be the sum of the operand dimensions (32 + 32)}}
  %c = nv_tileaa.cat %a, %a {axis = 0 : i32} : tensor<32x16xf32>, tensor<32x16xf32> -> tensor<128x16xf32>
  return
}

// -----

func.func @cat_off_axis(%a: tensor<32x16xf32>, %b: tensor<32x8xf32>) {
  // expected-error @+1 {{'nv_tileaa.cat' op dimension 1 must agree off the concatenation axis, but got 16, 8 and 16}}
  %c = nv_tileaa.cat %a, %b {axis = 0 : i32} : tensor<32x16xf32>, tensor<32x8xf32> -> tensor<64x16xf32>
  return
}

// -----

func.func @cat_not_pow2(%a: tensor<32x16xf32>, %b: tensor<16x16xf32>) {
  // expected-error @+1 {{'nv_tileaa.cat' op result #0 'tensor<48x16xf32>' has non-power-of-two dimension 48 at index 0}}
  %c = nv_tileaa.cat %a, %b {axis = 0 : i32} : tensor<32x16xf32>, tensor<16x16xf32> -> tensor<48x16xf32>
  return
}
