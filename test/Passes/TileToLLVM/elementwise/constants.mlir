// RUN: tileiras-opt %s --tileaa-wrap-gpu-module --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm --reconcile-unrealized-casts --canonicalize --cse | FileCheck %s

// arith.constant tiles. #rows keeps the 4 rows in registers and spreads the
// 32 columns over the lanes; #v gives each lane 2 consecutive elements
// (lanes 4..31 repeat lanes 0..3 for an 8-element tile).
#rows = #nv_tileaa.blocked<sizePerThread = [4, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]>
#v = #nv_tileaa.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>

// Tables (values that differ between threads) are read-only globals in
// global memory, stored in row-major order; i1 is stored as bytes.
// CHECK-DAG: llvm.mlir.global internal constant @[[BOOLS:__tileiras_cst_[0-9]+]](dense<[1, 0, 0, 1, 1, 1, 0, 1]> : tensor<8xi8>) {addr_space = 1 : i32, alignment = 16 : i64} : !llvm.array<8 x i8>
// CHECK-DAG: llvm.mlir.global internal constant @[[TABLE:__tileiras_cst_[0-9]+]](dense<[3, 1, 4, 1, 5, 9, 2, 6]> : tensor<8xi16>) {addr_space = 1 : i32, alignment = 16 : i64} : !llvm.array<8 x i16>

// A splat: one constant in every register.
// CHECK-LABEL: llvm.func @splat()
// CHECK: %[[C:.*]] = llvm.mlir.constant(1.500000e+00 : f32) : f32
// CHECK-COUNT-4: llvm.insertvalue %[[C]]
// CHECK-NOT: llvm.load

// Each row holds one value: every register is the same constant in all
// threads (row r in register r).
// CHECK-LABEL: llvm.func @per_register()
// CHECK-DAG: %[[Z:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG: %[[SEVEN:.*]] = llvm.mlir.constant(7 : i32) : i32
// CHECK-DAG: %[[NINE:.*]] = llvm.mlir.constant(9 : i32) : i32
// CHECK: llvm.insertvalue %[[Z]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[SEVEN]], %{{.*}}[1]
// CHECK: llvm.insertvalue %[[Z]], %{{.*}}[2]
// CHECK: llvm.insertvalue %[[NINE]], %{{.*}}[3]
// CHECK-NOT: llvm.load

// Element (lane & 3) * 2 + reg of the table.
// CHECK-LABEL: llvm.func @table()
// CHECK-DAG: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG: %[[THREE:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-DAG: %[[BASE:.*]] = llvm.mlir.addressof @[[TABLE]] : !llvm.ptr<1>
// CHECK: %[[LANE:.*]] = llvm.and %{{.*}}, %{{.*}} : i32
// CHECK: %[[L0:.*]] = llvm.lshr %[[LANE]], %{{.*}} : i32
// CHECK: %[[L1:.*]] = llvm.and %[[L0]], %[[THREE]] : i32
// CHECK: %[[I0:.*]] = llvm.shl %[[L1]], %[[ONE]] : i32
// CHECK: %[[I1:.*]] = llvm.xor %[[I0]], %[[ONE]] : i32
// CHECK: %[[A0:.*]] = llvm.getelementptr %[[BASE]][%[[I0]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i16
// CHECK: %[[V0:.*]] = llvm.load %[[A0]] : !llvm.ptr<1> -> i16
// CHECK: %[[A1:.*]] = llvm.getelementptr %[[BASE]][%[[I1]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i16
// CHECK: %[[V1:.*]] = llvm.load %[[A1]] : !llvm.ptr<1> -> i16
// CHECK: llvm.insertvalue %[[V0]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[V1]], %{{.*}}[1]

// CHECK-LABEL: llvm.func @bools()
// CHECK: llvm.mlir.addressof @[[BOOLS]] : !llvm.ptr<1>
// CHECK: %[[B:.*]] = llvm.load %{{.*}} : !llvm.ptr<1> -> i8
// CHECK: llvm.trunc %[[B]] : i8 to i1
module attributes {nv_tileaa.target_spec = "sm_80"} {
  nv_tileaa.func @splat() -> tensor<4x32xf32, #rows> {
    %c = arith.constant dense<1.5> : tensor<4x32xf32, #rows>
    nv_tileaa.return %c : tensor<4x32xf32, #rows>
  }
  nv_tileaa.func @per_register() -> tensor<4x32xi32, #rows> {
    %c = arith.constant dense<[[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9]]> : tensor<4x32xi32, #rows>
    nv_tileaa.return %c : tensor<4x32xi32, #rows>
  }
  nv_tileaa.func @table() -> tensor<8xi16, #v> {
    %c = arith.constant dense<[3, 1, 4, 1, 5, 9, 2, 6]> : tensor<8xi16, #v>
    nv_tileaa.return %c : tensor<8xi16, #v>
  }
  nv_tileaa.func @bools() -> tensor<8xi1, #v> {
    %c = arith.constant dense<[true, false, false, true, true, true, false, true]> : tensor<8xi1, #v>
    nv_tileaa.return %c : tensor<8xi1, #v>
  }
}
