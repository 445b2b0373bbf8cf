// Diagnostics of the float ops, mulhiui, fp_to_fp and dot. The dot messages
// and their order follow the reference implementation.
// RUN: tileiras-opt %s -split-input-file -verify-diagnostics

func.func @addf_int(%x: tensor<128xi32>) {
  // expected-error @+1 {{'nv_tileaa.addf' op operand #0 must be f16/bf16/f32/f64 scalar or tile, but got 'tensor<128xi32>'}}
  %z = nv_tileaa.addf %x, %x : tensor<128xi32>
  return
}

// -----

func.func @addf_f8(%x: tensor<128xf8E4M3FN>) {
  // expected-error @+1 {{'nv_tileaa.addf' op operand #0 must be f16/bf16/f32/f64 scalar or tile, but got 'tensor<128xf8E4M3FN>'}}
  %z = nv_tileaa.addf %x, %x : tensor<128xf8E4M3FN>
  return
}

// -----

func.func @addf_types(%x: tensor<128xf32>, %y: tensor<128xf16>) {
  // expected-error @+1 {{'nv_tileaa.addf' op requires the same type for all operands and results}}
  %z = "nv_tileaa.addf"(%x, %y) : (tensor<128xf32>, tensor<128xf16>) -> tensor<128xf32>
  return
}

// -----

func.func @addf_approx(%x: f32) {
  // expected-error @+1 {{'nv_tileaa.addf' op does not support rounding mode 'approx'; expected rn, rz, rm, rp}}
  %z = nv_tileaa.addf %x, %x {rounding_mode = #nv_tileaa.rounding<approx>} : f32
  return
}

// -----

func.func @subf_full(%x: f32) {
  // expected-error @+1 {{'nv_tileaa.subf' op does not support rounding mode 'full'; expected rn, rz, rm, rp}}
  %z = nv_tileaa.subf %x, %x {rounding_mode = #nv_tileaa.rounding<full>} : f32
  return
}

// -----

func.func @mulf_approx(%x: f32) {
  // expected-error @+1 {{'nv_tileaa.mulf' op does not support rounding mode 'approx'; expected rn, rz, rm, rp}}
  %z = nv_tileaa.mulf %x, %x {rounding_mode = #nv_tileaa.rounding<approx>} : f32
  return
}

// -----

func.func @fma_approx(%x: f32) {
  // expected-error @+1 {{'nv_tileaa.fma' op does not support rounding mode 'approx'; expected rn, rz, rm, rp}}
  %z = nv_tileaa.fma %x, %x, %x {rounding_mode = #nv_tileaa.rounding<approx>} : f32
  return
}

// -----

func.func @divf_approx_f64(%x: f64) {
  // expected-error @+1 {{'nv_tileaa.divf' op rounding mode 'approx' is not available for f64}}
  %z = nv_tileaa.divf %x, %x {rounding_mode = #nv_tileaa.rounding<approx>} : f64
  return
}

// -----

func.func @divf_full_f16(%x: tensor<16xf16>) {
  // expected-error @+1 {{'nv_tileaa.divf' op rounding mode 'full' requires f32, but the element type is 'f16'}}
  %z = nv_tileaa.divf %x, %x {rounding_mode = #nv_tileaa.rounding<full>} : tensor<16xf16>
  return
}

// -----

func.func @sqrt_full(%x: f32) {
  // expected-error @+1 {{'nv_tileaa.sqrt' op does not support rounding mode 'full'; expected rn, rz, rm, rp, approx}}
  %z = nv_tileaa.sqrt %x {rounding_mode = #nv_tileaa.rounding<full>} : f32
  return
}

// -----

func.func @rsqrt_rn(%x: f32) {
  // expected-error @+1 {{'nv_tileaa.rsqrt' op does not support rounding mode 'rn'; expected approx}}
  %z = nv_tileaa.rsqrt %x {rounding_mode = #nv_tileaa.rounding<rn>} : f32
  return
}

// -----

func.func @exp2_rz(%x: f32) {
  // expected-error @+1 {{'nv_tileaa.exp2' op does not support rounding mode 'rz'; expected approx}}
  %z = nv_tileaa.exp2 %x {rounding_mode = #nv_tileaa.rounding<rz>} : f32
  return
}

// -----

func.func @exp2_approx_f64(%x: f64) {
  // expected-error @+1 {{'nv_tileaa.exp2' op rounding mode 'approx' is not available for f64}}
  %z = nv_tileaa.exp2 %x {rounding_mode = #nv_tileaa.rounding<approx>} : f64
  return
}

// -----

func.func @mulhiui_float(%x: f32) {
  // expected-error @+1 {{'nv_tileaa.mulhiui' op operand #0 must be integer scalar or tile, but got 'f32'}}
  %z = nv_tileaa.mulhiui %x, %x : f32
  return
}

// -----

func.func @fp_to_fp_int_src(%x: tensor<128xi32>) {
  // expected-error @+1 {{'nv_tileaa.fp_to_fp' op fp_to_fp source element type is not supported}}
  %h = nv_tileaa.fp_to_fp %x : tensor<128xi32> -> tensor<128xf16>
  return
}

// -----

func.func @fp_to_fp_int_result(%x: f32) {
  // expected-error @+1 {{'nv_tileaa.fp_to_fp' op fp_to_fp result element type is not supported}}
  %h = nv_tileaa.fp_to_fp %x : f32 -> i16
  return
}

// -----

func.func @fp_to_fp_f4(%x: f32) {
  // expected-error @+1 {{'nv_tileaa.fp_to_fp' op fp_to_fp result element type is not supported}}
  %h = nv_tileaa.fp_to_fp %x : f32 -> f4E2M1FN
  return
}

// -----

func.func @fp_to_fp_shape(%x: tensor<128xf32>) {
  // expected-error @+1 {{'nv_tileaa.fp_to_fp' op result 'tensor<64xf16>' must have the shape of the source 'tensor<128xf32>'}}
  %h = nv_tileaa.fp_to_fp %x : tensor<128xf32> -> tensor<64xf16>
  return
}

// -----

func.func @fp_to_fp_approx(%x: f32) {
  // expected-error @+1 {{'nv_tileaa.fp_to_fp' op does not support rounding mode 'approx'; expected rn, rz, rm, rp}}
  %h = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<approx>} : f32 -> f16
  return
}

// -----

func.func @fp_to_fp_f8_rz(%x: f32) {
  // expected-error @+1 {{'nv_tileaa.fp_to_fp' op conversion to 'f8E5M2' supports only rounding mode 'rn'}}
  %h = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa.rounding<rz>} : f32 -> f8E5M2
  return
}

// -----

func.func @dot_mixed(%a: tensor<16x16xi8>, %b: tensor<16x16xi8>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'nv_tileaa.dot' op expected the element types of A, B, C, and D to be either all integers or all floats.}}
  %d = nv_tileaa.dot %a, %b, %c : tensor<16x16xi8>, tensor<16x16xi8>, tensor<16x16xf32> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_width(%a: tensor<16x16xi8>, %b: tensor<16x16xi16>, %c: tensor<16x16xi32>) {
  // expected-error @+1 {{'nv_tileaa.dot' op expects #A and #B have same bit width but got 8 vs 16}}
  %d = nv_tileaa.dot %a, %b, %c {signedness_a = #nv_tileaa.signedness<signed>, signedness_b = #nv_tileaa.signedness<signed>} : tensor<16x16xi8>, tensor<16x16xi16>, tensor<16x16xi32> -> tensor<16x16xi32>
  return
}

// -----

func.func @dot_signedness_a(%a: tensor<16x16xi8>, %c: tensor<16x16xi32>) {
  // expected-error @+1 {{'nv_tileaa.dot' op expect signedness attribute for operand A}}
  %d = nv_tileaa.dot %a, %a, %c : tensor<16x16xi8>, tensor<16x16xi8>, tensor<16x16xi32> -> tensor<16x16xi32>
  return
}

// -----

func.func @dot_signedness_b(%a: tensor<16x16xi8>, %c: tensor<16x16xi32>) {
  // expected-error @+1 {{'nv_tileaa.dot' op expect signedness attribute for operand B}}
  %d = nv_tileaa.dot %a, %a, %c {signedness_a = #nv_tileaa.signedness<unsigned>} : tensor<16x16xi8>, tensor<16x16xi8>, tensor<16x16xi32> -> tensor<16x16xi32>
  return
}

// -----

func.func @dot_i16(%a: tensor<16x16xi16>, %c: tensor<16x16xi32>) {
  // expected-error @+1 {{'nv_tileaa.dot' op integer dot expects i8 operands #A and #B, but got 'i16'}}
  %d = nv_tileaa.dot %a, %a, %c {signedness_a = #nv_tileaa.signedness<signed>, signedness_b = #nv_tileaa.signedness<signed>} : tensor<16x16xi16>, tensor<16x16xi16>, tensor<16x16xi32> -> tensor<16x16xi32>
  return
}

// -----

func.func @dot_i64_acc(%a: tensor<16x16xi8>, %c: tensor<16x16xi64>) {
  // expected-error @+1 {{'nv_tileaa.dot' op integer dot expects an i32 accumulator #C, but got 'i64'}}
  %d = nv_tileaa.dot %a, %a, %c {signedness_a = #nv_tileaa.signedness<signed>, signedness_b = #nv_tileaa.signedness<signed>} : tensor<16x16xi8>, tensor<16x16xi8>, tensor<16x16xi64> -> tensor<16x16xi64>
  return
}

// -----

func.func @dot_int_nan(%a: tensor<16x16xi8>, %c: tensor<16x16xi32>) {
  // expected-error @+1 {{'nv_tileaa.dot' op propagate_nan applies only to floating-point dot}}
  %d = nv_tileaa.dot %a, %a, %c {propagate_nan, signedness_a = #nv_tileaa.signedness<signed>, signedness_b = #nv_tileaa.signedness<signed>} : tensor<16x16xi8>, tensor<16x16xi8>, tensor<16x16xi32> -> tensor<16x16xi32>
  return
}

// -----

// f16 accumulators are for f16 operands only.
func.func @dot_f16_acc(%a: tensor<16x16xbf16>, %c: tensor<16x16xf16>) {
  // expected-error @+1 {{'nv_tileaa.dot' op expects #C element type to be f32, but got 'f16'}}
  %d = nv_tileaa.dot %a, %a, %c : tensor<16x16xbf16>, tensor<16x16xbf16>, tensor<16x16xf16> -> tensor<16x16xf16>
  return
}

// -----

func.func @dot_f64_acc(%a: tensor<16x16xf64>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'nv_tileaa.dot' op expects #C element type to be f64 for f64 operands, but got 'f32'}}
  %d = nv_tileaa.dot %a, %a, %c : tensor<16x16xf64>, tensor<16x16xf64>, tensor<16x16xf32> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_ab_types(%a: tensor<16x16xf16>, %b: tensor<16x16xbf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'nv_tileaa.dot' op expects #A and #B to have the same element type, but got 'f16' vs 'bf16'}}
  %d = nv_tileaa.dot %a, %b, %c : tensor<16x16xf16>, tensor<16x16xbf16>, tensor<16x16xf32> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_float_signedness(%a: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'nv_tileaa.dot' op signedness attributes apply only to integer dot}}
  %d = nv_tileaa.dot %a, %a, %c {signedness_a = #nv_tileaa.signedness<signed>} : tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf32> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_d_elem(%a: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{'nv_tileaa.dot' op expects result #D element type to equal #C element type 'f32', but got 'f16'}}
  %d = nv_tileaa.dot %a, %a, %c : tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf32> -> tensor<16x16xf16>
  return
}

// -----

func.func @dot_rank(%a: tensor<16xf16>, %c: tensor<16xf32>) {
  // expected-error @+1 {{'nv_tileaa.dot' op expects rank-2 or rank-3 tensor for result, but got (1)}}
  %d = nv_tileaa.dot %a, %a, %c : tensor<16xf16>, tensor<16xf16>, tensor<16xf32> -> tensor<16xf32>
  return
}

// -----

func.func @dot_operand_rank(%a: tensor<2x16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<2x16x16xf32>) {
  // expected-error @+1 {{'nv_tileaa.dot' op expects #A, #B and #C to have the rank of the result (3)}}
  %d = nv_tileaa.dot %a, %b, %c : tensor<2x16x16xf16>, tensor<16x16xf16>, tensor<2x16x16xf32> -> tensor<2x16x16xf32>
  return
}

// -----

func.func @dot_k(%a: tensor<64x32xf16>, %b: tensor<16x64xf16>, %c: tensor<64x64xf32>) {
  // expected-error @+1 {{'nv_tileaa.dot' op expects the shape of operand #A and #B to be compatible}}
  %d = nv_tileaa.dot %a, %b, %c : tensor<64x32xf16>, tensor<16x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
  return
}

// -----

func.func @dot_batch(%a: tensor<2x64x32xf16>, %b: tensor<4x32x64xf16>, %c: tensor<2x64x64xf32>) {
  // expected-error @+1 {{'nv_tileaa.dot' op expects the shape of operand #A and #B to be compatible}}
  %d = nv_tileaa.dot %a, %b, %c : tensor<2x64x32xf16>, tensor<4x32x64xf16>, tensor<2x64x64xf32> -> tensor<2x64x64xf32>
  return
}

// -----

func.func @dot_c(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<64x32xf32>) {
  // expected-error @+1 {{'nv_tileaa.dot' op expects the shape of operand #C is compatible with operands #A and #B}}
  %d = nv_tileaa.dot %a, %b, %c : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x32xf32> -> tensor<64x32xf32>
  return
}

// -----

func.func @dot_d_shape(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<64x64xf32>) {
  // expected-error @+1 {{'nv_tileaa.dot' op expects result #D to have the shape of #C}}
  %d = nv_tileaa.dot %a, %b, %c : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<32x64xf32>
  return
}

// -----

func.func @dot_scalar(%a: f16, %c: f32) {
  // expected-error @+1 {{custom op 'nv_tileaa.dot' invalid kind of type specified: expected builtin.tensor, but found 'f16'}}
  %d = nv_tileaa.dot %a, %a, %c : f16, f16, f32 -> f32
  return
}

// -----

func.func @fp_to_fp_scalar_tile(%x: f32) {
  // expected-error @+1 {{'nv_tileaa.fp_to_fp' op result 'tensor<4xf16>' must have the shape of the source 'f32'}}
  %h = nv_tileaa.fp_to_fp %x : f32 -> tensor<4xf16>
  return
}

// -----

// The check order: element types are checked before shapes.
func.func @dot_order(%a: tensor<64x32xbf16>, %b: tensor<16x64xbf16>, %c: tensor<64x64xf16>) {
  // expected-error @+1 {{'nv_tileaa.dot' op expects #C element type to be f32, but got 'f16'}}
  %d = nv_tileaa.dot %a, %b, %c : tensor<64x32xbf16>, tensor<16x64xbf16>, tensor<64x64xf16> -> tensor<64x64xf16>
  return
}
