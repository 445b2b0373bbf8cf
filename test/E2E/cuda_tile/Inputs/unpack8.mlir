// unpack to an 8-bit type: 128 bytes read as f8E4M3FN and as f8E5M2,
// converted to f32 and stored at y[0..127] and y[128..255]. Launch 1 tile
// block (FP8 conversions need sm_89 or later).
cuda_tile.module @kernels {
  entry @unpack8(%x: tile<ptr<i8>>, %y: tile<ptr<f32>>) {
    %i = iota : tile<128xi32>
    %x1 = reshape %x : tile<ptr<i8>> -> tile<1xptr<i8>>
    %xb = broadcast %x1 : tile<1xptr<i8>> -> tile<128xptr<i8>>
    %xp = offset %xb, %i : tile<128xptr<i8>>, tile<128xi32> -> tile<128xptr<i8>>
    %bytes, %t0 = load_ptr_tko weak %xp : tile<128xptr<i8>> -> tile<128xi8>, token
    %e4 = unpack %bytes : tile<128xi8> -> tile<128xf8E4M3FN>
    %e5 = unpack %bytes : tile<128xi8> -> tile<128xf8E5M2>
    %f4 = ftof %e4 : tile<128xf8E4M3FN> -> tile<128xf32>
    %f5 = ftof %e5 : tile<128xf8E5M2> -> tile<128xf32>
    %y1 = reshape %y : tile<ptr<f32>> -> tile<1xptr<f32>>
    %yb = broadcast %y1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %yp = offset %yb, %i : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %t1 = store_ptr_tko weak %yp, %f4 : tile<128xptr<f32>>, tile<128xf32> -> token
    %c128 = constant <i32: 128> : tile<128xi32>
    %i2 = addi %i, %c128 : tile<128xi32>
    %yp2 = offset %yb, %i2 : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %t2 = store_ptr_tko weak %yp2, %f5 : tile<128xptr<f32>>, tile<128xf32> -> token
    return
  }
}
