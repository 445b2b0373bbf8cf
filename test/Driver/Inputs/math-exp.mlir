// math.exp has no PTX instruction: it comes from libdevice (__nv_expf).
nv_tileaa.func @exp_kernel(%p: !nv_tileaa.ptr<f32>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %v = nv_tileaa.load %p : !nv_tileaa.ptr<f32> -> f32
  %e = math.exp %v : f32
  nv_tileaa.store %p, %e : !nv_tileaa.ptr<f32>, f32
  nv_tileaa.return
}
