// `extract` with slice numbers known only at run time. Tile block b loads
// the 8 x 16 f32 matrix x and writes 32 values at y + 32 b:
//   y[32b + c]          = x[b][c]                 (row b: slice (b, 0) of 1 x 16)
//   y[32b + 16 + 4r + c] = x[4 + r][4 (b % 4) + c] (slice (1, b % 4) of 4 x 4)
// Tile blocks from `stop` on return at once (a `return` inside `if`) and
// write nothing. Launch 8 tile blocks.
cuda_tile.module @kernels {
  entry @extract(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %stop: tile<i32>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %late = cmpi greater_than_or_equal %bx, %stop, signed : tile<i32> -> tile<i1>
    if %late {
      return
    }
    %tv = make_tensor_view %x, shape = [8, 16], strides = [16, 1] : tensor_view<8x16xf32, strides=[16,1]>
    %pv = make_partition_view %tv : partition_view<tile=(8x16), tensor_view<8x16xf32, strides=[16,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %c16 = constant <i32: 16> : tile<i32>
    %c32 = constant <i32: 32> : tile<i32>
    %m, %t0 = load_view_tko weak %pv[%c0, %c0] : partition_view<tile=(8x16), tensor_view<8x16xf32, strides=[16,1]>>, tile<i32> -> tile<8x16xf32>, token
    %row = extract %m[%bx, %c0] : tile<8x16xf32> -> tile<1x16xf32>
    %sel = remi %bx, %c4 unsigned : tile<i32>
    %blk = extract %m[%c1, %sel] : tile<8x16xf32> -> tile<4x4xf32>
    %base = muli %bx, %c32 : tile<i32>
    %yb0 = offset %y, %base : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>
    %i16 = iota : tile<16xi32>
    %yr = reshape %yb0 : tile<ptr<f32>> -> tile<1xptr<f32>>
    %yrb = broadcast %yr : tile<1xptr<f32>> -> tile<16xptr<f32>>
    %prow = offset %yrb, %i16 : tile<16xptr<f32>>, tile<16xi32> -> tile<16xptr<f32>>
    %row16 = reshape %row : tile<1x16xf32> -> tile<16xf32>
    %t1 = store_ptr_tko weak %prow, %row16 : tile<16xptr<f32>>, tile<16xf32> -> token
    %c16b = constant <i32: 16> : tile<16xi32>
    %i16b = addi %i16, %c16b : tile<16xi32>
    %pblk = offset %yrb, %i16b : tile<16xptr<f32>>, tile<16xi32> -> tile<16xptr<f32>>
    %blk16 = reshape %blk : tile<4x4xf32> -> tile<16xf32>
    %t2 = store_ptr_tko weak %pblk, %blk16 : tile<16xptr<f32>>, tile<16xf32> -> token
    return
  }
}
