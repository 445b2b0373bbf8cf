// Diagnostics of nv_tileaa.dot_scaled (block-scaled dot) and of the
// f8E8M0FNU scale tiles, which take no arithmetic.
// RUN: tileiras-opt %s -split-input-file -verify-diagnostics

func.func @operand_type(%a: tensor<16x32xf16>, %sa: tensor<16x1xf8E8M0FNU>, %b: tensor<32x8xf8E4M3FN>, %sb: tensor<1x8xf8E8M0FNU>, %c: tensor<16x8xf32>) {
  // expected-error @+1 {{'nv_tileaa.dot_scaled' op expects #A to be f8E4M3FN or f8E5M2, but got 'f16'}}
  %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c : tensor<16x32xf16> scale tensor<16x1xf8E8M0FNU>, tensor<32x8xf8E4M3FN> scale tensor<1x8xf8E8M0FNU>, tensor<16x8xf32> -> tensor<16x8xf32>
  return
}

// -----

func.func @scale_type(%a: tensor<16x32xf8E4M3FN>, %sa: tensor<16x1xi8>, %b: tensor<32x8xf8E5M2>, %sb: tensor<1x8xf8E8M0FNU>, %c: tensor<16x8xf32>) {
  // expected-error @+1 {{'nv_tileaa.dot_scaled' op expects the scales of A to be f8E8M0FNU, but got 'i8'}}
  %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c : tensor<16x32xf8E4M3FN> scale tensor<16x1xi8>, tensor<32x8xf8E5M2> scale tensor<1x8xf8E8M0FNU>, tensor<16x8xf32> -> tensor<16x8xf32>
  return
}

// -----

func.func @accumulator(%a: tensor<16x32xf8E4M3FN>, %sa: tensor<16x1xf8E8M0FNU>, %b: tensor<32x8xf8E4M3FN>, %sb: tensor<1x8xf8E8M0FNU>, %c: tensor<16x8xf16>) {
  // expected-error @+1 {{'nv_tileaa.dot_scaled' op expects #C and the result to be the same f32 tile}}
  %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c : tensor<16x32xf8E4M3FN> scale tensor<16x1xf8E8M0FNU>, tensor<32x8xf8E4M3FN> scale tensor<1x8xf8E8M0FNU>, tensor<16x8xf16> -> tensor<16x8xf16>
  return
}

// -----

func.func @rank(%a: tensor<2x16x32xf8E4M3FN>, %sa: tensor<16x1xf8E8M0FNU>, %b: tensor<32x8xf8E4M3FN>, %sb: tensor<1x8xf8E8M0FNU>, %c: tensor<16x8xf32>) {
  // expected-error @+1 {{'nv_tileaa.dot_scaled' op expects rank-2 operands, scales and accumulator}}
  %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c : tensor<2x16x32xf8E4M3FN> scale tensor<16x1xf8E8M0FNU>, tensor<32x8xf8E4M3FN> scale tensor<1x8xf8E8M0FNU>, tensor<16x8xf32> -> tensor<16x8xf32>
  return
}

// -----

func.func @shapes(%a: tensor<16x32xf8E4M3FN>, %sa: tensor<16x1xf8E8M0FNU>, %b: tensor<64x8xf8E4M3FN>, %sb: tensor<1x8xf8E8M0FNU>, %c: tensor<16x8xf32>) {
  // expected-error @+1 {{'nv_tileaa.dot_scaled' op expects A (M x K), B (K x N) and C (M x N), but got [16, 32], [64, 8] and [16, 8]}}
  %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c : tensor<16x32xf8E4M3FN> scale tensor<16x1xf8E8M0FNU>, tensor<64x8xf8E4M3FN> scale tensor<1x8xf8E8M0FNU>, tensor<16x8xf32> -> tensor<16x8xf32>
  return
}

// -----

func.func @k_block(%a: tensor<16x16xf8E4M3FN>, %sa: tensor<16x1xf8E8M0FNU>, %b: tensor<16x8xf8E4M3FN>, %sb: tensor<1x8xf8E8M0FNU>, %c: tensor<16x8xf32>) {
  // expected-error @+1 {{'nv_tileaa.dot_scaled' op expects K to be a multiple of 32 (one scale per 32 elements), but got 16}}
  %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c : tensor<16x16xf8E4M3FN> scale tensor<16x1xf8E8M0FNU>, tensor<16x8xf8E4M3FN> scale tensor<1x8xf8E8M0FNU>, tensor<16x8xf32> -> tensor<16x8xf32>
  return
}

// -----

func.func @scale_shape(%a: tensor<16x64xf8E4M3FN>, %sa: tensor<16x1xf8E8M0FNU>, %b: tensor<64x8xf8E4M3FN>, %sb: tensor<2x8xf8E8M0FNU>, %c: tensor<16x8xf32>) {
  // expected-error @+1 {{'nv_tileaa.dot_scaled' op expects scales of shapes [16, 2] and [2, 8] (one per 32 K elements), but got [16, 1] and [2, 8]}}
  %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c : tensor<16x64xf8E4M3FN> scale tensor<16x1xf8E8M0FNU>, tensor<64x8xf8E4M3FN> scale tensor<2x8xf8E8M0FNU>, tensor<16x8xf32> -> tensor<16x8xf32>
  return
}

// -----

func.func @scale_in_fp_to_fp(%s: tensor<16xf8E8M0FNU>) {
  // expected-error @+1 {{'nv_tileaa.fp_to_fp' op fp_to_fp source element type is not supported}}
  %f = nv_tileaa.fp_to_fp %s : tensor<16xf8E8M0FNU> -> tensor<16xf32>
  return
}
