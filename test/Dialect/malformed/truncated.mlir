// A file that ends in the middle of a function.
// RUN: not tileiras-opt %s 2>&1 | FileCheck %s
// CHECK: error: expected
nv_tileaa.func @k(%a: !nv_tileaa.ptr<f32>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %pid = nv_tileaa.get_program_id x : i32
  %i = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %x = nv_tileaa.load %a : !nv_tileaa.ptr<f32> -
