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
    %c = constant <f4E2M1FN: [1.0, 2.0, 3.0, 4.0]> : tile<4xf4E2M1FN>
    // expected-error @+1 {{'cuda_tile.ftof' op cannot be lowered to nv_tileaa: ftof from f4E2M1FN to f8E8M0FNU is not supported}}
    %t = ftof %c rounding<zero> : tile<4xf4E2M1FN> -> tile<4xf8E8M0FNU>
    return
  }
}

// -----

// f4E2M1FN through pointer tiles: no element-wise address for a nibble.
cuda_tile.module @kernels {
  entry @k(%p: tile<ptr<f4E2M1FN>>) {
    %p1 = reshape %p : tile<ptr<f4E2M1FN>> -> tile<1xptr<f4E2M1FN>>
    %pb = broadcast %p1 : tile<1xptr<f4E2M1FN>> -> tile<4xptr<f4E2M1FN>>
    // expected-error @+1 {{'cuda_tile.load_ptr_tko' op cannot be lowered to nv_tileaa: i4 and f4E2M1FN tiles are supported in constants, data movement (broadcast, reshape, permute, cat, extract, select), loop and if values, reduce and scan, view loads and stores (f4E2M1FN), pack, unpack, exti, trunci, bitcast, itof, ftoi, ftof, print_tko, integer arithmetic and comparisons (i4) and mmaf_scaled operands only}}
    %v, %t = load_ptr_tko weak %pb : tile<4xptr<f4E2M1FN>> -> tile<4xf4E2M1FN>, token
    return
  }
}
