// f4E2M1FN operands whose K extent may be odd: D = (A * SA) x (B * SB)
// with A 32 x K (row-major, rows 64 elements apart) and B K x 32 (stored
// transposed: K contiguous, columns 64 elements apart), packed two values
// a byte along K (the even K index in the low nibble), K <= 64, SA 32 x 2
// and SB 2 x 32 f8E8M0FNU (one scale per 32 K elements), D 32 x 32 f32.
// With an odd K the high nibble of each row's last byte is not part of
// the tensor: whatever it holds must not count. One tile block.
cuda_tile.module @kernels {
  entry @odd_k_fp4(%a: tile<ptr<f4E2M1FN>>, %b: tile<ptr<f4E2M1FN>>,
                   %sa: tile<ptr<f8E8M0FNU>>, %sb: tile<ptr<f8E8M0FNU>>,
                   %d: tile<ptr<f32>>, %k: tile<i32>) {
    %c32 = constant <i32: 32> : tile<i32>
    %c64 = constant <i32: 64> : tile<i32>
    %ta = make_tensor_view %a, shape = [%c32, %k], strides = [%c64, 1] : tile<i32> -> tensor_view<?x?xf4E2M1FN, strides=[?,1]>
    %tb = make_tensor_view %b, shape = [%k, %c32], strides = [1, %c64] : tile<i32> -> tensor_view<?x?xf4E2M1FN, strides=[1,?]>
    %tsa = make_tensor_view %sa, shape = [32, 2], strides = [2, 1] : tensor_view<32x2xf8E8M0FNU, strides=[2,1]>
    %tsb = make_tensor_view %sb, shape = [2, 32], strides = [32, 1] : tensor_view<2x32xf8E8M0FNU, strides=[32,1]>
    %td = make_tensor_view %d, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
    %pa = make_partition_view %ta : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x?xf4E2M1FN, strides=[?,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf4E2M1FN, strides=[1,?]>>
    %psa = make_partition_view %tsa : partition_view<tile=(32x2), tensor_view<32x2xf8E8M0FNU, strides=[2,1]>>
    %psb = make_partition_view %tsb : partition_view<tile=(2x32), tensor_view<2x32xf8E8M0FNU, strides=[32,1]>>
    %pd = make_partition_view %td : partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>
    %z = constant <i32: 0> : tile<i32>
    %la, %t0 = load_view_tko weak %pa[%z, %z] : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x?xf4E2M1FN, strides=[?,1]>>, tile<i32> -> tile<32x64xf4E2M1FN>, token
    %lb, %t1 = load_view_tko weak %pb[%z, %z] : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf4E2M1FN, strides=[1,?]>>, tile<i32> -> tile<64x32xf4E2M1FN>, token
    %lsa, %t2 = load_view_tko weak %psa[%z, %z] : partition_view<tile=(32x2), tensor_view<32x2xf8E8M0FNU, strides=[2,1]>>, tile<i32> -> tile<32x2xf8E8M0FNU>, token
    %lsb, %t3 = load_view_tko weak %psb[%z, %z] : partition_view<tile=(2x32), tensor_view<2x32xf8E8M0FNU, strides=[32,1]>>, tile<i32> -> tile<2x32xf8E8M0FNU>, token
    %c = constant <f32: 0.0> : tile<32x32xf32>
    %ld = mmaf_scaled %la, %lb, %c, %lsa, %lsb : tile<32x64xf4E2M1FN>, tile<64x32xf4E2M1FN>, tile<32x32xf32>, tile<32x2xf8E8M0FNU>, tile<2x32xf8E8M0FNU>
    %t4 = store_view_tko weak %ld, %pd[%z, %z] : tile<32x32xf32>, partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>, tile<i32> -> token
    return
  }
}
