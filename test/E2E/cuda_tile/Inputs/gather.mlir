// gather_scatter_view: rows idx[0..7] of the 32 x 32 f32 matrix x, columns
// col .. col + 15 (zero past column 31), are gathered into g (8 x 16) and
// scattered, doubled, into the same places of y (columns past 31 are not
// written). Launch 1 tile block.
cuda_tile.module @kernels {
  entry @gather(%x: tile<ptr<f32>>, %idx: tile<ptr<i32>>, %g: tile<ptr<f32>>,
                %y: tile<ptr<f32>>, %col: tile<i32>) {
    %tx = make_tensor_view %x, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
    %gx = make_gather_scatter_view %tx : gather_scatter_view<tile=(8x16), padding_value = zero, tensor_view<32x32xf32, strides=[32,1]>, sparse_dim=0>
    %ty = make_tensor_view %y, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
    %gy = make_gather_scatter_view %ty : gather_scatter_view<tile=(8x16), tensor_view<32x32xf32, strides=[32,1]>, sparse_dim=0>
    %tg = make_tensor_view %g, shape = [8, 16], strides = [16, 1] : tensor_view<8x16xf32, strides=[16,1]>
    %pg = make_partition_view %tg : partition_view<tile=(8x16), tensor_view<8x16xf32, strides=[16,1]>>
    %i8 = iota : tile<8xi32>
    %ip1 = reshape %idx : tile<ptr<i32>> -> tile<1xptr<i32>>
    %ipb = broadcast %ip1 : tile<1xptr<i32>> -> tile<8xptr<i32>>
    %ips = offset %ipb, %i8 : tile<8xptr<i32>>, tile<8xi32> -> tile<8xptr<i32>>
    %rows, %t0 = load_ptr_tko weak %ips : tile<8xptr<i32>> -> tile<8xi32>, token
    %v, %t1 = load_view_tko weak %gx[%rows, %col] : gather_scatter_view<tile=(8x16), padding_value = zero, tensor_view<32x32xf32, strides=[32,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> tile<8x16xf32>, token
    %c0 = constant <i32: 0> : tile<i32>
    %t2 = store_view_tko weak %v, %pg[%c0, %c0] : tile<8x16xf32>, partition_view<tile=(8x16), tensor_view<8x16xf32, strides=[16,1]>>, tile<i32> -> token
    %v2 = addf %v, %v : tile<8x16xf32>
    %t3 = store_view_tko weak %v2, %gy[%rows, %col] : tile<8x16xf32>, gather_scatter_view<tile=(8x16), tensor_view<32x32xf32, strides=[32,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> token
    return
  }
}
