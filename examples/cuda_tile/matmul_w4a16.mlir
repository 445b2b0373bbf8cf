// C = A * dequant(W) with int4 weights (W4A16), in cuda_tile.
//
// A is M x K f16 (row-major, row stride K). W holds the K x N int4 weights
// column by column: row n of an N x K/2 byte matrix packs column n's K
// values two a byte (k = 2j in the low nibble), as two's complement. S is
// ceil(K/32) x N f16, one scale per 32 K values of a column (symmetric
// quantization): B[k, n] = W[k, n] * S[k / 32, n]. C is M x N f32, row
// stride N. K must be even.
//
// Tile block (x, y) computes the 64 x 64 tile (x, y) of C, walking K in
// steps of 64: the 64 x 32 bytes of W are unpacked (1-D `unpack` to i4,
// reshaped to 64 columns x 64 K values), sign-extended to f16 with `itof`,
// transposed to K x N, scaled and fed to `mmaf` with f32 accumulation.
// Partial tiles read zero bytes and zero scales and are stored masked.
// Launch ceil(M/64) x ceil(N/64) tile blocks (128 threads each).
//
//   tileiras --gpu-name sm_90a examples/cuda_tile/matmul_w4a16.mlir -o w4a16.cubin

cuda_tile.module @kernels {
  entry @matmul_w4a16(%a: tile<ptr<f16>>, %w: tile<ptr<i8>>,
                      %s: tile<ptr<f16>>, %c: tile<ptr<f32>>,
                      %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {
    %c2 = constant <i32: 2> : tile<i32>
    %c31 = constant <i32: 31> : tile<i32>
    %c32 = constant <i32: 32> : tile<i32>
    %kb = divi %k, %c2 unsigned : tile<i32>
    %k31 = addi %k, %c31 : tile<i32>
    %groups = divi %k31, %c32 unsigned : tile<i32>
    %ta = make_tensor_view %a, shape = [%m, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %tw = make_tensor_view %w, shape = [%n, %kb], strides = [%kb, 1] : tile<i32> -> tensor_view<?x?xi8, strides=[?,1]>
    %ts = make_tensor_view %s, shape = [%groups, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %tc = make_tensor_view %c, shape = [%m, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %pa = make_partition_view %ta : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %pw = make_partition_view %tw : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xi8, strides=[?,1]>>
    %ps = make_partition_view %ts : partition_view<tile=(2x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tiles_m, %tiles_k = get_index_space_shape %pa : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>> -> tile<i32>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %init = constant <f32: 0.0> : tile<64x64xf32>
    %acc = for %kk in (%zero to %tiles_k, step %one) : tile<i32> iter_values(%sum = %init) -> (tile<64x64xf32>) {
      %ak, %t0 = load_view_tko weak %pa[%bx, %kk] : partition_view<tile=(64x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x64xf16>, token
      %bytes, %t1 = load_view_tko weak %pw[%by, %kk] : partition_view<tile=(64x32), padding_value = zero, tensor_view<?x?xi8, strides=[?,1]>>, tile<i32> -> tile<64x32xi8>, token
      %sk, %t2 = load_view_tko weak %ps[%kk, %by] : partition_view<tile=(2x64), padding_value = zero, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<2x64xf16>, token
      // 2048 bytes -> 4096 int4 values, column n's 64 K values in a row.
      %flat = reshape %bytes : tile<64x32xi8> -> tile<2048xi8>
      %q = unpack %flat : tile<2048xi8> -> tile<4096xi4>
      %qnk = reshape %q : tile<4096xi4> -> tile<64x64xi4>
      %qkn = permute %qnk [1, 0] : tile<64x64xi4> -> tile<64x64xi4>
      %wf = itof %qkn signed : tile<64x64xi4> -> tile<64x64xf16>
      // One scale per 32 K values of a column.
      %s3 = reshape %sk : tile<2x64xf16> -> tile<2x1x64xf16>
      %sb = broadcast %s3 : tile<2x1x64xf16> -> tile<2x32x64xf16>
      %skn = reshape %sb : tile<2x32x64xf16> -> tile<64x64xf16>
      %bk = mulf %wf, %skn : tile<64x64xf16>
      %next = mmaf %ak, %bk, %sum : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
      continue %next : tile<64x64xf32>
    }
    %t3 = store_view_tko weak %acc, %pc[%bx, %by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
