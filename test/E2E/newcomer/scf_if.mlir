// scf.if on tiles, as docs/language.md (section 8) shows it: a scalar
// condition from a program-uniform value, and a tile condition turned into
// "all lanes" (min-reduction) before it can steer an scf.if. Results of
// both branches are tiles.
// RUN: tileiras --gpu-name=sm_80 %s -o %t.sm_80.ptx
// RUN: tileiras --gpu-name=sm_90a %s -o %t.sm_90a.ptx
// RUN: tileiras --gpu-name=sm_120a %s -o %t.sm_120a.ptx
// RUN: %ptxas-verify sm_80 %t.sm_80.ptx
// RUN: %ptxas-verify sm_90a %t.sm_90a.ptx
// RUN: %ptxas-verify sm_120a %t.sm_120a.ptx
// RUN: FileCheck %s < %t.sm_90a.ptx
// CHECK: .entry clip_or_scale(

nv_tileaa.func @clip_or_scale(%x: !nv_tileaa.ptr<f32>, %y: !nv_tileaa.ptr<f32>,
                              %n: i32, %scale: f32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %range = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<128xi32>
  %mask = arith.cmpi slt, %range, %ns : tensor<128xi32>
  %xb = nv_tileaa.splat %x : !nv_tileaa.ptr<f32> -> tensor<128x!nv_tileaa.ptr<f32>>
  %xp = nv_tileaa.addptr %xb, %range : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  %v = nv_tileaa.load %xp, %mask : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>

  // All lanes non-negative? Reduce the i1 tile (as i32) with min; "any
  // lane" would reduce with max.
  %zero = arith.constant dense<0.0> : tensor<128xf32>
  %nonneg = arith.cmpf oge, %v, %zero : tensor<128xf32>
  %nonneg32 = arith.extui %nonneg : tensor<128xi1> to tensor<128xi32>
  %all32 = nv_tileaa.reduce %nonneg32 {axis = 0 : i32} : tensor<128xi32> -> i32 {
  ^bb0(%l: i32, %r: i32):
    %m = arith.minsi %l, %r : i32
    nv_tileaa.yield %m : i32
  }
  %c1 = arith.constant 1 : i32
  %all = arith.cmpi eq, %all32, %c1 : i32

  %out = scf.if %all -> (tensor<128xf32>) {
    // Every element is >= 0: scale the tile.
    %s = nv_tileaa.splat %scale : f32 -> tensor<128xf32>
    %scaled = arith.mulf %v, %s : tensor<128xf32>
    scf.yield %scaled : tensor<128xf32>
  } else {
    // Some element is negative: clip at zero.
    %clipped = arith.maximumf %v, %zero : tensor<128xf32>
    scf.yield %clipped : tensor<128xf32>
  }

  %yb = nv_tileaa.splat %y : !nv_tileaa.ptr<f32> -> tensor<128x!nv_tileaa.ptr<f32>>
  %yp = nv_tileaa.addptr %yb, %range : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  nv_tileaa.store %yp, %out, %mask : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
  nv_tileaa.return
}
