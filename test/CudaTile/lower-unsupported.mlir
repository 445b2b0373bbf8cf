// Ops the lowering does not handle yet are errors naming the op.
// RUN: tileiras-opt %s --convert-cuda-tile-to-tileaa -split-input-file -verify-diagnostics

cuda_tile.module @kernels {
  // expected-error @+1 {{'cuda_tile.entry' op argument #0 of type '!cuda_tile.token' cannot be a kernel parameter (only scalar tiles and views can)}}
  entry @k(%t: token) {
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @k() {
    %a = constant <f8E4M3FN: 1.0> : tile<2x64x32xf8E4M3FN>
    %b = constant <f8E4M3FN: 1.0> : tile<2x32x64xf8E4M3FN>
    %c = constant <f32: 0.0> : tile<2x64x64xf32>
    %sa = constant <f8E4M3FN: 1.0> : tile<2x64x1xf8E4M3FN>
    %sb = constant <f8E4M3FN: 1.0> : tile<2x1x64xf8E4M3FN>
    // Block-scaled products of a form dot_scaled lacks (every unsupported
    // mmaf_scaled: mmaf-scaled-unsupported.mlir).
    // expected-error @+1 {{'cuda_tile.mmaf_scaled' op cannot be lowered to nv_tileaa: mmaf_scaled with f8E4M3FN scales of f8E4M3FN/f8E5M2 operands has no nv_tileaa lowering yet; f8E4M3FN/f8E5M2 operands with f8E8M0FNU scales per 32 elements and f4E2M1FN operands with f8E8M0FNU scales per 32 or 16 or f8E4M3FN scales per 16, 2-D or batched (3-D), are supported}}
    %d = mmaf_scaled %a, %b, %c, %sa, %sb : tile<2x64x32xf8E4M3FN>, tile<2x32x64xf8E4M3FN>, tile<2x64x64xf32>, tile<2x64x1xf8E4M3FN>, tile<2x1x64xf8E4M3FN>
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @k() {
    %c = constant <i8: [1, 2, 3, 4]> : tile<4xi8>
    // expected-error @+1 {{'cuda_tile.unpack' op cannot be lowered to nv_tileaa: 4-bit element types (i4, f4E2M1FN) are not supported}}
    %u = unpack %c : tile<4xi8> -> tile<8xi4>
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @k() {
    %c = constant <f32: [1.0, 2.0, 3.0, 4.0]> : tile<4xf32>
    // expected-error @+1 {{'cuda_tile.ftof' op cannot be lowered to nv_tileaa: f4E2M1FN tiles are supported as loads from partition, strided and gather views, splat constants and mmaf_scaled operands only}}
    %t = ftof %c : tile<4xf32> -> tile<4xf4E2M1FN>
    return
  }
}
