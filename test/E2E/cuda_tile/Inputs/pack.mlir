// pack / unpack: y = the 256 bytes of the 64 f32 values x (memory order),
// z = those bytes read back as 128 f16 values. One tile block.
cuda_tile.module @kernels {
  entry @pack(%x: tile<ptr<f32>>, %y: tile<ptr<i8>>, %z: tile<ptr<f16>>) {
    %r64 = iota : tile<64xi32>
    %x1 = reshape %x : tile<ptr<f32>> -> tile<1xptr<f32>>
    %xb = broadcast %x1 : tile<1xptr<f32>> -> tile<64xptr<f32>>
    %xp = offset %xb, %r64 : tile<64xptr<f32>>, tile<64xi32> -> tile<64xptr<f32>>
    %v, %t0 = load_ptr_tko weak %xp : tile<64xptr<f32>> -> tile<64xf32>, token
    %bytes = pack %v : tile<64xf32> -> tile<256xi8>
    %r256 = iota : tile<256xi32>
    %y1 = reshape %y : tile<ptr<i8>> -> tile<1xptr<i8>>
    %yb = broadcast %y1 : tile<1xptr<i8>> -> tile<256xptr<i8>>
    %yp = offset %yb, %r256 : tile<256xptr<i8>>, tile<256xi32> -> tile<256xptr<i8>>
    %t1 = store_ptr_tko weak %yp, %bytes : tile<256xptr<i8>>, tile<256xi8> -> token
    %h = unpack %bytes : tile<256xi8> -> tile<128xf16>
    %r128 = iota : tile<128xi32>
    %z1 = reshape %z : tile<ptr<f16>> -> tile<1xptr<f16>>
    %zb = broadcast %z1 : tile<1xptr<f16>> -> tile<128xptr<f16>>
    %zp = offset %zb, %r128 : tile<128xptr<f16>>, tile<128xi32> -> tile<128xptr<f16>>
    %t2 = store_ptr_tko weak %zp, %h : tile<128xptr<f16>>, tile<128xf16> -> token
    return
  }
}
