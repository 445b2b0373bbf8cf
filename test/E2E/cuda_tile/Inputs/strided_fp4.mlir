// f4E2M1FN operands loaded from strided views (tiles overlapping by half
// along K): D = (A[:, 32:96] * SA[:, 1:3]) x (B[32:96, :] * SB[1:3, :])
// with A 32 x 128 (row-major) and B 128 x 32 (stored transposed: K
// contiguous), packed two values a byte along K (the even K index in the
// low nibble), SA 32 x 4 and SB 4 x 32 f8E8M0FNU (one scale per 32 K
// elements), D 32 x 32 f32. One tile block.
cuda_tile.module @kernels {
  entry @strided_fp4(%a: tile<ptr<f4E2M1FN>>, %b: tile<ptr<f4E2M1FN>>,
                     %sa: tile<ptr<f8E8M0FNU>>, %sb: tile<ptr<f8E8M0FNU>>,
                     %d: tile<ptr<f32>>) {
    %ta = make_tensor_view %a, shape = [32, 128], strides = [128, 1] : tensor_view<32x128xf4E2M1FN, strides=[128,1]>
    %tb = make_tensor_view %b, shape = [128, 32], strides = [1, 128] : tensor_view<128x32xf4E2M1FN, strides=[1,128]>
    %tsa = make_tensor_view %sa, shape = [32, 4], strides = [4, 1] : tensor_view<32x4xf8E8M0FNU, strides=[4,1]>
    %tsb = make_tensor_view %sb, shape = [4, 32], strides = [32, 1] : tensor_view<4x32xf8E8M0FNU, strides=[32,1]>
    %td = make_tensor_view %d, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
    %va = make_strided_view %ta : strided_view<tile=(32x64), traversal_strides=[32,32], tensor_view<32x128xf4E2M1FN, strides=[128,1]>>
    %vb = make_strided_view %tb : strided_view<tile=(64x32), traversal_strides=[32,32], tensor_view<128x32xf4E2M1FN, strides=[1,128]>>
    %vsa = make_strided_view %tsa : strided_view<tile=(32x2), traversal_strides=[32,1], tensor_view<32x4xf8E8M0FNU, strides=[4,1]>>
    %vsb = make_strided_view %tsb : strided_view<tile=(2x32), traversal_strides=[1,32], tensor_view<4x32xf8E8M0FNU, strides=[32,1]>>
    %pd = make_partition_view %td : partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>
    %z = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %la, %t0 = load_view_tko weak %va[%z, %one] : strided_view<tile=(32x64), traversal_strides=[32,32], tensor_view<32x128xf4E2M1FN, strides=[128,1]>>, tile<i32> -> tile<32x64xf4E2M1FN>, token
    %lb, %t1 = load_view_tko weak %vb[%one, %z] : strided_view<tile=(64x32), traversal_strides=[32,32], tensor_view<128x32xf4E2M1FN, strides=[1,128]>>, tile<i32> -> tile<64x32xf4E2M1FN>, token
    %lsa, %t2 = load_view_tko weak %vsa[%z, %one] : strided_view<tile=(32x2), traversal_strides=[32,1], tensor_view<32x4xf8E8M0FNU, strides=[4,1]>>, tile<i32> -> tile<32x2xf8E8M0FNU>, token
    %lsb, %t3 = load_view_tko weak %vsb[%one, %z] : strided_view<tile=(2x32), traversal_strides=[1,32], tensor_view<4x32xf8E8M0FNU, strides=[32,1]>>, tile<i32> -> tile<2x32xf8E8M0FNU>, token
    %c = constant <f32: 0.0> : tile<32x32xf32>
    %ld = mmaf_scaled %la, %lb, %c, %lsa, %lsb : tile<32x64xf4E2M1FN>, tile<64x32xf4E2M1FN>, tile<32x32xf32>, tile<32x2xf8E8M0FNU>, tile<2x32xf8E8M0FNU>
    %t4 = store_view_tko weak %ld, %pd[%z, %z] : tile<32x32xf32>, partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>, tile<i32> -> token
    return
  }
}
