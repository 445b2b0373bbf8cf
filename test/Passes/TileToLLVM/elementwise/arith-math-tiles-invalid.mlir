// RUN: not tileiras-opt %s -split-input-file --tileaa-wrap-gpu-module --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm 2>&1 | FileCheck %s

// Elementwise ops need one layout for all their tiles (layout assignment
// inserts the conversions; most upstream verifiers already insist on it);
// a hand-written mismatch is diagnosed.
// CHECK: error: 'math.fpowi' op has tiles in different layouts ('tensor<64xf32, #nv_tileaa.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>>' and 'tensor<64xi32, #nv_tileaa.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>>'); elementwise ops need one layout for all their tiles (run tileaa-assign-layouts)
#a = #nv_tileaa.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
#b = #nv_tileaa.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
module attributes {nv_tileaa.target_spec = "sm_80"} {
  nv_tileaa.func @mismatch(%x: tensor<64xf32, #a>, %n: tensor<64xi32, #b>) -> tensor<64xf32, #a> {
    %r = math.fpowi %x, %n : tensor<64xf32, #a>, tensor<64xi32, #b>
    nv_tileaa.return %r : tensor<64xf32, #a>
  }
}

// -----

// FP8 tiles only convert through fp_to_fp.
// CHECK: error: 'arith.extf' op on tiles of 'f8E4M3FN' is not supported; convert them with nv_tileaa.fp_to_fp first
#a = #nv_tileaa.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
module attributes {nv_tileaa.target_spec = "sm_89"} {
  nv_tileaa.func @fp8(%x: tensor<64xf8E4M3FN, #a>) -> tensor<64xf32, #a> {
    %r = arith.extf %x : tensor<64xf8E4M3FN, #a> to tensor<64xf32, #a>
    nv_tileaa.return %r : tensor<64xf32, #a>
  }
}

// -----

// fp_to_fp checks its operand and result layouts too.
// CHECK: error: 'nv_tileaa.fp_to_fp' op has tiles in different layouts
#a = #nv_tileaa.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
#b = #nv_tileaa.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
module attributes {nv_tileaa.target_spec = "sm_80"} {
  nv_tileaa.func @convert(%x: tensor<64xf32, #a>) -> tensor<64xf16, #b> {
    %r = nv_tileaa.fp_to_fp %x : tensor<64xf32, #a> -> tensor<64xf16, #b>
    nv_tileaa.return %r : tensor<64xf16, #b>
  }
}
