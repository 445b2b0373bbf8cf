// The module and function attributes of nv_tileaa, where they are valid.
// RUN: tileiras-opt %s -split-input-file | FileCheck %s
// RUN: tileiras-opt %s -split-input-file --mlir-print-op-generic | tileiras-opt | FileCheck %s --check-prefix=GENERIC

// CHECK: module attributes {nv_tileaa.compute_capability = 90 : i32, nv_tileaa.target_spec = "sm_90a"}
// GENERIC: nv_tileaa.compute_capability = 90 : i32, nv_tileaa.target_spec = "sm_90a"
module attributes {nv_tileaa.compute_capability = 90 : i32, nv_tileaa.target_spec = "sm_90a"} {
  // CHECK: nv_tileaa.func @k() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8, clusterDim = [2, 1, 1]>, nv_tileaa.occupancy = 2 : i32}
  nv_tileaa.func @k() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8, clusterDim = [2, 1, 1]>, nv_tileaa.occupancy = 2 : i32} {
    nv_tileaa.return
  }
}

// -----

// Defaults: numWarps is printed only when given (the compiler's default,
// 4 or --num-warps, applies otherwise); clusterDim [1, 1, 1] is not printed.
// CHECK-LABEL: module attributes {nv_tileaa.target_spec = "sm_100f"}
module attributes {nv_tileaa.target_spec = "sm_100f"} {
  // CHECK: nv_tileaa.func @a() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<>}
  nv_tileaa.func @a() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<>} {
    nv_tileaa.return
  }
  // CHECK: nv_tileaa.func @b() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>}
  nv_tileaa.func @b() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4, clusterDim = [1, 1, 1]>} {
    nv_tileaa.return
  }
  // CHECK: nv_tileaa.func @c() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<clusterDim = [1, 2, 4]>}
  nv_tileaa.func @c() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<clusterDim = [1, 2, 4]>} {
    nv_tileaa.return
  }
  // CHECK: nv_tileaa.func @d() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 32>}
  nv_tileaa.func @d() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 32>} {
    nv_tileaa.return
  }
  // CHECK: nv_tileaa.func @e() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>}
  nv_tileaa.func @e() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
    nv_tileaa.return
  }
}

// -----

// The attributes are accepted on gpu.module and on functions, and in the
// other spellings the target-spec library understands.
// CHECK-LABEL: module
// CHECK: gpu.module @g attributes {nv_tileaa.compute_capability = 120 : i32, nv_tileaa.target_spec = "compute_120a"}
// CHECK: func.func @f() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 2>, nv_tileaa.target_spec = "80"}
module {
  gpu.module @g attributes {nv_tileaa.compute_capability = 120 : i32, nv_tileaa.target_spec = "compute_120a"} {
  }
  func.func @f() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 2>, nv_tileaa.target_spec = "80"} {
    return
  }
}

// -----

// The older spelling of compute_capability is accepted.
// CHECK: module attributes {"nv_tileaa.compute-capability" = 75 : i32}
module attributes {"nv_tileaa.compute-capability" = 75 : i32} {
}

// -----

// The lowering records a kernel's scratch shared memory on the function.
// CHECK: nv_tileaa.func @k() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<>, nv_tileaa.shared_memory_bytes = 4096 : i64}
// CHECK: func.func @z() attributes {nv_tileaa.shared_memory_bytes = 0 : i32}
nv_tileaa.func @k() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<>, nv_tileaa.shared_memory_bytes = 4096 : i64} {
  nv_tileaa.return
}
func.func @z() attributes {nv_tileaa.shared_memory_bytes = 0 : i32} {
  return
}
