cuda_tile.module @kernels {
  entry @k(%p: tile<ptr<f4E2M1FN>>) {
    %p1 = reshape %p : tile<ptr<f4E2M1FN>> -> tile<1xptr<f4E2M1FN>>
    %pb = broadcast %p1 : tile<1xptr<f4E2M1FN>> -> tile<2xptr<f4E2M1FN>>
    %v, %t = load_ptr_tko weak %pb : tile<2xptr<f4E2M1FN>> -> tile<2xf4E2M1FN>, token
    return
  }
}
