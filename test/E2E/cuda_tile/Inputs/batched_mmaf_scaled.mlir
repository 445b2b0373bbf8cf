// Batched (3-D) mmaf_scaled: for each of the 2 batches,
// D[b] = (A[b] * SA[b]) x (B[b] * SB[b]) + C[b] with A 2 x 32 x 64
// f8E4M3FN, B 2 x 64 x 32 f8E5M2, SA 2 x 32 x 2 and SB 2 x 2 x 32
// f8E8M0FNU (one scale per 32 K elements), C and D 2 x 32 x 32 f32, all
// row-major and contiguous. One tile block. nv_tileaa has no batched
// dot_scaled: the lowering makes one per batch.
cuda_tile.module @kernels {
  entry @batched_mmaf_scaled(%a: tile<ptr<f8E4M3FN>>, %b: tile<ptr<f8E5M2>>,
                             %sa: tile<ptr<f8E8M0FNU>>, %sb: tile<ptr<f8E8M0FNU>>,
                             %c: tile<ptr<f32>>, %d: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [2, 32, 64], strides = [2048, 64, 1] : tensor_view<2x32x64xf8E4M3FN, strides=[2048,64,1]>
    %tb = make_tensor_view %b, shape = [2, 64, 32], strides = [2048, 32, 1] : tensor_view<2x64x32xf8E5M2, strides=[2048,32,1]>
    %tsa = make_tensor_view %sa, shape = [2, 32, 2], strides = [64, 2, 1] : tensor_view<2x32x2xf8E8M0FNU, strides=[64,2,1]>
    %tsb = make_tensor_view %sb, shape = [2, 2, 32], strides = [64, 32, 1] : tensor_view<2x2x32xf8E8M0FNU, strides=[64,32,1]>
    %tc = make_tensor_view %c, shape = [2, 32, 32], strides = [1024, 32, 1] : tensor_view<2x32x32xf32, strides=[1024,32,1]>
    %td = make_tensor_view %d, shape = [2, 32, 32], strides = [1024, 32, 1] : tensor_view<2x32x32xf32, strides=[1024,32,1]>
    %pa = make_partition_view %ta : partition_view<tile=(2x32x64), tensor_view<2x32x64xf8E4M3FN, strides=[2048,64,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(2x64x32), tensor_view<2x64x32xf8E5M2, strides=[2048,32,1]>>
    %psa = make_partition_view %tsa : partition_view<tile=(2x32x2), tensor_view<2x32x2xf8E8M0FNU, strides=[64,2,1]>>
    %psb = make_partition_view %tsb : partition_view<tile=(2x2x32), tensor_view<2x2x32xf8E8M0FNU, strides=[64,32,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(2x32x32), tensor_view<2x32x32xf32, strides=[1024,32,1]>>
    %pd = make_partition_view %td : partition_view<tile=(2x32x32), tensor_view<2x32x32xf32, strides=[1024,32,1]>>
    %z = constant <i32: 0> : tile<i32>
    %va, %t0 = load_view_tko weak %pa[%z, %z, %z] : partition_view<tile=(2x32x64), tensor_view<2x32x64xf8E4M3FN, strides=[2048,64,1]>>, tile<i32> -> tile<2x32x64xf8E4M3FN>, token
    %vb, %t1 = load_view_tko weak %pb[%z, %z, %z] : partition_view<tile=(2x64x32), tensor_view<2x64x32xf8E5M2, strides=[2048,32,1]>>, tile<i32> -> tile<2x64x32xf8E5M2>, token
    %vsa, %t2 = load_view_tko weak %psa[%z, %z, %z] : partition_view<tile=(2x32x2), tensor_view<2x32x2xf8E8M0FNU, strides=[64,2,1]>>, tile<i32> -> tile<2x32x2xf8E8M0FNU>, token
    %vsb, %t3 = load_view_tko weak %psb[%z, %z, %z] : partition_view<tile=(2x2x32), tensor_view<2x2x32xf8E8M0FNU, strides=[64,32,1]>>, tile<i32> -> tile<2x2x32xf8E8M0FNU>, token
    %vc, %t4 = load_view_tko weak %pc[%z, %z, %z] : partition_view<tile=(2x32x32), tensor_view<2x32x32xf32, strides=[1024,32,1]>>, tile<i32> -> tile<2x32x32xf32>, token
    %vd = mmaf_scaled %va, %vb, %vc, %vsa, %vsb : tile<2x32x64xf8E4M3FN>, tile<2x64x32xf8E5M2>, tile<2x32x32xf32>, tile<2x32x2xf8E8M0FNU>, tile<2x2x32xf8E8M0FNU>
    %t5 = store_view_tko weak %vd, %pd[%z, %z, %z] : tile<2x32x32xf32>, partition_view<tile=(2x32x32), tensor_view<2x32x32xf32, strides=[1024,32,1]>>, tile<i32> -> token
    return
  }
}
