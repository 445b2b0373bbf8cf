// A kernel that uses a Hopper arch-specific instruction directly.
nv_tileaa.func @fence() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  nvvm.wgmma.fence.aligned
  nv_tileaa.return
}
