// The dialect round-trips through MLIR bytecode: every op of ops.mlir, and
// the module/function attributes below.
// RUN: tileiras-opt --emit-bytecode %S/ops.mlir | tileiras-opt | FileCheck %S/ops.mlir
// RUN: tileiras-opt --emit-bytecode %s | tileiras-opt | FileCheck %s
// RUN: tileiras-opt --verify-roundtrip %S/ops.mlir -o /dev/null
// RUN: tileiras-opt --verify-roundtrip %s -o /dev/null

// CHECK: module attributes {nv_tileaa.compute_capability = 90 : i32, nv_tileaa.target_spec = "sm_90a"}
module attributes {nv_tileaa.compute_capability = 90 : i32, nv_tileaa.target_spec = "sm_90a"} {
  // CHECK: nv_tileaa.func @k(%{{.*}}: !nv_tileaa.ptr<bf16, 3>, %{{.*}}: tensor<16x!nv_tileaa.ptr<f8E5M2>>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 2, clusterDim = [2, 2, 1], numStages = 4>, nv_tileaa.occupancy = 1 : i32}
  nv_tileaa.func @k(%p: !nv_tileaa.ptr<bf16, 3>, %q: tensor<16x!nv_tileaa.ptr<f8E5M2>>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 2, clusterDim = [2, 2, 1], numStages = 4>, nv_tileaa.occupancy = 1 : i32} {
    // CHECK: nv_tileaa.load %{{.*}} {cache_modifier = #nv_tileaa.cache_modifier<lu>, eviction_policy = #nv_tileaa.eviction_policy<normal>} : tensor<16x!nv_tileaa.ptr<f8E5M2>> -> tensor<16xf8E5M2>
    %x = nv_tileaa.load %q {cache_modifier = #nv_tileaa.cache_modifier<lu>, eviction_policy = #nv_tileaa.eviction_policy<normal>} : tensor<16x!nv_tileaa.ptr<f8E5M2>> -> tensor<16xf8E5M2>
    // CHECK: nv_tileaa.fp_to_fp %{{.*}} : tensor<16xf8E5M2> -> tensor<16xf32, "enc">
    %y = nv_tileaa.fp_to_fp %x : tensor<16xf8E5M2> -> tensor<16xf32, "enc">
    nv_tileaa.return
  }

  // The other enum values, address spaces 4 and 5 (1 is normalized away),
  // make_range's attribute order and an escaped message.
  // CHECK: nv_tileaa.func @more(%{{.*}}: !nv_tileaa.ptr<f32> {nv_tileaa.noalias}, %{{.*}}: !nv_tileaa.ptr<i16, 4>, %{{.*}}: !nv_tileaa.ptr<f64, 5>, %{{.*}}: f32)
  nv_tileaa.func @more(%g: !nv_tileaa.ptr<f32, 1> {nv_tileaa.noalias}, %c: !nv_tileaa.ptr<i16, 4>, %l: !nv_tileaa.ptr<f64, 5>, %x: f32) {
    // CHECK: nv_tileaa.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
    %i = nv_tileaa.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    // CHECK: nv_tileaa.load %{{.*}} {cache_modifier = #nv_tileaa.cache_modifier<cv>} : !nv_tileaa.ptr<i16, 4> -> i16
    %a = nv_tileaa.load %c {cache_modifier = #nv_tileaa.cache_modifier<cv>} : !nv_tileaa.ptr<i16, 4> -> i16
    // CHECK: nv_tileaa.load %{{.*}} {cache_modifier = #nv_tileaa.cache_modifier<ca>, mem_semantic = #nv_tileaa.mem_semantic<weak>} : !nv_tileaa.ptr<f64, 5> -> f64
    %b = nv_tileaa.load %l {cache_modifier = #nv_tileaa.cache_modifier<ca>, mem_semantic = #nv_tileaa.mem_semantic<weak>} : !nv_tileaa.ptr<f64, 5> -> f64
    // CHECK: nv_tileaa.store %{{.*}}, %{{.*}} {mem_scope = #nv_tileaa.mem_scope<cluster>, mem_semantic = #nv_tileaa.mem_semantic<relaxed>} : !nv_tileaa.ptr<f32>, f32
    nv_tileaa.store %g, %x {mem_semantic = #nv_tileaa.mem_semantic<relaxed>, mem_scope = #nv_tileaa.mem_scope<cluster>} : !nv_tileaa.ptr<f32, 1>, f32
    // CHECK: nv_tileaa.mulf %{{.*}}, %{{.*}} {fastmath = #nv_tileaa.fastmath<reassoc,nsz,arcp,contract>} : f32
    %m = nv_tileaa.mulf %x, %x {fastmath = #nv_tileaa.fastmath<nsz,arcp,contract,reassoc>} : f32
    // CHECK: nv_tileaa.addf %{{.*}}, %{{.*}} {fastmath = #nv_tileaa.fastmath<none>} : f32
    %s = nv_tileaa.addf %x, %m {fastmath = #nv_tileaa.fastmath<none>} : f32
    // CHECK: nv_tileaa.print "i=%d \"x\"\t\\\n", %{{.*}} : tensor<16xi32>
    nv_tileaa.print "i=%d \"x\"\t\\\n", %i : tensor<16xi32>
    nv_tileaa.return
  }
}
