// A load that reaches a dot operand conversion through elementwise ops
// (here the widening and scaling of a dot_scaled that became a bf16 dot on
// sm_90a) is pipelined too: cp.async into the ring, read back in the
// load's own layout, and the elementwise ops run on what was read. The
// scale tiles move 1 byte per thread and access (below cp.async's 4) and
// stay synchronous loads.
// RUN: tileiras-opt %S/../../../examples/matmul_mxfp8.mlir -tileaa-resolve-target='gpu-name=sm_90a' -tileaa-decompose-scaled-dots -tileaa-assign-layouts -tileaa-pipeline | FileCheck %s

// CHECK-COUNT-4: nv_tileaa.async_copy %{{.*}} : tensor<64x64x!nv_tileaa.ptr<f8E4M3FN>, #[[L:blocked[0-9]*]]>, tensor<64x64xi1, #[[L]]> -> !nv_tileaa.smem<3x64x64xf8E4M3FN, #shared>
// CHECK: scf.for
// CHECK: nv_tileaa.async_wait {pending = 1 : i32}
// CHECK: %[[A:.*]] = nv_tileaa.local_load %{{.*}} -> tensor<64x64xf8E4M3FN, #[[L]]>
// CHECK: %[[B:.*]] = nv_tileaa.local_load %{{.*}} -> tensor<64x64xf8E4M3FN, #[[L]]>
// CHECK-COUNT-2: nv_tileaa.async_copy
// CHECK: nv_tileaa.load %{{.*}} -> tensor<64x2xf8E8M0FNU
// CHECK: nv_tileaa.load %{{.*}} -> tensor<2x64xf8E8M0FNU
// CHECK: nv_tileaa.fp_to_fp %[[A]] : tensor<64x64xf8E4M3FN, #[[L]]> -> tensor<64x64xf32, #[[L]]>
// CHECK: nv_tileaa.fp_to_fp %[[B]] : tensor<64x64xf8E4M3FN, #[[L]]> -> tensor<64x64xf32, #[[L]]>
// CHECK: nv_tileaa.dot
// CHECK: scf.yield
// CHECK: nv_tileaa.async_wait {pending = 0 : i32}
