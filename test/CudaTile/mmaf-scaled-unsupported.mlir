// mmaf_scaled lowers to nv_tileaa.dot_scaled for 2-D f8E4M3FN/f8E5M2
// operands with f8E8M0FNU scales and 32-element blocks
// (lower-mmaf-scaled.mlir). Everything else the cuda_tile op allows is an
// error at the op naming what is supported, never a crash or a dot
// without its scales; the driver exits with status 1.
// RUN: tileiras-opt %s --convert-cuda-tile-to-tileaa -split-input-file -verify-diagnostics
// RUN: %expect-exit 1 tileiras --gpu-name=sm_100a %s -o %t.ptx 2>&1 | FileCheck %s
// CHECK: mmaf-scaled-unsupported.mlir:[[@LINE+12]]:10: error: 'cuda_tile.mmaf_scaled' op cannot be lowered to nv_tileaa: mmaf_scaled with f4E2M1FN operands has no nv_tileaa lowering yet; 2-D f8E4M3FN/f8E5M2 operands with f8E8M0FNU scales and 32-element blocks are supported

// NVFP4-style f4E2M1FN operands (32-element blocks of e8m0 scales): the
// error names the mmaf_scaled, not the constants making its 4-bit tiles.
cuda_tile.module @m1 {
  entry @f4() {
    %a = constant <f4E2M1FN: 1.0> : tile<64x64xf4E2M1FN>
    %b = constant <f4E2M1FN: 1.0> : tile<64x64xf4E2M1FN>
    %c = constant <f32: 0.0> : tile<64x64xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<64x2xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<2x64xf8E8M0FNU>
    // expected-error @+1 {{'cuda_tile.mmaf_scaled' op cannot be lowered to nv_tileaa: mmaf_scaled with f4E2M1FN operands has no nv_tileaa lowering yet; 2-D f8E4M3FN/f8E5M2 operands with f8E8M0FNU scales and 32-element blocks are supported}}
    %d = mmaf_scaled %a, %b, %c, %sa, %sb : tile<64x64xf4E2M1FN>, tile<64x64xf4E2M1FN>, tile<64x64xf32>, tile<64x2xf8E8M0FNU>, tile<2x64xf8E8M0FNU>
    return
  }
}

// -----

// One f4E2M1FN operand is enough.
cuda_tile.module @m2 {
  entry @f4_rhs() {
    %a = constant <f8E4M3FN: 1.0> : tile<64x64xf8E4M3FN>
    %b = constant <f4E2M1FN: 1.0> : tile<64x64xf4E2M1FN>
    %c = constant <f32: 0.0> : tile<64x64xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<64x2xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<2x64xf8E8M0FNU>
    // expected-error @+1 {{mmaf_scaled with f4E2M1FN operands has no nv_tileaa lowering yet}}
    %d = mmaf_scaled %a, %b, %c, %sa, %sb : tile<64x64xf8E4M3FN>, tile<64x64xf4E2M1FN>, tile<64x64xf32>, tile<64x2xf8E8M0FNU>, tile<2x64xf8E8M0FNU>
    return
  }
}

// -----

// NVFP4 proper: f4E2M1FN with f8E4M3FN scales, 16-element blocks.
cuda_tile.module @m3 {
  entry @nvfp4() {
    %a = constant <f4E2M1FN: 1.0> : tile<64x64xf4E2M1FN>
    %b = constant <f4E2M1FN: 1.0> : tile<64x64xf4E2M1FN>
    %c = constant <f32: 0.0> : tile<64x64xf32>
    %sa = constant <f8E4M3FN: 1.0> : tile<64x4xf8E4M3FN>
    %sb = constant <f8E4M3FN: 1.0> : tile<4x64xf8E4M3FN>
    // expected-error @+1 {{mmaf_scaled with f4E2M1FN operands has no nv_tileaa lowering yet; 2-D f8E4M3FN/f8E5M2 operands with f8E8M0FNU scales and 32-element blocks are supported}}
    %d = mmaf_scaled %a, %b, %c, %sa, %sb : tile<64x64xf4E2M1FN>, tile<64x64xf4E2M1FN>, tile<64x64xf32>, tile<64x4xf8E4M3FN>, tile<4x64xf8E4M3FN>
    return
  }
}

// -----

// f8E4M3FN scales.
cuda_tile.module @m4 {
  entry @e4m3_scales() {
    %a = constant <f8E4M3FN: 1.0> : tile<64x64xf8E4M3FN>
    %b = constant <f8E4M3FN: 1.0> : tile<64x64xf8E4M3FN>
    %c = constant <f32: 0.0> : tile<64x64xf32>
    %sa = constant <f8E4M3FN: 1.0> : tile<64x2xf8E4M3FN>
    %sb = constant <f8E4M3FN: 1.0> : tile<2x64xf8E4M3FN>
    // expected-error @+1 {{'cuda_tile.mmaf_scaled' op cannot be lowered to nv_tileaa: mmaf_scaled with f8E4M3FN scales has no nv_tileaa lowering yet; 2-D f8E4M3FN/f8E5M2 operands with f8E8M0FNU scales and 32-element blocks are supported}}
    %d = mmaf_scaled %a, %b, %c, %sa, %sb : tile<64x64xf8E4M3FN>, tile<64x64xf8E4M3FN>, tile<64x64xf32>, tile<64x2xf8E4M3FN>, tile<2x64xf8E4M3FN>
    return
  }
}

// -----

// 16-element blocks (K = 64, 4 scales per row of A and column of B).
cuda_tile.module @m5 {
  entry @block16() {
    %a = constant <f8E4M3FN: 1.0> : tile<64x64xf8E4M3FN>
    %b = constant <f8E5M2: 1.0> : tile<64x64xf8E5M2>
    %c = constant <f32: 0.0> : tile<64x64xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<64x4xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<4x64xf8E8M0FNU>
    // expected-error @+1 {{'cuda_tile.mmaf_scaled' op cannot be lowered to nv_tileaa: mmaf_scaled with 16-element scale blocks has no nv_tileaa lowering yet; 2-D f8E4M3FN/f8E5M2 operands with f8E8M0FNU scales and 32-element blocks are supported}}
    %d = mmaf_scaled %a, %b, %c, %sa, %sb : tile<64x64xf8E4M3FN>, tile<64x64xf8E5M2>, tile<64x64xf32>, tile<64x4xf8E8M0FNU>, tile<4x64xf8E8M0FNU>
    return
  }
}

// -----

// Batched (3-D) operands.
cuda_tile.module @m6 {
  entry @batched() {
    %a = constant <f8E4M3FN: 1.0> : tile<2x32x64xf8E4M3FN>
    %b = constant <f8E4M3FN: 1.0> : tile<2x64x32xf8E4M3FN>
    %c = constant <f32: 0.0> : tile<2x32x32xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<2x32x2xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<2x2x32xf8E8M0FNU>
    // expected-error @+1 {{'cuda_tile.mmaf_scaled' op cannot be lowered to nv_tileaa: mmaf_scaled with batched (3-D) operands has no nv_tileaa lowering yet; 2-D f8E4M3FN/f8E5M2 operands with f8E8M0FNU scales and 32-element blocks are supported}}
    %d = mmaf_scaled %a, %b, %c, %sa, %sb : tile<2x32x64xf8E4M3FN>, tile<2x64x32xf8E4M3FN>, tile<2x32x32xf32>, tile<2x32x2xf8E8M0FNU>, tile<2x2x32xf8E8M0FNU>
    return
  }
}

// -----

// Operands the spec does not allow at all (the cuda_tile verifier checks
// only the shapes of A, B and C and the f32 accumulator).
cuda_tile.module @m7 {
  entry @f16() {
    %a = constant <f16: 1.0> : tile<64x64xf16>
    %b = constant <f16: 1.0> : tile<64x64xf16>
    %c = constant <f32: 0.0> : tile<64x64xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<64x2xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<2x64xf8E8M0FNU>
    // expected-error @+1 {{mmaf_scaled with f16 operands has no nv_tileaa lowering yet}}
    %d = mmaf_scaled %a, %b, %c, %sa, %sb : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>, tile<64x2xf8E8M0FNU>, tile<2x64xf8E8M0FNU>
    return
  }
}

// -----

// Scale shapes that do not fit M, K and N.
cuda_tile.module @m8 {
  entry @scale_shapes() {
    %a = constant <f8E4M3FN: 1.0> : tile<64x64xf8E4M3FN>
    %b = constant <f8E4M3FN: 1.0> : tile<64x32xf8E4M3FN>
    %c = constant <f32: 0.0> : tile<64x32xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<64x2xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<2x64xf8E8M0FNU>
    // expected-error @+1 {{'cuda_tile.mmaf_scaled' op cannot be lowered to nv_tileaa: mmaf_scaled scales must be M x (K/V) and (K/V) x N with V dividing K (M = 64, K = 64, N = 32), but got 64x2 and 2x64}}
    %d = mmaf_scaled %a, %b, %c, %sa, %sb : tile<64x64xf8E4M3FN>, tile<64x32xf8E4M3FN>, tile<64x32xf32>, tile<64x2xf8E8M0FNU>, tile<2x64xf8E8M0FNU>
    return
  }
}

// -----

cuda_tile.module @m9 {
  entry @more_scales_than_k() {
    %a = constant <f8E4M3FN: 1.0> : tile<64x64xf8E4M3FN>
    %b = constant <f8E4M3FN: 1.0> : tile<64x32xf8E4M3FN>
    %c = constant <f32: 0.0> : tile<64x32xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<64x128xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<128x32xf8E8M0FNU>
    // expected-error @+1 {{mmaf_scaled scales must be M x (K/V) and (K/V) x N with V dividing K (M = 64, K = 64, N = 32), but got 64x128 and 128x32}}
    %d = mmaf_scaled %a, %b, %c, %sa, %sb : tile<64x64xf8E4M3FN>, tile<64x32xf8E4M3FN>, tile<64x32xf32>, tile<64x128xf8E8M0FNU>, tile<128x32xf8E8M0FNU>
    return
  }
}

// -----

cuda_tile.module @m10 {
  entry @scale_rank() {
    %a = constant <f8E4M3FN: 1.0> : tile<64x64xf8E4M3FN>
    %b = constant <f8E4M3FN: 1.0> : tile<64x32xf8E4M3FN>
    %c = constant <f32: 0.0> : tile<64x32xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<128xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<2x32xf8E8M0FNU>
    // expected-error @+1 {{'cuda_tile.mmaf_scaled' op cannot be lowered to nv_tileaa: the scales of a 2-D mmaf_scaled must be 2-D tiles}}
    %d = mmaf_scaled %a, %b, %c, %sa, %sb : tile<64x64xf8E4M3FN>, tile<64x32xf8E4M3FN>, tile<64x32xf32>, tile<128xf8E8M0FNU>, tile<2x32xf8E8M0FNU>
    return
  }
}
