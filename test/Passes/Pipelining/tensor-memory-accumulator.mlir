// tileaa-warpgroup-dots keeps the accumulator of a function's only tcgen05
// warpgroup_dot in tensor memory across its K loop: tmem_alloc and an
// mbarrier before the loop, a tmem_dot per iteration with the count of the
// tmem_dots before it (0 ignores the old contents; its parity is the
// mbarrier phase waited for), one tmem_load after the loop. The
// accumulator leaves the loop's iteration arguments. A zero initial value
// is selected where the loop ran no iteration; a nonzero one is added
// after the loop (i32: addi). A block-scaled dot keeps its scales. Dots
// that do not accumulate across their loop (the result also used in it, C
// also used in it) and functions with two tcgen05 dots (a CTA holding one
// allocation while waiting for another could deadlock with its SM's other
// CTAs) stay synchronous warpgroup_dots.
// RUN: tileiras-opt %s -split-input-file -tileaa-warpgroup-dots | FileCheck %s

#acc = #nv_tileaa.blocked<sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 2], order = [0, 1]>
#sa = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], segment = 64>
// CHECK-LABEL: nv_tileaa.func @zero_init
// CHECK: %[[ZEROS:.*]] = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #[[ACC:.*]]>
// CHECK: %[[TM:.*]] = nv_tileaa.tmem_alloc : !nv_tileaa.tmem<128x128xf32>
// CHECK: %[[BAR:.*]] = nv_tileaa.local_alloc : !nv_tileaa.smem<1x1x1xi64, #{{.*}}>
// CHECK: nv_tileaa.mbarrier_init %[[BAR]] {count = 1 : i32}
// CHECK: %[[LOOP:.*]] = scf.for %[[IV:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[COUNT:.*]] = %{{.*}}) -> (i32) : i32 {
// CHECK: nv_tileaa.tmem_dot %{{.*}}[%[[IV]]], %{{.*}}[%[[IV]]], %[[TM]], %[[BAR]], %[[COUNT]] {proxy_fence} : !nv_tileaa.smem<2x128x32xf16, #{{.*}}>, !nv_tileaa.smem<2x32x128xf16, #{{.*}}>, !nv_tileaa.tmem<128x128xf32>, !nv_tileaa.smem<1x1x1xi64, #{{.*}}>
// CHECK: %[[NEXT:.*]] = arith.addi %[[COUNT]], %{{.*}} : i32
// CHECK: scf.yield %[[NEXT]] : i32
// CHECK: %[[D:.*]] = nv_tileaa.tmem_load %[[TM]] : !nv_tileaa.tmem<128x128xf32> -> tensor<128x128xf32, #[[ACC]]>
// CHECK: %[[RAN:.*]] = arith.cmpi sgt, %[[LOOP]], %{{.*}} : i32
// CHECK: %[[R:.*]] = arith.select %[[RAN]], %[[D]], %[[ZEROS]] : tensor<128x128xf32, #[[ACC]]>
// CHECK: nv_tileaa.tmem_dealloc %[[TM]] : !nv_tileaa.tmem<128x128xf32>
// CHECK: nv_tileaa.mbarrier_inval %[[BAR]]
// CHECK: nv_tileaa.store %{{.*}}, %[[R]]
// CHECK-NOT: warpgroup_dot
nv_tileaa.func @zero_init(%c: !nv_tileaa.ptr<f32>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x128x32xf16, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x128xf16, #sb>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32, #acc>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32, #acc>) : i32 {
    %d = nv_tileaa.warpgroup_dot %a[%i], %b[%i], %acc {proxy_fence} : !nv_tileaa.smem<2x128x32xf16, #sa>, !nv_tileaa.smem<2x32x128xf16, #sb>, tensor<128x128xf32, #acc> -> tensor<128x128xf32, #acc>
    scf.yield %d : tensor<128x128xf32, #acc>
  }
  %ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<128x128x!nv_tileaa.ptr<f32>, #acc>
  nv_tileaa.store %ptrs, %r : tensor<128x128x!nv_tileaa.ptr<f32>, #acc>, tensor<128x128xf32, #acc>
  nv_tileaa.return
}

// -----

#acc = #nv_tileaa.blocked<sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>
#sa = #nv_tileaa.swizzled_shared<vec = 16, perPhase = 2, maxPhase = 4, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 16, perPhase = 2, maxPhase = 4, order = [0, 1]>
// CHECK-LABEL: nv_tileaa.func @nonzero_init_i8
// CHECK: %[[TM:.*]] = nv_tileaa.tmem_alloc : !nv_tileaa.tmem<128x64xi32>
// CHECK: %[[LOOP:.*]] = scf.for
// CHECK: nv_tileaa.tmem_dot {{.*}} {signedness_a = #nv_tileaa.signedness<signed>, signedness_b = #nv_tileaa.signedness<unsigned>}
// CHECK: %[[D:.*]] = nv_tileaa.tmem_load %[[TM]] : !nv_tileaa.tmem<128x64xi32> -> tensor<128x64xi32, #{{.*}}>
// CHECK: %[[SUM:.*]] = arith.addi %[[INIT:.*]], %[[D]] : tensor<128x64xi32
// CHECK: %[[RAN:.*]] = arith.cmpi sgt, %[[LOOP]], %{{.*}} : i32
// CHECK: arith.select %[[RAN]], %[[SUM]], %[[INIT]]
nv_tileaa.func @nonzero_init_i8(%c: !nv_tileaa.ptr<i32>, %n: i32, %init: tensor<128x64xi32, #acc>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x128x64xi8, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x64xi8, #sb>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<128x64xi32, #acc>) : i32 {
    %d = nv_tileaa.warpgroup_dot %a[%i], %b[%i], %acc {signedness_a = #nv_tileaa.signedness<signed>, signedness_b = #nv_tileaa.signedness<unsigned>} : !nv_tileaa.smem<2x128x64xi8, #sa>, !nv_tileaa.smem<2x64x64xi8, #sb>, tensor<128x64xi32, #acc> -> tensor<128x64xi32, #acc>
    scf.yield %d : tensor<128x64xi32, #acc>
  }
  %ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<i32> -> tensor<128x64x!nv_tileaa.ptr<i32>, #acc>
  nv_tileaa.store %ptrs, %r : tensor<128x64x!nv_tileaa.ptr<i32>, #acc>, tensor<128x64xi32, #acc>
  nv_tileaa.return
}

// -----

#acc = #nv_tileaa.blocked<sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 2], order = [0, 1]>
#sa = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], segment = 64>
// CHECK-LABEL: nv_tileaa.func @stay_synchronous
// CHECK-NOT: tmem_
// CHECK: nv_tileaa.warpgroup_dot
// CHECK: nv_tileaa.warpgroup_dot
// CHECK-NOT: tmem_
// CHECK-LABEL: nv_tileaa.func @used_in_loop
// CHECK-NOT: tmem_
// CHECK: nv_tileaa.warpgroup_dot
// CHECK-NOT: tmem_
// CHECK-LABEL: nv_tileaa.func @c_used_in_loop
// CHECK-NOT: tmem_
// CHECK: nv_tileaa.warpgroup_dot
// CHECK-NOT: tmem_
nv_tileaa.func @stay_synchronous(%c: !nv_tileaa.ptr<f32>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x128x32xf16, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x128xf16, #sb>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32, #acc>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %zero, %y = %zero) -> (tensor<128x128xf32, #acc>, tensor<128x128xf32, #acc>) : i32 {
    %d = nv_tileaa.warpgroup_dot %a[%i], %b[%i], %x : !nv_tileaa.smem<2x128x32xf16, #sa>, !nv_tileaa.smem<2x32x128xf16, #sb>, tensor<128x128xf32, #acc> -> tensor<128x128xf32, #acc>
    %e = nv_tileaa.warpgroup_dot %a[%i], %b[%i], %y : !nv_tileaa.smem<2x128x32xf16, #sa>, !nv_tileaa.smem<2x32x128xf16, #sb>, tensor<128x128xf32, #acc> -> tensor<128x128xf32, #acc>
    scf.yield %d, %e : tensor<128x128xf32, #acc>, tensor<128x128xf32, #acc>
  }
  %s = arith.addf %r#0, %r#1 : tensor<128x128xf32, #acc>
  %ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<128x128x!nv_tileaa.ptr<f32>, #acc>
  nv_tileaa.store %ptrs, %s : tensor<128x128x!nv_tileaa.ptr<f32>, #acc>, tensor<128x128xf32, #acc>
  nv_tileaa.return
}
nv_tileaa.func @used_in_loop(%c: !nv_tileaa.ptr<f32>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x128x32xf16, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x128xf16, #sb>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32, #acc>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<128x128x!nv_tileaa.ptr<f32>, #acc>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %zero) -> (tensor<128x128xf32, #acc>) : i32 {
    %d = nv_tileaa.warpgroup_dot %a[%i], %b[%i], %x : !nv_tileaa.smem<2x128x32xf16, #sa>, !nv_tileaa.smem<2x32x128xf16, #sb>, tensor<128x128xf32, #acc> -> tensor<128x128xf32, #acc>
    nv_tileaa.store %ptrs, %d : tensor<128x128x!nv_tileaa.ptr<f32>, #acc>, tensor<128x128xf32, #acc>
    scf.yield %d : tensor<128x128xf32, #acc>
  }
  nv_tileaa.return
}
nv_tileaa.func @c_used_in_loop(%c: !nv_tileaa.ptr<f32>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x128x32xf16, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x128xf16, #sb>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32, #acc>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<128x128x!nv_tileaa.ptr<f32>, #acc>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %zero) -> (tensor<128x128xf32, #acc>) : i32 {
    nv_tileaa.store %ptrs, %x : tensor<128x128x!nv_tileaa.ptr<f32>, #acc>, tensor<128x128xf32, #acc>
    %d = nv_tileaa.warpgroup_dot %a[%i], %b[%i], %x : !nv_tileaa.smem<2x128x32xf16, #sa>, !nv_tileaa.smem<2x32x128xf16, #sb>, tensor<128x128xf32, #acc> -> tensor<128x128xf32, #acc>
    scf.yield %d : tensor<128x128xf32, #acc>
  }
  nv_tileaa.return
}

// -----

// A block-scaled dot keeps its scale operands on the tmem_dot, and waits
// for its own MMAs even from rings with a spare slot (the next step's
// scale copies would overwrite their columns under the running MMAs).
#acc = #nv_tileaa.blocked<sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>
#s = #nv_tileaa.swizzled_shared<vec = 16, perPhase = 1, maxPhase = 8, order = [1, 0]>
// CHECK-LABEL: nv_tileaa.func @scaled
// CHECK: %[[TM:.*]] = nv_tileaa.tmem_alloc : !nv_tileaa.tmem<128x64xf32>
// CHECK: scf.for
// CHECK: nv_tileaa.tmem_dot %{{.*}}[%{{.*}}], %{{.*}}[%{{.*}}], %[[TM]], %{{.*}}, %{{.*}} scales(%{{.*}}, %{{.*}} : tensor<128x4xf8E8M0FNU, #{{.*}}>, tensor<4x64xf8E8M0FNU, #{{.*}}>) : {{.*}}, !nv_tileaa.smem<1x1x1xi64
// CHECK-NOT: tmem_wait
// CHECK: nv_tileaa.tmem_load %[[TM]]
nv_tileaa.func @scaled(%c: !nv_tileaa.ptr<f32>, %n: i32, %sa: tensor<128x4xf8E8M0FNU, #acc>, %sb: tensor<4x64xf8E8M0FNU, #acc>) {
  %a = nv_tileaa.local_alloc {reuse_distance = 2 : i32} : !nv_tileaa.smem<1x128x128xf8E4M3FN, #s>
  %b = nv_tileaa.local_alloc {reuse_distance = 2 : i32} : !nv_tileaa.smem<1x128x64xf8E4M3FN, #s>
  %zero = arith.constant dense<0.0> : tensor<128x64xf32, #acc>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %zero) -> (tensor<128x64xf32, #acc>) : i32 {
    %d = nv_tileaa.warpgroup_dot %a[%c0], %b[%c0], %x scales(%sa, %sb : tensor<128x4xf8E8M0FNU, #acc>, tensor<4x64xf8E8M0FNU, #acc>) : !nv_tileaa.smem<1x128x128xf8E4M3FN, #s>, !nv_tileaa.smem<1x128x64xf8E4M3FN, #s>, tensor<128x64xf32, #acc> -> tensor<128x64xf32, #acc>
    scf.yield %d : tensor<128x64xf32, #acc>
  }
  %ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<128x64x!nv_tileaa.ptr<f32>, #acc>
  nv_tileaa.store %ptrs, %r : tensor<128x64x!nv_tileaa.ptr<f32>, #acc>, tensor<128x64xf32, #acc>
  nv_tileaa.return
}

// -----

// Both rings with the pipeliner's spare slot (reuse_distance = 2): the
// tmem_dot is pending (its MMAs run during the next iteration) on two
// mbarriers, and a tmem_wait for the last one comes before the tmem_load.
// With one ring without it, the dot waits for itself.
#acc = #nv_tileaa.blocked<sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 2], order = [0, 1]>
#sa = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], segment = 64>
// CHECK-LABEL: nv_tileaa.func @pending
// CHECK: %[[TM:.*]] = nv_tileaa.tmem_alloc : !nv_tileaa.tmem<128x128xf32>
// CHECK: %[[BAR:.*]] = nv_tileaa.local_alloc : !nv_tileaa.smem<2x1x1xi64, #{{.*}}>
// CHECK: nv_tileaa.mbarrier_init %[[BAR]] {count = 1 : i32}
// CHECK: %[[LOOP:.*]] = scf.for
// CHECK: nv_tileaa.tmem_dot {{.*}}, %[[TM]], %[[BAR]], %{{.*}} {pending = 1 : i32} : {{.*}}, !nv_tileaa.smem<2x1x1xi64, #{{.*}}>
// CHECK: nv_tileaa.tmem_wait %[[BAR]], %[[LOOP]] : !nv_tileaa.smem<2x1x1xi64, #{{.*}}>
// CHECK-NEXT: nv_tileaa.tmem_load %[[TM]]
// CHECK: nv_tileaa.mbarrier_inval %[[BAR]]
// CHECK-LABEL: nv_tileaa.func @one_ring_spare
// CHECK: nv_tileaa.local_alloc : !nv_tileaa.smem<1x1x1xi64
// CHECK-NOT: pending
// CHECK-NOT: tmem_wait
// CHECK: nv_tileaa.tmem_load
nv_tileaa.func @pending(%c: !nv_tileaa.ptr<f32>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
  %a = nv_tileaa.local_alloc {reuse_distance = 2 : i32} : !nv_tileaa.smem<4x128x32xf16, #sa>
  %b = nv_tileaa.local_alloc {reuse_distance = 2 : i32} : !nv_tileaa.smem<4x32x128xf16, #sb>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32, #acc>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32, #acc>) : i32 {
    %d = nv_tileaa.warpgroup_dot %a[%i], %b[%i], %acc : !nv_tileaa.smem<4x128x32xf16, #sa>, !nv_tileaa.smem<4x32x128xf16, #sb>, tensor<128x128xf32, #acc> -> tensor<128x128xf32, #acc>
    scf.yield %d : tensor<128x128xf32, #acc>
  }
  %ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<128x128x!nv_tileaa.ptr<f32>, #acc>
  nv_tileaa.store %ptrs, %r : tensor<128x128x!nv_tileaa.ptr<f32>, #acc>, tensor<128x128xf32, #acc>
  nv_tileaa.return
}
nv_tileaa.func @one_ring_spare(%c: !nv_tileaa.ptr<f32>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
  %a = nv_tileaa.local_alloc {reuse_distance = 2 : i32} : !nv_tileaa.smem<4x128x32xf16, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<4x32x128xf16, #sb>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32, #acc>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32, #acc>) : i32 {
    %d = nv_tileaa.warpgroup_dot %a[%i], %b[%i], %acc : !nv_tileaa.smem<4x128x32xf16, #sa>, !nv_tileaa.smem<4x32x128xf16, #sb>, tensor<128x128xf32, #acc> -> tensor<128x128xf32, #acc>
    scf.yield %d : tensor<128x128xf32, #acc>
  }
  %ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<128x128x!nv_tileaa.ptr<f32>, #acc>
  nv_tileaa.store %ptrs, %r : tensor<128x128x!nv_tileaa.ptr<f32>, #acc>, tensor<128x128xf32, #acc>
  nv_tileaa.return
}
