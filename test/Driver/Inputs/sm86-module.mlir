module attributes {nv_tileaa.target_spec = "sm_86"} {
  nv_tileaa.func @k() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 2>} {
    nv_tileaa.return
  }
}
