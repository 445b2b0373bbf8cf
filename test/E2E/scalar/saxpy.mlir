// One element per program: y[pid] = a * x[pid] + y[pid] for pid < n.
// RUN: %all-targets %s %t | FileCheck %S/all-targets.txt
// RUN: tileiras --gpu-name=sm_90a %s -o - | FileCheck %s

// CHECK: .visible .entry saxpy(
// CHECK: .reqntid 32, 1, 1
// CHECK: mov.u32 %r{{[0-9]+}}, %ctaid.x;
// CHECK: ld.global.b32
// CHECK: ld.global.b32
// CHECK: fma.rn.f32
// The store happens once per program: only thread 0 of the CTA writes.
// CHECK: st.global.b32
nv_tileaa.func @saxpy(%x: !nv_tileaa.ptr<f32>, %y: !nv_tileaa.ptr<f32>,
                      %a: f32, %n: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %pid = nv_tileaa.get_program_id x : i32
  %inside = arith.cmpi slt, %pid, %n : i32
  scf.if %inside {
    %px = nv_tileaa.addptr %x, %pid : !nv_tileaa.ptr<f32>, i32
    %py = nv_tileaa.addptr %y, %pid : !nv_tileaa.ptr<f32>, i32
    %vx = nv_tileaa.load %px : !nv_tileaa.ptr<f32> -> f32
    %vy = nv_tileaa.load %py : !nv_tileaa.ptr<f32> -> f32
    %r = nv_tileaa.fma %a, %vx, %vy : f32
    nv_tileaa.store %py, %r : !nv_tileaa.ptr<f32>, f32
  }
  nv_tileaa.return
}
