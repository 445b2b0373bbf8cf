// RUN: tileiras-opt %s --tileaa-wrap-gpu-module --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm --reconcile-unrealized-casts --canonicalize --cse | FileCheck %s

// Layout assignment gives a broadcast the blocked layout of its source. The
// source then holds, in the same thread and register, exactly the element
// the result needs: no data moves (register i of the result is register i
// of the source for a row; register 0 for a column, whose other registers
// only repeat it).
#b = #nv_tileaa.blocked<sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [2, 1], order = [1, 0]>
#c = #nv_tileaa.blocked<sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [1, 0]>

// CHECK-LABEL: llvm.func @row(
// CHECK-NOT: nvvm.barrier0
// CHECK-NOT: llvm.store
// CHECK: %[[E0:.*]] = llvm.extractvalue %arg0[0]
// CHECK: %[[E1:.*]] = llvm.extractvalue %arg0[1]
// CHECK: %[[E2:.*]] = llvm.extractvalue %arg0[2]
// CHECK: %[[E3:.*]] = llvm.extractvalue %arg0[3]
// CHECK: %[[E4:.*]] = llvm.extractvalue %arg0[4]
// CHECK: %[[E5:.*]] = llvm.extractvalue %arg0[5]
// CHECK: %[[E6:.*]] = llvm.extractvalue %arg0[6]
// CHECK: %[[E7:.*]] = llvm.extractvalue %arg0[7]
// CHECK: llvm.insertvalue %[[E0]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[E1]], %{{.*}}[1]
// CHECK: llvm.insertvalue %[[E2]], %{{.*}}[2]
// CHECK: llvm.insertvalue %[[E3]], %{{.*}}[3]
// CHECK: llvm.insertvalue %[[E4]], %{{.*}}[4]
// CHECK: llvm.insertvalue %[[E5]], %{{.*}}[5]
// CHECK: llvm.insertvalue %[[E6]], %{{.*}}[6]
// CHECK: llvm.insertvalue %[[E7]], %{{.*}}[7]
// CHECK: llvm.return

// CHECK-LABEL: llvm.func @column(%arg0: !llvm.struct<(f32, f32)>)
// CHECK-NOT: nvvm.barrier0
// CHECK: %[[C0:.*]] = llvm.extractvalue %arg0[0]
// CHECK-COUNT-8: llvm.insertvalue %[[C0]],
// CHECK: llvm.return

// A source in another layout (rows on lanes 0..7, the rest replicas) goes
// through shared memory: barrier, every thread stores its element, barrier,
// every thread loads the one its registers need (one load: all 8 registers
// of a thread hold the same row). 8 rows, each padded to 2 words: 64 bytes.
// CHECK: llvm.mlir.global internal @__tileiras_smem_mismatch() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<64 x i8>
// CHECK-LABEL: llvm.func @mismatch(%arg0: !llvm.struct<(f32)>)
// CHECK: %[[BUF:.*]] = llvm.mlir.addressof @__tileiras_smem_mismatch : !llvm.ptr<3>
// CHECK: %[[V:.*]] = llvm.extractvalue %arg0[0]
// CHECK: nvvm.barrier0
// CHECK: %[[WADDR:.*]] = llvm.getelementptr %[[BUF]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK: llvm.store %[[V]], %[[WADDR]] : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: %[[RADDR:.*]] = llvm.getelementptr %[[BUF]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK: %[[L:.*]] = llvm.load %[[RADDR]] : !llvm.ptr<3> -> f32
// CHECK-NOT: llvm.load
// CHECK-COUNT-8: llvm.insertvalue %[[L]],
module attributes {nv_tileaa.target_spec = "sm_80"} {
  nv_tileaa.func @row(%x: tensor<1x64xf32, #b>) -> tensor<8x64xf32, #b> {
    %r = nv_tileaa.broadcast %x : tensor<1x64xf32, #b> -> tensor<8x64xf32, #b>
    nv_tileaa.return %r : tensor<8x64xf32, #b>
  }
  nv_tileaa.func @column(%x: tensor<8x1xf32, #b>) -> tensor<8x64xf32, #b> {
    %r = nv_tileaa.broadcast %x : tensor<8x1xf32, #b> -> tensor<8x64xf32, #b>
    nv_tileaa.return %r : tensor<8x64xf32, #b>
  }
  nv_tileaa.func @mismatch(%x: tensor<8x1xf32, #c>) -> tensor<8x64xf32, #b> {
    %r = nv_tileaa.broadcast %x : tensor<8x1xf32, #c> -> tensor<8x64xf32, #b>
    nv_tileaa.return %r : tensor<8x64xf32, #b>
  }
}
