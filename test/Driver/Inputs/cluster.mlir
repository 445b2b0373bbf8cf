// Clusters of 2 CTAs: .blocksareclusters, which needs PTX ISA 9.0.
nv_tileaa.func @clustered()
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4, clusterDim = [2, 1, 1]>} {
  nv_tileaa.return
}
