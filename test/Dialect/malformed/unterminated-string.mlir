// An unterminated string literal at the end of the input.
// RUN: not tileiras-opt %s 2>&1 | FileCheck %s
// CHECK: error: expected '"' in string literal
func.func @k(%x: f32) {
  nv_tileaa.print "x=%f, %x : f32
