// RUN: tileiras-opt %s --tileaa-to-nvvm='gpu-name=sm_80' | FileCheck %s
// RUN: tileiras --gpu-name=sm_80 %s -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %ptxas-verify sm_80 %t.ptx

// 128 elements: 2 consecutive per thread, lanes 2..64, warp 64. The
// combiner (subi) is not commutative, so every operand order shows:
// combine(earlier, later) in scan order.
#b = #nv_tileaa.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>

// Forward. Segment: x0, x0 - x1. Lane bit 0: the lane with the bit set is
// later; total = earlier - later; its carry is the partner's total. Lane
// bit 1: the carry of a later lane becomes partner - carry. The warp level
// reads the first warp's total from scratch slot (coordinate >> 6) & -2.
// Finally carry - prefix where there is a carry.
// CHECK: llvm.mlir.global internal @__tileiras_smem_scan_fwd() {{.*}} : !llvm.array<16 x i8>
// CHECK-LABEL: llvm.func @scan_fwd(
// CHECK-DAG: %[[C0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG: %[[C1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-DAG: %[[C6:.*]] = llvm.mlir.constant(6 : i32) : i32
// CHECK-DAG: %[[CM2:.*]] = llvm.mlir.constant(-2 : i32) : i32
// CHECK: %[[X0:.*]] = llvm.extractvalue %arg0[0]
// CHECK: %[[X1:.*]] = llvm.extractvalue %arg0[1]
// CHECK: %[[P1:.*]] = llvm.sub %[[X0]], %[[X1]] : i32
// CHECK: %[[LANE:.*]] = llvm.and %{{.*}}, %{{.*}} : i32
// CHECK: %[[B0:.*]] = llvm.and %[[LANE]], %[[C1]]
// CHECK: %[[LATER0:.*]] = llvm.icmp "ne" %[[B0]], %[[C0]]
// CHECK: %[[S0:.*]] = nvvm.shfl.sync bfly %{{.*}}, %[[P1]], %[[C1]], %{{.*}} : i32 -> i32
// CHECK: %[[F0:.*]] = llvm.select %[[LATER0]], %[[S0]], %[[P1]]
// CHECK: %[[G0:.*]] = llvm.select %[[LATER0]], %[[P1]], %[[S0]]
// CHECK: %[[T0:.*]] = llvm.sub %[[F0]], %[[G0]] : i32
// CHECK: %[[B1:.*]] = llvm.and %[[LANE]], %[[C2]]
// CHECK: %[[LATER1:.*]] = llvm.icmp "ne" %[[B1]], %[[C0]]
// CHECK: %[[S1:.*]] = nvvm.shfl.sync bfly %{{.*}}, %[[T0]], %[[C2]], %{{.*}} : i32 -> i32
// CHECK: llvm.select %[[LATER1]], %[[S1]], %[[T0]]
// CHECK: llvm.select %[[LATER1]], %[[T0]], %[[S1]]
// CHECK: %[[CC:.*]] = llvm.sub %[[S1]], %[[S0]] : i32
// CHECK: %[[CARRIED:.*]] = llvm.select %[[LATER0]], %[[CC]], %[[S1]]
// CHECK: %[[CARRY1:.*]] = llvm.select %[[LATER1]], %[[CARRIED]], %[[S0]]
// CHECK: llvm.or %[[LATER0]], %[[LATER1]] : i1
// CHECK-COUNT-3: nvvm.shfl.sync bfly
// CHECK: %[[WARP:.*]] = nvvm.shfl.sync idx
// CHECK: %[[PART:.*]] = llvm.and %[[WARP]], %[[C1]]
// CHECK: %[[HIGH:.*]] = llvm.shl %[[PART]], %[[C6]]
// CHECK: %[[COORD:.*]] = llvm.xor %{{.*}}, %[[HIGH]]
// CHECK: %[[SLOT:.*]] = llvm.lshr %[[COORD]], %[[C6]]
// CHECK: %[[FIRST:.*]] = llvm.and %[[SLOT]], %[[CM2]]
// CHECK: nvvm.barrier0
// CHECK: %[[OWN:.*]] = llvm.getelementptr %{{.*}}[%[[SLOT]]]
// CHECK: llvm.store %{{.*}}, %[[OWN]]
// CHECK: nvvm.barrier0
// CHECK: %[[A0:.*]] = llvm.getelementptr %{{.*}}[%[[FIRST]]]
// CHECK: %[[W0:.*]] = llvm.load %[[A0]]
// CHECK: %[[LATERW:.*]] = llvm.icmp "ne" %[[PART]], %[[C0]]
// CHECK: %[[CW:.*]] = llvm.sub %[[W0]], %{{.*}} : i32
// CHECK: %[[CARRIEDW:.*]] = llvm.select %{{.*}}, %[[CW]], %[[W0]]
// CHECK: %[[CARRY:.*]] = llvm.select %[[LATERW]], %[[CARRIEDW]], %{{.*}}
// CHECK: %[[HAS:.*]] = llvm.or %{{.*}}, %[[LATERW]] : i1
// CHECK: %[[Y0:.*]] = llvm.sub %[[CARRY]], %[[X0]] : i32
// CHECK: %[[R0:.*]] = llvm.select %[[HAS]], %[[Y0]], %[[X0]]
// CHECK: %[[Y1:.*]] = llvm.sub %[[CARRY]], %[[P1]] : i32
// CHECK: %[[R1:.*]] = llvm.select %[[HAS]], %[[Y1]], %[[P1]]
// CHECK: llvm.insertvalue %[[R0]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[R1]], %{{.*}}[1]
// PTX-LABEL: scan_fwd(
// PTX: .shared .align 16 .b8 __tileiras_smem_scan_fwd[16];
// PTX: shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
// PTX: shfl.sync.bfly.b32 {{.*}}, 2, 31, -1;
// PTX: shfl.sync.bfly.b32 {{.*}}, 4, 31, -1;
// PTX: shfl.sync.bfly.b32 {{.*}}, 8, 31, -1;
// PTX: shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
// PTX: bar.sync 0;
// PTX: st.shared.b32
// PTX: bar.sync 0;
// PTX: ld.shared.b32
// PTX: ret;
nv_tileaa.func @scan_fwd(%x: tensor<128xi32, #b>) -> tensor<128xi32, #b> {
  %r = nv_tileaa.scan %x {axis = 0 : i32, reverse = false} : tensor<128xi32, #b> -> tensor<128xi32, #b> {
  ^bb0(%l: i32, %r: i32):
    %s = arith.subi %l, %r : i32
    nv_tileaa.yield %s : i32
  }
  nv_tileaa.return %r : tensor<128xi32, #b>
}

// Reverse: the mirror image. The segment runs x1, x1 - x0; the later lane
// is the one with the bit clear; the carry of warp 0 is warp 1's total
// (slot first + 1); the first block in scan order is warp 1.
// CHECK-LABEL: llvm.func @scan_rev(
// CHECK-DAG: %[[C0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG: %[[C1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: %[[X0:.*]] = llvm.extractvalue %arg0[0]
// CHECK: %[[X1:.*]] = llvm.extractvalue %arg0[1]
// CHECK: %[[P0:.*]] = llvm.sub %[[X1]], %[[X0]] : i32
// CHECK: %[[B0:.*]] = llvm.and %{{.*}}, %[[C1]]
// CHECK: %[[LATER0:.*]] = llvm.icmp "eq" %[[B0]], %[[C0]]
// CHECK: %[[S0:.*]] = nvvm.shfl.sync bfly %{{.*}}, %[[P0]], %[[C1]], %{{.*}} : i32 -> i32
// CHECK: llvm.select %[[LATER0]], %[[S0]], %[[P0]]
// CHECK: llvm.select %[[LATER0]], %[[P0]], %[[S0]]
// CHECK: %[[WARP:.*]] = nvvm.shfl.sync idx
// CHECK: %[[PART:.*]] = llvm.and %[[WARP]], %[[C1]]
// CHECK: nvvm.barrier0
// CHECK: llvm.store
// CHECK: nvvm.barrier0
// CHECK: %[[NEXT:.*]] = llvm.add %{{.*}}, %[[C1]] : i32
// CHECK: %[[A1:.*]] = llvm.getelementptr %{{.*}}[%[[NEXT]]]
// CHECK: %[[W1:.*]] = llvm.load %[[A1]]
// CHECK: %[[LATERW:.*]] = llvm.icmp "ne" %[[PART]], %[[C1]]
// CHECK: llvm.sub %[[W1]], %{{.*}} : i32
// CHECK: %[[CARRY:.*]] = llvm.select %[[LATERW]], %{{.*}}, %{{.*}}
// CHECK: llvm.sub %[[CARRY]], %[[P0]] : i32
// CHECK: llvm.sub %[[CARRY]], %[[X1]] : i32
// CHECK: llvm.return
nv_tileaa.func @scan_rev(%x: tensor<128xi32, #b>) -> tensor<128xi32, #b> {
  %r = nv_tileaa.scan %x {axis = 0 : i32, reverse = true} : tensor<128xi32, #b> -> tensor<128xi32, #b> {
  ^bb0(%l: i32, %r: i32):
    %s = arith.subi %l, %r : i32
    nv_tileaa.yield %s : i32
  }
  nv_tileaa.return %r : tensor<128xi32, #b>
}

// Along axis 0 of 32x32 (4 columns per thread; lanes: rows 1, 2; warps:
// rows 4, 8; a register repeat holds row 16): two lane levels (masks 8 and
// 16) for each of the 8 registers, both warp levels at once through 8
// blocks x 32 columns of scratch (1 KiB) with the 4 block totals read back
// per register, then the in-thread level for row 16.
#c = #nv_tileaa.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK: llvm.mlir.global internal @__tileiras_smem_scan_cols() {{.*}} : !llvm.array<1024 x i8>
// CHECK-LABEL: llvm.func @scan_cols(
// CHECK-DAG: %[[C8:.*]] = llvm.mlir.constant(8 : i32) : i32
// CHECK-DAG: %[[C16:.*]] = llvm.mlir.constant(16 : i32) : i32
// CHECK-COUNT-8: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %[[C8]]
// CHECK-COUNT-8: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %[[C16]]
// CHECK-NOT: bfly
// CHECK: nvvm.barrier0
// CHECK-COUNT-8: llvm.store
// CHECK: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
// PTX-LABEL: scan_cols(
// PTX: .shared .align 16 .b8 __tileiras_smem_scan_cols[1024];
// PTX-COUNT-2: bar.sync 0;
// PTX-NOT: bar.sync
// PTX: ret;
nv_tileaa.func @scan_cols(%x: tensor<32x32xf32, #c>) -> tensor<32x32xf32, #c> {
  %r = nv_tileaa.scan %x {axis = 0 : i32} : tensor<32x32xf32, #c> -> tensor<32x32xf32, #c> {
  ^bb0(%l: f32, %r: f32):
    %s = arith.addf %l, %r : f32
    nv_tileaa.yield %s : f32
  }
  nv_tileaa.return %r : tensor<32x32xf32, #c>
}
