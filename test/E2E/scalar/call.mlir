// A kernel calling device functions (one private, one public with two
// results).
// RUN: %all-targets %s %t | FileCheck %S/all-targets.txt
// RUN: tileiras --gpu-name=sm_80 -O0 %s -o - | FileCheck %s

// Private device functions are internal .func; public ones are visible.
// CHECK-DAG: .func  (.param .b32 func_retval0) square(
// CHECK-DAG: .visible .func  (.param .align 4 .b8 func_retval0[8]) divmod(
// CHECK-DAG: call.uni (retval0), square,
// CHECK-DAG: call.uni (retval0), divmod,
nv_tileaa.func private @square(%v: f32) -> f32 {
  %r = nv_tileaa.mulf %v, %v : f32
  nv_tileaa.return %r : f32
}

nv_tileaa.func @divmod(%a: i32, %b: i32) -> (i32, i32) {
  %q = arith.divsi %a, %b : i32
  %r = arith.remsi %a, %b : i32
  nv_tileaa.return %q, %r : i32, i32
}

nv_tileaa.func @kernel(%in: !nv_tileaa.ptr<f32>, %out: !nv_tileaa.ptr<f32>,
                       %idx: !nv_tileaa.ptr<i32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 2>} {
  %pid = nv_tileaa.get_program_id x : i32
  %p = nv_tileaa.addptr %in, %pid : !nv_tileaa.ptr<f32>, i32
  %v = nv_tileaa.load %p : !nv_tileaa.ptr<f32> -> f32
  %s = nv_tileaa.call @square(%v) : (f32) -> f32
  %q = nv_tileaa.addptr %out, %pid : !nv_tileaa.ptr<f32>, i32
  nv_tileaa.store %q, %s : !nv_tileaa.ptr<f32>, f32
  %c7 = arith.constant 7 : i32
  %d, %m = nv_tileaa.call @divmod(%pid, %c7) : (i32, i32) -> (i32, i32)
  %sum = arith.addi %d, %m : i32
  %pi = nv_tileaa.addptr %idx, %pid : !nv_tileaa.ptr<i32>, i32
  nv_tileaa.store %pi, %sum : !nv_tileaa.ptr<i32>, i32
  nv_tileaa.return
}
