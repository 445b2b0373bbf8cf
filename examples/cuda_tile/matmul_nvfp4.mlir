// C = (A * SA) x (B * SB): a block-scaled FP4 (NVFP4) matrix multiply with
// `mmaf_scaled`, in cuda_tile.
//
// A is M x K and B is K x N in f4E2M1FN (values 0, 0.5, 1, 1.5, 2, 3, 4,
// 6 and their negatives), two elements a byte in memory: A row-major (row
// m: K / 2 bytes at a + m * lda / 2, elements k and k + 1 in the low and
// high nibble of one byte), B column-major, i.e. stored as its N x K
// transpose (column n at b + n * ldb / 2), so that both are contiguous
// along K as FP4 operands must be (two K elements share a byte). Every 16
// consecutive K elements of a row of A share one scale SA[m, k / 16], and
// every 16 of a column of B one, SB[k / 16, n] (f8E4M3FN, non-negative:
// NVFP4's ue4m3). SA is M x K/16 and SB K/16 x N, row-major; C is f32,
// row-major. Leading dimensions lda, ldb (even), ldc, ldsa, ldsb are in
// elements. Tile block (x, y) computes the 64 x 64 tile (x, y) of C,
// walking K in steps of 64 (four scale blocks). Partial tiles at the edges
// read zeros and are stored masked; M and N are arbitrary; K, lda and ldb
// are multiples of 32 and A and B 16-byte aligned (promised with
// `assume`, for 16-byte loads). Launch ceil(M/64) x ceil(N/64) tile blocks
// of 128 threads.
//
// mmaf_scaled becomes nv_tileaa.dot_scaled of the packed bytes:
// mma.sync.m16n8k64 kind::mxf4nvf4.block_scale.scale_vec::4X on sm_120a/f
// and sm_121a/f, a bf16 dot of the unpacked, scaled operands elsewhere.
//
//   tileiras --gpu-name sm_120a examples/cuda_tile/matmul_nvfp4.mlir -o matmul_nvfp4.ptx

cuda_tile.module @kernels {
  entry @matmul_nvfp4(%a: tile<ptr<f4E2M1FN>>, %b: tile<ptr<f4E2M1FN>>,
                      %sa: tile<ptr<f8E4M3FN>>, %sb: tile<ptr<f8E4M3FN>>,
                      %c: tile<ptr<f32>>,
                      %m: tile<i32>, %n: tile<i32>, %k: tile<i32>,
                      %lda: tile<i32>, %ldb: tile<i32>, %ldc: tile<i32>,
                      %ldsa: tile<i32>, %ldsb: tile<i32>) {
    // K and the leading dimensions of A and B are multiples of 32 (16
    // bytes), the pointers 16-byte aligned: 16-byte loads along K.
    %a16 = assume div_by<16>, %a : tile<ptr<f4E2M1FN>>
    %b16 = assume div_by<16>, %b : tile<ptr<f4E2M1FN>>
    %k32 = assume div_by<32>, %k : tile<i32>
    %lda32 = assume div_by<32>, %lda : tile<i32>
    %ldb32 = assume div_by<32>, %ldb : tile<i32>
    %c16 = constant <i32: 16> : tile<i32>
    %kb = divi %k32, %c16 unsigned : tile<i32>
    %ta = make_tensor_view %a16, shape = [%m, %k32], strides = [%lda32, 1] : tile<i32> -> tensor_view<?x?xf4E2M1FN, strides=[?,1]>
    %tb = make_tensor_view %b16, shape = [%k32, %n], strides = [1, %ldb32] : tile<i32> -> tensor_view<?x?xf4E2M1FN, strides=[1,?]>
    %tsa = make_tensor_view %sa, shape = [%m, %kb], strides = [%ldsa, 1] : tile<i32> -> tensor_view<?x?xf8E4M3FN, strides=[?,1]>
    %tsb = make_tensor_view %sb, shape = [%kb, %n], strides = [%ldsb, 1] : tile<i32> -> tensor_view<?x?xf8E4M3FN, strides=[?,1]>
    %tc = make_tensor_view %c, shape = [%m, %n], strides = [%ldc, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %pa = make_partition_view %ta : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x?xf4E2M1FN, strides=[?,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x?xf4E2M1FN, strides=[1,?]>>
    %psa = make_partition_view %tsa : partition_view<tile=(64x4), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>
    %psb = make_partition_view %tsb : partition_view<tile=(4x64), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %pa : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x?xf4E2M1FN, strides=[?,1]>> -> tile<i32>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %init = constant <f32: 0.0> : tile<64x64xf32>
    %acc = for %kk in (%zero to %tiles_k, step %one) : tile<i32> iter_values(%sum = %init) -> (tile<64x64xf32>) {
      %ta_k, %t0 = load_view_tko weak %pa[%bx, %kk] : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x?xf4E2M1FN, strides=[?,1]>>, tile<i32> -> tile<64x64xf4E2M1FN>, token
      %tb_k, %t1 = load_view_tko weak %pb[%kk, %by] : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x?xf4E2M1FN, strides=[1,?]>>, tile<i32> -> tile<64x64xf4E2M1FN>, token
      %tsa_k, %t2 = load_view_tko weak %psa[%bx, %kk] : partition_view<tile=(64x4), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>, tile<i32> -> tile<64x4xf8E4M3FN>, token
      %tsb_k, %t3 = load_view_tko weak %psb[%kk, %by] : partition_view<tile=(4x64), padding_value = zero, tensor_view<?x?xf8E4M3FN, strides=[?,1]>>, tile<i32> -> tile<4x64xf8E4M3FN>, token
      %next = mmaf_scaled %ta_k, %tb_k, %sum, %tsa_k, %tsb_k : tile<64x64xf4E2M1FN>, tile<64x64xf4E2M1FN>, tile<64x64xf32>, tile<64x4xf8E4M3FN>, tile<4x64xf8E4M3FN>
      continue %next : tile<64x64xf32>
    }
    %t4 = store_view_tko weak %acc, %pc[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
