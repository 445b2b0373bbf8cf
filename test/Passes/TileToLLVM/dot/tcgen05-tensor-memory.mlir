// The tensor-memory accumulator ops on sm_100a (8 warps, 128 x 128 f32).
// tmem_alloc: a barrier (the scratch is free), warp 0 allocates 128
// columns into the scratch, tcgen05 fences around a barrier, every thread
// reads the address. tmem_dot: the proxy fence, a barrier, then thread 0
// (after tcgen05.fence::after_thread_sync) issues two m128n128k16, the
// first accumulating unless the count is 0, the second always, and
// commits them to the op's mbarrier; every thread waits on the parity
// count & 1. tmem_load: two tcgen05.ld 32x32b.x32 from lane 32 (w % 4),
// column 64 (w / 4), no addition. tmem_dealloc: fence, barrier, warp 0
// frees the columns.
// RUN: tileiras-opt %s --tileaa-resolve-target='gpu-name=sm_100a' --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm | FileCheck %s
// RUN: not tileiras-opt %s --tileaa-resolve-target='gpu-name=sm_90a' --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm 2>&1 | FileCheck %s --check-prefix=HOPPER

// CHECK-LABEL: llvm.func @resident
// CHECK: nvvm.barrier0
// CHECK: nvvm.tcgen05.alloc %{{.*}}, %{{.*}} : !llvm.ptr<3>, i32
// CHECK-NOT: nvvm.mbarrier.init
// CHECK: nvvm.tcgen05.fence <before>
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: nvvm.tcgen05.fence <after>
// CHECK-NEXT: %[[TADDR:.*]] = llvm.load %{{.*}} : !llvm.ptr<3> -> i32
// CHECK: nvvm.mbarrier.init
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: nvvm.barrier0
// CHECK: nvvm.tcgen05.fence <after>
// CHECK: %[[FIRST:.*]] = llvm.icmp "ne" %[[COUNT:.*]], %{{.*}} : i32
// CHECK: %[[D:.*]] = llvm.inttoptr %[[TADDR]] : i32 to !llvm.ptr<6>
// CHECK: %[[ALWAYS:.*]] = llvm.mlir.constant(true) : i1
// CHECK: nvvm.tcgen05.mma %[[D]], %{{.*}}, %{{.*}}, %{{.*}}, %[[FIRST]] {ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.tcgen05_mma_kind<f16>}
// CHECK: nvvm.tcgen05.mma %[[D]], %{{.*}}, %{{.*}}, %{{.*}}, %[[ALWAYS]]
// CHECK-NOT: nvvm.tcgen05.mma
// CHECK: nvvm.tcgen05.commit
// CHECK: %[[PARITY:.*]] = llvm.and %[[COUNT]], %{{.*}} : i32
// CHECK: mbarrier.try_wait.parity{{.*}}%[[PARITY]]
// CHECK-NEXT: nvvm.tcgen05.fence <after>
// CHECK: nvvm.tcgen05.ld {{.*}} : vector<32xi32>
// CHECK-NEXT: nvvm.tcgen05.wait <load>
// CHECK: nvvm.tcgen05.ld {{.*}} : vector<32xi32>
// CHECK-NEXT: nvvm.tcgen05.wait <load>
// CHECK-NOT: llvm.fadd
// CHECK: nvvm.tcgen05.fence <before>
// CHECK-NEXT: nvvm.barrier0
// CHECK: nvvm.tcgen05.dealloc %{{.*}}, %{{.*}} : !llvm.ptr<6>
// HOPPER: error: 'nv_tileaa.tmem_alloc' op needs tcgen05.mma, which sm_90a lacks (sm_100a/f, sm_103a/f, sm_110a/f)
#acc = #nv_tileaa.blocked<sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 2], order = [0, 1]>
#sa = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], segment = 64>
#bar = #nv_tileaa.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>
nv_tileaa.func @resident(%c: !nv_tileaa.ptr<f32>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x128x32xf16, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x128xf16, #sb>
  %tm = nv_tileaa.tmem_alloc : !nv_tileaa.tmem<128x128xf32>
  %bar = nv_tileaa.local_alloc : !nv_tileaa.smem<1x1x1xi64, #bar>
  nv_tileaa.mbarrier_init %bar {count = 1 : i32} : !nv_tileaa.smem<1x1x1xi64, #bar>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %count = scf.for %i = %c0 to %n step %c1 iter_args(%k = %c0) -> (i32) : i32 {
    nv_tileaa.tmem_dot %a[%i], %b[%i], %tm, %bar, %k {proxy_fence} : !nv_tileaa.smem<2x128x32xf16, #sa>, !nv_tileaa.smem<2x32x128xf16, #sb>, !nv_tileaa.tmem<128x128xf32>, !nv_tileaa.smem<1x1x1xi64, #bar>
    %next = arith.addi %k, %c1 : i32
    scf.yield %next : i32
  }
  %d = nv_tileaa.tmem_load %tm : !nv_tileaa.tmem<128x128xf32> -> tensor<128x128xf32, #acc>
  nv_tileaa.tmem_dealloc %tm : !nv_tileaa.tmem<128x128xf32>
  nv_tileaa.mbarrier_inval %bar : !nv_tileaa.smem<1x1x1xi64, #bar>
  %ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<128x128x!nv_tileaa.ptr<f32>, #acc>
  nv_tileaa.store %ptrs, %d : tensor<128x128x!nv_tileaa.ptr<f32>, #acc>, tensor<128x128xf32, #acc>
  nv_tileaa.return
}

// pending = 1 (two mbarriers): thread 0 commits step `count` to mbarrier
// count & 1; then every thread waits, where count > 0, for step count - 1:
// mbarrier (count - 1) & 1 at parity ((count - 1) >> 1) & 1. tmem_wait
// does the same with the loop's final count. The operand rings stay
// allocated until the tmem_wait (the last MMAs still read them): a buffer
// allocated after the loop but before the tmem_wait goes above them
// (A at 0, B at 16384, the mbarriers at 32768 and 32776 where the
// scratch held the tensor-memory address: 32896), one allocated after the
// tmem_wait reuses byte 0.
// CHECK-LABEL: llvm.mlir.global internal @__tileiras_smem_pending() {{.*}} : !llvm.array<33024 x i8>
// CHECK-LABEL: llvm.func @pending
// CHECK: nvvm.tcgen05.alloc
// CHECK: %[[BARS:.*]] = llvm.getelementptr %{{.*}}[32768] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: nvvm.mbarrier.init
// CHECK: nvvm.mbarrier.init
// CHECK: nvvm.barrier0
// CHECK: ^bb{{[0-9]+}}(%{{.*}}: i32, %[[COUNT:.*]]: i32):
// CHECK: nvvm.barrier0
// CHECK-NEXT: llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.and %[[COUNT]], %{{.*}} : i32
// CHECK: %[[MINE:.*]] = llvm.getelementptr %[[BARS]][%{{.*}}]
// CHECK: nvvm.tcgen05.mma
// CHECK: nvvm.tcgen05.commit %[[MINE]]
// CHECK: %[[RAN:.*]] = llvm.icmp "sgt" %[[COUNT]], %{{.*}} : i32
// CHECK: llvm.cond_br %[[RAN]]
// CHECK: %[[PREV:.*]] = llvm.sub %[[COUNT]], %{{.*}} : i32
// CHECK: %[[PHASE:.*]] = llvm.lshr %[[PREV]], %{{.*}} : i32
// CHECK: %[[PARITY:.*]] = llvm.and %[[PHASE]], %{{.*}} : i32
// CHECK: llvm.and %[[PREV]], %{{.*}} : i32
// CHECK: %[[THEIRS:.*]] = llvm.getelementptr %[[BARS]][%{{.*}}]
// CHECK: mbarrier.try_wait.parity{{.*}}%[[THEIRS]], %[[PARITY]]
// CHECK: nvvm.tcgen05.fence <after>
// CHECK: %[[X:.*]] = llvm.mlir.addressof @__tileiras_smem_pending
// CHECK-NEXT: llvm.getelementptr %[[X]][32896]
// CHECK: llvm.icmp "sgt"
// CHECK: mbarrier.try_wait.parity
// CHECK: nvvm.tcgen05.fence <after>
// CHECK: %[[Y:.*]] = llvm.mlir.addressof @__tileiras_smem_pending
// CHECK-NOT: llvm.getelementptr %[[Y]][{{[0-9]+}}]
// CHECK: nvvm.mbarrier.init
// CHECK: nvvm.tcgen05.ld
nv_tileaa.func @pending(%c: !nv_tileaa.ptr<f32>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
  %a = nv_tileaa.local_alloc {reuse_distance = 2 : i32} : !nv_tileaa.smem<2x128x32xf16, #sa>
  %b = nv_tileaa.local_alloc {reuse_distance = 2 : i32} : !nv_tileaa.smem<2x32x128xf16, #sb>
  %tm = nv_tileaa.tmem_alloc : !nv_tileaa.tmem<128x128xf32>
  %bar = nv_tileaa.local_alloc : !nv_tileaa.smem<2x1x1xi64, #bar>
  nv_tileaa.mbarrier_init %bar {count = 1 : i32} : !nv_tileaa.smem<2x1x1xi64, #bar>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %count = scf.for %i = %c0 to %n step %c1 iter_args(%k = %c0) -> (i32) : i32 {
    nv_tileaa.tmem_dot %a[%i], %b[%i], %tm, %bar, %k {pending = 1 : i32} : !nv_tileaa.smem<2x128x32xf16, #sa>, !nv_tileaa.smem<2x32x128xf16, #sb>, !nv_tileaa.tmem<128x128xf32>, !nv_tileaa.smem<2x1x1xi64, #bar>
    %next = arith.addi %k, %c1 : i32
    scf.yield %next : i32
  }
  %x = nv_tileaa.local_alloc : !nv_tileaa.smem<1x1x1xi64, #bar>
  nv_tileaa.mbarrier_init %x {count = 1 : i32} : !nv_tileaa.smem<1x1x1xi64, #bar>
  nv_tileaa.mbarrier_inval %x : !nv_tileaa.smem<1x1x1xi64, #bar>
  nv_tileaa.tmem_wait %bar, %count : !nv_tileaa.smem<2x1x1xi64, #bar>
  %y = nv_tileaa.local_alloc : !nv_tileaa.smem<1x1x1xi64, #bar>
  nv_tileaa.mbarrier_init %y {count = 1 : i32} : !nv_tileaa.smem<1x1x1xi64, #bar>
  nv_tileaa.mbarrier_inval %y : !nv_tileaa.smem<1x1x1xi64, #bar>
  %d = nv_tileaa.tmem_load %tm : !nv_tileaa.tmem<128x128xf32> -> tensor<128x128xf32, #acc>
  nv_tileaa.tmem_dealloc %tm : !nv_tileaa.tmem<128x128xf32>
  nv_tileaa.mbarrier_inval %bar : !nv_tileaa.smem<2x1x1xi64, #bar>
  %ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<128x128x!nv_tileaa.ptr<f32>, #acc>
  nv_tileaa.store %ptrs, %d : tensor<128x128x!nv_tileaa.ptr<f32>, #acc>, tensor<128x128xf32, #acc>
  nv_tileaa.return
}
