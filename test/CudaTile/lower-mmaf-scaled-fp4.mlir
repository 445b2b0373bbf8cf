// f4E2M1FN operands of mmaf_scaled: nv_tileaa.dot_scaled of i8 tiles of
// packed pairs (a_format/b_format = f4E2M1FN). A splat constant becomes
// the byte of two copies of its code, shaped for its side (A: K/2 columns,
// B: K/2 rows): 1.0 is code 2 (0x22 = 34), -6.0 code 15 (0xFF = -1).
// f8E4M3FN scales (per 16 elements) pass through.
// RUN: tileiras-opt %s --convert-cuda-tile-to-tileaa='gpu-name=sm_100a' | FileCheck %s
// A view load packs along the view's stride-1 dimension: byte coordinates
// (K/2 of them) along it, halved strides and extent, an i8 pointer
// (examples/cuda_tile/matmul_nvfp4.mlir: A contiguous along K = dim 1, B
// along K = dim 0).
// RUN: tileiras-opt %S/../../examples/cuda_tile/matmul_nvfp4.mlir --convert-cuda-tile-to-tileaa='gpu-name=sm_120a' | FileCheck %s --check-prefix=VIEW
// With a K extent not known to be even (test/E2E/cuda_tile/Inputs/
// odd_k_fp4.mlir: a plain i32), the byte count rounds up, (K + 1) / 2, and
// the byte K / 2 of an odd K keeps its low nibble only (matmul_nvfp4's K
// is an assume div_by 32: halved, nothing masked: VIEW-NOT below).
// RUN: tileiras-opt %S/../E2E/cuda_tile/Inputs/odd_k_fp4.mlir --convert-cuda-tile-to-tileaa | FileCheck %s --check-prefix=ODD
// ODD-LABEL: nv_tileaa.func @odd_k_fp4
// ODD: %[[HALF:.*]] = arith.divui %[[K:arg[0-9]+]], %{{.*}} : i32
// ODD: %[[BIT:.*]] = arith.andi %[[K]], %{{.*}} : i32
// ODD: %[[ODD:.*]] = arith.trunci %[[BIT]] : i32 to i1
// ODD: %[[K1:.*]] = arith.addi %[[K]], %{{.*}} : i32
// ODD: arith.divui %[[K1]], %{{.*}} : i32
// ODD: %[[LAST:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : tensor<32x32xi32>
// ODD: %[[HB:.*]] = arith.andi %[[LAST]], %{{.*}} : tensor<32x32xi1>
// ODD: %[[A:.*]] = nv_tileaa.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x32x!nv_tileaa.ptr<i8>> -> tensor<32x32xi8>
// ODD: %[[KEEP:.*]] = arith.select %[[HB]], %{{.*}}, %{{.*}} : tensor<32x32xi1>, tensor<32x32xi8>
// ODD: arith.andi %[[A]], %[[KEEP]] : tensor<32x32xi8>

// CHECK-LABEL: nv_tileaa.func @fp4_consts
// CHECK-DAG: %[[SA:.*]] = arith.constant dense<2.000000e+00> : tensor<64x4xf8E4M3FN>
// CHECK-DAG: %[[SB:.*]] = arith.constant dense<5.000000e-01> : tensor<4x32xf8E4M3FN>
// CHECK-DAG: %[[A:.*]] = arith.constant dense<34> : tensor<64x32xi8>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<-1> : tensor<32x32xi8>
// CHECK: nv_tileaa.dot_scaled %[[A]] scale %[[SA]], %[[B]] scale %[[SB]], %{{.*}} {a_format = f4E2M1FN, b_format = f4E2M1FN} : tensor<64x32xi8> scale tensor<64x4xf8E4M3FN>, tensor<32x32xi8> scale tensor<4x32xf8E4M3FN>, tensor<64x32xf32> -> tensor<64x32xf32>
cuda_tile.module @kernels {
  entry @fp4_consts() {
    %a = constant <f4E2M1FN: 1.0> : tile<64x64xf4E2M1FN>
    %b = constant <f4E2M1FN: -6.0> : tile<64x32xf4E2M1FN>
    %c = constant <f32: 0.0> : tile<64x32xf32>
    %sa = constant <f8E4M3FN: 2.0> : tile<64x4xf8E4M3FN>
    %sb = constant <f8E4M3FN: 0.5> : tile<4x32xf8E4M3FN>
    %d = mmaf_scaled %a, %b, %c, %sa, %sb : tile<64x64xf4E2M1FN>, tile<64x32xf4E2M1FN>, tile<64x32xf32>, tile<64x4xf8E4M3FN>, tile<4x32xf8E4M3FN>
    return
  }
}

// VIEW-LABEL: nv_tileaa.func @matmul_nvfp4
// VIEW: scf.for
// A: byte columns kk * 32 + [0, 32) (K/2 of them), the row stride lda / 2.
// VIEW: %[[LDA2:.*]] = arith.divui %{{.*}}, %{{.*}} : i32
// VIEW: nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
// VIEW: %[[KB:.*]] = arith.divui %{{.*}}, %{{.*}} : i32
// VIEW: %[[APTR:.*]] = nv_tileaa.ptr_to_ptr %{{.*}} : !nv_tileaa.ptr<f4E2M1FN> -> !nv_tileaa.ptr<i8>
// VIEW: %[[A:.*]] = nv_tileaa.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x32x!nv_tileaa.ptr<i8>> -> tensor<64x32xi8>
// VIEW-NOT: dense<15>
// VIEW: nv_tileaa.ptr_to_ptr %{{.*}} : !nv_tileaa.ptr<f4E2M1FN> -> !nv_tileaa.ptr<i8>
// VIEW: %[[B:.*]] = nv_tileaa.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x64x!nv_tileaa.ptr<i8>> -> tensor<32x64xi8>
// VIEW-NOT: dense<15>
// VIEW: nv_tileaa.dot_scaled %[[A]] scale %{{.*}}, %[[B]] scale %{{.*}}, %{{.*}} {a_format = f4E2M1FN, b_format = f4E2M1FN} : tensor<64x32xi8> scale tensor<64x4xf8E4M3FN>, tensor<32x64xi8> scale tensor<4x64xf8E4M3FN>, tensor<64x64xf32> -> tensor<64x64xf32>
