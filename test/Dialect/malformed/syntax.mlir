// Malformed nv_tileaa input: each chunk must be rejected with a diagnostic,
// never a crash (`not` fails on a crash).
// RUN: not tileiras-opt %s -split-input-file 2>&1 | FileCheck %s

// CHECK: error: custom op 'nv_tileaa.frobnicate' is unknown
func.func @unknown_op(%x: f32) {
  %y = nv_tileaa.frobnicate %x : f32
  return
}

// -----

// CHECK: error: unregistered operation 'nv_tileaa.frob' found in dialect ('nv_tileaa') that does not allow unknown operations
func.func @unknown_generic_op() {
  "nv_tileaa.frob"() : () -> ()
  return
}

// -----

// CHECK: error: unknown attribute `bogus` in dialect `nv_tileaa`
func.func private @unknown_attr() attributes {a = #nv_tileaa.bogus<1>}

// -----

// CHECK: error: unknown  type `pointer` in dialect `nv_tileaa`
func.func private @unknown_type(!nv_tileaa.pointer<f32>)

// -----

// CHECK: error: unknown attribute 'nv_tileaa.cluster'; the nv_tileaa dialect defines
module attributes {nv_tileaa.cluster = 2 : i32} {
}

// -----

// CHECK: error: expected '>'
func.func private @ptr_unclosed(!nv_tileaa.ptr<f32, 1, 2>)

// -----

// CHECK: error: expected non-function type
func.func private @ptr_empty(!nv_tileaa.ptr<>)

// -----

// CHECK: error: !nv_tileaa.ptr address space 7 is not supported
func.func private @ptr_space(!nv_tileaa.ptr<i8, 7>)

// -----

// CHECK: error: !nv_tileaa.ptr address space -1 is not supported
func.func private @ptr_negative_space(!nv_tileaa.ptr<i8, -1>)

// -----

// CHECK: error: expected integer value
func.func private @bad_warps() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = >}

// -----

// CHECK: error: expected '='
func.func private @bad_warps2() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps 4>}

// -----

// CHECK: error: expected integer value
func.func private @float_warps() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1.5>}

// -----

// CHECK: error: integer value too large
func.func private @huge_warps() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 99999999999999999999999>}

// -----

// CHECK: error: #nv_tileaa.kernel_spec numWarps must be a power of two from 1 to 32, but got -4
func.func private @negative_warps() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = -4>}

// -----

// CHECK: error: expected '['
func.func private @cluster_no_list() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<clusterDim = 2>}

// -----

// CHECK: error: #nv_tileaa.kernel_spec clusterDim extents must be positive, but extent 0 is -1
func.func private @cluster_negative() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<clusterDim = [-1, 1, 1]>}

// -----

// CHECK: error: expected '<'
func.func private @kernel_spec_bare() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec}

// -----

// CHECK: error: custom op 'nv_tileaa.get_program_id' expected grid dimension x, y or z, but got 'w'
func.func @bad_dim() {
  %p = nv_tileaa.get_program_id w : i32
  return
}

// -----

// CHECK: error: 'nv_tileaa.get_program_id' op result #0 must be 32-bit signless integer, but got 'i64'
func.func @bad_pid_type() {
  %p = nv_tileaa.get_program_id x : i64
  return
}

// -----

// CHECK: error: expected ':'
func.func @missing_types(%p: !nv_tileaa.ptr<f32>) {
  %x = nv_tileaa.load %p
  return
}

// -----

// CHECK: error: expected '->'
func.func @missing_result_type(%p: !nv_tileaa.ptr<f32>) {
  %x = nv_tileaa.load %p : !nv_tileaa.ptr<f32>
  return
}

// -----

// CHECK: error: expected SSA operand
func.func @extra_comma(%p: !nv_tileaa.ptr<f32>) {
  %x = nv_tileaa.load %p, : !nv_tileaa.ptr<f32> -> f32
  return
}

// -----

// CHECK: error: use of undeclared SSA value name
func.func @undefined_value() {
  %x = nv_tileaa.sqrt %nope : f32
  return
}

// -----

// CHECK: error: 'nv_tileaa.fma' op operand #0 must be f16/bf16/f32/f64 scalar or tile, but got 'i32'
func.func @wrong_type(%x: i32) {
  %y = nv_tileaa.fma %x, %x, %x : i32
  return
}

// -----

// CHECK: error: 'nv_tileaa.splat' op result #0 'tensor<4x!nv_tileaa.mem_token>' has element type '!nv_tileaa.mem_token', which is not a tile element type
func.func @splat_token(%t: !nv_tileaa.mem_token) {
  %x = nv_tileaa.splat %t : !nv_tileaa.mem_token -> tensor<4x!nv_tileaa.mem_token>
  return
}

// -----

// CHECK: error: custom op 'nv_tileaa.create_mem_token' invalid kind of type specified: expected nv_tileaa.mem_token, but found 'i32'
func.func @token_type() {
  %t = nv_tileaa.create_mem_token : i32
  return
}

// -----

// CHECK: error: expected attribute value
func.func @bad_axis(%x: tensor<128xf32>) {
  %e = nv_tileaa.expand_dims %x {axis = } : tensor<128xf32> -> tensor<1x128xf32>
  return
}

// -----

// CHECK: error: 'nv_tileaa.expand_dims' op requires attribute 'axis'
func.func @missing_axis(%x: tensor<128xf32>) {
  %e = nv_tileaa.expand_dims %x : tensor<128xf32> -> tensor<1x128xf32>
  return
}

// -----

// CHECK: error: custom op 'nv_tileaa.permute' 'nv_tileaa.permute' op attribute 'order' failed to satisfy constraint: i32 dense array attribute
func.func @order_i64(%x: tensor<64x32xf32>) {
  %p = nv_tileaa.permute %x {order = array<i64: 1, 0>} : tensor<64x32xf32> -> tensor<32x64xf32>
  return
}

// -----

// CHECK: error: expected ':'
func.func @print_no_type(%x: f32) {
  nv_tileaa.print "%f", %x
  return
}

// -----

// CHECK: error: custom op 'nv_tileaa.assert' expected string
func.func @assert_no_message(%c: i1) {
  nv_tileaa.assert %c, : i1
  return
}

// -----

// CHECK: error: expected '{' to begin a region
func.func @reduce_no_region(%x: tensor<128xf32>) {
  %r = nv_tileaa.reduce %x {axis = 0 : i32} : tensor<128xf32> -> f32
  return
}

// -----

// CHECK: error: expected '('
nv_tileaa.func @no_args {
  nv_tileaa.return
}

// -----

// CHECK: error: custom op 'nv_tileaa.load' expected a pointer or a tile of pointers, but got 'i64'
func.func @load_int(%p: i64) {
  %x = nv_tileaa.load %p : i64 -> f32
  return
}

// -----

// CHECK: error: custom op 'nv_tileaa.atomic_rmw' unknown atomic_rmw mode 'sub'
func.func @rmw_sub(%p: !nv_tileaa.ptr<i32>, %v: i32) {
  %o = nv_tileaa.atomic_rmw sub, %p, %v : !nv_tileaa.ptr<i32>, i32 -> i32
  return
}

// -----

// CHECK: error: custom op 'nv_tileaa.atomic_rmw' expected valid keyword
func.func @rmw_no_mode(%p: !nv_tileaa.ptr<i32>, %v: i32) {
  %o = nv_tileaa.atomic_rmw %p, %v : !nv_tileaa.ptr<i32>, i32 -> i32
  return
}
