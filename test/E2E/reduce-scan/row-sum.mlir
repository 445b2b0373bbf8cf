// The row-sum example (examples/row_sum.mlir: 16 rows per program, columns
// in chunks of 256 accumulated in a loop, one reduction along the rows at
// the end) compiles for every target and assembles. The reduction: each
// thread folds its registers, five shfl.sync.bfly steps per result row
// (masks 1..16), then the two warps that split the columns meet in shared
// memory between two barriers.
// RUN: %all-targets %tileiras_src/examples/row_sum.mlir %t | FileCheck %S/all-targets.txt
// RUN: tileiras --gpu-name=sm_90a %tileiras_src/examples/row_sum.mlir -o - | FileCheck %s

// CHECK-LABEL: .visible .entry row_sum(
// CHECK: .shared .align 16 .b8 __tileiras_smem_row_sum[{{[0-9]+}}];
// CHECK: add.f32
// CHECK: shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{.*}}, 2, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{.*}}, 4, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{.*}}, 8, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
// CHECK: st.shared.b32
// CHECK: bar.sync 0;
// CHECK: ld.shared
// CHECK: add.f32
// CHECK: st.global.b32
// CHECK: ret;
