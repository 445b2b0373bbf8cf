// Memory-ordering tokens (create_mem_token, join_mem_token) carry no
// ordering of their own in v1 (memory operations stay in program order):
// they lower to an i32 0, also when carried through a loop and passed to and
// returned from a device function.
// RUN: %all-targets %s %t | FileCheck %S/all-targets.txt
// RUN: tileiras --gpu-name=sm_90a %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas-verify sm_90a %t.ptx
// RUN: tileiras --gpu-name=sm_90a %s --emit=mlir -o - | FileCheck %s --check-prefix=MLIR

// The token parameters and result are b32; the function returns 0.
// CHECK: .visible .func  (.param .b32 func_retval0) order(
// CHECK-NEXT: .param .b32 order_param_0,
// CHECK-NEXT: .param .b32 order_param_1
// CHECK: st.param.b32 [func_retval0], 0;
// CHECK: .visible .entry tokens(
// CHECK: ld.global.b32
// CHECK: add.f32
// CHECK: st.global.b32

// MLIR: llvm.func @order(%{{.*}}: i32, %{{.*}}: i32) -> i32 {
// MLIR-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// MLIR-NEXT: llvm.return %[[ZERO]] : i32
// MLIR: llvm.func @tokens(
// The loop carries the token as an i32 next to the induction variable.
// MLIR: ^bb1(%{{.*}}: i32, %{{.*}}: i32):
// MLIR: llvm.call @order(%{{.*}}, %{{.*}}) : (i32, i32) -> i32
// MLIR-NOT: mem_token
nv_tileaa.func @order(%t: !nv_tileaa.mem_token, %u: !nv_tileaa.mem_token) -> !nv_tileaa.mem_token {
  %j = nv_tileaa.join_mem_token %t, %u : !nv_tileaa.mem_token
  nv_tileaa.return %j : !nv_tileaa.mem_token
}

nv_tileaa.func @tokens(%p: !nv_tileaa.ptr<f32>, %n: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%t = %t0) -> (!nv_tileaa.mem_token) : i32 {
    %q = nv_tileaa.addptr %p, %i : !nv_tileaa.ptr<f32>, i32
    %v = nv_tileaa.load %q : !nv_tileaa.ptr<f32> -> f32
    %w = nv_tileaa.addf %v, %v : f32
    nv_tileaa.store %q, %w : !nv_tileaa.ptr<f32>, f32
    %t1 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %j = nv_tileaa.join_mem_token %t, %t1 : !nv_tileaa.mem_token
    scf.yield %j : !nv_tileaa.mem_token
  }
  %none = nv_tileaa.join_mem_token : !nv_tileaa.mem_token
  %r = nv_tileaa.call @order(%last, %none) : (!nv_tileaa.mem_token, !nv_tileaa.mem_token) -> !nv_tileaa.mem_token
  nv_tileaa.return
}
