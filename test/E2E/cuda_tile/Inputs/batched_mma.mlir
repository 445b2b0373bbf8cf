// Batched (3-D) mmaf with acquire loads and release stores: for each of the
// 2 batches, D[b] = A[b] * B[b] + C[b] with A 2 x 32 x 16 f16, B 2 x 16 x 32
// f16, C and D 2 x 32 x 32 f32 (row-major, contiguous). One tile block.
cuda_tile.module @kernels {
  entry @batched_mma(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>,
                     %d: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [2, 32, 16], strides = [512, 16, 1] : tensor_view<2x32x16xf16, strides=[512,16,1]>
    %tb = make_tensor_view %b, shape = [2, 16, 32], strides = [512, 32, 1] : tensor_view<2x16x32xf16, strides=[512,32,1]>
    %tc = make_tensor_view %c, shape = [2, 32, 32], strides = [1024, 32, 1] : tensor_view<2x32x32xf32, strides=[1024,32,1]>
    %td = make_tensor_view %d, shape = [2, 32, 32], strides = [1024, 32, 1] : tensor_view<2x32x32xf32, strides=[1024,32,1]>
    %pa = make_partition_view %ta : partition_view<tile=(2x32x16), tensor_view<2x32x16xf16, strides=[512,16,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(2x16x32), tensor_view<2x16x32xf16, strides=[512,32,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(2x32x32), tensor_view<2x32x32xf32, strides=[1024,32,1]>>
    %pd = make_partition_view %td : partition_view<tile=(2x32x32), tensor_view<2x32x32xf32, strides=[1024,32,1]>>
    %z = constant <i32: 0> : tile<i32>
    %va, %t0 = load_view_tko acquire device %pa[%z, %z, %z] : partition_view<tile=(2x32x16), tensor_view<2x32x16xf16, strides=[512,16,1]>>, tile<i32> -> tile<2x32x16xf16>, token
    %vb, %t1 = load_view_tko relaxed tl_blk %pb[%z, %z, %z] : partition_view<tile=(2x16x32), tensor_view<2x16x32xf16, strides=[512,32,1]>>, tile<i32> -> tile<2x16x32xf16>, token
    %vc, %t2 = load_view_tko weak %pc[%z, %z, %z] : partition_view<tile=(2x32x32), tensor_view<2x32x32xf32, strides=[1024,32,1]>>, tile<i32> -> tile<2x32x32xf32>, token
    %vd = mmaf %va, %vb, %vc : tile<2x32x16xf16>, tile<2x16x32xf16>, tile<2x32x32xf32>
    %t3 = store_view_tko release sys %vd, %pd[%z, %z, %z] : tile<2x32x32xf32>, partition_view<tile=(2x32x32), tensor_view<2x32x32xf32, strides=[1024,32,1]>>, tile<i32> -> token
    return
  }
}
