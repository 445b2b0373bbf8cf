// warpgroup_dot with tensor memory's accumulator layout (one row per
// thread; 8 warps: warpgroup 1 takes columns 64..127) on sm_100a: a
// 128x128 tile over K = 32 is two tcgen05.mma m128n128k16 issued by thread
// 0 and committed to an mbarrier, between the allocation of 128 columns
// (warp 0) and their release, with tcgen05 fences around the CTA
// barriers; every thread waits on the mbarrier (phase 0), loads its 64
// columns with two tcgen05.ld 32x32b.x32 (each waited for, so that only 32
// columns are live beside C) and adds C.
// The descriptors are wgmma's fields in tcgen05's encoding: 0b001 at bits
// 46..48 and twice wgmma's swizzle code at 61..63. A (64-byte rows): 64B
// swizzle (4), SBO 512, LBO 16; B (two 64-column boxes of 128-byte rows):
// 128B swizzle (2), SBO 1024, LBO 4096. Instruction descriptor: f32 D
// (1 << 4), f16 A and B, transpose B (1 << 16), N 128 (16 << 17), M 128
// (8 << 24).
// RUN: tileiras-opt %s --tileaa-resolve-target='gpu-name=sm_100a' --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm | FileCheck %s
// On sm_90a the op has no instruction (a blocked accumulator is tcgen05's).
// RUN: not tileiras-opt %s --tileaa-resolve-target='gpu-name=sm_90a' --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm 2>&1 | FileCheck %s --check-prefix=HOPPER

// CHECK-LABEL: llvm.func @tcgen05
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK: nvvm.tcgen05.alloc
// CHECK: nvvm.mbarrier.init
// CHECK: nvvm.fence.mbarrier.init
// CHECK: nvvm.tcgen05.fence <before>
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: nvvm.tcgen05.fence <after>
// CHECK-DAG: llvm.mlir.constant(136380432 : i32)
// CHECK-DAG: llvm.mlir.constant(-9223301530671579136 : i64)
// CHECK-DAG: llvm.mlir.constant(4611756662066249728 : i64)
// CHECK: nvvm.tcgen05.mma
// CHECK: nvvm.tcgen05.mma
// CHECK-NOT: nvvm.tcgen05.mma
// CHECK: nvvm.tcgen05.commit
// CHECK: mbarrier.try_wait.parity
// CHECK: nvvm.tcgen05.fence <after>
// CHECK: nvvm.tcgen05.ld {{.*}} : vector<32xi32>
// CHECK-NEXT: nvvm.tcgen05.wait <load>
// CHECK-COUNT-32: llvm.fadd
// CHECK: nvvm.tcgen05.ld {{.*}} : vector<32xi32>
// CHECK-NEXT: nvvm.tcgen05.wait <load>
// CHECK-COUNT-32: llvm.fadd
// CHECK-NOT: nvvm.tcgen05.ld
// CHECK: nvvm.tcgen05.fence <before>
// CHECK-NEXT: nvvm.barrier0
// CHECK: nvvm.tcgen05.dealloc
// CHECK: nvvm.mbarrier.inval
// HOPPER: error: 'nv_tileaa.warpgroup_dot' op needs tcgen05.mma, which sm_90a lacks (sm_100a/f, sm_103a/f, sm_110a/f)
#acc = #nv_tileaa.blocked<sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 2], order = [0, 1]>
#sa = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], segment = 64>
nv_tileaa.func @tcgen05(%c: !nv_tileaa.ptr<f32>, %s: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x128x32xf16, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x128xf16, #sb>
  %one = arith.constant dense<1.0> : tensor<128x128xf32, #acc>
  %d = nv_tileaa.warpgroup_dot %a[%s], %b[%s], %one {proxy_fence} : !nv_tileaa.smem<2x128x32xf16, #sa>, !nv_tileaa.smem<2x32x128xf16, #sb>, tensor<128x128xf32, #acc> -> tensor<128x128xf32, #acc>
  %ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<128x128x!nv_tileaa.ptr<f32>, #acc>
  nv_tileaa.store %ptrs, %d : tensor<128x128x!nv_tileaa.ptr<f32>, #acc>, tensor<128x128xf32, #acc>
  nv_tileaa.return
}
