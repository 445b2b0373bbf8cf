// C = (A * SA) x (B * SB): a block-scaled (MXFP8) matrix multiply with
// `mmaf_scaled`, in cuda_tile.
//
// A is M x K in f8E4M3FN and B is K x N in f8E5M2 (the two formats may be
// mixed); every 32 consecutive K elements of a row of A share one
// power-of-two scale SA[m, k / 32], and every 32 of a column of B one,
// SB[k / 32, n] (f8E8M0FNU: 2^(byte - 127)). SA is M x ceil(K/32) and SB
// ceil(K/32) x N. All matrices are row-major with leading dimensions lda,
// ldb, ldc, ldsa, ldsb (elements); C is f32. Tile block (x, y) computes the
// 64 x 64 tile (x, y) of C, walking K in steps of 64 (two scale blocks).
// Partial tiles at the edges read zeros (scales: the byte 0, 2^-127, which
// keeps the zeros zero) and are stored masked, so M, N and K are arbitrary.
// Launch ceil(M/64) x ceil(N/64) tile blocks.
//
// mmaf_scaled becomes nv_tileaa.dot_scaled: the block-scaled mma.sync on
// sm_120a/f and sm_121a/f, a bf16 dot of the scaled operands elsewhere.
//
//   tileiras --gpu-name sm_90a examples/cuda_tile/matmul_mxfp8.mlir -o matmul_mxfp8.ptx

cuda_tile.module @kernels {
  entry @matmul_mxfp8(%a: tile<ptr<f8E4M3FN>>, %b: tile<ptr<f8E5M2>>,
                      %sa: tile<ptr<f8E8M0FNU>>, %sb: tile<ptr<f8E8M0FNU>>,
                      %c: tile<ptr<f32>>,
                      %m: tile<i32>, %n: tile<i32>, %k: tile<i32>,
                      %lda: tile<i32>, %ldb: tile<i32>, %ldc: tile<i32>,
                      %ldsa: tile<i32>, %ldsb: tile<i32>) {
    %c31 = constant <i32: 31> : tile<i32>
    %c32 = constant <i32: 32> : tile<i32>
    %k31 = addi %k, %c31 : tile<i32>
    %kb = divi %k31, %c32 unsigned : tile<i32>
    %ta = make_tensor_view %a, shape = [%m, %k], strides = [%lda, 1] : tile<i32> -> tensor_view<?x?xf8E4M3FN, strides=[?,1]>
    %tb = make_tensor_view %b, shape = [%k, %n], strides = [%ldb, 1] : tile<i32> -> tensor_view<?x?xf8E5M2, strides=[?,1]>
    %tsa = make_tensor_view %sa, shape = [%m, %kb], strides = [%ldsa, 1] : tile<i32> -> tensor_view<?x?xf8E8M0FNU, strides=[?,1]>
    %tsb = make_tensor_view %sb, shape = [%kb, %n], strides = [%ldsb, 1] : tile<i32> -> tensor_view<?x?xf8E8M0FNU, strides=[?,1]>
    %tc = make_tensor_view %c, shape = [%m, %n], strides = [%ldc, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %pa = make_partition_view %ta : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x?xf8E5M2, strides=[?,1]>>
    %psa = make_partition_view %tsa : partition_view<tile=(64x2), padding_value = zero, tensor_view<?x?xf8E8M0FNU, strides=[?,1]>>
    %psb = make_partition_view %tsb : partition_view<tile=(2x64), padding_value = zero, tensor_view<?x?xf8E8M0FNU, strides=[?,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %pa : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>> -> tile<i32>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %init = constant <f32: 0.0> : tile<64x64xf32>
    %acc = for %kk in (%zero to %tiles_k, step %one) : tile<i32> iter_values(%sum = %init) -> (tile<64x64xf32>) {
      %ta_k, %t0 = load_view_tko weak %pa[%bx, %kk] : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>, tile<i32> -> tile<64x64xf8E4M3FN>, token
      %tb_k, %t1 = load_view_tko weak %pb[%kk, %by] : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x?xf8E5M2, strides=[?,1]>>, tile<i32> -> tile<64x64xf8E5M2>, token
      %tsa_k, %t2 = load_view_tko weak %psa[%bx, %kk] : partition_view<tile=(64x2), padding_value = zero, tensor_view<?x?xf8E8M0FNU, strides=[?,1]>>, tile<i32> -> tile<64x2xf8E8M0FNU>, token
      %tsb_k, %t3 = load_view_tko weak %psb[%kk, %by] : partition_view<tile=(2x64), padding_value = zero, tensor_view<?x?xf8E8M0FNU, strides=[?,1]>>, tile<i32> -> tile<2x64xf8E8M0FNU>, token
      %next = mmaf_scaled %ta_k, %tb_k, %sum, %tsa_k, %tsb_k : tile<64x64xf8E4M3FN>, tile<64x64xf8E5M2>, tile<64x64xf32>, tile<64x2xf8E8M0FNU>, tile<2x64xf8E8M0FNU>
      continue %next : tile<64x64xf32>
    }
    %t4 = store_view_tko weak %acc, %pc[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
