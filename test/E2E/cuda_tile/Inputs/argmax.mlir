// A reduce of two operands (a coupled combiner): for each row of an
// 8 x 128 f32 matrix, the largest value and its first index. Tile block b
// takes rows 4b .. 4b + 3; launch 2 tile blocks.
cuda_tile.module @kernels {
  entry @argmax(%x: tile<ptr<f32>>, %vmax: tile<ptr<f32>>, %imax: tile<ptr<i32>>) {
    %tv = make_tensor_view %x, shape = [8, 128], strides = [128, 1] : tensor_view<8x128xf32, strides=[128,1]>
    %pv = make_partition_view %tv : partition_view<tile=(4x128), tensor_view<8x128xf32, strides=[128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %pv[%bx, %c0] : partition_view<tile=(4x128), tensor_view<8x128xf32, strides=[128,1]>>, tile<i32> -> tile<4x128xf32>, token
    %r = iota : tile<128xi32>
    %r1 = reshape %r : tile<128xi32> -> tile<1x128xi32>
    %idx = broadcast %r1 : tile<1x128xi32> -> tile<4x128xi32>
    %m, %i = reduce %v, %idx dim=1 identities=[0xFF800000 : f32, 0 : i32] : tile<4x128xf32>, tile<4x128xi32> -> tile<4xf32>, tile<4xi32> (%xv: tile<f32>, %xa: tile<f32>, %iv: tile<i32>, %ia: tile<i32>) {
      %gt = cmpf greater_than ordered %xv, %xa : tile<f32> -> tile<i1>
      %eq = cmpf equal ordered %xv, %xa : tile<f32> -> tile<i1>
      %lt = cmpi less_than %iv, %ia, signed : tile<i32> -> tile<i1>
      %tie = andi %eq, %lt : tile<i1>
      %take = ori %gt, %tie : tile<i1>
      %bv = select %take, %xv, %xa : tile<i1>, tile<f32>
      %bi = select %take, %iv, %ia : tile<i1>, tile<i32>
      yield %bv, %bi : tile<f32>, tile<i32>
    }
    %c4 = constant <i32: 4> : tile<i32>
    %row0 = muli %bx, %c4 : tile<i32>
    %rows = iota : tile<4xi32>
    %row01 = reshape %row0 : tile<i32> -> tile<1xi32>
    %row0b = broadcast %row01 : tile<1xi32> -> tile<4xi32>
    %row = addi %row0b, %rows : tile<4xi32>
    %vm1 = reshape %vmax : tile<ptr<f32>> -> tile<1xptr<f32>>
    %vmb = broadcast %vm1 : tile<1xptr<f32>> -> tile<4xptr<f32>>
    %vmp = offset %vmb, %row : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>
    %t1 = store_ptr_tko weak %vmp, %m : tile<4xptr<f32>>, tile<4xf32> -> token
    %im1 = reshape %imax : tile<ptr<i32>> -> tile<1xptr<i32>>
    %imb = broadcast %im1 : tile<1xptr<i32>> -> tile<4xptr<i32>>
    %imp = offset %imb, %row : tile<4xptr<i32>>, tile<4xi32> -> tile<4xptr<i32>>
    %t2 = store_ptr_tko weak %imp, %i : tile<4xptr<i32>>, tile<4xi32> -> token
    return
  }
}
