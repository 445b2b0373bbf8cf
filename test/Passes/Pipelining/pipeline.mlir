// The software pipeliner on a K loop whose A and B loads feed mma.sync
// operands: the loads become cp.async copies into 3-slot buffers (two
// prologue steps, predicated on the trip count), the conversions become
// reads of the slot after a wait for all but one group, and every group is
// waited for after the loop. numStages = 1, sm_75 (no cp.async) and loads
// that cannot move 4 bytes per access leave the loop alone.
// RUN: tileiras-opt %s -split-input-file -tileaa-resolve-target='gpu-name=sm_80' -tileaa-assign-layouts -tileaa-pipeline | FileCheck %s
// RUN: tileiras-opt %s -split-input-file -tileaa-resolve-target='gpu-name=sm_80' -tileaa-assign-layouts -tileaa-pipeline='num-stages=2' | FileCheck %s --check-prefix=TWO
// RUN: tileiras-opt %s -split-input-file -tileaa-resolve-target='gpu-name=sm_80' -tileaa-assign-layouts -tileaa-pipeline='num-stages=1' | FileCheck %s --check-prefix=OFF
// RUN: tileiras-opt %s -split-input-file -tileaa-resolve-target='gpu-name=sm_75' -tileaa-assign-layouts -tileaa-pipeline | FileCheck %s --check-prefix=OFF

// CHECK-DAG: #[[SA:shared[0-9]*]] = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
// CHECK-DAG: #[[SB:shared[0-9]*]] = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
// CHECK-LABEL: nv_tileaa.func @gemm
// CHECK: %[[A:.*]] = nv_tileaa.local_alloc : !nv_tileaa.smem<3x64x32xf16, #[[SA]]>
// CHECK: %[[B:.*]] = nv_tileaa.local_alloc : !nv_tileaa.smem<3x32x64xf16, #[[SB]]>
// Prologue: steps 0 and 1, masked by "the step exists".
// CHECK: arith.cmpi slt
// CHECK: nv_tileaa.async_copy %{{.*}}, %[[A]][%{{.*}}], %{{.*}} :
// CHECK: nv_tileaa.async_copy %{{.*}}, %[[B]][%{{.*}}], %{{.*}} :
// CHECK: nv_tileaa.async_commit
// CHECK: nv_tileaa.async_copy %{{.*}}, %[[A]]
// CHECK: nv_tileaa.async_copy %{{.*}}, %[[B]]
// CHECK: nv_tileaa.async_commit
// CHECK: scf.for
// CHECK: nv_tileaa.async_wait {pending = 1 : i32}
// CHECK: nv_tileaa.local_load %[[A]][%[[SLOT:.*]]] : !nv_tileaa.smem<3x64x32xf16, #[[SA]]> -> tensor<64x32xf16, #dot_operand>
// CHECK: nv_tileaa.local_load %[[B]][%[[SLOT]]] : !nv_tileaa.smem<3x32x64xf16, #[[SB]]> -> tensor<32x64xf16, #dot_operand1>
// CHECK: nv_tileaa.async_copy %{{.*}}, %[[A]]
// CHECK: nv_tileaa.async_copy %{{.*}}, %[[B]]
// CHECK: nv_tileaa.async_commit
// CHECK: nv_tileaa.dot
// CHECK: scf.yield
// CHECK: nv_tileaa.async_wait {pending = 0 : i32}
// CHECK-NOT: nv_tileaa.load
// CHECK: nv_tileaa.store

// TWO-LABEL: nv_tileaa.func @gemm
// TWO: nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x32xf16
// TWO: nv_tileaa.async_commit
// TWO-NOT: nv_tileaa.async_commit
// TWO: scf.for
// TWO: nv_tileaa.async_wait {pending = 0 : i32}

// OFF-LABEL: nv_tileaa.func @gemm
// OFF-NOT: async
// OFF: nv_tileaa.load
// OFF-NOT: async
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

// Without the assumptions the rows' alignment is unknown: 2-byte loads,
// too narrow for cp.async, stay synchronous.
// CHECK-LABEL: nv_tileaa.func @unaligned
// CHECK-NOT: async_copy
// CHECK: nv_tileaa.load
// CHECK-NOT: async_copy
nv_tileaa.func @unaligned(%a: !nv_tileaa.ptr<f16>, %lda: i32, %k: i32, %b: tensor<32x64xf16>) -> tensor<64x64xf32> {
  %rm = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rk = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %rm_col = nv_tileaa.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %rk_row = nv_tileaa.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %am = nv_tileaa.broadcast %rm_col : tensor<64x1xi32> -> tensor<64x32xi32>
  %ak = nv_tileaa.broadcast %rk_row : tensor<1x32xi32> -> tensor<64x32xi32>
  %ldas = nv_tileaa.splat %lda : i32 -> tensor<64x32xi32>
  %rows = arith.muli %am, %ldas : tensor<64x32xi32>
  %offs = arith.addi %rows, %ak : tensor<64x32xi32>
  %base = nv_tileaa.splat %a : !nv_tileaa.ptr<f16> -> tensor<64x32x!nv_tileaa.ptr<f16>>
  %ptrs0 = nv_tileaa.addptr %base, %offs : tensor<64x32x!nv_tileaa.ptr<f16>>, tensor<64x32xi32>
  %step = arith.constant dense<32> : tensor<64x32xi32>
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc, %end = scf.for %kk = %c0 to %k step %c32 iter_args(%sum = %zero, %ptrs = %ptrs0)
      -> (tensor<64x64xf32>, tensor<64x32x!nv_tileaa.ptr<f16>>) : i32 {
    %tile = nv_tileaa.load %ptrs : tensor<64x32x!nv_tileaa.ptr<f16>> -> tensor<64x32xf16>
    %next = nv_tileaa.dot %tile, %b, %sum : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
    %p = nv_tileaa.addptr %ptrs, %step : tensor<64x32x!nv_tileaa.ptr<f16>>, tensor<64x32xi32>
    scf.yield %next, %p : tensor<64x64xf32>, tensor<64x32x!nv_tileaa.ptr<f16>>
  }
  nv_tileaa.return %acc : tensor<64x64xf32>
}

// -----

// Aligned rows and a K bound that may split a row's 8-element chunks: the
// mask "column < K" is true on a prefix of every chunk, so the load is
// still copied 16 bytes at a time (with a partial source size).
// CHECK-LABEL: nv_tileaa.func @prefix_mask
// CHECK: nv_tileaa.async_copy
// OFF-LABEL: nv_tileaa.func @prefix_mask
// OFF-NOT: async_copy
nv_tileaa.func @prefix_mask(%a_arg: !nv_tileaa.ptr<f16>, %lda_arg: i32, %k: i32, %b: tensor<32x64xf16>) -> tensor<64x64xf32> {
  %a = nv_tileaa.assume %a_arg {div_by = 16 : i64} : !nv_tileaa.ptr<f16>
  %lda = nv_tileaa.assume %lda_arg {div_by = 8 : i64} : i32
  %rm = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rk = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %rm_col = nv_tileaa.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %rk_row = nv_tileaa.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %am = nv_tileaa.broadcast %rm_col : tensor<64x1xi32> -> tensor<64x32xi32>
  %ak = nv_tileaa.broadcast %rk_row : tensor<1x32xi32> -> tensor<64x32xi32>
  %ldas = nv_tileaa.splat %lda : i32 -> tensor<64x32xi32>
  %rows = arith.muli %am, %ldas : tensor<64x32xi32>
  %offs = arith.addi %rows, %ak : tensor<64x32xi32>
  %base = nv_tileaa.splat %a : !nv_tileaa.ptr<f16> -> tensor<64x32x!nv_tileaa.ptr<f16>>
  %ptrs0 = nv_tileaa.addptr %base, %offs : tensor<64x32x!nv_tileaa.ptr<f16>>, tensor<64x32xi32>
  %ks = nv_tileaa.splat %k : i32 -> tensor<64x32xi32>
  %step = arith.constant dense<32> : tensor<64x32xi32>
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc, %end = scf.for %kk = %c0 to %k step %c32 iter_args(%sum = %zero, %ptrs = %ptrs0)
      -> (tensor<64x64xf32>, tensor<64x32x!nv_tileaa.ptr<f16>>) : i32 {
    %kks = nv_tileaa.splat %kk : i32 -> tensor<64x32xi32>
    %col = arith.addi %kks, %ak : tensor<64x32xi32>
    %mask = arith.cmpi slt, %col, %ks : tensor<64x32xi32>
    %tile = nv_tileaa.load %ptrs, %mask : tensor<64x32x!nv_tileaa.ptr<f16>> -> tensor<64x32xf16>
    %next = nv_tileaa.dot %tile, %b, %sum : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
    %p = nv_tileaa.addptr %ptrs, %step : tensor<64x32x!nv_tileaa.ptr<f16>>, tensor<64x32xi32>
    scf.yield %next, %p : tensor<64x64xf32>, tensor<64x32x!nv_tileaa.ptr<f16>>
  }
  nv_tileaa.return %acc : tensor<64x64xf32>
}

// -----

// "column >= K" is true on a suffix of a chunk, which a source size
// cannot express: 2-byte loads, left synchronous.
// CHECK-LABEL: nv_tileaa.func @suffix_mask
// CHECK-NOT: async_copy
// CHECK: nv_tileaa.load
// CHECK-NOT: async_copy
nv_tileaa.func @suffix_mask(%a_arg: !nv_tileaa.ptr<f16>, %lda_arg: i32, %k: i32, %b: tensor<32x64xf16>) -> tensor<64x64xf32> {
  %a = nv_tileaa.assume %a_arg {div_by = 16 : i64} : !nv_tileaa.ptr<f16>
  %lda = nv_tileaa.assume %lda_arg {div_by = 8 : i64} : i32
  %rm = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rk = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %rm_col = nv_tileaa.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %rk_row = nv_tileaa.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %am = nv_tileaa.broadcast %rm_col : tensor<64x1xi32> -> tensor<64x32xi32>
  %ak = nv_tileaa.broadcast %rk_row : tensor<1x32xi32> -> tensor<64x32xi32>
  %ldas = nv_tileaa.splat %lda : i32 -> tensor<64x32xi32>
  %rows = arith.muli %am, %ldas : tensor<64x32xi32>
  %offs = arith.addi %rows, %ak : tensor<64x32xi32>
  %base = nv_tileaa.splat %a : !nv_tileaa.ptr<f16> -> tensor<64x32x!nv_tileaa.ptr<f16>>
  %ptrs0 = nv_tileaa.addptr %base, %offs : tensor<64x32x!nv_tileaa.ptr<f16>>, tensor<64x32xi32>
  %ks = nv_tileaa.splat %k : i32 -> tensor<64x32xi32>
  %step = arith.constant dense<32> : tensor<64x32xi32>
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc, %end = scf.for %kk = %c0 to %k step %c32 iter_args(%sum = %zero, %ptrs = %ptrs0)
      -> (tensor<64x64xf32>, tensor<64x32x!nv_tileaa.ptr<f16>>) : i32 {
    %kks = nv_tileaa.splat %kk : i32 -> tensor<64x32xi32>
    %col = arith.addi %kks, %ak : tensor<64x32xi32>
    %mask = arith.cmpi sge, %col, %ks : tensor<64x32xi32>
    %tile = nv_tileaa.load %ptrs, %mask : tensor<64x32x!nv_tileaa.ptr<f16>> -> tensor<64x32xf16>
    %next = nv_tileaa.dot %tile, %b, %sum : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
    %p = nv_tileaa.addptr %ptrs, %step : tensor<64x32x!nv_tileaa.ptr<f16>>, tensor<64x32xi32>
    scf.yield %next, %p : tensor<64x64xf32>, tensor<64x32x!nv_tileaa.ptr<f16>>
  }
  nv_tileaa.return %acc : tensor<64x64xf32>
}

// -----

// The pointers advanced by the loop are used after it: the loop would
// return them advanced past the end, so it keeps its loads.
// CHECK-LABEL: nv_tileaa.func @carried_out
// CHECK-NOT: nv_tileaa.local_alloc
// CHECK: scf.for
// CHECK-NOT: async
// CHECK: nv_tileaa.load
// CHECK-NOT: async
nv_tileaa.func @carried_out(%a: !nv_tileaa.ptr<f16>, %c: !nv_tileaa.ptr<f32>, %k: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %b = arith.constant dense<1.0> : tensor<32x64xf16>
  %rm = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %rk = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %rm_col = nv_tileaa.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %rk_row = nv_tileaa.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %am = nv_tileaa.broadcast %rm_col : tensor<64x1xi32> -> tensor<64x32xi32>
  %ak = nv_tileaa.broadcast %rk_row : tensor<1x32xi32> -> tensor<64x32xi32>
  %c64 = arith.constant dense<64> : tensor<64x32xi32>
  %rows = arith.muli %am, %c64 : tensor<64x32xi32>
  %offs = arith.addi %rows, %ak : tensor<64x32xi32>
  %base = nv_tileaa.splat %a : !nv_tileaa.ptr<f16> -> tensor<64x32x!nv_tileaa.ptr<f16>>
  %ptrs0 = nv_tileaa.addptr %base, %offs : tensor<64x32x!nv_tileaa.ptr<f16>>, tensor<64x32xi32>
  %step = arith.constant dense<32> : tensor<64x32xi32>
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc, %end = scf.for %kk = %c0 to %k step %c32 iter_args(%sum = %zero, %ptrs = %ptrs0)
      -> (tensor<64x64xf32>, tensor<64x32x!nv_tileaa.ptr<f16>>) : i32 {
    %tile = nv_tileaa.load %ptrs : tensor<64x32x!nv_tileaa.ptr<f16>> -> tensor<64x32xf16>
    %next = nv_tileaa.dot %tile, %b, %sum : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
    %p = nv_tileaa.addptr %ptrs, %step : tensor<64x32x!nv_tileaa.ptr<f16>>, tensor<64x32xi32>
    scf.yield %next, %p : tensor<64x64xf32>, tensor<64x32x!nv_tileaa.ptr<f16>>
  }
  %c_ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<64x64x!nv_tileaa.ptr<f32>>
  nv_tileaa.store %c_ptrs, %acc : tensor<64x64x!nv_tileaa.ptr<f32>>, tensor<64x64xf32>
  %last = nv_tileaa.load %end : tensor<64x32x!nv_tileaa.ptr<f16>> -> tensor<64x32xf16>
  nv_tileaa.store %end, %last : tensor<64x32x!nv_tileaa.ptr<f16>>, tensor<64x32xf16>
  nv_tileaa.return
}

// -----

// The second load comes after the first dot (as V after Q K^T in
// attention): one group per iteration still holds both copies, so the
// commit follows the last copy. The first dot's read comes first in the
// loop; the second's moves down to right before its dot, so that its
// fragments are not held in registers while the first dot runs.
// CHECK-LABEL: nv_tileaa.func @two_dots
// CHECK: scf.for
// CHECK: nv_tileaa.async_wait {pending = 1 : i32}
// CHECK-NEXT: nv_tileaa.local_load
// CHECK-NOT: nv_tileaa.local_load
// CHECK: nv_tileaa.async_copy
// CHECK-NOT: nv_tileaa.async_commit
// CHECK: nv_tileaa.async_copy
// CHECK: nv_tileaa.async_commit
// CHECK-NOT: nv_tileaa.local_load
// CHECK: nv_tileaa.dot
// CHECK-NEXT: nv_tileaa.local_load
// CHECK-NEXT: nv_tileaa.dot
// CHECK: scf.yield
nv_tileaa.func @two_dots(%a: !nv_tileaa.ptr<f16>, %c: !nv_tileaa.ptr<f32>, %k: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %row = nv_tileaa.expand_dims %r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %col = nv_tileaa.expand_dims %r {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %rows = nv_tileaa.broadcast %row : tensor<32x1xi32> -> tensor<32x32xi32>
  %cols = nv_tileaa.broadcast %col : tensor<1x32xi32> -> tensor<32x32xi32>
  %c32t = arith.constant dense<32> : tensor<32x32xi32>
  %rowoffs = arith.muli %rows, %c32t : tensor<32x32xi32>
  %offs = arith.addi %rowoffs, %cols : tensor<32x32xi32>
  %base = nv_tileaa.splat %a : !nv_tileaa.ptr<f16> -> tensor<32x32x!nv_tileaa.ptr<f16>>
  %ptrs = nv_tileaa.addptr %base, %offs : tensor<32x32x!nv_tileaa.ptr<f16>>, tensor<32x32xi32>
  %ones = arith.constant dense<1.0> : tensor<32x32xf16>
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %acc = scf.for %i = %c0 to %k step %c1 iter_args(%sum = %zero) -> (tensor<32x32xf32>) : i32 {
    %x = nv_tileaa.load %ptrs : tensor<32x32x!nv_tileaa.ptr<f16>> -> tensor<32x32xf16>
    %d1 = nv_tileaa.dot %x, %ones, %sum : tensor<32x32xf16>, tensor<32x32xf16>, tensor<32x32xf32> -> tensor<32x32xf32>
    %y = nv_tileaa.load %ptrs : tensor<32x32x!nv_tileaa.ptr<f16>> -> tensor<32x32xf16>
    %d2 = nv_tileaa.dot %ones, %y, %d1 : tensor<32x32xf16>, tensor<32x32xf16>, tensor<32x32xf32> -> tensor<32x32xf32>
    scf.yield %d2 : tensor<32x32xf32>
  }
  %c_ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<32x32x!nv_tileaa.ptr<f32>>
  nv_tileaa.store %c_ptrs, %acc : tensor<32x32x!nv_tileaa.ptr<f32>>, tensor<32x32xf32>
  nv_tileaa.return
}

// -----

// A constant trip count below numStages lowers the depth to it (two
// iterations: two slots); one iteration is not pipelined.
// CHECK-LABEL: nv_tileaa.func @short
// CHECK: nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x32xf16
// CHECK: nv_tileaa.async_wait {pending = 0 : i32}
// CHECK-LABEL: nv_tileaa.func @single
// CHECK-NOT: async
// CHECK: nv_tileaa.load
nv_tileaa.func @short(%a: !nv_tileaa.ptr<f16>, %c: !nv_tileaa.ptr<f32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %row = nv_tileaa.expand_dims %r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %col = nv_tileaa.expand_dims %r {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %rows = nv_tileaa.broadcast %row : tensor<32x1xi32> -> tensor<32x32xi32>
  %cols = nv_tileaa.broadcast %col : tensor<1x32xi32> -> tensor<32x32xi32>
  %c32t = arith.constant dense<32> : tensor<32x32xi32>
  %rowoffs = arith.muli %rows, %c32t : tensor<32x32xi32>
  %offs = arith.addi %rowoffs, %cols : tensor<32x32xi32>
  %base = nv_tileaa.splat %a : !nv_tileaa.ptr<f16> -> tensor<32x32x!nv_tileaa.ptr<f16>>
  %ptrs = nv_tileaa.addptr %base, %offs : tensor<32x32x!nv_tileaa.ptr<f16>>, tensor<32x32xi32>
  %ones = arith.constant dense<1.0> : tensor<32x32xf16>
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %acc = scf.for %i = %c0 to %c2 step %c1 iter_args(%sum = %zero) -> (tensor<32x32xf32>) : i32 {
    %x = nv_tileaa.load %ptrs : tensor<32x32x!nv_tileaa.ptr<f16>> -> tensor<32x32xf16>
    %d = nv_tileaa.dot %x, %ones, %sum : tensor<32x32xf16>, tensor<32x32xf16>, tensor<32x32xf32> -> tensor<32x32xf32>
    scf.yield %d : tensor<32x32xf32>
  }
  %c_ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<32x32x!nv_tileaa.ptr<f32>>
  nv_tileaa.store %c_ptrs, %acc : tensor<32x32x!nv_tileaa.ptr<f32>>, tensor<32x32xf32>
  nv_tileaa.return
}
nv_tileaa.func @single(%a: !nv_tileaa.ptr<f16>, %c: !nv_tileaa.ptr<f32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %row = nv_tileaa.expand_dims %r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %col = nv_tileaa.expand_dims %r {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %rows = nv_tileaa.broadcast %row : tensor<32x1xi32> -> tensor<32x32xi32>
  %cols = nv_tileaa.broadcast %col : tensor<1x32xi32> -> tensor<32x32xi32>
  %c32t = arith.constant dense<32> : tensor<32x32xi32>
  %rowoffs = arith.muli %rows, %c32t : tensor<32x32xi32>
  %offs = arith.addi %rowoffs, %cols : tensor<32x32xi32>
  %base = nv_tileaa.splat %a : !nv_tileaa.ptr<f16> -> tensor<32x32x!nv_tileaa.ptr<f16>>
  %ptrs = nv_tileaa.addptr %base, %offs : tensor<32x32x!nv_tileaa.ptr<f16>>, tensor<32x32xi32>
  %ones = arith.constant dense<1.0> : tensor<32x32xf16>
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %acc = scf.for %i = %c0 to %c1 step %c1 iter_args(%sum = %zero) -> (tensor<32x32xf32>) : i32 {
    %x = nv_tileaa.load %ptrs : tensor<32x32x!nv_tileaa.ptr<f16>> -> tensor<32x32xf16>
    %d = nv_tileaa.dot %x, %ones, %sum : tensor<32x32xf16>, tensor<32x32xf16>, tensor<32x32xf32> -> tensor<32x32xf32>
    scf.yield %d : tensor<32x32xf32>
  }
  %c_ptrs = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<32x32x!nv_tileaa.ptr<f32>>
  nv_tileaa.store %c_ptrs, %acc : tensor<32x32x!nv_tileaa.ptr<f32>>, tensor<32x32xf32>
  nv_tileaa.return
}
