// Vector add with an `n` the compiler knows nothing about: the mask may
// change at any element, so the 8 elements a thread owns are loaded and
// stored one at a time, each predicated by its mask bit (no branches).
// examples/vector_add.mlir declares n a multiple of 16 and vectorizes
// (vector_add_div16.mlir).
// RUN: %all-targets %s %t | FileCheck %S/all-targets.txt
// RUN: tileiras -O3 --gpu-name=sm_90a %s -o - | FileCheck %s

// CHECK-LABEL: .visible .entry vector_add(
// CHECK-COUNT-16: @%p{{[0-9]+}} ld.global.b32 %r{{[0-9]+}}, [%rd{{[0-9]+}}];
// CHECK-NOT: ld.global
// CHECK-COUNT-8: @%p{{[0-9]+}} st.global.b32 [%rd{{[0-9]+}}], %r{{[0-9]+}};
// CHECK-NOT: st.global
// CHECK-NOT: bra
// CHECK: ret;
nv_tileaa.func @vector_add(%a: !nv_tileaa.ptr<f32>, %b: !nv_tileaa.ptr<f32>,
                           %c: !nv_tileaa.ptr<f32>, %n: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  // offsets = pid * 1024 + [0, 1, ..., 1023]
  %pid = nv_tileaa.get_program_id x : i32
  %block = arith.constant 1024 : i32
  %start = arith.muli %pid, %block : i32
  %starts = nv_tileaa.splat %start : i32 -> tensor<1024xi32>
  %range = nv_tileaa.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %offsets = arith.addi %starts, %range : tensor<1024xi32>

  // Lanes at or past n neither load nor store.
  %bound = nv_tileaa.splat %n : i32 -> tensor<1024xi32>
  %mask = arith.cmpi slt, %offsets, %bound : tensor<1024xi32>

  %a_base = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<1024x!nv_tileaa.ptr<f32>>
  %a_ptrs = nv_tileaa.addptr %a_base, %offsets : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xi32>
  %b_base = nv_tileaa.splat %b : !nv_tileaa.ptr<f32> -> tensor<1024x!nv_tileaa.ptr<f32>>
  %b_ptrs = nv_tileaa.addptr %b_base, %offsets : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xi32>
  %c_base = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<1024x!nv_tileaa.ptr<f32>>
  %c_ptrs = nv_tileaa.addptr %c_base, %offsets : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xi32>

  // Masked-off lanes of a load without `other` read as 0.
  %x = nv_tileaa.load %a_ptrs, %mask : tensor<1024x!nv_tileaa.ptr<f32>> -> tensor<1024xf32>
  %y = nv_tileaa.load %b_ptrs, %mask : tensor<1024x!nv_tileaa.ptr<f32>> -> tensor<1024xf32>
  %sum = nv_tileaa.addf %x, %y : tensor<1024xf32>
  nv_tileaa.store %c_ptrs, %sum, %mask : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xf32>
  nv_tileaa.return
}
