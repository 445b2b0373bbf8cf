// On TMA targets (sm_90+) a kernel's tiled_load that feeds a dot in a loop
// becomes a tma_load (a tiled_store a tma_store) through a tensor-map
// parameter appended to the kernel, when the launcher can encode the map (base, sizes and strides are kernel
// parameters or constants, rows 16-byte aligned). Everything else keeps the
// pointer path, and sm_80 has no TMA at all.
// RUN: tileiras-opt %s -split-input-file --tileaa-resolve-target='gpu-name=sm_90a' --tileaa-lower-tiled-memory | FileCheck %s
// RUN: tileiras-opt %s -split-input-file --tileaa-resolve-target='gpu-name=sm_90' --tileaa-lower-tiled-memory | FileCheck %s
// RUN: tileiras-opt %s -split-input-file --tileaa-resolve-target='gpu-name=sm_80' --tileaa-lower-tiled-memory | FileCheck %s --check-prefix=SM80
// RUN: tileiras-opt %s -split-input-file --tileaa-resolve-target='gpu-name=sm_120a' --tileaa-lower-tiled-memory | FileCheck %s --check-prefix=SM120

// SM80-NOT: tma_load
// SM80-NOT: tensor_map

// Loads of one memref with one tile shape share a map (and CSE merges the
// identical ones); B's 256-byte
// rows take two 128-byte swizzled boxes of 64 columns. Coordinates are
// element coordinates, outermost first.
// CHECK-LABEL: nv_tileaa.func @gemm
// CHECK-SAME: %[[AMAP:[a-z0-9]+]]: !nv_tileaa.tensor_map {nv_tileaa.tensor_map = {address_param = 0 : i64, box = array<i64: 32, 128>, dims = [{param = 5 : i64}, {param = 3 : i64}], element_type = f16, fill = "zero", strides = [{param = 6 : i64}], swizzle = 64 : i64}}
// CHECK-SAME: %[[BMAP:[a-z0-9]+]]: !nv_tileaa.tensor_map {nv_tileaa.tensor_map = {address_param = 1 : i64, box = array<i64: 64, 32>, dims = [{param = 4 : i64}, {param = 5 : i64}], element_type = f16, fill = "zero", strides = [{param = 7 : i64}], swizzle = 128 : i64}}
// CHECK-NOT: !nv_tileaa.tensor_map
// CHECK: %[[R:.*]] = arith.muli %{{.*}}, %{{.*}} : i32
// CHECK: scf.for %[[KT:[a-z0-9_]+]] =
// CHECK: %[[C:.*]] = arith.muli %[[KT]], %{{.*}} : i32
// CHECK: nv_tileaa.tma_load %[[AMAP]][%[[R]], %[[C]]] : tensor<128x32xf16>
// CHECK: nv_tileaa.tma_load %[[BMAP]][%[[C]], %[[R]]] : tensor<32x128xf16>
// CHECK-NOT: tiled_load
nv_tileaa.func @gemm(%a: !nv_tileaa.ptr<f16>, %b: !nv_tileaa.ptr<f16>, %c: !nv_tileaa.ptr<f32>,
                     %m: i32, %n: i32, %k: i32, %lda: i32, %ldb: i32, %steps: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
  %am = nv_tileaa.make_memref %a, sizes [%m, %k], strides [%lda] {strides_div_by = array<i64: 8, 1>}
      : !nv_tileaa.ptr<f16> -> !nv_tileaa.memref<?x?xf16, strides = [?, 1]>
  %bm = nv_tileaa.make_memref %b, sizes [%k, %n], strides [%ldb] {strides_div_by = array<i64: 8, 1>}
      : !nv_tileaa.ptr<f16> -> !nv_tileaa.memref<?x?xf16, strides = [?, 1]>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %pid = nv_tileaa.get_program_id x : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %kt = %c0 to %steps step %c1 iter_args(%s = %zero) -> (tensor<128x128xf32>) : i32 {
    %a0 = nv_tileaa.tiled_load %am[%pid, %kt] : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<128x32xf16>
    %a1 = nv_tileaa.tiled_load %am[%pid, %kt] : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<128x32xf16>
    %bt = nv_tileaa.tiled_load %bm[%kt, %pid] : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<32x128xf16>
    %d0 = nv_tileaa.dot %a0, %bt, %s : tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32> -> tensor<128x128xf32>
    %b1 = nv_tileaa.tiled_load %bm[%kt, %pid] : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<32x128xf16>
    %d1 = nv_tileaa.dot %a1, %b1, %d0 : tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32> -> tensor<128x128xf32>
    scf.yield %d1 : tensor<128x128xf32>
  }
  %cm = nv_tileaa.make_memref %c, sizes [%m, %n], strides [%n]
      : !nv_tileaa.ptr<f32> -> !nv_tileaa.memref<?x?xf32, strides = [?, 1]>
  nv_tileaa.tiled_store %cm[%pid, %pid], %acc : !nv_tileaa.memref<?x?xf32, strides = [?, 1]>, tensor<128x128xf32>
  nv_tileaa.return
}

// -----

// A NaN padding is the map's NaN fill; constant sizes and strides are
// recorded as numbers; 256-byte rows take 128-byte boxes, 16-byte rows get
// no swizzle.
// CHECK-LABEL: nv_tileaa.func @nan_fill
// CHECK-SAME: !nv_tileaa.tensor_map {nv_tileaa.tensor_map = {address_param = 0 : i64, box = array<i64: 32, 16>, dims = [128, {param = 1 : i64}], element_type = f32, fill = "nan", strides = [256], swizzle = 128 : i64}}
// CHECK-SAME: !nv_tileaa.tensor_map {nv_tileaa.tensor_map = {address_param = 0 : i64, box = array<i64: 4, 64>, dims = [128, {param = 1 : i64}], element_type = f32, fill = "zero", strides = [256], swizzle = 0 : i64}}
// The 16-byte rows of the stored 16 x 4 f32 tile make a third map, for a
// tma_store (tiled_stores of kernels take TMA wherever the map can be built).
// CHECK-SAME: %[[OUT:[a-z0-9]+]]: !nv_tileaa.tensor_map {nv_tileaa.tensor_map = {address_param = 0 : i64, box = array<i64: 4, 16>, dims = [4, {param = 1 : i64}], element_type = f32, fill = "zero", strides = [4], swizzle = 0 : i64}})
// CHECK-COUNT-2: nv_tileaa.tma_load
// CHECK: nv_tileaa.tma_store %[[OUT]][%{{.*}}, %{{.*}}], %{{.*}} : tensor<16x4xf32>
// CHECK-NOT: tiled_store
nv_tileaa.func @nan_fill(%p: !nv_tileaa.ptr<f32>, %m: i32, %steps: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %mm = nv_tileaa.make_memref %p, sizes [%m], strides []
      : !nv_tileaa.ptr<f32> -> !nv_tileaa.memref<?x128xf32, strides = [256, 1]>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<16x4xf32>
  %acc = scf.for %i = %c0 to %steps step %c1 iter_args(%s = %zero) -> (tensor<16x4xf32>) : i32 {
    %x = nv_tileaa.tiled_load %mm[%i, %c0] {padding = 0x7FC00000 : f32} : !nv_tileaa.memref<?x128xf32, strides = [256, 1]> -> tensor<16x64xf32>
    %y = nv_tileaa.tiled_load %mm[%c0, %i] : !nv_tileaa.memref<?x128xf32, strides = [256, 1]> -> tensor<64x4xf32>
    %d = nv_tileaa.dot %x, %y, %s : tensor<16x64xf32>, tensor<64x4xf32>, tensor<16x4xf32> -> tensor<16x4xf32>
    scf.yield %d : tensor<16x4xf32>
  }
  %out = nv_tileaa.make_memref %p, sizes [%m], strides []
      : !nv_tileaa.ptr<f32> -> !nv_tileaa.memref<?x4xf32, strides = [4, 1]>
  nv_tileaa.tiled_store %out[%c0, %c0], %acc : !nv_tileaa.memref<?x4xf32, strides = [4, 1]>, tensor<16x4xf32>
  nv_tileaa.return
}

// -----

// Pointer path: rows not provably 16-byte aligned, a size the launcher
// cannot know, a padding TMA cannot fill, a load outside a loop, a load
// that does not feed a dot, and a device function.
// CHECK-LABEL: nv_tileaa.func @pointer_path
// CHECK-NOT: tensor_map
// CHECK-NOT: tma_load
// CHECK-COUNT-5: nv_tileaa.load
// CHECK-NOT: tma_load
// CHECK: nv_tileaa.func @device
// CHECK-NOT: tma_load
// CHECK-COUNT-2: nv_tileaa.load
// CHECK-NOT: tma_load
nv_tileaa.func @pointer_path(%a: !nv_tileaa.ptr<f16>, %m: i32, %k: i32, %lda: i32, %steps: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %unaligned = nv_tileaa.make_memref %a, sizes [%m, %k], strides [%lda]
      : !nv_tileaa.ptr<f16> -> !nv_tileaa.memref<?x?xf16, strides = [?, 1]>
  %m2 = arith.addi %m, %m : i32
  %computed = nv_tileaa.make_memref %a, sizes [%m2, %k], strides [%lda] {strides_div_by = array<i64: 8, 1>}
      : !nv_tileaa.ptr<f16> -> !nv_tileaa.memref<?x?xf16, strides = [?, 1]>
  %good = nv_tileaa.make_memref %a, sizes [%m, %k], strides [%lda] {strides_div_by = array<i64: 8, 1>}
      : !nv_tileaa.ptr<f16> -> !nv_tileaa.memref<?x?xf16, strides = [?, 1]>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %outside = nv_tileaa.tiled_load %good[%c0, %c0] : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<32x64xf16>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc = scf.for %i = %c0 to %steps step %c1 iter_args(%s = %zero) -> (tensor<64x64xf32>) : i32 {
    %x = nv_tileaa.tiled_load %unaligned[%i, %c0] : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<64x32xf16>
    %y = nv_tileaa.tiled_load %computed[%c0, %i] : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<32x64xf16>
    %d = nv_tileaa.dot %x, %y, %s : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
    %p = nv_tileaa.tiled_load %good[%i, %c0] {padding = 1.0 : f16} : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<64x32xf16>
    %d2 = nv_tileaa.dot %p, %outside, %d : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
    %q = nv_tileaa.tiled_load %good[%i, %c0] : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<64x32xf16>
    %e = arith.addf %q, %q : tensor<64x32xf16>
    %d3 = nv_tileaa.dot %e, %outside, %d2 : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
    scf.yield %d3 : tensor<64x64xf32>
  }
  %c = nv_tileaa.make_memref %a, sizes [%m, %m], strides [%m]
      : !nv_tileaa.ptr<f16> -> !nv_tileaa.memref<?x?xf16, strides = [?, 1]>
  %h = arith.truncf %acc : tensor<64x64xf32> to tensor<64x64xf16>
  nv_tileaa.tiled_store %c[%c0, %c0], %h : !nv_tileaa.memref<?x?xf16, strides = [?, 1]>, tensor<64x64xf16>
  nv_tileaa.return
}

nv_tileaa.func @device(%a: !nv_tileaa.ptr<f16>, %m: i32, %lda: i32, %steps: i32, %init: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %good = nv_tileaa.make_memref %a, sizes [%m, %m], strides [%lda] {strides_div_by = array<i64: 8, 1>}
      : !nv_tileaa.ptr<f16> -> !nv_tileaa.memref<?x?xf16, strides = [?, 1]>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %acc = scf.for %i = %c0 to %steps step %c1 iter_args(%s = %init) -> (tensor<64x64xf32>) : i32 {
    %x = nv_tileaa.tiled_load %good[%i, %c0] : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<64x32xf16>
    %y = nv_tileaa.tiled_load %good[%c0, %i] : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<32x64xf16>
    %d = nv_tileaa.dot %x, %y, %s : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  nv_tileaa.return %acc : tensor<64x64xf32>
}

// -----

// A 128 x 128 f32 tile stores through TMA while its 64 KiB staging buffer
// fits beside the estimated rings of the dot loop (two 16 KiB operand tiles,
// 3 stages deep: 96 KiB) with 16 KiB to spare, 176 KiB in all: on sm_90a
// (227 KiB per CTA), not on sm_120a (99 KiB).
// CHECK-LABEL: nv_tileaa.func @staging
// CHECK: nv_tileaa.tma_store
// SM120-LABEL: nv_tileaa.func @staging
// SM120-NOT: tma_store
// SM120: nv_tileaa.store
nv_tileaa.func @staging(%a: !nv_tileaa.ptr<f16>, %c: !nv_tileaa.ptr<f32>, %n: i32, %steps: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
  %am = nv_tileaa.make_memref %a, sizes [%n, %n], strides [%n] {strides_div_by = array<i64: 8, 1>}
      : !nv_tileaa.ptr<f16> -> !nv_tileaa.memref<?x?xf16, strides = [?, 1]>
  %cm = nv_tileaa.make_memref %c, sizes [%n, %n], strides [%n] {strides_div_by = array<i64: 4, 1>}
      : !nv_tileaa.ptr<f32> -> !nv_tileaa.memref<?x?xf32, strides = [?, 1]>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %k = %c0 to %steps step %c1 iter_args(%s = %zero) -> (tensor<128x128xf32>) : i32 {
    %x = nv_tileaa.tiled_load %am[%c0, %k] : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<128x64xf16>
    %y = nv_tileaa.tiled_load %am[%k, %c0] : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<64x128xf16>
    %d = nv_tileaa.dot %x, %y, %s : tensor<128x64xf16>, tensor<64x128xf16>, tensor<128x128xf32> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  nv_tileaa.tiled_store %cm[%c0, %c0], %acc : !nv_tileaa.memref<?x?xf32, strides = [?, 1]>, tensor<128x128xf32>
  nv_tileaa.return
}
