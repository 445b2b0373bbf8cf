// warpgroup_dot with A in registers on sm_90a: wgmma's register form, A as
// four 32-bit words (f16 pairs) per wgmma, no imm-trans-a; one chain of
// two k16 wgmmas per 64-row block (M = 128 with 4 warps: two blocks).
// RUN: tileiras-opt %s --tileaa-resolve-target='gpu-name=sm_90a' --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm | FileCheck %s

// CHECK-LABEL: llvm.func @wgmma_register_a
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, {{.*}}, $31}, {$64, $65, $66, $67}, $68, p, 1, 1, 1;{{.*}} : (f32, {{.*}}, f32, i32, i32, i32, i32, i64, i32) ->
// CHECK-NOT: wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 0
#mma = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#ra = #nv_tileaa.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#sb = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @wgmma_register_a(%c: !nv_tileaa.ptr<f32>, %x: f16, %s: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %a = nv_tileaa.splat %x : f16 -> tensor<128x32xf16, #ra>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x64xf16, #sb>
  %zero = arith.constant dense<0.0> : tensor<128x64xf32, #mma>
  %d = nv_tileaa.warpgroup_dot %a, %b[%s], %zero : tensor<128x32xf16, #ra>, !nv_tileaa.smem<2x32x64xf16, #sb>, tensor<128x64xf32, #mma> -> tensor<128x64xf32, #mma>
  %ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<128x64x!nv_tileaa.ptr<f32>, #mma>
  nv_tileaa.store %ptrs, %d : tensor<128x64x!nv_tileaa.ptr<f32>, #mma>, tensor<128x64xf32, #mma>
  nv_tileaa.return
}
