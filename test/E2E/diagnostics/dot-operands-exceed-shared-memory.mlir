// A 128 x 128 dot with K = 64 is too large for operand registers, so its
// operands go through shared memory: 64 x (128 + 4) f32 for each of A^T and
// B is 67584 bytes, more than sm_75 lets a CTA use (64 KiB). The compile
// fails with the size instead of producing a kernel that cannot launch; on
// sm_80 (163 KiB) the operands live in dynamic shared memory.
// (test/E2E/dot/shared-operands.mlir is a dot of this kind that fits in 48
// KiB of static shared memory.)
// RUN: %expect-exit 1 tileiras --gpu-name=sm_75 %s -o %t.ptx 2>&1 | FileCheck %s
// RUN: not ls %t.ptx
// CHECK: error: kernel @big_dot needs 67584 bytes of shared memory to exchange tile data, more than the 65536 bytes a CTA may use on sm_75; it fits on sm_80, sm_86, sm_87, sm_88, sm_89, sm_90, sm_100, sm_103, sm_110, sm_120 and sm_121 (and their a/f variants); otherwise use smaller tiles
// RUN: tileiras --gpu-name=sm_80 %s -o %t.sm80.ptx --metadata=%t.json
// RUN: %ptxas-verify sm_80 %t.sm80.ptx
// RUN: cat %t.sm80.ptx %t.json | FileCheck %s --check-prefix=SM80
// SM80: .extern .shared .align 16 .b8 __tileiras_smem_big_dot[];
// SM80: "dynamic_shared_memory_bytes": 67584,
// SM80: "static_shared_memory_bytes": 0,
nv_tileaa.func @big_dot(%a: !nv_tileaa.ptr<f32>, %b: !nv_tileaa.ptr<f32>, %out: !nv_tileaa.ptr<f32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
  %ra = nv_tileaa.make_range {start = 0 : i32, end = 8192 : i32} : tensor<8192xi32>
  %ia = nv_tileaa.view %ra : tensor<8192xi32> -> tensor<128x64xi32>
  %ib = nv_tileaa.view %ra : tensor<8192xi32> -> tensor<64x128xi32>
  %pa0 = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<128x64x!nv_tileaa.ptr<f32>>
  %pa = nv_tileaa.addptr %pa0, %ia : tensor<128x64x!nv_tileaa.ptr<f32>>, tensor<128x64xi32>
  %pb0 = nv_tileaa.splat %b : !nv_tileaa.ptr<f32> -> tensor<64x128x!nv_tileaa.ptr<f32>>
  %pb = nv_tileaa.addptr %pb0, %ib : tensor<64x128x!nv_tileaa.ptr<f32>>, tensor<64x128xi32>
  %x = nv_tileaa.load %pa : tensor<128x64x!nv_tileaa.ptr<f32>> -> tensor<128x64xf32>
  %y = nv_tileaa.load %pb : tensor<64x128x!nv_tileaa.ptr<f32>> -> tensor<64x128xf32>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %d = nv_tileaa.dot %x, %y, %zero : tensor<128x64xf32>, tensor<64x128xf32>, tensor<128x128xf32> -> tensor<128x128xf32>
  %ro = nv_tileaa.make_range {start = 0 : i32, end = 16384 : i32} : tensor<16384xi32>
  %io = nv_tileaa.view %ro : tensor<16384xi32> -> tensor<128x128xi32>
  %po0 = nv_tileaa.splat %out : !nv_tileaa.ptr<f32> -> tensor<128x128x!nv_tileaa.ptr<f32>>
  %po = nv_tileaa.addptr %po0, %io : tensor<128x128x!nv_tileaa.ptr<f32>>, tensor<128x128xi32>
  nv_tileaa.store %po, %d : tensor<128x128x!nv_tileaa.ptr<f32>>, tensor<128x128xf32>
  nv_tileaa.return
}
