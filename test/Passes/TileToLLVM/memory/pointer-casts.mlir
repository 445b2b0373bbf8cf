// Pointer casts lower element by element: llvm.inttoptr / llvm.ptrtoint,
// and ptr_to_ptr is no instruction (LLVM pointers are opaque).
// RUN: tileiras-opt %s --tileaa-to-nvvm='gpu-name=sm_90a' | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: tileiras -O3 -arch=sm_80 -arch=sm_120a %s --output-dir=%t
// RUN: %ptxas-verify sm_80 %t/pointer-casts.sm_80.ptx
// RUN: %ptxas-verify sm_120a %t/pointer-casts.sm_120a.ptx

// CHECK-LABEL: llvm.func @casts(
// CHECK-COUNT-4: llvm.ptrtoint %{{.*}} : !llvm.ptr<1> to i64
// CHECK-COUNT-4: llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<1>
// CHECK-NOT: llvm.inttoptr
// CHECK: llvm.return
nv_tileaa.func @casts(%x: !nv_tileaa.ptr<f32>, %y: !nv_tileaa.ptr<i32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %xb = nv_tileaa.splat %x : !nv_tileaa.ptr<f32> -> tensor<128x!nv_tileaa.ptr<f32>>
  %xp = nv_tileaa.addptr %xb, %r : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  %a = nv_tileaa.ptr_to_int %xp : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xi64>
  %c4 = arith.constant dense<4> : tensor<128xi64>
  %a4 = arith.addi %a, %c4 : tensor<128xi64>
  %q = nv_tileaa.int_to_ptr %a4 : tensor<128xi64> -> tensor<128x!nv_tileaa.ptr<f32>>
  %qi = nv_tileaa.ptr_to_ptr %q : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128x!nv_tileaa.ptr<i32>>
  %v = nv_tileaa.load %qi : tensor<128x!nv_tileaa.ptr<i32>> -> tensor<128xi32>
  %yb = nv_tileaa.splat %y : !nv_tileaa.ptr<i32> -> tensor<128x!nv_tileaa.ptr<i32>>
  %yp = nv_tileaa.addptr %yb, %r : tensor<128x!nv_tileaa.ptr<i32>>, tensor<128xi32>
  nv_tileaa.store %yp, %v : tensor<128x!nv_tileaa.ptr<i32>>, tensor<128xi32>
  nv_tileaa.return
}
