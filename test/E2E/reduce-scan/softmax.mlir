// The softmax example (examples/softmax.mlir: 4 rows of up to 1024 columns
// per program, 8 warps) compiles for every target and assembles. Each row
// is reduced twice (max, then the sum of exponentials); both reductions
// cross lanes with shfl.sync.bfly and warps through the same scratch
// buffer, fenced by barriers.
// RUN: %all-targets %tileiras_src/examples/softmax.mlir %t | FileCheck %S/all-targets.txt
// RUN: tileiras --gpu-name=sm_80 %tileiras_src/examples/softmax.mlir -o - | FileCheck %s

// CHECK-LABEL: .visible .entry softmax(
// CHECK: .reqntid 256, 1, 1
// CHECK: shfl.sync.bfly.b32
// CHECK: max.NaN.f32
// CHECK: st.shared
// CHECK: bar.sync 0;
// CHECK: ld.shared
// CHECK: ex2.approx
// CHECK: shfl.sync.bfly.b32
// CHECK: add.f32
// CHECK: bar.sync 0;
// CHECK: st.shared
// CHECK: bar.sync 0;
// CHECK: ld.shared
// CHECK: div.rn.f32
// CHECK: st.global
// CHECK: ret;
