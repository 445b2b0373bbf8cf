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

// -----

// FP4: the format attribute says the i8 tile holds packed f4E2M1FN pairs.
func.func @fp4_format(%a: tensor<16x16xi8>, %sa: tensor<16x1xf8E8M0FNU>, %b: tensor<16x8xi8>, %sb: tensor<1x8xf8E8M0FNU>, %c: tensor<16x8xf32>) {
  // expected-error @+1 {{'nv_tileaa.dot_scaled' op expects a_format to be f4E2M1FN (the packed format), but got f8E4M3FN}}
  %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c {a_format = f8E4M3FN, b_format = f4E2M1FN} : tensor<16x16xi8> scale tensor<16x1xf8E8M0FNU>, tensor<16x8xi8> scale tensor<1x8xf8E8M0FNU>, tensor<16x8xf32> -> tensor<16x8xf32>
  return
}

// -----

func.func @fp4_bytes(%a: tensor<16x16xi8>, %sa: tensor<16x1xf8E8M0FNU>, %b: tensor<16x8xf8E4M3FN>, %sb: tensor<1x8xf8E8M0FNU>, %c: tensor<16x8xf32>) {
  // expected-error @+1 {{'nv_tileaa.dot_scaled' op expects #B to be an i8 tile of packed f4E2M1FN pairs, but got 'f8E4M3FN'}}
  %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c {a_format = f4E2M1FN, b_format = f4E2M1FN} : tensor<16x16xi8> scale tensor<16x1xf8E8M0FNU>, tensor<16x8xf8E4M3FN> scale tensor<1x8xf8E8M0FNU>, tensor<16x8xf32> -> tensor<16x8xf32>
  return
}

// -----

func.func @fp4_k(%a: tensor<16x32xi8>, %sa: tensor<16x2xf8E8M0FNU>, %b: tensor<32x8xf8E4M3FN>, %sb: tensor<2x8xf8E8M0FNU>, %c: tensor<16x8xf32>) {
  // expected-error @+1 {{'nv_tileaa.dot_scaled' op expects A (M x K), B (K x N) and C (M x N) (a packed FP4 operand has K/2 bytes), but got [16, 32], [32, 8] and [16, 8]}}
  %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c {a_format = f4E2M1FN} : tensor<16x32xi8> scale tensor<16x2xf8E8M0FNU>, tensor<32x8xf8E4M3FN> scale tensor<2x8xf8E8M0FNU>, tensor<16x8xf32> -> tensor<16x8xf32>
  return
}

// -----

// ue4m3 scales only with two FP4 operands.
func.func @e4m3_scales_fp8(%a: tensor<16x32xf8E4M3FN>, %sa: tensor<16x2xf8E4M3FN>, %b: tensor<32x8xf8E4M3FN>, %sb: tensor<2x8xf8E4M3FN>, %c: tensor<16x8xf32>) {
  // expected-error @+1 {{'nv_tileaa.dot_scaled' op expects the scales of A to be f8E8M0FNU, but got 'f8E4M3FN'}}
  %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c : tensor<16x32xf8E4M3FN> scale tensor<16x2xf8E4M3FN>, tensor<32x8xf8E4M3FN> scale tensor<2x8xf8E4M3FN>, tensor<16x8xf32> -> tensor<16x8xf32>
  return
}

// -----

func.func @scale_types_differ(%a: tensor<16x32xi8>, %sa: tensor<16x4xf8E4M3FN>, %b: tensor<32x8xi8>, %sb: tensor<4x8xf8E8M0FNU>, %c: tensor<16x8xf32>) {
  // expected-error @+1 {{'nv_tileaa.dot_scaled' op expects the scales of A and B to have one type, but got 'f8E4M3FN' and 'f8E8M0FNU'}}
  %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c {a_format = f4E2M1FN, b_format = f4E2M1FN} : tensor<16x32xi8> scale tensor<16x4xf8E4M3FN>, tensor<32x8xi8> scale tensor<4x8xf8E8M0FNU>, tensor<16x8xf32> -> tensor<16x8xf32>
  return
}

// -----

// f8E4M3FN scales: one per 16 K elements.
func.func @e4m3_block(%a: tensor<16x32xi8>, %sa: tensor<16x2xf8E4M3FN>, %b: tensor<32x8xi8>, %sb: tensor<2x8xf8E4M3FN>, %c: tensor<16x8xf32>) {
  // expected-error @+1 {{'nv_tileaa.dot_scaled' op expects scales of shapes [16, 4] and [4, 8] (one per 16 K elements), but got [16, 2] and [2, 8]}}
  %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c {a_format = f4E2M1FN, b_format = f4E2M1FN} : tensor<16x32xi8> scale tensor<16x2xf8E4M3FN>, tensor<32x8xi8> scale tensor<2x8xf8E4M3FN>, tensor<16x8xf32> -> tensor<16x8xf32>
  return
}

// -----

// f8E8M0FNU scales of FP4 operands: per 32 or per 16 K elements.
func.func @e8m0_fp4_block(%a: tensor<16x32xi8>, %sa: tensor<16x1xf8E8M0FNU>, %b: tensor<32x8xi8>, %sb: tensor<1x8xf8E8M0FNU>, %c: tensor<16x8xf32>) {
  // expected-error @+1 {{'nv_tileaa.dot_scaled' op expects scales of shapes [16, 2] and [2, 8] (one per 32 K elements) or [16, 4] and [4, 8] (one per 16), but got [16, 1] and [1, 8]}}
  %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c {a_format = f4E2M1FN, b_format = f4E2M1FN} : tensor<16x32xi8> scale tensor<16x1xf8E8M0FNU>, tensor<32x8xi8> scale tensor<1x8xf8E8M0FNU>, tensor<16x8xf32> -> tensor<16x8xf32>
  return
}

// -----

// a_unpacked (one f4E2M1FN value a byte) says how an FP4 operand is held:
// it needs a_format = f4E2M1FN.
func.func @unpacked_without_format(%a: tensor<16x32xf8E4M3FN>, %sa: tensor<16x1xf8E8M0FNU>, %b: tensor<32x8xf8E4M3FN>, %sb: tensor<1x8xf8E8M0FNU>, %c: tensor<16x8xf32>) {
  // expected-error @+1 {{'nv_tileaa.dot_scaled' op expects a_unpacked only with a_format = f4E2M1FN}}
  %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c {a_unpacked} : tensor<16x32xf8E4M3FN> scale tensor<16x1xf8E8M0FNU>, tensor<32x8xf8E4M3FN> scale tensor<1x8xf8E8M0FNU>, tensor<16x8xf32> -> tensor<16x8xf32>
  return
}

// -----

func.func @unpacked_not_bytes(%a: tensor<16x32xi8>, %sa: tensor<16x1xf8E8M0FNU>, %b: tensor<32x8xf8E4M3FN>, %sb: tensor<1x8xf8E8M0FNU>, %c: tensor<16x8xf32>) {
  // expected-error @+1 {{'nv_tileaa.dot_scaled' op expects #B to be an i8 tile of f4E2M1FN values one a byte, but got 'f8E4M3FN'}}
  %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c {a_format = f4E2M1FN, a_unpacked, b_format = f4E2M1FN, b_unpacked} : tensor<16x32xi8> scale tensor<16x1xf8E8M0FNU>, tensor<32x8xf8E4M3FN> scale tensor<1x8xf8E8M0FNU>, tensor<16x8xf32> -> tensor<16x8xf32>
  return
}
