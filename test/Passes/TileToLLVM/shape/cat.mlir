// RUN: tileiras-opt %s --tileaa-wrap-gpu-module --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm --reconcile-unrealized-casts --canonicalize --cse | FileCheck %s

// Both operands have the same shape, so the highest bit of the axis
// coordinate picks the operand. When every other bit sits where the
// operands have it, that bit is all that is left to handle.
#a = #nv_tileaa.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#l = #nv_tileaa.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#c = #nv_tileaa.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>

// Row 32 of the 64 x 32 result is register bit 3: registers 0..7 are the
// first operand's, 8..15 the second's.
// CHECK-LABEL: llvm.func @register_bit(
// CHECK-NOT: nvvm.barrier0
// CHECK-NOT: llvm.select
// CHECK-DAG: %[[X0:.*]] = llvm.extractvalue %arg0[0]
// CHECK-DAG: %[[X7:.*]] = llvm.extractvalue %arg0[7]
// CHECK-DAG: %[[Y0:.*]] = llvm.extractvalue %arg1[0]
// CHECK-DAG: %[[Y7:.*]] = llvm.extractvalue %arg1[7]
// CHECK: llvm.insertvalue %[[X0]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[X7]], %{{.*}}[7]
// CHECK: llvm.insertvalue %[[Y0]], %{{.*}}[8]
// CHECK: llvm.insertvalue %[[Y7]], %{{.*}}[15]

// Column 16 of the 4 x 32 result is lane bit 4: lanes 16..31 take the
// second operand.
// CHECK-LABEL: llvm.func @lane_bit(
// CHECK-DAG: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-DAG: %[[C31:.*]] = llvm.mlir.constant(31 : i32) : i32
// CHECK-DAG: %[[X:.*]] = llvm.extractvalue %arg0[0]
// CHECK-DAG: %[[Y:.*]] = llvm.extractvalue %arg1[0]
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[LANE:.*]] = llvm.and %[[TID]], %[[C31]]
// CHECK: %[[BIT:.*]] = llvm.lshr %[[LANE]], %[[C4]]
// CHECK: %[[SECOND:.*]] = llvm.trunc %[[BIT]] : i32 to i1
// CHECK: %[[V:.*]] = llvm.select %[[SECOND]], %[[Y]], %[[X]] : i1, i32
// CHECK: llvm.insertvalue %[[V]], %{{.*}}[0]
// CHECK-NOT: nvvm.barrier0

// Otherwise both operands are stored at their place in the 16 x 64 result
// (rows padded by a word: 16 x 65 x 4 bytes), the second one 32 columns
// further, and read back in the result layout.
// CHECK: llvm.mlir.global internal @__tileiras_smem_through_shared() {{.*}} : !llvm.array<4160 x i8>
// CHECK-LABEL: llvm.func @through_shared(
// CHECK-DAG: %[[C32:.*]] = llvm.mlir.constant(32 : i32) : i32
// CHECK-DAG: %[[C6:.*]] = llvm.mlir.constant(6 : i32) : i32
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.store %{{.*}} : f32, !llvm.ptr<3>
// CHECK: %[[SHIFTED:.*]] = llvm.or %{{.*}}, %[[C32]] : i32
// CHECK: %[[ROW:.*]] = llvm.shl %{{.*}}, %[[C6]] : i32
// CHECK: llvm.or %[[SHIFTED]], %[[ROW]] : i32
// CHECK-COUNT-8: llvm.store %{{.*}} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-8: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
module attributes {nv_tileaa.target_spec = "sm_80"} {
  nv_tileaa.func @register_bit(%x: tensor<32x32xf32, #a>, %y: tensor<32x32xf32, #a>) -> tensor<64x32xf32, #a> {
    %r = nv_tileaa.cat %x, %y {axis = 0 : i32} : tensor<32x32xf32, #a>, tensor<32x32xf32, #a> -> tensor<64x32xf32, #a>
    nv_tileaa.return %r : tensor<64x32xf32, #a>
  }
  nv_tileaa.func @lane_bit(%x: tensor<4x16xi32, #l>, %y: tensor<4x16xi32, #l>) -> tensor<4x32xi32, #l> {
    %r = nv_tileaa.cat %x, %y {axis = 1 : i32} : tensor<4x16xi32, #l>, tensor<4x16xi32, #l> -> tensor<4x32xi32, #l>
    nv_tileaa.return %r : tensor<4x32xi32, #l>
  }
  nv_tileaa.func @through_shared(%x: tensor<16x32xf32, #a>, %y: tensor<16x32xf32, #c>) -> tensor<16x64xf32, #a> {
    %r = nv_tileaa.cat %x, %y {axis = 1 : i32} : tensor<16x32xf32, #a>, tensor<16x32xf32, #c> -> tensor<16x64xf32, #a>
    nv_tileaa.return %r : tensor<16x64xf32, #a>
  }
}
