// A transpose of a 128 x 128 f32 tile moves 64 KiB (plus padding) through
// shared memory: more than a kernel can declare. The compile fails with the
// size it needs instead of producing a kernel that cannot launch.
// RUN: %expect-exit 1 tileiras --gpu-name=sm_90a %s -o %t.ptx 2>&1 | FileCheck %s
// RUN: not ls %t.ptx
// CHECK: error: kernel @big_transpose needs {{[0-9]+}} bytes of shared memory to exchange tile data, more than the 49152 bytes tileiras can declare on sm_90a
nv_tileaa.func @big_transpose(%in: !nv_tileaa.ptr<f32>, %out: !nv_tileaa.ptr<f32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 16384 : i32} : tensor<16384xi32>
  %r2 = nv_tileaa.view %r : tensor<16384xi32> -> tensor<128x128xi32>
  %ib = nv_tileaa.splat %in : !nv_tileaa.ptr<f32> -> tensor<128x128x!nv_tileaa.ptr<f32>>
  %ip = nv_tileaa.addptr %ib, %r2 : tensor<128x128x!nv_tileaa.ptr<f32>>, tensor<128x128xi32>
  %x = nv_tileaa.load %ip : tensor<128x128x!nv_tileaa.ptr<f32>> -> tensor<128x128xf32>
  %t = nv_tileaa.permute %x {order = array<i32: 1, 0>} : tensor<128x128xf32> -> tensor<128x128xf32>
  %ob = nv_tileaa.splat %out : !nv_tileaa.ptr<f32> -> tensor<128x128x!nv_tileaa.ptr<f32>>
  %op = nv_tileaa.addptr %ob, %r2 : tensor<128x128x!nv_tileaa.ptr<f32>>, tensor<128x128xi32>
  nv_tileaa.store %op, %t : tensor<128x128x!nv_tileaa.ptr<f32>>, tensor<128x128xf32>
  nv_tileaa.return
}
