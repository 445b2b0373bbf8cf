// A kernel that uses a tensor-memory (tcgen05) instruction directly.
nv_tileaa.func @relinquish() attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  nvvm.tcgen05.relinquish_alloc_permit
  nv_tileaa.return
}
