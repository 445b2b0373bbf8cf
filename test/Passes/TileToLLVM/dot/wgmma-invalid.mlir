// What the wgmma lowering rejects, at the op: a warpgroup_dot on a target
// without wgmma (tileaa-warpgroup-dots makes none there; a hand-written
// module can), and a slot laid out for ldmatrix (256-byte rows in one
// piece), which is not a layout wgmma can read.
// RUN: not tileiras-opt %s --tileaa-resolve-target='gpu-name=sm_90' --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm 2>&1 | FileCheck %s --check-prefix=SM90
// RUN: not tileiras-opt %s --tileaa-resolve-target='gpu-name=sm_90a' --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm 2>&1 | FileCheck %s

// SM90: wgmma-invalid.mlir:[[@LINE+9]]:8: error: 'nv_tileaa.warpgroup_dot' op needs wgmma, which sm_90 lacks (sm_90a only)
// CHECK: wgmma-invalid.mlir:[[@LINE+8]]:8: error: 'nv_tileaa.warpgroup_dot' op B slot layout #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]> is not a canonical wgmma layout
#mma = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#sa = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @not_canonical(%c: !nv_tileaa.ptr<f32>, %s: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x32xf16, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x128xf16, #sb>
  %zero = arith.constant dense<0.0> : tensor<64x128xf32, #mma>
  %d = nv_tileaa.warpgroup_dot %a[%s], %b[%s], %zero : !nv_tileaa.smem<2x64x32xf16, #sa>, !nv_tileaa.smem<2x32x128xf16, #sb>, tensor<64x128xf32, #mma> -> tensor<64x128xf32, #mma>
  %ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<64x128x!nv_tileaa.ptr<f32>, #mma>
  nv_tileaa.store %ptrs, %d : tensor<64x128x!nv_tileaa.ptr<f32>, #mma>, tensor<64x128xf32, #mma>
  nv_tileaa.return
}
