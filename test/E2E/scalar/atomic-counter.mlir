// Every program takes a ticket from a global counter and records it: the
// atomic happens once per program, and every thread of the program sees the
// old value.
// RUN: %all-targets %s %t | FileCheck %S/all-targets.txt
// RUN: tileiras --gpu-name=sm_90a %s -o - | FileCheck %s

// CHECK: .visible .entry tickets(
// CHECK: atom{{.*}}.add.u32
// CHECK: bar.sync 0;
nv_tileaa.func @tickets(%counter: !nv_tileaa.ptr<i32>, %out: !nv_tileaa.ptr<i32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %one = arith.constant 1 : i32
  %ticket = nv_tileaa.atomic_rmw add, %counter, %one : !nv_tileaa.ptr<i32>, i32 -> i32
  %pid = nv_tileaa.get_program_id x : i32
  %slot = nv_tileaa.addptr %out, %pid : !nv_tileaa.ptr<i32>, i32
  nv_tileaa.store %slot, %ticket : !nv_tileaa.ptr<i32>, i32
  nv_tileaa.return
}
