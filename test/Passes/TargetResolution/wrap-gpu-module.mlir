// RUN: tileiras-opt %s -split-input-file -tileaa-resolve-target='gpu-name=sm_80' -tileaa-wrap-gpu-module | FileCheck %s

// Device code moves into one gpu.module that names its own target.
// CHECK-LABEL: module attributes {gpu.container_module, nv_tileaa.compute_capability = 80 : i32, nv_tileaa.target_spec = "sm_80"}
// CHECK-NEXT: gpu.module @tileiras_kernels attributes {nv_tileaa.compute_capability = 80 : i32, nv_tileaa.target_spec = "sm_80"} {
// CHECK: nv_tileaa.func @helper
// CHECK: nv_tileaa.func @kernel
// CHECK-NOT: nv_tileaa.func
module {
  nv_tileaa.func @helper(%x: f32) -> f32 {
    nv_tileaa.return %x : f32
  }
  nv_tileaa.func @kernel() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<>} {
    nv_tileaa.return
  }
}

// -----

// Modules that already hold their device code in gpu.modules stay as they
// are.
// CHECK-LABEL: module attributes {nv_tileaa.compute_capability = 80 : i32, nv_tileaa.target_spec = "sm_80"}
// CHECK-NEXT: gpu.module @mine {
// CHECK-NOT: tileiras_kernels
module {
  gpu.module @mine {
    nv_tileaa.func @kernel() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<>} {
      nv_tileaa.return
    }
  }
}
