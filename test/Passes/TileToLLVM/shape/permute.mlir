// RUN: tileiras-opt %s --tileaa-wrap-gpu-module --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm --reconcile-unrealized-casts --canonicalize --cse | FileCheck %s

// #a: each thread holds 4 consecutive columns (registers), lanes cover
// 4 column groups x 8 rows, 2 warps stack 8-row halves.
#a = #nv_tileaa.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]>
// #at: #a with its dimensions swapped, what layout assignment gives a
// permute's result.
#at = #nv_tileaa.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 2], order = [0, 1]>

// The result layout is the permuted source layout: every thread already
// holds its result elements, in the same registers.
// CHECK-LABEL: llvm.func @renamed(
// CHECK-NOT: nvvm.barrier0
// CHECK-NOT: llvm.store
// CHECK: %[[E0:.*]] = llvm.extractvalue %arg0[0]
// CHECK: %[[E1:.*]] = llvm.extractvalue %arg0[1]
// CHECK: %[[E2:.*]] = llvm.extractvalue %arg0[2]
// CHECK: %[[E3:.*]] = llvm.extractvalue %arg0[3]
// CHECK: llvm.insertvalue %[[E0]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[E1]], %{{.*}}[1]
// CHECK: llvm.insertvalue %[[E2]], %{{.*}}[2]
// CHECK: llvm.insertvalue %[[E3]], %{{.*}}[3]

// Any other result layout: a round trip through shared memory. The source
// rows (4 consecutive f32 per thread) are stored with one 16-byte store per
// thread into a swizzled 16 x 16 buffer (1024 bytes), the transposed
// elements read back one by one (SwizzledConversion.cpp chose this over
// the padded buffer: fewer accesses, no more bank conflicts); the result
// registers come out in order. test/unit/ReduceScanDot checks the values.
// CHECK: llvm.mlir.global internal @__tileiras_smem_through_shared() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<1024 x i8>
// CHECK-LABEL: llvm.func @through_shared(
// CHECK: nvvm.barrier0
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK-NOT: llvm.store
// CHECK: nvvm.barrier0
// CHECK: %[[L0:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: %[[L1:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: %[[L2:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: %[[L3:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: llvm.insertvalue %[[L0]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[L1]], %{{.*}}[1]
// CHECK: llvm.insertvalue %[[L2]], %{{.*}}[2]
// CHECK: llvm.insertvalue %[[L3]], %{{.*}}[3]
module attributes {nv_tileaa.target_spec = "sm_80"} {
  nv_tileaa.func @renamed(%x: tensor<16x16xf32, #a>) -> tensor<16x16xf32, #at> {
    %r = nv_tileaa.permute %x {order = array<i32: 1, 0>} : tensor<16x16xf32, #a> -> tensor<16x16xf32, #at>
    nv_tileaa.return %r : tensor<16x16xf32, #at>
  }
  nv_tileaa.func @through_shared(%x: tensor<16x16xf32, #a>) -> tensor<16x16xf32, #a> {
    %r = nv_tileaa.permute %x {order = array<i32: 1, 0>} : tensor<16x16xf32, #a> -> tensor<16x16xf32, #a>
    nv_tileaa.return %r : tensor<16x16xf32, #a>
  }
}
