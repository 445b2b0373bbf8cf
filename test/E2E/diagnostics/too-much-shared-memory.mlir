// A transpose of a 256 x 256 f32 tile moves 256 KiB (plus padding) through
// shared memory: more than any target lets one CTA use (227 KiB on sm_90
// and sm_100). The compile fails at the kernel with the size it needs
// instead of producing a kernel that cannot launch.
// RUN: %expect-exit 1 tileiras --gpu-name=sm_90a %s -o %t.ptx 2>&1 | FileCheck %s
// RUN: not ls %t.ptx
// CHECK: too-much-shared-memory.mlir:8:1: error: kernel @transpose_256x256 needs 263168 bytes of shared memory to exchange tile data, more than the 232448 bytes a CTA may use on sm_90a; no target has that much shared memory per CTA; otherwise use smaller tiles
nv_tileaa.func @transpose_256x256(%in: !nv_tileaa.ptr<f32>, %out: !nv_tileaa.ptr<f32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 16>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 65536 : i32} : tensor<65536xi32>
  %ri = nv_tileaa.view %r : tensor<65536xi32> -> tensor<256x256xi32>
  %ro = nv_tileaa.view %r : tensor<65536xi32> -> tensor<256x256xi32>
  %ib = nv_tileaa.splat %in : !nv_tileaa.ptr<f32> -> tensor<256x256x!nv_tileaa.ptr<f32>>
  %ip = nv_tileaa.addptr %ib, %ri : tensor<256x256x!nv_tileaa.ptr<f32>>, tensor<256x256xi32>
  %x = nv_tileaa.load %ip : tensor<256x256x!nv_tileaa.ptr<f32>> -> tensor<256x256xf32>
  %t = nv_tileaa.permute %x {order = array<i32: 1, 0>} : tensor<256x256xf32> -> tensor<256x256xf32>
  %ob = nv_tileaa.splat %out : !nv_tileaa.ptr<f32> -> tensor<256x256x!nv_tileaa.ptr<f32>>
  %op = nv_tileaa.addptr %ob, %ro : tensor<256x256x!nv_tileaa.ptr<f32>>, tensor<256x256xi32>
  nv_tileaa.store %op, %t : tensor<256x256x!nv_tileaa.ptr<f32>>, tensor<256x256xf32>
  nv_tileaa.return
}
