// Diagnostics of the memref type, make_memref and the tiled memory ops.
// RUN: tileiras-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{!nv_tileaa.memref innermost stride must be the literal 1 (rows are contiguous)}}
func.func private @inner(!nv_tileaa.memref<?x?xf16, strides = [?, ?]>)

// -----

// expected-error @+1 {{!nv_tileaa.memref innermost stride must be the literal 1 (rows are contiguous)}}
func.func private @inner2(!nv_tileaa.memref<8x8xf16, strides = [1, 8]>)

// -----

// expected-error @+1 {{!nv_tileaa.memref rank must be 1 to 5, but got 6}}
func.func private @rank(!nv_tileaa.memref<2x2x2x2x2x2xf16, strides = [?, ?, ?, ?, ?, 1]>)

// -----

// expected-error @+1 {{!nv_tileaa.memref needs one stride per dimension (2), but got 1}}
func.func private @strides(!nv_tileaa.memref<?x?xf16, strides = [1]>)

// -----

// expected-error @+1 {{!nv_tileaa.memref sizes and strides must be positive or ?}}
func.func private @zero(!nv_tileaa.memref<0x8xf16, strides = [8, 1]>)

// -----

// expected-error @+1 {{!nv_tileaa.memref cannot hold 'i1'}}
func.func private @bool(!nv_tileaa.memref<?xi1, strides = [1]>)

// -----

nv_tileaa.func @pointee(%p: !nv_tileaa.ptr<f32>, %n: i32) {
  // expected-error @+1 {{'nv_tileaa.make_memref' op base pointee type 'f32' does not match the memref element type 'f16'}}
  %m = nv_tileaa.make_memref %p, sizes [%n], strides [] : !nv_tileaa.ptr<f32> -> !nv_tileaa.memref<?xf16, strides = [1]>
  nv_tileaa.return
}

// -----

nv_tileaa.func @shared(%p: !nv_tileaa.ptr<f16, 3>, %n: i32) {
  // expected-error @+1 {{'nv_tileaa.make_memref' op base must point to global memory (address space 1), but the address space is 3}}
  %m = nv_tileaa.make_memref %p, sizes [%n], strides [] : !nv_tileaa.ptr<f16, 3> -> !nv_tileaa.memref<?xf16, strides = [1]>
  nv_tileaa.return
}

// -----

nv_tileaa.func @count(%p: !nv_tileaa.ptr<f16>, %n: i32) {
  // expected-error @+1 {{'nv_tileaa.make_memref' op needs one size operand per ? size of the result (2), but got 1}}
  %m = nv_tileaa.make_memref %p, sizes [%n], strides [%n] : !nv_tileaa.ptr<f16> -> !nv_tileaa.memref<?x?xf16, strides = [?, 1]>
  nv_tileaa.return
}

// -----

nv_tileaa.func @stride_count(%p: !nv_tileaa.ptr<f16>, %n: i32) {
  // expected-error @+1 {{'nv_tileaa.make_memref' op needs one stride operand per ? stride of the result (1), but got 0}}
  %m = nv_tileaa.make_memref %p, sizes [%n, %n], strides [] : !nv_tileaa.ptr<f16> -> !nv_tileaa.memref<?x?xf16, strides = [?, 1]>
  nv_tileaa.return
}

// -----

nv_tileaa.func @hint_len(%p: !nv_tileaa.ptr<f16>, %n: i32) {
  // expected-error @+1 {{'nv_tileaa.make_memref' op strides_div_by needs one entry per dimension (2), but got 1}}
  %m = nv_tileaa.make_memref %p, sizes [%n, %n], strides [%n] {strides_div_by = array<i64: 8>} : !nv_tileaa.ptr<f16> -> !nv_tileaa.memref<?x?xf16, strides = [?, 1]>
  nv_tileaa.return
}

// -----

nv_tileaa.func @hint_pow2(%p: !nv_tileaa.ptr<f16>, %n: i32) {
  // expected-error @+1 {{'nv_tileaa.make_memref' op sizes_div_by entries must be positive powers of two, but got 12}}
  %m = nv_tileaa.make_memref %p, sizes [%n, %n], strides [%n] {sizes_div_by = array<i64: 1, 12>} : !nv_tileaa.ptr<f16> -> !nv_tileaa.memref<?x?xf16, strides = [?, 1]>
  nv_tileaa.return
}

// -----

nv_tileaa.func @align(%p: !nv_tileaa.ptr<f16>, %n: i32) {
  // expected-error @+1 {{'nv_tileaa.make_memref' op base_align must be a positive power of two, but got 24}}
  %m = nv_tileaa.make_memref %p, sizes [%n], strides [] {base_align = 24 : i64} : !nv_tileaa.ptr<f16> -> !nv_tileaa.memref<?xf16, strides = [1]>
  nv_tileaa.return
}

// -----

nv_tileaa.func @indices(%m: !nv_tileaa.memref<?x?xf16, strides = [?, 1]>, %i: i32) -> tensor<64x32xf16> {
  // expected-error @+1 {{'nv_tileaa.tiled_load' op needs one tile index per memref dimension (2), but got 1}}
  %t = nv_tileaa.tiled_load %m[%i] : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<64x32xf16>
  nv_tileaa.return %t : tensor<64x32xf16>
}

// -----

nv_tileaa.func @load_rank(%m: !nv_tileaa.memref<?x?xf16, strides = [?, 1]>, %i: i32) -> tensor<64xf16> {
  // expected-error @+1 {{'nv_tileaa.tiled_load' op result 'tensor<64xf16>' must have the memref's rank (2)}}
  %t = nv_tileaa.tiled_load %m[%i, %i] : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<64xf16>
  nv_tileaa.return %t : tensor<64xf16>
}

// -----

nv_tileaa.func @load_type(%m: !nv_tileaa.memref<?x?xf16, strides = [?, 1]>, %i: i32) -> tensor<64x32xf32> {
  // expected-error @+1 {{'nv_tileaa.tiled_load' op result element type 'f32' does not match the memref element type 'f16'}}
  %t = nv_tileaa.tiled_load %m[%i, %i] : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<64x32xf32>
  nv_tileaa.return %t : tensor<64x32xf32>
}

// -----

nv_tileaa.func @padding(%m: !nv_tileaa.memref<?x?xf16, strides = [?, 1]>, %i: i32) -> tensor<64x32xf16> {
  // expected-error @+1 {{'nv_tileaa.tiled_load' op padding 1.000000e+00 : f32 must have the element type 'f16'}}
  %t = nv_tileaa.tiled_load %m[%i, %i] {padding = 1.0 : f32} : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<64x32xf16>
  nv_tileaa.return %t : tensor<64x32xf16>
}

// -----

nv_tileaa.func @store_type(%m: !nv_tileaa.memref<?x?xf16, strides = [?, 1]>, %i: i32, %x: tensor<64x32xf32>) {
  // expected-error @+1 {{'nv_tileaa.tiled_store' op stored value element type 'f32' does not match the memref element type 'f16'}}
  nv_tileaa.tiled_store %m[%i, %i], %x : !nv_tileaa.memref<?x?xf16, strides = [?, 1]>, tensor<64x32xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @tile_rule(%m: !nv_tileaa.memref<?x?xf16, strides = [?, 1]>, %i: i32) {
  // expected-error @+1 {{non-power-of-two dimension 48}}
  %t = nv_tileaa.tiled_load %m[%i, %i] : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<48x32xf16>
  nv_tileaa.return
}

// -----

nv_tileaa.func @atomic_mode(%m: !nv_tileaa.memref<?x?xi32, strides = [?, 1]>, %i: i32, %x: tensor<16x16xi32>) -> tensor<16x16xi32> {
  // expected-error @+1 {{'nv_tileaa.tiled_atomic_rmw' op supports 'add' and 'addf', not 'max'}}
  %o = nv_tileaa.tiled_atomic_rmw max, %m[%i, %i], %x : !nv_tileaa.memref<?x?xi32, strides = [?, 1]>, tensor<16x16xi32> -> tensor<16x16xi32>
  nv_tileaa.return %o : tensor<16x16xi32>
}

// -----

nv_tileaa.func @atomic_type(%m: !nv_tileaa.memref<?x?xi8, strides = [?, 1]>, %i: i32, %x: tensor<16x16xi8>) -> tensor<16x16xi8> {
  // expected-error @+1 {{'nv_tileaa.tiled_atomic_rmw' op 'add' cannot update 'i8' elements; expected i32, i64, f16, bf16, f32 or f64}}
  %o = nv_tileaa.tiled_atomic_rmw add, %m[%i, %i], %x : !nv_tileaa.memref<?x?xi8, strides = [?, 1]>, tensor<16x16xi8> -> tensor<16x16xi8>
  nv_tileaa.return %o : tensor<16x16xi8>
}

// -----

nv_tileaa.func @atomic_addf(%m: !nv_tileaa.memref<?x?xi32, strides = [?, 1]>, %i: i32, %x: tensor<16x16xi32>) -> tensor<16x16xi32> {
  // expected-error @+1 {{'nv_tileaa.tiled_atomic_rmw' op 'addf' cannot update 'i32' elements; expected f16, bf16, f32 or f64}}
  %o = nv_tileaa.tiled_atomic_rmw addf, %m[%i, %i], %x : !nv_tileaa.memref<?x?xi32, strides = [?, 1]>, tensor<16x16xi32> -> tensor<16x16xi32>
  nv_tileaa.return %o : tensor<16x16xi32>
}

// -----

nv_tileaa.func @atomic_result(%m: !nv_tileaa.memref<?x?xi32, strides = [?, 1]>, %i: i32, %x: tensor<16x16xi32>) -> tensor<16x8xi32> {
  // expected-error @+1 {{'nv_tileaa.tiled_atomic_rmw' op result 'tensor<16x8xi32>' must have the value's type 'tensor<16x16xi32>'}}
  %o = nv_tileaa.tiled_atomic_rmw add, %m[%i, %i], %x : !nv_tileaa.memref<?x?xi32, strides = [?, 1]>, tensor<16x16xi32> -> tensor<16x8xi32>
  nv_tileaa.return %o : tensor<16x8xi32>
}

// -----

nv_tileaa.func @mode(%m: !nv_tileaa.memref<?x?xi32, strides = [?, 1]>, %i: i32, %x: tensor<16x16xi32>) {
  // expected-error @+1 {{unknown atomic_rmw mode 'sub'}}
  %o = nv_tileaa.tiled_atomic_rmw sub, %m[%i, %i], %x : !nv_tileaa.memref<?x?xi32, strides = [?, 1]>, tensor<16x16xi32> -> tensor<16x16xi32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @tile_base(%p: tensor<16x!nv_tileaa.ptr<f16>>, %n: i32) {
  // expected-error @+1 {{'nv_tileaa.make_memref' op base must be a scalar pointer, not a tile}}
  %m = nv_tileaa.make_memref %p, sizes [%n], strides [] : tensor<16x!nv_tileaa.ptr<f16>> -> !nv_tileaa.memref<?xf16, strides = [1]>
  nv_tileaa.return
}
