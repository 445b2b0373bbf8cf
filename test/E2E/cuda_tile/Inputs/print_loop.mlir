// The program of NVIDIA's print-op-13.1.tileirbc sample with 32 x 32 f64
// tiles instead of 256 x 256 (whose f64 accumulator alone, 512 KiB, is
// larger than an SM's registers): a loop without break that prints, loads and
// multiplies into its loop-carried tile forever.
cuda_tile.module @kernels {
  entry @mutated_kernel(%arg0: tile<ptr<f64>>, %arg1: tile<ptr<f64>>, %arg2: tile<ptr<f64>>) {
    %0 = assume div_by<256>, %arg2 : tile<ptr<f64>>
    %1 = assume div_by<256>, %arg0 : tile<ptr<f64>>
    %2 = make_tensor_view %1, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf64, strides=[1024,1]>
    %3 = make_tensor_view %0, shape = [1024, 512], strides = [512, 1] : tensor_view<1024x512xf64, strides=[512,1]>
    %4 = make_partition_view %3 : partition_view<tile=(32x32), tensor_view<1024x512xf64, strides=[512,1]>>
    %5 = make_partition_view %2 : partition_view<tile=(32x32), tensor_view<1024x1024xf64, strides=[1024,1]>>
    %x, %y, %z = get_tile_block_id : tile<i32>
    %tile, %result_token = load_view_tko weak %5[%x, %y] : partition_view<tile=(32x32), tensor_view<1024x1024xf64, strides=[1024,1]>>, tile<i32> -> tile<32x32xf64>, token
    %6 = loop iter_values(%arg3 = %tile) : tile<32x32xf64> -> tile<32x32xf64> {
      %7 = print_tko "Iteration result" -> token
      %tile_0, %result_token_1 = load_view_tko weak %4[%x, %y] : partition_view<tile=(32x32), tensor_view<1024x512xf64, strides=[512,1]>>, tile<i32> -> tile<32x32xf64>, token
      %8 = mmaf %tile_0, %tile_0, %arg3 : tile<32x32xf64>, tile<32x32xf64>, tile<32x32xf64>
      continue %8 : tile<32x32xf64>
    }
    return
  }
}
