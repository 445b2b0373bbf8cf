// warpgroup_dot on sm_90a with 8-bit operands and with B stored K-major
// (a column-major slot: N rows of K). FP8 (any pair) takes
// m64nNk32.f32.e4m3.e5m2 with only the imm-scale immediates, i8 takes
// m64nNk32.s32.s8.u8 with scale-d alone (the ISA has no imm-scale or
// imm-trans for them); K = 64 is two instructions. f16 with a K-major B
// passes imm-trans-b 0. B's descriptor is K-major: 64-byte rows of K
// (64-byte swizzle, code 2, SBO 512, LBO 16), the second K step 32 bytes
// further.
// RUN: tileiras-opt %s --split-input-file --tileaa-resolve-target='gpu-name=sm_90a' --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm | FileCheck %s

// CHECK-LABEL: llvm.func @fp8
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-DAG: llvm.mlir.constant(-9223371899415756800 : i64)
// CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e5m2 {{.*}}, p, 1, 1;
// CHECK-NOT: wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
#mma = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#sa = #nv_tileaa.swizzled_shared<vec = 16, perPhase = 2, maxPhase = 4, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 16, perPhase = 2, maxPhase = 4, order = [0, 1]>
nv_tileaa.func @fp8(%c: !nv_tileaa.ptr<f32>, %s: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x64xf8E4M3FN, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x128xf8E5M2, #sb>
  %zero = arith.constant dense<0.0> : tensor<64x128xf32, #mma>
  %d = nv_tileaa.warpgroup_dot %a[%s], %b[%s], %zero : !nv_tileaa.smem<2x64x64xf8E4M3FN, #sa>, !nv_tileaa.smem<2x64x128xf8E5M2, #sb>, tensor<64x128xf32, #mma> -> tensor<64x128xf32, #mma>
  %ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<64x128x!nv_tileaa.ptr<f32>, #mma>
  nv_tileaa.store %ptrs, %d : tensor<64x128x!nv_tileaa.ptr<f32>, #mma>, tensor<64x128xf32, #mma>
  nv_tileaa.return
}

// -----

// CHECK-LABEL: llvm.func @i8
// CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.u8 {{.*}}, p;
// CHECK-NOT: wgmma.mma_async
#mma = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#sa = #nv_tileaa.swizzled_shared<vec = 16, perPhase = 2, maxPhase = 4, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 16, perPhase = 2, maxPhase = 4, order = [0, 1]>
nv_tileaa.func @i8(%c: !nv_tileaa.ptr<i32>, %s: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x64xi8, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x64xi8, #sb>
  %zero = arith.constant dense<0> : tensor<64x64xi32, #mma>
  %d = nv_tileaa.warpgroup_dot %a[%s], %b[%s], %zero {signedness_a = #nv_tileaa.signedness<signed>, signedness_b = #nv_tileaa.signedness<unsigned>} : !nv_tileaa.smem<2x64x64xi8, #sa>, !nv_tileaa.smem<2x64x64xi8, #sb>, tensor<64x64xi32, #mma> -> tensor<64x64xi32, #mma>
  %ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<i32> -> tensor<64x64x!nv_tileaa.ptr<i32>, #mma>
  nv_tileaa.store %ptrs, %d : tensor<64x64x!nv_tileaa.ptr<i32>, #mma>, tensor<64x64xi32, #mma>
  nv_tileaa.return
}

// -----

// CHECK-LABEL: llvm.func @f16_k_major_b
// CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, p, 1, 1, 0, 0;
#mma = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#s = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [0, 1]>
nv_tileaa.func @f16_k_major_b(%c: !nv_tileaa.ptr<f32>, %s: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x32xf16, #s>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x64xf16, #sb>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %d = nv_tileaa.warpgroup_dot %a[%s], %b[%s], %zero : !nv_tileaa.smem<2x64x32xf16, #s>, !nv_tileaa.smem<2x32x64xf16, #sb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  %ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<64x64x!nv_tileaa.ptr<f32>, #mma>
  nv_tileaa.store %ptrs, %d : tensor<64x64x!nv_tileaa.ptr<f32>, #mma>, tensor<64x64xf32, #mma>
  nv_tileaa.return
}
