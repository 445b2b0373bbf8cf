// mmaf_scaled lowers to nv_tileaa.dot_scaled for f8E4M3FN/f8E5M2
// operands with f8E8M0FNU scales per 32 elements and for f4E2M1FN operands
// (packed along K) with f8E8M0FNU scales per 32 or 16 or f8E4M3FN scales
// per 16 (lower-mmaf-scaled.mlir). Everything else the cuda_tile op allows
// is an error at the op naming what is supported, never a crash or a dot
// without its scales; the driver exits with status 1.
// RUN: tileiras-opt %s --convert-cuda-tile-to-tileaa -split-input-file -verify-diagnostics
// RUN: %expect-exit 1 tileiras --gpu-name=sm_100a %s -o %t.ptx 2>&1 | FileCheck %s
// CHECK: mmaf-scaled-unsupported.mlir:[[@LINE+11]]:10: error: 'cuda_tile.mmaf_scaled' op cannot be lowered to nv_tileaa: mmaf_scaled with 32-element scale blocks of f8E4M3FN scales

// f8E4M3FN scales per 32 elements (only per 16, NVFP4).
cuda_tile.module @m2 {
  entry @nvfp4_block32() {
    %a = constant <f4E2M1FN: 1.0> : tile<64x64xf4E2M1FN>
    %b = constant <f4E2M1FN: 1.0> : tile<64x64xf4E2M1FN>
    %c = constant <f32: 0.0> : tile<64x64xf32>
    %sa = constant <f8E4M3FN: 1.0> : tile<64x2xf8E4M3FN>
    %sb = constant <f8E4M3FN: 1.0> : tile<2x64xf8E4M3FN>
    // expected-error @+1 {{'cuda_tile.mmaf_scaled' op cannot be lowered to nv_tileaa: mmaf_scaled with 32-element scale blocks of f8E4M3FN scales has no nv_tileaa lowering yet}}
    %d = mmaf_scaled %a, %b, %c, %sa, %sb : tile<64x64xf4E2M1FN>, tile<64x64xf4E2M1FN>, tile<64x64xf32>, tile<64x2xf8E4M3FN>, tile<2x64xf8E4M3FN>
    return
  }
}

// -----

// Scales of two types.
cuda_tile.module @m3 {
  entry @mixed_scales() {
    %a = constant <f4E2M1FN: 1.0> : tile<64x64xf4E2M1FN>
    %b = constant <f4E2M1FN: 1.0> : tile<64x64xf4E2M1FN>
    %c = constant <f32: 0.0> : tile<64x64xf32>
    %sa = constant <f8E4M3FN: 1.0> : tile<64x4xf8E4M3FN>
    %sb = constant <f8E8M0FNU: 1.0> : tile<4x64xf8E8M0FNU>
    // expected-error @+1 {{'cuda_tile.mmaf_scaled' op cannot be lowered to nv_tileaa: the scales of A and B must have one type, but got f8E4M3FN and f8E8M0FNU}}
    %d = mmaf_scaled %a, %b, %c, %sa, %sb : tile<64x64xf4E2M1FN>, tile<64x64xf4E2M1FN>, tile<64x64xf32>, tile<64x4xf8E4M3FN>, tile<4x64xf8E8M0FNU>
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
    // expected-error @+1 {{'cuda_tile.mmaf_scaled' op cannot be lowered to nv_tileaa: mmaf_scaled with f8E4M3FN scales of f8E4M3FN/f8E5M2 operands has no nv_tileaa lowering yet; f8E4M3FN/f8E5M2 operands with f8E8M0FNU scales per 32 elements and f4E2M1FN operands with f8E8M0FNU scales per 32 or 16 or f8E4M3FN scales per 16, 2-D or batched (3-D), are supported}}
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
    // expected-error @+1 {{'cuda_tile.mmaf_scaled' op cannot be lowered to nv_tileaa: mmaf_scaled with 16-element scale blocks of f8E8M0FNU scales has no nv_tileaa lowering yet}}
    %d = mmaf_scaled %a, %b, %c, %sa, %sb : tile<64x64xf8E4M3FN>, tile<64x64xf8E5M2>, tile<64x64xf32>, tile<64x4xf8E8M0FNU>, tile<4x64xf8E8M0FNU>
    return
  }
}

// -----

// Batched (3-D) operands whose scales do not have the batch.
cuda_tile.module @m6 {
  entry @batched() {
    %a = constant <f8E4M3FN: 1.0> : tile<2x32x64xf8E4M3FN>
    %b = constant <f8E4M3FN: 1.0> : tile<2x64x32xf8E4M3FN>
    %c = constant <f32: 0.0> : tile<2x32x32xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<1x32x2xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<2x2x32xf8E8M0FNU>
    // expected-error @+1 {{'cuda_tile.mmaf_scaled' op cannot be lowered to nv_tileaa: mmaf_scaled scales must be (batch) x M x (K/V) and (batch) x (K/V) x N with V dividing K (M = 32, K = 64, N = 32), but got 1x32x2 and 2x2x32}}
    %d = mmaf_scaled %a, %b, %c, %sa, %sb : tile<2x32x64xf8E4M3FN>, tile<2x64x32xf8E4M3FN>, tile<2x32x32xf32>, tile<1x32x2xf8E8M0FNU>, tile<2x2x32xf8E8M0FNU>
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

// -----

// f4E2M1FN from a strided view: its tiles must start on byte boundaries
// along the packed (stride-1) dimension.
cuda_tile.module @m13 {
  entry @f4_odd_traversal(%pa: tile<ptr<f4E2M1FN>>) {
    %ta = make_tensor_view %pa, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf4E2M1FN, strides=[128,1]>
    %va = make_strided_view %ta : strided_view<tile=(64x64), traversal_strides=[64,33], tensor_view<64x128xf4E2M1FN, strides=[128,1]>>
    %i = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{'cuda_tile.load_view_tko' op cannot be lowered to nv_tileaa: an f4E2M1FN tile from a strided view needs an even traversal stride along its stride-1 dimension (two elements a byte), but got 33}}
    %a, %t = load_view_tko weak %va[%i, %i] : strided_view<tile=(64x64), traversal_strides=[64,33], tensor_view<64x128xf4E2M1FN, strides=[128,1]>>, tile<i32> -> tile<64x64xf4E2M1FN>, token
    return
  }
}

// -----

// f4E2M1FN rows must start on bytes: an odd static row stride is an error.
cuda_tile.module @m14 {
  entry @f4_odd_row_stride(%pa: tile<ptr<f4E2M1FN>>) {
    %ta = make_tensor_view %pa, shape = [64, 63], strides = [63, 1] : tensor_view<64x63xf4E2M1FN, strides=[63,1]>
    %va = make_partition_view %ta : partition_view<tile=(64x64), tensor_view<64x63xf4E2M1FN, strides=[63,1]>>
    %i = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{'cuda_tile.load_view_tko' op cannot be lowered to nv_tileaa: an f4E2M1FN view needs even strides outside its stride-1 dimension (each row starts on a byte), but stride 0 is 63}}
    %a, %t = load_view_tko weak %va[%i, %i] : partition_view<tile=(64x64), tensor_view<64x63xf4E2M1FN, strides=[63,1]>>, tile<i32> -> tile<64x64xf4E2M1FN>, token
    return
  }
}

// -----

// A gather view of f4E2M1FN gathers rows, not the packed dimension.
cuda_tile.module @m15 {
  entry @f4_gather_packed(%pa: tile<ptr<f4E2M1FN>>) {
    %idx = iota : tile<64xi32>
    %ta = make_tensor_view %pa, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf4E2M1FN, strides=[128,1]>
    %ga = make_gather_scatter_view %ta : gather_scatter_view<tile=(64x64), tensor_view<64x128xf4E2M1FN, strides=[128,1]>, sparse_dim=1>
    %i = constant <i32: 0> : tile<i32>
    // expected-error @+1 {{'cuda_tile.load_view_tko' op cannot be lowered to nv_tileaa: an f4E2M1FN gather view cannot gather or scatter along its stride-1 dimension (two elements share a byte)}}
    %a, %t = load_view_tko weak %ga[%i, %idx] : gather_scatter_view<tile=(64x64), tensor_view<64x128xf4E2M1FN, strides=[128,1]>, sparse_dim=1>, tile<i32>, tile<64xi32> -> tile<64x64xf4E2M1FN>, token
    return
  }
}
