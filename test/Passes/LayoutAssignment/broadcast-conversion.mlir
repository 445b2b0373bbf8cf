// A row factor broadcast into another layout moves as a row, not as the
// whole tile: in examples/attention.mlir the accumulator (#mma, warps
// [1, 4]) is rescaled each step by exp2(m_old - m_new), a 32-element row
// statistic computed in a slice of the softmax's blocked layout. The
// statistic is converted to a slice of the accumulator's layout and
// expanded and broadcast there; the 32 x 64 f32 tile is never converted
// inside the loop.
// RUN: tileiras-opt %S/../../../examples/attention.mlir -tileaa-resolve-target='gpu-name=sm_80' -tileaa-assign-layouts | FileCheck %s

// CHECK-DAG: #[[ACC:mma[0-9]*]] = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [1, 4], instrShape = [16, 8]>
// CHECK-DAG: #[[ROW:slice[0-9]*]] = #nv_tileaa.slice<dim = 1, parent = #[[ACC]]>
// CHECK: scf.for
// CHECK: %[[ALPHA:.*]] = nv_tileaa.exp2 %{{.*}} : tensor<32xf32, #{{slice[0-9]*}}>
// CHECK: %[[MOVED:.*]] = nv_tileaa.convert_layout %[[ALPHA]] : tensor<32xf32, #{{slice[0-9]*}}> -> tensor<32xf32, #[[ROW]]>
// CHECK-NOT: convert_layout {{.*}} -> tensor<32x64xf32, #[[ACC]]>
// CHECK: %[[COL:.*]] = nv_tileaa.expand_dims %[[MOVED]] {axis = 1 : i32} : tensor<32xf32, #[[ROW]]> -> tensor<32x1xf32, #[[ACC]]>
// CHECK: %[[WIDE:.*]] = nv_tileaa.broadcast %[[COL]] : tensor<32x1xf32, #[[ACC]]> -> tensor<32x64xf32, #[[ACC]]>
// CHECK: nv_tileaa.mulf %{{.*}}, %[[WIDE]] : tensor<32x64xf32, #[[ACC]]>
// CHECK: scf.yield
