// Module-level globals: a constant 16-entry table (private, 16-byte
// aligned) and a public counter starting at 100. Tile block b writes
// y[16 b + i] = 2 * table[i] and z[b] = the counter's value before its
// atomic increment. Launch 4 tile blocks: z holds 100 .. 103 in some order.
cuda_tile.module @kernels {
  global private constant @table alignment = 16 <f32: [0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, -1.0, -2.0, -3.0, -4.0, 0.25, 0.125, 8.0, 16.0]> : tile<16xf32>
  global @counter <i32: [100]> : tile<1xi32>
  entry @globals(%y: tile<ptr<f32>>, %z: tile<ptr<i32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %g = get_global @table : tile<ptr<f32>>
    %g1 = reshape %g : tile<ptr<f32>> -> tile<1xptr<f32>>
    %gb = broadcast %g1 : tile<1xptr<f32>> -> tile<16xptr<f32>>
    %i = iota : tile<16xi32>
    %gp = offset %gb, %i : tile<16xptr<f32>>, tile<16xi32> -> tile<16xptr<f32>>
    %v, %t0 = load_ptr_tko weak %gp : tile<16xptr<f32>> -> tile<16xf32>, token
    %v2 = addf %v, %v : tile<16xf32>
    %c16 = constant <i32: 16> : tile<i32>
    %base = muli %bx, %c16 : tile<i32>
    %yb = offset %y, %base : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>
    %y1 = reshape %yb : tile<ptr<f32>> -> tile<1xptr<f32>>
    %ybb = broadcast %y1 : tile<1xptr<f32>> -> tile<16xptr<f32>>
    %yp = offset %ybb, %i : tile<16xptr<f32>>, tile<16xi32> -> tile<16xptr<f32>>
    %t1 = store_ptr_tko weak %yp, %v2 : tile<16xptr<f32>>, tile<16xf32> -> token
    %c = get_global @counter : tile<ptr<i32>>
    %one = constant <i32: 1> : tile<i32>
    %old, %t2 = atomic_rmw_tko relaxed device %c, add, %one : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %zp = offset %z, %bx : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
    %t3 = store_ptr_tko weak %zp, %old : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
