// A 0-d tensor view is its one element: loads, stores and atomic_red_view
// through a 0-d partition view use the base pointer, with no mask and no
// padding (test/Sim/cuda-tile-control-*.test runs Inputs/view0.mlir).
// RUN: tileiras-opt %S/../E2E/cuda_tile/Inputs/view0.mlir --convert-cuda-tile-to-tileaa | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @view0
// CHECK-SAME: (%[[X:[^:]*]]: !nv_tileaa.ptr<f32>, %[[Y:[^:]*]]: !nv_tileaa.ptr<f32>, %[[Z:[^:]*]]: !nv_tileaa.ptr<f32>)
// CHECK: %[[V:.*]] = nv_tileaa.load %[[X]] : !nv_tileaa.ptr<f32> -> f32
// CHECK: %[[YB:.*]] = nv_tileaa.addptr %[[Y]], %{{.*}} : !nv_tileaa.ptr<f32>, i32
// CHECK: nv_tileaa.store %[[YB]], %{{.*}} : !nv_tileaa.ptr<f32>, f32
// CHECK: nv_tileaa.atomic_rmw addf, %[[Z]], %{{.*}} {mem_scope = #nv_tileaa.mem_scope<gpu>, mem_semantic = #nv_tileaa.mem_semantic<relaxed>} : !nv_tileaa.ptr<f32>, f32 -> f32
