// warpgroup_dot with f32 slots (tf32 values, as tileaa-warpgroup-dots
// stages a tf32 dot's operands) on sm_90a: wgmma m64nNk8.f32.tf32.tf32
// with the imm-scale immediates only (the ISA has no imm-trans for tf32),
// one per 8 of K.
// RUN: tileiras-opt %s --tileaa-resolve-target='gpu-name=sm_90a' --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm | FileCheck %s

// CHECK-LABEL: llvm.func @wgmma_tf32
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32 {{.*}}, p, 1, 1;
// CHECK-NOT: wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
#mma = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#sa = #nv_tileaa.swizzled_shared<vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 4, perPhase = 1, maxPhase = 8, order = [0, 1]>
nv_tileaa.func @wgmma_tf32(%c: !nv_tileaa.ptr<f32>, %s: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x32xf32, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x64xf32, #sb>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %d = nv_tileaa.warpgroup_dot %a[%s], %b[%s], %zero : !nv_tileaa.smem<2x64x32xf32, #sa>, !nv_tileaa.smem<2x32x64xf32, #sb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  %ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<64x64x!nv_tileaa.ptr<f32>, #mma>
  nv_tileaa.store %ptrs, %d : tensor<64x64x!nv_tileaa.ptr<f32>, #mma>, tensor<64x64xf32, #mma>
  nv_tileaa.return
}
