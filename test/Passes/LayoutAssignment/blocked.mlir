// RUN: tileiras-opt %s -split-input-file -tileaa-assign-layouts | FileCheck %s
// RUN: tileiras-opt %s -split-input-file -tileaa-assign-layouts='num-warps=8' | FileCheck %s --check-prefix=WARPS8

// Vector add: the loads want 128 bits per lane (4 x f32) along the only
// dimension; the index computation is born in that layout, so nothing is
// converted.
// CHECK-DAG: #[[B4:.*]] = #nv_tileaa.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: nv_tileaa.func @vadd
// CHECK: nv_tileaa.make_range {{.*}} : tensor<1024xi32, #[[B4]]>
// CHECK: nv_tileaa.load {{.*}} -> tensor<1024xf32, #[[B4]]>
// CHECK-NOT: convert_layout
// CHECK: nv_tileaa.store
// WARPS8-DAG: #[[W8:.*]] = #nv_tileaa.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]>
// WARPS8: nv_tileaa.func @vadd{{.*}}#nv_tileaa.kernel_spec<numWarps = 8>
// WARPS8: tensor<1024xf32, #[[W8]]>
nv_tileaa.func @vadd(%a: !nv_tileaa.ptr<f32>, %c: !nv_tileaa.ptr<f32>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<>} {
  %pid = nv_tileaa.get_program_id x : i32
  %c1024 = arith.constant 1024 : i32
  %start = arith.muli %pid, %c1024 : i32
  %starts = nv_tileaa.splat %start : i32 -> tensor<1024xi32>
  %range = nv_tileaa.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %offs = arith.addi %starts, %range : tensor<1024xi32>
  %bound = nv_tileaa.splat %n : i32 -> tensor<1024xi32>
  %mask = arith.cmpi slt, %offs, %bound : tensor<1024xi32>
  %abase = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<1024x!nv_tileaa.ptr<f32>>
  %aptrs = nv_tileaa.addptr %abase, %offs : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xi32>
  %cbase = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<1024x!nv_tileaa.ptr<f32>>
  %cptrs = nv_tileaa.addptr %cbase, %offs : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xi32>
  %x = nv_tileaa.load %aptrs, %mask : tensor<1024x!nv_tileaa.ptr<f32>> -> tensor<1024xf32>
  %y = nv_tileaa.addf %x, %x : tensor<1024xf32>
  nv_tileaa.store %cptrs, %y, %mask : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xf32>
  nv_tileaa.return
}

// -----

// f16 loads get 8 elements (128 bits) per lane; a small tile spreads one
// element per thread before it vectorizes.
// CHECK-DAG: #[[H8:.*]] = #nv_tileaa.blocked<sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-DAG: #[[S1:.*]] = #nv_tileaa.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: nv_tileaa.func @widths
// CHECK: nv_tileaa.load {{.*}} -> tensor<4096xf16, #[[H8]]>
// CHECK: nv_tileaa.load {{.*}} -> tensor<128xf32, #[[S1]]>
nv_tileaa.func @widths(%a: !nv_tileaa.ptr<f16>, %b: !nv_tileaa.ptr<f32>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 4096 : i32} : tensor<4096xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<f16> -> tensor<4096x!nv_tileaa.ptr<f16>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<4096x!nv_tileaa.ptr<f16>>, tensor<4096xi32>
  %x = nv_tileaa.load %ap : tensor<4096x!nv_tileaa.ptr<f16>> -> tensor<4096xf16>
  nv_tileaa.store %ap, %x : tensor<4096x!nv_tileaa.ptr<f16>>, tensor<4096xf16>
  %r2 = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %bb = nv_tileaa.splat %b : !nv_tileaa.ptr<f32> -> tensor<128x!nv_tileaa.ptr<f32>>
  %bp = nv_tileaa.addptr %bb, %r2 : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  %y = nv_tileaa.load %bp : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  nv_tileaa.store %bp, %y : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
  nv_tileaa.return
}

// -----

// A gather (offsets loaded from memory) cannot use vectors, so it asks for
// nothing and takes the layout its addresses come in: no conversion.
// CHECK-DAG: #[[G:.*]] = #nv_tileaa.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: nv_tileaa.func @gather
// CHECK-NOT: convert_layout
// CHECK: nv_tileaa.load {{.*}} -> tensor<1024xf32, #[[G]]>
nv_tileaa.func @gather(%idx: !nv_tileaa.ptr<i32>, %data: !nv_tileaa.ptr<f32>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %ib = nv_tileaa.splat %idx : !nv_tileaa.ptr<i32> -> tensor<1024x!nv_tileaa.ptr<i32>>
  %ip = nv_tileaa.addptr %ib, %r : tensor<1024x!nv_tileaa.ptr<i32>>, tensor<1024xi32>
  %offs = nv_tileaa.load %ip : tensor<1024x!nv_tileaa.ptr<i32>> -> tensor<1024xi32>
  %db = nv_tileaa.splat %data : !nv_tileaa.ptr<f32> -> tensor<1024x!nv_tileaa.ptr<f32>>
  %dp = nv_tileaa.addptr %db, %offs : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xi32>
  %x = nv_tileaa.load %dp : tensor<1024x!nv_tileaa.ptr<f32>> -> tensor<1024xf32>
  nv_tileaa.store %dp, %x : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xf32>
  nv_tileaa.return
}
