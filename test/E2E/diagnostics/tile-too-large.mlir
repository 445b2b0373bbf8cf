// 65536 elements over one warp would be 2048 registers per thread: rejected
// with a clear message instead of spilling everything to local memory.
// RUN: %expect-exit 1 tileiras --gpu-name=sm_80 %s -o %t.ptx 2>&1 | FileCheck %s
// RUN: not ls %t.ptx
// CHECK: error: tile 'tensor<65536xf32, {{.*}}' is too large to distribute: 2048 elements per thread (at most 256); use smaller tiles or more warps
nv_tileaa.func @huge(%p: !nv_tileaa.ptr<f32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 65536 : i32} : tensor<65536xi32>
  %b = nv_tileaa.splat %p : !nv_tileaa.ptr<f32> -> tensor<65536x!nv_tileaa.ptr<f32>>
  %ptrs = nv_tileaa.addptr %b, %r : tensor<65536x!nv_tileaa.ptr<f32>>, tensor<65536xi32>
  %x = nv_tileaa.load %ptrs : tensor<65536x!nv_tileaa.ptr<f32>> -> tensor<65536xf32>
  %y = nv_tileaa.addf %x, %x : tensor<65536xf32>
  nv_tileaa.store %ptrs, %y : tensor<65536x!nv_tileaa.ptr<f32>>, tensor<65536xf32>
  nv_tileaa.return
}
