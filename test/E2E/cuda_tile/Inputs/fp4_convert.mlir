// ftof to and from f4E2M1FN, through f4E2M1FN views (two values a byte
// along the stride-1 dimension, the even index in the low nibble). x, q,
// q2, p, y, z are M x K row-major; tiles of 16 x 64, grid ceil(M/16) x
// ceil(K/64), K even.
//   q = ftof(x) to f4E2M1FN, q2 = ftof(ftof(x) to f16) to f4E2M1FN,
//   y = ftof(p) to f32, z = ftof(p) to f16.
cuda_tile.module @kernels {
  entry @fp4_convert(%x: tile<ptr<f32>>, %q: tile<ptr<f4E2M1FN>>,
                     %q2: tile<ptr<f4E2M1FN>>, %p: tile<ptr<f4E2M1FN>>,
                     %y: tile<ptr<f32>>, %z: tile<ptr<f16>>,
                     %m: tile<i32>, %k: tile<i32>) {
    %bi, %bj, %bz = get_tile_block_id : tile<i32>
    %tx = make_tensor_view %x, shape = [%m, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %tq = make_tensor_view %q, shape = [%m, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf4E2M1FN, strides=[?,1]>
    %tq2 = make_tensor_view %q2, shape = [%m, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf4E2M1FN, strides=[?,1]>
    %tp = make_tensor_view %p, shape = [%m, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf4E2M1FN, strides=[?,1]>
    %ty = make_tensor_view %y, shape = [%m, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %tz = make_tensor_view %z, shape = [%m, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %px = make_partition_view %tx : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>>
    %pq = make_partition_view %tq : partition_view<tile=(16x64), tensor_view<?x?xf4E2M1FN, strides=[?,1]>>
    %pq2 = make_partition_view %tq2 : partition_view<tile=(16x64), tensor_view<?x?xf4E2M1FN, strides=[?,1]>>
    %pp = make_partition_view %tp : partition_view<tile=(16x64), tensor_view<?x?xf4E2M1FN, strides=[?,1]>>
    %py = make_partition_view %ty : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>>
    %pz = make_partition_view %tz : partition_view<tile=(16x64), tensor_view<?x?xf16, strides=[?,1]>>
    %vx, %t0 = load_view_tko weak %px[%bi, %bj] : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<16x64xf32>, token
    %e = ftof %vx : tile<16x64xf32> -> tile<16x64xf4E2M1FN>
    %t1 = store_view_tko weak %e, %pq[%bi, %bj] : tile<16x64xf4E2M1FN>, partition_view<tile=(16x64), tensor_view<?x?xf4E2M1FN, strides=[?,1]>>, tile<i32> -> token
    %h = ftof %vx : tile<16x64xf32> -> tile<16x64xf16>
    %e2 = ftof %h : tile<16x64xf16> -> tile<16x64xf4E2M1FN>
    %t2 = store_view_tko weak %e2, %pq2[%bi, %bj] : tile<16x64xf4E2M1FN>, partition_view<tile=(16x64), tensor_view<?x?xf4E2M1FN, strides=[?,1]>>, tile<i32> -> token
    %vp, %t3 = load_view_tko weak %pp[%bi, %bj] : partition_view<tile=(16x64), tensor_view<?x?xf4E2M1FN, strides=[?,1]>>, tile<i32> -> tile<16x64xf4E2M1FN>, token
    %d = ftof %vp : tile<16x64xf4E2M1FN> -> tile<16x64xf32>
    %t4 = store_view_tko weak %d, %py[%bi, %bj] : tile<16x64xf32>, partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    %dh = ftof %vp : tile<16x64xf4E2M1FN> -> tile<16x64xf16>
    %t5 = store_view_tko weak %dh, %pz[%bi, %bj] : tile<16x64xf16>, partition_view<tile=(16x64), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
