// A transpose of a 256 x 128 f32 tile needs 128 rows of 257 floats of shared
// memory (131584 bytes): more than sm_86's 99 KiB per CTA, less than the
// 163 KiB of sm_80 and sm_87 and the 227 KiB of sm_90 and newer datacenter
// chips. The error at the kernel names both numbers and those targets; for
// sm_80 the kernel compiles with dynamic shared memory.
// RUN: %expect-exit 1 tileiras --gpu-name=sm_86 %s -o %t.ptx 2>&1 | FileCheck %s
// RUN: not ls %t.ptx
// CHECK: shared-memory-over-target-limit.mlir:16:1: error: kernel @transpose_256x128 needs 131584 bytes of shared memory to exchange tile data, more than the 101376 bytes a CTA may use on sm_86; it fits on sm_80, sm_87, sm_90, sm_100, sm_103 and sm_110 (and their a/f variants); otherwise use smaller tiles
// RUN: %expect-exit 1 tileiras --gpu-name=sm_120a %s -o %t.ptx 2>&1 | FileCheck %s --check-prefix=SM120
// SM120: more than the 101376 bytes a CTA may use on sm_120a; it fits on sm_80, sm_87, sm_90, sm_100, sm_103 and sm_110
// RUN: tileiras --gpu-name=sm_80 %s -o %t.sm80.ptx --metadata=%t.json
// RUN: %ptxas-verify sm_80 %t.sm80.ptx
// RUN: FileCheck %s --check-prefix=SM80 < %t.json
// SM80: "dynamic_shared_memory_bytes": 131584,
// SM80: "static_shared_memory_bytes": 0,
nv_tileaa.func @transpose_256x128(%in: !nv_tileaa.ptr<f32>, %out: !nv_tileaa.ptr<f32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 32768 : i32} : tensor<32768xi32>
  %ri = nv_tileaa.view %r : tensor<32768xi32> -> tensor<256x128xi32>
  %ro = nv_tileaa.view %r : tensor<32768xi32> -> tensor<128x256xi32>
  %ib = nv_tileaa.splat %in : !nv_tileaa.ptr<f32> -> tensor<256x128x!nv_tileaa.ptr<f32>>
  %ip = nv_tileaa.addptr %ib, %ri : tensor<256x128x!nv_tileaa.ptr<f32>>, tensor<256x128xi32>
  %x = nv_tileaa.load %ip : tensor<256x128x!nv_tileaa.ptr<f32>> -> tensor<256x128xf32>
  %t = nv_tileaa.permute %x {order = array<i32: 1, 0>} : tensor<256x128xf32> -> tensor<128x256xf32>
  %ob = nv_tileaa.splat %out : !nv_tileaa.ptr<f32> -> tensor<128x256x!nv_tileaa.ptr<f32>>
  %op = nv_tileaa.addptr %ob, %ro : tensor<128x256x!nv_tileaa.ptr<f32>>, tensor<128x256xi32>
  nv_tileaa.store %op, %t : tensor<128x256x!nv_tileaa.ptr<f32>>, tensor<128x256xf32>
  nv_tileaa.return
}
