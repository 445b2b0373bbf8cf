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

  // unpack to an 8-bit type keeps the bytes (a bitcast for floats); FP8
  // conversions go through fp_to_fp.
  // CHECK-LABEL: nv_tileaa.func @unpack8
  // CHECK: %[[F:.*]] = arith.bitcast %[[X:.*]] : tensor<16xi8> to tensor<16xf8E4M3FN>
  // CHECK: nv_tileaa.fp_to_fp %[[F]] : tensor<16xf8E4M3FN> -> tensor<16xf32>
  // CHECK: nv_tileaa.fp_to_fp %{{.*}} : tensor<16xf32> -> tensor<16xf8E5M2>
  // CHECK-NOT: arith.bitcast
  // CHECK: nv_tileaa.return
  entry @unpack8() {
    %b = constant <i8: 7> : tile<16xi8>
    %f = unpack %b : tile<16xi8> -> tile<16xf8E4M3FN>
    %w = ftof %f : tile<16xf8E4M3FN> -> tile<16xf32>
    %n = ftof %w : tile<16xf32> -> tile<16xf8E5M2>
    %i = unpack %b : tile<16xi8> -> tile<16xi8>
    return
  }
}
