// A TMA-pipelined K loop inside another loop (a persistent kernel's tile
// loop, say) initializes its mbarriers on every run of the outer loop, so
// it invalidates them after the inner loop; a loop that runs once does not.
// (On sm_100a: the rings of sm_90a, where the dot is meant for wgmma, have a
// fourth slot; test/Passes/Pipelining/warpgroup-dots.mlir.)
// RUN: tileiras-opt %s -split-input-file -tileaa-resolve-target='gpu-name=sm_100a' -tileaa-assign-layouts -tileaa-pipeline | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @nested
// CHECK: scf.for
// CHECK: %[[BARS:.*]] = nv_tileaa.local_alloc : !nv_tileaa.smem<3x1x1xi64
// CHECK: nv_tileaa.mbarrier_init %[[BARS]] {count = 1 : i32}
// CHECK: scf.for
// CHECK: nv_tileaa.mbarrier_wait %[[BARS]]
// CHECK: nv_tileaa.tma_copy
// CHECK: nv_tileaa.dot
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: nv_tileaa.mbarrier_inval %[[BARS]]
nv_tileaa.func @nested(%a: !nv_tileaa.tensor_map {nv_tileaa.tensor_map = {address_param = 4 : i64, box = array<i64: 32, 64>, dims = [128, 64], element_type = f16, fill = "zero", strides = [128], swizzle = 64 : i64}},
                       %b: !nv_tileaa.tensor_map {nv_tileaa.tensor_map = {address_param = 4 : i64, box = array<i64: 64, 32>, dims = [64, 128], element_type = f16, fill = "zero", strides = [64], swizzle = 128 : i64}}, %tiles: i32, %steps: i32, %c: !nv_tileaa.ptr<f32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4, numStages = 3>} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %total = scf.for %t = %c0 to %tiles step %c1 iter_args(%sum = %zero) -> (tensor<64x64xf32>) : i32 {
    %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
      %kk = arith.muli %k, %c32 : i32
      %x = nv_tileaa.tma_load %a[%c0, %kk] : tensor<64x32xf16>
      %y = nv_tileaa.tma_load %b[%kk, %c0] : tensor<32x64xf16>
      %d = nv_tileaa.dot %x, %y, %s : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
      scf.yield %d : tensor<64x64xf32>
    }
    %next = arith.addf %sum, %acc : tensor<64x64xf32>
    scf.yield %next : tensor<64x64xf32>
  }
  %ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<64x64x!nv_tileaa.ptr<f32>>
  nv_tileaa.store %ptrs, %total : tensor<64x64x!nv_tileaa.ptr<f32>>, tensor<64x64xf32>
  nv_tileaa.return
}

// -----

// CHECK-LABEL: nv_tileaa.func @once
// CHECK: nv_tileaa.mbarrier_init
// CHECK-NOT: mbarrier_inval
nv_tileaa.func @once(%a: !nv_tileaa.tensor_map {nv_tileaa.tensor_map = {address_param = 4 : i64, box = array<i64: 32, 64>, dims = [128, 64], element_type = f16, fill = "zero", strides = [128], swizzle = 64 : i64}},
                     %b: !nv_tileaa.tensor_map {nv_tileaa.tensor_map = {address_param = 4 : i64, box = array<i64: 64, 32>, dims = [64, 128], element_type = f16, fill = "zero", strides = [64], swizzle = 128 : i64}}, %steps: i32, %c: !nv_tileaa.ptr<f32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4, numStages = 3>} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
    %kk = arith.muli %k, %c32 : i32
    %x = nv_tileaa.tma_load %a[%c0, %kk] : tensor<64x32xf16>
    %y = nv_tileaa.tma_load %b[%kk, %c0] : tensor<32x64xf16>
    %d = nv_tileaa.dot %x, %y, %s : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  %ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<64x64x!nv_tileaa.ptr<f32>>
  nv_tileaa.store %ptrs, %acc : tensor<64x64x!nv_tileaa.ptr<f32>>, tensor<64x64xf32>
  nv_tileaa.return
}
