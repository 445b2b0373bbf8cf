// f4E2M1FN rows gathered by index (an MoE-style row gather):
// D = (A[idx, :] * SA[idx, :]) x (B * SB) with A 64 x 64 (row-major, 32
// bytes a row) and its scales SA 64 x 2 gathered by the 32 row indices in
// idx, B 64 x 32 (stored transposed: K contiguous), packed two values a
// byte along K (the even K index in the low nibble), SB 2 x 32 f8E8M0FNU
// (one scale per 32 K elements), D 32 x 32 f32. A's columns start at
// `col` (even; zero past column 63), its scales' at 0. One tile block.
cuda_tile.module @kernels {
  entry @gather_fp4(%a: tile<ptr<f4E2M1FN>>, %b: tile<ptr<f4E2M1FN>>,
                    %sa: tile<ptr<f8E8M0FNU>>, %sb: tile<ptr<f8E8M0FNU>>,
                    %idx: tile<ptr<i32>>, %d: tile<ptr<f32>>, %col: tile<i32>) {
    %ta = make_tensor_view %a, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf4E2M1FN, strides=[64,1]>
    %tb = make_tensor_view %b, shape = [64, 32], strides = [1, 64] : tensor_view<64x32xf4E2M1FN, strides=[1,64]>
    %tsa = make_tensor_view %sa, shape = [64, 2], strides = [2, 1] : tensor_view<64x2xf8E8M0FNU, strides=[2,1]>
    %tsb = make_tensor_view %sb, shape = [2, 32], strides = [32, 1] : tensor_view<2x32xf8E8M0FNU, strides=[32,1]>
    %td = make_tensor_view %d, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
    %ga = make_gather_scatter_view %ta : gather_scatter_view<tile=(32x64), padding_value = zero, tensor_view<64x64xf4E2M1FN, strides=[64,1]>, sparse_dim=0>
    %gsa = make_gather_scatter_view %tsa : gather_scatter_view<tile=(32x2), padding_value = zero, tensor_view<64x2xf8E8M0FNU, strides=[2,1]>, sparse_dim=0>
    %pb = make_partition_view %tb : partition_view<tile=(64x32), tensor_view<64x32xf4E2M1FN, strides=[1,64]>>
    %psb = make_partition_view %tsb : partition_view<tile=(2x32), tensor_view<2x32xf8E8M0FNU, strides=[32,1]>>
    %pd = make_partition_view %td : partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>
    %i32 = iota : tile<32xi32>
    %ip1 = reshape %idx : tile<ptr<i32>> -> tile<1xptr<i32>>
    %ipb = broadcast %ip1 : tile<1xptr<i32>> -> tile<32xptr<i32>>
    %ips = offset %ipb, %i32 : tile<32xptr<i32>>, tile<32xi32> -> tile<32xptr<i32>>
    %rows, %t0 = load_ptr_tko weak %ips : tile<32xptr<i32>> -> tile<32xi32>, token
    %z = constant <i32: 0> : tile<i32>
    %la, %t1 = load_view_tko weak %ga[%rows, %col] : gather_scatter_view<tile=(32x64), padding_value = zero, tensor_view<64x64xf4E2M1FN, strides=[64,1]>, sparse_dim=0>, tile<32xi32>, tile<i32> -> tile<32x64xf4E2M1FN>, token
    %lsa, %t2 = load_view_tko weak %gsa[%rows, %z] : gather_scatter_view<tile=(32x2), padding_value = zero, tensor_view<64x2xf8E8M0FNU, strides=[2,1]>, sparse_dim=0>, tile<32xi32>, tile<i32> -> tile<32x2xf8E8M0FNU>, token
    %lb, %t3 = load_view_tko weak %pb[%z, %z] : partition_view<tile=(64x32), tensor_view<64x32xf4E2M1FN, strides=[1,64]>>, tile<i32> -> tile<64x32xf4E2M1FN>, token
    %lsb, %t4 = load_view_tko weak %psb[%z, %z] : partition_view<tile=(2x32), tensor_view<2x32xf8E8M0FNU, strides=[32,1]>>, tile<i32> -> tile<2x32xf8E8M0FNU>, token
    %c = constant <f32: 0.0> : tile<32x32xf32>
    %ld = mmaf_scaled %la, %lb, %c, %lsa, %lsb : tile<32x64xf4E2M1FN>, tile<64x32xf4E2M1FN>, tile<32x32xf32>, tile<32x2xf8E8M0FNU>, tile<2x32xf8E8M0FNU>
    %t5 = store_view_tko weak %ld, %pd[%z, %z] : tile<32x32xf32>, partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>, tile<i32> -> token
    return
  }
}
