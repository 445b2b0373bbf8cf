// With N = 256 and K = 4096 the accumulator and the block scales of a
// block-scaled warpgroup_dot need 256 + 128 + 256 columns, more than
// tensor memory has: an error naming the count. The same for packed FP4
// (i8 slots of K / 2 bytes): K counts elements, not bytes.
// RUN: not tileiras-opt %s -split-input-file --tileaa-resolve-target='gpu-name=sm_100a' --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm 2>&1 | FileCheck %s

// CHECK: error: 'nv_tileaa.warpgroup_dot' op needs 640 tensor-memory columns (the accumulator's 256 and the block scales' for K = 4096), more than the 512 a CTA has
#acc = #nv_tileaa.blocked<sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 2], order = [0, 1]>
#sl = #nv_tileaa.blocked<sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 2], order = [1, 0]>
#sl1 = #nv_tileaa.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]>
#s = #nv_tileaa.swizzled_shared<vec = 16, perPhase = 1, maxPhase = 8, order = [1, 0], segment = 128>
nv_tileaa.func @too_many_columns(%c: !nv_tileaa.ptr<f32>, %pa: !nv_tileaa.ptr<f8E8M0FNU>, %pb: !nv_tileaa.ptr<f8E8M0FNU>, %i: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<1x128x4096xf8E4M3FN, #s>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<1x4096x256xf8E4M3FN, #s>
  %spa = nv_tileaa.splat %pa : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<128x128x!nv_tileaa.ptr<f8E8M0FNU>, #sl>
  %sa = nv_tileaa.load %spa : tensor<128x128x!nv_tileaa.ptr<f8E8M0FNU>, #sl> -> tensor<128x128xf8E8M0FNU, #sl>
  %spb = nv_tileaa.splat %pb : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<128x256x!nv_tileaa.ptr<f8E8M0FNU>, #sl1>
  %sb = nv_tileaa.load %spb : tensor<128x256x!nv_tileaa.ptr<f8E8M0FNU>, #sl1> -> tensor<128x256xf8E8M0FNU, #sl1>
  %zero = arith.constant dense<0.0> : tensor<128x256xf32, #acc>
  %d = nv_tileaa.warpgroup_dot %a[%i], %b[%i], %zero scales(%sa, %sb : tensor<128x128xf8E8M0FNU, #sl>, tensor<128x256xf8E8M0FNU, #sl1>) : !nv_tileaa.smem<1x128x4096xf8E4M3FN, #s>, !nv_tileaa.smem<1x4096x256xf8E4M3FN, #s>, tensor<128x256xf32, #acc> -> tensor<128x256xf32, #acc>
  %ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<128x256x!nv_tileaa.ptr<f32>, #acc>
  nv_tileaa.store %ptrs, %d : tensor<128x256x!nv_tileaa.ptr<f32>, #acc>, tensor<128x256xf32, #acc>
  nv_tileaa.return
}

// -----

// CHECK: error: 'nv_tileaa.warpgroup_dot' op needs 640 tensor-memory columns (the accumulator's 256 and the block scales' for K = 4096), more than the 512 a CTA has
#acc = #nv_tileaa.blocked<sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 2], order = [0, 1]>
#sl = #nv_tileaa.blocked<sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 2], order = [1, 0]>
#sl1 = #nv_tileaa.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]>
#s = #nv_tileaa.swizzled_shared<vec = 16, perPhase = 1, maxPhase = 8, order = [1, 0], segment = 128>
#st = #nv_tileaa.swizzled_shared<vec = 16, perPhase = 1, maxPhase = 8, order = [0, 1], segment = 128>
nv_tileaa.func @too_many_columns_fp4(%c: !nv_tileaa.ptr<f32>, %pa: !nv_tileaa.ptr<f8E8M0FNU>, %pb: !nv_tileaa.ptr<f8E8M0FNU>, %i: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<1x128x2048xi8, #s>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<1x2048x256xi8, #st>
  %spa = nv_tileaa.splat %pa : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<128x128x!nv_tileaa.ptr<f8E8M0FNU>, #sl>
  %sa = nv_tileaa.load %spa : tensor<128x128x!nv_tileaa.ptr<f8E8M0FNU>, #sl> -> tensor<128x128xf8E8M0FNU, #sl>
  %spb = nv_tileaa.splat %pb : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<128x256x!nv_tileaa.ptr<f8E8M0FNU>, #sl1>
  %sb = nv_tileaa.load %spb : tensor<128x256x!nv_tileaa.ptr<f8E8M0FNU>, #sl1> -> tensor<128x256xf8E8M0FNU, #sl1>
  %zero = arith.constant dense<0.0> : tensor<128x256xf32, #acc>
  %d = nv_tileaa.warpgroup_dot %a[%i], %b[%i], %zero scales(%sa, %sb : tensor<128x128xf8E8M0FNU, #sl>, tensor<128x256xf8E8M0FNU, #sl1>) : !nv_tileaa.smem<1x128x2048xi8, #s>, !nv_tileaa.smem<1x2048x256xi8, #st>, tensor<128x256xf32, #acc> -> tensor<128x256xf32, #acc>
  %ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<128x256x!nv_tileaa.ptr<f32>, #acc>
  nv_tileaa.store %ptrs, %d : tensor<128x256x!nv_tileaa.ptr<f32>, #acc>, tensor<128x256xf32, #acc>
  nv_tileaa.return
}
