// RUN: tileiras-opt %s --tileaa-wrap-gpu-module --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm --reconcile-unrealized-casts --canonicalize --cse | FileCheck %s

// 64 x 32 in #a: registers 0..3 are 4 consecutive columns, register bit 2
// adds 16 rows, bit 3 adds 32 rows (the 16-row block repeats 4 times).
#a = #nv_tileaa.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>

// Rows 32..63: register bit 3 set. The slice keeps registers 8..15, in
// order, without moving data.
// CHECK-LABEL: llvm.func @lower_half(
// CHECK-NOT: nvvm.barrier0
// CHECK-DAG: %[[E8:.*]] = llvm.extractvalue %arg0[8]
// CHECK-DAG: %[[E9:.*]] = llvm.extractvalue %arg0[9]
// CHECK-DAG: %[[E15:.*]] = llvm.extractvalue %arg0[15]
// CHECK: llvm.insertvalue %[[E8]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[E9]], %{{.*}}[1]
// CHECK: llvm.insertvalue %[[E15]], %{{.*}}[7]

// Offsets that are not a multiple of the slice size need other threads'
// elements: every thread stores the source elements inside the window at
// their place in the 16 x 16 result (rows padded by a word), the others to
// one spare slot after the last (16 x 17 + 1 words, rounded to 16 bytes),
// then loads its result elements.
// CHECK: llvm.mlir.global internal @__tileiras_smem_unaligned() {{.*}} : !llvm.array<1104 x i8>
// CHECK-LABEL: llvm.func @unaligned(
// CHECK-DAG: %[[SPARE:.*]] = llvm.mlir.constant(272 : i32) : i32
// CHECK-DAG: %[[C16:.*]] = llvm.mlir.constant(16 : i32) : i32
// CHECK-DAG: %[[C8:.*]] = llvm.mlir.constant(8 : i32) : i32
// CHECK-DAG: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK: nvvm.barrier0
// CHECK: %[[ROW:.*]] = llvm.sub %{{.*}}, %[[C8]] : i32
// CHECK: %[[ROWOK:.*]] = llvm.icmp "ult" %[[ROW]], %[[C16]] : i32
// CHECK: %[[COL:.*]] = llvm.sub %{{.*}}, %[[C4]] : i32
// CHECK: %[[COLOK:.*]] = llvm.icmp "ult" %[[COL]], %[[C16]] : i32
// CHECK: %[[INSIDE:.*]] = llvm.and %[[ROWOK]], %[[COLOK]] : i1
// CHECK: %[[ROWS:.*]] = llvm.shl %[[ROW]], %[[C4]] : i32
// CHECK: %[[LIN:.*]] = llvm.or %[[COL]], %[[ROWS]] : i32
// CHECK: %[[SLOT:.*]] = llvm.add %[[LIN]], %{{.*}} : i32
// CHECK: %[[WHERE:.*]] = llvm.select %[[INSIDE]], %[[SLOT]], %[[SPARE]] : i1, i32
// CHECK: %[[ADDR:.*]] = llvm.getelementptr %{{.*}}[%[[WHERE]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK: llvm.store %{{.*}}, %[[ADDR]] : f32, !llvm.ptr<3>
// CHECK-COUNT-15: llvm.store
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK-NOT: llvm.load
module attributes {nv_tileaa.target_spec = "sm_80"} {
  nv_tileaa.func @lower_half(%x: tensor<64x32xf32, #a>) -> tensor<32x32xf32, #a> {
    %r = nv_tileaa.extract_slice %x {offsets = array<i64: 32, 0>} : tensor<64x32xf32, #a> -> tensor<32x32xf32, #a>
    nv_tileaa.return %r : tensor<32x32xf32, #a>
  }
  nv_tileaa.func @unaligned(%x: tensor<64x32xf32, #a>) -> tensor<16x16xf32, #a> {
    %r = nv_tileaa.extract_slice %x {offsets = array<i64: 8, 4>} : tensor<64x32xf32, #a> -> tensor<16x16xf32, #a>
    nv_tileaa.return %r : tensor<16x16xf32, #a>
  }
}
