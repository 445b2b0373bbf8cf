// print_tko and assert in cuda_tile: a device printf of a tile and a check.
cuda_tile.module @kernels {
  entry @show(%n: tile<i32>) {
    %r = iota : tile<8xi32>
    %t = print_tko "r=%d n=%d\n", %r, %n : tile<8xi32>, tile<i32> -> token
    %zero = constant <i32: 0> : tile<i32>
    %ok = cmpi greater_than_or_equal %n, %zero, signed : tile<i32> -> tile<i1>
    assert %ok, "n must not be negative" : tile<i1>
    return
  }
}
