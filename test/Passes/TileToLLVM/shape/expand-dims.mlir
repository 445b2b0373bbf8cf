// RUN: tileiras-opt %s --tileaa-wrap-gpu-module --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm --reconcile-unrealized-casts --canonicalize --cse | FileCheck %s

#p = #nv_tileaa.blocked<sizePerThread = [2, 2], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]>
#s = #nv_tileaa.slice<dim = 1, parent = #p>
#q = #nv_tileaa.blocked<sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [0, 1]>
#b1 = #nv_tileaa.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#b2 = #nv_tileaa.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>

// Slice -> its parent (what layout assignment produces after a reduce):
// the parent's register bit 0 (column, size 1 here) only repeats, bit 1
// (row + 1) is the slice's register 1. No data moves.
// CHECK-LABEL: llvm.func @from_slice(%arg0: !llvm.struct<(f32, f32)>)
// CHECK-NOT: nvvm.barrier0
// CHECK: %[[E0:.*]] = llvm.extractvalue %arg0[0]
// CHECK: %[[E1:.*]] = llvm.extractvalue %arg0[1]
// CHECK: llvm.insertvalue %[[E0]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[E0]], %{{.*}}[1]
// CHECK: llvm.insertvalue %[[E1]], %{{.*}}[2]
// CHECK: llvm.insertvalue %[[E1]], %{{.*}}[3]

// Blocked 1-D -> the blocked layout with a size-1 dimension inserted.
// CHECK-LABEL: llvm.func @from_blocked(
// CHECK-NOT: nvvm.barrier0
// CHECK: %[[B0:.*]] = llvm.extractvalue %arg0[0]
// CHECK: %[[B1:.*]] = llvm.extractvalue %arg0[1]
// CHECK: %[[B2:.*]] = llvm.extractvalue %arg0[2]
// CHECK: %[[B3:.*]] = llvm.extractvalue %arg0[3]
// CHECK: llvm.insertvalue %[[B0]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[B1]], %{{.*}}[1]
// CHECK: llvm.insertvalue %[[B2]], %{{.*}}[2]
// CHECK: llvm.insertvalue %[[B3]], %{{.*}}[3]

// Any other pair of layouts: through shared memory (16 elements, unpadded
// since the source is 1-D).
// CHECK: llvm.mlir.global internal @__tileiras_smem_other() {{.*}} : !llvm.array<64 x i8>
// CHECK-LABEL: llvm.func @other(
// CHECK: nvvm.barrier0
// CHECK: llvm.store
// CHECK: nvvm.barrier0
// CHECK: llvm.load
module attributes {nv_tileaa.target_spec = "sm_80"} {
  nv_tileaa.func @from_slice(%x: tensor<16xf32, #s>) -> tensor<16x1xf32, #p> {
    %r = nv_tileaa.expand_dims %x {axis = 1 : i32} : tensor<16xf32, #s> -> tensor<16x1xf32, #p>
    nv_tileaa.return %r : tensor<16x1xf32, #p>
  }
  nv_tileaa.func @from_blocked(%x: tensor<512xf32, #b1>) -> tensor<1x512xf32, #b2> {
    %r = nv_tileaa.expand_dims %x {axis = 0 : i32} : tensor<512xf32, #b1> -> tensor<1x512xf32, #b2>
    nv_tileaa.return %r : tensor<1x512xf32, #b2>
  }
  nv_tileaa.func @other(%x: tensor<16xf32, #s>) -> tensor<16x1xf32, #q> {
    %r = nv_tileaa.expand_dims %x {axis = 1 : i32} : tensor<16xf32, #s> -> tensor<16x1xf32, #q>
    nv_tileaa.return %r : tensor<16x1xf32, #q>
  }
}
