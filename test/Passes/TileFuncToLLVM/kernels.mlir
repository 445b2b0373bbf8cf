// RUN: tileiras-opt %s -split-input-file -convert-nv-tile-func-to-llvm | FileCheck %s

// A kernel: nvvm.kernel, reqntid = 32 * numWarps, 16-byte aligned pointer
// arguments; no cluster attributes for a 1x1x1 cluster.
// CHECK-LABEL: llvm.func @k(
// CHECK-SAME: %{{.*}}: !llvm.ptr<1> {llvm.align = 16 : i64, llvm.noalias}
// CHECK-SAME: %{{.*}}: !llvm.ptr<3> {llvm.align = 16 : i64}
// CHECK-SAME: %{{.*}}: i32)
// CHECK-SAME: nvvm.kernel
// CHECK-SAME: nvvm.reqntid = array<i32: 256, 1, 1>
// CHECK-NOT: cluster
// CHECK-NOT: minctasm
// CHECK: llvm.return
module attributes {nv_tileaa.target_spec = "sm_90a"} {
  nv_tileaa.func @k(%a: !nv_tileaa.ptr<f32> {nv_tileaa.noalias}, %s: !nv_tileaa.ptr<f32, 3>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
    nv_tileaa.return
  }
}

// -----

// Clusters with more than one CTA on SM >= 90: cluster_dim and
// blocksareclusters. numWarps not given: 4.
// CHECK-LABEL: llvm.func @clustered()
// CHECK-SAME: nvvm.blocksareclusters
// CHECK-SAME: nvvm.cluster_dim = array<i32: 2, 1, 1>
// CHECK-SAME: nvvm.kernel
// CHECK-SAME: nvvm.reqntid = array<i32: 128, 1, 1>
module attributes {nv_tileaa.target_spec = "sm_90"} {
  nv_tileaa.func @clustered() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<clusterDim = [2, 1, 1]>} {
    nv_tileaa.return
  }
}

// -----

// Below sm_90 there are no clusters: the attributes are dropped.
// CHECK-LABEL: llvm.func @pre_hopper()
// CHECK-NOT: cluster
// CHECK-SAME: nvvm.kernel
module attributes {nv_tileaa.target_spec = "sm_80"} {
  nv_tileaa.func @pre_hopper() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<clusterDim = [2, 1, 1]>} {
    nv_tileaa.return
  }
}

// -----

// Occupancy: minctasm and a register budget from the register file
// (65536 registers / (2 CTAs * 8 warps * 32 lanes) = 128 per thread).
// CHECK-LABEL: llvm.func @occupied()
// CHECK-SAME: nvvm.maxnreg = 128 : i32
// CHECK-SAME: nvvm.minctasm = 2 : i32
// CHECK-SAME: nvvm.reqntid = array<i32: 256, 1, 1>
module attributes {nv_tileaa.target_spec = "sm_80"} {
  nv_tileaa.func @occupied() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>, nv_tileaa.occupancy = 2 : i32} {
    nv_tileaa.return
  }
}

// -----

// Attributes a frontend already set are kept.
// CHECK-LABEL: llvm.func @preset()
// CHECK-SAME: nvvm.maxnreg = 40 : i32
// CHECK-SAME: nvvm.minctasm = 1 : i32
module attributes {nv_tileaa.target_spec = "sm_80"} {
  nv_tileaa.func @preset() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>, nv_tileaa.occupancy = 1 : i32, nvvm.maxnreg = 40 : i32} {
    nv_tileaa.return
  }
}

// -----

// Device functions stay plain functions; private ones get internal linkage.
// Calls become llvm.call.
// CHECK-LABEL: llvm.func internal @helper(%{{.*}}: f32) -> f32
// CHECK-NOT: nvvm.kernel
// CHECK: llvm.return %{{.*}} : f32
// CHECK-LABEL: llvm.func @public_helper(%{{.*}}: !llvm.ptr<1>, %{{.*}}: i32) -> !llvm.struct<(i32, f32)>
// CHECK-NOT: llvm.align
// CHECK: llvm.return %{{.*}} : !llvm.struct<(i32, f32)>
// CHECK-LABEL: llvm.func @caller(
// CHECK: llvm.call @helper(%{{.*}}) : (f32) -> f32
// CHECK: %[[PAIR:.*]] = llvm.call @public_helper(%{{.*}}, %{{.*}}) : (!llvm.ptr<1>, i32) -> !llvm.struct<(i32, f32)>
// CHECK: llvm.extractvalue %[[PAIR]][0]
// CHECK: llvm.extractvalue %[[PAIR]][1]
module attributes {nv_tileaa.target_spec = "sm_80"} {
  nv_tileaa.func private @helper(%x: f32) -> f32 {
    nv_tileaa.return %x : f32
  }
  nv_tileaa.func @public_helper(%p: !nv_tileaa.ptr<f32>, %i: i32) -> (i32, f32) {
    %f = arith.constant 1.0 : f32
    nv_tileaa.return %i, %f : i32, f32
  }
  nv_tileaa.func @caller(%p: !nv_tileaa.ptr<f32>, %x: f32, %i: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<>} {
    %y = nv_tileaa.call @helper(%x) : (f32) -> f32
    %a, %b = nv_tileaa.call @public_helper(%p, %i) : (!nv_tileaa.ptr<f32>, i32) -> (i32, f32)
    nv_tileaa.return
  }
}
