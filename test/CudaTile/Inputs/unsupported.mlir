cuda_tile.module @kernels {
  entry @k(%x: tile<i32>) {
    %t = trunci %x : tile<i32> -> tile<i4>
    %h = mulhii %t, %t : tile<i4>
    return
  }
}
