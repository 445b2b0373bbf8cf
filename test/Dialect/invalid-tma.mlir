// Diagnostics of the TMA ops, the segmented encoding and tensor-map
// parameters.
// RUN: tileiras-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{#nv_tileaa.swizzled_shared segment must be a power of two of at least vec, but got 48}}
#seg = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], segment = 48>

// -----

#seg = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], segment = 256>
// expected-error @+1 {{!nv_tileaa.smem segment 256 does not divide the contiguous dimension}}
func.func private @segment(!nv_tileaa.smem<2x32x128xf16, #seg>)

// -----

nv_tileaa.func @coordinates(%map: !nv_tileaa.tensor_map, %i: i32) -> tensor<32x128xf16> {
  // expected-error @+1 {{'nv_tileaa.tma_load' op has 1 coordinates for a rank-2 tile}}
  %t = nv_tileaa.tma_load %map[%i] : tensor<32x128xf16>
  nv_tileaa.return %t : tensor<32x128xf16>
}

// -----

#s = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @not_barriers(%map: !nv_tileaa.tensor_map, %i: i32) {
  %buf = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x64xf16, #s>
  // expected-error @+1 {{'nv_tileaa.tma_copy' op needs a buffer of mbarriers (i64 elements, 1x1 slots), not '!nv_tileaa.smem<2x32x64xf16, #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>>'}}
  nv_tileaa.tma_copy %map[%i, %i], %buf[%i], %buf : !nv_tileaa.smem<2x32x64xf16, #s>, !nv_tileaa.smem<2x32x64xf16, #s>
  nv_tileaa.return
}

// -----

#s = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
#bar = #nv_tileaa.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>
nv_tileaa.func @slots(%map: !nv_tileaa.tensor_map, %i: i32) {
  %buf = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x64xf16, #s>
  %bars = nv_tileaa.local_alloc : !nv_tileaa.smem<3x1x1xi64, #bar>
  // expected-error @+1 {{'nv_tileaa.tma_copy' op needs one mbarrier per slot of the buffer}}
  nv_tileaa.tma_copy %map[%i, %i], %buf[%i], %bars : !nv_tileaa.smem<2x32x64xf16, #s>, !nv_tileaa.smem<3x1x1xi64, #bar>
  nv_tileaa.return
}

// -----

#s = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @wait(%i: i32) {
  %buf = nv_tileaa.local_alloc : !nv_tileaa.smem<2x32x64xf16, #s>
  // expected-error @+1 {{'nv_tileaa.mbarrier_wait' op needs a buffer of mbarriers}}
  nv_tileaa.mbarrier_wait %buf[%i], %i : !nv_tileaa.smem<2x32x64xf16, #s>
  nv_tileaa.return
}

// -----

#bar = #nv_tileaa.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>
nv_tileaa.func @count() {
  %bars = nv_tileaa.local_alloc : !nv_tileaa.smem<3x1x1xi64, #bar>
  // expected-error @+1 {{'nv_tileaa.mbarrier_init' op attribute 'count' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive}}
  nv_tileaa.mbarrier_init %bars {count = 0 : i32} : !nv_tileaa.smem<3x1x1xi64, #bar>
  nv_tileaa.return
}

// -----

// expected-error @+1 {{'nv_tileaa.tensor_map' is a dictionary on a !nv_tileaa.tensor_map function argument}}
nv_tileaa.func @map_attr(%p: !nv_tileaa.ptr<f16> {nv_tileaa.tensor_map = {swizzle = 0 : i64}}) {
  nv_tileaa.return
}

// -----

nv_tileaa.func @store_coordinates(%map: !nv_tileaa.tensor_map, %i: i32, %t: tensor<32x64xf16>) {
  // expected-error @+1 {{'nv_tileaa.tma_store' op has 3 coordinates for a rank-2 tile}}
  nv_tileaa.tma_store %map[%i, %i, %i], %t : tensor<32x64xf16>
  nv_tileaa.return
}

// -----

#s = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @local_store(%t: tensor<32x64xf32>, %i: i32) {
  %buf = nv_tileaa.local_alloc : !nv_tileaa.smem<1x32x64xf16, #s>
  // expected-error @+1 {{'nv_tileaa.local_store' op stores a 'tensor<32x64xf32>' into slots of another shape or element type}}
  nv_tileaa.local_store %t, %buf[%i] : tensor<32x64xf32> -> !nv_tileaa.smem<1x32x64xf16, #s>
  nv_tileaa.return
}

// -----

#s = #nv_tileaa.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
nv_tileaa.func @copy_out(%map: !nv_tileaa.tensor_map, %i: i32) {
  %buf = nv_tileaa.local_alloc : !nv_tileaa.smem<1x32x64xf16, #s>
  // expected-error @+1 {{'nv_tileaa.tma_copy_out' op has 1 coordinates for a rank-2 tile}}
  nv_tileaa.tma_copy_out %map[%i], %buf[%i] : !nv_tileaa.smem<1x32x64xf16, #s>
  nv_tileaa.return
}

// -----

// expected-error @+1 {{'nv_tileaa.tensor_map' needs address_param, element_type, dims (one per box dimension), strides (one fewer), box, swizzle and fill ("zero" or "nan"); dims and strides entries are integers or {param = i}}}
nv_tileaa.func @incomplete(%m: !nv_tileaa.tensor_map {nv_tileaa.tensor_map = {swizzle = 0 : i64}}) {
  nv_tileaa.return
}

// -----

// expected-error @+1 {{'nv_tileaa.func' op kernel argument #0 is a !nv_tileaa.tensor_map without the 'nv_tileaa.tensor_map' attribute that says what the launcher encodes}}
nv_tileaa.func @bare(%m: !nv_tileaa.tensor_map)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  nv_tileaa.return
}
