// Per-element atomics in cuda_tile: a relaxed device-scope add on a tile of
// pointers and an acq_rel system-scope compare-and-swap on one pointer.
cuda_tile.module @kernels {
  entry @histo(%p: tile<ptr<i32>>, %v: tile<i32>) {
    %r = iota : tile<128xi32>
    %ps = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %pb = broadcast %ps : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %ptrs = offset %pb, %r : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>
    %one = constant <i32: 1> : tile<128xi32>
    %o, %t = atomic_rmw_tko relaxed device %ptrs, add, %one : tile<128xptr<i32>>, tile<128xi32> -> tile<128xi32>, token
    %c, %t2 = atomic_cas_tko acq_rel sys %p, %v, %v : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }
}
