// GELU with the tanh approximation, the first kernel a Triton user wrote:
//   y = 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))
// 1024 elements per program, masked tail; math.tanh goes to libdevice.
// Compiled for sm_80, sm_90a and sm_120a and assembled by ptxas here; run on
// the simulator against a reference by test/Sim/newcomer-*.test.
// RUN: tileiras --gpu-name=sm_80 %s -o %t.sm_80.ptx
// RUN: tileiras --gpu-name=sm_90a %s -o %t.sm_90a.ptx
// RUN: tileiras --gpu-name=sm_120a %s -o %t.sm_120a.ptx
// RUN: %ptxas-verify sm_80 %t.sm_80.ptx
// RUN: %ptxas-verify sm_90a %t.sm_90a.ptx
// RUN: %ptxas-verify sm_120a %t.sm_120a.ptx
// RUN: FileCheck %s < %t.sm_90a.ptx
// CHECK: .entry gelu(

nv_tileaa.func @gelu(%x: !nv_tileaa.ptr<f32>, %y: !nv_tileaa.ptr<f32>, %n: i32)
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
  %v = nv_tileaa.load %xp, %mask : tensor<1024x!nv_tileaa.ptr<f32>> -> tensor<1024xf32>

  %half = arith.constant dense<0.5> : tensor<1024xf32>
  %one = arith.constant dense<1.0> : tensor<1024xf32>
  %k0 = arith.constant dense<0.7978845608> : tensor<1024xf32>
  %k1 = arith.constant dense<0.044715> : tensor<1024xf32>
  %v2 = arith.mulf %v, %v : tensor<1024xf32>
  %v3 = arith.mulf %v2, %v : tensor<1024xf32>
  %cubic = arith.mulf %k1, %v3 : tensor<1024xf32>
  %inner = arith.addf %v, %cubic : tensor<1024xf32>
  %scaled = arith.mulf %k0, %inner : tensor<1024xf32>
  %t = math.tanh %scaled : tensor<1024xf32>
  %onept = arith.addf %one, %t : tensor<1024xf32>
  %hx = arith.mulf %half, %v : tensor<1024xf32>
  %out = arith.mulf %hx, %onept : tensor<1024xf32>

  %yb = nv_tileaa.splat %y : !nv_tileaa.ptr<f32> -> tensor<1024x!nv_tileaa.ptr<f32>>
  %yp = nv_tileaa.addptr %yb, %offsets : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xi32>
  nv_tileaa.store %yp, %out, %mask : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xf32>
  nv_tileaa.return
}
