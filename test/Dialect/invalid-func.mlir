// Diagnostics of nv_tileaa.func, return, call, reduce, scan and yield.
// RUN: tileiras-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{'nv_tileaa.func' op expects a body; external nv_tileaa.func declarations are not supported}}
nv_tileaa.func private @external(f32) -> f32

// -----

nv_tileaa.func @return_count(%x: f32) -> f32 {
  // expected-error @+1 {{'nv_tileaa.return' op returns 0 value(s), but the enclosing function @return_count has 1 result(s)}}
  nv_tileaa.return
}

// -----

nv_tileaa.func @return_type(%x: f32) -> i32 {
  // expected-error @+1 {{'nv_tileaa.return' op operand #0 has type 'f32', but the enclosing function @return_type returns 'i32'}}
  nv_tileaa.return %x : f32
}

// -----

func.func @return_outside() {
  // expected-error @+1 {{'nv_tileaa.return' op expects parent op 'nv_tileaa.func'}}
  nv_tileaa.return
}

// -----

nv_tileaa.func @call_unknown() {
  // expected-error @+1 {{'nv_tileaa.call' op 'nope' does not reference a valid nv_tileaa.func}}
  nv_tileaa.call @nope() : () -> ()
  nv_tileaa.return
}

// -----

func.func @not_tileaa(%x: f32) -> f32 {
  return %x : f32
}

nv_tileaa.func @call_func_func(%x: f32) {
  // expected-error @+1 {{'nv_tileaa.call' op 'not_tileaa' does not reference a valid nv_tileaa.func}}
  %r = nv_tileaa.call @not_tileaa(%x) : (f32) -> f32
  nv_tileaa.return
}

// -----

nv_tileaa.func @kernel() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  nv_tileaa.return
}

nv_tileaa.func @call_kernel() {
  // expected-error @+1 {{'nv_tileaa.call' op cannot call kernel @kernel; only device functions (without nv_tileaa.kernel_spec) can be called}}
  nv_tileaa.call @kernel() : () -> ()
  nv_tileaa.return
}

// -----

nv_tileaa.func @helper(%x: f32) -> f32 {
  nv_tileaa.return %x : f32
}

nv_tileaa.func @call_arity(%x: f32) {
  // expected-error @+1 {{'nv_tileaa.call' op passes 2 operand(s), but @helper takes 1}}
  %r = nv_tileaa.call @helper(%x, %x) : (f32, f32) -> f32
  nv_tileaa.return
}

// -----

nv_tileaa.func @helper(%x: f32) -> f32 {
  nv_tileaa.return %x : f32
}

nv_tileaa.func @call_operand_type(%x: f16) {
  // expected-error @+1 {{'nv_tileaa.call' op operand #0 has type 'f16', but @helper expects 'f32'}}
  %r = nv_tileaa.call @helper(%x) : (f16) -> f32
  nv_tileaa.return
}

// -----

nv_tileaa.func @helper(%x: f32) -> f32 {
  nv_tileaa.return %x : f32
}

nv_tileaa.func @call_results(%x: f32) {
  // expected-error @+1 {{'nv_tileaa.call' op expects 0 result(s), but @helper returns 1}}
  nv_tileaa.call @helper(%x) : (f32) -> ()
  nv_tileaa.return
}

// -----

nv_tileaa.func @helper(%x: f32) -> f32 {
  nv_tileaa.return %x : f32
}

nv_tileaa.func @call_result_type(%x: f32) {
  // expected-error @+1 {{'nv_tileaa.call' op result #0 has type 'f64', but @helper returns 'f32'}}
  %r = nv_tileaa.call @helper(%x) : (f32) -> f64
  nv_tileaa.return
}

// -----

func.func @yield_outside() {
  // expected-error @+1 {{'nv_tileaa.yield' op expects parent op to be one of 'nv_tileaa.reduce, nv_tileaa.scan'}}
  nv_tileaa.yield
}

// -----

func.func @reduce_axis(%x: tensor<64x128xf32>) {
  // expected-error @+1 {{'nv_tileaa.reduce' op axis 2 is out of range for a rank-2 tile; expected 0 <= axis < 2}}
  %r = nv_tileaa.reduce %x {axis = 2 : i32} : tensor<64x128xf32> -> tensor<64xf32> {
  ^bb0(%l: f32, %r: f32):
    %m = arith.maximumf %l, %r : f32
    nv_tileaa.yield %m : f32
  }
  return
}

// -----

func.func @reduce_negative_axis(%x: tensor<64x128xf32>) {
  // expected-error @+1 {{'nv_tileaa.reduce' op axis -1 is out of range for a rank-2 tile; expected 0 <= axis < 2}}
  %r = nv_tileaa.reduce %x {axis = -1 : i32} : tensor<64x128xf32> -> tensor<64xf32> {
  ^bb0(%l: f32, %r: f32):
    %m = arith.maximumf %l, %r : f32
    nv_tileaa.yield %m : f32
  }
  return
}

// -----

func.func @reduce_result(%x: tensor<64x128xf32>) {
  // expected-error @+1 {{'nv_tileaa.reduce' op result type 'tensor<128xf32>' does not match the source with axis 1 removed (shape [64], element type 'f32')}}
  %r = nv_tileaa.reduce %x {axis = 1 : i32} : tensor<64x128xf32> -> tensor<128xf32> {
  ^bb0(%l: f32, %r: f32):
    %m = arith.maximumf %l, %r : f32
    nv_tileaa.yield %m : f32
  }
  return
}

// -----

func.func @reduce_1d_result(%x: tensor<128xf32>) {
  // expected-error @+1 {{'nv_tileaa.reduce' op reducing a 1-D tile yields the scalar 'f32', but the result type is 'tensor<1xf32>'}}
  %r = nv_tileaa.reduce %x {axis = 0 : i32} : tensor<128xf32> -> tensor<1xf32> {
  ^bb0(%l: f32, %r: f32):
    %m = arith.maximumf %l, %r : f32
    nv_tileaa.yield %m : f32
  }
  return
}

// -----

func.func @reduce_no_yield(%x: tensor<128xf32>) {
  // expected-error @+1 {{'nv_tileaa.reduce' op expects regions to end with 'nv_tileaa.yield'}}
  %r = nv_tileaa.reduce %x {axis = 0 : i32} : tensor<128xf32> -> f32 {
  ^bb0(%l: f32, %r: f32):
    %m = arith.maximumf %l, %r : f32
  }
  return
}

// -----

func.func @reduce_args(%x: tensor<128xf32>) {
  // expected-error @+1 {{'nv_tileaa.reduce' op combiner region must take two arguments of the element type 'f32', but takes (f32)}}
  %r = nv_tileaa.reduce %x {axis = 0 : i32} : tensor<128xf32> -> f32 {
  ^bb0(%l: f32):
    nv_tileaa.yield %l : f32
  }
  return
}

// -----

func.func @reduce_arg_type(%x: tensor<128xf32>) {
  // expected-error @+1 {{'nv_tileaa.reduce' op combiner region must take two arguments of the element type 'f32', but takes (f32, f16)}}
  %r = nv_tileaa.reduce %x {axis = 0 : i32} : tensor<128xf32> -> f32 {
  ^bb0(%l: f32, %r: f16):
    nv_tileaa.yield %l : f32
  }
  return
}

// -----

func.func @reduce_yield_type(%x: tensor<128xi32>) {
  %r = nv_tileaa.reduce %x {axis = 0 : i32} : tensor<128xi32> -> i32 {
  ^bb0(%l: i32, %r: i32):
    %e = arith.extsi %l : i32 to i64
    // expected-error @+1 {{'nv_tileaa.yield' op must yield one value of the element type 'i32', but yields (i64)}}
    nv_tileaa.yield %e : i64
  }
  return
}

// -----

func.func @reduce_isolated(%x: tensor<128xf32>, %y: f32) {
  %r = nv_tileaa.reduce %x {axis = 0 : i32} : tensor<128xf32> -> f32 {
  ^bb0(%l: f32, %r: f32):
    // expected-error @+2 {{using value defined outside the region}}
    // expected-note @-3 {{required by region isolation constraints}}
    %m = arith.addf %l, %y : f32
    nv_tileaa.yield %m : f32
  }
  return
}

// -----

func.func @scan_axis(%x: tensor<128xi32>) {
  // expected-error @+1 {{'nv_tileaa.scan' op axis 1 is out of range for a rank-1 tile; expected 0 <= axis < 1}}
  %r = nv_tileaa.scan %x {axis = 1 : i32, reverse = false} : tensor<128xi32> -> tensor<128xi32> {
  ^bb0(%l: i32, %r: i32):
    %m = arith.addi %l, %r : i32
    nv_tileaa.yield %m : i32
  }
  return
}

// -----

func.func @scan_result(%x: tensor<128xi32>) {
  // expected-error @+1 {{'nv_tileaa.scan' op result type 'tensor<128xi64>' must have the shape and element type of the source 'tensor<128xi32>'}}
  %r = nv_tileaa.scan %x {axis = 0 : i32, reverse = false} : tensor<128xi32> -> tensor<128xi64> {
  ^bb0(%l: i32, %r: i32):
    %m = arith.addi %l, %r : i32
    nv_tileaa.yield %m : i32
  }
  return
}

// -----

func.func @scan_no_yield(%x: tensor<128xi32>) {
  // expected-error @+1 {{'nv_tileaa.scan' op expects regions to end with 'nv_tileaa.yield'}}
  %r = nv_tileaa.scan %x {axis = 0 : i32, reverse = false} : tensor<128xi32> -> tensor<128xi32> {
  ^bb0(%l: i32, %r: i32):
    %m = arith.addi %l, %r : i32
  }
  return
}

// -----

func.func @scan_empty_block(%x: tensor<128xi32>) {
  // expected-error @+1 {{'nv_tileaa.scan' op expects a non-empty block}}
  %r = nv_tileaa.scan %x {axis = 0 : i32, reverse = false} : tensor<128xi32> -> tensor<128xi32> {
  ^bb0(%l: i32, %r: i32):
  }
  return
}

// -----

// nv_tileaa.noalias is the only nv_tileaa argument attribute.
// expected-error @+1 {{unknown argument attribute 'nv_tileaa.restrict'; the nv_tileaa dialect defines 'nv_tileaa.noalias' and 'nv_tileaa.tensor_map'}}
nv_tileaa.func @unknown_arg_attr(%p: !nv_tileaa.ptr<f32> {nv_tileaa.restrict}) {
  nv_tileaa.return
}

// -----

// expected-error @+1 {{'nv_tileaa.noalias' is a unit attribute}}
nv_tileaa.func @noalias_value(%p: !nv_tileaa.ptr<f32> {nv_tileaa.noalias = true}) {
  nv_tileaa.return
}

// -----

// expected-error @+1 {{'nv_tileaa.noalias' applies to pointer arguments only; argument #1 is 'i32'}}
nv_tileaa.func @noalias_scalar(%p: !nv_tileaa.ptr<f32> {nv_tileaa.noalias}, %n: i32 {nv_tileaa.noalias}) {
  nv_tileaa.return
}

// -----

// A tile of pointers is not a pointer argument.
// expected-error @+1 {{'nv_tileaa.noalias' applies to pointer arguments only; argument #0 is 'tensor<128x!nv_tileaa.ptr<f32>>'}}
func.func @noalias_tile(%p: tensor<128x!nv_tileaa.ptr<f32>> {nv_tileaa.noalias}) {
  return
}

// -----

// Declarations (no entry block) are checked against their signature.
// expected-error @+1 {{'nv_tileaa.noalias' applies to pointer arguments only; argument #0 is 'f32'}}
func.func private @noalias_declaration(f32 {nv_tileaa.noalias})
