// Diagnostics of the layout encodings (every verifier message of blocked,
// slice, dot_operand and mma_scale) and convert_layout.
// RUN: tileiras-opt %s -split-input-file -verify-diagnostics

#b1 = #nv_tileaa.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @convert_shape(%x: tensor<128xf32, #b1>) {
  // expected-error @+1 {{'nv_tileaa.convert_layout' op result 'tensor<64xf32>' must have the shape and element type of the source 'tensor<128xf32, #nv_tileaa.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>'; only the encoding may change}}
  %c = nv_tileaa.convert_layout %x : tensor<128xf32, #b1> -> tensor<64xf32>
  return
}

// -----

func.func @convert_elem(%x: tensor<128xf32>) {
  // expected-error @+1 {{'nv_tileaa.convert_layout' op result 'tensor<128xf16>' must have the shape and element type of the source 'tensor<128xf32>'; only the encoding may change}}
  %c = nv_tileaa.convert_layout %x : tensor<128xf32> -> tensor<128xf16>
  return
}

// -----

// expected-error @+1 {{#nv_tileaa.blocked threadsPerWarp must multiply to 32, got 16}}
func.func private @threads(tensor<128xf32, #nv_tileaa.blocked<sizePerThread = [4], threadsPerWarp = [16], warpsPerCTA = [4], order = [0]>>)

// -----

// expected-error @+1 {{#nv_tileaa.blocked layout of rank 1 on a tile of rank 2}}
func.func private @rank(tensor<8x16xf32, #nv_tileaa.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>)

// -----

// expected-error @+1 {{#nv_tileaa.blocked needs sizePerThread, threadsPerWarp, warpsPerCTA and order of the same non-zero rank}}
func.func private @blocked_ranks(tensor<8x16xf32, #nv_tileaa.blocked<sizePerThread = [1, 4], threadsPerWarp = [32], warpsPerCTA = [4, 1], order = [1, 0]>>)

// -----

// expected-error @+1 {{#nv_tileaa.blocked sizes must be powers of two}}
func.func private @blocked_npot(tensor<128xf32, #nv_tileaa.blocked<sizePerThread = [3], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>)

// -----

// expected-error @+1 {{#nv_tileaa.blocked sizes must be powers of two}}
func.func private @blocked_zero(tensor<128xf32, #nv_tileaa.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [0], order = [0]>>)

// -----

// expected-error @+1 {{#nv_tileaa.blocked warpsPerCTA must multiply to at most 32, got 64}}
func.func private @blocked_warps(tensor<64x64xf32, #nv_tileaa.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [8, 8], order = [1, 0]>>)

// -----

// expected-error @+1 {{#nv_tileaa.blocked order must be a permutation of 0..1}}
func.func private @blocked_order(tensor<64x64xf32, #nv_tileaa.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 1]>>)

// -----

// expected-error @+1 {{#nv_tileaa.blocked order must be a permutation of 0..1}}
func.func private @blocked_order_range(tensor<64x64xf32, #nv_tileaa.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [2, 0]>>)

// -----

// expected-error @+1 {{#nv_tileaa.slice parent must be a layout}}
func.func private @slice_parent(tensor<64xf32, #nv_tileaa.slice<dim = 0, parent = 1 : i32>>)

// -----

// expected-error @+1 {{#nv_tileaa.slice dim 2 is out of range for a parent of rank 2}}
func.func private @slice_dim(tensor<64xf32, #nv_tileaa.slice<dim = 2, parent = #nv_tileaa.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>>)

// -----

// A slice of a rank-2 layout has rank 1.
// expected-error @+1 {{#nv_tileaa.slice layout of rank 1 on a tile of rank 2}}
func.func private @slice_rank(tensor<64x64xf32, #nv_tileaa.slice<dim = 1, parent = #nv_tileaa.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>>)

// -----

// expected-error @+1 {{#nv_tileaa.dot_operand opIdx must be 0 (A) or 1 (B), got 2}}
func.func private @dot_operand_idx(tensor<64x32xf16, #nv_tileaa.dot_operand<opIdx = 2, parent = #nv_tileaa.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>>)

// -----

// expected-error @+1 {{#nv_tileaa.dot_operand parent must be a layout}}
func.func private @dot_operand_parent(tensor<64x32xf16, #nv_tileaa.dot_operand<opIdx = 0, parent = "blocked">>)

// -----

// expected-error @+1 {{#nv_tileaa.dot_operand parent must have rank 2 or 3, got 1}}
func.func private @dot_operand_parent_rank1(tensor<64x32xf16, #nv_tileaa.dot_operand<opIdx = 0, parent = #nv_tileaa.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>>)

// -----

// expected-error @+1 {{#nv_tileaa.dot_operand parent must have rank 2 or 3, got 4}}
func.func private @dot_operand_parent_rank4(tensor<2x2x64x32xf16, #nv_tileaa.dot_operand<opIdx = 0, parent = #nv_tileaa.blocked<sizePerThread = [1, 1, 1, 4], threadsPerWarp = [1, 1, 2, 16], warpsPerCTA = [1, 1, 4, 1], order = [3, 2, 1, 0]>>>)

// -----

// expected-error @+1 {{#nv_tileaa.dot_operand layout of rank 2 on a tile of rank 1}}
func.func private @dot_operand_rank(tensor<64xf16, #nv_tileaa.dot_operand<opIdx = 1, parent = #nv_tileaa.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>>)

// -----

// expected-error @+1 {{#nv_tileaa.mma versionMajor must be 2 (mma.sync), got 3}}
func.func private @mma_version(tensor<64x64xf32, #nv_tileaa.mma<versionMajor = 3, warpsPerCTA = [2, 2], instrShape = [16, 8]>>)

// -----

// expected-error @+1 {{#nv_tileaa.mma warpsPerCTA must be two (or, batched, three) powers of two multiplying to at most 32}}
func.func private @mma_warps(tensor<64x64xf32, #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [3, 2], instrShape = [16, 8]>>)

// -----

// Rank 4 is not a dot.
// expected-error @+1 {{#nv_tileaa.mma warpsPerCTA must be two (or, batched, three) powers of two multiplying to at most 32}}
func.func private @mma_warps_rank4(tensor<2x2x64x64xf32, #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [1, 2, 1, 2], instrShape = [1, 1, 16, 8]>>)

// -----

// expected-error @+1 {{#nv_tileaa.mma warpsPerCTA must be two (or, batched, three) powers of two multiplying to at most 32}}
func.func private @mma_batched_warps(tensor<64x64x64xf32, #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [8, 4, 2], instrShape = [1, 16, 8]>>)

// -----

// A batched layout needs a batched instrShape ([1, 16, 8]).
// expected-error @+1 {{#nv_tileaa.mma instrShape must be [16, 8] (m16n8kK) or [8, 8] (m8n8k4 f64) for version 2, with a leading 1 when warpsPerCTA has rank 3}}
func.func private @mma_batched_instr_rank(tensor<2x64x64xf32, #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [2, 1, 2], instrShape = [16, 8]>>)

// -----

// expected-error @+1 {{#nv_tileaa.mma instrShape must be [16, 8] (m16n8kK) or [8, 8] (m8n8k4 f64) for version 2, with a leading 1 when warpsPerCTA has rank 3}}
func.func private @mma_batched_instr_lead(tensor<2x64x64xf32, #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [2, 1, 2], instrShape = [2, 16, 8]>>)

// -----

// expected-error @+1 {{#nv_tileaa.mma layout of rank 3 on a tile of rank 2}}
func.func private @mma_batched_on_2d(tensor<64x64xf32, #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [2, 1, 2], instrShape = [1, 16, 8]>>)

// -----

// expected-error @+1 {{#nv_tileaa.mma needs a tile of at least 16x8 (or 1 along a broadcast dimension), got 8x8}}
func.func private @mma_batched_small(tensor<4x8x8xf32, #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [2, 1, 1], instrShape = [1, 16, 8]>>)

// -----

// expected-error @+1 {{#nv_tileaa.dot_operand of an mma parent needs a 16 x 16 tile at least, got 16x8}}
func.func private @mma_batched_operand_small(tensor<2x16x8xf16, #nv_tileaa.dot_operand<opIdx = 0, parent = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [2, 1, 1], instrShape = [1, 16, 8]>, kWidth = 2>>)

// -----

// expected-error @+1 {{#nv_tileaa.mma instrShape must be [16, 8] (m16n8kK) or [8, 8] (m8n8k4 f64) for version 2, with a leading 1 when warpsPerCTA has rank 3}}
func.func private @mma_instr(tensor<64x64xf32, #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [2, 2], instrShape = [16, 16]>>)

// -----

// expected-error @+1 {{#nv_tileaa.mma needs a tile of at least 16x8 (or 1 along a broadcast dimension), got 8x8}}
func.func private @mma_small(tensor<8x8xf32, #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [1, 1], instrShape = [16, 8]>>)

// -----

// expected-error @+1 {{#nv_tileaa.mma needs a tile of at least 8x8 (or 1 along a broadcast dimension), got 4x8}}
func.func private @mma_f64_small(tensor<4x8xf64, #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [1, 1], instrShape = [8, 8]>>)

// -----

// expected-error @+1 {{#nv_tileaa.dot_operand of an m8n8k4 (instrShape [8, 8]) parent needs kWidth 1, got 2}}
func.func private @mma_f64_kwidth(tensor<8x4xf64, #nv_tileaa.dot_operand<opIdx = 0, parent = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [1, 1], instrShape = [8, 8]>, kWidth = 2>>)

// -----

// expected-error @+1 {{#nv_tileaa.dot_operand of an mma parent needs a 8 x 4 tile at least, got 8x2}}
func.func private @mma_f64_operand_small(tensor<8x2xf64, #nv_tileaa.dot_operand<opIdx = 0, parent = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [1, 1], instrShape = [8, 8]>, kWidth = 1>>)

// -----

// expected-error @+1 {{#nv_tileaa.mma layout of rank 2 on a tile of rank 1}}
func.func private @mma_rank(tensor<64xf32, #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [1, 1], instrShape = [16, 8]>>)

// -----

// expected-error @+1 {{#nv_tileaa.dot_operand of an mma parent needs kWidth 1, 2 or 4, got 3}}
func.func private @mma_kwidth(tensor<64x32xf16, #nv_tileaa.dot_operand<opIdx = 0, parent = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>, kWidth = 3>>)

// -----

// expected-error @+1 {{#nv_tileaa.dot_operand of an mma parent needs kWidth 1, 2 or 4, got 0}}
func.func private @mma_no_kwidth(tensor<64x32xf16, #nv_tileaa.dot_operand<opIdx = 0, parent = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>>>)

// -----

// expected-error @+1 {{#nv_tileaa.dot_operand kWidth applies only to an mma parent}}
func.func private @blocked_kwidth(tensor<64x32xf16, #nv_tileaa.dot_operand<opIdx = 0, parent = #nv_tileaa.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>, kWidth = 2>>)

// -----

// expected-error @+1 {{#nv_tileaa.dot_operand of an mma parent needs a 16 x 16 tile at least, got 16x8}}
func.func private @mma_operand_small(tensor<16x8xf16, #nv_tileaa.dot_operand<opIdx = 0, parent = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [1, 1], instrShape = [16, 8]>, kWidth = 2>>)

// -----

// expected-error @+1 {{#nv_tileaa.dot_operand of an mma parent needs a 32 x 8 tile at least, got 16x8}}
func.func private @mma_operand_b_small(tensor<16x8xi8, #nv_tileaa.dot_operand<opIdx = 1, parent = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [1, 1], instrShape = [16, 8]>, kWidth = 4>>)

// -----

// #nv_tileaa.mma_scale: the scales of a block-scaled dot.
#blocked_parent = #nv_tileaa.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// expected-error @+1 {{#nv_tileaa.mma_scale parent must be a rank-2 #nv_tileaa.mma of m16n8 instructions}}
func.func @mma_scale_parent(%x: tensor<64x2xf8E8M0FNU, #nv_tileaa.mma_scale<opIdx = 0, parent = #blocked_parent>>) {
  return
}

// -----

#mma_p = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
// expected-error @+1 {{#nv_tileaa.mma_scale opIdx must be 0 (A) or 1 (B), got 2}}
func.func @mma_scale_opidx(%x: tensor<64x2xf8E8M0FNU, #nv_tileaa.mma_scale<opIdx = 2, parent = #mma_p>>) {
  return
}

// -----

#mma_q = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
// expected-error @+1 {{#nv_tileaa.mma_scale layout of rank 2 on a tile of rank 1}}
func.func @mma_scale_rank(%x: tensor<64xf8E8M0FNU, #nv_tileaa.mma_scale<opIdx = 0, parent = #mma_q>>) {
  return
}
