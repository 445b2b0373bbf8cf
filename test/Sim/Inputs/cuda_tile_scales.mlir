// f8E8M0FNU tiles (the scales of mmaf_scaled) outside mmaf_scaled: loaded
// and stored, converted by ftof to f32 and f16 (from their bits: 2^(e-127),
// 0xFF NaN), selected and bitcast. 128 scales per launch.
cuda_tile.module @kernels {
  entry @scales(%x: tile<ptr<f8E8M0FNU>>, %y: tile<ptr<f32>>,
                %h: tile<ptr<f16>>, %z: tile<ptr<f8E8M0FNU>>) {
    %io = iota : tile<128xi32>
    %x1 = reshape %x : tile<ptr<f8E8M0FNU>> -> tile<1xptr<f8E8M0FNU>>
    %xb = broadcast %x1 : tile<1xptr<f8E8M0FNU>> -> tile<128xptr<f8E8M0FNU>>
    %xs = offset %xb, %io : tile<128xptr<f8E8M0FNU>>, tile<128xi32> -> tile<128xptr<f8E8M0FNU>>
    %y1 = reshape %y : tile<ptr<f32>> -> tile<1xptr<f32>>
    %yb = broadcast %y1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %ys = offset %yb, %io : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %h1 = reshape %h : tile<ptr<f16>> -> tile<1xptr<f16>>
    %hb = broadcast %h1 : tile<1xptr<f16>> -> tile<128xptr<f16>>
    %hs = offset %hb, %io : tile<128xptr<f16>>, tile<128xi32> -> tile<128xptr<f16>>
    %z1 = reshape %z : tile<ptr<f8E8M0FNU>> -> tile<1xptr<f8E8M0FNU>>
    %zb = broadcast %z1 : tile<1xptr<f8E8M0FNU>> -> tile<128xptr<f8E8M0FNU>>
    %zs = offset %zb, %io : tile<128xptr<f8E8M0FNU>>, tile<128xi32> -> tile<128xptr<f8E8M0FNU>>
    %s, %t0 = load_ptr_tko weak %xs : tile<128xptr<f8E8M0FNU>> -> tile<128xf8E8M0FNU>, token
    %f = ftof %s : tile<128xf8E8M0FNU> -> tile<128xf32>
    %t1 = store_ptr_tko weak %ys, %f : tile<128xptr<f32>>, tile<128xf32> -> token
    %g = ftof %s : tile<128xf8E8M0FNU> -> tile<128xf16>
    %t2 = store_ptr_tko weak %hs, %g : tile<128xptr<f16>>, tile<128xf16> -> token
    // Scales of 1.0 and above stay, the smaller ones become 2.0.
    %bits = bitcast %s : tile<128xf8E8M0FNU> -> tile<128xi8>
    %c127 = constant <i8: 127> : tile<128xi8>
    %big = cmpi greater_than_or_equal %bits, %c127, unsigned : tile<128xi8> -> tile<128xi1>
    %two = constant <f8E8M0FNU: 2.0> : tile<128xf8E8M0FNU>
    %sel = select %big, %s, %two : tile<128xi1>, tile<128xf8E8M0FNU>
    %t3 = store_ptr_tko weak %zs, %sel : tile<128xptr<f8E8M0FNU>>, tile<128xf8E8M0FNU> -> token
    return
  }
}
