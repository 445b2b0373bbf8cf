// atomic_red_view_tko: tile block b adds b + 1 to every element of view tile
// (b % 2, 0) of the m x 16 f32 matrix y (8 x 16 tiles; rows past m are
// masked). Launch 4 tile blocks: rows 0-7 get 1 + 3, rows 8 .. m-1 get 2 + 4.
cuda_tile.module @kernels {
  entry @atomic_red(%y: tile<ptr<f32>>, %m: tile<i32>) {
    %tv = make_tensor_view %y, shape = [%m, 16], strides = [16, 1] : tile<i32> -> tensor_view<?x16xf32, strides=[16,1]>
    %pv = make_partition_view %tv : partition_view<tile=(8x16), tensor_view<?x16xf32, strides=[16,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %row = remi %bx, %c2 unsigned : tile<i32>
    %b1 = addi %bx, %c1 : tile<i32>
    %f = itof %b1 signed : tile<i32> -> tile<f32>
    %f1 = reshape %f : tile<f32> -> tile<1x1xf32>
    %v = broadcast %f1 : tile<1x1xf32> -> tile<8x16xf32>
    %t = atomic_red_view_tko relaxed device %pv[%row, %c0], addf, %v : tile<8x16xf32>, partition_view<tile=(8x16), tensor_view<?x16xf32, strides=[16,1]>>, tile<i32> -> token
    return
  }
}
