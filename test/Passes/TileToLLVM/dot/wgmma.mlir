// warpgroup_dot on sm_90a: a 64x128 accumulator over K = 32 is one chain of
// two m64n128k16 wgmmas per warpgroup (4 warps: one warpgroup), between
// wgmma.fence and commit_group + wait_group 0; proxy_fence puts
// fence.proxy.async first. The descriptors carry the slots' swizzles and
// strides: A (64-byte rows) 64-byte swizzle (code 2), SBO 512, LBO 16;
// B (two 64-column boxes of 128-byte rows) 128-byte swizzle (code 1),
// SBO 1024, LBO 32 x 128 = 4096 (the next box along N).
// RUN: tileiras-opt %s --tileaa-resolve-target='gpu-name=sm_90a' --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm | FileCheck %s

// CHECK-LABEL: llvm.func @wgmma
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-DAG: llvm.mlir.constant(-9223371899415756800 : i64)
// CHECK-DAG: llvm.mlir.constant(4611686293322072064 : i64)
// CHECK: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// CHECK: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// CHECK-NOT: wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 0
#mma = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#sa = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], segment = 64>
nv_tileaa.func @wgmma(%c: !nv_tileaa.ptr<f32>, %s: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x32xf16, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x128xf16, #sb>
  %zero = arith.constant dense<0.0> : tensor<64x128xf32, #mma>
  %d = nv_tileaa.warpgroup_dot %a[%s], %b[%s], %zero {proxy_fence} : !nv_tileaa.smem<2x64x32xf16, #sa>, !nv_tileaa.smem<2x32x128xf16, #sb>, tensor<64x128xf32, #mma> -> tensor<64x128xf32, #mma>
  %ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<64x128x!nv_tileaa.ptr<f32>, #mma>
  nv_tileaa.store %ptrs, %d : tensor<64x128x!nv_tileaa.ptr<f32>, #mma>, tensor<64x128xf32, #mma>
  nv_tileaa.return
}
