// Diagnostics of assert, print, assume and the memory tokens.
// RUN: tileiras-opt %s -split-input-file -verify-diagnostics

func.func @assert_cond(%c: tensor<128xi32>) {
  // expected-error @+1 {{'nv_tileaa.assert' op operand #0 must be i1 scalar or tile, but got 'tensor<128xi32>'}}
  nv_tileaa.assert %c, "bad" : tensor<128xi32>
  return
}

// -----

func.func @print_count(%x: tensor<128xf32>) {
  // expected-error @+1 {{'nv_tileaa.print' op format string has 2 conversion specifier(s), but 1 operand(s) were given}}
  nv_tileaa.print "x=%f y=%f\n", %x : tensor<128xf32>
  return
}

// -----

func.func @print_none(%x: i32) {
  // expected-error @+1 {{'nv_tileaa.print' op format string has 0 conversion specifier(s), but 1 operand(s) were given}}
  nv_tileaa.print "100%%\n", %x : i32
  return
}

// -----

func.func @print_unsupported(%x: i32) {
  // expected-error @+1 {{'nv_tileaa.print' op format string has an unsupported conversion specifier '%s' at offset 2; expected one of d i o u x X c f F e E g G a A p}}
  nv_tileaa.print "x=%s", %x : i32
  return
}

// -----

func.func @print_truncated(%x: i32) {
  // expected-error @+1 {{'nv_tileaa.print' op format string ends inside the conversion specifier at offset 2}}
  nv_tileaa.print "x=%-08", %x : i32
  return
}

// -----

func.func @print_float_for_int(%x: i32) {
  // expected-error @+1 {{'nv_tileaa.print' op conversion '%f' expects a floating-point operand, but operand #0 has element type 'i32'}}
  nv_tileaa.print "x=%f", %x : i32
  return
}

// -----

func.func @print_int_for_float(%x: tensor<4xf16>) {
  // expected-error @+1 {{'nv_tileaa.print' op conversion '%lld' expects an integer operand, but operand #0 has element type 'f16'}}
  nv_tileaa.print "x=%lld", %x : tensor<4xf16>
  return
}

// -----

func.func @print_ptr(%x: i64) {
  // expected-error @+1 {{'nv_tileaa.print' op conversion '%p' expects a pointer operand, but operand #0 has element type 'i64'}}
  nv_tileaa.print "p=%p", %x : i64
  return
}

// -----

func.func @print_shapes(%x: tensor<4xf32>, %y: tensor<8xf32>) {
  // expected-error @+1 {{'nv_tileaa.print' op tile operands must all have the same shape, but operand #1 has type 'tensor<8xf32>'}}
  nv_tileaa.print "%f %f", %x, %y : tensor<4xf32>, tensor<8xf32>
  return
}

// -----

func.func @print_token(%t: !nv_tileaa.mem_token) {
  // expected-error @+1 {{'nv_tileaa.print' op operand #0 must be an integer, float or pointer scalar or tile, but got '!nv_tileaa.mem_token'}}
  nv_tileaa.print "%d", %t : !nv_tileaa.mem_token
  return
}

// -----

func.func @assume_empty(%x: i32) {
  // expected-error @+1 {{'nv_tileaa.assume' op expects at least one predicate: div_by, bounded or same_elements}}
  %y = nv_tileaa.assume %x : i32
  return
}

// -----

func.func @assume_div_float(%x: f32) {
  // expected-error @+1 {{'nv_tileaa.assume' op div_by requires an integer-, pointer-, or memref-like value}}
  %y = nv_tileaa.assume %x {div_by = 16 : i64} : f32
  return
}

// -----

func.func @assume_div_pow2(%x: i32) {
  // expected-error @+1 {{'nv_tileaa.assume' op div_by divisor must be a positive power of two}}
  %y = nv_tileaa.assume %x {div_by = 12 : i64} : i32
  return
}

// -----

func.func @assume_div_negative(%x: i32) {
  // expected-error @+1 {{'nv_tileaa.assume' op div_by divisor must be a positive power of two}}
  %y = nv_tileaa.assume %x {div_by = -16 : i64} : i32
  return
}

// -----

func.func @assume_every_alone(%x: tensor<128xi32>) {
  // expected-error @+1 {{'nv_tileaa.assume' op div_by every and along must appear together}}
  %y = nv_tileaa.assume %x {div_by = 16 : i64, every = 4 : i64} : tensor<128xi32>
  return
}

// -----

func.func @assume_every_no_div(%x: tensor<128xi32>) {
  // expected-error @+1 {{'nv_tileaa.assume' op 'every' and 'along' refine div_by and require it}}
  %y = nv_tileaa.assume %x {every = 4 : i64, along = 0 : i64, bounded = array<i64: 0, 7>} : tensor<128xi32>
  return
}

// -----

func.func @assume_every_positive(%x: tensor<128xi32>) {
  // expected-error @+1 {{'nv_tileaa.assume' op div_by every must be positive}}
  %y = nv_tileaa.assume %x {div_by = 16 : i64, every = 0 : i64, along = 0 : i64} : tensor<128xi32>
  return
}

// -----

func.func @assume_along(%x: tensor<128xi32>) {
  // expected-error @+1 {{'nv_tileaa.assume' op div_by along must reference a valid axis}}
  %y = nv_tileaa.assume %x {div_by = 16 : i64, every = 4 : i64, along = 1 : i64} : tensor<128xi32>
  return
}

// -----

func.func @assume_bounded_size(%x: i32) {
  // expected-error @+1 {{'nv_tileaa.assume' op bounded expects two values array<i64: lower, upper>, but got 3}}
  %y = nv_tileaa.assume %x {bounded = array<i64: 0, 1, 2>} : i32
  return
}

// -----

func.func @assume_bounded_float(%x: tensor<4xf32>) {
  // expected-error @+1 {{'nv_tileaa.assume' op bounded requires an integer-like element type}}
  %y = nv_tileaa.assume %x {bounded = array<i64: 0, 1>} : tensor<4xf32>
  return
}

// -----

func.func @assume_bounded_lower(%x: i8) {
  // expected-error @+1 {{'nv_tileaa.assume' op bounded lower exceeds the element's representable range}}
  %y = nv_tileaa.assume %x {bounded = array<i64: -129, 0>} : i8
  return
}

// -----

func.func @assume_bounded_upper(%x: i16) {
  // expected-error @+1 {{'nv_tileaa.assume' op bounded upper exceeds the element's representable range}}
  %y = nv_tileaa.assume %x {bounded = array<i64: 0, 32768>} : i16
  return
}

// -----

func.func @assume_bounded_order(%x: i32) {
  // expected-error @+1 {{'nv_tileaa.assume' op bounded lower must not exceed upper}}
  %y = nv_tileaa.assume %x {bounded = array<i64: 10, 2>} : i32
  return
}

// -----

func.func @assume_same_rank(%x: tensor<64x64xi32>) {
  // expected-error @+1 {{'nv_tileaa.assume' op same_elements length must match the constrained value's rank}}
  %y = nv_tileaa.assume %x {same_elements = array<i64: 16>} : tensor<64x64xi32>
  return
}

// -----

func.func @assume_same_range(%x: tensor<64x64xi32>) {
  // expected-error @+1 {{'nv_tileaa.assume' op same_elements axis bound is out of range}}
  %y = nv_tileaa.assume %x {same_elements = array<i64: 1, 128>} : tensor<64x64xi32>
  return
}

// -----

func.func @assume_type(%x: i32) {
  // expected-error @+1 {{'nv_tileaa.assume' op failed to verify that all of {value, result} have same type}}
  %y = "nv_tileaa.assume"(%x) <{div_by = 4 : i64}> : (i32) -> i64
  return
}

// -----

func.func @join_not_token(%x: i32) {
  // expected-error @+1 {{'nv_tileaa.join_mem_token' op operand #0 must be variadic of !nv_tileaa.mem_token, but got 'i32'}}
  %t = "nv_tileaa.join_mem_token"(%x) : (i32) -> !nv_tileaa.mem_token
  return
}
