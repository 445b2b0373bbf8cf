// A data-dependent scf.while over tiles: the number of Collatz steps of
// each element (x -> x / 2 if even, 3x + 1 if odd, until x <= 1). The loop
// runs while ANY lane is still active: the i1 tile of active lanes becomes
// one scalar condition by a max-reduction (an "all lanes" condition would
// use a min-reduction). Finished lanes keep their values through selects.
// RUN: tileiras --gpu-name=sm_80 %s -o %t.sm_80.ptx
// RUN: tileiras --gpu-name=sm_90a %s -o %t.sm_90a.ptx
// RUN: tileiras --gpu-name=sm_120a %s -o %t.sm_120a.ptx
// RUN: %ptxas-verify sm_80 %t.sm_80.ptx
// RUN: %ptxas-verify sm_90a %t.sm_90a.ptx
// RUN: %ptxas-verify sm_120a %t.sm_120a.ptx
// RUN: FileCheck %s < %t.sm_90a.ptx
// CHECK: .entry collatz(

nv_tileaa.func @collatz(%x: !nv_tileaa.ptr<i32>, %steps: !nv_tileaa.ptr<i32>, %n: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 2>} {
  %pid = nv_tileaa.get_program_id x : i32
  %c256 = arith.constant 256 : i32
  %start = arith.muli %pid, %c256 : i32
  %starts = nv_tileaa.splat %start : i32 -> tensor<256xi32>
  %range = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %offsets = arith.addi %starts, %range : tensor<256xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<256xi32>
  %mask = arith.cmpi slt, %offsets, %ns : tensor<256xi32>
  %xb = nv_tileaa.splat %x : !nv_tileaa.ptr<i32> -> tensor<256x!nv_tileaa.ptr<i32>>
  %xp = nv_tileaa.addptr %xb, %offsets : tensor<256x!nv_tileaa.ptr<i32>>, tensor<256xi32>
  // Lanes past n read 1: already finished.
  %ones = arith.constant dense<1> : tensor<256xi32>
  %x0 = nv_tileaa.load %xp, %mask, %ones : tensor<256x!nv_tileaa.ptr<i32>> -> tensor<256xi32>
  %zeros = arith.constant dense<0> : tensor<256xi32>

  %final:2 = scf.while (%v = %x0, %count = %zeros)
      : (tensor<256xi32>, tensor<256xi32>) -> (tensor<256xi32>, tensor<256xi32>) {
    %one = arith.constant dense<1> : tensor<256xi32>
    %active = arith.cmpi sgt, %v, %one : tensor<256xi32>
    // any lane: max over the 0/1 tile; all lanes would be the min.
    %active32 = arith.extui %active : tensor<256xi1> to tensor<256xi32>
    %any32 = nv_tileaa.reduce %active32 {axis = 0 : i32} : tensor<256xi32> -> i32 {
    ^bb0(%l: i32, %r: i32):
      %mx = arith.maxsi %l, %r : i32
      nv_tileaa.yield %mx : i32
    }
    %c0 = arith.constant 0 : i32
    %any = arith.cmpi ne, %any32, %c0 : i32
    scf.condition(%any) %v, %count : tensor<256xi32>, tensor<256xi32>
  } do {
  ^bb0(%v: tensor<256xi32>, %count: tensor<256xi32>):
    %one = arith.constant dense<1> : tensor<256xi32>
    %three = arith.constant dense<3> : tensor<256xi32>
    %active = arith.cmpi sgt, %v, %one : tensor<256xi32>
    %low = arith.andi %v, %one : tensor<256xi32>
    %zero = arith.constant dense<0> : tensor<256xi32>
    %even = arith.cmpi eq, %low, %zero : tensor<256xi32>
    %half = arith.shrsi %v, %one : tensor<256xi32>
    %v3 = arith.muli %v, %three : tensor<256xi32>
    %odd = arith.addi %v3, %one : tensor<256xi32>
    %step = arith.select %even, %half, %odd : tensor<256xi1>, tensor<256xi32>
    %next = arith.select %active, %step, %v : tensor<256xi1>, tensor<256xi32>
    %inc = arith.extui %active : tensor<256xi1> to tensor<256xi32>
    %count1 = arith.addi %count, %inc : tensor<256xi32>
    scf.yield %next, %count1 : tensor<256xi32>, tensor<256xi32>
  }

  %sb = nv_tileaa.splat %steps : !nv_tileaa.ptr<i32> -> tensor<256x!nv_tileaa.ptr<i32>>
  %sp = nv_tileaa.addptr %sb, %offsets : tensor<256x!nv_tileaa.ptr<i32>>, tensor<256xi32>
  nv_tileaa.store %sp, %final#1, %mask : tensor<256x!nv_tileaa.ptr<i32>>, tensor<256xi32>
  nv_tileaa.return
}
