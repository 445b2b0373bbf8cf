// cuTile's version probe: a module without kernels.
cuda_tile.module @kernels {
}
