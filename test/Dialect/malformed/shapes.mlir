// Malformed tile shapes: huge, non-power-of-two, zero-size, dynamic, rank 0,
// out-of-range and negative axes.
// RUN: not tileiras-opt %s -split-input-file 2>&1 | FileCheck %s

// CHECK: error: 'nv_tileaa.splat' op result #0 'tensor<1099511627776xf32>' has more than the maximum of 1048576 elements per tile
func.func @huge(%x: f32) {
  %t = nv_tileaa.splat %x : f32 -> tensor<1099511627776xf32>
  return
}

// -----

// The element count of this shape overflows 64 bits.
// CHECK: error: 'nv_tileaa.func' op argument #0 'tensor<4611686018427387904x4611686018427387904x4xf32>' has more than the maximum of 1048576 elements per tile
nv_tileaa.func @overflow(%t: tensor<4611686018427387904x4611686018427387904x4xf32>) {
  nv_tileaa.return
}

// -----

// CHECK: error: invalid dimension
func.func private @too_large_to_parse(tensor<99999999999999999999xf32>)

// -----

// CHECK: error: 'nv_tileaa.func' op argument #0 'tensor<1025xf32>' has non-power-of-two dimension 1025 at index 0
nv_tileaa.func @non_pow2(%t: tensor<1025xf32>) {
  nv_tileaa.return
}

// -----

// CHECK: error: 'nv_tileaa.make_range' op result #0 'tensor<100xi32>' has non-power-of-two dimension 100 at index 0
func.func @range_non_pow2() {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 100 : i32} : tensor<100xi32>
  return
}

// -----

// CHECK: error: 'nv_tileaa.load' op operand #0 'tensor<0x!nv_tileaa.ptr<f32>>' has non-power-of-two dimension 0 at index 0
func.func @zero(%p: tensor<0x!nv_tileaa.ptr<f32>>) {
  %x = nv_tileaa.load %p : tensor<0x!nv_tileaa.ptr<f32>> -> tensor<0xf32>
  return
}

// -----

// CHECK: error: 'nv_tileaa.func' op argument #0 'tensor<4x?xf32>' has a dynamic dimension at index 1
nv_tileaa.func @dynamic(%t: tensor<4x?xf32>) {
  nv_tileaa.return
}

// -----

// CHECK: error: 'nv_tileaa.func' op argument #0 is a 0-d tensor 'tensor<i32>'; use a scalar instead of a rank-0 tile
nv_tileaa.func @rank0(%t: tensor<i32>) -> tensor<i32> {
  nv_tileaa.return %t : tensor<i32>
}

// -----

// CHECK: error: 'nv_tileaa.reduce' op axis -3 is out of range for a rank-2 tile; expected 0 <= axis < 2
func.func @negative_axis(%x: tensor<64x128xf32>) {
  %r = nv_tileaa.reduce %x {axis = -3 : i32} : tensor<64x128xf32> -> tensor<64xf32> {
  ^bb0(%l: f32, %r: f32):
    nv_tileaa.yield %l : f32
  }
  return
}

// -----

// CHECK: error: 'nv_tileaa.cat' op axis -1 is out of range for a rank-2 tile; expected 0 <= axis < 2
func.func @cat_negative_axis(%a: tensor<32x16xf32>) {
  %c = nv_tileaa.cat %a, %a {axis = -1 : i32} : tensor<32x16xf32>, tensor<32x16xf32> -> tensor<64x16xf32>
  return
}

// -----

// CHECK: error: 'nv_tileaa.scan' op axis 2147483647 is out of range for a rank-1 tile; expected 0 <= axis < 1
func.func @scan_huge_axis(%x: tensor<128xi32>) {
  %r = nv_tileaa.scan %x {axis = 2147483647 : i32, reverse = false} : tensor<128xi32> -> tensor<128xi32> {
  ^bb0(%l: i32, %r: i32):
    nv_tileaa.yield %l : i32
  }
  return
}

// -----

// CHECK: error: 'nv_tileaa.expand_dims' op axis -2147483648 is out of range for a rank-1 tile; expected 0 <= axis <= 1
func.func @expand_min_axis(%x: tensor<128xf32>) {
  %e = nv_tileaa.expand_dims %x {axis = -2147483648 : i32} : tensor<128xf32> -> tensor<1x128xf32>
  return
}

// -----

// CHECK: error: 'nv_tileaa.permute' op order [0, 2] is not a permutation of [0, 2)
func.func @permute_out_of_range(%x: tensor<64x32xf32>) {
  %p = nv_tileaa.permute %x {order = array<i32: 0, 2>} : tensor<64x32xf32> -> tensor<64x32xf32>
  return
}

// -----

// CHECK: error: 'nv_tileaa.extract_slice' op slice [-9223372036854775808, -9223372036854775808 + 16) along dimension 0 is out of bounds for the source extent 64
func.func @slice_min(%x: tensor<64xf32>) {
  %s = nv_tileaa.extract_slice %x {offsets = array<i64: -9223372036854775808>} : tensor<64xf32> -> tensor<16xf32>
  return
}

// -----

// CHECK: error: 'nv_tileaa.assume' op same_elements axis bound is out of range
func.func @assume_negative(%x: tensor<64xi32>) {
  %y = nv_tileaa.assume %x {same_elements = array<i64: -1>} : tensor<64xi32>
  return
}
