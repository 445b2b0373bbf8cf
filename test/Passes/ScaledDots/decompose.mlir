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

// -----

// Packed FP4 (two e2m1 per i8 along K, the low nibble first) on sm_90a:
// each byte's low and high nibble put side by side along K (expand_dims,
// cat, view), the codes decoded to f32 (s << 31 | (ee + 126) << 23 |
// m << 22, 0.5 for ee = 0), then scaled like FP8. f8E4M3FN (ue4m3) scales per 16
// elements: the sign bit cleared, widened with fp_to_fp. B is packed along
// its rows (K).
// CHECK-LABEL: nv_tileaa.func @nvfp4
// CHECK-NOT: dot_scaled
// CHECK: %[[LO:.*]] = arith.andi %{{.*}}, %{{.*}} : tensor<64x32xi8>
// CHECK: %[[LOX:.*]] = nv_tileaa.expand_dims %[[LO]] {axis = 2 : i32} : tensor<64x32xi8> -> tensor<64x32x1xi8>
// CHECK: %[[HI:.*]] = arith.shrui %{{.*}}, %{{.*}} : tensor<64x32xi8>
// CHECK: %[[HIX:.*]] = nv_tileaa.expand_dims %[[HI]] {axis = 2 : i32} : tensor<64x32xi8> -> tensor<64x32x1xi8>
// CHECK: %[[PAIRS:.*]] = nv_tileaa.cat %[[LOX]], %[[HIX]] {axis = 2 : i32} : tensor<64x32x1xi8>, tensor<64x32x1xi8> -> tensor<64x32x2xi8>
// CHECK: %[[CODES:.*]] = nv_tileaa.view %[[PAIRS]] : tensor<64x32x2xi8> -> tensor<64x64xi8>
// CHECK: arith.extui %[[CODES]] : tensor<64x64xi8> to tensor<64x64xi32>
// CHECK: arith.addi %{{.*}} : tensor<64x64xi32>
// CHECK: arith.select {{.*}} : tensor<64x64xi1>, tensor<64x64xi32>
// CHECK: %[[A:.*]] = arith.bitcast %{{.*}} : tensor<64x64xi32> to tensor<64x64xf32>
// CHECK: %[[SAI:.*]] = arith.bitcast %{{.*}} : tensor<64x4xf8E4M3FN> to tensor<64x4xi8>
// CHECK: %[[SAU:.*]] = arith.andi %[[SAI]], %{{.*}} : tensor<64x4xi8>
// CHECK: %[[SAE:.*]] = arith.bitcast %[[SAU]] : tensor<64x4xi8> to tensor<64x4xf8E4M3FN>
// CHECK: %[[SAF:.*]] = nv_tileaa.fp_to_fp %[[SAE]] : tensor<64x4xf8E4M3FN> -> tensor<64x4xf32>
// CHECK: nv_tileaa.broadcast %{{.*}} : tensor<64x4x1xf32> -> tensor<64x4x16xf32>
// CHECK: %[[SAV:.*]] = nv_tileaa.view %{{.*}} : tensor<64x4x16xf32> -> tensor<64x64xf32>
// CHECK: arith.mulf %[[A]], %[[SAV]] : tensor<64x64xf32>
// CHECK: nv_tileaa.cat %{{.*}}, %{{.*}} {axis = 1 : i32} : tensor<32x1x16xi8>, tensor<32x1x16xi8> -> tensor<32x2x16xi8>
// CHECK: nv_tileaa.view %{{.*}} : tensor<32x2x16xi8> -> tensor<64x16xi8>
// CHECK: nv_tileaa.broadcast %{{.*}} : tensor<4x1x16xf32> -> tensor<4x16x16xf32>
// CHECK: nv_tileaa.dot %{{.*}} {nv_tileaa.scaled_dot = "bf16 dot of the scaled operands: sm_90a has no block-scaled mma.sync {{.*}}"} : tensor<64x64xbf16>, tensor<64x16xbf16>, tensor<64x16xf32> -> tensor<64x16xf32>
module attributes {nv_tileaa.target_spec = "sm_90a"} {
  nv_tileaa.func @nvfp4(%a: tensor<64x32xi8>, %sa: tensor<64x4xf8E4M3FN>, %b: tensor<32x16xi8>, %sb: tensor<4x16xf8E4M3FN>, %c: tensor<64x16xf32>) -> tensor<64x16xf32> {
    %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c {a_format = f4E2M1FN, b_format = f4E2M1FN} : tensor<64x32xi8> scale tensor<64x4xf8E4M3FN>, tensor<32x16xi8> scale tensor<4x16xf8E4M3FN>, tensor<64x16xf32> -> tensor<64x16xf32>
    nv_tileaa.return %d : tensor<64x16xf32>
  }
}

// -----

// FP4 on sm_120a: kept for mma.sync.m16n8k64 (mxf4 with E8M0 per 32,
// mxf4nvf4 with ue4m3 per 16) ...
// CHECK-LABEL: nv_tileaa.func @mxfp4_native
// CHECK: nv_tileaa.dot_scaled
// CHECK-NOT: nv_tileaa.dot %
module attributes {nv_tileaa.target_spec = "sm_120a"} {
  nv_tileaa.func @mxfp4_native(%a: tensor<16x32xi8>, %sa: tensor<16x2xf8E8M0FNU>, %b: tensor<32x8xi8>, %sb: tensor<2x8xf8E8M0FNU>, %c: tensor<16x8xf32>) -> tensor<16x8xf32> {
    %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c {a_format = f4E2M1FN, b_format = f4E2M1FN} : tensor<16x32xi8> scale tensor<16x2xf8E8M0FNU>, tensor<32x8xi8> scale tensor<2x8xf8E8M0FNU>, tensor<16x8xf32> -> tensor<16x8xf32>
    nv_tileaa.return %d : tensor<16x8xf32>
  }
}

// -----

// ... but not E8M0 scales per 16 (kind::mxf4nvf4.scale_vec::4X.ue8m0 is
// not in LLVM 22) ...
// CHECK-LABEL: nv_tileaa.func @e8m0_per_16
// CHECK: nv_tileaa.scaled_dot = "bf16 dot of the scaled operands: f8E8M0FNU scales per 16 elements (kind::mxf4nvf4.scale_vec::4X with ue8m0 scales is not in LLVM 22)"
module attributes {nv_tileaa.target_spec = "sm_120a"} {
  nv_tileaa.func @e8m0_per_16(%a: tensor<16x32xi8>, %sa: tensor<16x4xf8E8M0FNU>, %b: tensor<32x8xi8>, %sb: tensor<4x8xf8E8M0FNU>, %c: tensor<16x8xf32>) -> tensor<16x8xf32> {
    %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c {a_format = f4E2M1FN, b_format = f4E2M1FN} : tensor<16x32xi8> scale tensor<16x4xf8E8M0FNU>, tensor<32x8xi8> scale tensor<4x8xf8E8M0FNU>, tensor<16x8xf32> -> tensor<16x8xf32>
    nv_tileaa.return %d : tensor<16x8xf32>
  }
}

// -----

// ... nor K below one m16n8k64 ...
// CHECK-LABEL: nv_tileaa.func @fp4_short_k
// CHECK: nv_tileaa.scaled_dot = "bf16 dot of the scaled operands: K = 32 is not a multiple of m16n8k64's 64"
module attributes {nv_tileaa.target_spec = "sm_120a"} {
  nv_tileaa.func @fp4_short_k(%a: tensor<16x16xi8>, %sa: tensor<16x1xf8E8M0FNU>, %b: tensor<16x8xi8>, %sb: tensor<1x8xf8E8M0FNU>, %c: tensor<16x8xf32>) -> tensor<16x8xf32> {
    %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c {a_format = f4E2M1FN, b_format = f4E2M1FN} : tensor<16x16xi8> scale tensor<16x1xf8E8M0FNU>, tensor<16x8xi8> scale tensor<1x8xf8E8M0FNU>, tensor<16x8xf32> -> tensor<16x8xf32>
    nv_tileaa.return %d : tensor<16x8xf32>
  }
}

// -----

// One FP4 and one FP8 operand: native on sm_120a (mma.sync
// kind::mxf8f6f4), the FP4 operand unpacked to one value a byte in bits
// 2-5 (codes along K, shifted left by 2) and marked a_unpacked/b_unpacked.
// CHECK-LABEL: nv_tileaa.func @fp4_fp8
// CHECK: %[[A8:.*]] = arith.shli %{{.*}}, %{{.*}} : tensor<16x64xi8>
// CHECK: nv_tileaa.dot_scaled %[[A8]] scale %{{.*}}, %{{.*}} scale %{{.*}}, %{{.*}} {a_format = f4E2M1FN, a_unpacked} : tensor<16x64xi8> scale tensor<16x2xf8E8M0FNU>, tensor<64x8xf8E4M3FN>
module attributes {nv_tileaa.target_spec = "sm_120a"} {
  nv_tileaa.func @fp4_fp8(%a: tensor<16x32xi8>, %sa: tensor<16x2xf8E8M0FNU>, %b: tensor<64x8xf8E4M3FN>, %sb: tensor<2x8xf8E8M0FNU>, %c: tensor<16x8xf32>) -> tensor<16x8xf32> {
    %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c {a_format = f4E2M1FN} : tensor<16x32xi8> scale tensor<16x2xf8E8M0FNU>, tensor<64x8xf8E4M3FN> scale tensor<2x8xf8E8M0FNU>, tensor<16x8xf32> -> tensor<16x8xf32>
    nv_tileaa.return %d : tensor<16x8xf32>
  }
}

// -----

// CHECK-LABEL: nv_tileaa.func @fp8_fp4
// CHECK: %[[B8:.*]] = arith.shli %{{.*}}, %{{.*}} : tensor<64x8xi8>
// CHECK: nv_tileaa.dot_scaled %{{.*}} scale %{{.*}}, %[[B8]] scale %{{.*}}, %{{.*}} {b_format = f4E2M1FN, b_unpacked} : tensor<16x64xf8E5M2> scale tensor<16x2xf8E8M0FNU>, tensor<64x8xi8>
module attributes {nv_tileaa.target_spec = "sm_120a"} {
  nv_tileaa.func @fp8_fp4(%a: tensor<16x64xf8E5M2>, %sa: tensor<16x2xf8E8M0FNU>, %b: tensor<32x8xi8>, %sb: tensor<2x8xf8E8M0FNU>, %c: tensor<16x8xf32>) -> tensor<16x8xf32> {
    %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c {b_format = f4E2M1FN} : tensor<16x64xf8E5M2> scale tensor<16x2xf8E8M0FNU>, tensor<32x8xi8> scale tensor<2x8xf8E8M0FNU>, tensor<16x8xf32> -> tensor<16x8xf32>
    nv_tileaa.return %d : tensor<16x8xf32>
  }
}

// -----

// ... and the bf16 dot on targets without kind::mxf8f6f4; an operand already one FP4 value a
// byte is decoded from bits 2-5.
// CHECK-LABEL: nv_tileaa.func @fp4_fp8_hopper
// CHECK: nv_tileaa.scaled_dot = "bf16 dot of the scaled operands: one FP4 and one FP8 operand (only kind::mxf8f6f4 of mma.sync on sm_120a/f and sm_121a/f and of tcgen05.mma on sm_100a/f, sm_103a/f and sm_110a/f reads them together, e2m1 one a byte)"
module attributes {nv_tileaa.target_spec = "sm_90a"} {
  nv_tileaa.func @fp4_fp8_hopper(%a: tensor<16x32xi8>, %sa: tensor<16x2xf8E8M0FNU>, %b: tensor<64x8xf8E4M3FN>, %sb: tensor<2x8xf8E8M0FNU>, %c: tensor<16x8xf32>) -> tensor<16x8xf32> {
    %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c {a_format = f4E2M1FN} : tensor<16x32xi8> scale tensor<16x2xf8E8M0FNU>, tensor<64x8xf8E4M3FN> scale tensor<2x8xf8E8M0FNU>, tensor<16x8xf32> -> tensor<16x8xf32>
    nv_tileaa.return %d : tensor<16x8xf32>
  }
}

// -----

// CHECK-LABEL: nv_tileaa.func @bytes_hopper
// CHECK: %[[S:.*]] = arith.shrui %{{.*}}, %{{.*}} : tensor<16x64xi8>
// CHECK: %[[C:.*]] = arith.andi %[[S]], %{{.*}} : tensor<16x64xi8>
// CHECK: arith.extui %[[C]] : tensor<16x64xi8> to tensor<16x64xi32>
// CHECK: nv_tileaa.dot {{.*}}bf16 dot of the scaled operands
module attributes {nv_tileaa.target_spec = "sm_90a"} {
  nv_tileaa.func @bytes_hopper(%a: tensor<16x64xi8>, %sa: tensor<16x2xf8E8M0FNU>, %b: tensor<64x8xf8E4M3FN>, %sb: tensor<2x8xf8E8M0FNU>, %c: tensor<16x8xf32>) -> tensor<16x8xf32> {
    %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c {a_format = f4E2M1FN, a_unpacked} : tensor<16x64xi8> scale tensor<16x2xf8E8M0FNU>, tensor<64x8xf8E4M3FN> scale tensor<2x8xf8E8M0FNU>, tensor<16x8xf32> -> tensor<16x8xf32>
    nv_tileaa.return %d : tensor<16x8xf32>
  }
}
