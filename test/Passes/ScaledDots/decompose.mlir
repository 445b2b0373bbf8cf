// tileaa-decompose-scaled-dots: where the target has no block-scaled
// instruction (or the tile is smaller than one m16n8k32; the tcgen05
// targets: tcgen05.mlir), dot_scaled becomes
// a bf16 dot of the scaled operands: each FP8 operand widened to f32, its
// scales turned into 2^(e - 127) (the f32 exponent field is e itself; e = 0
// is the subnormal 2^-127, e = 255 NaN), repeated over their 32 K elements
// (expand_dims, broadcast, view), multiplied in, rounded to bf16.
// RUN: tileiras-opt %s -split-input-file -tileaa-decompose-scaled-dots | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @hopper
// CHECK-NOT: dot_scaled
// CHECK: %[[AW:.*]] = nv_tileaa.fp_to_fp %{{.*}} : tensor<64x64xf8E4M3FN> -> tensor<64x64xf32>
// CHECK: %[[SABYTES:.*]] = arith.bitcast %{{.*}} : tensor<64x2xf8E8M0FNU> to tensor<64x2xi8>
// CHECK: %[[SAE:.*]] = arith.extui %[[SABYTES]] : tensor<64x2xi8> to tensor<64x2xi32>
// CHECK: arith.shli %[[SAE]], %{{.*}} : tensor<64x2xi32>
// CHECK: arith.select {{.*}} : tensor<64x2xi1>, tensor<64x2xi32>
// CHECK: arith.select {{.*}} : tensor<64x2xi1>, tensor<64x2xi32>
// CHECK: %[[SAF:.*]] = arith.bitcast %{{.*}} : tensor<64x2xi32> to tensor<64x2xf32>
// CHECK: %[[SAX:.*]] = nv_tileaa.expand_dims %[[SAF]] {axis = 2 : i32} : tensor<64x2xf32> -> tensor<64x2x1xf32>
// CHECK: %[[SAB:.*]] = nv_tileaa.broadcast %[[SAX]] : tensor<64x2x1xf32> -> tensor<64x2x32xf32>
// CHECK: %[[SAV:.*]] = nv_tileaa.view %[[SAB]] : tensor<64x2x32xf32> -> tensor<64x64xf32>
// CHECK: %[[AS:.*]] = arith.mulf %[[AW]], %[[SAV]] : tensor<64x64xf32>
// CHECK: %[[A16:.*]] = nv_tileaa.fp_to_fp %[[AS]] {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<64x64xf32> -> tensor<64x64xbf16>
// CHECK: nv_tileaa.fp_to_fp %{{.*}} : tensor<64x32xf8E5M2> -> tensor<64x32xf32>
// CHECK: nv_tileaa.expand_dims %{{.*}} {axis = 1 : i32} : tensor<2x32xf32> -> tensor<2x1x32xf32>
// CHECK: nv_tileaa.broadcast %{{.*}} : tensor<2x1x32xf32> -> tensor<2x32x32xf32>
// CHECK: nv_tileaa.view %{{.*}} : tensor<2x32x32xf32> -> tensor<64x32xf32>
// CHECK: %[[B16:.*]] = nv_tileaa.fp_to_fp %{{.*}} {rounding_mode = #nv_tileaa.rounding<rn>} : tensor<64x32xf32> -> tensor<64x32xbf16>
// CHECK: nv_tileaa.dot %[[A16]], %[[B16]], %{{.*}} {nv_tileaa.scaled_dot = "bf16 dot of the scaled operands: sm_90a has no block-scaled mma.sync (sm_120a, sm_120f, sm_121a or sm_121f) and no tcgen05.mma (sm_100a/f, sm_103a/f, sm_110a/f)"} : tensor<64x64xbf16>, tensor<64x32xbf16>, tensor<64x32xf32> -> tensor<64x32xf32>
module attributes {nv_tileaa.target_spec = "sm_90a"} {
  nv_tileaa.func @hopper(%a: tensor<64x64xf8E4M3FN>, %sa: tensor<64x2xf8E8M0FNU>, %b: tensor<64x32xf8E5M2>, %sb: tensor<2x32xf8E8M0FNU>, %c: tensor<64x32xf32>) -> tensor<64x32xf32> {
    %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c : tensor<64x64xf8E4M3FN> scale tensor<64x2xf8E8M0FNU>, tensor<64x32xf8E5M2> scale tensor<2x32xf8E8M0FNU>, tensor<64x32xf32> -> tensor<64x32xf32>
    nv_tileaa.return %d : tensor<64x32xf32>
  }
}

// -----

// sm_120a keeps it for block-scaled mma.sync ...
// CHECK-LABEL: nv_tileaa.func @consumer_blackwell
// CHECK: nv_tileaa.dot_scaled
// CHECK-NOT: nv_tileaa.dot %
module attributes {nv_tileaa.target_spec = "sm_120a"} {
  nv_tileaa.func @consumer_blackwell(%a: tensor<16x32xf8E4M3FN>, %sa: tensor<16x1xf8E8M0FNU>, %b: tensor<32x8xf8E4M3FN>, %sb: tensor<1x8xf8E8M0FNU>, %c: tensor<16x8xf32>) -> tensor<16x8xf32> {
    %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c : tensor<16x32xf8E4M3FN> scale tensor<16x1xf8E8M0FNU>, tensor<32x8xf8E4M3FN> scale tensor<1x8xf8E8M0FNU>, tensor<16x8xf32> -> tensor<16x8xf32>
    nv_tileaa.return %d : tensor<16x8xf32>
  }
}

// -----

// ... unless the tile is smaller than one instruction.
// CHECK-LABEL: nv_tileaa.func @small
// CHECK: nv_tileaa.dot %{{.*}} {nv_tileaa.scaled_dot = "bf16 dot of the scaled operands: 8x8 is smaller than one m16n8k32 instruction"}
module attributes {nv_tileaa.target_spec = "sm_121a"} {
  nv_tileaa.func @small(%a: tensor<8x32xf8E4M3FN>, %sa: tensor<8x1xf8E8M0FNU>, %b: tensor<32x8xf8E4M3FN>, %sb: tensor<1x8xf8E8M0FNU>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
    %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c : tensor<8x32xf8E4M3FN> scale tensor<8x1xf8E8M0FNU>, tensor<32x8xf8E4M3FN> scale tensor<1x8xf8E8M0FNU>, tensor<8x8xf32> -> tensor<8x8xf32>
    nv_tileaa.return %d : tensor<8x8xf32>
  }
}

// -----

// Base sm_120 (no "a"/"f") has no block-scaled mma.sync either.
// CHECK-LABEL: nv_tileaa.func @base_sm120
// CHECK: nv_tileaa.scaled_dot = "bf16 dot of the scaled operands: sm_120 has no block-scaled mma.sync (sm_120a, sm_120f, sm_121a or sm_121f) and no tcgen05.mma (sm_100a/f, sm_103a/f, sm_110a/f)"
module attributes {nv_tileaa.target_spec = "sm_120"} {
  nv_tileaa.func @base_sm120(%a: tensor<16x32xf8E4M3FN>, %sa: tensor<16x1xf8E8M0FNU>, %b: tensor<32x8xf8E4M3FN>, %sb: tensor<1x8xf8E8M0FNU>, %c: tensor<16x8xf32>) -> tensor<16x8xf32> {
    %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c : tensor<16x32xf8E4M3FN> scale tensor<16x1xf8E8M0FNU>, tensor<32x8xf8E4M3FN> scale tensor<1x8xf8E8M0FNU>, tensor<16x8xf32> -> tensor<16x8xf32>
    nv_tileaa.return %d : tensor<16x8xf32>
  }
}
