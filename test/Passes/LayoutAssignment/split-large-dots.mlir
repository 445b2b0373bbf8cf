// An mma.sync dot whose A or B fragments would exceed 256 values per thread
// becomes a chain of dots over K slices (the largest power of two whose
// fragments take at most 64 registers each); the slices are computed from
// the operands' sources (loads, pointer arithmetic, ranges, broadcasts)
// rather than cut out of whole tiles through shared memory.
// RUN: tileiras-opt %s -split-input-file -tileaa-resolve-target='gpu-name=sm_80' -tileaa-assign-layouts | FileCheck %s

// 256x256x256 f64 with 8 warps: A needs 512 and B 1024 values per thread;
// slices of K = 16 need 32 and 64. Each slice is loaded on its own, at the
// position of the whole load, with its pointers and mask sliced.
// CHECK-LABEL: nv_tileaa.func @loaded
// CHECK-NOT: nv_tileaa.extract_slice
// CHECK-COUNT-32: nv_tileaa.load {{.*}} -> tensor<{{256x16|16x256}}xf64
// CHECK-NOT: nv_tileaa.load
// CHECK: %[[D0:.*]] = nv_tileaa.dot {{.*}} : tensor<256x16xf64, {{.*}}>, tensor<16x256xf64, {{.*}}>, tensor<256x256xf64, {{.*}}> -> tensor<256x256xf64
// CHECK-NEXT: nv_tileaa.dot %{{.*}}, %{{.*}}, %[[D0]] {
// CHECK-COUNT-14: nv_tileaa.dot {{.*}} : tensor<256x16xf64
// CHECK-NOT: nv_tileaa.dot
// CHECK: nv_tileaa.store
nv_tileaa.func @loaded(%pa: !nv_tileaa.ptr<f64>, %pc: !nv_tileaa.ptr<f64>, %limit: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
  %ld = arith.constant dense<256> : tensor<256x256xi32>
  %zero = arith.constant dense<0.0> : tensor<256x256xf64>
  %r = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %rows = nv_tileaa.view %r : tensor<256xi32> -> tensor<256x1xi32>
  %rows2 = nv_tileaa.broadcast %rows : tensor<256x1xi32> -> tensor<256x256xi32>
  %cols = nv_tileaa.view %r : tensor<256xi32> -> tensor<1x256xi32>
  %cols2 = nv_tileaa.broadcast %cols : tensor<1x256xi32> -> tensor<256x256xi32>
  %scaled = arith.muli %rows2, %ld : tensor<256x256xi32>
  %offsets = arith.addi %scaled, %cols2 : tensor<256x256xi32>
  %bound = nv_tileaa.splat %limit : i32 -> tensor<256x256xi32>
  %mask = arith.cmpi slt, %cols2, %bound : tensor<256x256xi32>
  %base = nv_tileaa.splat %pa : !nv_tileaa.ptr<f64> -> tensor<256x256x!nv_tileaa.ptr<f64>>
  %ptrs = nv_tileaa.addptr %base, %offsets : tensor<256x256x!nv_tileaa.ptr<f64>>, tensor<256x256xi32>
  %a = nv_tileaa.load %ptrs, %mask, %zero : tensor<256x256x!nv_tileaa.ptr<f64>> -> tensor<256x256xf64>
  %d = nv_tileaa.dot %a, %a, %zero : tensor<256x256xf64>, tensor<256x256xf64>, tensor<256x256xf64> -> tensor<256x256xf64>
  %cbase = nv_tileaa.splat %pc : !nv_tileaa.ptr<f64> -> tensor<256x256x!nv_tileaa.ptr<f64>>
  %cptrs = nv_tileaa.addptr %cbase, %offsets : tensor<256x256x!nv_tileaa.ptr<f64>>, tensor<256x256xi32>
  nv_tileaa.store %cptrs, %d : tensor<256x256x!nv_tileaa.ptr<f64>>, tensor<256x256xf64>
  nv_tileaa.return
}

// -----

// Operands with no sources to slice (function arguments) are cut with
// extract_slice; a load that orders memory (acquire) is cut, not re-issued.
// CHECK-LABEL: nv_tileaa.func @cut
// CHECK: nv_tileaa.load {{.*}}<acquire>
// CHECK-SAME: -> tensor<256x256xf64
// CHECK-COUNT-16: nv_tileaa.extract_slice %arg0 {offsets = array<i64: 0, {{[0-9]+}}>} : {{.*}} -> tensor<256x16xf64
// CHECK-NOT: nv_tileaa.extract_slice %arg0
nv_tileaa.func @cut(%a: tensor<256x256xf64>, %pb: tensor<256x256x!nv_tileaa.ptr<f64>>, %c: tensor<256x256xf64>) -> tensor<256x256xf64> attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
  %b = nv_tileaa.load %pb {mem_semantic = #nv_tileaa.mem_semantic<acquire>, mem_scope = #nv_tileaa.mem_scope<gpu>} : tensor<256x256x!nv_tileaa.ptr<f64>> -> tensor<256x256xf64>
  %d = nv_tileaa.dot %a, %b, %c : tensor<256x256xf64>, tensor<256x256xf64>, tensor<256x256xf64> -> tensor<256x256xf64>
  nv_tileaa.return %d : tensor<256x256xf64>
}

// -----

// A batched (rank-3) dot splits along its last dimension of A and its
// middle one of B: 2x128x256 x 2x256x128 f64 on 4 warps, 16 slices of 16
// (16 dots).
// CHECK-LABEL: nv_tileaa.func @batched
// CHECK: nv_tileaa.extract_slice %arg0 {offsets = array<i64: 0, 0, 0>} : {{.*}} -> tensor<2x128x16xf64
// CHECK: nv_tileaa.extract_slice %arg1 {offsets = array<i64: 0, 0, 0>} : {{.*}} -> tensor<2x16x128xf64
// CHECK: nv_tileaa.dot
// CHECK: nv_tileaa.extract_slice %arg0 {offsets = array<i64: 0, 0, 16>}
// CHECK: nv_tileaa.extract_slice %arg1 {offsets = array<i64: 0, 16, 0>}
// CHECK-COUNT-15: nv_tileaa.dot {{.*}}batched"} : tensor<2x128x16xf64
// CHECK-NOT: nv_tileaa.dot
nv_tileaa.func @batched(%a: tensor<2x128x256xf64>, %b: tensor<2x256x128xf64>, %c: tensor<2x128x128xf64>) -> tensor<2x128x128xf64> attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %d = nv_tileaa.dot %a, %b, %c : tensor<2x128x256xf64>, tensor<2x256x128xf64>, tensor<2x128x128xf64> -> tensor<2x128x128xf64>
  nv_tileaa.return %d : tensor<2x128x128xf64>
}
