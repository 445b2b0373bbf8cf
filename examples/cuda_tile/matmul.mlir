// C = A * B with f16 inputs and f32 accumulation, in cuda_tile.
//
// A is M x K, B is K x N, C is M x N, row-major with leading dimensions
// lda, ldb, ldc (elements). Tile block (x, y) computes the 64 x 64 tile
// (x, y) of C, walking K in steps of 32 with `mmaf`; partial tiles at the
// edges read zeros and are stored masked. Launch ceil(M/64) x ceil(N/64)
// tile blocks.
//
//   tileiras --gpu-name sm_90a examples/cuda_tile/matmul.mlir -o matmul.cubin

cuda_tile.module @kernels {
  entry @matmul(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>,
                %m: tile<i32>, %n: tile<i32>, %k: tile<i32>,
                %lda: tile<i32>, %ldb: tile<i32>, %ldc: tile<i32>) {
    %ta = make_tensor_view %a, shape = [%m, %k], strides = [%lda, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %tb = make_tensor_view %b, shape = [%k, %n], strides = [%ldb, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %tc = make_tensor_view %c, shape = [%m, %n], strides = [%ldc, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %pa = make_partition_view %ta : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %pa : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %init = constant <f32: 0.0> : tile<64x64xf32>
    %acc = for %kk in (%zero to %tiles_k, step %one) : tile<i32> iter_values(%sum = %init) -> (tile<64x64xf32>) {
      %ta_k, %t0 = load_view_tko weak %pa[%bx, %kk] : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x32xf16>, token
      %tb_k, %t1 = load_view_tko weak %pb[%kk, %by] : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x64xf16>, token
      %next = mmaf %ta_k, %tb_k, %sum : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
      continue %next : tile<64x64xf32>
    }
    %t2 = store_view_tko weak %acc, %pc[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
