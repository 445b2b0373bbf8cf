// RUN: tileiras-opt %s --tileaa-wrap-gpu-module --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm --reconcile-unrealized-casts --canonicalize --cse | FileCheck %s

// Same lanes and warps, registers in another order (#y's register bits are
// #x's with bits 0/1 and 2/3 swapped): a renaming.
#x = #nv_tileaa.blocked<sizePerThread = [2, 2], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]>
#y = #nv_tileaa.blocked<sizePerThread = [2, 2], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [0, 1]>
// CHECK-LABEL: llvm.func @registers(
// CHECK-NOT: nvvm.barrier0
// CHECK-DAG: %[[X0:.*]] = llvm.extractvalue %arg0[0]
// CHECK-DAG: %[[X1:.*]] = llvm.extractvalue %arg0[1]
// CHECK-DAG: %[[X2:.*]] = llvm.extractvalue %arg0[2]
// CHECK-DAG: %[[X4:.*]] = llvm.extractvalue %arg0[4]
// CHECK-DAG: %[[X8:.*]] = llvm.extractvalue %arg0[8]
// CHECK: llvm.insertvalue %[[X0]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[X2]], %{{.*}}[1]
// CHECK: llvm.insertvalue %[[X1]], %{{.*}}[2]
// CHECK: llvm.insertvalue %[[X8]], %{{.*}}[4]
// CHECK: llvm.insertvalue %[[X4]], %{{.*}}[8]

// Across lanes: shared memory. The rows of #a (4 consecutive elements per
// thread) go to a swizzled buffer with one vector store, the columns of #b
// come back one element at a time (SwizzledConversion.cpp: fewer accesses
// and no more bank conflicts than the padded buffer). i1 travels as a byte:
// 16 x 16 bytes.
#a = #nv_tileaa.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]>
#b = #nv_tileaa.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 2], order = [0, 1]>
// CHECK: llvm.mlir.global internal @__tileiras_smem_bools() {{.*}} : !llvm.array<256 x i8>
// CHECK-LABEL: llvm.func @bools(
// CHECK-COUNT-4: llvm.zext %{{.*}} : i1 to i8
// CHECK: nvvm.barrier0
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<4xi8>, !llvm.ptr<3>
// CHECK-NOT: llvm.store
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> i8
// CHECK-COUNT-4: llvm.trunc %{{.*}} : i8 to i1

// Pointers are stored as 8-byte values in the padded buffer, one element
// at a time (16 x 17 x 8 bytes).
// CHECK: llvm.mlir.global internal @__tileiras_smem_pointers() {{.*}} : !llvm.array<2176 x i8>
// CHECK-LABEL: llvm.func @pointers(
// CHECK: nvvm.barrier0
// CHECK: %[[PA:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.ptr<1>
// CHECK: llvm.store %{{.*}}, %[[PA]] : !llvm.ptr<1>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> !llvm.ptr<1>

// 64-bit integers go through the swizzled buffer (16 x 16 x 8 bytes): two
// 16-byte stores, four scalar loads.
// CHECK: llvm.mlir.global internal @__tileiras_smem_wide() {{.*}} : !llvm.array<2048 x i8>
// CHECK-LABEL: llvm.func @wide(
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<2xi64>, !llvm.ptr<3>
// CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> i64
module attributes {nv_tileaa.target_spec = "sm_80"} {
  nv_tileaa.func @registers(%v: tensor<4x128xf32, #x>) -> tensor<4x128xf32, #y> {
    %r = nv_tileaa.convert_layout %v : tensor<4x128xf32, #x> -> tensor<4x128xf32, #y>
    nv_tileaa.return %r : tensor<4x128xf32, #y>
  }
  nv_tileaa.func @bools(%v: tensor<16x16xi1, #a>) -> tensor<16x16xi1, #b> {
    %r = nv_tileaa.convert_layout %v : tensor<16x16xi1, #a> -> tensor<16x16xi1, #b>
    nv_tileaa.return %r : tensor<16x16xi1, #b>
  }
  nv_tileaa.func @pointers(%v: tensor<16x16x!nv_tileaa.ptr<f32>, #a>) -> tensor<16x16x!nv_tileaa.ptr<f32>, #b> {
    %r = nv_tileaa.convert_layout %v : tensor<16x16x!nv_tileaa.ptr<f32>, #a> -> tensor<16x16x!nv_tileaa.ptr<f32>, #b>
    nv_tileaa.return %r : tensor<16x16x!nv_tileaa.ptr<f32>, #b>
  }
  nv_tileaa.func @wide(%v: tensor<16x16xi64, #a>) -> tensor<16x16xi64, #b> {
    %r = nv_tileaa.convert_layout %v : tensor<16x16xi64, #a> -> tensor<16x16xi64, #b>
    nv_tileaa.return %r : tensor<16x16xi64, #b>
  }
}
