// A tile built as a flat make_range and reshaped with `view` keeps its
// contiguity along the rows, so a 64 x 128 f32 copy moves every thread's
// elements with 128-bit accesses (16 loads and 16 stores of v4 per
// thread), nothing scalar.
// RUN: %all-targets %s %t | FileCheck %S/all-targets.txt
// RUN: tileiras -O3 --gpu-name=sm_90a %s -o - | FileCheck %s --implicit-check-not=ld.global.b32 --implicit-check-not=st.global.b32

// CHECK-LABEL: .visible .entry copy_view(
// CHECK-COUNT-16: ld.global.v4.b32
// CHECK-COUNT-16: st.global.v4.b32
// CHECK: ret;

nv_tileaa.func @copy_view(%src: !nv_tileaa.ptr<f32>, %dst: !nv_tileaa.ptr<f32>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 8192 : i32} : tensor<8192xi32>
  %offs = nv_tileaa.view %r : tensor<8192xi32> -> tensor<64x128xi32>
  %sp = nv_tileaa.splat %src : !nv_tileaa.ptr<f32> -> tensor<64x128x!nv_tileaa.ptr<f32>>
  %dp = nv_tileaa.splat %dst : !nv_tileaa.ptr<f32> -> tensor<64x128x!nv_tileaa.ptr<f32>>
  %sptrs = nv_tileaa.addptr %sp, %offs : tensor<64x128x!nv_tileaa.ptr<f32>>, tensor<64x128xi32>
  %dptrs = nv_tileaa.addptr %dp, %offs : tensor<64x128x!nv_tileaa.ptr<f32>>, tensor<64x128xi32>
  %x = nv_tileaa.load %sptrs : tensor<64x128x!nv_tileaa.ptr<f32>> -> tensor<64x128xf32>
  nv_tileaa.store %dptrs, %x : tensor<64x128x!nv_tileaa.ptr<f32>>, tensor<64x128xf32>
  nv_tileaa.return
}
