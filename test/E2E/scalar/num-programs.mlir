// get_num_programs is the grid size (%nctaid), get_program_id the CTA id
// (%ctaid): out[pid] = nx * ny * nz + pid.
// RUN: %all-targets %s %t | FileCheck %S/all-targets.txt
// RUN: tileiras --gpu-name=sm_80 %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas-verify sm_80 %t.ptx
// RUN: tileiras --gpu-name=sm_80 %s --emit=mlir -o - | FileCheck %s --check-prefix=MLIR

// CHECK: .visible .entry num_programs(
// CHECK-DAG: mov.u32 %r{{[0-9]+}}, %nctaid.x;
// CHECK-DAG: mov.u32 %r{{[0-9]+}}, %nctaid.y;
// CHECK-DAG: mov.u32 %r{{[0-9]+}}, %nctaid.z;
// CHECK-DAG: mov.u32 %r{{[0-9]+}}, %ctaid.x;
// CHECK: st.global.b32
// CHECK-NOT: %ctaid.y
// CHECK-NOT: %nctaid

// MLIR-DAG: nvvm.read.ptx.sreg.nctaid.x : i32
// MLIR-DAG: nvvm.read.ptx.sreg.nctaid.y : i32
// MLIR-DAG: nvvm.read.ptx.sreg.nctaid.z : i32
// MLIR-DAG: nvvm.read.ptx.sreg.ctaid.x : i32
// MLIR-NOT: nv_tileaa.get_
nv_tileaa.func @num_programs(%out: !nv_tileaa.ptr<i32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %x = nv_tileaa.get_num_programs x : i32
  %y = nv_tileaa.get_num_programs y : i32
  %z = nv_tileaa.get_num_programs z : i32
  %pid = nv_tileaa.get_program_id x : i32
  %xy = arith.muli %x, %y : i32
  %xyz = arith.muli %xy, %z : i32
  %v = arith.addi %xyz, %pid : i32
  %q = nv_tileaa.addptr %out, %pid : !nv_tileaa.ptr<i32>, i32
  nv_tileaa.store %q, %v : !nv_tileaa.ptr<i32>, i32
  nv_tileaa.return
}
