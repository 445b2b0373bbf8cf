// Shared-memory allocation (passes/TileToLLVM/SharedAllocation.cpp): a
// local_alloc's buffer shares bytes with buffers and scratch whose live
// ranges are disjoint from its own. The size of each function's buffer is
// the size of its global; an offset shows as a constant GEP of its address.
// RUN: tileiras-opt %s --tileaa-resolve-target='gpu-name=sm_90a' --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm --tileaa-remove-redundant-barriers | FileCheck %s

#blocked = #nv_tileaa.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#cols = #nv_tileaa.blocked<sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>
#shared = #nv_tileaa.swizzled_shared<vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]>
#bar = #nv_tileaa.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>

// Two 16 KiB buffers one after the other: the copies of the first are
// waited for and its reads done before the second is allocated, so both
// start at byte 0. The barrier after the second local_alloc stays: every
// thread's reads of the first buffer end before any copy into the second.
// CHECK-LABEL: llvm.mlir.global internal @__tileiras_smem_sequential() {{.*}} : !llvm.array<16384 x i8>
// CHECK-LABEL: llvm.func @sequential
// CHECK: nvvm.cp.async.wait.group 0
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> vector<4xf32>
// CHECK: %[[B:.*]] = llvm.mlir.addressof @__tileiras_smem_sequential
// CHECK-NEXT: nvvm.barrier0
// CHECK-NOT: llvm.getelementptr %[[B]][{{[0-9]+}}]
// CHECK: nvvm.cp.async.shared.global
nv_tileaa.func @sequential(%p: tensor<64x32x!nv_tileaa.ptr<f32>, #blocked>, %s: i32) -> (tensor<64x32xf32, #blocked>, tensor<64x32xf32, #blocked>) {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x32xf32, #shared>
  nv_tileaa.async_copy %p, %a[%s] : tensor<64x32x!nv_tileaa.ptr<f32>, #blocked> -> !nv_tileaa.smem<2x64x32xf32, #shared>
  nv_tileaa.async_commit
  nv_tileaa.async_wait {pending = 0 : i32}
  %t = nv_tileaa.local_load %a[%s] : !nv_tileaa.smem<2x64x32xf32, #shared> -> tensor<64x32xf32, #blocked>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x32xf32, #shared>
  nv_tileaa.async_copy %p, %b[%s] : tensor<64x32x!nv_tileaa.ptr<f32>, #blocked> -> !nv_tileaa.smem<2x64x32xf32, #shared>
  nv_tileaa.async_commit
  nv_tileaa.async_wait {pending = 0 : i32}
  %u = nv_tileaa.local_load %b[%s] : !nv_tileaa.smem<2x64x32xf32, #shared> -> tensor<64x32xf32, #blocked>
  nv_tileaa.return %t, %u : tensor<64x32xf32, #blocked>, tensor<64x32xf32, #blocked>
}

// Copies into the first buffer are still in flight (no wait for all groups)
// when the second is allocated: the second goes after it.
// CHECK-LABEL: llvm.mlir.global internal @__tileiras_smem_undrained() {{.*}} : !llvm.array<32768 x i8>
// CHECK-LABEL: llvm.func @undrained
// CHECK: nvvm.cp.async.commit.group
// CHECK-NEXT: %[[B:.*]] = llvm.mlir.addressof @__tileiras_smem_undrained
// CHECK-NEXT: llvm.getelementptr %[[B]][16384]
nv_tileaa.func @undrained(%p: tensor<64x32x!nv_tileaa.ptr<f32>, #blocked>, %s: i32) -> tensor<64x32xf32, #blocked> {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x32xf32, #shared>
  nv_tileaa.async_copy %p, %a[%s] : tensor<64x32x!nv_tileaa.ptr<f32>, #blocked> -> !nv_tileaa.smem<2x64x32xf32, #shared>
  nv_tileaa.async_commit
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x32xf32, #shared>
  nv_tileaa.async_copy %p, %b[%s] : tensor<64x32x!nv_tileaa.ptr<f32>, #blocked> -> !nv_tileaa.smem<2x64x32xf32, #shared>
  nv_tileaa.async_commit
  nv_tileaa.async_wait {pending = 0 : i32}
  %u = nv_tileaa.local_load %b[%s] : !nv_tileaa.smem<2x64x32xf32, #shared> -> tensor<64x32xf32, #blocked>
  nv_tileaa.return %u : tensor<64x32xf32, #blocked>
}

// Scratch: the layout conversions inside the loop go above the buffer
// (byte 16384); the one after the loop, where the buffer is dead (the loop
// waits for its copies in each iteration), starts at byte 0.
// CHECK-LABEL: llvm.mlir.global internal @__tileiras_smem_loop() {{.*}} : !llvm.array<24832 x i8>
// CHECK-LABEL: llvm.func @loop
// CHECK: nvvm.cp.async.wait.group 0
// CHECK: %[[S:.*]] = llvm.mlir.addressof @__tileiras_smem_loop
// CHECK-NEXT: llvm.getelementptr %[[S]][16384]
// CHECK: llvm.br ^bb1
// CHECK: ^bb3:
// CHECK: %[[E:.*]] = llvm.mlir.addressof @__tileiras_smem_loop
// CHECK-NOT: llvm.getelementptr %[[E]][{{[0-9]+}}]
// CHECK: llvm.store
// CHECK: llvm.return
nv_tileaa.func @loop(%p: tensor<64x32x!nv_tileaa.ptr<f32>, #blocked>, %n: i32) -> tensor<64x32xf32, #cols> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64x32xf32, #blocked>
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x32xf32, #shared>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x32xf32, #blocked>) : i32 {
    nv_tileaa.async_copy %p, %a[%c0] : tensor<64x32x!nv_tileaa.ptr<f32>, #blocked> -> !nv_tileaa.smem<2x64x32xf32, #shared>
    nv_tileaa.async_commit
    nv_tileaa.async_wait {pending = 0 : i32}
    %t = nv_tileaa.local_load %a[%c0] : !nv_tileaa.smem<2x64x32xf32, #shared> -> tensor<64x32xf32, #blocked>
    %c = nv_tileaa.convert_layout %t : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #cols>
    %back = nv_tileaa.convert_layout %c : tensor<64x32xf32, #cols> -> tensor<64x32xf32, #blocked>
    %sum = arith.addf %acc, %back : tensor<64x32xf32, #blocked>
    scf.yield %sum : tensor<64x32xf32, #blocked>
  }
  %out = nv_tileaa.convert_layout %r : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #cols>
  nv_tileaa.return %out : tensor<64x32xf32, #cols>
}

// mbarriers: a buffer initialized and never invalidated keeps its bytes
// (PTX requires mbarrier.inval before they are reused); one invalidated
// passes them on.
// CHECK-LABEL: llvm.mlir.global internal @__tileiras_smem_barrier() {{.*}} : !llvm.array<256 x i8>
// CHECK-LABEL: llvm.func @barrier
// CHECK: llvm.getelementptr %{{.*}}[128]
// CHECK: nvvm.mbarrier.inval
// CHECK: llvm.getelementptr %{{.*}}[128]
// CHECK: nvvm.mbarrier.init
nv_tileaa.func @barrier(%p: !nv_tileaa.ptr<i64>) {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x1x1xi64, #bar>
  nv_tileaa.mbarrier_init %a {count = 1 : i32} : !nv_tileaa.smem<2x1x1xi64, #bar>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x1x1xi64, #bar>
  nv_tileaa.mbarrier_init %b {count = 1 : i32} : !nv_tileaa.smem<2x1x1xi64, #bar>
  nv_tileaa.mbarrier_inval %b : !nv_tileaa.smem<2x1x1xi64, #bar>
  %c = nv_tileaa.local_alloc : !nv_tileaa.smem<2x1x1xi64, #bar>
  nv_tileaa.mbarrier_init %c {count = 1 : i32} : !nv_tileaa.smem<2x1x1xi64, #bar>
  nv_tileaa.mbarrier_inval %c : !nv_tileaa.smem<2x1x1xi64, #bar>
  nv_tileaa.return
}

// wgmma reads its operands until the wait that retires it: an mbarrier
// allocated between the warpgroup_dot and its warpgroup_wait goes after
// the operands (A at 0, B at 8192, 1024-byte aligned for the swizzle), one
// allocated after the wait reuses byte 0.
// CHECK-LABEL: llvm.mlir.global internal @__tileiras_smem_wgmma() {{.*}} : !llvm.array<24704 x i8>
// CHECK-LABEL: llvm.func @wgmma
// CHECK: llvm.getelementptr %{{.*}}[8192]
// CHECK: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK: llvm.getelementptr %{{.*}}[24576]
// CHECK: nvvm.mbarrier.init
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK: %[[Y:.*]] = llvm.mlir.addressof @__tileiras_smem_wgmma
// CHECK-NOT: llvm.getelementptr %[[Y]][{{[0-9]+}}]
// CHECK: nvvm.mbarrier.init
#wg = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#sa = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], segment = 64>
nv_tileaa.func @wgmma(%c: tensor<64x128xf32, #wg>, %s: i32) -> tensor<64x128xf32, #wg> {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x32xf16, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x128xf16, #sb>
  %d = nv_tileaa.warpgroup_dot %a[%s], %b[%s], %c {pending = 1 : i32} : !nv_tileaa.smem<2x64x32xf16, #sa>, !nv_tileaa.smem<2x32x128xf16, #sb>, tensor<64x128xf32, #wg> -> tensor<64x128xf32, #wg>
  %x = nv_tileaa.local_alloc : !nv_tileaa.smem<1x1x1xi64, #bar>
  nv_tileaa.mbarrier_init %x {count = 1 : i32} : !nv_tileaa.smem<1x1x1xi64, #bar>
  nv_tileaa.mbarrier_inval %x : !nv_tileaa.smem<1x1x1xi64, #bar>
  %w = nv_tileaa.warpgroup_wait %d {pending = 0 : i32} : tensor<64x128xf32, #wg>
  %y = nv_tileaa.local_alloc : !nv_tileaa.smem<1x1x1xi64, #bar>
  nv_tileaa.mbarrier_init %y {count = 1 : i32} : !nv_tileaa.smem<1x1x1xi64, #bar>
  nv_tileaa.mbarrier_inval %y : !nv_tileaa.smem<1x1x1xi64, #bar>
  nv_tileaa.return %w : tensor<64x128xf32, #wg>
}

// Placement, largest first when that ends lower: in program order the
// mbarrier (allocated while the first buffer lives, and live to the end)
// would sit right after the first buffer and push the 32 KiB buffer to
// byte 16512; placed first, the 32 KiB buffer takes byte 0, the first
// buffer (dead by then) shares it, the mbarrier goes above both.
// CHECK-LABEL: llvm.mlir.global internal @__tileiras_smem_largest_first() {{.*}} : !llvm.array<32896 x i8>
// CHECK-LABEL: llvm.func @largest_first
// CHECK: nvvm.cp.async.commit.group
// CHECK: llvm.getelementptr %{{.*}}[32768]
// CHECK: nvvm.mbarrier.init
// CHECK: nvvm.cp.async.wait.group 0
// CHECK: %[[C:.*]] = llvm.mlir.addressof @__tileiras_smem_largest_first
// CHECK-NOT: llvm.getelementptr %[[C]][{{[0-9]+}}]
// CHECK: nvvm.cp.async.shared.global
nv_tileaa.func @largest_first(%p: tensor<64x32x!nv_tileaa.ptr<f32>, #blocked>, %s: i32) -> (tensor<64x32xf32, #blocked>, tensor<64x32xf32, #blocked>) {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x32xf32, #shared>
  nv_tileaa.async_copy %p, %a[%s] : tensor<64x32x!nv_tileaa.ptr<f32>, #blocked> -> !nv_tileaa.smem<2x64x32xf32, #shared>
  nv_tileaa.async_commit
  %m = nv_tileaa.local_alloc : !nv_tileaa.smem<1x1x1xi64, #bar>
  nv_tileaa.mbarrier_init %m {count = 1 : i32} : !nv_tileaa.smem<1x1x1xi64, #bar>
  nv_tileaa.async_wait {pending = 0 : i32}
  %t = nv_tileaa.local_load %a[%s] : !nv_tileaa.smem<2x64x32xf32, #shared> -> tensor<64x32xf32, #blocked>
  %c = nv_tileaa.local_alloc : !nv_tileaa.smem<4x64x32xf32, #shared>
  nv_tileaa.async_copy %p, %c[%s] : tensor<64x32x!nv_tileaa.ptr<f32>, #blocked> -> !nv_tileaa.smem<4x64x32xf32, #shared>
  nv_tileaa.async_commit
  nv_tileaa.async_wait {pending = 0 : i32}
  %u = nv_tileaa.local_load %c[%s] : !nv_tileaa.smem<4x64x32xf32, #shared> -> tensor<64x32xf32, #blocked>
  nv_tileaa.return %t, %u : tensor<64x32xf32, #blocked>, tensor<64x32xf32, #blocked>
}

// A warpgroup_dot with pending = 0 waits for itself: its operands' bytes
// are free right after it.
// CHECK-LABEL: llvm.mlir.global internal @__tileiras_smem_wgmma_sync() {{.*}} : !llvm.array<24576 x i8>
// CHECK-LABEL: llvm.func @wgmma_sync
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: %[[Y:.*]] = llvm.mlir.addressof @__tileiras_smem_wgmma_sync
// CHECK-NOT: llvm.getelementptr %[[Y]][{{[0-9]+}}]
// CHECK: nvvm.mbarrier.init
nv_tileaa.func @wgmma_sync(%c: tensor<64x128xf32, #wg>, %s: i32) -> tensor<64x128xf32, #wg> {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x32xf16, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x128xf16, #sb>
  %d = nv_tileaa.warpgroup_dot %a[%s], %b[%s], %c : !nv_tileaa.smem<2x64x32xf16, #sa>, !nv_tileaa.smem<2x32x128xf16, #sb>, tensor<64x128xf32, #wg> -> tensor<64x128xf32, #wg>
  %y = nv_tileaa.local_alloc : !nv_tileaa.smem<1x1x1xi64, #bar>
  nv_tileaa.mbarrier_init %y {count = 1 : i32} : !nv_tileaa.smem<1x1x1xi64, #bar>
  nv_tileaa.mbarrier_inval %y : !nv_tileaa.smem<1x1x1xi64, #bar>
  nv_tileaa.return %d : tensor<64x128xf32, #wg>
}
