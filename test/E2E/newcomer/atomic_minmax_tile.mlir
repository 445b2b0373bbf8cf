// Per-element float atomics: element i of x is folded into max[i % 16]
// and min[i % 16] with atomic_rmw max / min on f32 tiles, so that many
// lanes of mixed signs (and -0.0, +0.0) race on each of the 16 slots.
// Initialize max to -inf and min to +inf before the launch.
// RUN: tileiras --gpu-name=sm_80 %s -o %t.sm_80.ptx
// RUN: tileiras --gpu-name=sm_90a %s -o %t.sm_90a.ptx
// RUN: tileiras --gpu-name=sm_120a %s -o %t.sm_120a.ptx
// RUN: %ptxas-verify sm_80 %t.sm_80.ptx
// RUN: %ptxas-verify sm_90a %t.sm_90a.ptx
// RUN: %ptxas-verify sm_120a %t.sm_120a.ptx
// RUN: FileCheck %s < %t.sm_80.ptx
// CHECK: .entry minmax(
// CHECK-DAG: atom.relaxed.gpu.global.max.s32
// CHECK-DAG: atom.relaxed.gpu.global.min.u32
// CHECK-DAG: atom.relaxed.gpu.global.min.s32
// CHECK-DAG: atom.relaxed.gpu.global.max.u32

nv_tileaa.func @minmax(%x: !nv_tileaa.ptr<f32>, %mx: !nv_tileaa.ptr<f32>,
                       %mn: !nv_tileaa.ptr<f32>, %n: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %pid = nv_tileaa.get_program_id x : i32
  %c512 = arith.constant 512 : i32
  %start = arith.muli %pid, %c512 : i32
  %starts = nv_tileaa.splat %start : i32 -> tensor<512xi32>
  %range = nv_tileaa.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32>
  %offsets = arith.addi %starts, %range : tensor<512xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<512xi32>
  %mask = arith.cmpi slt, %offsets, %ns : tensor<512xi32>
  %xb = nv_tileaa.splat %x : !nv_tileaa.ptr<f32> -> tensor<512x!nv_tileaa.ptr<f32>>
  %xp = nv_tileaa.addptr %xb, %offsets : tensor<512x!nv_tileaa.ptr<f32>>, tensor<512xi32>
  %v = nv_tileaa.load %xp, %mask : tensor<512x!nv_tileaa.ptr<f32>> -> tensor<512xf32>
  %c15 = arith.constant dense<15> : tensor<512xi32>
  %slot = arith.andi %offsets, %c15 : tensor<512xi32>
  %mxb = nv_tileaa.splat %mx : !nv_tileaa.ptr<f32> -> tensor<512x!nv_tileaa.ptr<f32>>
  %mxp = nv_tileaa.addptr %mxb, %slot : tensor<512x!nv_tileaa.ptr<f32>>, tensor<512xi32>
  %mnb = nv_tileaa.splat %mn : !nv_tileaa.ptr<f32> -> tensor<512x!nv_tileaa.ptr<f32>>
  %mnp = nv_tileaa.addptr %mnb, %slot : tensor<512x!nv_tileaa.ptr<f32>>, tensor<512xi32>
  %o1 = nv_tileaa.atomic_rmw max, %mxp, %v, %mask : tensor<512x!nv_tileaa.ptr<f32>>, tensor<512xf32> -> tensor<512xf32>
  %o2 = nv_tileaa.atomic_rmw min, %mnp, %v, %mask : tensor<512x!nv_tileaa.ptr<f32>>, tensor<512xf32> -> tensor<512xf32>
  nv_tileaa.return
}
