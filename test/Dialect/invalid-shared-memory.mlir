// Diagnostics of the shared-memory type, its encoding and its ops.
// RUN: tileiras-opt %s -split-input-file -verify-diagnostics

#shared = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
// expected-error @+1 {{!nv_tileaa.smem needs a slot count and a rank-2 tile shape, but got 2 dimensions}}
func.func private @rank(!nv_tileaa.smem<64x32xf16, #shared>)

// -----

#shared = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
// expected-error @+1 {{!nv_tileaa.smem tile dimensions must be powers of two, but got 48}}
func.func private @pow2(!nv_tileaa.smem<2x48x32xf16, #shared>)

// -----

#shared = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
// expected-error @+1 {{!nv_tileaa.smem dimensions must be positive}}
func.func private @zero(!nv_tileaa.smem<0x64x32xf16, #shared>)

// -----

#shared = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
// expected-error @+1 {{!nv_tileaa.smem holds integers or floats of at least 8 bits, not 'i1'}}
func.func private @bool(!nv_tileaa.smem<2x64x32xi1, #shared>)

// -----

// expected-error @+1 {{!nv_tileaa.smem needs a #nv_tileaa.swizzled_shared encoding}}
func.func private @encoding(!nv_tileaa.smem<2x64x32xf16, #nv_tileaa.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>>)

// -----

#shared = #nv_tileaa.swizzled_shared<vec = 16, perPhase = 1, maxPhase = 8, order = [1, 0]>
// expected-error @+1 {{!nv_tileaa.smem tile 64x8 does not fit the swizzle (dimension 1 is not a multiple of 16)}}
func.func private @fit(!nv_tileaa.smem<2x64x8xf16, #shared>)

// -----

// expected-error @+1 {{#nv_tileaa.swizzled_shared vec must be a power of two, but got 6}}
func.func private @vec(!nv_tileaa.smem<2x64x32xf16, #nv_tileaa.swizzled_shared<vec = 6, perPhase = 1, maxPhase = 8, order = [1, 0]>>)

// -----

// expected-error @+1 {{#nv_tileaa.swizzled_shared order must be [0, 1] or [1, 0]}}
func.func private @order(!nv_tileaa.smem<2x64x32xf16, #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 1]>>)

// -----

#shared = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @copy_shape(%p: tensor<32x32x!nv_tileaa.ptr<f16>>, %s: i32) {
  %buf = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x32xf16, #shared>
  // expected-error @+1 {{'nv_tileaa.async_copy' op pointer tile shape [32, 32] differs from the buffer's slot shape [64, 32]}}
  nv_tileaa.async_copy %p, %buf[%s] : tensor<32x32x!nv_tileaa.ptr<f16>> -> !nv_tileaa.smem<2x64x32xf16, #shared>
  nv_tileaa.return
}

// -----

#shared = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @copy_type(%p: tensor<64x32x!nv_tileaa.ptr<bf16>>, %s: i32) {
  %buf = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x32xf16, #shared>
  // expected-error @+1 {{'nv_tileaa.async_copy' op pointer tile element type 'bf16' differs from the buffer's 'f16'}}
  nv_tileaa.async_copy %p, %buf[%s] : tensor<64x32x!nv_tileaa.ptr<bf16>> -> !nv_tileaa.smem<2x64x32xf16, #shared>
  nv_tileaa.return
}

// -----

#shared = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @copy_space(%p: tensor<64x32x!nv_tileaa.ptr<f16, 3>>, %s: i32) {
  %buf = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x32xf16, #shared>
  // expected-error @+1 {{'nv_tileaa.async_copy' op copies from a tile of global pointers}}
  nv_tileaa.async_copy %p, %buf[%s] : tensor<64x32x!nv_tileaa.ptr<f16, 3>> -> !nv_tileaa.smem<2x64x32xf16, #shared>
  nv_tileaa.return
}

// -----

#shared = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @copy_mask(%p: tensor<64x32x!nv_tileaa.ptr<f16>>, %m: tensor<32x64xi1>, %s: i32) {
  %buf = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x32xf16, #shared>
  // expected-error @+1 {{'nv_tileaa.async_copy' op mask must be an i1 tile of the pointers' shape}}
  nv_tileaa.async_copy %p, %buf[%s], %m : tensor<64x32x!nv_tileaa.ptr<f16>>, tensor<32x64xi1> -> !nv_tileaa.smem<2x64x32xf16, #shared>
  nv_tileaa.return
}

// -----

#shared = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @read_shape(%s: i32) -> tensor<32x64xf16> {
  %buf = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x32xf16, #shared>
  // expected-error @+1 {{'nv_tileaa.local_load' op result shape [32, 64] differs from the buffer's slot shape [64, 32]}}
  %t = nv_tileaa.local_load %buf[%s] : !nv_tileaa.smem<2x64x32xf16, #shared> -> tensor<32x64xf16>
  nv_tileaa.return %t : tensor<32x64xf16>
}

// -----

nv_tileaa.func @wait() {
  // expected-error @+1 {{'nv_tileaa.async_wait' op attribute 'pending' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
  nv_tileaa.async_wait {pending = -1 : i32}
  nv_tileaa.return
}

// -----

#mma = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#sa = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @wgmma_shapes(%s: i32, %c: tensor<64x64xf32, #mma>) {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x32xf16, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x16x64xf16, #sb>
  // expected-error @+1 {{'nv_tileaa.warpgroup_dot' op slots [64, 32] x [16, 64] do not multiply into [64, 64]}}
  %d = nv_tileaa.warpgroup_dot %a[%s], %b[%s], %c : !nv_tileaa.smem<2x64x32xf16, #sa>, !nv_tileaa.smem<2x16x64xf16, #sb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  nv_tileaa.return
}

// -----

#mma = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#sa = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @wgmma_types(%s: i32, %c: tensor<64x64xf32, #mma>) {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x32xf16, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x64xbf16, #sb>
  // expected-error @+1 {{'nv_tileaa.warpgroup_dot' op operands must have one element type (or be two FP8 types)}}
  %d = nv_tileaa.warpgroup_dot %a[%s], %b[%s], %c : !nv_tileaa.smem<2x64x32xf16, #sa>, !nv_tileaa.smem<2x32x64xbf16, #sb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  nv_tileaa.return
}

// -----

#mma = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#s = #nv_tileaa.swizzled_shared<vec = 2, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @wgmma_f64(%s: i32, %c: tensor<64x64xf32, #mma>) {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x16xf64, #s>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x16x64xf64, #s>
  // expected-error @+1 {{'nv_tileaa.warpgroup_dot' op has no instruction for 'f64' operands (f16, bf16, f32 read as tf32, f8E4M3FN/f8E5M2 or i8)}}
  %d = nv_tileaa.warpgroup_dot %a[%s], %b[%s], %c : !nv_tileaa.smem<2x64x16xf64, #s>, !nv_tileaa.smem<2x16x64xf64, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  nv_tileaa.return
}

// -----

#mma = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#sa = #nv_tileaa.swizzled_shared<vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 4, perPhase = 1, maxPhase = 8, order = [0, 1]>
nv_tileaa.func @wgmma_tf32_i32(%s: i32, %c: tensor<64x64xi32, #mma>) {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x32xf32, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x64xf32, #sb>
  // expected-error @+1 {{'nv_tileaa.warpgroup_dot' op accumulates 'f32' products in 'i32', not f32}}
  %d = nv_tileaa.warpgroup_dot %a[%s], %b[%s], %c : !nv_tileaa.smem<2x64x32xf32, #sa>, !nv_tileaa.smem<2x32x64xf32, #sb>, tensor<64x64xi32, #mma> -> tensor<64x64xi32, #mma>
  nv_tileaa.return
}

// -----

#mma = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]>
#sa = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @wgmma_warps(%s: i32, %c: tensor<64x64xf32, #mma>) {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x32xf16, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x64xf16, #sb>
  // expected-error @+1 {{'nv_tileaa.warpgroup_dot' op accumulator needs an #nv_tileaa.mma layout with instrShape [16, 8] and warpsPerCTA [4k, 1]}}
  %d = nv_tileaa.warpgroup_dot %a[%s], %b[%s], %c : !nv_tileaa.smem<2x64x32xf16, #sa>, !nv_tileaa.smem<2x32x64xf16, #sb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  nv_tileaa.return
}

// -----

#mma = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#sa = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @wgmma_result(%s: i32, %c: tensor<64x64xf32, #mma>) {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x32xf16, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x64xf16, #sb>
  // expected-error @+1 {{'nv_tileaa.warpgroup_dot' op result type 'tensor<64x64xf16, #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>>' differs from the accumulator's 'tensor<64x64xf32, #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>>'}}
  %d = nv_tileaa.warpgroup_dot %a[%s], %b[%s], %c : !nv_tileaa.smem<2x64x32xf16, #sa>, !nv_tileaa.smem<2x32x64xf16, #sb>, tensor<64x64xf32, #mma> -> tensor<64x64xf16, #mma>
  nv_tileaa.return
}

// -----

#shared = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @reuse_distance() {
  // expected-error @+1 {{'nv_tileaa.local_alloc' op attribute 'reuse_distance' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 1}}
  %buf = nv_tileaa.local_alloc {reuse_distance = 0 : i32} : !nv_tileaa.smem<2x64x32xf16, #shared>
  nv_tileaa.return
}

// -----

#mma = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>
nv_tileaa.func @wgmma_wait(%c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{'nv_tileaa.warpgroup_wait' op attribute 'pending' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
  %d = nv_tileaa.warpgroup_wait %c {pending = -1 : i32} : tensor<64x64xf32, #mma>
  nv_tileaa.return
}

// -----

// A blocked accumulator is tcgen05.mma's: 128 rows, one per thread.
#acc = #nv_tileaa.blocked<sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>
#sa = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @tcgen05_rows(%s: i32, %c: tensor<64x64xf32, #acc>) {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x32xf16, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x64xf16, #sb>
  // expected-error @+1 {{'nv_tileaa.warpgroup_dot' op a blocked accumulator (tcgen05.mma) needs 128 rows, one per thread: sizePerThread [1, N / W], threadsPerWarp [32, 1], warpsPerCTA [4, W], W 1 or 2}}
  %d = nv_tileaa.warpgroup_dot %a[%s], %b[%s], %c : !nv_tileaa.smem<2x64x32xf16, #sa>, !nv_tileaa.smem<2x32x64xf16, #sb>, tensor<64x64xf32, #acc> -> tensor<64x64xf32, #acc>
  nv_tileaa.return
}

// -----

#acc = #nv_tileaa.blocked<sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>
#sa = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @tcgen05_pending(%s: i32, %c: tensor<128x64xf32, #acc>) {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x128x32xf16, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x64xf16, #sb>
  // expected-error @+1 {{'nv_tileaa.warpgroup_dot' op a tcgen05.mma warpgroup_dot (blocked accumulator) cannot be left pending}}
  %d = nv_tileaa.warpgroup_dot %a[%s], %b[%s], %c {pending = 1 : i32} : !nv_tileaa.smem<2x128x32xf16, #sa>, !nv_tileaa.smem<2x32x64xf16, #sb>, tensor<128x64xf32, #acc> -> tensor<128x64xf32, #acc>
  nv_tileaa.return
}

// -----

// The block-scaled form: two scale tiles (A's and B's).
#acc = #nv_tileaa.blocked<sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>
#s = #nv_tileaa.swizzled_shared<vec = 16, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @one_scale_tile(%i: i32, %c: tensor<128x64xf32, #acc>, %sa: tensor<128x4xf8E8M0FNU, #acc>) {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<1x128x128xf8E4M3FN, #s>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<1x128x64xf8E4M3FN, #s>
  // expected-error @+1 {{'nv_tileaa.warpgroup_dot' op expects two scale tiles (A's and B's), got 1}}
  %d = nv_tileaa.warpgroup_dot %a[%i], %b[%i], %c scales(%sa : tensor<128x4xf8E8M0FNU, #acc>) : !nv_tileaa.smem<1x128x128xf8E4M3FN, #s>, !nv_tileaa.smem<1x128x64xf8E4M3FN, #s>, tensor<128x64xf32, #acc> -> tensor<128x64xf32, #acc>
  nv_tileaa.return
}

// -----

// FP8 operands only.
#acc = #nv_tileaa.blocked<sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>
#s = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @scaled_f16(%i: i32, %c: tensor<128x64xf32, #acc>, %sa: tensor<128x2xf8E8M0FNU, #acc>, %sb: tensor<2x64xf8E8M0FNU, #acc>) {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<1x128x64xf16, #s>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<1x64x64xf16, #s>
  // expected-error @+1 {{'nv_tileaa.warpgroup_dot' op block-scaled operands must be f8E4M3FN or f8E5M2 (one may be i8: f4E2M1FN one a byte), or both i8 (packed f4E2M1FN), not 'f16'}}
  %d = nv_tileaa.warpgroup_dot %a[%i], %b[%i], %c scales(%sa, %sb : tensor<128x2xf8E8M0FNU, #acc>, tensor<2x64xf8E8M0FNU, #acc>) : !nv_tileaa.smem<1x128x64xf16, #s>, !nv_tileaa.smem<1x64x64xf16, #s>, tensor<128x64xf32, #acc> -> tensor<128x64xf32, #acc>
  nv_tileaa.return
}

// -----

// tcgen05.mma only: a wgmma (mma-layout) accumulator has no block scaling.
#mma = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#s = #nv_tileaa.swizzled_shared<vec = 16, perPhase = 1, maxPhase = 8, order = [1, 0]>
#l = #nv_tileaa.blocked<sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]>
nv_tileaa.func @scaled_wgmma(%i: i32, %c: tensor<64x64xf32, #mma>, %sa: tensor<64x4xf8E8M0FNU, #l>, %sb: tensor<4x64xf8E8M0FNU, #l>) {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<1x64x128xf8E4M3FN, #s>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<1x128x64xf8E5M2, #s>
  // expected-error @+1 {{'nv_tileaa.warpgroup_dot' op a block-scaled warpgroup_dot needs an f32 accumulator of tensor memory's blocked layout (tcgen05.mma)}}
  %d = nv_tileaa.warpgroup_dot %a[%i], %b[%i], %c scales(%sa, %sb : tensor<64x4xf8E8M0FNU, #l>, tensor<4x64xf8E8M0FNU, #l>) : !nv_tileaa.smem<1x64x128xf8E4M3FN, #s>, !nv_tileaa.smem<1x128x64xf8E5M2, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  nv_tileaa.return
}

// -----

// One scale per 32 K elements of each row of A and column of B.
#acc = #nv_tileaa.blocked<sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>
#s = #nv_tileaa.swizzled_shared<vec = 16, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @scale_shapes(%i: i32, %c: tensor<128x64xf32, #acc>, %sa: tensor<128x2xf8E8M0FNU, #acc>, %sb: tensor<4x64xf8E8M0FNU, #acc>) {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<1x128x128xf8E4M3FN, #s>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<1x128x64xf8E4M3FN, #s>
  // expected-error @+1 {{'nv_tileaa.warpgroup_dot' op expects f8E8M0FNU scales of shapes [128, 4] and [4, 64] (K = 128, one per 32)}}
  %d = nv_tileaa.warpgroup_dot %a[%i], %b[%i], %c scales(%sa, %sb : tensor<128x2xf8E8M0FNU, #acc>, tensor<4x64xf8E8M0FNU, #acc>) : !nv_tileaa.smem<1x128x128xf8E4M3FN, #s>, !nv_tileaa.smem<1x128x64xf8E4M3FN, #s>, tensor<128x64xf32, #acc> -> tensor<128x64xf32, #acc>
  nv_tileaa.return
}

// -----

// i8 slots of packed FP4 (K = 2 x 64 = 128): f8E4M3FN scales per 16.
#acc = #nv_tileaa.blocked<sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>
#s = #nv_tileaa.swizzled_shared<vec = 16, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @fp4_scale_shapes(%i: i32, %c: tensor<128x64xf32, #acc>, %sa: tensor<128x4xf8E4M3FN, #acc>, %sb: tensor<4x64xf8E4M3FN, #acc>) {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<1x128x64xi8, #s>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<1x64x64xi8, #s>
  // expected-error @+1 {{'nv_tileaa.warpgroup_dot' op expects f8E4M3FN scales of shapes [128, 8] and [8, 64] (K = 128, one per 16)}}
  %d = nv_tileaa.warpgroup_dot %a[%i], %b[%i], %c scales(%sa, %sb : tensor<128x4xf8E4M3FN, #acc>, tensor<4x64xf8E4M3FN, #acc>) : !nv_tileaa.smem<1x128x64xi8, #s>, !nv_tileaa.smem<1x64x64xi8, #s>, tensor<128x64xf32, #acc> -> tensor<128x64xf32, #acc>
  nv_tileaa.return
}

// -----

#mma = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#s = #nv_tileaa.swizzled_shared<vec = 16, perPhase = 2, maxPhase = 4, order = [1, 0]>
nv_tileaa.func @wgmma_i8_signedness(%s: i32, %c: tensor<64x64xi32, #mma>) {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x64xi8, #s>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x64xi8, #s>
  // expected-error @+1 {{'nv_tileaa.warpgroup_dot' op i8 operands need signedness_a and signedness_b}}
  %d = nv_tileaa.warpgroup_dot %a[%s], %b[%s], %c {signedness_a = #nv_tileaa.signedness<signed>} : !nv_tileaa.smem<2x64x64xi8, #s>, !nv_tileaa.smem<2x64x64xi8, #s>, tensor<64x64xi32, #mma> -> tensor<64x64xi32, #mma>
  nv_tileaa.return
}

// -----

#mma = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#s = #nv_tileaa.swizzled_shared<vec = 16, perPhase = 2, maxPhase = 4, order = [1, 0]>
nv_tileaa.func @wgmma_float_signedness(%s: i32, %c: tensor<64x64xf32, #mma>) {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x64xf8E4M3FN, #s>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x64xf8E5M2, #s>
  // expected-error @+1 {{'nv_tileaa.warpgroup_dot' op signedness applies to i8 operands only}}
  %d = nv_tileaa.warpgroup_dot %a[%s], %b[%s], %c {signedness_a = #nv_tileaa.signedness<signed>, signedness_b = #nv_tileaa.signedness<signed>} : !nv_tileaa.smem<2x64x64xf8E4M3FN, #s>, !nv_tileaa.smem<2x64x64xf8E5M2, #s>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  nv_tileaa.return
}

// -----

// wgmma's register form.
#mma = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#ra = #nv_tileaa.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#sb = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @register_a_pending(%a: tensor<64x32xf16, #ra>, %s: i32, %c: tensor<64x64xf32, #mma>) {
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x64xf16, #sb>
  // expected-error @+1 {{'nv_tileaa.warpgroup_dot' op a warpgroup_dot with A in registers cannot be left pending}}
  %d = nv_tileaa.warpgroup_dot %a, %b[%s], %c {pending = 1 : i32} : tensor<64x32xf16, #ra>, !nv_tileaa.smem<2x32x64xf16, #sb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  nv_tileaa.return
}

// -----

#mma = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#blocked = #nv_tileaa.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @register_a_layout(%a: tensor<64x32xf16, #blocked>, %s: i32, %c: tensor<64x64xf32, #mma>) {
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x64xf16, #sb>
  // expected-error @+1 {{'nv_tileaa.warpgroup_dot' op A in registers needs the layout #nv_tileaa.dot_operand<opIdx = 0, parent = (the accumulator's #nv_tileaa.mma), kWidth = 2>}}
  %d = nv_tileaa.warpgroup_dot %a, %b[%s], %c : tensor<64x32xf16, #blocked>, !nv_tileaa.smem<2x32x64xf16, #sb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  nv_tileaa.return
}

// -----

#mma = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#ra = #nv_tileaa.dot_operand<opIdx = 0, parent = #mma, kWidth = 4>
#sb = #nv_tileaa.swizzled_shared<vec = 16, perPhase = 1, maxPhase = 8, order = [0, 1]>
nv_tileaa.func @register_a_types(%a: tensor<64x32xf8E4M3FN, #ra>, %s: i32, %c: tensor<64x64xf32, #mma>) {
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x64xf8E4M3FN, #sb>
  // expected-error @+1 {{'nv_tileaa.warpgroup_dot' op A in registers (wgmma) needs f16 or bf16 operands with an f32 accumulator}}
  %d = nv_tileaa.warpgroup_dot %a, %b[%s], %c : tensor<64x32xf8E4M3FN, #ra>, !nv_tileaa.smem<2x32x64xf8E4M3FN, #sb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  nv_tileaa.return
}

// -----

#mma = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#sa = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @slot_a_missing(%s: i32, %c: tensor<64x64xf32, #mma>) {
  %a = nv_tileaa.local_alloc : !nv_tileaa.smem<2x64x32xf16, #sa>
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x64xf16, #sb>
  // expected-error @+1 {{'nv_tileaa.warpgroup_dot' op A read from a buffer needs its slot}}
  %d = nv_tileaa.warpgroup_dot %a, %b[%s], %c : !nv_tileaa.smem<2x64x32xf16, #sa>, !nv_tileaa.smem<2x32x64xf16, #sb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  nv_tileaa.return
}

// -----

#mma = #nv_tileaa.mma<versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]>
#ra = #nv_tileaa.dot_operand<opIdx = 0, parent = #mma, kWidth = 2>
#sb = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @register_a_slot(%a: tensor<64x32xf16, #ra>, %s: i32, %c: tensor<64x64xf32, #mma>) {
  %b = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x64xf16, #sb>
  // expected-error @+1 {{'nv_tileaa.warpgroup_dot' op A in registers takes no slot}}
  %d = nv_tileaa.warpgroup_dot %a[%s], %b[%s], %c : tensor<64x32xf16, #ra>, !nv_tileaa.smem<2x32x64xf16, #sb>, tensor<64x64xf32, #mma> -> tensor<64x64xf32, #mma>
  nv_tileaa.return
}
