// What the tcgen05 lowering rejects, at the op: a blocked accumulator that
// has the verifier's shape but the other warp order ([1, 0] puts warp 1 on
// the right half of the columns, not on rows 32..63, which tcgen05.ld
// would not let it read), and a slot that is not a canonical layout.
// RUN: not tileiras-opt %s -split-input-file --tileaa-resolve-target='gpu-name=sm_100a' --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm 2>&1 | FileCheck %s

// CHECK: tcgen05-invalid.mlir:[[@LINE+8]]:8: error: 'nv_tileaa.warpgroup_dot' op accumulator layout is not tensor memory's: shape=[128, 128] {{.*}} warp={{\[\[0, 64\], \[32, 0\], \[64, 0\]\]}}
#acc = #nv_tileaa.blocked<sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 2], order = [1, 0]>
#sa = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], segment = 64>
nv_tileaa.func @order(%s: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x128x32xf16, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x128xf16, #sb>
  %c = arith.constant dense<0.0> : tensor<128x128xf32, #acc>
  %d = nv_tileaa.warpgroup_dot %a[%s], %b[%s], %c : !nv_tileaa.smem<2x128x32xf16, #sa>, !nv_tileaa.smem<2x32x128xf16, #sb>, tensor<128x128xf32, #acc> -> tensor<128x128xf32, #acc>
  nv_tileaa.return
}

// -----

// CHECK: tcgen05-invalid.mlir:[[@LINE+8]]:8: error: 'nv_tileaa.warpgroup_dot' op B slot layout #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]> is not a canonical wgmma layout
#acc = #nv_tileaa.blocked<sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>
#sa = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @slot(%s: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x128x32xf16, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x128xf16, #sb>
  %c = arith.constant dense<0.0> : tensor<128x128xf32, #acc>
  %d = nv_tileaa.warpgroup_dot %a[%s], %b[%s], %c : !nv_tileaa.smem<2x128x32xf16, #sa>, !nv_tileaa.smem<2x32x128xf16, #sb>, tensor<128x128xf32, #acc> -> tensor<128x128xf32, #acc>
  nv_tileaa.return
}

// -----

// An f32 (tf32) B in a row-major slot (N contiguous, MN-major): kind::tf32
// would need the 128-byte swizzle with 32-byte atoms.
// CHECK: tcgen05-invalid.mlir:[[@LINE+7]]:8: error: 'nv_tileaa.warpgroup_dot' op tcgen05.mma kind::tf32 operands must have K contiguous in their slots
#acc = #nv_tileaa.blocked<sizePerThread = [1, 32], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>
#sa = #nv_tileaa.swizzled_shared<vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @tf32_n_major(%s: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x128x32xf32, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x32xf32, #sa>
  %c = arith.constant dense<0.0> : tensor<128x32xf32, #acc>
  %d = nv_tileaa.warpgroup_dot %a[%s], %b[%s], %c : !nv_tileaa.smem<2x128x32xf32, #sa>, !nv_tileaa.smem<2x32x32xf32, #sa>, tensor<128x32xf32, #acc> -> tensor<128x32xf32, #acc>
  nv_tileaa.return
}
