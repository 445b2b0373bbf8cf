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

// Any other result layout: a round trip through shared memory in the
// source's row-major order, rows of 16 padded by one word (16 x 17 x 4 =
// 1088 bytes). Thread (lane, warp) stores source element
//   row = (lane >> 2 & 7) | (warp & 1) << 3, column = (lane & 3) << 2 ^ reg
// at row * 16 + column (+ row for the padding), and loads for result
// register reg the source element at row = (lane & 3) << 2 ^ reg,
// column = (lane >> 2 & 7) | (warp & 1) << 3: the transpose.
// CHECK: llvm.mlir.global internal @__tileiras_smem_through_shared() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<1088 x i8>
// CHECK-LABEL: llvm.func @through_shared(
// CHECK-DAG: %[[C16:.*]] = llvm.mlir.constant(16 : i32) : i32
// CHECK-DAG: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-DAG: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-DAG: %[[C1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG: %[[C7:.*]] = llvm.mlir.constant(7 : i32) : i32
// CHECK-DAG: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK: %[[BUF:.*]] = llvm.mlir.addressof @__tileiras_smem_through_shared
// CHECK: %[[V0:.*]] = llvm.extractvalue %arg0[0]
// CHECK: nvvm.barrier0
// CHECK: %[[LANE:.*]] = llvm.and %{{.*}}, %{{.*}} : i32
// CHECK: %[[WARP:.*]] = nvvm.shfl.sync idx
// CHECK: %[[LHI0:.*]] = llvm.lshr %[[LANE]], %[[C2]] : i32
// CHECK: %[[LHI:.*]] = llvm.and %[[LHI0]], %[[C7]] : i32
// CHECK: %[[W0:.*]] = llvm.lshr %[[WARP]], %{{.*}} : i32
// CHECK: %[[W1:.*]] = llvm.and %[[W0]], %[[C1]] : i32
// CHECK: %[[WROW:.*]] = llvm.shl %[[W1]], %[[C3]] : i32
// CHECK: %[[SROW:.*]] = llvm.xor %[[LHI]], %[[WROW]] : i32
// CHECK: %[[LLO0:.*]] = llvm.lshr %[[LANE]], %{{.*}} : i32
// CHECK: %[[LLO1:.*]] = llvm.and %[[LLO0]], %[[C3]] : i32
// CHECK: %[[SCOL:.*]] = llvm.shl %[[LLO1]], %[[C2]] : i32
// CHECK: %[[SCOL1:.*]] = llvm.xor %[[SCOL]], %[[C1]] : i32
// CHECK: %[[SCOL2:.*]] = llvm.xor %[[SCOL]], %[[C2]] : i32
// CHECK: %[[SCOL3:.*]] = llvm.xor %[[SCOL]], %[[C3]] : i32
// CHECK: %[[SROWS:.*]] = llvm.shl %[[SROW]], %[[C4]] : i32
// CHECK: %[[SLIN:.*]] = llvm.or %[[SCOL]], %[[SROWS]] : i32
// CHECK: %[[PAD:.*]] = llvm.udiv %[[SLIN]], %[[C16]] : i32
// CHECK: %[[PADW:.*]] = llvm.mul %[[PAD]], %[[C1]] : i32
// CHECK: %[[SIDX:.*]] = llvm.add %[[SLIN]], %[[PADW]] : i32
// CHECK: %[[SADDR:.*]] = llvm.getelementptr %[[BUF]][%[[SIDX]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK: llvm.store %[[V0]], %[[SADDR]] : f32, !llvm.ptr<3>
// CHECK-COUNT-3: llvm.store
// CHECK: nvvm.barrier0
// CHECK: %[[WARP2:.*]] = nvvm.shfl.sync idx
// CHECK: %[[W2:.*]] = llvm.lshr %[[WARP2]], %{{.*}} : i32
// CHECK: %[[W3:.*]] = llvm.and %[[W2]], %[[C1]] : i32
// CHECK: %[[WCOL:.*]] = llvm.shl %[[W3]], %[[C3]] : i32
// CHECK: %[[DCOL:.*]] = llvm.xor %[[LHI]], %[[WCOL]] : i32
// CHECK: %[[DROW0:.*]] = llvm.shl %[[SCOL]], %[[C4]] : i32
// CHECK: %[[DLIN0:.*]] = llvm.or %[[DCOL]], %[[DROW0]] : i32
// CHECK: %[[DROW1:.*]] = llvm.shl %[[SCOL1]], %[[C4]] : i32
// CHECK: %[[DLIN1:.*]] = llvm.or %[[DCOL]], %[[DROW1]] : i32
// CHECK: %[[DROW2:.*]] = llvm.shl %[[SCOL2]], %[[C4]] : i32
// CHECK: %[[DLIN2:.*]] = llvm.or %[[DCOL]], %[[DROW2]] : i32
// CHECK: %[[DROW3:.*]] = llvm.shl %[[SCOL3]], %[[C4]] : i32
// CHECK: %[[DLIN3:.*]] = llvm.or %[[DCOL]], %[[DROW3]] : i32
// CHECK: llvm.udiv %[[DLIN0]], %[[C16]]
// CHECK: %[[L0:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: llvm.udiv %[[DLIN1]], %[[C16]]
// CHECK: %[[L1:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: llvm.udiv %[[DLIN2]], %[[C16]]
// CHECK: %[[L2:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: llvm.udiv %[[DLIN3]], %[[C16]]
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
