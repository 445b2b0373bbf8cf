// Debug-information attributes print back as NVIDIA's tools print them, in
// text and through Tile IR bytecode 13.1, 13.2 and 13.3 (debug section).
// Call-site locations: bytecode-debuginfo.test (kept out of *.mlir files:
// the fuzz campaign feeds those to upstream ensure-debug-info-scope-on-
// llvm-func, which crashes on a call site outside an llvm.func).
// RUN: tileiras-opt --mlir-print-debuginfo %s | FileCheck %s
// RUN: tileiras-opt --mlir-print-debuginfo %s > %t.1.mlir
// RUN: tileiras-opt --mlir-print-debuginfo %t.1.mlir > %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
// RUN: tileiras-translate --mlir-to-cudatilebc --bytecode-version=13.1 %s | tileiras-translate --cudatilebc-to-mlir --mlir-print-debuginfo | FileCheck %s
// RUN: tileiras-translate --mlir-to-cudatilebc --bytecode-version=13.2 %s | tileiras-translate --cudatilebc-to-mlir --mlir-print-debuginfo | FileCheck %s
// RUN: tileiras-translate --mlir-to-cudatilebc --bytecode-version=13.3 %s | tileiras-translate --cudatilebc-to-mlir --mlir-print-debuginfo | FileCheck %s

#file = #cuda_tile.di_file<"foo.py" in "/tmp/">
#compile_unit = #cuda_tile.di_compile_unit<
  file = #file
>
#subprogram = #cuda_tile.di_subprogram<
  file = #file,
  line = 1,
  name = "test_kernel",
  linkageName = "kernel",
  compileUnit = #compile_unit,
  scopeLine = 2
>
#helper = #cuda_tile.di_subprogram<file = #file, line = 30, name = "helper", linkageName = "helper", compileUnit = #compile_unit>
#block = #cuda_tile.di_lexical_block<scope = #subprogram, file = #file, line = 3, column = 4>
#inner = #cuda_tile.di_lexical_block<scope = #block, file = #file, line = 5, column = 6>

// CHECK: entry @kernel(%{{.*}}: tile<i32>) {
// CHECK-NEXT: constant <i32: 42> : tile<i32> loc([[L1:#loc[0-9]+]])
// CHECK-NEXT: addi {{.*}} loc([[L2:#loc[0-9]+]])
// CHECK-NEXT: cmpi {{.*}} loc([[LU:#loc[0-9]*]])
// CHECK-NEXT: if
// CHECK-NEXT: muli {{.*}} loc([[L3:#loc[0-9]+]])
// CHECK-NEXT: yield loc([[L4:#loc[0-9]+]])
// CHECK-NEXT: } loc([[L2]])
// CHECK-NEXT: return loc([[LU]])
// CHECK-NEXT: } loc([[LF:#loc[0-9]+]])
// CHECK-DAG: #di_file = #cuda_tile.di_file<"foo.py" in "/tmp/">
// CHECK-DAG: #di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
// CHECK-DAG: #di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 1, name = "test_kernel", linkageName = "kernel", compileUnit = #di_compile_unit, scopeLine = 2>
// CHECK-DAG: #di_subprogram1 = #cuda_tile.di_subprogram<file = #di_file, line = 30, name = "helper", linkageName = "helper", compileUnit = #di_compile_unit>
// CHECK-DAG: #di_lexical_block = #cuda_tile.di_lexical_block<scope = #di_subprogram, file = #di_file, line = 3, column = 4>
// CHECK-DAG: #di_lexical_block1 = #cuda_tile.di_lexical_block<scope = #di_lexical_block, file = #di_file, line = 5, column = 6>
// CHECK-DAG: [[LU]] = loc(unknown)
// CHECK-DAG: [[F1:#loc[0-9]+]] = loc("/tmp/foo.py":7:8)
// CHECK-DAG: [[F2:#loc[0-9]+]] = loc("/tmp/foo.py":9:10)
// CHECK-DAG: [[F3:#loc[0-9]+]] = loc("/tmp/foo.py":11:12)
// CHECK-DAG: [[F4:#loc[0-9]+]] = loc("/tmp/foo.py":31:2)
// CHECK-DAG: [[F5:#loc[0-9]+]] = loc("foo.py":1:1)
// CHECK-DAG: [[L1]] = #cuda_tile.di_loc<[[F1]] in #di_subprogram>
// CHECK-DAG: [[L2]] = #cuda_tile.di_loc<[[F2]] in #di_lexical_block>
// CHECK-DAG: [[L3]] = #cuda_tile.di_loc<[[F3]] in #di_lexical_block1>
// CHECK-DAG: [[L4]] = #cuda_tile.di_loc<[[F4]] in #di_subprogram1>
// CHECK-DAG: [[LF]] = #cuda_tile.di_loc<[[F5]] in #di_subprogram>
cuda_tile.module @kernels {
  entry @kernel(%x: tile<i32>) {
    %c = constant <i32: 42> : tile<i32> loc(#cuda_tile.di_loc<loc("/tmp/foo.py":7:8) in #subprogram>)
    %s = addi %x, %c : tile<i32> loc(#cuda_tile.di_loc<loc("/tmp/foo.py":9:10) in #block>)
    %p = cmpi equal %s, %c, signed : tile<i32> -> tile<i1> loc(unknown)
    if %p {
      %m = muli %s, %c : tile<i32> loc(#cuda_tile.di_loc<loc("/tmp/foo.py":11:12) in #inner>)
      yield loc(#cuda_tile.di_loc<loc("/tmp/foo.py":31:2) in #helper>)
    } loc(#cuda_tile.di_loc<loc("/tmp/foo.py":9:10) in #block>)
    return loc(unknown)
  } loc(#cuda_tile.di_loc<loc("foo.py":1:1) in #subprogram>)
}
