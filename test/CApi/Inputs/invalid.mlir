nv_tileaa.func @k() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 3 : i32} : tensor<4xi32>
  nv_tileaa.return
}
