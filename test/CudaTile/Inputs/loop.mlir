cuda_tile.module @kernels {
  entry @k() {
    loop {
      break
    }
    return
  }
}
