// The shared-memory type, its swizzled encoding and the ops the software
// pipeliner creates, printed back in custom and generic form.
// RUN: tileiras-opt %s | FileCheck %s
// RUN: tileiras-opt %s -mlir-print-op-generic | tileiras-opt | FileCheck %s
// RUN: tileiras-opt %s -emit-bytecode | tileiras-opt | FileCheck %s

#blocked = #nv_tileaa.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#mma = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
#a = #nv_tileaa.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#shared = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>

// CHECK: #[[S:shared[0-9]*]] = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
// CHECK-LABEL: nv_tileaa.func @pipeline
// CHECK: %[[BUF:.*]] = nv_tileaa.local_alloc : !nv_tileaa.smem<3x64x32xf16, #[[S]]>
// CHECK: nv_tileaa.async_copy %{{.*}}, %[[BUF]][%{{.*}}], %{{.*}} : tensor<64x32x!nv_tileaa.ptr<f16>, #blocked>, tensor<64x32xi1, #blocked> -> !nv_tileaa.smem<3x64x32xf16, #[[S]]>
// CHECK: nv_tileaa.async_copy %{{.*}}, %[[BUF]][%{{.*}}] : tensor<64x32x!nv_tileaa.ptr<f16>, #blocked> -> !nv_tileaa.smem<3x64x32xf16, #[[S]]>
// CHECK: nv_tileaa.async_commit
// CHECK: nv_tileaa.async_wait {pending = 1 : i32}
// CHECK: nv_tileaa.local_load %[[BUF]][%{{.*}}] : !nv_tileaa.smem<3x64x32xf16, #[[S]]> -> tensor<64x32xf16, #dot_operand>
nv_tileaa.func @pipeline(%p: tensor<64x32x!nv_tileaa.ptr<f16>, #blocked>, %m: tensor<64x32xi1, #blocked>, %slot: i32) -> tensor<64x32xf16, #a> {
  %buf = nv_tileaa.local_alloc : !nv_tileaa.smem<3x64x32xf16, #shared>
  nv_tileaa.async_copy %p, %buf[%slot], %m : tensor<64x32x!nv_tileaa.ptr<f16>, #blocked>, tensor<64x32xi1, #blocked> -> !nv_tileaa.smem<3x64x32xf16, #shared>
  nv_tileaa.async_copy %p, %buf[%slot] : tensor<64x32x!nv_tileaa.ptr<f16>, #blocked> -> !nv_tileaa.smem<3x64x32xf16, #shared>
  nv_tileaa.async_commit
  nv_tileaa.async_wait {pending = 1 : i32}
  %t = nv_tileaa.local_load %buf[%slot] : !nv_tileaa.smem<3x64x32xf16, #shared> -> tensor<64x32xf16, #a>
  nv_tileaa.return %t : tensor<64x32xf16, #a>
}

// The wgmma forms: a ring with a spare slot, an asynchronous warpgroup_dot
// that ignores C where %first is false, and the wait for it.
#wg = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#sb = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
// CHECK-LABEL: nv_tileaa.func @wgmma
// CHECK: %[[A:.*]] = nv_tileaa.local_alloc {reuse_distance = 2 : i32} : !nv_tileaa.smem<4x64x32xf16, #[[S]]>
// CHECK: %[[D:.*]] = nv_tileaa.warpgroup_dot %[[A]][%{{.*}}], %{{.*}}[%{{.*}}], %{{.*}} use_c %{{.*}} {pending = 1 : i32, proxy_fence} : !nv_tileaa.smem<4x64x32xf16, #[[S]]>, !nv_tileaa.smem<4x32x64xf16, #{{.*}}>, tensor<64x64xf32, #{{.*}}> -> tensor<64x64xf32, #{{.*}}>
// CHECK: nv_tileaa.warpgroup_wait %[[D]] {pending = 0 : i32} : tensor<64x64xf32, #{{.*}}>
nv_tileaa.func @wgmma(%slot: i32, %first: i1, %c: tensor<64x64xf32, #wg>) -> tensor<64x64xf32, #wg> {
  %a = nv_tileaa.local_alloc {reuse_distance = 2 : i32} : !nv_tileaa.smem<4x64x32xf16, #shared>
  %b = nv_tileaa.local_alloc {reuse_distance = 2 : i32} : !nv_tileaa.smem<4x32x64xf16, #sb>
  %d = nv_tileaa.warpgroup_dot %a[%slot], %b[%slot], %c use_c %first {pending = 1 : i32, proxy_fence} : !nv_tileaa.smem<4x64x32xf16, #shared>, !nv_tileaa.smem<4x32x64xf16, #sb>, tensor<64x64xf32, #wg> -> tensor<64x64xf32, #wg>
  %w = nv_tileaa.warpgroup_wait %d {pending = 0 : i32} : tensor<64x64xf32, #wg>
  nv_tileaa.return %w : tensor<64x64xf32, #wg>
}

// wgmma's register form: A a tile in the dot operand layout of the
// accumulator's mma layout, no slot after it.
#ra = #nv_tileaa.dot_operand<opIdx = 0, parent = #wg, kWidth = 2>
// CHECK-LABEL: nv_tileaa.func @wgmma_register_a
// CHECK: nv_tileaa.warpgroup_dot %arg0, %{{.*}}[%arg1], %arg2 : tensor<64x32xf16, #{{.*}}>, !nv_tileaa.smem<4x32x64xf16, #{{.*}}>, tensor<64x64xf32, #{{.*}}> -> tensor<64x64xf32, #{{.*}}>
nv_tileaa.func @wgmma_register_a(%a: tensor<64x32xf16, #ra>, %slot: i32, %c: tensor<64x64xf32, #wg>) -> tensor<64x64xf32, #wg> {
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<4x32x64xf16, #sb>
  %d = nv_tileaa.warpgroup_dot %a, %b[%slot], %c : tensor<64x32xf16, #ra>, !nv_tileaa.smem<4x32x64xf16, #sb>, tensor<64x64xf32, #wg> -> tensor<64x64xf32, #wg>
  nv_tileaa.return %d : tensor<64x64xf32, #wg>
}
