// A kernel that takes a memref as an argument: the tiled load cannot be
// lowered (TMA descriptors as kernel parameters are not supported yet).
nv_tileaa.func @k(%m: !nv_tileaa.memref<?x?xf32, strides = [?, 1]>, %out: !nv_tileaa.ptr<f32>)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %c0 = arith.constant 0 : i32
  %t = nv_tileaa.tiled_load %m[%c0, %c0] : !nv_tileaa.memref<?x?xf32, strides = [?, 1]> -> tensor<16x16xf32>
  %o = nv_tileaa.make_memref %out, sizes [], strides [] : !nv_tileaa.ptr<f32> -> !nv_tileaa.memref<16x16xf32, strides = [16, 1]>
  nv_tileaa.tiled_store %o[%c0, %c0], %t : !nv_tileaa.memref<16x16xf32, strides = [16, 1]>, tensor<16x16xf32>
  nv_tileaa.return
}
