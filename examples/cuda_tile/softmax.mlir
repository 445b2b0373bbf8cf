// Row-wise softmax of an M x N row-major f32 matrix (N <= 1024), in
// cuda_tile: y[r, :] = exp(x[r, :] - max(x[r, :])) / sum(...).
//
// Each tile block handles 4 rows as one 4 x 1024 tile. The input view pads
// with -inf, which neither wins the maximum nor adds to the sum. Launch
// ceil(M / 4) tile blocks along x.
//
//   tileiras --gpu-name sm_80 examples/cuda_tile/softmax.mlir -o softmax.cubin

cuda_tile.module @kernels {
  entry @softmax(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %m: tile<i32>,
                 %n: tile<i32>, %stride: tile<i32>) optimization_hints=<default = {num_worker_warps_per_cta = 8}> {
    %tx = make_tensor_view %x, shape = [%m, %n], strides = [%stride, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %ty = make_tensor_view %y, shape = [%m, %n], strides = [%stride, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %px = make_partition_view %tx : partition_view<tile=(4x1024), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,1]>>
    %py = make_partition_view %ty : partition_view<tile=(4x1024), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %zero = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %px[%bx, %zero] : partition_view<tile=(4x1024), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<4x1024xf32>, token
    %max = reduce %v dim=1 identities=[0xFF800000 : f32] : tile<4x1024xf32> -> tile<4xf32> (%e: tile<f32>, %acc: tile<f32>) {
      %r = maxf %e, %acc : tile<f32>
      yield %r : tile<f32>
    }
    %max_col = reshape %max : tile<4xf32> -> tile<4x1xf32>
    %max_b = broadcast %max_col : tile<4x1xf32> -> tile<4x1024xf32>
    %shifted = subf %v, %max_b : tile<4x1024xf32>
    %ex = exp %shifted : tile<4x1024xf32>
    %sum = reduce %ex dim=1 identities=[0.000000e+00 : f32] : tile<4x1024xf32> -> tile<4xf32> (%e: tile<f32>, %acc: tile<f32>) {
      %r = addf %e, %acc : tile<f32>
      yield %r : tile<f32>
    }
    %sum_col = reshape %sum : tile<4xf32> -> tile<4x1xf32>
    %sum_b = broadcast %sum_col : tile<4x1xf32> -> tile<4x1024xf32>
    %out = divf %ex, %sum_b : tile<4x1024xf32>
    %t1 = store_view_tko weak %out, %py[%bx, %zero] : tile<4x1024xf32>, partition_view<tile=(4x1024), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
