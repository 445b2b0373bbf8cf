// A scan of two operands: the running maximum of each row of an 8 x 128
// f32 matrix and the first index where it is reached (ties keep the
// smaller index). Tile block b takes rows 4b .. 4b + 3 and writes
// vmax[r][c], imax[r][c]; launch 2 tile blocks.
cuda_tile.module @kernels {
  entry @scan_argmax(%x: tile<ptr<f32>>, %vmax: tile<ptr<f32>>, %imax: tile<ptr<i32>>) {
    %tv = make_tensor_view %x, shape = [8, 128], strides = [128, 1] : tensor_view<8x128xf32, strides=[128,1]>
    %pv = make_partition_view %tv : partition_view<tile=(4x128), tensor_view<8x128xf32, strides=[128,1]>>
    %tvm = make_tensor_view %vmax, shape = [8, 128], strides = [128, 1] : tensor_view<8x128xf32, strides=[128,1]>
    %pvm = make_partition_view %tvm : partition_view<tile=(4x128), tensor_view<8x128xf32, strides=[128,1]>>
    %tim = make_tensor_view %imax, shape = [8, 128], strides = [128, 1] : tensor_view<8x128xi32, strides=[128,1]>
    %pim = make_partition_view %tim : partition_view<tile=(4x128), tensor_view<8x128xi32, strides=[128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %pv[%bx, %c0] : partition_view<tile=(4x128), tensor_view<8x128xf32, strides=[128,1]>>, tile<i32> -> tile<4x128xf32>, token
    %r = iota : tile<128xi32>
    %r1 = reshape %r : tile<128xi32> -> tile<1x128xi32>
    %idx = broadcast %r1 : tile<1x128xi32> -> tile<4x128xi32>
    %m, %i = scan %v, %idx dim=1 reverse=false identities=[0xFF800000 : f32, 0 : i32] : tile<4x128xf32>, tile<4x128xi32> -> tile<4x128xf32>, tile<4x128xi32> (%xv: tile<f32>, %xa: tile<f32>, %iv: tile<i32>, %ia: tile<i32>) {
      %gt = cmpf greater_than ordered %xv, %xa : tile<f32> -> tile<i1>
      %eq = cmpf equal ordered %xv, %xa : tile<f32> -> tile<i1>
      %lt = cmpi less_than %iv, %ia, signed : tile<i32> -> tile<i1>
      %tie = andi %eq, %lt : tile<i1>
      %take = ori %gt, %tie : tile<i1>
      %bv = select %take, %xv, %xa : tile<i1>, tile<f32>
      %bi = select %take, %iv, %ia : tile<i1>, tile<i32>
      yield %bv, %bi : tile<f32>, tile<i32>
    }
    %t1 = store_view_tko weak %m, %pvm[%bx, %c0] : tile<4x128xf32>, partition_view<tile=(4x128), tensor_view<8x128xf32, strides=[128,1]>>, tile<i32> -> token
    %t2 = store_view_tko weak %i, %pim[%bx, %c0] : tile<4x128xi32>, partition_view<tile=(4x128), tensor_view<8x128xi32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
