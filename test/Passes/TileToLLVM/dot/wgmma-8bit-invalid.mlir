// wgmma transposes only 16-bit operands: an FP8 B in a row-major slot (N
// contiguous, MN-major) is rejected at the op (tileaa-warpgroup-dots
// stages such a B K-major instead; a hand-written module can do this).
// RUN: not tileiras-opt %s -split-input-file --tileaa-resolve-target='gpu-name=sm_90a' --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm 2>&1 | FileCheck %s

// CHECK: wgmma-8bit-invalid.mlir:[[@LINE+7]]:8: error: 'nv_tileaa.warpgroup_dot' op wgmma reads 8-bit and tf32 operands K-major only: K must be contiguous in their slots
#mma = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#s = #nv_tileaa.swizzled_shared<vec = 16, perPhase = 2, maxPhase = 4, order = [1, 0]>
nv_tileaa.func @n_major_fp8(%c: !nv_tileaa.ptr<f32>, %s: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x64xf8E4M3FN, #s>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x64xf8E4M3FN, #s>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
  %d = nv_tileaa.warpgroup_dot %a[%s], %b[%s], %zero : !nv_tileaa.smem<2x64x64xf8E4M3FN, #s>, !nv_tileaa.smem<2x64x64xf8E4M3FN, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  %ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<64x64x!nv_tileaa.ptr<f32>, #mma>
  nv_tileaa.store %ptrs, %d : tensor<64x64x!nv_tileaa.ptr<f32>, #mma>, tensor<64x64xf32, #mma>
  nv_tileaa.return
}

// -----

// The same for an f32 (tf32) B: wgmma reads tf32 K-major only.
// CHECK: wgmma-8bit-invalid.mlir:[[@LINE+7]]:8: error: 'nv_tileaa.warpgroup_dot' op wgmma reads 8-bit and tf32 operands K-major only: K must be contiguous in their slots
#mma = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#s = #nv_tileaa.swizzled_shared<vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @n_major_tf32(%c: !nv_tileaa.ptr<f32>, %s: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x32xf32, #s>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x32xf32, #s>
  %zero = arith.constant dense<0.0> : tensor<64x32xf32, #mma>
  %d = nv_tileaa.warpgroup_dot %a[%s], %b[%s], %zero : !nv_tileaa.smem<2x64x32xf32, #s>, !nv_tileaa.smem<2x32x32xf32, #s>, tensor<64x32xf32, #mma> -> tensor<64x32xf32, #mma>
  %ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<64x32x!nv_tileaa.ptr<f32>, #mma>
  nv_tileaa.store %ptrs, %d : tensor<64x32x!nv_tileaa.ptr<f32>, #mma>, tensor<64x32xf32, #mma>
  nv_tileaa.return
}
