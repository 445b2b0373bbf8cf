// RUN: tileiras-opt %s --tileaa-to-nvvm='gpu-name=sm_80' | FileCheck %s
// RUN: tileiras --gpu-name=sm_80 %s -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas-verify sm_80 %t.ptx

// 8x16, each thread 2 consecutive columns; lanes: columns 2, 4 then rows
// 1, 2, 4; warps: column 8.
#blocked = #nv_tileaa.blocked<sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 2], order = [1, 0]>
#rows = #nv_tileaa.slice<dim = 1, parent = #blocked>
#cols = #nv_tileaa.slice<dim = 0, parent = #blocked>

// Along axis 1: the two registers, then lane bits 0 and 1 (masks 1, 2),
// then the two warps through 8 rows x 2 warps of scratch (64 bytes): slot
// (row << 1) | warp, where the row is lane bits 2..4.
// CHECK: llvm.mlir.global internal @__tileiras_smem_row_sum() {{.*}} : !llvm.array<64 x i8>
// CHECK-LABEL: llvm.func @row_sum(
// CHECK-DAG: %[[C1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-DAG: %[[C7:.*]] = llvm.mlir.constant(7 : i32) : i32
// CHECK-DAG: %[[SMEM:.*]] = llvm.mlir.addressof @__tileiras_smem_row_sum
// CHECK: %[[X0:.*]] = llvm.extractvalue %arg0[0]
// CHECK: %[[X1:.*]] = llvm.extractvalue %arg0[1]
// CHECK: %[[T0:.*]] = llvm.fadd %[[X0]], %[[X1]] : f32
// CHECK: %[[S1:.*]] = nvvm.shfl.sync bfly %{{.*}}, %[[T0]], %[[C1]], %{{.*}} : f32 -> f32
// CHECK: %[[T1:.*]] = llvm.fadd %[[T0]], %[[S1]] : f32
// CHECK: %[[S2:.*]] = nvvm.shfl.sync bfly %{{.*}}, %[[T1]], %[[C2]], %{{.*}} : f32 -> f32
// CHECK: %[[T2:.*]] = llvm.fadd %[[T1]], %[[S2]] : f32
// CHECK-NOT: bfly
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[LANE:.*]] = llvm.and %[[TID]], %{{.*}}
// CHECK: %[[ROWSH:.*]] = llvm.lshr %[[LANE]], %[[C2]]
// CHECK: %[[ROW:.*]] = llvm.and %[[ROWSH]], %[[C7]]
// CHECK: %[[BASE:.*]] = llvm.shl %[[ROW]], %[[C1]]
// CHECK: %[[WARP:.*]] = nvvm.shfl.sync idx
// CHECK: %[[PART:.*]] = llvm.and %[[WARP]], %[[C1]]
// CHECK-NOT: nvvm.shfl
// CHECK: nvvm.barrier0
// CHECK: %[[SLOT:.*]] = llvm.or %[[BASE]], %[[PART]]
// CHECK: %[[ADDR:.*]] = llvm.getelementptr %[[SMEM]][%[[SLOT]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK: llvm.store %[[T2]], %[[ADDR]]
// CHECK: nvvm.barrier0
// CHECK: %[[A0:.*]] = llvm.getelementptr %[[SMEM]][%[[BASE]]]
// CHECK: %[[P0:.*]] = llvm.load %[[A0]]
// CHECK: %[[SLOT1:.*]] = llvm.or %[[BASE]], %[[C1]]
// CHECK: %[[A1:.*]] = llvm.getelementptr %[[SMEM]][%[[SLOT1]]]
// CHECK: %[[P1:.*]] = llvm.load %[[A1]]
// CHECK: %[[SUM:.*]] = llvm.fadd %[[P0]], %[[P1]] : f32
// CHECK: llvm.insertvalue %[[SUM]], %{{.*}}[0] : !llvm.struct<(f32)>
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
// PTX-LABEL: row_sum(
// PTX: .shared .align 16 .b8 __tileiras_smem_row_sum[64];
// PTX: add.f32
// PTX: shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
// PTX: shfl.sync.bfly.b32 {{.*}}, 2, 31, -1;
// PTX-NOT: bfly
// PTX: bar.sync 0;
// PTX: st.shared.b32
// PTX: bar.sync 0;
// PTX: ld.shared
// PTX: ret;
nv_tileaa.func @row_sum(%x: tensor<8x16xf32, #blocked>) -> tensor<8xf32, #rows> {
  %r = nv_tileaa.reduce %x {axis = 1 : i32} : tensor<8x16xf32, #blocked> -> tensor<8xf32, #rows> {
  ^bb0(%l: f32, %r: f32):
    %s = arith.addf %l, %r : f32
    nv_tileaa.yield %s : f32
  }
  nv_tileaa.return %r : tensor<8xf32, #rows>
}

// Along axis 0: only lane bits 2, 3, 4 (masks 4, 8, 16), once per
// register; nothing crosses warps.
// CHECK-LABEL: llvm.func @col_max(
// CHECK-DAG: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-DAG: %[[C8:.*]] = llvm.mlir.constant(8 : i32) : i32
// CHECK-DAG: %[[C16:.*]] = llvm.mlir.constant(16 : i32) : i32
// CHECK: %[[X0:.*]] = llvm.extractvalue %arg0[0]
// CHECK: %[[X1:.*]] = llvm.extractvalue %arg0[1]
// CHECK: %[[S0:.*]] = nvvm.shfl.sync bfly %{{.*}}, %[[X0]], %[[C4]]
// CHECK: %[[M0:.*]] = llvm.intr.maximum(%[[X0]], %[[S0]])
// CHECK: %[[S1:.*]] = nvvm.shfl.sync bfly %{{.*}}, %[[X1]], %[[C4]]
// CHECK: %[[M1:.*]] = llvm.intr.maximum(%[[X1]], %[[S1]])
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %[[M0]], %[[C8]]
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %[[M1]], %[[C8]]
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %[[C16]]
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %[[C16]]
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return {{.*}} : !llvm.struct<(f32, f32)>
// PTX-LABEL: col_max(
// PTX-NOT: bar.sync
// PTX: shfl.sync.bfly.b32 {{.*}}, 4, 31, -1;
// PTX: max.NaN.f32
// PTX: shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
// PTX-NOT: bar.sync
// PTX: ret;
nv_tileaa.func @col_max(%x: tensor<8x16xf32, #blocked>) -> tensor<16xf32, #cols> {
  %r = nv_tileaa.reduce %x {axis = 0 : i32} : tensor<8x16xf32, #blocked> -> tensor<16xf32, #cols> {
  ^bb0(%l: f32, %r: f32):
    %s = arith.maximumf %l, %r : f32
    nv_tileaa.yield %s : f32
  }
  nv_tileaa.return %r : tensor<16xf32, #cols>
}

// A 1-D tile to a scalar: all five lane bits, then the partials of the 4
// warps in slots 0..3, folded in order by every thread.
#b1d = #nv_tileaa.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK: llvm.mlir.global internal @__tileiras_smem_sum_1d() {{.*}} : !llvm.array<16 x i8>
// CHECK-LABEL: llvm.func @sum_1d(
// CHECK-SAME: -> i32
// CHECK: llvm.add
// CHECK-COUNT-5: nvvm.shfl.sync bfly
// CHECK: nvvm.barrier0
// CHECK: llvm.store
// CHECK: nvvm.barrier0
// CHECK: %[[Q0:.*]] = llvm.load %[[SMEM1:.*]] : !llvm.ptr<3> -> i32
// CHECK: %[[A1:.*]] = llvm.getelementptr %[[SMEM1]][1]
// CHECK: %[[Q1:.*]] = llvm.load %[[A1]]
// CHECK: %[[R1:.*]] = llvm.add %[[Q0]], %[[Q1]]
// CHECK: %[[A2:.*]] = llvm.getelementptr %[[SMEM1]][2]
// CHECK: %[[Q2:.*]] = llvm.load %[[A2]]
// CHECK: %[[R2:.*]] = llvm.add %[[R1]], %[[Q2]]
// CHECK: %[[A3:.*]] = llvm.getelementptr %[[SMEM1]][3]
// CHECK: %[[Q3:.*]] = llvm.load %[[A3]]
// CHECK: %[[R3:.*]] = llvm.add %[[R2]], %[[Q3]]
// CHECK: llvm.return %[[R3]] : i32
nv_tileaa.func @sum_1d(%x: tensor<256xi32, #b1d>) -> i32 {
  %r = nv_tileaa.reduce %x {axis = 0 : i32} : tensor<256xi32, #b1d> -> i32 {
  ^bb0(%l: i32, %r: i32):
    %s = arith.addi %l, %r : i32
    nv_tileaa.yield %s : i32
  }
  nv_tileaa.return %r : i32
}

// A 4x4 tile on 4 warps of 8x4 lanes: lane bits 2 and 3 move along rows,
// lane bit 4 and both warp bits only replicate. Replicas are never
// combined: no mask 16, no shared memory.
#small = #nv_tileaa.blocked<sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: llvm.func @replicated(
// CHECK-DAG: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-DAG: %[[C8:.*]] = llvm.mlir.constant(8 : i32) : i32
// CHECK-COUNT-2: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %[[C4]]
// CHECK-COUNT-2: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %[[C8]]
// CHECK-NOT: nvvm.shfl
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
nv_tileaa.func @replicated(%x: tensor<4x4xi32, #small>) -> tensor<4xi32, #nv_tileaa.slice<dim = 0, parent = #small>> {
  %r = nv_tileaa.reduce %x {axis = 0 : i32} : tensor<4x4xi32, #small> -> tensor<4xi32, #nv_tileaa.slice<dim = 0, parent = #small>> {
  ^bb0(%l: i32, %r: i32):
    %s = arith.addi %l, %r : i32
    nv_tileaa.yield %s : i32
  }
  nv_tileaa.return %r : tensor<4xi32, #nv_tileaa.slice<dim = 0, parent = #small>>
}
