// pack / unpack: byte columns of the element bits, joined or split.
// RUN: tileiras-opt %s --convert-cuda-tile-to-tileaa | FileCheck %s

cuda_tile.module @kernels {
  // CHECK-LABEL: nv_tileaa.func @pack
  // CHECK: %[[B:.*]] = arith.bitcast %{{.*}} : tensor<8xf32> to tensor<8xi32>
  // CHECK: %[[B0:.*]] = arith.trunci %[[B]] : tensor<8xi32> to tensor<8xi8>
  // CHECK: nv_tileaa.expand_dims %[[B0]] {axis = 1 : i32} : tensor<8xi8> -> tensor<8x1xi8>
  // CHECK: arith.shrui %[[B]], %{{.*}} : tensor<8xi32>
  // CHECK: nv_tileaa.cat %{{.*}}, %{{.*}} {axis = 1 : i32} : tensor<8x1xi8>, tensor<8x1xi8> -> tensor<8x2xi8>
  // CHECK: %[[J:.*]] = nv_tileaa.cat %{{.*}}, %{{.*}} {axis = 1 : i32} : tensor<8x2xi8>, tensor<8x2xi8> -> tensor<8x4xi8>
  // CHECK: %[[P:.*]] = nv_tileaa.view %[[J]] : tensor<8x4xi8> -> tensor<32xi8>
  // CHECK: %[[M:.*]] = nv_tileaa.view %[[P]] : tensor<32xi8> -> tensor<16x2xi8>
  // CHECK: nv_tileaa.extract_slice %[[M]] {offsets = array<i64: 0, 0>} : tensor<16x2xi8> -> tensor<16x1xi8>
  // CHECK: nv_tileaa.extract_slice %[[M]] {offsets = array<i64: 0, 1>} : tensor<16x2xi8> -> tensor<16x1xi8>
  // CHECK: arith.shli
  // CHECK: %[[O:.*]] = arith.ori
  // CHECK: arith.bitcast %[[O]] : tensor<16xi16> to tensor<16xf16>
  entry @pack() {
    %v = constant <f32: 1.5> : tile<8xf32>
    %p = pack %v : tile<8xf32> -> tile<32xi8>
    %u = unpack %p : tile<32xi8> -> tile<16xf16>
    return
  }
}
