// RUN: tileiras-opt %s -split-input-file -tileaa-wrap-gpu-module -verify-diagnostics
// Code outside any function is an error, not silently dropped; functions
// and LLVM globals at module level are fine.
// RUN: %expect-exit 1 tileiras --gpu-name=sm_80 %s -o %t.ptx 2>&1 | FileCheck %s
// RUN: not ls %t.ptx
// CHECK: wrap-gpu-module-invalid.mlir:[[@LINE+3]]:6: error: 'nv_tileaa.get_program_id' is outside any function; put it in an nv_tileaa.func

// expected-error @+1 {{'nv_tileaa.get_program_id' is outside any function; put it in an nv_tileaa.func}}
%0 = nv_tileaa.get_program_id x : i32
llvm.mlir.global internal @counter(0 : i32) : i32
nv_tileaa.func @k() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  nv_tileaa.return
}
