// A block-scaled warpgroup_dot of packed FP4 slots (i8, two e2m1 a byte
// along K) on sm_100a: 128 x 128 x 128 (64 bytes of K), both slots K-major
// (order [1, 0] for A, [0, 1] for B), 4 warps.
// NVFP4 (f8E4M3FN scales per 16, 8 scale blocks): two
// tcgen05.mma.kind::mxf4nvf4.block_scale.block16 (K 64 each, 32 bytes a
// step), four scale blocks each (scale_vec::4X, scale id 0); the
// descriptor: e2m1 A and B (1 << 7, 1 << 10), K-major, N 128 (16 << 17),
// ue4m3 (bit 23 clear), M 128 (8 << 24) = 136316032; the scales take two
// word groups (2 x 4 columns for A, 2 x 4 for B); 128 + 16 columns -> 256.
// MXFP4 (f8E8M0FNU per 32, 4 blocks): two kind::mxf4.block_scale.block32,
// two blocks each (2X): scale ids 0 and 2 (2 << 4 | 2 << 29), ue8m0
// (1 << 23): 144704640 and 144704640 + 32 + (2 << 29) = 1218446496.
// The last case, an MN-major FP4 slot, is an error (kind::mxf4 reads
// K-major only), so the run fails.
// RUN: not tileiras-opt %s -split-input-file --tileaa-resolve-target='gpu-name=sm_100a' --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm 2>&1 | FileCheck %s --check-prefixes=CHECK,MN

// CHECK-LABEL: llvm.func @nvfp4
// CHECK: llvm.mlir.constant(256 : i32)
// CHECK: nvvm.tcgen05.alloc
// CHECK-COUNT-4: nvvm.tcgen05.cp
// CHECK-NOT: nvvm.tcgen05.cp
// CHECK: llvm.mlir.constant(136316032 : i32)
// CHECK: nvvm.tcgen05.mma.block_scale {{.*}}blockScale = #nvvm.tcgen05_mma_block_scale<block16>{{.*}}kind = #nvvm.block_scale_kind<mxf4nvf4>
// CHECK: llvm.mlir.constant(136316032 : i32)
// CHECK: nvvm.tcgen05.mma.block_scale {{.*}}kind = #nvvm.block_scale_kind<mxf4nvf4>
// CHECK-NOT: nvvm.tcgen05.mma
// CHECK: nvvm.tcgen05.commit
#acc = #nv_tileaa.blocked<sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>
#sl = #nv_tileaa.blocked<sizePerThread = [1, 8], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]>
#sl1 = #nv_tileaa.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
#sa = #nv_tileaa.swizzled_shared<vec = 16, perPhase = 2, maxPhase = 4, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 16, perPhase = 2, maxPhase = 4, order = [0, 1]>
nv_tileaa.func @nvfp4(%c: !nv_tileaa.ptr<f32>, %pa: !nv_tileaa.ptr<f8E4M3FN>, %pb: !nv_tileaa.ptr<f8E4M3FN>, %i: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x128x64xi8, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x128xi8, #sb>
  %spa = nv_tileaa.splat %pa : !nv_tileaa.ptr<f8E4M3FN> -> tensor<128x8x!nv_tileaa.ptr<f8E4M3FN>, #sl>
  %sa = nv_tileaa.load %spa : tensor<128x8x!nv_tileaa.ptr<f8E4M3FN>, #sl> -> tensor<128x8xf8E4M3FN, #sl>
  %spb = nv_tileaa.splat %pb : !nv_tileaa.ptr<f8E4M3FN> -> tensor<8x128x!nv_tileaa.ptr<f8E4M3FN>, #sl1>
  %sb = nv_tileaa.load %spb : tensor<8x128x!nv_tileaa.ptr<f8E4M3FN>, #sl1> -> tensor<8x128xf8E4M3FN, #sl1>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32, #acc>
  %d = nv_tileaa.warpgroup_dot %a[%i], %b[%i], %zero scales(%sa, %sb : tensor<128x8xf8E4M3FN, #sl>, tensor<8x128xf8E4M3FN, #sl1>) {proxy_fence} : !nv_tileaa.smem<2x128x64xi8, #sa>, !nv_tileaa.smem<2x64x128xi8, #sb>, tensor<128x128xf32, #acc> -> tensor<128x128xf32, #acc>
  %ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<128x128x!nv_tileaa.ptr<f32>, #acc>
  nv_tileaa.store %ptrs, %d : tensor<128x128x!nv_tileaa.ptr<f32>, #acc>, tensor<128x128xf32, #acc>
  nv_tileaa.return
}

// -----

// CHECK-LABEL: llvm.func @mxfp4
// CHECK: llvm.mlir.constant(144704640 : i32)
// CHECK: nvvm.tcgen05.mma.block_scale {{.*}}blockScale = #nvvm.tcgen05_mma_block_scale<block32>{{.*}}kind = #nvvm.block_scale_kind<mxf4>
// CHECK: llvm.mlir.constant(1218446496 : i32)
// CHECK: nvvm.tcgen05.mma.block_scale {{.*}}kind = #nvvm.block_scale_kind<mxf4>
// CHECK-NOT: nvvm.tcgen05.mma
#acc = #nv_tileaa.blocked<sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>
#sl = #nv_tileaa.blocked<sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]>
#sl1 = #nv_tileaa.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
#sa = #nv_tileaa.swizzled_shared<vec = 16, perPhase = 2, maxPhase = 4, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 16, perPhase = 2, maxPhase = 4, order = [0, 1]>
nv_tileaa.func @mxfp4(%c: !nv_tileaa.ptr<f32>, %pa: !nv_tileaa.ptr<f8E8M0FNU>, %pb: !nv_tileaa.ptr<f8E8M0FNU>, %i: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x128x64xi8, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x128xi8, #sb>
  %spa = nv_tileaa.splat %pa : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<128x4x!nv_tileaa.ptr<f8E8M0FNU>, #sl>
  %sa = nv_tileaa.load %spa : tensor<128x4x!nv_tileaa.ptr<f8E8M0FNU>, #sl> -> tensor<128x4xf8E8M0FNU, #sl>
  %spb = nv_tileaa.splat %pb : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<4x128x!nv_tileaa.ptr<f8E8M0FNU>, #sl1>
  %sb = nv_tileaa.load %spb : tensor<4x128x!nv_tileaa.ptr<f8E8M0FNU>, #sl1> -> tensor<4x128xf8E8M0FNU, #sl1>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32, #acc>
  %d = nv_tileaa.warpgroup_dot %a[%i], %b[%i], %zero scales(%sa, %sb : tensor<128x4xf8E8M0FNU, #sl>, tensor<4x128xf8E8M0FNU, #sl1>) {proxy_fence} : !nv_tileaa.smem<2x128x64xi8, #sa>, !nv_tileaa.smem<2x64x128xi8, #sb>, tensor<128x128xf32, #acc> -> tensor<128x128xf32, #acc>
  %ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<128x128x!nv_tileaa.ptr<f32>, #acc>
  nv_tileaa.store %ptrs, %d : tensor<128x128x!nv_tileaa.ptr<f32>, #acc>, tensor<128x128xf32, #acc>
  nv_tileaa.return
}

// -----

// MN: error: 'nv_tileaa.warpgroup_dot' op tcgen05.mma kind::mxf4 operands (packed FP4) must have K contiguous in their slots
#acc = #nv_tileaa.blocked<sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>
#sl = #nv_tileaa.blocked<sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]>
#sl1 = #nv_tileaa.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
#sa = #nv_tileaa.swizzled_shared<vec = 16, perPhase = 2, maxPhase = 4, order = [1, 0]>
#s = #nv_tileaa.swizzled_shared<vec = 16, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @mn_major(%c: !nv_tileaa.ptr<f32>, %pa: !nv_tileaa.ptr<f8E8M0FNU>, %pb: !nv_tileaa.ptr<f8E8M0FNU>, %i: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x128x64xi8, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x128xi8, #s>
  %spa = nv_tileaa.splat %pa : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<128x4x!nv_tileaa.ptr<f8E8M0FNU>, #sl>
  %sa = nv_tileaa.load %spa : tensor<128x4x!nv_tileaa.ptr<f8E8M0FNU>, #sl> -> tensor<128x4xf8E8M0FNU, #sl>
  %spb = nv_tileaa.splat %pb : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<4x128x!nv_tileaa.ptr<f8E8M0FNU>, #sl1>
  %sb = nv_tileaa.load %spb : tensor<4x128x!nv_tileaa.ptr<f8E8M0FNU>, #sl1> -> tensor<4x128xf8E8M0FNU, #sl1>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32, #acc>
  %d = nv_tileaa.warpgroup_dot %a[%i], %b[%i], %zero scales(%sa, %sb : tensor<128x4xf8E8M0FNU, #sl>, tensor<4x128xf8E8M0FNU, #sl1>) {proxy_fence} : !nv_tileaa.smem<2x128x64xi8, #sa>, !nv_tileaa.smem<2x64x128xi8, #s>, tensor<128x128xf32, #acc> -> tensor<128x128xf32, #acc>
  %ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<128x128x!nv_tileaa.ptr<f32>, #acc>
  nv_tileaa.store %ptrs, %d : tensor<128x128x!nv_tileaa.ptr<f32>, #acc>, tensor<128x128xf32, #acc>
  nv_tileaa.return
}
