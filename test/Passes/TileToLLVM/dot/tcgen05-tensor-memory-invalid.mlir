// Tensor-memory ops the lowering refuses: a tile whose columns and block
// scales need more than the 512 columns a CTA has (N = 256 and K = 4096:
// 256 + 4 x 32 groups x (1 + 2) scale columns = 640), and a tmem_dealloc
// of a tile that no tmem_alloc made (a function argument).
// RUN: not tileiras-opt %s -split-input-file --tileaa-resolve-target='gpu-name=sm_100a' --convert-nv-tile-func-to-llvm --convert-tileaa-to-llvm 2>&1 | FileCheck %s

// CHECK: error: 'nv_tileaa.tmem_alloc' op needs 640 tensor-memory columns (the tile's 256 and its block scales'), more than the 512 a CTA has
#l = #nv_tileaa.blocked<sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 2], order = [0, 1]>
#s = #nv_tileaa.swizzled_shared<vec = 16, perPhase = 1, maxPhase = 8, order = [1, 0]>
#bar = #nv_tileaa.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>
nv_tileaa.func @too_many_columns(%i: i32, %sa: tensor<128x128xf8E8M0FNU, #l>, %sb: tensor<128x256xf8E8M0FNU, #l>) {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<1x128x4096xf8E4M3FN, #s>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<1x4096x256xf8E4M3FN, #s>
  %bar = nv_tileaa.local_alloc : !nv_tileaa.smem<1x1x1xi64, #bar>
  %tm = nv_tileaa.tmem_alloc : !nv_tileaa.tmem<128x256xf32>
  nv_tileaa.tmem_dot %a[%i], %b[%i], %tm, %bar, %i scales(%sa, %sb : tensor<128x128xf8E8M0FNU, #l>, tensor<128x256xf8E8M0FNU, #l>) : !nv_tileaa.smem<1x128x4096xf8E4M3FN, #s>, !nv_tileaa.smem<1x4096x256xf8E4M3FN, #s>, !nv_tileaa.tmem<128x256xf32>, !nv_tileaa.smem<1x1x1xi64, #bar>
  nv_tileaa.tmem_dealloc %tm : !nv_tileaa.tmem<128x256xf32>
  nv_tileaa.return
}

// -----

// CHECK: error: 'nv_tileaa.tmem_dealloc' op frees a tile that no tmem_alloc made
nv_tileaa.func @not_allocated(%tm: !nv_tileaa.tmem<128x64xf32>) {
  nv_tileaa.tmem_dealloc %tm : !nv_tileaa.tmem<128x64xf32>
  nv_tileaa.return
}
