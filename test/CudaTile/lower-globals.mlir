// global -> llvm.mlir.global in the global address space (1) with its
// initializer, alignment and constness; get_global -> its address as an
// nv_tileaa pointer, the alignment stated by an assume.
// RUN: tileiras-opt %s --convert-cuda-tile-to-tileaa | FileCheck %s
// RUN: tileiras --gpu-name=sm_90a --emit=ptx %s -o - | FileCheck %s --check-prefix=PTX

// CHECK: llvm.mlir.global internal constant @table(dense<[5.000000e-01, 1.000000e+00]> : tensor<2xf32>) {addr_space = 1 : i32, alignment = 16 : i64} : !llvm.array<2 x f32>
// CHECK: llvm.mlir.global external @counter(dense<7> : tensor<4xi32>) {addr_space = 1 : i32} : !llvm.array<4 x i32>
// CHECK: llvm.mlir.global external @flags(dense<[1, 0]> : tensor<2xi8>) {addr_space = 1 : i32} : !llvm.array<2 x i8>
// CHECK: llvm.mlir.global external @bytes(dense<[56, -72]> : tensor<2xi8>) {addr_space = 1 : i32} : !llvm.array<2 x i8>
// tf32 values are stored as the f32 they are (0.1 rounded to tf32).
// CHECK: llvm.mlir.global external @narrow(dense<[1.500000e+00, 0.0999755859]> : tensor<2xf32>) {addr_space = 1 : i32} : !llvm.array<2 x f32>
// CHECK-LABEL: nv_tileaa.func @k
// CHECK: %[[A:.*]] = llvm.mlir.addressof @table : !llvm.ptr<1>
// CHECK: %[[I:.*]] = llvm.ptrtoint %[[A]] : !llvm.ptr<1> to i64
// CHECK: %[[P:.*]] = nv_tileaa.int_to_ptr %[[I]] : i64 -> !nv_tileaa.ptr<f32>
// CHECK: nv_tileaa.assume %[[P]] {div_by = 16 : i64} : !nv_tileaa.ptr<f32>
// CHECK: llvm.mlir.addressof @counter : !llvm.ptr<1>
// CHECK-NOT: nv_tileaa.assume
// CHECK: nv_tileaa.atomic_rmw

// A private global is not .visible; the constant one holds the f32 bits.
// PTX-DAG: {{^}}.global .align 16 .b8 table[8] = {0, 0, 0, 63, 0, 0, 128, 63};
// PTX-DAG: .visible .global .align 4 .b8 counter[16] = {7, 0, 0, 0, 7, 0, 0, 0, 7, 0, 0, 0, 7};
// PTX-DAG: .visible .global .align 1 .b8 flags[2] = {1};
// PTX: .visible .entry k(
// PTX: mov.b64 %rd{{[0-9]+}}, table;
// PTX: ld.global.nc.b32
// PTX: atom.relaxed.gpu.global.add.u32
cuda_tile.module @kernels {
  global private constant @table alignment = 16 <f32: [0.5, 1.0]> : tile<2xf32>
  global @counter <i32: 7> : tile<4xi32>
  global @flags <i1: [true, false]> : tile<2xi1>
  global @bytes <f8E4M3FN: [1.0, -1.0]> : tile<2xf8E4M3FN>
  global @narrow <tf32: [1.5, 0.1]> : tile<2xtf32>
  entry @k(%y: tile<ptr<f32>>, %n: tile<i32>) {
    %g = get_global @table : tile<ptr<f32>>
    %gn = offset %g, %n : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>
    %v, %t0 = load_ptr_tko weak %gn : tile<ptr<f32>> -> tile<f32>, token
    %t1 = store_ptr_tko weak %y, %v : tile<ptr<f32>>, tile<f32> -> token
    %c = get_global @counter : tile<ptr<i32>>
    %one = constant <i32: 1> : tile<i32>
    %old, %t2 = atomic_rmw_tko relaxed device %c, add, %one : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }
}
