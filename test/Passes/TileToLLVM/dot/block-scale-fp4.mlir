// Packed FP4 dot_scaled on sm_120a: mma.sync.m16n8k64 block_scale, the
// bytes of the packed operands in the 8-bit fragments of m16n8k32 (kWidth
// 4). A 16 x 8 x 128 NVFP4 tile on one warp (a device function): two K
// steps of 64, each taking four ue4m3 scales of its row of A (column of B),
// one per 16 elements, in bytes 0..3 of its scale register (kind::mxf4nvf4,
// scale_vec::4X); MXFP4 (E8M0 per 32) takes two, in bytes 0 and 1
// (kind::mxf4, scale_vec::2X).
// RUN: tileiras-opt %s -split-input-file -tileaa-resolve-target='gpu-name=sm_120a' -tileaa-assign-layouts=num-warps=1 --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm | FileCheck %s

// CHECK-LABEL: llvm.func @nvfp4
// CHECK: %[[S0:.*]] = llvm.zext %{{.*}} : i8 to i32
// CHECK-NEXT: %[[S1:.*]] = llvm.zext %{{.*}} : i8 to i32
// CHECK-NEXT: %[[C8:.*]] = llvm.mlir.constant(8 : i32) : i32
// CHECK-NEXT: %[[S1S:.*]] = llvm.shl %[[S1]], %[[C8]] : i32
// CHECK-NEXT: %[[W1:.*]] = llvm.or %[[S0]], %[[S1S]] : i32
// CHECK: llvm.mlir.constant(16 : i32) : i32
// CHECK: llvm.mlir.constant(24 : i32) : i32
// CHECK-NEXT: %[[S3S:.*]] = llvm.shl %{{.*}} : i32
// CHECK-NEXT: %[[SA:.*]] = llvm.or %{{.*}}, %[[S3S]] : i32
// CHECK: nvvm.mma.block_scale A[{{.*}}] B[{{.*}}] C[{{.*}}] scaleA[%[[SA]], %{{.*}}, %{{.*}}] scaleB[%{{.*}}, %{{.*}}, %{{.*}}] {blockScaleFormat = #nvvm.block_scale_format<ue4m3>, kind = #nvvm.block_scale_kind<mxf4nvf4>, multiplicandAPtxType = #nvvm.mma_type<e2m1>, multiplicandBPtxType = #nvvm.mma_type<e2m1>, scaleVecSize = #nvvm.scale_vec_size<x4>, shape = #nvvm.shape<m = 16, n = 8, k = 64>}
// CHECK: nvvm.mma.block_scale {{.*}}scaleVecSize = #nvvm.scale_vec_size<x4>, shape = #nvvm.shape<m = 16, n = 8, k = 64>}
// CHECK-NOT: nvvm.mma
module {
  nv_tileaa.func @nvfp4(%a: tensor<16x64xi8>, %sa: tensor<16x8xf8E4M3FN>, %b: tensor<64x8xi8>, %sb: tensor<8x8xf8E4M3FN>, %c: tensor<16x8xf32>) -> tensor<16x8xf32> {
    %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c {a_format = f4E2M1FN, b_format = f4E2M1FN} : tensor<16x64xi8> scale tensor<16x8xf8E4M3FN>, tensor<64x8xi8> scale tensor<8x8xf8E4M3FN>, tensor<16x8xf32> -> tensor<16x8xf32>
    nv_tileaa.return %d : tensor<16x8xf32>
  }
}

// -----

// CHECK-LABEL: llvm.func @mxfp4
// CHECK-COUNT-2: nvvm.mma.block_scale {{.*}} {blockScaleFormat = #nvvm.block_scale_format<ue8m0>, kind = #nvvm.block_scale_kind<mxf4>, multiplicandAPtxType = #nvvm.mma_type<e2m1>, multiplicandBPtxType = #nvvm.mma_type<e2m1>, scaleVecSize = #nvvm.scale_vec_size<x2>, shape = #nvvm.shape<m = 16, n = 8, k = 64>}
// CHECK-NOT: nvvm.mma
module {
  nv_tileaa.func @mxfp4(%a: tensor<16x64xi8>, %sa: tensor<16x4xf8E8M0FNU>, %b: tensor<64x8xi8>, %sb: tensor<4x8xf8E8M0FNU>, %c: tensor<16x8xf32>) -> tensor<16x8xf32> {
    %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c {a_format = f4E2M1FN, b_format = f4E2M1FN} : tensor<16x64xi8> scale tensor<16x4xf8E8M0FNU>, tensor<64x8xi8> scale tensor<4x8xf8E8M0FNU>, tensor<16x8xf32> -> tensor<16x8xf32>
    nv_tileaa.return %d : tensor<16x8xf32>
  }
}
