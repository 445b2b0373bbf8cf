// Diagnostics of the tensor-memory type and its ops.
// RUN: tileiras-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{!nv_tileaa.tmem needs 128 rows and a column count, but got [64, 128]}}
func.func private @rows(!nv_tileaa.tmem<64x128xf32>)

// -----

// expected-error @+1 {{!nv_tileaa.tmem columns must be a multiple of 8 from 8 to 512 (a CTA's tensor memory), not 1024}}
func.func private @columns(!nv_tileaa.tmem<128x1024xf32>)

// -----

// expected-error @+1 {{!nv_tileaa.tmem columns must be a multiple of 8 from 8 to 512 (a CTA's tensor memory), not 12}}
func.func private @odd_columns(!nv_tileaa.tmem<128x12xf32>)

// -----

// expected-error @+1 {{!nv_tileaa.tmem holds f32 or i32, not 'f16'}}
func.func private @element(!nv_tileaa.tmem<128x64xf16>)

// -----

#sa = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], segment = 64>
#bar = #nv_tileaa.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>
nv_tileaa.func @shapes(%s: i32, %a: !nv_tileaa.smem<2x128x32xf16, #sa>, %b: !nv_tileaa.smem<2x32x128xf16, #sb>, %bar: !nv_tileaa.smem<1x1x1xi64, #bar>, %tm: !nv_tileaa.tmem<128x64xf32>) {
  // expected-error @+1 {{'nv_tileaa.tmem_dot' op slots [128, 32] x [32, 128] do not multiply into [128, 64]}}
  nv_tileaa.tmem_dot %a[%s], %b[%s], %tm, %bar, %s : !nv_tileaa.smem<2x128x32xf16, #sa>, !nv_tileaa.smem<2x32x128xf16, #sb>, !nv_tileaa.tmem<128x64xf32>, !nv_tileaa.smem<1x1x1xi64, #bar>
  nv_tileaa.return
}

// -----

#sa = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], segment = 64>
#bar = #nv_tileaa.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>
nv_tileaa.func @barriers(%s: i32, %a: !nv_tileaa.smem<2x128x32xf16, #sa>, %b: !nv_tileaa.smem<2x32x128xf16, #sb>, %bar: !nv_tileaa.smem<2x1x1xi64, #bar>, %tm: !nv_tileaa.tmem<128x128xf32>) {
  // expected-error @+1 {{'nv_tileaa.tmem_dot' op expects a buffer of 1 mbarrier (smem<1x1x1xi64>)}}
  nv_tileaa.tmem_dot %a[%s], %b[%s], %tm, %bar, %s : !nv_tileaa.smem<2x128x32xf16, #sa>, !nv_tileaa.smem<2x32x128xf16, #sb>, !nv_tileaa.tmem<128x128xf32>, !nv_tileaa.smem<2x1x1xi64, #bar>
  nv_tileaa.return
}

// -----

#sa = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], segment = 64>
#bar = #nv_tileaa.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>
nv_tileaa.func @pending_barriers(%s: i32, %a: !nv_tileaa.smem<2x128x32xf16, #sa>, %b: !nv_tileaa.smem<2x32x128xf16, #sb>, %bar: !nv_tileaa.smem<1x1x1xi64, #bar>, %tm: !nv_tileaa.tmem<128x128xf32>) {
  // expected-error @+1 {{'nv_tileaa.tmem_dot' op expects a buffer of 2 mbarriers (smem<2x1x1xi64>)}}
  nv_tileaa.tmem_dot %a[%s], %b[%s], %tm, %bar, %s {pending = 1 : i32} : !nv_tileaa.smem<2x128x32xf16, #sa>, !nv_tileaa.smem<2x32x128xf16, #sb>, !nv_tileaa.tmem<128x128xf32>, !nv_tileaa.smem<1x1x1xi64, #bar>
  nv_tileaa.return
}

// -----

#bar = #nv_tileaa.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>
nv_tileaa.func @wait_barriers(%s: i32, %bar: !nv_tileaa.smem<1x1x1xi64, #bar>) {
  // expected-error @+1 {{'nv_tileaa.tmem_wait' op expects a buffer of 2 mbarriers (smem<2x1x1xi64>)}}
  nv_tileaa.tmem_wait %bar, %s : !nv_tileaa.smem<1x1x1xi64, #bar>
  nv_tileaa.return
}

// -----

#sa = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], segment = 64>
#bar = #nv_tileaa.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>
nv_tileaa.func @pending_range(%s: i32, %a: !nv_tileaa.smem<2x128x32xf16, #sa>, %b: !nv_tileaa.smem<2x32x128xf16, #sb>, %bar: !nv_tileaa.smem<2x1x1xi64, #bar>, %tm: !nv_tileaa.tmem<128x128xf32>) {
  // expected-error @+1 {{attribute 'pending' failed to satisfy constraint}}
  nv_tileaa.tmem_dot %a[%s], %b[%s], %tm, %bar, %s {pending = 2 : i32} : !nv_tileaa.smem<2x128x32xf16, #sa>, !nv_tileaa.smem<2x32x128xf16, #sb>, !nv_tileaa.tmem<128x128xf32>, !nv_tileaa.smem<2x1x1xi64, #bar>
  nv_tileaa.return
}

// -----

#sa = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>
#sb = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], segment = 64>
#bar = #nv_tileaa.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>
nv_tileaa.func @accumulator_type(%s: i32, %a: !nv_tileaa.smem<2x128x32xf16, #sa>, %b: !nv_tileaa.smem<2x32x128xf16, #sb>, %bar: !nv_tileaa.smem<1x1x1xi64, #bar>, %tm: !nv_tileaa.tmem<128x128xi32>) {
  // expected-error @+1 {{'nv_tileaa.tmem_dot' op accumulates 'f16' products in 'i32', not f32}}
  nv_tileaa.tmem_dot %a[%s], %b[%s], %tm, %bar, %s : !nv_tileaa.smem<2x128x32xf16, #sa>, !nv_tileaa.smem<2x32x128xf16, #sb>, !nv_tileaa.tmem<128x128xi32>, !nv_tileaa.smem<1x1x1xi64, #bar>
  nv_tileaa.return
}

// -----

#acc = #nv_tileaa.blocked<sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 2], order = [0, 1]>
nv_tileaa.func @load_shape(%tm: !nv_tileaa.tmem<128x64xf32>) {
  // expected-error @+1 {{'nv_tileaa.tmem_load' op result 'tensor<128x128xf32, #nv_tileaa.blocked<sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 2], order = [0, 1]>>' is not the shape and element type of '!nv_tileaa.tmem<128x64xf32>'}}
  %d = nv_tileaa.tmem_load %tm : !nv_tileaa.tmem<128x64xf32> -> tensor<128x128xf32, #acc>
  nv_tileaa.return
}

// -----

#rows = #nv_tileaa.blocked<sizePerThread = [1, 128], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [0, 1]>
nv_tileaa.func @load_layout(%tm: !nv_tileaa.tmem<128x128xf32>) {
  // expected-error @+1 {{'nv_tileaa.tmem_load' op result (tcgen05.mma) needs 128 rows, one per thread: sizePerThread [1, N / W], threadsPerWarp [32, 1], warpsPerCTA [4, W], W 1 or 2}}
  %d = nv_tileaa.tmem_load %tm : !nv_tileaa.tmem<128x128xf32> -> tensor<128x128xf32, #rows>
  nv_tileaa.return
}
