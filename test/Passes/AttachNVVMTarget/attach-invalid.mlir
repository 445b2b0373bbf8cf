// RUN: tileiras-opt %s -split-input-file -tileaa-attach-nvvm-target -verify-diagnostics

// expected-error @+1 {{failed to get compute capability.}}
gpu.module @none {
}

// -----

module attributes {nv_tileaa.target_spec = "sm_90"} {
  // expected-error @+1 {{nv_tileaa.compute_capability = 80 disagrees with nv_tileaa.target_spec = "sm_90"}}
  gpu.module @conflict attributes {nv_tileaa.compute_capability = 80 : i32} {
  }
}
