// A reduce of a pointer tile and an f32 tile (pointer elements take the
// tiled combiner): the pointer to the largest of x[0..127], read back
// through it and written to out[0]. Launch 1 tile block.
cuda_tile.module @kernels {
  entry @ptrred(%p: tile<ptr<f32>>, %out: tile<ptr<f32>>) {
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %p1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %idx = iota : tile<128xi32>
    %ps = offset %pb, %idx : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %v, %t0 = load_ptr_tko weak %ps : tile<128xptr<f32>> -> tile<128xf32>, token
    %bp, %bv = reduce %ps, %v dim=0 identities=[0 : i64, 0.0 : f32] : tile<128xptr<f32>>, tile<128xf32> -> tile<ptr<f32>>, tile<f32> (%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %x: tile<f32>, %y: tile<f32>) {
      %gt = cmpf greater_than ordered %x, %y : tile<f32> -> tile<i1>
      %sp = select %gt, %a, %b : tile<i1>, tile<ptr<f32>>
      %sv = select %gt, %x, %y : tile<i1>, tile<f32>
      yield %sp, %sv : tile<ptr<f32>>, tile<f32>
    }
    %w, %t1 = load_ptr_tko weak %bp : tile<ptr<f32>> -> tile<f32>, token
    %t2 = store_ptr_tko weak %out, %w : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}
