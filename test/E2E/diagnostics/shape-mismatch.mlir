// Shape mismatches are caught by the verifier before anything is lowered
// (exit code 3: the input is not a valid program).
// RUN: %expect-exit 3 tileiras --gpu-name=sm_80 %s -o %t.ptx 2>&1 | FileCheck %s
// RUN: not ls %t.ptx
// CHECK: shape-mismatch.mlir:[[@LINE+5]]:{{[0-9]+}}: error:
nv_tileaa.func @mismatch(%p: !nv_tileaa.ptr<f32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %b = nv_tileaa.splat %p : !nv_tileaa.ptr<f32> -> tensor<64x!nv_tileaa.ptr<f32>>
  %ptrs = nv_tileaa.addptr %b, %r : tensor<64x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  nv_tileaa.return
}
