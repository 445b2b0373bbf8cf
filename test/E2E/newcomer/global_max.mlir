// The global maximum of n floats: each program reduces its 1024 elements
// (masked lanes read -inf) and folds its maximum into *out with a scalar
// f32 atomic_rmw max (IEEE 754 totalOrder; lowered to integer atomics).
// Initialize *out to -inf before the launch.
// RUN: tileiras --gpu-name=sm_80 %s -o %t.sm_80.ptx
// RUN: tileiras --gpu-name=sm_90a %s -o %t.sm_90a.ptx
// RUN: tileiras --gpu-name=sm_120a %s -o %t.sm_120a.ptx
// RUN: %ptxas-verify sm_80 %t.sm_80.ptx
// RUN: %ptxas-verify sm_90a %t.sm_90a.ptx
// RUN: %ptxas-verify sm_120a %t.sm_120a.ptx
// RUN: FileCheck %s < %t.sm_90a.ptx
// CHECK: .entry global_max(
// CHECK-DAG: atom.relaxed.gpu.global.max.s32
// CHECK-DAG: atom.relaxed.gpu.global.min.u32

nv_tileaa.func @global_max(%x: !nv_tileaa.ptr<f32>, %out: !nv_tileaa.ptr<f32>, %n: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %pid = nv_tileaa.get_program_id x : i32
  %c1024 = arith.constant 1024 : i32
  %start = arith.muli %pid, %c1024 : i32
  %starts = nv_tileaa.splat %start : i32 -> tensor<1024xi32>
  %range = nv_tileaa.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %offsets = arith.addi %starts, %range : tensor<1024xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<1024xi32>
  %mask = arith.cmpi slt, %offsets, %ns : tensor<1024xi32>
  %xb = nv_tileaa.splat %x : !nv_tileaa.ptr<f32> -> tensor<1024x!nv_tileaa.ptr<f32>>
  %xp = nv_tileaa.addptr %xb, %offsets : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xi32>
  %ninf = arith.constant dense<0xFF800000> : tensor<1024xf32>
  %v = nv_tileaa.load %xp, %mask, %ninf : tensor<1024x!nv_tileaa.ptr<f32>> -> tensor<1024xf32>
  %local = nv_tileaa.reduce %v {axis = 0 : i32} : tensor<1024xf32> -> f32 {
  ^bb0(%l: f32, %r: f32):
    %mx = arith.maximumf %l, %r : f32
    nv_tileaa.yield %mx : f32
  }
  %old = nv_tileaa.atomic_rmw max, %out, %local : !nv_tileaa.ptr<f32>, f32 -> f32
  nv_tileaa.return
}
