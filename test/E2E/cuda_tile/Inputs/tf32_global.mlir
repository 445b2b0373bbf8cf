// A module global of tf32 (4 bytes per element in memory, as tf32 tiles
// travel): y[i] = f32(table[i]). The initializer's 0.1 and 1/3 are rounded
// to tf32 (10 fraction bits) when parsed. Launch 1 tile block.
cuda_tile.module @kernels {
  global private constant @table <tf32: [0.5, 1.0, -1.5, 2.25, 0.1, 0.3333333333, -1024.0, 65504.0, 1.0e-3, -7.0, 3.0, 0.0, 100.0, -0.125, 6.5, 1.0e10]> : tile<16xtf32>
  entry @tf32_global(%y: tile<ptr<f32>>) {
    %g = get_global @table : tile<ptr<tf32>>
    %g1 = reshape %g : tile<ptr<tf32>> -> tile<1xptr<tf32>>
    %gb = broadcast %g1 : tile<1xptr<tf32>> -> tile<16xptr<tf32>>
    %i = iota : tile<16xi32>
    %gp = offset %gb, %i : tile<16xptr<tf32>>, tile<16xi32> -> tile<16xptr<tf32>>
    %v, %t0 = load_ptr_tko weak %gp : tile<16xptr<tf32>> -> tile<16xtf32>, token
    %f = ftof %v : tile<16xtf32> -> tile<16xf32>
    %y1 = reshape %y : tile<ptr<f32>> -> tile<1xptr<f32>>
    %yb = broadcast %y1 : tile<1xptr<f32>> -> tile<16xptr<f32>>
    %yp = offset %yb, %i : tile<16xptr<f32>>, tile<16xi32> -> tile<16xptr<f32>>
    %t1 = store_ptr_tko weak %yp, %f : tile<16xptr<f32>>, tile<16xf32> -> token
    return
  }
}
