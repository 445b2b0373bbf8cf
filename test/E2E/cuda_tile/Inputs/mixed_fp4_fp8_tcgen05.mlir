// The mixed block-scaled products of mixed_fp4_fp8.mlir at M = 128 (A
// and A2 128 x 64, SA 128 x 2, D and D2 128 x 32), the tile of
// tcgen05.mma kind::mxf8f6f4.block_scale on sm_100a (e2m1 one a byte, in
// bits 2-5, beside e4m3 / e5m2); mma.sync kind::mxf8f6f4 on sm_120a, a
// bf16 dot elsewhere. One tile block of 4 warps.
cuda_tile.module @kernels {
  entry @mixed_fp4_fp8(%a: tile<ptr<f4E2M1FN>>, %b: tile<ptr<f8E4M3FN>>,
                       %a2: tile<ptr<f8E5M2>>, %b2: tile<ptr<f4E2M1FN>>,
                       %sa: tile<ptr<f8E8M0FNU>>, %sb: tile<ptr<f8E8M0FNU>>,
                       %d: tile<ptr<f32>>, %d2: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf4E2M1FN, strides=[64,1]>
    %tb = make_tensor_view %b, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf8E4M3FN, strides=[32,1]>
    %ta2 = make_tensor_view %a2, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf8E5M2, strides=[64,1]>
    %tb2 = make_tensor_view %b2, shape = [64, 32], strides = [1, 64] : tensor_view<64x32xf4E2M1FN, strides=[1,64]>
    %tsa = make_tensor_view %sa, shape = [128, 2], strides = [2, 1] : tensor_view<128x2xf8E8M0FNU, strides=[2,1]>
    %tsb = make_tensor_view %sb, shape = [2, 32], strides = [32, 1] : tensor_view<2x32xf8E8M0FNU, strides=[32,1]>
    %td = make_tensor_view %d, shape = [128, 32], strides = [32, 1] : tensor_view<128x32xf32, strides=[32,1]>
    %td2 = make_tensor_view %d2, shape = [128, 32], strides = [32, 1] : tensor_view<128x32xf32, strides=[32,1]>
    %pa = make_partition_view %ta : partition_view<tile=(128x64), tensor_view<128x64xf4E2M1FN, strides=[64,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(64x32), tensor_view<64x32xf8E4M3FN, strides=[32,1]>>
    %pa2 = make_partition_view %ta2 : partition_view<tile=(128x64), tensor_view<128x64xf8E5M2, strides=[64,1]>>
    %pb2 = make_partition_view %tb2 : partition_view<tile=(64x32), tensor_view<64x32xf4E2M1FN, strides=[1,64]>>
    %psa = make_partition_view %tsa : partition_view<tile=(128x2), tensor_view<128x2xf8E8M0FNU, strides=[2,1]>>
    %psb = make_partition_view %tsb : partition_view<tile=(2x32), tensor_view<2x32xf8E8M0FNU, strides=[32,1]>>
    %pd = make_partition_view %td : partition_view<tile=(128x32), tensor_view<128x32xf32, strides=[32,1]>>
    %pd2 = make_partition_view %td2 : partition_view<tile=(128x32), tensor_view<128x32xf32, strides=[32,1]>>
    %z = constant <i32: 0> : tile<i32>
    %va, %t0 = load_view_tko weak %pa[%z, %z] : partition_view<tile=(128x64), tensor_view<128x64xf4E2M1FN, strides=[64,1]>>, tile<i32> -> tile<128x64xf4E2M1FN>, token
    %vb, %t1 = load_view_tko weak %pb[%z, %z] : partition_view<tile=(64x32), tensor_view<64x32xf8E4M3FN, strides=[32,1]>>, tile<i32> -> tile<64x32xf8E4M3FN>, token
    %va2, %t2 = load_view_tko weak %pa2[%z, %z] : partition_view<tile=(128x64), tensor_view<128x64xf8E5M2, strides=[64,1]>>, tile<i32> -> tile<128x64xf8E5M2>, token
    %vb2, %t3 = load_view_tko weak %pb2[%z, %z] : partition_view<tile=(64x32), tensor_view<64x32xf4E2M1FN, strides=[1,64]>>, tile<i32> -> tile<64x32xf4E2M1FN>, token
    %vsa, %t4 = load_view_tko weak %psa[%z, %z] : partition_view<tile=(128x2), tensor_view<128x2xf8E8M0FNU, strides=[2,1]>>, tile<i32> -> tile<128x2xf8E8M0FNU>, token
    %vsb, %t5 = load_view_tko weak %psb[%z, %z] : partition_view<tile=(2x32), tensor_view<2x32xf8E8M0FNU, strides=[32,1]>>, tile<i32> -> tile<2x32xf8E8M0FNU>, token
    %c = constant <f32: 0.0> : tile<128x32xf32>
    %vd = mmaf_scaled %va, %vb, %c, %vsa, %vsb : tile<128x64xf4E2M1FN>, tile<64x32xf8E4M3FN>, tile<128x32xf32>, tile<128x2xf8E8M0FNU>, tile<2x32xf8E8M0FNU>
    %vd2 = mmaf_scaled %va2, %vb2, %c, %vsa, %vsb : tile<128x64xf8E5M2>, tile<64x32xf4E2M1FN>, tile<128x32xf32>, tile<128x2xf8E8M0FNU>, tile<2x32xf8E8M0FNU>
    %t6 = store_view_tko weak %vd, %pd[%z, %z] : tile<128x32xf32>, partition_view<tile=(128x32), tensor_view<128x32xf32, strides=[32,1]>>, tile<i32> -> token
    %t7 = store_view_tko weak %vd2, %pd2[%z, %z] : tile<128x32xf32>, partition_view<tile=(128x32), tensor_view<128x32xf32, strides=[32,1]>>, tile<i32> -> token
    return
  }
}
