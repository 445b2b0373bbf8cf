// The generic form of load and store with operandSegmentSizes, as
// docs/language.md ("Tiles") shows it, parses and prints back in the custom
// form; without the property the parser says what is missing. A mask with
// another encoding than the pointers parses in the custom form.
// RUN: tileiras-opt %s -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @generic
// CHECK: nv_tileaa.load %{{.*}}, %{{.*}} : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
// CHECK: nv_tileaa.store %{{.*}}, %{{.*}} : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
func.func @generic(%ptrs: tensor<128x!nv_tileaa.ptr<f32>>, %mask: tensor<128xi1>) {
  %x = "nv_tileaa.load"(%ptrs, %mask) <{operandSegmentSizes = array<i32: 1, 1, 0>}>
      : (tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi1>) -> tensor<128xf32>
  "nv_tileaa.store"(%ptrs, %x) <{operandSegmentSizes = array<i32: 1, 1, 0>}>
      : (tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>) -> ()
  return
}

// -----

#b0 = #nv_tileaa.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#b1 = #nv_tileaa.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: func.func @mask_encoding
// CHECK: nv_tileaa.load %{{.*}}, %{{.*}} : tensor<128x!nv_tileaa.ptr<f32>, #{{.*}}> -> tensor<128xf32, #{{.*}}>
func.func @mask_encoding(%ptrs: tensor<128x!nv_tileaa.ptr<f32>, #b0>, %mask: tensor<128xi1, #b1>) {
  %x = nv_tileaa.load %ptrs, %mask : tensor<128x!nv_tileaa.ptr<f32>, #b0> -> tensor<128xf32, #b0>
  return
}
