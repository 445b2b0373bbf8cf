// examples/vector_add.mlir with `n` declared a multiple of 16 (what a
// launcher that specializes on n % 16 == 0 would pass). Kernel pointers are
// 16-byte aligned, pid * 1024 + make_range is contiguous and offs < n is
// constant over every group of 4, so each thread moves its 8 elements with
// two 128-bit loads per input and two 128-bit stores, predicated by the
// mask of the group.
// RUN: %all-targets %s %t | FileCheck %S/all-targets.txt
// The example itself is this kernel.
// RUN: tileiras -O3 --gpu-name=sm_90a %tileiras_src/examples/vector_add.mlir -o - | FileCheck %s
// RUN: tileiras -O3 --gpu-name=sm_90a %s -o - | FileCheck %s
// RUN: tileiras -O3 --gpu-name=sm_75 %s -o - | FileCheck %s

// CHECK-LABEL: .visible .entry vector_add(
// Thread t's first group starts at element pid * 1024 + 4 * t (t < 128), the
// second 512 elements (2048 bytes) later.
// CHECK: shl.b32 %r{{[0-9]+}}, %r{{[0-9]+}}, 2;
// CHECK: setp.lt.s32 %p[[P0:[0-9]+]],
// CHECK: setp.lt.s32 %p[[P1:[0-9]+]],
// CHECK: add.s64 %rd{{[0-9]+}}, %rd{{[0-9]+}}, 2048;
// CHECK: @%p[[P0]] ld.global.v4.b32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [%rd{{[0-9]+}}];
// CHECK: @%p[[P1]] ld.global.v4.b32
// CHECK: @%p[[P0]] ld.global.v4.b32
// CHECK: @%p[[P1]] ld.global.v4.b32
// CHECK-COUNT-8: add.f32
// CHECK: @%p[[P0]] st.global.v4.b32 [%rd{{[0-9]+}}], {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
// CHECK: @%p[[P1]] st.global.v4.b32
// CHECK-NOT: ld.global
// CHECK-NOT: st.global
// CHECK: ret;
nv_tileaa.func @vector_add(%a: !nv_tileaa.ptr<f32>, %b: !nv_tileaa.ptr<f32>,
                           %c: !nv_tileaa.ptr<f32>, %n: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %pid = nv_tileaa.get_program_id x : i32
  %block = arith.constant 1024 : i32
  %start = arith.muli %pid, %block : i32
  %starts = nv_tileaa.splat %start : i32 -> tensor<1024xi32>
  %range = nv_tileaa.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %offsets = arith.addi %starts, %range : tensor<1024xi32>
  %n16 = nv_tileaa.assume %n {div_by = 16 : i64} : i32
  %bound = nv_tileaa.splat %n16 : i32 -> tensor<1024xi32>
  %mask = arith.cmpi slt, %offsets, %bound : tensor<1024xi32>
  %a_base = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<1024x!nv_tileaa.ptr<f32>>
  %a_ptrs = nv_tileaa.addptr %a_base, %offsets : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xi32>
  %b_base = nv_tileaa.splat %b : !nv_tileaa.ptr<f32> -> tensor<1024x!nv_tileaa.ptr<f32>>
  %b_ptrs = nv_tileaa.addptr %b_base, %offsets : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xi32>
  %c_base = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<1024x!nv_tileaa.ptr<f32>>
  %c_ptrs = nv_tileaa.addptr %c_base, %offsets : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xi32>
  %x = nv_tileaa.load %a_ptrs, %mask : tensor<1024x!nv_tileaa.ptr<f32>> -> tensor<1024xf32>
  %y = nv_tileaa.load %b_ptrs, %mask : tensor<1024x!nv_tileaa.ptr<f32>> -> tensor<1024xf32>
  %sum = nv_tileaa.addf %x, %y : tensor<1024xf32>
  nv_tileaa.store %c_ptrs, %sum, %mask : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xf32>
  nv_tileaa.return
}
