// RUN: tileiras --gpu-name=sm_80 --fmad=true %s -o - | FileCheck %s
// RUN: tileiras --gpu-name=sm_80 --fmad=false %s -o - | FileCheck %s --check-prefix=NOFMAD

// --fmad contracts x * x + x without a rounding mode into one fma, but never
// operations with an explicit rounding mode (rn included): those are the
// NVVM intrinsics, whose PTX (mul.rn/add.rn) ptxas does not contract either.
// CHECK-LABEL: .entry fmad(
// CHECK-DAG: fma.rn.f32 [[F:%r[0-9]+]], [[X:%r[0-9]+]], [[X]], [[X]];
// CHECK-DAG: mul.rn.f32 [[M:%r[0-9]+]], [[X]], [[X]];
// CHECK-DAG: add.rn.f32 {{%r[0-9]+}}, [[M]], [[X]];
// NOFMAD-LABEL: .entry fmad(
// NOFMAD-NOT: fma.rn.f32
// NOFMAD-COUNT-2: mul.rn.f32
nv_tileaa.func @fmad(%a: !nv_tileaa.ptr<f32>, %o: !nv_tileaa.ptr<f32>, %p: !nv_tileaa.ptr<f32>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<128x!nv_tileaa.ptr<f32>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  %x = nv_tileaa.load %ap : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  %m = nv_tileaa.mulf %x, %x : tensor<128xf32>
  %s = nv_tileaa.addf %m, %x : tensor<128xf32>
  %m2 = nv_tileaa.mulf %x, %x {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<128xf32>
  %s2 = nv_tileaa.addf %m2, %x {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<128xf32>
  %ob = nv_tileaa.splat %o : !nv_tileaa.ptr<f32> -> tensor<128x!nv_tileaa.ptr<f32>>
  %op = nv_tileaa.addptr %ob, %r : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  nv_tileaa.store %op, %s : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
  %pb = nv_tileaa.splat %p : !nv_tileaa.ptr<f32> -> tensor<128x!nv_tileaa.ptr<f32>>
  %pp = nv_tileaa.addptr %pb, %r : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  nv_tileaa.store %pp, %s2 : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
  nv_tileaa.return
}
