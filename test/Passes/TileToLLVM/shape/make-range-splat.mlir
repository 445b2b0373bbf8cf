// RUN: tileiras-opt %s --tileaa-wrap-gpu-module --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm --reconcile-unrealized-casts --canonicalize --cse | FileCheck %s

// Layout of tensor<256xi32>: 2 elements per lane (register bit 0 -> +1),
// lanes step by 2 (lane bits 0..4 -> +2..+32), warp bit 0 -> +64, and the
// block of 128 repeats once (register bit 1 -> +128). Thread (lane, warp)
// holds base = (lane & 31) << 1 ^ (warp & 1) << 6 in registers
// base, base^1, base^128, base^129; make_range adds start to each.
#b = #nv_tileaa.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>

// CHECK-LABEL: llvm.func @make_range()
// CHECK-DAG: %[[START:.*]] = llvm.mlir.constant(8 : i32) : i32
// CHECK-DAG: %[[C129:.*]] = llvm.mlir.constant(129 : i32) : i32
// CHECK-DAG: %[[C128:.*]] = llvm.mlir.constant(128 : i32) : i32
// CHECK-DAG: %[[C6:.*]] = llvm.mlir.constant(6 : i32) : i32
// CHECK-DAG: %[[C1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG: %[[C5:.*]] = llvm.mlir.constant(5 : i32) : i32
// CHECK-DAG: %[[C31:.*]] = llvm.mlir.constant(31 : i32) : i32
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK: %[[LANE:.*]] = llvm.and %[[TID]], %[[C31]] : i32
// CHECK: %[[WARP0:.*]] = llvm.lshr %[[TID]], %[[C5]] : i32
// CHECK: %[[WARP:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[WARP0]]
// CHECK: %[[L0:.*]] = llvm.lshr %[[LANE]], %{{.*}} : i32
// CHECK: %[[L1:.*]] = llvm.and %[[L0]], %[[C31]] : i32
// CHECK: %[[LPART:.*]] = llvm.shl %[[L1]], %[[C1]] : i32
// CHECK: %[[W0:.*]] = llvm.lshr %[[WARP]], %{{.*}} : i32
// CHECK: %[[W1:.*]] = llvm.and %[[W0]], %[[C1]] : i32
// CHECK: %[[WPART:.*]] = llvm.shl %[[W1]], %[[C6]] : i32
// CHECK: %[[BASE:.*]] = llvm.xor %[[LPART]], %[[WPART]] : i32
// CHECK: %[[R1:.*]] = llvm.xor %[[BASE]], %[[C1]] : i32
// CHECK: %[[R2:.*]] = llvm.xor %[[BASE]], %[[C128]] : i32
// CHECK: %[[R3:.*]] = llvm.xor %[[BASE]], %[[C129]] : i32
// CHECK: %[[V0:.*]] = llvm.add %[[BASE]], %[[START]] : i32
// CHECK: %[[V1:.*]] = llvm.add %[[R1]], %[[START]] : i32
// CHECK: %[[V2:.*]] = llvm.add %[[R2]], %[[START]] : i32
// CHECK: %[[V3:.*]] = llvm.add %[[R3]], %[[START]] : i32
// CHECK: llvm.insertvalue %[[V0]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[V1]], %{{.*}}[1]
// CHECK: llvm.insertvalue %[[V2]], %{{.*}}[2]
// CHECK: llvm.insertvalue %[[V3]], %{{.*}}[3]

// splat: the scalar (here a pointer) in every register, no arithmetic.
// CHECK-LABEL: llvm.func @splat(%arg0: !llvm.ptr<1>)
// CHECK-NEXT: %[[U:.*]] = llvm.mlir.undef : !llvm.struct<(ptr<1>, ptr<1>, ptr<1>, ptr<1>)>
// CHECK-NEXT: %[[S0:.*]] = llvm.insertvalue %arg0, %[[U]][0]
// CHECK-NEXT: %[[S1:.*]] = llvm.insertvalue %arg0, %[[S0]][1]
// CHECK-NEXT: %[[S2:.*]] = llvm.insertvalue %arg0, %[[S1]][2]
// CHECK-NEXT: %[[S3:.*]] = llvm.insertvalue %arg0, %[[S2]][3]
// CHECK-NEXT: llvm.return %[[S3]]
module attributes {nv_tileaa.target_spec = "sm_80"} {
  nv_tileaa.func @make_range() -> tensor<256xi32, #b> {
    %r = nv_tileaa.make_range {start = 8 : i32, end = 264 : i32} : tensor<256xi32, #b>
    nv_tileaa.return %r : tensor<256xi32, #b>
  }
  nv_tileaa.func @splat(%p: !nv_tileaa.ptr<f16>) -> tensor<256x!nv_tileaa.ptr<f16>, #b> {
    %r = nv_tileaa.splat %p : !nv_tileaa.ptr<f16> -> tensor<256x!nv_tileaa.ptr<f16>, #b>
    nv_tileaa.return %r : tensor<256x!nv_tileaa.ptr<f16>, #b>
  }
}
