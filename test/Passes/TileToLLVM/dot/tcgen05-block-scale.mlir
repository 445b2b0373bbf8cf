// A block-scaled warpgroup_dot (the tcgen05 form of dot_scaled) on sm_100a:
// 128 x 128 x 128, e4m3 A, e5m2 B, 4 warps. Every thread stores the scale
// bytes it holds into scratch (A's row m of step s at (m % 32) 16 +
// (m / 32) 4 + s, B's column n at 512 + (n % 32) 16 + (n / 32) 4 + s), a
// proxy fence orders them before tcgen05.cp; 256 columns are allocated
// (128 for D, 4 for A's scales, 4 for B's); thread 0 copies the two blocks
// (tcgen05.cp 32x128b.warpx4 to columns 128 and 132) and issues four
// kind::mxf8f6f4 MMAs, one per 32 K elements, whose instruction
// descriptors differ only in the scale ids (step s: s at bits 4..5 and
// 29..30): e5m2 B (1 << 10), B N-major (1 << 16), N 128 (16 << 17), ue8m0
// (1 << 23), M 128 (8 << 24) = 144770048, + 16 + (1 << 29) = 681640976,
// + 32 + (2 << 29) = 1218511904, + 48 + (3 << 29) = 1755382832.
// The copy blocks' descriptor: no swizzle, SBO 128 (8 << 32), 0b001 at
// bit 46 (70403103916032 with the start address or-ed in).
// RUN: tileiras-opt %s --tileaa-resolve-target='gpu-name=sm_100a' --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm | FileCheck %s
// Tensor memory over 512 columns: tcgen05-block-scale-columns.mlir.

// CHECK-LABEL: llvm.func @block_scaled
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-4: llvm.store {{.*}} : i8, !llvm.ptr<3>
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK: llvm.mlir.constant(256 : i32)
// CHECK: nvvm.tcgen05.alloc
// CHECK: nvvm.tcgen05.fence <before>
// CHECK-NEXT: nvvm.barrier0
// CHECK: llvm.mlir.constant(70403103916032 : i64)
// CHECK: nvvm.tcgen05.cp {{.*}}multicast = #nvvm.tcgen05_cp_multicast<warpx4>{{.*}}shape = #nvvm.tcgen05_cp_shape<shape_32x128b>
// CHECK: nvvm.tcgen05.cp
// CHECK-NOT: nvvm.tcgen05.cp
// CHECK: llvm.mlir.constant(144770048 : i32)
// CHECK: nvvm.tcgen05.mma.block_scale
// CHECK: llvm.mlir.constant(681640976 : i32)
// CHECK: nvvm.tcgen05.mma.block_scale
// CHECK: llvm.mlir.constant(1218511904 : i32)
// CHECK: nvvm.tcgen05.mma.block_scale
// CHECK: llvm.mlir.constant(1755382832 : i32)
// CHECK: nvvm.tcgen05.mma.block_scale
// CHECK-NOT: nvvm.tcgen05.mma
// CHECK: nvvm.tcgen05.commit
// CHECK: mbarrier.try_wait.parity
// CHECK-COUNT-4: nvvm.tcgen05.ld {{.*}} : vector<32xi32>
// CHECK: nvvm.tcgen05.dealloc
#acc = #nv_tileaa.blocked<sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>
#sl = #nv_tileaa.blocked<sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]>
#sl1 = #nv_tileaa.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
#s = #nv_tileaa.swizzled_shared<vec = 16, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @block_scaled(%c: !nv_tileaa.ptr<f32>, %pa: !nv_tileaa.ptr<f8E8M0FNU>, %pb: !nv_tileaa.ptr<f8E8M0FNU>, %i: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x128x128xf8E4M3FN, #s>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x128x128xf8E5M2, #s>
  %spa = nv_tileaa.splat %pa : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<128x4x!nv_tileaa.ptr<f8E8M0FNU>, #sl>
  %sa = nv_tileaa.load %spa : tensor<128x4x!nv_tileaa.ptr<f8E8M0FNU>, #sl> -> tensor<128x4xf8E8M0FNU, #sl>
  %spb = nv_tileaa.splat %pb : !nv_tileaa.ptr<f8E8M0FNU> -> tensor<4x128x!nv_tileaa.ptr<f8E8M0FNU>, #sl1>
  %sb = nv_tileaa.load %spb : tensor<4x128x!nv_tileaa.ptr<f8E8M0FNU>, #sl1> -> tensor<4x128xf8E8M0FNU, #sl1>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32, #acc>
  %d = nv_tileaa.warpgroup_dot %a[%i], %b[%i], %zero scales(%sa, %sb : tensor<128x4xf8E8M0FNU, #sl>, tensor<4x128xf8E8M0FNU, #sl1>) {proxy_fence} : !nv_tileaa.smem<2x128x128xf8E4M3FN, #s>, !nv_tileaa.smem<2x128x128xf8E5M2, #s>, tensor<128x128xf32, #acc> -> tensor<128x128xf32, #acc>
  %ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<128x128x!nv_tileaa.ptr<f32>, #acc>
  nv_tileaa.store %ptrs, %d : tensor<128x128x!nv_tileaa.ptr<f32>, #acc>, tensor<128x128xf32, #acc>
  nv_tileaa.return
}

