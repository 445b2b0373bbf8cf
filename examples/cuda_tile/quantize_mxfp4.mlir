// MXFP4 quantization of an M x K row-major f32 matrix X (K even), in
// cuda_tile: per block of 32 elements along a row, the f8E8M0FNU scale
// s = 2^ceil(log2(amax / 6)) (amax the block's largest magnitude, so that
// every quotient fits e2m1's range of +-6), and the f4E2M1FN codes
// q = X / s rounded to nearest even, stored two a byte (the even column in
// the low nibble). Outputs: Q, M x K f4E2M1FN (row stride K) and S,
// M x ceil(K / 32) f8E8M0FNU (row stride ks). Together they are the A or
// B^T operand of examples/cuda_tile/matmul_nvfp4-style mmaf_scaled with
// f8E8M0FNU scales.
//
// Each tile block handles 32 rows x 64 columns (two scale blocks a row);
// columns past K read as zero and are not stored. Launch
// ceil(M / 32) x ceil(K / 64) tile blocks (128 threads each).
//
//   tileiras --gpu-name sm_100a examples/cuda_tile/quantize_mxfp4.mlir -o q.cubin

cuda_tile.module @kernels {
  entry @quantize_mxfp4(%x: tile<ptr<f32>>, %q: tile<ptr<f4E2M1FN>>,
                        %s: tile<ptr<f8E8M0FNU>>, %m: tile<i32>,
                        %k: tile<i32>, %ks: tile<i32>) {
    %bi, %bj, %bz = get_tile_block_id : tile<i32>
    %c32 = constant <i32: 32> : tile<i32>
    %c31 = constant <i32: 31> : tile<i32>
    %k31 = addi %k, %c31 : tile<i32>
    %nb = divi %k31, %c32 unsigned : tile<i32>
    %tx = make_tensor_view %x, shape = [%m, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %tq = make_tensor_view %q, shape = [%m, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf4E2M1FN, strides=[?,1]>
    %ts = make_tensor_view %s, shape = [%m, %nb], strides = [%ks, 1] : tile<i32> -> tensor_view<?x?xf8E8M0FNU, strides=[?,1]>
    %px = make_partition_view %tx : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>
    %pq = make_partition_view %tq : partition_view<tile=(32x64), tensor_view<?x?xf4E2M1FN, strides=[?,1]>>
    %ps = make_partition_view %ts : partition_view<tile=(32x2), tensor_view<?x?xf8E8M0FNU, strides=[?,1]>>
    %v, %t0 = load_view_tko weak %px[%bi, %bj] : partition_view<tile=(32x64), padding_value = zero, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<32x64xf32>, token
    // Largest magnitude of each 32-element block: 32 x 2 x 32 -> 32 x 2.
    %blocks = reshape %v : tile<32x64xf32> -> tile<32x2x32xf32>
    %mag = absf %blocks : tile<32x2x32xf32>
    %amax = reduce %mag dim=2 identities=[0.000000e+00 : f32] : tile<32x2x32xf32> -> tile<32x2xf32> (%e: tile<f32>, %acc: tile<f32>) {
      %r = maxf %e, %acc : tile<f32>
      yield %r : tile<f32>
    }
    %six = constant <f32: 6.0> : tile<32x2xf32>
    %ratio = divf %amax, %six : tile<32x2xf32>
    %scale = ftof %ratio rounding<positive_inf> : tile<32x2xf32> -> tile<32x2xf8E8M0FNU>
    // Divide every element by its block's scale and round to e2m1.
    %sf = ftof %scale : tile<32x2xf8E8M0FNU> -> tile<32x2xf32>
    %sf3 = reshape %sf : tile<32x2xf32> -> tile<32x2x1xf32>
    %sfb = broadcast %sf3 : tile<32x2x1xf32> -> tile<32x2x32xf32>
    %scaled = divf %blocks, %sfb : tile<32x2x32xf32>
    %flat = reshape %scaled : tile<32x2x32xf32> -> tile<32x64xf32>
    %codes = ftof %flat : tile<32x64xf32> -> tile<32x64xf4E2M1FN>
    %t1 = store_view_tko weak %codes, %pq[%bi, %bj] : tile<32x64xf4E2M1FN>, partition_view<tile=(32x64), tensor_view<?x?xf4E2M1FN, strides=[?,1]>>, tile<i32> -> token
    %t2 = store_view_tko weak %scale, %ps[%bi, %bj] : tile<32x2xf8E8M0FNU>, partition_view<tile=(32x2), tensor_view<?x?xf8E8M0FNU, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
