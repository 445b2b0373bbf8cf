// The dialect round-trips through MLIR bytecode: every op of ops.mlir, and
// the module/function attributes below.
// RUN: tileiras-opt --emit-bytecode %S/ops.mlir | tileiras-opt | FileCheck %S/ops.mlir
// RUN: tileiras-opt --emit-bytecode %s | tileiras-opt | FileCheck %s
// RUN: tileiras-opt --verify-roundtrip %S/ops.mlir -o /dev/null
// RUN: tileiras-opt --verify-roundtrip %s -o /dev/null

// CHECK: module attributes {nv_tileaa.compute_capability = 90 : i32, nv_tileaa.target_spec = "sm_90a"}
module attributes {nv_tileaa.compute_capability = 90 : i32, nv_tileaa.target_spec = "sm_90a"} {
  // CHECK: nv_tileaa.func @k(%{{.*}}: !nv_tileaa.ptr<bf16, 3>, %{{.*}}: tensor<16x!nv_tileaa.ptr<f8E5M2>>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 2, clusterDim = [2, 2, 1]>, nv_tileaa.occupancy = 1 : i32}
  nv_tileaa.func @k(%p: !nv_tileaa.ptr<bf16, 3>, %q: tensor<16x!nv_tileaa.ptr<f8E5M2>>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 2, clusterDim = [2, 2, 1]>, nv_tileaa.occupancy = 1 : i32} {
    // CHECK: nv_tileaa.load %{{.*}} {cache_modifier = #nv_tileaa.cache_modifier<lu>, eviction_policy = #nv_tileaa.eviction_policy<normal>} : tensor<16x!nv_tileaa.ptr<f8E5M2>> -> tensor<16xf8E5M2>
    %x = nv_tileaa.load %q {cache_modifier = #nv_tileaa.cache_modifier<lu>, eviction_policy = #nv_tileaa.eviction_policy<normal>} : tensor<16x!nv_tileaa.ptr<f8E5M2>> -> tensor<16xf8E5M2>
    // CHECK: nv_tileaa.fp_to_fp %{{.*}} : tensor<16xf8E5M2> -> tensor<16xf32, "enc">
    %y = nv_tileaa.fp_to_fp %x : tensor<16xf8E5M2> -> tensor<16xf32, "enc">
    nv_tileaa.return
  }
}
