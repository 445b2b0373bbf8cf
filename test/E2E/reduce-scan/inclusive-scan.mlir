// The inclusive-scan example (examples/inclusive_scan.mlir: blocks of 1024
// i32, 4 warps) compiles for every target and assembles. The scan: each
// thread scans its contiguous elements, five lane levels with
// shfl.sync.bfly, then the 4 warp totals through shared memory.
// RUN: %all-targets %tileiras_src/examples/inclusive_scan.mlir %t | FileCheck %S/all-targets.txt
// RUN: tileiras --gpu-name=sm_90a %tileiras_src/examples/inclusive_scan.mlir -o - | FileCheck %s

// CHECK-LABEL: .visible .entry inclusive_scan(
// CHECK: add.s32
// CHECK: shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{.*}}, 2, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{.*}}, 4, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{.*}}, 8, 31, -1;
// CHECK: shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
// CHECK: st.shared.b32
// CHECK: bar.sync 0;
// CHECK: ld.shared
// CHECK: st.global
// CHECK: ret;
