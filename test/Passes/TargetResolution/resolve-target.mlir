// RUN: tileiras-opt %s -split-input-file -tileaa-resolve-target | FileCheck %s --check-prefix=DEFAULT
// RUN: tileiras-opt %s -split-input-file -tileaa-resolve-target='gpu-name=sm_90a' | FileCheck %s --check-prefix=FLAG
// RUN: tileiras-opt %s -split-input-file -tileaa-resolve-target='gpu-name=sm_90a' 2>&1 >/dev/null | FileCheck %s --check-prefix=WARN
// RUN: tileiras-opt %s -split-input-file -tileaa-resolve-target='gpu-name=100f' 2>&1 | FileCheck %s --check-prefix=BARE

// No flag, no attribute: nvcc's and ptxas' default, sm_75.
// DEFAULT: module attributes {nv_tileaa.compute_capability = 75 : i32, nv_tileaa.target_spec = "sm_75"}
// FLAG: module attributes {nv_tileaa.compute_capability = 90 : i32, nv_tileaa.target_spec = "sm_90a"}
// BARE: module attributes {nv_tileaa.compute_capability = 100 : i32, nv_tileaa.target_spec = "sm_100f"}
module {
}

// -----

// The module's own target is kept without a flag; a flag that names another
// target wins with a warning.
// DEFAULT: module attributes {nv_tileaa.compute_capability = 80 : i32, nv_tileaa.target_spec = "sm_80"}
// WARN: resolve-target.mlir:[[@LINE+2]]:1: warning: --gpu-name=sm_90a overrides the module's target sm_80
// FLAG: module attributes {nv_tileaa.compute_capability = 90 : i32, nv_tileaa.target_spec = "sm_90a"}
module attributes {nv_tileaa.target_spec = "sm_80"} {
}

// -----

// compute_capability alone names the base chip.
// WARN: resolve-target.mlir:[[@LINE+2]]:1: warning: --gpu-name=sm_90a overrides the module's target sm_89
// DEFAULT: module attributes {nv_tileaa.compute_capability = 89 : i32, nv_tileaa.target_spec = "sm_89"}
module attributes {nv_tileaa.compute_capability = 89 : i32} {
}

// -----

// The legacy spelling is read and normalized.
// WARN: resolve-target.mlir:[[@LINE+3]]:1: warning: --gpu-name=sm_90a overrides the module's target sm_86
// DEFAULT: module attributes {nv_tileaa.compute_capability = 86 : i32, nv_tileaa.target_spec = "sm_86"}
// DEFAULT-NOT: compute-capability
module attributes {"nv_tileaa.compute-capability" = 86 : i32} {
}

// -----

// The variant comes from target_spec; the same chip named by the flag does
// not warn.
// WARN-NOT: warning
// FLAG: module attributes {nv_tileaa.compute_capability = 90 : i32, nv_tileaa.target_spec = "sm_90a"}
module attributes {nv_tileaa.compute_capability = 90 : i32, nv_tileaa.target_spec = "sm_90a"} {
}
