// tileaa-warpgroup-dots on sm_90a: a dot that layout assignment meant for
// wgmma (warps all along M) reads its pipelined slots directly. cp.async
// slots get wgmma's canonical layouts (A: 64-byte rows, 64-byte swizzle; B:
// 128-byte rows, 128-byte swizzle) and ask for a proxy fence; TMA slots do
// not. The rings have a spare slot, so the dot stays in flight across
// iterations (pending = 1), ignores C in the first one (use_c: the zero
// accumulator becomes poison, selected back after the loop only if it ran
// no iteration) and is waited for after the loop. Operands that were not
// pipelined are stored into a buffer of their own (barriers around the
// wgmmas). Dots that cannot use wgmma keep mma.sync and say why; plain
// sm_90 has no wgmma at all.
// RUN: tileiras-opt %s -split-input-file -tileaa-resolve-target='gpu-name=sm_90a' -tileaa-assign-layouts -tileaa-pipeline -tileaa-warpgroup-dots | FileCheck %s
// RUN: tileiras-opt %s -split-input-file -tileaa-resolve-target='gpu-name=sm_90' -tileaa-assign-layouts -tileaa-pipeline -tileaa-warpgroup-dots | FileCheck %s --check-prefix=SM90

// CHECK-DAG: #[[MMA:mma[0-9]*]] = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>
// CHECK-DAG: #[[SA:shared[0-9]*]] = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
// CHECK-DAG: #[[SB:shared[0-9]*]] = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
// CHECK-LABEL: nv_tileaa.func @gemm
// CHECK: %[[A:.*]] = nv_tileaa.local_alloc {reuse_distance = 2 : i32} : !nv_tileaa.smem<4x64x32xf16, #[[SA]]>
// CHECK: %[[B:.*]] = nv_tileaa.local_alloc {reuse_distance = 2 : i32} : !nv_tileaa.smem<4x32x64xf16, #[[SB]]>
// CHECK: %[[INIT:.*]] = ub.poison : tensor<64x64xf32, #[[MMA]]>
// CHECK: %[[LOOP:.*]]:3 = scf.for %[[IV:[^ ]*]] = %[[LB:[^ ]*]] to %[[UB:[^ ]*]] step %{{.*}} iter_args(%[[ACC:[^ ]*]] = %[[INIT]],
// CHECK: nv_tileaa.async_wait {pending = 1 : i32}
// CHECK-NOT: nv_tileaa.local_load
// CHECK: %[[NOTFIRST:.*]] = arith.cmpi ne, %[[IV]], %[[LB]] : i32
// CHECK: nv_tileaa.warpgroup_dot %[[A]][%[[SLOT:.*]]], %[[B]][%[[SLOT]]], %[[ACC]] use_c %[[NOTFIRST]] {pending = 1 : i32, proxy_fence} : !nv_tileaa.smem<4x64x32xf16, #[[SA]]>, !nv_tileaa.smem<4x32x64xf16, #[[SB]]>, tensor<64x64xf32, #[[MMA]]> -> tensor<64x64xf32, #[[MMA]]>
// CHECK-NOT: nv_tileaa.dot
// CHECK: scf.yield
// CHECK: %[[DONE:.*]] = nv_tileaa.warpgroup_wait %[[LOOP]]#0 {pending = 0 : i32} : tensor<64x64xf32, #[[MMA]]>
// CHECK: %[[RAN:.*]] = arith.cmpi slt, %[[LB]], %[[UB]] : i32
// CHECK: %[[RESULT:.*]] = arith.select %[[RAN]], %[[DONE]], %{{.*}} : tensor<64x64xf32, #[[MMA]]>
// CHECK: nv_tileaa.store %{{.*}}, %[[RESULT]]

// SM90-LABEL: nv_tileaa.func @gemm
// SM90: nv_tileaa.dot {{.*}}dot_path = "mma.sync.m16n8k16 f16"}
// SM90-NOT: warpgroup_dot
nv_tileaa.func @gemm(%a: !nv_tileaa.ptr<f16>, %b: !nv_tileaa.ptr<f16>, %c: !nv_tileaa.ptr<f32>, %k_arg: i32, %n_arg: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %k = nv_tileaa.assume %k_arg {div_by = 8 : i64} : i32
  %n = nv_tileaa.assume %n_arg {div_by = 8 : i64} : i32
  %rm = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rk = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %rm_col = nv_tileaa.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %rk_row = nv_tileaa.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %rk_col = nv_tileaa.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %rn_row = nv_tileaa.expand_dims %rm {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %am = nv_tileaa.broadcast %rm_col : tensor<64x1xi32> -> tensor<64x32xi32>
  %ak = nv_tileaa.broadcast %rk_row : tensor<1x32xi32> -> tensor<64x32xi32>
  %ks_a = nv_tileaa.splat %k : i32 -> tensor<64x32xi32>
  %a_rows = arith.muli %am, %ks_a : tensor<64x32xi32>
  %a_offs = arith.addi %a_rows, %ak : tensor<64x32xi32>
  %a_base = nv_tileaa.splat %a : !nv_tileaa.ptr<f16> -> tensor<64x32x!nv_tileaa.ptr<f16>>
  %a_ptrs0 = nv_tileaa.addptr %a_base, %a_offs : tensor<64x32x!nv_tileaa.ptr<f16>>, tensor<64x32xi32>
  %bk = nv_tileaa.broadcast %rk_col : tensor<32x1xi32> -> tensor<32x64xi32>
  %bn = nv_tileaa.broadcast %rn_row : tensor<1x64xi32> -> tensor<32x64xi32>
  %ns_b = nv_tileaa.splat %n : i32 -> tensor<32x64xi32>
  %ks_b = nv_tileaa.splat %k : i32 -> tensor<32x64xi32>
  %b_rows = arith.muli %bk, %ns_b : tensor<32x64xi32>
  %b_offs = arith.addi %b_rows, %bn : tensor<32x64xi32>
  %b_base = nv_tileaa.splat %b : !nv_tileaa.ptr<f16> -> tensor<32x64x!nv_tileaa.ptr<f16>>
  %b_ptrs0 = nv_tileaa.addptr %b_base, %b_offs : tensor<32x64x!nv_tileaa.ptr<f16>>, tensor<32x64xi32>
  %c32 = arith.constant 32 : i32
  %b_step1 = arith.muli %n, %c32 : i32
  %b_step = nv_tileaa.splat %b_step1 : i32 -> tensor<32x64xi32>
  %a_step = arith.constant dense<32> : tensor<64x32xi32>
  %c0 = arith.constant 0 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc, %a_end, %b_end = scf.for %kk = %c0 to %k step %c32
      iter_args(%sum = %zero, %a_ptrs = %a_ptrs0, %b_ptrs = %b_ptrs0)
      -> (tensor<64x64xf32>, tensor<64x32x!nv_tileaa.ptr<f16>>, tensor<32x64x!nv_tileaa.ptr<f16>>) : i32 {
    %kks_a = nv_tileaa.splat %kk : i32 -> tensor<64x32xi32>
    %k_a = arith.addi %kks_a, %ak : tensor<64x32xi32>
    %a_mask = arith.cmpi slt, %k_a, %ks_a : tensor<64x32xi32>
    %a_tile = nv_tileaa.load %a_ptrs, %a_mask : tensor<64x32x!nv_tileaa.ptr<f16>> -> tensor<64x32xf16>
    %kks_b = nv_tileaa.splat %kk : i32 -> tensor<32x64xi32>
    %k_b = arith.addi %kks_b, %bk : tensor<32x64xi32>
    %b_mask = arith.cmpi slt, %k_b, %ks_b : tensor<32x64xi32>
    %b_tile = nv_tileaa.load %b_ptrs, %b_mask : tensor<32x64x!nv_tileaa.ptr<f16>> -> tensor<32x64xf16>
    %next = nv_tileaa.dot %a_tile, %b_tile, %sum : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
    %a_next = nv_tileaa.addptr %a_ptrs, %a_step : tensor<64x32x!nv_tileaa.ptr<f16>>, tensor<64x32xi32>
    %b_next = nv_tileaa.addptr %b_ptrs, %b_step : tensor<32x64x!nv_tileaa.ptr<f16>>, tensor<32x64xi32>
    scf.yield %next, %a_next, %b_next : tensor<64x64xf32>, tensor<64x32x!nv_tileaa.ptr<f16>>, tensor<32x64x!nv_tileaa.ptr<f16>>
  }
  %c_ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<64x64x!nv_tileaa.ptr<f32>>
  nv_tileaa.store %c_ptrs, %acc : tensor<64x64x!nv_tileaa.ptr<f32>>, tensor<64x64xf32>
  nv_tileaa.return
}

// -----

// 8 warps are two warpgroups, 128 rows: a 64-row tile cannot use wgmma.
// CHECK-LABEL: nv_tileaa.func @eight_warps
// CHECK: nv_tileaa.dot {{.*}}dot_path = "mma.sync.m16n8k16 f16 (not wgmma: M = 64 is not a multiple of 16 x 8 warps (whole warpgroups along M))"}
nv_tileaa.func @eight_warps(%a: !nv_tileaa.ptr<f16>, %b: !nv_tileaa.ptr<f16>, %c: !nv_tileaa.ptr<f32>, %k_arg: i32, %n_arg: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
  %k = nv_tileaa.assume %k_arg {div_by = 8 : i64} : i32
  %n = nv_tileaa.assume %n_arg {div_by = 8 : i64} : i32
  %rm = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rk = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %rm_col = nv_tileaa.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %rk_row = nv_tileaa.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %rk_col = nv_tileaa.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %rn_row = nv_tileaa.expand_dims %rm {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %am = nv_tileaa.broadcast %rm_col : tensor<64x1xi32> -> tensor<64x32xi32>
  %ak = nv_tileaa.broadcast %rk_row : tensor<1x32xi32> -> tensor<64x32xi32>
  %ks_a = nv_tileaa.splat %k : i32 -> tensor<64x32xi32>
  %a_rows = arith.muli %am, %ks_a : tensor<64x32xi32>
  %a_offs = arith.addi %a_rows, %ak : tensor<64x32xi32>
  %a_base = nv_tileaa.splat %a : !nv_tileaa.ptr<f16> -> tensor<64x32x!nv_tileaa.ptr<f16>>
  %a_ptrs0 = nv_tileaa.addptr %a_base, %a_offs : tensor<64x32x!nv_tileaa.ptr<f16>>, tensor<64x32xi32>
  %bk = nv_tileaa.broadcast %rk_col : tensor<32x1xi32> -> tensor<32x64xi32>
  %bn = nv_tileaa.broadcast %rn_row : tensor<1x64xi32> -> tensor<32x64xi32>
  %ns_b = nv_tileaa.splat %n : i32 -> tensor<32x64xi32>
  %ks_b = nv_tileaa.splat %k : i32 -> tensor<32x64xi32>
  %b_rows = arith.muli %bk, %ns_b : tensor<32x64xi32>
  %b_offs = arith.addi %b_rows, %bn : tensor<32x64xi32>
  %b_base = nv_tileaa.splat %b : !nv_tileaa.ptr<f16> -> tensor<32x64x!nv_tileaa.ptr<f16>>
  %b_ptrs0 = nv_tileaa.addptr %b_base, %b_offs : tensor<32x64x!nv_tileaa.ptr<f16>>, tensor<32x64xi32>
  %c32 = arith.constant 32 : i32
  %b_step1 = arith.muli %n, %c32 : i32
  %b_step = nv_tileaa.splat %b_step1 : i32 -> tensor<32x64xi32>
  %a_step = arith.constant dense<32> : tensor<64x32xi32>
  %c0 = arith.constant 0 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc, %a_end, %b_end = scf.for %kk = %c0 to %k step %c32
      iter_args(%sum = %zero, %a_ptrs = %a_ptrs0, %b_ptrs = %b_ptrs0)
      -> (tensor<64x64xf32>, tensor<64x32x!nv_tileaa.ptr<f16>>, tensor<32x64x!nv_tileaa.ptr<f16>>) : i32 {
    %kks_a = nv_tileaa.splat %kk : i32 -> tensor<64x32xi32>
    %k_a = arith.addi %kks_a, %ak : tensor<64x32xi32>
    %a_mask = arith.cmpi slt, %k_a, %ks_a : tensor<64x32xi32>
    %a_tile = nv_tileaa.load %a_ptrs, %a_mask : tensor<64x32x!nv_tileaa.ptr<f16>> -> tensor<64x32xf16>
    %kks_b = nv_tileaa.splat %kk : i32 -> tensor<32x64xi32>
    %k_b = arith.addi %kks_b, %bk : tensor<32x64xi32>
    %b_mask = arith.cmpi slt, %k_b, %ks_b : tensor<32x64xi32>
    %b_tile = nv_tileaa.load %b_ptrs, %b_mask : tensor<32x64x!nv_tileaa.ptr<f16>> -> tensor<32x64xf16>
    %next = nv_tileaa.dot %a_tile, %b_tile, %sum : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
    %a_next = nv_tileaa.addptr %a_ptrs, %a_step : tensor<64x32x!nv_tileaa.ptr<f16>>, tensor<64x32xi32>
    %b_next = nv_tileaa.addptr %b_ptrs, %b_step : tensor<32x64x!nv_tileaa.ptr<f16>>, tensor<32x64xi32>
    scf.yield %next, %a_next, %b_next : tensor<64x64xf32>, tensor<64x32x!nv_tileaa.ptr<f16>>, tensor<32x64x!nv_tileaa.ptr<f16>>
  }
  %c_ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<64x64x!nv_tileaa.ptr<f32>>
  nv_tileaa.store %c_ptrs, %acc : tensor<64x64x!nv_tileaa.ptr<f32>>, tensor<64x64xf32>
  nv_tileaa.return
}

// -----

// Not pipelined: the loaded tiles are stored into one-slot buffers of
// wgmma's layouts; the dot fences, synchronizes and waits for itself.
// CHECK-LABEL: nv_tileaa.func @one_stage
// CHECK: scf.for
// CHECK: %[[SA1:.*]] = nv_tileaa.local_alloc : !nv_tileaa.smem<1x64x32xf16, #[[SA]]>
// CHECK: nv_tileaa.local_store %{{.*}}, %[[SA1]][%[[Z1:.*]]] : tensor<64x32xf16, #{{.*}}> -> !nv_tileaa.smem<1x64x32xf16, #[[SA]]>
// CHECK: %[[SB1:.*]] = nv_tileaa.local_alloc : !nv_tileaa.smem<1x32x64xf16, #[[SB]]>
// CHECK: nv_tileaa.local_store %{{.*}}, %[[SB1]][%[[Z2:.*]]] :
// CHECK: nv_tileaa.warpgroup_dot %[[SA1]][%[[Z1]]], %[[SB1]][%[[Z2]]], %{{.*}} {barriers, proxy_fence} :
// CHECK-NOT: warpgroup_wait
nv_tileaa.func @one_stage(%a: !nv_tileaa.ptr<f16>, %b: !nv_tileaa.ptr<f16>, %c: !nv_tileaa.ptr<f32>, %k_arg: i32, %n_arg: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4, numStages = 1>} {
  %k = nv_tileaa.assume %k_arg {div_by = 8 : i64} : i32
  %n = nv_tileaa.assume %n_arg {div_by = 8 : i64} : i32
  %rm = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rk = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %rm_col = nv_tileaa.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %rk_row = nv_tileaa.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %rk_col = nv_tileaa.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %rn_row = nv_tileaa.expand_dims %rm {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %am = nv_tileaa.broadcast %rm_col : tensor<64x1xi32> -> tensor<64x32xi32>
  %ak = nv_tileaa.broadcast %rk_row : tensor<1x32xi32> -> tensor<64x32xi32>
  %ks_a = nv_tileaa.splat %k : i32 -> tensor<64x32xi32>
  %a_rows = arith.muli %am, %ks_a : tensor<64x32xi32>
  %a_offs = arith.addi %a_rows, %ak : tensor<64x32xi32>
  %a_base = nv_tileaa.splat %a : !nv_tileaa.ptr<f16> -> tensor<64x32x!nv_tileaa.ptr<f16>>
  %a_ptrs0 = nv_tileaa.addptr %a_base, %a_offs : tensor<64x32x!nv_tileaa.ptr<f16>>, tensor<64x32xi32>
  %bk = nv_tileaa.broadcast %rk_col : tensor<32x1xi32> -> tensor<32x64xi32>
  %bn = nv_tileaa.broadcast %rn_row : tensor<1x64xi32> -> tensor<32x64xi32>
  %ns_b = nv_tileaa.splat %n : i32 -> tensor<32x64xi32>
  %ks_b = nv_tileaa.splat %k : i32 -> tensor<32x64xi32>
  %b_rows = arith.muli %bk, %ns_b : tensor<32x64xi32>
  %b_offs = arith.addi %b_rows, %bn : tensor<32x64xi32>
  %b_base = nv_tileaa.splat %b : !nv_tileaa.ptr<f16> -> tensor<32x64x!nv_tileaa.ptr<f16>>
  %b_ptrs0 = nv_tileaa.addptr %b_base, %b_offs : tensor<32x64x!nv_tileaa.ptr<f16>>, tensor<32x64xi32>
  %c32 = arith.constant 32 : i32
  %b_step1 = arith.muli %n, %c32 : i32
  %b_step = nv_tileaa.splat %b_step1 : i32 -> tensor<32x64xi32>
  %a_step = arith.constant dense<32> : tensor<64x32xi32>
  %c0 = arith.constant 0 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc, %a_end, %b_end = scf.for %kk = %c0 to %k step %c32
      iter_args(%sum = %zero, %a_ptrs = %a_ptrs0, %b_ptrs = %b_ptrs0)
      -> (tensor<64x64xf32>, tensor<64x32x!nv_tileaa.ptr<f16>>, tensor<32x64x!nv_tileaa.ptr<f16>>) : i32 {
    %kks_a = nv_tileaa.splat %kk : i32 -> tensor<64x32xi32>
    %k_a = arith.addi %kks_a, %ak : tensor<64x32xi32>
    %a_mask = arith.cmpi slt, %k_a, %ks_a : tensor<64x32xi32>
    %a_tile = nv_tileaa.load %a_ptrs, %a_mask : tensor<64x32x!nv_tileaa.ptr<f16>> -> tensor<64x32xf16>
    %kks_b = nv_tileaa.splat %kk : i32 -> tensor<32x64xi32>
    %k_b = arith.addi %kks_b, %bk : tensor<32x64xi32>
    %b_mask = arith.cmpi slt, %k_b, %ks_b : tensor<32x64xi32>
    %b_tile = nv_tileaa.load %b_ptrs, %b_mask : tensor<32x64x!nv_tileaa.ptr<f16>> -> tensor<32x64xf16>
    %next = nv_tileaa.dot %a_tile, %b_tile, %sum : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
    %a_next = nv_tileaa.addptr %a_ptrs, %a_step : tensor<64x32x!nv_tileaa.ptr<f16>>, tensor<64x32xi32>
    %b_next = nv_tileaa.addptr %b_ptrs, %b_step : tensor<32x64x!nv_tileaa.ptr<f16>>, tensor<32x64xi32>
    scf.yield %next, %a_next, %b_next : tensor<64x64xf32>, tensor<64x32x!nv_tileaa.ptr<f16>>, tensor<32x64x!nv_tileaa.ptr<f16>>
  }
  %c_ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<64x64x!nv_tileaa.ptr<f32>>
  nv_tileaa.store %c_ptrs, %acc : tensor<64x64x!nv_tileaa.ptr<f32>>, tensor<64x64xf32>
  nv_tileaa.return
}

// -----

// A computed in registers (f16): wgmma reads it from there (its register
// form) instead of a buffer; B, loaded, is staged as usual; on sm_90 it is mma.sync.
// CHECK-LABEL: nv_tileaa.func @register_a
// CHECK: %[[A:.*]] = nv_tileaa.convert_layout %{{.*}} -> tensor<64x32xf16, #{{.*}}>
// CHECK-NOT: nv_tileaa.local_store %[[A]]
// CHECK: %[[SB1:.*]] = nv_tileaa.local_alloc : !nv_tileaa.smem<1x32x64xf16, #{{[a-z0-9]+}}>
// CHECK: nv_tileaa.local_store %{{.*}}, %[[SB1]][%[[Z:.*]]] :
// CHECK: nv_tileaa.warpgroup_dot %[[A]], %[[SB1]][%[[Z]]], %{{.*}} {barriers, proxy_fence} : tensor<64x32xf16, #{{.*}}>, !nv_tileaa.smem<1x32x64xf16, #{{[a-z0-9]+}}>, tensor<64x64xf32, #{{[a-z0-9]+}}> -> tensor<64x64xf32, #{{[a-z0-9]+}}>
// SM90-LABEL: nv_tileaa.func @register_a
// SM90: nv_tileaa.dot {{.*}}dot_path = "mma.sync.m16n8k16 f16"}
nv_tileaa.func @register_a(%a: !nv_tileaa.ptr<f16>, %b: !nv_tileaa.ptr<f16>, %c: !nv_tileaa.ptr<f32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %rm = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rk = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %rm_col = nv_tileaa.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %rk_row = nv_tileaa.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %rk_col = nv_tileaa.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %rn_row = nv_tileaa.expand_dims %rm {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %am = nv_tileaa.broadcast %rm_col : tensor<64x1xi32> -> tensor<64x32xi32>
  %ak = nv_tileaa.broadcast %rk_row : tensor<1x32xi32> -> tensor<64x32xi32>
  %c32a = arith.constant dense<32> : tensor<64x32xi32>
  %a_rows = arith.muli %am, %c32a : tensor<64x32xi32>
  %a_offs = arith.addi %a_rows, %ak : tensor<64x32xi32>
  %a_base = nv_tileaa.splat %a : !nv_tileaa.ptr<f16> -> tensor<64x32x!nv_tileaa.ptr<f16>>
  %a_ptrs = nv_tileaa.addptr %a_base, %a_offs : tensor<64x32x!nv_tileaa.ptr<f16>>, tensor<64x32xi32>
  %a_tile = nv_tileaa.load %a_ptrs : tensor<64x32x!nv_tileaa.ptr<f16>> -> tensor<64x32xf16>
  %a_twice = nv_tileaa.addf %a_tile, %a_tile : tensor<64x32xf16>
  %bk = nv_tileaa.broadcast %rk_col : tensor<32x1xi32> -> tensor<32x64xi32>
  %bn = nv_tileaa.broadcast %rn_row : tensor<1x64xi32> -> tensor<32x64xi32>
  %c64b = arith.constant dense<64> : tensor<32x64xi32>
  %b_rows = arith.muli %bk, %c64b : tensor<32x64xi32>
  %b_offs = arith.addi %b_rows, %bn : tensor<32x64xi32>
  %b_base = nv_tileaa.splat %b : !nv_tileaa.ptr<f16> -> tensor<32x64x!nv_tileaa.ptr<f16>>
  %b_ptrs = nv_tileaa.addptr %b_base, %b_offs : tensor<32x64x!nv_tileaa.ptr<f16>>, tensor<32x64xi32>
  %b_tile = nv_tileaa.load %b_ptrs : tensor<32x64x!nv_tileaa.ptr<f16>> -> tensor<32x64xf16>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = nv_tileaa.dot %a_twice, %b_tile, %zero : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
  %c_ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<64x64x!nv_tileaa.ptr<f32>>
  nv_tileaa.store %c_ptrs, %d : tensor<64x64x!nv_tileaa.ptr<f32>>, tensor<64x64xf32>
  nv_tileaa.return
}

// -----

// TMA slots: no proxy fence (TMA writes in the asynchronous proxy, as wgmma
// reads).
// CHECK-LABEL: nv_tileaa.func @tma
// CHECK: nv_tileaa.local_alloc : !nv_tileaa.smem<4x1x1xi64
// CHECK: scf.for
// CHECK: nv_tileaa.mbarrier_wait
// CHECK-NOT: nv_tileaa.local_load
// CHECK: nv_tileaa.warpgroup_dot %{{.*}}[%{{.*}}], %{{.*}}[%{{.*}}], %{{.*}} use_c %{{.*}} {pending = 1 : i32} : !nv_tileaa.smem<4x64x32xf16
// CHECK: scf.yield
// CHECK: nv_tileaa.warpgroup_wait
nv_tileaa.func @tma(%a: !nv_tileaa.tensor_map {nv_tileaa.tensor_map = {address_param = 2 : i64, box = array<i64: 32, 64>, dims = [128, 64], element_type = f16, fill = "zero", strides = [128], swizzle = 64 : i64}},
                    %b: !nv_tileaa.tensor_map {nv_tileaa.tensor_map = {address_param = 2 : i64, box = array<i64: 64, 32>, dims = [64, 128], element_type = f16, fill = "zero", strides = [64], swizzle = 128 : i64}}, %steps: i32, %c: !nv_tileaa.ptr<f32>)
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
  %c_ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<64x64x!nv_tileaa.ptr<f32>>
  nv_tileaa.store %c_ptrs, %acc : tensor<64x64x!nv_tileaa.ptr<f32>>, tensor<64x64xf32>
  nv_tileaa.return
}
