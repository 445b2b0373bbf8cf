// Diagnostics of the module and function attributes. Unknown targets are
// reported with the target-spec library's message.
// RUN: tileiras-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{'nv_tileaa.target_spec' is invalid: sm_90 has no family-conditional variant; did you mean sm_90a?}}
module attributes {nv_tileaa.target_spec = "sm_90f"} {
}

// -----

// expected-error @+1 {{'nv_tileaa.target_spec' is invalid: sm_99 is not a known GPU target; the valid targets are sm_75, }}
module attributes {nv_tileaa.target_spec = "sm_99"} {
}

// -----

// expected-error @+1 {{'nv_tileaa.target_spec' is invalid: sm_70 is not supported; the oldest supported target is sm_75.}}
module attributes {nv_tileaa.target_spec = "sm_70"} {
}

// -----

// expected-error @+1 {{'nv_tileaa.target_spec' is invalid: 'volta' is not a GPU target}}
module attributes {nv_tileaa.target_spec = "volta"} {
}

// -----

// expected-error @+1 {{'nv_tileaa.target_spec' must be a string such as "sm_90a", but got 90 : i32}}
module attributes {nv_tileaa.target_spec = 90 : i32} {
}

// -----

// expected-error @+1 {{'nv_tileaa.compute_capability' must be an i32 such as 90 : i32, but got "sm_90"}}
module attributes {nv_tileaa.compute_capability = "sm_90"} {
}

// -----

// expected-error @+1 {{'nv_tileaa.compute_capability' must be an i32 such as 90 : i32, but got 90 : i64}}
module attributes {nv_tileaa.compute_capability = 90} {
}

// -----

// expected-error @+1 {{'nv_tileaa.compute_capability' 91 is not supported: sm_91 is not a known GPU target}}
module attributes {nv_tileaa.compute_capability = 91 : i32} {
}

// -----

// expected-error @+1 {{'nv_tileaa.compute-capability' 70 is not supported: sm_70 is not supported; the oldest supported target is sm_75.}}
module attributes {"nv_tileaa.compute-capability" = 70 : i32} {
}

// -----

// expected-error @+1 {{'nv_tileaa.compute_capability' 80 disagrees with 'nv_tileaa.target_spec' "sm_90a" (SM 90)}}
module attributes {nv_tileaa.compute_capability = 80 : i32, nv_tileaa.target_spec = "sm_90a"} {
}

// -----

module {
  // expected-error @+1 {{'nv_tileaa.target_spec' may only be attached to a module, a gpu.module or a function}}
  %c = arith.constant {nv_tileaa.target_spec = "sm_90"} 0 : i32
}

// -----

// expected-error @+1 {{'nv_tileaa.kernel_spec' may only be attached to a function}}
module attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
}

// -----

// expected-error @+1 {{'nv_tileaa.kernel_spec' must be a #nv_tileaa.kernel_spec attribute, but got 4 : i32}}
nv_tileaa.func @k() attributes {nv_tileaa.kernel_spec = 4 : i32} {
  nv_tileaa.return
}

// -----

// expected-error @+1 {{'nv_tileaa.occupancy' must be an i32 such as 2 : i32, but got 2 : i64}}
nv_tileaa.func @k() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<>, nv_tileaa.occupancy = 2} {
  nv_tileaa.return
}

// -----

// expected-error @+1 {{'nv_tileaa.occupancy' must be between 1 and 32 CTAs per SM, but got 0}}
nv_tileaa.func @k() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<>, nv_tileaa.occupancy = 0 : i32} {
  nv_tileaa.return
}

// -----

// expected-error @+1 {{'nv_tileaa.occupancy' must be between 1 and 32 CTAs per SM, but got 33}}
nv_tileaa.func @k() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<>, nv_tileaa.occupancy = 33 : i32} {
  nv_tileaa.return
}

// -----

// expected-error @+1 {{'nv_tileaa.occupancy' requires 'nv_tileaa.kernel_spec' on the same function; device functions have no occupancy}}
nv_tileaa.func @k() attributes {nv_tileaa.occupancy = 2 : i32} {
  nv_tileaa.return
}

// -----

// expected-error @+1 {{'nv_tileaa.occupancy' may only be attached to a function}}
module attributes {nv_tileaa.occupancy = 2 : i32} {
}

// -----

// expected-error @+1 {{unknown attribute 'nv_tileaa.num_warps'; the nv_tileaa dialect defines 'nv_tileaa.compute_capability', 'nv_tileaa.target_spec', 'nv_tileaa.kernel_spec' and 'nv_tileaa.occupancy'}}
module attributes {nv_tileaa.num_warps = 4 : i32} {
}

// -----

// nv_tileaa.shared_memory_bytes is written by the lowering onto kernels.
// expected-error @+1 {{'nv_tileaa.shared_memory_bytes' must be a non-negative integer on a function}}
module attributes {nv_tileaa.shared_memory_bytes = 1024 : i64} {
}

// -----

// expected-error @+1 {{'nv_tileaa.shared_memory_bytes' must be a non-negative integer on a function}}
nv_tileaa.func @k() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<>, nv_tileaa.shared_memory_bytes = -1 : i64} {
  nv_tileaa.return
}

// -----

// expected-error @+1 {{'nv_tileaa.shared_memory_bytes' must be a non-negative integer on a function}}
func.func @f() attributes {nv_tileaa.shared_memory_bytes = "1024"} {
  return
}
