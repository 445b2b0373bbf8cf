// warpgroup_dot with f32 slots (tf32 values) and a blocked accumulator on
// sm_100a: tcgen05.mma kind::tf32, one per 8 of K, instruction descriptor
// f32 D (1 << 4) | A and B type code 2 (2 << 7 | 2 << 10) | N 64 (8 << 17)
// | M 128 (8 << 24).
// RUN: tileiras-opt %s --tileaa-resolve-target='gpu-name=sm_100a' --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm | FileCheck %s

// CHECK-LABEL: llvm.func @tcgen05_tf32
// CHECK-DAG: llvm.mlir.constant(135268624 : i32)
// CHECK-COUNT-4: nvvm.tcgen05.mma {{.*}}kind = #nvvm.tcgen05_mma_kind<tf32>
// CHECK-NOT: nvvm.tcgen05.mma
#acc = #nv_tileaa.blocked<sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>
#sa = #nv_tileaa.swizzled_shared<vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 4, perPhase = 1, maxPhase = 8, order = [0, 1]>
nv_tileaa.func @tcgen05_tf32(%c: !nv_tileaa.ptr<f32>, %s: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x128x32xf32, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x64xf32, #sb>
  %zero = arith.constant dense<0.0> : tensor<128x64xf32, #acc>
  %d = nv_tileaa.warpgroup_dot %a[%s], %b[%s], %zero : !nv_tileaa.smem<2x128x32xf32, #sa>, !nv_tileaa.smem<2x32x64xf32, #sb>, tensor<128x64xf32, #acc> -> tensor<128x64xf32, #acc>
  %ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<128x64x!nv_tileaa.ptr<f32>, #acc>
  nv_tileaa.store %ptrs, %d : tensor<128x64x!nv_tileaa.ptr<f32>, #acc>, tensor<128x64xf32, #acc>
  nv_tileaa.return
}
