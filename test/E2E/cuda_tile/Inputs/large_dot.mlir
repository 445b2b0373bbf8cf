// An mmaf too large for registers: a 128x128x512 f64 tile dot, whose A and
// B fragments would need 512 values per thread, and a 128x128 f64
// accumulator whose layout conversion needs more shared memory than
// sm_86..sm_121 have. D = A * B + C over an M x N x K problem (M, N, K
// parameters, zero padding outside), one tile block. A's slices are loaded
// one by one; B's load orders memory (acquire), so it is loaded whole and
// its slices are cut out of it through shared memory.
cuda_tile.module @kernels {
  entry @large_dot(%a: tile<ptr<f64>>, %b: tile<ptr<f64>>, %c: tile<ptr<f64>>,
                   %d: tile<ptr<f64>>, %m: tile<i32>, %n: tile<i32>,
                   %k: tile<i32>) {
    %ta = make_tensor_view %a, shape = [%m, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf64, strides=[?,1]>
    %tb = make_tensor_view %b, shape = [%k, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf64, strides=[?,1]>
    %tc = make_tensor_view %c, shape = [%m, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf64, strides=[?,1]>
    %td = make_tensor_view %d, shape = [%m, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf64, strides=[?,1]>
    %pa = make_partition_view %ta : partition_view<tile=(128x512), padding_value = zero, tensor_view<?x?xf64, strides=[?,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(512x128), padding_value = zero, tensor_view<?x?xf64, strides=[?,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(128x128), padding_value = zero, tensor_view<?x?xf64, strides=[?,1]>>
    %pd = make_partition_view %td : partition_view<tile=(128x128), tensor_view<?x?xf64, strides=[?,1]>>
    %z = constant <i32: 0> : tile<i32>
    %va, %t0 = load_view_tko weak %pa[%z, %z] : partition_view<tile=(128x512), padding_value = zero, tensor_view<?x?xf64, strides=[?,1]>>, tile<i32> -> tile<128x512xf64>, token
    %vb, %t1 = load_view_tko acquire device %pb[%z, %z] : partition_view<tile=(512x128), padding_value = zero, tensor_view<?x?xf64, strides=[?,1]>>, tile<i32> -> tile<512x128xf64>, token
    %vc, %t2 = load_view_tko weak %pc[%z, %z] : partition_view<tile=(128x128), padding_value = zero, tensor_view<?x?xf64, strides=[?,1]>>, tile<i32> -> tile<128x128xf64>, token
    %vd = mmaf %va, %vb, %vc : tile<128x512xf64>, tile<512x128xf64>, tile<128x128xf64>
    %t3 = store_view_tko weak %vd, %pd[%z, %z] : tile<128x128xf64>, partition_view<tile=(128x128), tensor_view<?x?xf64, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
