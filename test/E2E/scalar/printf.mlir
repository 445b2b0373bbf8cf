// Device printf through vprintf, once per program.
// RUN: %all-targets %s %t | FileCheck %S/all-targets.txt
// RUN: tileiras --gpu-name=sm_80 %s -o - | FileCheck %s

// CHECK: .extern .func  (.param .b32 func_retval0) vprintf
// CHECK: .global .align 1 .b8 {{.*}}[{{[0-9]+}}] = {112, 105, 100, 61
// CHECK: call.uni (retval0), vprintf,
nv_tileaa.func @hello(%p: !nv_tileaa.ptr<f32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %pid = nv_tileaa.get_program_id x : i32
  %v = nv_tileaa.load %p : !nv_tileaa.ptr<f32> -> f32
  nv_tileaa.print "pid=%d value=%f\n", %pid, %v : i32, f32
  nv_tileaa.return
}
