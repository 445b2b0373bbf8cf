// RUN: tileiras-opt %s --tileaa-wrap-gpu-module --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm --reconcile-unrealized-casts --canonicalize --cse | FileCheck %s

// view keeps the row-major order. Element i of the 512-vector (4 per lane,
// lanes then warps) is element (i / 32, i % 32) of the 16 x 32 tile, and
// #r2 puts that element in the same register of the same thread: the view
// is free.
#r1 = #nv_tileaa.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#r2 = #nv_tileaa.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: llvm.func @in_registers(
// CHECK-NOT: nvvm.barrier0
// CHECK: %[[E0:.*]] = llvm.extractvalue %arg0[0]
// CHECK: %[[E1:.*]] = llvm.extractvalue %arg0[1]
// CHECK: %[[E2:.*]] = llvm.extractvalue %arg0[2]
// CHECK: %[[E3:.*]] = llvm.extractvalue %arg0[3]
// CHECK: llvm.insertvalue %[[E0]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[E1]], %{{.*}}[1]
// CHECK: llvm.insertvalue %[[E2]], %{{.*}}[2]
// CHECK: llvm.insertvalue %[[E3]], %{{.*}}[3]

// 64 x 2 with a row per lane, viewed as 128 with 4 consecutive elements per
// lane: elements move between lanes, through a shared buffer laid out like
// the source (64 rows of 2 f32, 512 bytes) with vector accesses: one
// 8-byte store of each of the thread's rows, one 16-byte load.
#s1 = #nv_tileaa.blocked<sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [1, 0]>
#s2 = #nv_tileaa.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
// CHECK: llvm.mlir.global internal @__tileiras_smem_through_shared() {{.*}} : !llvm.array<512 x i8>
// CHECK-LABEL: llvm.func @through_shared(
// CHECK: nvvm.barrier0
// CHECK-COUNT-2: llvm.store %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<3>
// CHECK-NOT: llvm.store
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
// CHECK-NOT: llvm.load
module attributes {nv_tileaa.target_spec = "sm_80"} {
  nv_tileaa.func @in_registers(%x: tensor<512xf32, #r1>) -> tensor<16x32xf32, #r2> {
    %r = nv_tileaa.view %x : tensor<512xf32, #r1> -> tensor<16x32xf32, #r2>
    nv_tileaa.return %r : tensor<16x32xf32, #r2>
  }
  nv_tileaa.func @through_shared(%x: tensor<64x2xf32, #s1>) -> tensor<128xf32, #s2> {
    %r = nv_tileaa.view %x : tensor<64x2xf32, #s1> -> tensor<128xf32, #s2>
    nv_tileaa.return %r : tensor<128xf32, #s2>
  }
}
