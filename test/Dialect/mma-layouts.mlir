// The tensor-core encodings: #nv_tileaa.mma (mma.sync accumulators) and
// dot_operand with an mma parent and kWidth, in every printed form.
// RUN: tileiras-opt %s | FileCheck %s
// RUN: tileiras-opt %s | tileiras-opt | FileCheck %s
// RUN: tileiras-opt %s --mlir-print-op-generic | tileiras-opt | FileCheck %s
// RUN: tileiras-opt %s -emit-bytecode | tileiras-opt | FileCheck %s

// CHECK-DAG: #[[M:mma[0-9]*]] = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
// CHECK-DAG: #nv_tileaa.dot_operand<opIdx = 0, parent = #[[M]], kWidth = 2>
// CHECK-DAG: #nv_tileaa.dot_operand<opIdx = 1, parent = #[[M]], kWidth = 2>
// CHECK-DAG: #nv_tileaa.slice<dim = 1, parent = #[[M]]>
// CHECK-DAG: #[[MB:mma[0-9]*]] = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [2, 1, 2], instrShape = [1, 16, 8]>
// CHECK-DAG: #nv_tileaa.dot_operand<opIdx = 0, parent = #[[MB]], kWidth = 2>
// CHECK-DAG: #nv_tileaa.dot_operand<opIdx = 1, parent = #[[MB]], kWidth = 2>
#mma = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
#a = #nv_tileaa.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#b = #nv_tileaa.dot_operand<opIdx = 1, parent = #mma, kWidth = 2>
#row = #nv_tileaa.slice<dim = 1, parent = #mma>

// CHECK-LABEL: nv_tileaa.func @mma_dot
nv_tileaa.func @mma_dot(%a: tensor<64x32xf16, #a>, %b: tensor<32x64xf16, #b>, %c: tensor<64x64xf32, #mma>) -> tensor<64xf32, #row> {
  // CHECK: nv_tileaa.dot {{.*}} -> tensor<64x64xf32, #[[M]]>
  %d = nv_tileaa.dot %a, %b, %c : tensor<64x32xf16, #a>, tensor<32x64xf16, #b>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  %r = nv_tileaa.reduce %d {axis = 1 : i32} : tensor<64x64xf32, #mma> -> tensor<64xf32, #row> {
  ^bb0(%l: f32, %r: f32):
    %s = arith.addf %l, %r : f32
    nv_tileaa.yield %s : f32
  }
  nv_tileaa.return %r : tensor<64xf32, #row>
}

// Batched (rank 3): warps over the batch first, instrShape [1, 16, 8].
#mmab = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [2, 1, 2], instrShape = [1, 16, 8]>
#ab = #nv_tileaa.dot_operand<opIdx = 0, parent = #mmab, kWidth = 2>
#bb = #nv_tileaa.dot_operand<opIdx = 1, parent = #mmab, kWidth = 2>

// CHECK-LABEL: nv_tileaa.func @mma_batched_dot
nv_tileaa.func @mma_batched_dot(%a: tensor<2x32x16xf16, #ab>, %b: tensor<2x16x32xf16, #bb>, %c: tensor<2x32x32xf32, #mmab>) -> tensor<2x32x32xf32, #mmab> {
  // CHECK: nv_tileaa.dot {{.*}} -> tensor<2x32x32xf32, #[[MB]]>
  %d = nv_tileaa.dot %a, %b, %c : tensor<2x32x16xf16, #ab>, tensor<2x16x32xf16, #bb>, tensor<2x32x32xf32, #mmab> -> tensor<2x32x32xf32, #mmab>
  nv_tileaa.return %d : tensor<2x32x32xf32, #mmab>
}
