// The tensor-memory type and the ops that keep a tcgen05 dot's accumulator
// in it, printed back in custom and generic form and through bytecode.
// RUN: tileiras-opt %s | FileCheck %s
// RUN: tileiras-opt %s -mlir-print-op-generic | tileiras-opt | FileCheck %s
// RUN: tileiras-opt %s -emit-bytecode | tileiras-opt | FileCheck %s

#acc = #nv_tileaa.blocked<sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 2], order = [0, 1]>
#sa = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], segment = 64>
#bar = #nv_tileaa.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>

// CHECK-LABEL: nv_tileaa.func @accumulate
// CHECK: %[[TM:.*]] = nv_tileaa.tmem_alloc : !nv_tileaa.tmem<128x128xf32>
// CHECK: nv_tileaa.tmem_dot %{{.*}}[%{{.*}}], %{{.*}}[%{{.*}}], %[[TM]], %{{.*}}, %{{.*}} {proxy_fence} : !nv_tileaa.smem<2x128x32xf16, #{{.*}}>, !nv_tileaa.smem<2x32x128xf16, #{{.*}}>, !nv_tileaa.tmem<128x128xf32>, !nv_tileaa.smem<1x1x1xi64, #{{.*}}>
// CHECK: nv_tileaa.tmem_load %[[TM]] : !nv_tileaa.tmem<128x128xf32> -> tensor<128x128xf32, #{{.*}}>
// CHECK: nv_tileaa.tmem_dealloc %[[TM]] : !nv_tileaa.tmem<128x128xf32>
// CHECK-LABEL: nv_tileaa.func @integer
// CHECK: nv_tileaa.tmem_alloc : !nv_tileaa.tmem<128x512xi32>
// CHECK-LABEL: nv_tileaa.func @pending
// CHECK: nv_tileaa.tmem_dot %{{.*}}[%{{.*}}], %{{.*}}[%{{.*}}], %[[TM:.*]], %[[BAR:.*]], %{{.*}} {pending = 1 : i32} : {{.*}}, !nv_tileaa.smem<2x1x1xi64, #{{.*}}>
// CHECK: nv_tileaa.tmem_wait %[[BAR]], %{{.*}} : !nv_tileaa.smem<2x1x1xi64, #{{.*}}>
nv_tileaa.func @accumulate(%s: i32, %count: i32) -> tensor<128x128xf32, #acc> {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x128x32xf16, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x128xf16, #sb>
  %bar = nv_tileaa.local_alloc : !nv_tileaa.smem<1x1x1xi64, #bar>
  %tm = nv_tileaa.tmem_alloc : !nv_tileaa.tmem<128x128xf32>
  nv_tileaa.tmem_dot %a[%s], %b[%s], %tm, %bar, %count {proxy_fence} : !nv_tileaa.smem<2x128x32xf16, #sa>, !nv_tileaa.smem<2x32x128xf16, #sb>, !nv_tileaa.tmem<128x128xf32>, !nv_tileaa.smem<1x1x1xi64, #bar>
  %d = nv_tileaa.tmem_load %tm : !nv_tileaa.tmem<128x128xf32> -> tensor<128x128xf32, #acc>
  nv_tileaa.tmem_dealloc %tm : !nv_tileaa.tmem<128x128xf32>
  nv_tileaa.return %d : tensor<128x128xf32, #acc>
}
nv_tileaa.func @integer() {
  %tm = nv_tileaa.tmem_alloc : !nv_tileaa.tmem<128x512xi32>
  nv_tileaa.tmem_dealloc %tm : !nv_tileaa.tmem<128x512xi32>
  nv_tileaa.return
}
nv_tileaa.func @pending(%s: i32, %count: i32) {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x128x32xf16, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x128xf16, #sb>
  %bar = nv_tileaa.local_alloc : !nv_tileaa.smem<2x1x1xi64, #bar>
  %tm = nv_tileaa.tmem_alloc : !nv_tileaa.tmem<128x128xf32>
  nv_tileaa.tmem_dot %a[%s], %b[%s], %tm, %bar, %count {pending = 1 : i32} : !nv_tileaa.smem<2x128x32xf16, #sa>, !nv_tileaa.smem<2x32x128xf16, #sb>, !nv_tileaa.tmem<128x128xf32>, !nv_tileaa.smem<2x1x1xi64, #bar>
  nv_tileaa.tmem_wait %bar, %count : !nv_tileaa.smem<2x1x1xi64, #bar>
  nv_tileaa.tmem_dealloc %tm : !nv_tileaa.tmem<128x128xf32>
  nv_tileaa.return
}
