// A 64 x 64 f32 dot with K = 64 in 4 warps: the FMA operand layouts would
// need (8 rows + 4 columns) x 64 registers per thread, so the operands go
// through shared memory: A^T and B, 64 x (64 + 4) f32 each (34816 bytes),
// stored once behind a barrier, then per k two 128-bit ld.shared of A (the
// thread's 8 rows) and one of B (its 4 columns) and 32 FMAs: 192 vector
// loads and 2048 FMAs in all, no local memory; 8 more 128-bit loads bring
// the result into the store's layout (a swizzled round trip).
// RUN: tileiras --gpu-name=sm_75 %s -o %t.sm75.ptx
// RUN: tileiras --gpu-name=sm_90a %s -o %t.sm90a.ptx
// RUN: %ptxas-verify sm_75 %t.sm75.ptx
// RUN: %ptxas-verify sm_90a %t.sm90a.ptx
// RUN: FileCheck %s --implicit-check-not=.local < %t.sm90a.ptx
// RUN: FileCheck %s --implicit-check-not=.local < %t.sm75.ptx
// RUN: grep -c 'ld.shared.v4' %t.sm90a.ptx | FileCheck %s --check-prefix=V4
// V4: {{^}}200{{$}}
// CHECK: .shared .align 16 .b8 __tileiras_smem_shared_dot[34816]
// CHECK: st.shared.{{[bf]}}32
// CHECK: bar.sync 0;
// CHECK: ld.shared.v4.{{[bf]}}32
// CHECK-COUNT-2048: fma.rn.f32
// CHECK-NOT: fma.rn.f32
// CHECK: ret;
nv_tileaa.func @shared_dot(%a: !nv_tileaa.ptr<f32>, %b: !nv_tileaa.ptr<f32>, %out: !nv_tileaa.ptr<f32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 4096 : i32} : tensor<4096xi32>
  %i = nv_tileaa.view %r : tensor<4096xi32> -> tensor<64x64xi32>
  %pa0 = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<64x64x!nv_tileaa.ptr<f32>>
  %pa = nv_tileaa.addptr %pa0, %i : tensor<64x64x!nv_tileaa.ptr<f32>>, tensor<64x64xi32>
  %pb0 = nv_tileaa.splat %b : !nv_tileaa.ptr<f32> -> tensor<64x64x!nv_tileaa.ptr<f32>>
  %pb = nv_tileaa.addptr %pb0, %i : tensor<64x64x!nv_tileaa.ptr<f32>>, tensor<64x64xi32>
  %x = nv_tileaa.load %pa : tensor<64x64x!nv_tileaa.ptr<f32>> -> tensor<64x64xf32>
  %y = nv_tileaa.load %pb : tensor<64x64x!nv_tileaa.ptr<f32>> -> tensor<64x64xf32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %d = nv_tileaa.dot %x, %y, %zero : tensor<64x64xf32>, tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %po0 = nv_tileaa.splat %out : !nv_tileaa.ptr<f32> -> tensor<64x64x!nv_tileaa.ptr<f32>>
  %po = nv_tileaa.addptr %po0, %i : tensor<64x64x!nv_tileaa.ptr<f32>>, tensor<64x64xi32>
  nv_tileaa.store %po, %d : tensor<64x64x!nv_tileaa.ptr<f32>>, tensor<64x64xf32>
  nv_tileaa.return
}
