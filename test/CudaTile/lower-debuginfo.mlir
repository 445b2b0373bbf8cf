// convert-cuda-tile-to-tileaa turns #cuda_tile.di_loc into file locations
// (a relative name completed by its scope's directory) on the lowered ops
// and the kernel, which the LLVM pipeline makes line tables of.
// RUN: tileiras-opt %s --convert-cuda-tile-to-tileaa='gpu-name=sm_100a' --mlir-print-debuginfo | FileCheck %s

#file = #cuda_tile.di_file<"vadd.py" in "/src/kernels">
#unit = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 10, name = "k", linkageName = "k", compileUnit = #unit, scopeLine = 11>
#block = #cuda_tile.di_lexical_block<scope = #sp, file = #file, line = 14, column = 4>

// CHECK-LABEL: nv_tileaa.func @k
// CHECK: nv_tileaa.addf {{.*}} loc([[ADD:#loc[0-9]+]])
// CHECK: nv_tileaa.mulf {{.*}} loc([[MUL:#loc[0-9]+]])
// CHECK: nv_tileaa.return loc([[RET:#loc[0-9]+]])
// CHECK: } loc([[FN:#loc[0-9]+]])
// CHECK-NOT: di_loc<
// CHECK-DAG: [[ADD]] = loc("/src/kernels/vadd.py":15:8)
// CHECK-DAG: [[MUL]] = loc("/abs/other.py":3:1)
// CHECK-DAG: [[RET]] = loc("/src/kernels/vadd.py":40:2)
// CHECK-DAG: [[FN]] = loc("/src/kernels/vadd.py":10:0)
cuda_tile.module @kernels {
  entry @k(%x: tile<f32>) {
    %s = addf %x, %x : tile<f32> loc(#cuda_tile.di_loc<loc("vadd.py":15:8) in #block>)
    %m = mulf %s, %x : tile<f32> loc(#cuda_tile.di_loc<loc("/abs/other.py":3:1) in #sp>)
    return loc(#cuda_tile.di_loc<loc("vadd.py":40:2) in #sp>)
  } loc(#cuda_tile.di_loc<loc("vadd.py":10:0) in #sp>)
}
