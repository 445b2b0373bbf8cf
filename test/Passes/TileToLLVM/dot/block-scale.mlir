// dot_scaled on sm_120a: block-scaled mma.sync m16n8k32 (kind::mxf8f6f4,
// scale_vec::1X, ue8m0), one per (K step of 32, M, N repetition) and warp,
// each with its scales zero-extended into a 32-bit register and selector
// {byte 0, thread 0}. A 32 x 16 x 64 tile on 2 warps (a device function:
// kernels take no tiles) (one 16-row slice
// each): 2 K steps x 2 N repetitions = 4 instructions, and the scales of
// the second K step are the second scale register of each operand.
// RUN: tileiras-opt %s -tileaa-resolve-target='gpu-name=sm_120a' -tileaa-assign-layouts=num-warps=2 --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm | FileCheck %s
// Layout assignment moves the scales to #nv_tileaa.mma_scale, the lanes the
// selectors read.
// RUN: tileiras-opt %s -tileaa-resolve-target='gpu-name=sm_120a' -tileaa-assign-layouts=num-warps=2 | FileCheck %s --check-prefix=LAYOUT
// A dot_scaled left on a target without the instruction (the decomposition
// pass did not run) is an error at the op.
// RUN: not tileiras-opt %s -tileaa-resolve-target='gpu-name=sm_90a' -tileaa-assign-layouts=num-warps=2 --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm 2>&1 | FileCheck %s --check-prefix=HOPPER

// CHECK-LABEL: llvm.func @scaled
// CHECK-COUNT-4: nvvm.mma.block_scale A[{{.*}}] B[{{.*}}] C[{{.*}}] scaleA[%{{.*}}, %{{.*}}, %{{.*}}] scaleB[%{{.*}}, %{{.*}}, %{{.*}}] {blockScaleFormat = #nvvm.block_scale_format<ue8m0>, kind = #nvvm.block_scale_kind<mxf8f6f4>, multiplicandAPtxType = #nvvm.mma_type<e4m3>, multiplicandBPtxType = #nvvm.mma_type<e5m2>, scaleVecSize = #nvvm.scale_vec_size<x1>, shape = #nvvm.shape<m = 16, n = 8, k = 32>}
// CHECK-NOT: nvvm.mma
// LAYOUT-DAG: #[[MMA:mma[0-9]*]] = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [2, 1], instrShape = [16, 8]>
// LAYOUT-DAG: #[[SA:mma_scale[0-9]*]] = #nv_tileaa.mma_scale<opIdx = 0, parent = #[[MMA]]>
// LAYOUT-DAG: #[[SB:mma_scale[0-9]*]] = #nv_tileaa.mma_scale<opIdx = 1, parent = #[[MMA]]>
// LAYOUT: nv_tileaa.dot_scaled {{.*}} scale tensor<32x2xf8E8M0FNU, #[[SA]]>, {{.*}} scale tensor<2x16xf8E8M0FNU, #[[SB]]>
// HOPPER: error: 'nv_tileaa.dot_scaled' op needs block-scaled mma.sync: mma.block_scale requires sm_120a, sm_120f, sm_121a or sm_121f; the target is sm_90a (run tileaa-decompose-scaled-dots first)
module {
  nv_tileaa.func @scaled(%a: tensor<32x64xf8E4M3FN>, %sa: tensor<32x2xf8E8M0FNU>, %b: tensor<64x16xf8E5M2>, %sb: tensor<2x16xf8E8M0FNU>, %c: tensor<32x16xf32>) -> tensor<32x16xf32> {
    %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c : tensor<32x64xf8E4M3FN> scale tensor<32x2xf8E8M0FNU>, tensor<64x16xf8E5M2> scale tensor<2x16xf8E8M0FNU>, tensor<32x16xf32> -> tensor<32x16xf32>
    nv_tileaa.return %d : tensor<32x16xf32>
  }
}
