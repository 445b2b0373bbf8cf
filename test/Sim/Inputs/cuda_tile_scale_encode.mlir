// Conversions to f8E8M0FNU scales (ftof from f32, f16 and f64 with
// rounding<positive_inf> and rounding<zero>; itof from i32 with nearest_even,
// from i64 unsigned with positive_inf and signed with zero) and ftoi from
// them to i32, 128 elements per launch; the bytes are checked against exact
// references in Inputs/cuda_tile_cases.py (scale_encode).
cuda_tile.module @kernels {
  entry @scale_encode(%x: tile<ptr<f32>>, %h: tile<ptr<f16>>, %d: tile<ptr<f64>>, %i: tile<ptr<i32>>, %l: tile<ptr<i64>>, %s: tile<ptr<f8E8M0FNU>>, %up: tile<ptr<f8E8M0FNU>>, %dn: tile<ptr<f8E8M0FNU>>, %hu: tile<ptr<f8E8M0FNU>>, %dz: tile<ptr<f8E8M0FNU>>, %du: tile<ptr<f8E8M0FNU>>, %ii: tile<ptr<f8E8M0FNU>>, %lu: tile<ptr<f8E8M0FNU>>, %lz: tile<ptr<f8E8M0FNU>>, %back: tile<ptr<i32>>) {
    %io = iota : tile<128xi32>
    %x1 = reshape %x : tile<ptr<f32>> -> tile<1xptr<f32>>
    %xb = broadcast %x1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %xp = offset %xb, %io : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %h1 = reshape %h : tile<ptr<f16>> -> tile<1xptr<f16>>
    %hb = broadcast %h1 : tile<1xptr<f16>> -> tile<128xptr<f16>>
    %hp = offset %hb, %io : tile<128xptr<f16>>, tile<128xi32> -> tile<128xptr<f16>>
    %d1 = reshape %d : tile<ptr<f64>> -> tile<1xptr<f64>>
    %db = broadcast %d1 : tile<1xptr<f64>> -> tile<128xptr<f64>>
    %dp = offset %db, %io : tile<128xptr<f64>>, tile<128xi32> -> tile<128xptr<f64>>
    %i1 = reshape %i : tile<ptr<i32>> -> tile<1xptr<i32>>
    %ib = broadcast %i1 : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %ip = offset %ib, %io : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>
    %l1 = reshape %l : tile<ptr<i64>> -> tile<1xptr<i64>>
    %lb = broadcast %l1 : tile<1xptr<i64>> -> tile<128xptr<i64>>
    %lp = offset %lb, %io : tile<128xptr<i64>>, tile<128xi32> -> tile<128xptr<i64>>
    %s1 = reshape %s : tile<ptr<f8E8M0FNU>> -> tile<1xptr<f8E8M0FNU>>
    %sb = broadcast %s1 : tile<1xptr<f8E8M0FNU>> -> tile<128xptr<f8E8M0FNU>>
    %sp = offset %sb, %io : tile<128xptr<f8E8M0FNU>>, tile<128xi32> -> tile<128xptr<f8E8M0FNU>>
    %up1 = reshape %up : tile<ptr<f8E8M0FNU>> -> tile<1xptr<f8E8M0FNU>>
    %upb = broadcast %up1 : tile<1xptr<f8E8M0FNU>> -> tile<128xptr<f8E8M0FNU>>
    %upp = offset %upb, %io : tile<128xptr<f8E8M0FNU>>, tile<128xi32> -> tile<128xptr<f8E8M0FNU>>
    %dn1 = reshape %dn : tile<ptr<f8E8M0FNU>> -> tile<1xptr<f8E8M0FNU>>
    %dnb = broadcast %dn1 : tile<1xptr<f8E8M0FNU>> -> tile<128xptr<f8E8M0FNU>>
    %dnp = offset %dnb, %io : tile<128xptr<f8E8M0FNU>>, tile<128xi32> -> tile<128xptr<f8E8M0FNU>>
    %hu1 = reshape %hu : tile<ptr<f8E8M0FNU>> -> tile<1xptr<f8E8M0FNU>>
    %hub = broadcast %hu1 : tile<1xptr<f8E8M0FNU>> -> tile<128xptr<f8E8M0FNU>>
    %hup = offset %hub, %io : tile<128xptr<f8E8M0FNU>>, tile<128xi32> -> tile<128xptr<f8E8M0FNU>>
    %dz1 = reshape %dz : tile<ptr<f8E8M0FNU>> -> tile<1xptr<f8E8M0FNU>>
    %dzb = broadcast %dz1 : tile<1xptr<f8E8M0FNU>> -> tile<128xptr<f8E8M0FNU>>
    %dzp = offset %dzb, %io : tile<128xptr<f8E8M0FNU>>, tile<128xi32> -> tile<128xptr<f8E8M0FNU>>
    %du1 = reshape %du : tile<ptr<f8E8M0FNU>> -> tile<1xptr<f8E8M0FNU>>
    %dub = broadcast %du1 : tile<1xptr<f8E8M0FNU>> -> tile<128xptr<f8E8M0FNU>>
    %dup = offset %dub, %io : tile<128xptr<f8E8M0FNU>>, tile<128xi32> -> tile<128xptr<f8E8M0FNU>>
    %ii1 = reshape %ii : tile<ptr<f8E8M0FNU>> -> tile<1xptr<f8E8M0FNU>>
    %iib = broadcast %ii1 : tile<1xptr<f8E8M0FNU>> -> tile<128xptr<f8E8M0FNU>>
    %iip = offset %iib, %io : tile<128xptr<f8E8M0FNU>>, tile<128xi32> -> tile<128xptr<f8E8M0FNU>>
    %lu1 = reshape %lu : tile<ptr<f8E8M0FNU>> -> tile<1xptr<f8E8M0FNU>>
    %lub = broadcast %lu1 : tile<1xptr<f8E8M0FNU>> -> tile<128xptr<f8E8M0FNU>>
    %lup = offset %lub, %io : tile<128xptr<f8E8M0FNU>>, tile<128xi32> -> tile<128xptr<f8E8M0FNU>>
    %lz1 = reshape %lz : tile<ptr<f8E8M0FNU>> -> tile<1xptr<f8E8M0FNU>>
    %lzb = broadcast %lz1 : tile<1xptr<f8E8M0FNU>> -> tile<128xptr<f8E8M0FNU>>
    %lzp = offset %lzb, %io : tile<128xptr<f8E8M0FNU>>, tile<128xi32> -> tile<128xptr<f8E8M0FNU>>
    %back1 = reshape %back : tile<ptr<i32>> -> tile<1xptr<i32>>
    %backb = broadcast %back1 : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %backp = offset %backb, %io : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>
    %xv, %xt = load_ptr_tko weak %xp : tile<128xptr<f32>> -> tile<128xf32>, token
    %hv, %ht = load_ptr_tko weak %hp : tile<128xptr<f16>> -> tile<128xf16>, token
    %dv, %dt = load_ptr_tko weak %dp : tile<128xptr<f64>> -> tile<128xf64>, token
    %iv, %it = load_ptr_tko weak %ip : tile<128xptr<i32>> -> tile<128xi32>, token
    %lv, %lt = load_ptr_tko weak %lp : tile<128xptr<i64>> -> tile<128xi64>, token
    %sv, %st = load_ptr_tko weak %sp : tile<128xptr<f8E8M0FNU>> -> tile<128xf8E8M0FNU>, token
    %upv = ftof %xv rounding<positive_inf> : tile<128xf32> -> tile<128xf8E8M0FNU>
    %ups = store_ptr_tko weak %upp, %upv : tile<128xptr<f8E8M0FNU>>, tile<128xf8E8M0FNU> -> token
    %dnv = ftof %xv rounding<zero> : tile<128xf32> -> tile<128xf8E8M0FNU>
    %dns = store_ptr_tko weak %dnp, %dnv : tile<128xptr<f8E8M0FNU>>, tile<128xf8E8M0FNU> -> token
    %huv = ftof %hv rounding<positive_inf> : tile<128xf16> -> tile<128xf8E8M0FNU>
    %hus = store_ptr_tko weak %hup, %huv : tile<128xptr<f8E8M0FNU>>, tile<128xf8E8M0FNU> -> token
    %dzv = ftof %dv rounding<zero> : tile<128xf64> -> tile<128xf8E8M0FNU>
    %dzs = store_ptr_tko weak %dzp, %dzv : tile<128xptr<f8E8M0FNU>>, tile<128xf8E8M0FNU> -> token
    %duv = ftof %dv rounding<positive_inf> : tile<128xf64> -> tile<128xf8E8M0FNU>
    %dus = store_ptr_tko weak %dup, %duv : tile<128xptr<f8E8M0FNU>>, tile<128xf8E8M0FNU> -> token
    %iiv = itof %iv signed : tile<128xi32> -> tile<128xf8E8M0FNU>
    %iis = store_ptr_tko weak %iip, %iiv : tile<128xptr<f8E8M0FNU>>, tile<128xf8E8M0FNU> -> token
    %luv = itof %lv unsigned rounding<positive_inf> : tile<128xi64> -> tile<128xf8E8M0FNU>
    %lus = store_ptr_tko weak %lup, %luv : tile<128xptr<f8E8M0FNU>>, tile<128xf8E8M0FNU> -> token
    %lzv = itof %lv signed rounding<zero> : tile<128xi64> -> tile<128xf8E8M0FNU>
    %lzs = store_ptr_tko weak %lzp, %lzv : tile<128xptr<f8E8M0FNU>>, tile<128xf8E8M0FNU> -> token
    %backv = ftoi %sv signed : tile<128xf8E8M0FNU> -> tile<128xi32>
    %backs = store_ptr_tko weak %backp, %backv : tile<128xptr<i32>>, tile<128xi32> -> token
    return
  }
}
