// The vector-add example (examples/vector_add.mlir) compiles for every
// target and assembles. It compares the offsets with an `n` the compiler
// knows nothing about, so its mask may change at any element: the 8
// elements a thread owns are loaded and stored one at a time, each
// predicated by its mask bit (no branches). vector_add_div16.mlir is the
// same kernel with `n` declared a multiple of 16, which vectorizes.
// RUN: %all-targets %tileiras_src/examples/vector_add.mlir %t | FileCheck %S/all-targets.txt
// RUN: tileiras -O3 --gpu-name=sm_90a %tileiras_src/examples/vector_add.mlir -o - | FileCheck %s

// CHECK-LABEL: .visible .entry vector_add(
// CHECK-COUNT-16: @%p{{[0-9]+}} ld.global.b32 %r{{[0-9]+}}, [%rd{{[0-9]+}}];
// CHECK-NOT: ld.global
// CHECK-COUNT-8: @%p{{[0-9]+}} st.global.b32 [%rd{{[0-9]+}}], %r{{[0-9]+}};
// CHECK-NOT: st.global
// CHECK-NOT: bra
// CHECK: ret;
