// On sm_100a examples/matmul_mxfp8_tcgen05.mlir's dot_scaled (128 x 128 x
// 64, 8 warps) is meant for tcgen05.mma block_scale: its accumulator has
// tensor memory's layout (a row per thread, warpgroup 1 on the right half
// of the columns), the pipeliner stages A (K-major, 64-byte rows) and B
// (N-major, 128-byte rows) in canonical layouts through cp.async, and
// tileaa-warpgroup-dots makes a block-scaled tmem_dot of it, the
// accumulator in tensor memory across the K loop, that reads them from
// their slots (proxy fence) and keeps the scales as register tiles in the
// layouts of their loads.
// RUN: tileiras-opt %tileiras_src/examples/matmul_mxfp8_tcgen05.mlir -tileaa-resolve-target='gpu-name=sm_100a' -tileaa-decompose-scaled-dots -tileaa-assign-layouts -tileaa-pipeline -tileaa-warpgroup-dots | FileCheck %s
// A dot_scaled meant for tcgen05 whose operands have no canonical layout
// is an error, not a silent fallback (it has no FMA form): a B of 16-byte
// rows (layout assignment does not choose tcgen05 for it; the path is
// given here).
// RUN: not tileiras-opt %s -tileaa-warpgroup-dots 2>&1 | FileCheck %s --check-prefix=ERROR

// CHECK-DAG: #[[ACC:blocked[0-9]*]] = #nv_tileaa.blocked<sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 2], order = [0, 1]>
// CHECK-DAG: #[[SA:shared[0-9]*]] = #nv_tileaa.swizzled_shared<vec = 16, perPhase = 2, maxPhase = 4, order = [1, 0]>
// CHECK-DAG: #[[SB:shared[0-9]*]] = #nv_tileaa.swizzled_shared<vec = 16, perPhase = 1, maxPhase = 8, order = [1, 0]>
// CHECK: %[[A:.*]] = nv_tileaa.local_alloc : !nv_tileaa.smem<3x128x64xf8E4M3FN, #[[SA]]>
// CHECK: %[[B:.*]] = nv_tileaa.local_alloc : !nv_tileaa.smem<3x64x128xf8E4M3FN, #[[SB]]>
// CHECK: %[[TM:.*]] = nv_tileaa.tmem_alloc : !nv_tileaa.tmem<128x128xf32>
// CHECK: scf.for
// CHECK: %[[SCALEA:.*]] = nv_tileaa.load {{.*}} -> tensor<128x2xf8E8M0FNU, #{{.*}}>
// CHECK: %[[SCALEB:.*]] = nv_tileaa.load {{.*}} -> tensor<2x128xf8E8M0FNU, #{{.*}}>
// CHECK: nv_tileaa.tmem_dot %[[A]][%[[SLOT:.*]]], %[[B]][%[[SLOT]]], %[[TM]], %{{.*}}, %{{.*}} scales(%[[SCALEA]], %[[SCALEB]] : tensor<128x2xf8E8M0FNU, #{{.*}}>, tensor<2x128xf8E8M0FNU, #{{.*}}>) {proxy_fence} : !nv_tileaa.smem<3x128x64xf8E4M3FN, #[[SA]]>, !nv_tileaa.smem<3x64x128xf8E4M3FN, #[[SB]]>, !nv_tileaa.tmem<128x128xf32>, !nv_tileaa.smem<1x1x1xi64, #{{.*}}>
// CHECK: nv_tileaa.tmem_load %[[TM]] : !nv_tileaa.tmem<128x128xf32> -> tensor<128x128xf32, #[[ACC]]>
// CHECK-NOT: nv_tileaa.dot_scaled
// CHECK-NOT: warpgroup_dot
// CHECK-NOT: warpgroup_wait

// ERROR: error: 'nv_tileaa.dot_scaled' op cannot run on tcgen05.mma block_scale: B [32, 16] has no canonical wgmma layout
nv_tileaa.func @narrow(%a: tensor<128x32xf8E4M3FN>, %sa: tensor<128x1xf8E8M0FNU>, %b: tensor<32x16xf8E4M3FN>, %sb: tensor<1x16xf8E8M0FNU>, %c: tensor<128x16xf32>) -> tensor<128x16xf32> {
  %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c {nv_tileaa.dot_path = "tcgen05.mma.m128n16k32 kind::mxf8f6f4.block_scale f8E4M3FN.f8E4M3FN ue8m0"} : tensor<128x32xf8E4M3FN> scale tensor<128x1xf8E8M0FNU>, tensor<32x16xf8E4M3FN> scale tensor<1x16xf8E8M0FNU>, tensor<128x16xf32> -> tensor<128x16xf32>
  nv_tileaa.return %d : tensor<128x16xf32>
}
