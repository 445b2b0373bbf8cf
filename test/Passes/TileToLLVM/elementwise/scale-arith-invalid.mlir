// f8E8M0FNU tiles (dot_scaled's scales) take no arithmetic: the lowering
// says so at the op and names the fix. A hand-written dot_scaled whose
// accumulator is not an mma layout has no block-scaled lowering either.
// RUN: not tileiras-opt %s -split-input-file --tileaa-resolve-target='gpu-name=sm_120a' --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm 2>&1 | FileCheck %s

// CHECK: error: 'arith.addf' op on tiles of 'f8E8M0FNU' (dot_scaled scales) is not supported; arith.bitcast them to i8 first
#b = #nv_tileaa.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
nv_tileaa.func @add_scales(%x: tensor<128xf8E8M0FNU, #b>) -> tensor<128xf8E8M0FNU, #b> {
  %r = arith.addf %x, %x : tensor<128xf8E8M0FNU, #b>
  nv_tileaa.return %r : tensor<128xf8E8M0FNU, #b>
}

// -----

// CHECK: error: 'nv_tileaa.dot_scaled' op has no lowering for the accumulator layout #nv_tileaa.blocked<{{.*}}> (block-scaled mma.sync needs an mma layout)
#blk = #nv_tileaa.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>
nv_tileaa.func @blocked_acc(%a: tensor<16x32xf8E4M3FN, #blk>, %sa: tensor<16x1xf8E8M0FNU, #blk>, %b: tensor<32x8xf8E4M3FN, #blk>, %sb: tensor<1x8xf8E8M0FNU, #blk>, %c: tensor<16x8xf32, #blk>) -> tensor<16x8xf32, #blk> {
  %d = nv_tileaa.dot_scaled %a scale %sa, %b scale %sb, %c : tensor<16x32xf8E4M3FN, #blk> scale tensor<16x1xf8E8M0FNU, #blk>, tensor<32x8xf8E4M3FN, #blk> scale tensor<1x8xf8E8M0FNU, #blk>, tensor<16x8xf32, #blk> -> tensor<16x8xf32, #blk>
  nv_tileaa.return %d : tensor<16x8xf32, #blk>
}
