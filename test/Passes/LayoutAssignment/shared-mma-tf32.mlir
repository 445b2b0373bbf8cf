// Which instruction a tf32 dot takes (nv_tileaa.dot_path): its operands
// are f32 tiles loaded for it and rounded to tf32 (fp_to_fp), which
// tileaa-warpgroup-dots stages K-major in shared memory each step, so
// wgmma k8 on sm_90a and tcgen05.mma kind::tf32 on sm_100a; mma.sync
// m16n8k8 on sm_90 and sm_80. An operand computed in registers (not a
// rounded load) keeps mma.sync, with the reason.
// RUN: tileiras-opt %s -split-input-file -tileaa-resolve-target='gpu-name=sm_90a' -tileaa-assign-layouts | FileCheck %s --check-prefix=SM90A
// RUN: tileiras-opt %s -split-input-file -tileaa-resolve-target='gpu-name=sm_100a' -tileaa-assign-layouts | FileCheck %s --check-prefix=SM100A
// RUN: tileiras-opt %s -split-input-file -tileaa-resolve-target='gpu-name=sm_90' -tileaa-assign-layouts | FileCheck %s --check-prefix=SM90
// RUN: tileiras-opt %s -split-input-file -tileaa-resolve-target='gpu-name=sm_80' -tileaa-assign-layouts | FileCheck %s --check-prefix=SM80

// SM90A-LABEL: nv_tileaa.func @rounded_loads
// SM90A: nv_tileaa.dot_path = "wgmma.m64n128k8 tf32"
// SM100A-LABEL: nv_tileaa.func @rounded_loads
// SM100A: nv_tileaa.dot_path = "tcgen05.mma.m128n128k8 tf32"
// SM90-LABEL: nv_tileaa.func @rounded_loads
// SM90: nv_tileaa.dot_path = "mma.sync.m16n8k8 tf32"
// SM80-LABEL: nv_tileaa.func @rounded_loads
// SM80: nv_tileaa.dot_path = "mma.sync.m16n8k8 tf32"
nv_tileaa.func @rounded_loads(%pa: !nv_tileaa.ptr<f32>, %pb: !nv_tileaa.ptr<f32>, %c: tensor<128x128xf32>) -> tensor<128x128xf32> attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
  %rm = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %rk = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %c32 = arith.constant dense<32> : tensor<128x32xi32>
  %m2 = nv_tileaa.expand_dims %rm {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %k2 = nv_tileaa.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %mb = nv_tileaa.broadcast %m2 : tensor<128x1xi32> -> tensor<128x32xi32>
  %kb = nv_tileaa.broadcast %k2 : tensor<1x32xi32> -> tensor<128x32xi32>
  %rows = arith.muli %mb, %c32 : tensor<128x32xi32>
  %offs = arith.addi %rows, %kb : tensor<128x32xi32>
  %sa = nv_tileaa.splat %pa : !nv_tileaa.ptr<f32> -> tensor<128x32x!nv_tileaa.ptr<f32>>
  %ptra = nv_tileaa.addptr %sa, %offs : tensor<128x32x!nv_tileaa.ptr<f32>>, tensor<128x32xi32>
  %a = nv_tileaa.load %ptra : tensor<128x32x!nv_tileaa.ptr<f32>> -> tensor<128x32xf32>
  %offs_t = nv_tileaa.permute %offs {order = array<i32: 1, 0>} : tensor<128x32xi32> -> tensor<32x128xi32>
  %sb = nv_tileaa.splat %pb : !nv_tileaa.ptr<f32> -> tensor<32x128x!nv_tileaa.ptr<f32>>
  %ptrb = nv_tileaa.addptr %sb, %offs_t : tensor<32x128x!nv_tileaa.ptr<f32>>, tensor<32x128xi32>
  %b = nv_tileaa.load %ptrb : tensor<32x128x!nv_tileaa.ptr<f32>> -> tensor<32x128xf32>
  %ta = nv_tileaa.fp_to_fp %a : tensor<128x32xf32> -> tensor<128x32xtf32>
  %tb = nv_tileaa.fp_to_fp %b : tensor<32x128xf32> -> tensor<32x128xtf32>
  %d = nv_tileaa.dot %ta, %tb, %c : tensor<128x32xtf32>, tensor<32x128xtf32>, tensor<128x128xf32> -> tensor<128x128xf32>
  nv_tileaa.return %d : tensor<128x128xf32>
}

// -----

// SM90A-LABEL: nv_tileaa.func @computed
// SM90A: nv_tileaa.dot_path = "mma.sync.m16n8k8 tf32 (not wgmma: both operands must be tiles loaded only for this dot)"
// SM100A-LABEL: nv_tileaa.func @computed
// SM100A: nv_tileaa.dot_path = "mma.sync.m16n8k8 tf32 (not tcgen05: both operands must be tiles loaded only for this dot)"
nv_tileaa.func @computed(%a: tensor<128x32xf32>, %b: tensor<32x128xf32>, %c: tensor<128x128xf32>) -> tensor<128x128xf32> attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
  %ta = nv_tileaa.fp_to_fp %a : tensor<128x32xf32> -> tensor<128x32xtf32>
  %tb = nv_tileaa.fp_to_fp %b : tensor<32x128xf32> -> tensor<32x128xtf32>
  %d = nv_tileaa.dot %ta, %tb, %c : tensor<128x32xtf32>, tensor<32x128xtf32>, tensor<128x128xf32> -> tensor<128x128xf32>
  nv_tileaa.return %d : tensor<128x128xf32>
}
