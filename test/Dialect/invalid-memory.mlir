// Diagnostics of addptr, load, store and the atomics.
// RUN: tileiras-opt %s -split-input-file -verify-diagnostics

func.func @addptr_shape(%p: tensor<128x!nv_tileaa.ptr<f32>>, %o: tensor<64xi32>) {
  // expected-error @+1 {{'nv_tileaa.addptr' op offset 'tensor<64xi32>' must have the shape of the pointer operand (tile of shape [128])}}
  %r = nv_tileaa.addptr %p, %o : tensor<128x!nv_tileaa.ptr<f32>>, tensor<64xi32>
  return
}

// -----

func.func @addptr_scalar_offset(%p: tensor<128x!nv_tileaa.ptr<f32>>, %o: i32) {
  // expected-error @+1 {{'nv_tileaa.addptr' op offset 'i32' must have the shape of the pointer operand (tile of shape [128])}}
  %r = nv_tileaa.addptr %p, %o : tensor<128x!nv_tileaa.ptr<f32>>, i32
  return
}

// -----

func.func @addptr_offset_type(%p: !nv_tileaa.ptr<f32>, %o: i16) {
  // expected-error @+1 {{'nv_tileaa.addptr' op operand #1 must be i32/i64 scalar or tile, but got 'i16'}}
  %r = nv_tileaa.addptr %p, %o : !nv_tileaa.ptr<f32>, i16
  return
}

// -----

func.func @load_not_ptr(%p: tensor<128xf32>) {
  // expected-error @+1 {{expected a pointer or a tile of pointers, but got 'tensor<128xf32>'}}
  %x = nv_tileaa.load %p : tensor<128xf32> -> tensor<128xf32>
  return
}

// -----

func.func @load_elem(%p: tensor<128x!nv_tileaa.ptr<f32>>) {
  // expected-error @+1 {{'nv_tileaa.load' op result element type 'f16' does not match the pointee type 'f32'}}
  %x = nv_tileaa.load %p : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf16>
  return
}

// -----

func.func @load_shape(%p: tensor<128x!nv_tileaa.ptr<f32>>) {
  // expected-error @+1 {{'nv_tileaa.load' op result 'tensor<64xf32>' must have the shape of the pointer operand (tile of shape [128])}}
  %x = nv_tileaa.load %p : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<64xf32>
  return
}

// -----

func.func @load_scalar_shape(%p: !nv_tileaa.ptr<f32>) {
  // expected-error @+1 {{'nv_tileaa.load' op result 'tensor<64xf32>' must have the shape of the pointer operand (scalar)}}
  %x = nv_tileaa.load %p : !nv_tileaa.ptr<f32> -> tensor<64xf32>
  return
}

// -----

// The custom form does not spell the mask type: a mask of another shape
// keeps its own type and the verifier reports it at the op (not a parser
// type clash at the use).
func.func @load_mask_custom(%p: tensor<128x!nv_tileaa.ptr<f32>>, %m: tensor<64xi1>) {
  // expected-error @+1 {{'nv_tileaa.load' op mask must be i1 with the shape of the pointer operand (tile of shape [128]), but got 'tensor<64xi1>'}}
  %x = nv_tileaa.load %p, %m : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  return
}

// -----

// The same for a mask computed in the kernel, as a first-time user wrote it.
func.func @load_mask_custom_computed(%p: tensor<128x!nv_tileaa.ptr<f32>>, %n: i32) {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<512xi32>
  %mask512 = arith.cmpi slt, %r, %ns : tensor<512xi32>
  // expected-error @+1 {{'nv_tileaa.load' op mask must be i1 with the shape of the pointer operand (tile of shape [128]), but got 'tensor<512xi1>'}}
  %x = nv_tileaa.load %p, %mask512 : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  return
}

// -----

func.func @load_mask_custom_element(%p: tensor<128x!nv_tileaa.ptr<f32>>, %m: tensor<128xi32>) {
  // expected-error @+1 {{'nv_tileaa.load' op operand #1 must be i1 scalar or tile, but got 'tensor<128xi32>'}}
  %x = nv_tileaa.load %p, %m : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  return
}

// -----

func.func @load_other_custom(%p: tensor<128x!nv_tileaa.ptr<f32>>, %m: tensor<128xi1>, %o: tensor<64xf32>) {
  // expected-error @+1 {{'nv_tileaa.load' op 'other' 'tensor<64xf32>' must have the result's shape and element type 'tensor<128xf32>'}}
  %x = nv_tileaa.load %p, %m, %o : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  return
}

// -----

func.func @store_mask_custom(%p: tensor<128x!nv_tileaa.ptr<f32>>, %v: tensor<128xf32>, %m: tensor<512xi1>) {
  // expected-error @+1 {{'nv_tileaa.store' op mask must be i1 with the shape of the pointer operand (tile of shape [128]), but got 'tensor<512xi1>'}}
  nv_tileaa.store %p, %v, %m : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
  return
}

// -----

func.func @rmw_mask_custom(%p: tensor<4x!nv_tileaa.ptr<i32>>, %v: tensor<4xi32>, %m: tensor<8xi1>) {
  // expected-error @+1 {{'nv_tileaa.atomic_rmw' op mask must be i1 with the shape of the pointer operand (tile of shape [4]), but got 'tensor<8xi1>'}}
  %o = nv_tileaa.atomic_rmw add, %p, %v, %m : tensor<4x!nv_tileaa.ptr<i32>>, tensor<4xi32> -> tensor<4xi32>
  return
}

// -----

func.func @load_mask_generic(%p: tensor<128x!nv_tileaa.ptr<f32>>, %m: tensor<64xi1>) {
  // expected-error @+1 {{'nv_tileaa.load' op mask must be i1 with the shape of the pointer operand (tile of shape [128]), but got 'tensor<64xi1>'}}
  %x = "nv_tileaa.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<128x!nv_tileaa.ptr<f32>>, tensor<64xi1>) -> tensor<128xf32>
  return
}

// -----

func.func @load_other_no_mask(%p: tensor<128x!nv_tileaa.ptr<f32>>, %o: tensor<128xf32>) {
  // expected-error @+1 {{'nv_tileaa.load' op 'other' requires a mask}}
  %x = "nv_tileaa.load"(%p, %o) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>) -> tensor<128xf32>
  return
}

// -----

func.func @load_other_type(%p: tensor<128x!nv_tileaa.ptr<f32>>, %m: tensor<128xi1>, %o: tensor<128xf16>) {
  // expected-error @+1 {{'nv_tileaa.load' op 'other' 'tensor<128xf16>' must have the result's shape and element type 'tensor<128xf32>'}}
  %x = "nv_tileaa.load"(%p, %m, %o) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi1>, tensor<128xf16>) -> tensor<128xf32>
  return
}

// -----

func.func @load_release(%p: !nv_tileaa.ptr<f32>) {
  // expected-error @+1 {{'nv_tileaa.load' op does not support mem_semantic 'release'; expected weak, relaxed or acquire}}
  %x = nv_tileaa.load %p {mem_semantic = #nv_tileaa.mem_semantic<release>, mem_scope = #nv_tileaa.mem_scope<gpu>} : !nv_tileaa.ptr<f32> -> f32
  return
}

// -----

func.func @load_acq_rel(%p: !nv_tileaa.ptr<f32>) {
  // expected-error @+1 {{'nv_tileaa.load' op does not support mem_semantic 'acq_rel'; expected weak, relaxed or acquire}}
  %x = nv_tileaa.load %p {mem_semantic = #nv_tileaa.mem_semantic<acq_rel>, mem_scope = #nv_tileaa.mem_scope<gpu>} : !nv_tileaa.ptr<f32> -> f32
  return
}

// -----

func.func @load_no_scope(%p: !nv_tileaa.ptr<f32>) {
  // expected-error @+1 {{'nv_tileaa.load' op non-weak memory ordering requires explicit scope}}
  %x = nv_tileaa.load %p {mem_semantic = #nv_tileaa.mem_semantic<acquire>} : !nv_tileaa.ptr<f32> -> f32
  return
}

// -----

func.func @load_weak_scope(%p: !nv_tileaa.ptr<f32>) {
  // expected-error @+1 {{'nv_tileaa.load' op weak memory ordering must not carry a scope}}
  %x = nv_tileaa.load %p {mem_semantic = #nv_tileaa.mem_semantic<weak>, mem_scope = #nv_tileaa.mem_scope<cta>} : !nv_tileaa.ptr<f32> -> f32
  return
}

// -----

// Without mem_semantic a load is weak, so a scope alone is rejected too.
func.func @load_scope_only(%p: !nv_tileaa.ptr<f32>) {
  // expected-error @+1 {{'nv_tileaa.load' op weak memory ordering must not carry a scope}}
  %x = nv_tileaa.load %p {mem_scope = #nv_tileaa.mem_scope<gpu>} : !nv_tileaa.ptr<f32> -> f32
  return
}

// -----

func.func @load_cache_relaxed(%p: !nv_tileaa.ptr<f32>) {
  // expected-error @+1 {{'nv_tileaa.load' op cache_modifier is only valid on weak (non-atomic) accesses}}
  %x = nv_tileaa.load %p {cache_modifier = #nv_tileaa.cache_modifier<cg>, mem_semantic = #nv_tileaa.mem_semantic<relaxed>, mem_scope = #nv_tileaa.mem_scope<gpu>} : !nv_tileaa.ptr<f32> -> f32
  return
}

// -----

func.func @store_elem(%p: tensor<128x!nv_tileaa.ptr<f32>>, %v: tensor<128xf16>) {
  // expected-error @+1 {{'nv_tileaa.store' op stored value element type 'f16' does not match the pointee type 'f32'}}
  nv_tileaa.store %p, %v : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf16>
  return
}

// -----

func.func @store_shape(%p: tensor<128x!nv_tileaa.ptr<f32>>, %v: f32) {
  // expected-error @+1 {{'nv_tileaa.store' op stored value 'f32' must have the shape of the pointer operand (tile of shape [128])}}
  nv_tileaa.store %p, %v : tensor<128x!nv_tileaa.ptr<f32>>, f32
  return
}

// -----

func.func @store_mask_generic(%p: !nv_tileaa.ptr<f32>, %v: f32, %m: tensor<4xi1>) {
  // expected-error @+1 {{'nv_tileaa.store' op mask must be i1 with the shape of the pointer operand (scalar), but got 'tensor<4xi1>'}}
  "nv_tileaa.store"(%p, %v, %m) : (!nv_tileaa.ptr<f32>, f32, tensor<4xi1>) -> ()
  return
}

// -----

func.func @store_not_ptr(%p: f32, %v: f32) {
  // expected-error @+1 {{expected a pointer or a tile of pointers, but got 'f32'}}
  nv_tileaa.store %p, %v : f32, f32
  return
}

// -----

func.func @store_constant(%p: !nv_tileaa.ptr<f32, 4>, %v: f32) {
  // expected-error @+1 {{'nv_tileaa.store' op cannot store through a pointer to the constant address space (4)}}
  nv_tileaa.store %p, %v : !nv_tileaa.ptr<f32, 4>, f32
  return
}

// -----

func.func @store_acquire(%p: !nv_tileaa.ptr<f32>, %v: f32) {
  // expected-error @+1 {{'nv_tileaa.store' op does not support mem_semantic 'acquire'; expected weak, relaxed or release}}
  nv_tileaa.store %p, %v {mem_semantic = #nv_tileaa.mem_semantic<acquire>, mem_scope = #nv_tileaa.mem_scope<gpu>} : !nv_tileaa.ptr<f32>, f32
  return
}

// -----

func.func @store_acq_rel(%p: !nv_tileaa.ptr<f32>, %v: f32) {
  // expected-error @+1 {{'nv_tileaa.store' op does not support mem_semantic 'acq_rel'; expected weak, relaxed or release}}
  nv_tileaa.store %p, %v {mem_semantic = #nv_tileaa.mem_semantic<acq_rel>, mem_scope = #nv_tileaa.mem_scope<gpu>} : !nv_tileaa.ptr<f32>, f32
  return
}

// -----

func.func @store_no_scope(%p: !nv_tileaa.ptr<f32>, %v: f32) {
  // expected-error @+1 {{'nv_tileaa.store' op non-weak memory ordering requires explicit scope}}
  nv_tileaa.store %p, %v {mem_semantic = #nv_tileaa.mem_semantic<release>} : !nv_tileaa.ptr<f32>, f32
  return
}

// -----

func.func @store_weak_scope(%p: !nv_tileaa.ptr<f32>, %v: f32) {
  // expected-error @+1 {{'nv_tileaa.store' op weak memory ordering must not carry a scope}}
  nv_tileaa.store %p, %v {mem_scope = #nv_tileaa.mem_scope<sys>} : !nv_tileaa.ptr<f32>, f32
  return
}

// -----

func.func @store_cache(%p: !nv_tileaa.ptr<f32>, %v: f32) {
  // expected-error @+1 {{'nv_tileaa.store' op does not support cache_modifier 'ca'; expected cg or cs}}
  nv_tileaa.store %p, %v {cache_modifier = #nv_tileaa.cache_modifier<ca>} : !nv_tileaa.ptr<f32>, f32
  return
}

// -----

func.func @store_cache_release(%p: !nv_tileaa.ptr<f32>, %v: f32) {
  // expected-error @+1 {{'nv_tileaa.store' op cache_modifier is only valid on weak (non-atomic) accesses}}
  nv_tileaa.store %p, %v {cache_modifier = #nv_tileaa.cache_modifier<cs>, mem_semantic = #nv_tileaa.mem_semantic<release>, mem_scope = #nv_tileaa.mem_scope<gpu>} : !nv_tileaa.ptr<f32>, f32
  return
}

// -----

func.func @rmw_mode(%p: !nv_tileaa.ptr<i32>, %v: i32) {
  // expected-error @+1 {{unknown atomic_rmw mode 'fadd'; expected add, addf, and, or, xor, xchg, min, max, umin or umax}}
  %o = nv_tileaa.atomic_rmw fadd, %p, %v : !nv_tileaa.ptr<i32>, i32 -> i32
  return
}

// -----

func.func @rmw_not_ptr(%p: i32, %v: i32) {
  // expected-error @+1 {{expected a pointer or a tile of pointers, but got 'i32'}}
  %o = nv_tileaa.atomic_rmw add, %p, %v : i32, i32 -> i32
  return
}

// -----

func.func @rmw_elem(%p: !nv_tileaa.ptr<i32>, %v: i64) {
  // expected-error @+1 {{'nv_tileaa.atomic_rmw' op value element type 'i64' does not match the pointee type 'i32'}}
  %o = nv_tileaa.atomic_rmw add, %p, %v : !nv_tileaa.ptr<i32>, i64 -> i64
  return
}

// -----

func.func @rmw_result(%p: !nv_tileaa.ptr<i32>, %v: i32) {
  // expected-error @+1 {{'nv_tileaa.atomic_rmw' op result 'i64' must have the shape and element type of the value 'i32'}}
  %o = nv_tileaa.atomic_rmw add, %p, %v : !nv_tileaa.ptr<i32>, i32 -> i64
  return
}

// -----

func.func @rmw_mask_generic(%p: tensor<4x!nv_tileaa.ptr<i32>>, %v: tensor<4xi32>, %m: tensor<4xi8>) {
  // expected-error @+1 {{'nv_tileaa.atomic_rmw' op operand #2 must be i1 scalar or tile, but got 'tensor<4xi8>'}}
  %o = "nv_tileaa.atomic_rmw"(%p, %v, %m) <{rmw_mode = #nv_tileaa.rmw_mode<add>}> : (tensor<4x!nv_tileaa.ptr<i32>>, tensor<4xi32>, tensor<4xi8>) -> tensor<4xi32>
  return
}

// -----

func.func @rmw_mask_shape(%p: tensor<4x!nv_tileaa.ptr<i32>>, %v: tensor<4xi32>, %m: tensor<8xi1>) {
  // expected-error @+1 {{'nv_tileaa.atomic_rmw' op mask must be i1 with the shape of the pointer operand (tile of shape [4]), but got 'tensor<8xi1>'}}
  %o = "nv_tileaa.atomic_rmw"(%p, %v, %m) <{rmw_mode = #nv_tileaa.rmw_mode<add>}> : (tensor<4x!nv_tileaa.ptr<i32>>, tensor<4xi32>, tensor<8xi1>) -> tensor<4xi32>
  return
}

// -----

func.func @rmw_local(%p: !nv_tileaa.ptr<i32, 5>, %v: i32) {
  // expected-error @+1 {{'nv_tileaa.atomic_rmw' op requires a pointer to global (1) or shared (3) memory, but the address space is 5}}
  %o = nv_tileaa.atomic_rmw add, %p, %v : !nv_tileaa.ptr<i32, 5>, i32 -> i32
  return
}

// -----

func.func @rmw_addf_int(%p: !nv_tileaa.ptr<i32>, %v: i32) {
  // expected-error @+1 {{'nv_tileaa.atomic_rmw' op 'addf' requires an f16, bf16, f32 or f64 element type, but got 'i32'}}
  %o = nv_tileaa.atomic_rmw addf, %p, %v : !nv_tileaa.ptr<i32>, i32 -> i32
  return
}

// -----

func.func @rmw_add_f8(%p: !nv_tileaa.ptr<f8E4M3FN>, %v: f8E4M3FN) {
  // expected-error @+1 {{'nv_tileaa.atomic_rmw' op 'add' requires an i32, i64, f16, bf16, f32 or f64 element type, but got 'f8E4M3FN'}}
  %o = nv_tileaa.atomic_rmw add, %p, %v : !nv_tileaa.ptr<f8E4M3FN>, f8E4M3FN -> f8E4M3FN
  return
}

// -----

func.func @rmw_max_f16(%p: !nv_tileaa.ptr<f16>, %v: f16) {
  // expected-error @+1 {{'nv_tileaa.atomic_rmw' op 'max' requires an i32, i64, f32 or f64 element type, but got 'f16'}}
  %o = nv_tileaa.atomic_rmw max, %p, %v : !nv_tileaa.ptr<f16>, f16 -> f16
  return
}

// -----

func.func @rmw_umin_f32(%p: !nv_tileaa.ptr<f32>, %v: f32) {
  // expected-error @+1 {{'nv_tileaa.atomic_rmw' op 'umin' requires an i32 or i64 element type, but got 'f32'}}
  %o = nv_tileaa.atomic_rmw umin, %p, %v : !nv_tileaa.ptr<f32>, f32 -> f32
  return
}

// -----

func.func @rmw_max_i16(%p: !nv_tileaa.ptr<i16>, %v: i16) {
  // expected-error @+1 {{'nv_tileaa.atomic_rmw' op 'max' requires an i32, i64, f32 or f64 element type, but got 'i16'}}
  %o = nv_tileaa.atomic_rmw max, %p, %v : !nv_tileaa.ptr<i16>, i16 -> i16
  return
}

// -----

func.func @rmw_xchg(%p: !nv_tileaa.ptr<f16>, %v: f16) {
  // expected-error @+1 {{'nv_tileaa.atomic_rmw' op 'xchg' requires an i32, i64, f32 or f64 element type, but got 'f16'}}
  %o = nv_tileaa.atomic_rmw xchg, %p, %v : !nv_tileaa.ptr<f16>, f16 -> f16
  return
}

// -----

func.func @rmw_weak(%p: !nv_tileaa.ptr<i32>, %v: i32) {
  // expected-error @+1 {{'nv_tileaa.atomic_rmw' op does not support mem_semantic 'weak'; expected relaxed, acquire, release or acq_rel}}
  %o = nv_tileaa.atomic_rmw add, %p, %v {mem_semantic = #nv_tileaa.mem_semantic<weak>} : !nv_tileaa.ptr<i32>, i32 -> i32
  return
}

// -----

func.func @rmw_no_scope(%p: !nv_tileaa.ptr<i32>, %v: i32) {
  // expected-error @+1 {{'nv_tileaa.atomic_rmw' op non-weak memory ordering requires explicit scope}}
  %o = nv_tileaa.atomic_rmw add, %p, %v {mem_semantic = #nv_tileaa.mem_semantic<acq_rel>} : !nv_tileaa.ptr<i32>, i32 -> i32
  return
}

// -----

func.func @cas_elem(%p: !nv_tileaa.ptr<i32>, %v: i64) {
  // expected-error @+1 {{'nv_tileaa.atomic_cas' op value element type 'i64' does not match the pointee type 'i32'}}
  %o = nv_tileaa.atomic_cas %p, %v, %v : !nv_tileaa.ptr<i32>, i64 -> i64
  return
}

// -----

func.func @cas_result(%p: !nv_tileaa.ptr<i32>, %v: i32) {
  // expected-error @+1 {{'nv_tileaa.atomic_cas' op result 'f32' must have the shape and element type of the value 'i32'}}
  %o = nv_tileaa.atomic_cas %p, %v, %v : !nv_tileaa.ptr<i32>, i32 -> f32
  return
}

// -----

func.func @cas_width(%p: !nv_tileaa.ptr<i8>, %v: i8) {
  // expected-error @+1 {{'nv_tileaa.atomic_cas' op requires a 16-, 32- or 64-bit element type, but got 'i8'}}
  %o = nv_tileaa.atomic_cas %p, %v, %v : !nv_tileaa.ptr<i8>, i8 -> i8
  return
}

// -----

func.func @cas_constant(%p: !nv_tileaa.ptr<i32, 4>, %v: i32) {
  // expected-error @+1 {{'nv_tileaa.atomic_cas' op requires a pointer to global (1) or shared (3) memory, but the address space is 4}}
  %o = nv_tileaa.atomic_cas %p, %v, %v : !nv_tileaa.ptr<i32, 4>, i32 -> i32
  return
}

// -----

func.func @cas_weak(%p: !nv_tileaa.ptr<i32>, %v: i32) {
  // expected-error @+1 {{'nv_tileaa.atomic_cas' op does not support mem_semantic 'weak'; expected relaxed, acquire, release or acq_rel}}
  %o = nv_tileaa.atomic_cas %p, %v, %v {mem_semantic = #nv_tileaa.mem_semantic<weak>} : !nv_tileaa.ptr<i32>, i32 -> i32
  return
}

// -----

func.func @cas_types(%p: !nv_tileaa.ptr<i32>, %v: i32, %w: i64) {
  // expected-error @+1 {{'nv_tileaa.atomic_cas' op failed to verify that all of {cmp, val} have same type}}
  %o = "nv_tileaa.atomic_cas"(%p, %v, %w) : (!nv_tileaa.ptr<i32>, i32, i64) -> i32
  return
}
