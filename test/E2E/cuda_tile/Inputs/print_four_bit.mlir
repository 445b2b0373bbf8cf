// print_tko of i4 and f4E2M1FN tiles: the i4 values as integers, the e2m1
// values as floats, one line per element.
cuda_tile.module @kernels {
  entry @print_four_bit() {
    %i = constant <i4: [-8, 7, -1, 3]> : tile<4xi4>
    %f = constant <f4E2M1FN: [-6.0, 0.5, 1.5, -0.0]> : tile<4xf4E2M1FN>
    %t = print_tko "i4 %d f4 %.2f\n", %i, %f : tile<4xi4>, tile<4xf4E2M1FN> -> token
    return
  }
}
