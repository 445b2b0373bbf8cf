// assert and print on tiles and scalars, every element type print takes,
// compiled for every target and assembled: vprintf and __assertfail calls
// guarded by branches, the message and format strings as global constants.
// RUN: %all-targets %s %t | FileCheck %S/all-targets.txt
// RUN: tileiras --gpu-name=sm_75 %s -o - | FileCheck %s

// CHECK-DAG: .extern .func  (.param .b32 func_retval0) vprintf
// CHECK-DAG: .extern .func __assertfail
// CHECK-LABEL: .entry check_rows(
// A failing element: print its index, then stop the kernel.
// CHECK: @%p{{[0-9]+}} bra
// CHECK: call.uni (retval0), vprintf,
// CHECK: call.uni __assertfail,
// Every element that thread owns, then the scalar print by thread 0.
// CHECK-COUNT-2: call.uni (retval0), vprintf,
// CHECK: call.uni (retval0), vprintf,
// CHECK: ret;
nv_tileaa.func @check_rows(%p: !nv_tileaa.ptr<f16>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 2>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<128xi32>
  %ok = arith.cmpi slt, %r, %ns : tensor<128xi32>
  nv_tileaa.assert %ok, "index past n" : tensor<128xi1>
  %pb = nv_tileaa.splat %p : !nv_tileaa.ptr<f16> -> tensor<128x!nv_tileaa.ptr<f16>>
  %pp = nv_tileaa.addptr %pb, %r : tensor<128x!nv_tileaa.ptr<f16>>, tensor<128xi32>
  %x = nv_tileaa.load %pp, %ok : tensor<128x!nv_tileaa.ptr<f16>> -> tensor<128xf16>
  nv_tileaa.print "x=%f n=%d\n", %x, %n : tensor<128xf16>, i32
  nv_tileaa.print "n=%d\n", %n : i32
  nv_tileaa.return
}

// CHECK-LABEL: .entry types(
// CHECK: call.uni __assertfail,
// CHECK: call.uni (retval0), vprintf,
nv_tileaa.func @types(%a: i1, %b: i8, %c: i16, %d: i64, %e: bf16, %f: f16, %g: f8E4M3FN, %h: f8E5M2, %i: f64, %p: !nv_tileaa.ptr<i32, 3>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  nv_tileaa.assert %a, "a must hold" : i1
  nv_tileaa.print "%d %d %d %ld %f %f %f %f %f %p\n", %a, %b, %c, %d, %e, %f, %g, %h, %i, %p : i1, i8, i16, i64, bf16, f16, f8E4M3FN, f8E5M2, f64, !nv_tileaa.ptr<i32, 3>
  nv_tileaa.return
}
