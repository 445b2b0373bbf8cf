// An NVFP4-style chain without FP4 in the input: A = ftof(X) to f4E2M1FN
// (X 32 x 64 f32, row-major), B 64 x 32 f4E2M1FN stored row-major (two
// values a byte along N, so the dot needs it repacked along K), D =
// mmaf_scaled(A, B) with f8E8M0FNU scales SA 32 x 2 and SB 2 x 32 (one per
// 32 K elements), stored as f32, and Q = ftof(D) to f4E2M1FN stored
// through a 32 x 30 view (the tile's last two columns masked off; rows 15
// bytes apart). One tile block.
cuda_tile.module @kernels {
  entry @fp4_requant(%x: tile<ptr<f32>>, %b: tile<ptr<f4E2M1FN>>,
                     %sa: tile<ptr<f8E8M0FNU>>, %sb: tile<ptr<f8E8M0FNU>>,
                     %d: tile<ptr<f32>>, %q: tile<ptr<f4E2M1FN>>) {
    %tx = make_tensor_view %x, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xf32, strides=[64,1]>
    %tb = make_tensor_view %b, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf4E2M1FN, strides=[32,1]>
    %tsa = make_tensor_view %sa, shape = [32, 2], strides = [2, 1] : tensor_view<32x2xf8E8M0FNU, strides=[2,1]>
    %tsb = make_tensor_view %sb, shape = [2, 32], strides = [32, 1] : tensor_view<2x32xf8E8M0FNU, strides=[32,1]>
    %td = make_tensor_view %d, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
    %tq = make_tensor_view %q, shape = [32, 30], strides = [30, 1] : tensor_view<32x30xf4E2M1FN, strides=[30,1]>
    %px = make_partition_view %tx : partition_view<tile=(32x64), tensor_view<32x64xf32, strides=[64,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(64x32), tensor_view<64x32xf4E2M1FN, strides=[32,1]>>
    %psa = make_partition_view %tsa : partition_view<tile=(32x2), tensor_view<32x2xf8E8M0FNU, strides=[2,1]>>
    %psb = make_partition_view %tsb : partition_view<tile=(2x32), tensor_view<2x32xf8E8M0FNU, strides=[32,1]>>
    %pd = make_partition_view %td : partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>
    %pq = make_partition_view %tq : partition_view<tile=(32x32), tensor_view<32x30xf4E2M1FN, strides=[30,1]>>
    %z = constant <i32: 0> : tile<i32>
    %vx, %t0 = load_view_tko weak %px[%z, %z] : partition_view<tile=(32x64), tensor_view<32x64xf32, strides=[64,1]>>, tile<i32> -> tile<32x64xf32>, token
    %vb, %t1 = load_view_tko weak %pb[%z, %z] : partition_view<tile=(64x32), tensor_view<64x32xf4E2M1FN, strides=[32,1]>>, tile<i32> -> tile<64x32xf4E2M1FN>, token
    %vsa, %t2 = load_view_tko weak %psa[%z, %z] : partition_view<tile=(32x2), tensor_view<32x2xf8E8M0FNU, strides=[2,1]>>, tile<i32> -> tile<32x2xf8E8M0FNU>, token
    %vsb, %t3 = load_view_tko weak %psb[%z, %z] : partition_view<tile=(2x32), tensor_view<2x32xf8E8M0FNU, strides=[32,1]>>, tile<i32> -> tile<2x32xf8E8M0FNU>, token
    %a = ftof %vx : tile<32x64xf32> -> tile<32x64xf4E2M1FN>
    %c = constant <f32: 0.0> : tile<32x32xf32>
    %vd = mmaf_scaled %a, %vb, %c, %vsa, %vsb : tile<32x64xf4E2M1FN>, tile<64x32xf4E2M1FN>, tile<32x32xf32>, tile<32x2xf8E8M0FNU>, tile<2x32xf8E8M0FNU>
    %t4 = store_view_tko weak %vd, %pd[%z, %z] : tile<32x32xf32>, partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>, tile<i32> -> token
    %vq = ftof %vd : tile<32x32xf32> -> tile<32x32xf4E2M1FN>
    %t5 = store_view_tko weak %vq, %pq[%z, %z] : tile<32x32xf4E2M1FN>, partition_view<tile=(32x32), tensor_view<32x30xf4E2M1FN, strides=[30,1]>>, tile<i32> -> token
    return
  }
}
