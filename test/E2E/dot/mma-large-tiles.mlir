// Tiles that the FMA path could not take with 4 warps compile on tensor
// cores: a 64x64x64 i8 dot (FMA: "too large to distribute") and a
// 64x128x64 f16 dot (FMA: 51200 bytes of shared operands). Each runs on
// mma.sync, has no local memory (no spills) and assembles; on sm_90a the
// f16 dot runs on wgmma (its loads stored into wgmma's layouts first: four
// m64n128k16 per warpgroup).
// RUN: tileiras --gpu-name=sm_80 %s -o %t.sm80.ptx
// RUN: tileiras --gpu-name=sm_90a %s -o %t.sm90a.ptx
// RUN: tileiras --gpu-name=sm_120a %s -o %t.sm120a.ptx
// RUN: %ptxas-verify sm_80 %t.sm80.ptx
// RUN: %ptxas-verify sm_90a %t.sm90a.ptx
// RUN: %ptxas-verify sm_120a %t.sm120a.ptx
// RUN: FileCheck %s --implicit-check-not=.local < %t.sm80.ptx
// RUN: FileCheck %s --check-prefix=WG --implicit-check-not=.local < %t.sm90a.ptx
// CHECK-LABEL: .entry dot_i8_64x64x64(
// CHECK: mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
// CHECK-LABEL: .entry dot_f16_64x128x64(
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// WG-LABEL: .entry dot_i8_64x64x64(
// WG: mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
// WG-LABEL: .entry dot_f16_64x128x64(
// WG-NOT: mma.sync
// WG-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// WG-NOT: mma.sync

nv_tileaa.func @dot_i8_64x64x64(%a: !nv_tileaa.ptr<i8>, %b: !nv_tileaa.ptr<i8>, %out: !nv_tileaa.ptr<i32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 4096 : i32} : tensor<4096xi32>
  %i = nv_tileaa.view %r : tensor<4096xi32> -> tensor<64x64xi32>
  %pa0 = nv_tileaa.splat %a : !nv_tileaa.ptr<i8> -> tensor<64x64x!nv_tileaa.ptr<i8>>
  %pa = nv_tileaa.addptr %pa0, %i : tensor<64x64x!nv_tileaa.ptr<i8>>, tensor<64x64xi32>
  %pb0 = nv_tileaa.splat %b : !nv_tileaa.ptr<i8> -> tensor<64x64x!nv_tileaa.ptr<i8>>
  %pb = nv_tileaa.addptr %pb0, %i : tensor<64x64x!nv_tileaa.ptr<i8>>, tensor<64x64xi32>
  %x = nv_tileaa.load %pa : tensor<64x64x!nv_tileaa.ptr<i8>> -> tensor<64x64xi8>
  %y = nv_tileaa.load %pb : tensor<64x64x!nv_tileaa.ptr<i8>> -> tensor<64x64xi8>
  %zero = arith.constant dense<0> : tensor<64x64xi32>
  %d = nv_tileaa.dot %x, %y, %zero {signedness_a = #nv_tileaa.signedness<signed>, signedness_b = #nv_tileaa.signedness<signed>} : tensor<64x64xi8>, tensor<64x64xi8>, tensor<64x64xi32> -> tensor<64x64xi32>
  %po0 = nv_tileaa.splat %out : !nv_tileaa.ptr<i32> -> tensor<64x64x!nv_tileaa.ptr<i32>>
  %po = nv_tileaa.addptr %po0, %i : tensor<64x64x!nv_tileaa.ptr<i32>>, tensor<64x64xi32>
  nv_tileaa.store %po, %d : tensor<64x64x!nv_tileaa.ptr<i32>>, tensor<64x64xi32>
  nv_tileaa.return
}

nv_tileaa.func @dot_f16_64x128x64(%a: !nv_tileaa.ptr<f16>, %b: !nv_tileaa.ptr<f16>, %out: !nv_tileaa.ptr<f32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 8192 : i32} : tensor<8192xi32>
  %r4 = nv_tileaa.make_range {start = 0 : i32, end = 4096 : i32} : tensor<4096xi32>
  %ia = nv_tileaa.view %r4 : tensor<4096xi32> -> tensor<64x64xi32>
  %ib = nv_tileaa.view %r : tensor<8192xi32> -> tensor<64x128xi32>
  %pa0 = nv_tileaa.splat %a : !nv_tileaa.ptr<f16> -> tensor<64x64x!nv_tileaa.ptr<f16>>
  %pa = nv_tileaa.addptr %pa0, %ia : tensor<64x64x!nv_tileaa.ptr<f16>>, tensor<64x64xi32>
  %pb0 = nv_tileaa.splat %b : !nv_tileaa.ptr<f16> -> tensor<64x128x!nv_tileaa.ptr<f16>>
  %pb = nv_tileaa.addptr %pb0, %ib : tensor<64x128x!nv_tileaa.ptr<f16>>, tensor<64x128xi32>
  %x = nv_tileaa.load %pa : tensor<64x64x!nv_tileaa.ptr<f16>> -> tensor<64x64xf16>
  %y = nv_tileaa.load %pb : tensor<64x128x!nv_tileaa.ptr<f16>> -> tensor<64x128xf16>
  %zero = arith.constant dense<0.0> : tensor<64x128xf32>
  %d = nv_tileaa.dot %x, %y, %zero : tensor<64x64xf16>, tensor<64x128xf16>, tensor<64x128xf32> -> tensor<64x128xf32>
  %po0 = nv_tileaa.splat %out : !nv_tileaa.ptr<f32> -> tensor<64x128x!nv_tileaa.ptr<f32>>
  %po = nv_tileaa.addptr %po0, %ib : tensor<64x128x!nv_tileaa.ptr<f32>>, tensor<64x128xi32>
  nv_tileaa.store %po, %d : tensor<64x128x!nv_tileaa.ptr<f32>>, tensor<64x128xf32>
  nv_tileaa.return
}
