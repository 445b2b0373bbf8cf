// RUN: tileiras-opt %s -split-input-file -convert-nv-tile-func-to-llvm -verify-diagnostics

// Occupancy that cannot fit: 32 CTAs of 32 warps on one SM.
module attributes {nv_tileaa.target_spec = "sm_80"} {
  // expected-error @+1 {{nv_tileaa.occupancy = 32 cannot be met on sm_80: 32 CTAs of 1024 threads do not fit on one SM}}
  nv_tileaa.func @too_busy() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 32>, nv_tileaa.occupancy = 32 : i32} {
    nv_tileaa.return
  }
}

// -----

// Without a resolved target the kernel attributes cannot be decided.
// expected-error @+1 {{the target is unknown: run tileaa-resolve-target first (nv_tileaa.target_spec is missing)}}
module {
  nv_tileaa.func @k() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<>} {
    nv_tileaa.return
  }
}

// -----

module attributes {nv_tileaa.target_spec = "sm_80"} {
  // expected-error @+1 {{kernel @tiled takes a tile as argument #0; kernels take scalars and pointers}}
  nv_tileaa.func @tiled(%t: tensor<128xf32>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<>} {
    nv_tileaa.return
  }
}

// -----

module attributes {nv_tileaa.target_spec = "sm_80"} {
  nv_tileaa.func @returns(%x: i32) -> i32 attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<>} {
    // expected-error @+1 {{Kernel functions do not support return with operands}}
    nv_tileaa.return %x : i32
  }
}
