// RUN: not tileiras-opt %s -split-input-file --tileaa-wrap-gpu-module --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm 2>&1 | FileCheck %s

// Conversions into FP8 need sm_89 or newer; the diagnostic names the op,
// the conversion, the chip and the chips that have it.

// CHECK: error: 'nv_tileaa.fp_to_fp' op cannot convert 'f32' to 'f8E4M3FN' on sm_80: cvt.f8 requires sm_89 or newer; the target is sm_80
module attributes {nv_tileaa.target_spec = "sm_80"} {
  nv_tileaa.func @to_fp8(%x: f32) -> f8E4M3FN {
    %r = nv_tileaa.fp_to_fp %x : f32 -> f8E4M3FN
    nv_tileaa.return %r : f8E4M3FN
  }
}

// -----

// Widening needs no instruction (integer decoding, checked value by value
// in sim-numerics.test); rounding into FP8 does.
// CHECK: error: 'nv_tileaa.fp_to_fp' op cannot convert 'f16' to 'f8E5M2' on sm_75: cvt.f8 requires sm_89 or newer; the target is sm_75
#b = #nv_tileaa.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
module attributes {nv_tileaa.target_spec = "sm_75"} {
  nv_tileaa.func @to_fp8_tile(%x: tensor<128xf16, #b>) -> tensor<128xf8E5M2, #b> {
    %r = nv_tileaa.fp_to_fp %x : tensor<128xf16, #b> -> tensor<128xf8E5M2, #b>
    nv_tileaa.return %r : tensor<128xf8E5M2, #b>
  }
}

// -----

// sm_86 is still too old.
// CHECK: error: 'nv_tileaa.fp_to_fp' op cannot convert 'bf16' to 'f8E5M2' on sm_86: cvt.f8 requires sm_89 or newer; the target is sm_86
module attributes {nv_tileaa.target_spec = "sm_86"} {
  nv_tileaa.func @bf16_to_fp8(%x: bf16) -> f8E5M2 {
    %r = nv_tileaa.fp_to_fp %x : bf16 -> f8E5M2
    nv_tileaa.return %r : f8E5M2
  }
}
