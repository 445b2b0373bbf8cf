nv_tileaa.func @noop() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<>} {
  nv_tileaa.return
}
