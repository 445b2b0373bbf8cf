cuda_tile.module @kernels {
  entry @k() {
    %p = alloca num_elem = 64, alignment = 128 global : tile<ptr<f32>>
    return
  }
}
