// Rounding modes and flush_to_zero: one 128-element row of `out` per op,
// from x, y (f32) and z (i32). Launch 1 tile block.
//   row 0 addf rz        1 subf rm          2 mulf rp       3 divf rz
//   row 4 fma rp x*y+x   5 sqrt rz |x|      6 addf ftz      7 mulf rz ftz
//   row 8 maxf ftz       9 itof signed rz  10 itof unsigned rp
//   row 11 divf approx  12 divf full       13 sqrt approx  14 rsqrt ftz
cuda_tile.module @kernels {
  entry @rounding(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %z: tile<ptr<i32>>,
                  %out: tile<ptr<f32>>) {
    %tx = make_tensor_view %x, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %ty = make_tensor_view %y, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %tz = make_tensor_view %z, shape = [128], strides = [1] : tensor_view<128xi32, strides=[1]>
    %to = make_tensor_view %out, shape = [1920], strides = [1] : tensor_view<1920xf32, strides=[1]>
    %px = make_partition_view %tx : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %py = make_partition_view %ty : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %pz = make_partition_view %tz : partition_view<tile=(128), tensor_view<128xi32, strides=[1]>>
    %po = make_partition_view %to : partition_view<tile=(128), tensor_view<1920xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %a, %t0 = load_view_tko weak %px[%c0] : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %b, %t1 = load_view_tko weak %py[%c0] : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %n, %t2 = load_view_tko weak %pz[%c0] : partition_view<tile=(128), tensor_view<128xi32, strides=[1]>>, tile<i32> -> tile<128xi32>, token
    %r0 = addf %a, %b rounding<zero> : tile<128xf32>
    %r1 = subf %a, %b rounding<negative_inf> : tile<128xf32>
    %r2 = mulf %a, %b rounding<positive_inf> : tile<128xf32>
    %r3 = divf %a, %b rounding<zero> : tile<128xf32>
    %r4 = fma %a, %b, %a rounding<positive_inf> : tile<128xf32>
    %abs = absf %a : tile<128xf32>
    %r5 = sqrt %abs rounding<zero> : tile<128xf32>
    %r6 = addf %a, %b flush_to_zero : tile<128xf32>
    %r7 = mulf %a, %b rounding<zero> flush_to_zero : tile<128xf32>
    %r8 = maxf %a, %b flush_to_zero : tile<128xf32>
    %r9 = itof %n signed rounding<zero> : tile<128xi32> -> tile<128xf32>
    %r10 = itof %n unsigned rounding<positive_inf> : tile<128xi32> -> tile<128xf32>
    %r11 = divf %a, %b rounding<approx> : tile<128xf32>
    %r12 = divf %a, %b rounding<full> : tile<128xf32>
    %r13 = sqrt %abs rounding<approx> : tile<128xf32>
    %r14 = rsqrt %abs flush_to_zero : tile<128xf32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %c3 = constant <i32: 3> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %c5 = constant <i32: 5> : tile<i32>
    %c6 = constant <i32: 6> : tile<i32>
    %c7 = constant <i32: 7> : tile<i32>
    %c8 = constant <i32: 8> : tile<i32>
    %c9 = constant <i32: 9> : tile<i32>
    %c10 = constant <i32: 10> : tile<i32>
    %c11 = constant <i32: 11> : tile<i32>
    %c12 = constant <i32: 12> : tile<i32>
    %c13 = constant <i32: 13> : tile<i32>
    %c14 = constant <i32: 14> : tile<i32>
    %s0 = store_view_tko weak %r0, %po[%c0] : tile<128xf32>, partition_view<tile=(128), tensor_view<1920xf32, strides=[1]>>, tile<i32> -> token
    %s1 = store_view_tko weak %r1, %po[%c1] : tile<128xf32>, partition_view<tile=(128), tensor_view<1920xf32, strides=[1]>>, tile<i32> -> token
    %s2 = store_view_tko weak %r2, %po[%c2] : tile<128xf32>, partition_view<tile=(128), tensor_view<1920xf32, strides=[1]>>, tile<i32> -> token
    %s3 = store_view_tko weak %r3, %po[%c3] : tile<128xf32>, partition_view<tile=(128), tensor_view<1920xf32, strides=[1]>>, tile<i32> -> token
    %s4 = store_view_tko weak %r4, %po[%c4] : tile<128xf32>, partition_view<tile=(128), tensor_view<1920xf32, strides=[1]>>, tile<i32> -> token
    %s5 = store_view_tko weak %r5, %po[%c5] : tile<128xf32>, partition_view<tile=(128), tensor_view<1920xf32, strides=[1]>>, tile<i32> -> token
    %s6 = store_view_tko weak %r6, %po[%c6] : tile<128xf32>, partition_view<tile=(128), tensor_view<1920xf32, strides=[1]>>, tile<i32> -> token
    %s7 = store_view_tko weak %r7, %po[%c7] : tile<128xf32>, partition_view<tile=(128), tensor_view<1920xf32, strides=[1]>>, tile<i32> -> token
    %s8 = store_view_tko weak %r8, %po[%c8] : tile<128xf32>, partition_view<tile=(128), tensor_view<1920xf32, strides=[1]>>, tile<i32> -> token
    %s9 = store_view_tko weak %r9, %po[%c9] : tile<128xf32>, partition_view<tile=(128), tensor_view<1920xf32, strides=[1]>>, tile<i32> -> token
    %s10 = store_view_tko weak %r10, %po[%c10] : tile<128xf32>, partition_view<tile=(128), tensor_view<1920xf32, strides=[1]>>, tile<i32> -> token
    %s11 = store_view_tko weak %r11, %po[%c11] : tile<128xf32>, partition_view<tile=(128), tensor_view<1920xf32, strides=[1]>>, tile<i32> -> token
    %s12 = store_view_tko weak %r12, %po[%c12] : tile<128xf32>, partition_view<tile=(128), tensor_view<1920xf32, strides=[1]>>, tile<i32> -> token
    %s13 = store_view_tko weak %r13, %po[%c13] : tile<128xf32>, partition_view<tile=(128), tensor_view<1920xf32, strides=[1]>>, tile<i32> -> token
    %s14 = store_view_tko weak %r14, %po[%c14] : tile<128xf32>, partition_view<tile=(128), tensor_view<1920xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
