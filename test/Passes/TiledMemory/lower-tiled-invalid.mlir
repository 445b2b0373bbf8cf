// A tiled op must address a memref made by make_memref in its function.
// RUN: tileiras-opt %s --tileaa-lower-tiled-memory -split-input-file -verify-diagnostics

nv_tileaa.func @argument(%m: !nv_tileaa.memref<?x?xf16, strides = [?, 1]>, %i: i32) -> tensor<64x32xf16> {
  // expected-error @+1 {{'nv_tileaa.tiled_load' op needs a memref made by nv_tileaa.make_memref in the same function (not a block argument or another op's result)}}
  %t = nv_tileaa.tiled_load %m[%i, %i] : !nv_tileaa.memref<?x?xf16, strides = [?, 1]> -> tensor<64x32xf16>
  nv_tileaa.return %t : tensor<64x32xf16>
}

// -----

nv_tileaa.func @escapes(%p: !nv_tileaa.ptr<f16>, %n: i32) -> !nv_tileaa.memref<?xf16, strides = [1]> {
  // expected-error @+1 {{'nv_tileaa.make_memref' op result is used by 'nv_tileaa.return'; a memref may only be used by tiled_load, tiled_store and tiled_atomic_rmw}}
  %m = nv_tileaa.make_memref %p, sizes [%n], strides [] : !nv_tileaa.ptr<f16> -> !nv_tileaa.memref<?xf16, strides = [1]>
  nv_tileaa.return %m : !nv_tileaa.memref<?xf16, strides = [1]>
}
