// itof with directed roundings from i64 (issue 12): one 128-element row per
// conversion, grouped by result type. Launch 1 tile block.
//   out_f32: signed zero, signed negative_inf, signed positive_inf, unsigned zero, unsigned negative_inf, unsigned positive_inf
//   out_f64: signed zero, signed positive_inf, unsigned negative_inf
//   out_f16: signed zero, signed negative_inf, signed positive_inf, unsigned positive_inf
//   out_bf16: signed zero, signed positive_inf, unsigned negative_inf
cuda_tile.module @kernels {
  entry @itof64(%z: tile<ptr<i64>>, %out_f32: tile<ptr<f32>>, %out_f64: tile<ptr<f64>>, %out_f16: tile<ptr<f16>>, %out_bf16: tile<ptr<bf16>>) {
    %tz = make_tensor_view %z, shape = [128], strides = [1] : tensor_view<128xi64, strides=[1]>
    %pz = make_partition_view %tz : partition_view<tile=(128), tensor_view<128xi64, strides=[1]>>
    %t_f32 = make_tensor_view %out_f32, shape = [768], strides = [1] : tensor_view<768xf32, strides=[1]>
    %p_f32 = make_partition_view %t_f32 : partition_view<tile=(128), tensor_view<768xf32, strides=[1]>>
    %t_f64 = make_tensor_view %out_f64, shape = [384], strides = [1] : tensor_view<384xf64, strides=[1]>
    %p_f64 = make_partition_view %t_f64 : partition_view<tile=(128), tensor_view<384xf64, strides=[1]>>
    %t_f16 = make_tensor_view %out_f16, shape = [512], strides = [1] : tensor_view<512xf16, strides=[1]>
    %p_f16 = make_partition_view %t_f16 : partition_view<tile=(128), tensor_view<512xf16, strides=[1]>>
    %t_bf16 = make_tensor_view %out_bf16, shape = [384], strides = [1] : tensor_view<384xbf16, strides=[1]>
    %p_bf16 = make_partition_view %t_bf16 : partition_view<tile=(128), tensor_view<384xbf16, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %n, %t0 = load_view_tko weak %pz[%c0] : partition_view<tile=(128), tensor_view<128xi64, strides=[1]>>, tile<i32> -> tile<128xi64>, token
    %r0 = itof %n signed rounding<zero> : tile<128xi64> -> tile<128xf32>
    %i0 = constant <i32: 0> : tile<i32>
    %s0 = store_view_tko weak %r0, %p_f32[%i0] : tile<128xf32>, partition_view<tile=(128), tensor_view<768xf32, strides=[1]>>, tile<i32> -> token
    %r1 = itof %n signed rounding<negative_inf> : tile<128xi64> -> tile<128xf32>
    %i1 = constant <i32: 1> : tile<i32>
    %s1 = store_view_tko weak %r1, %p_f32[%i1] : tile<128xf32>, partition_view<tile=(128), tensor_view<768xf32, strides=[1]>>, tile<i32> -> token
    %r2 = itof %n signed rounding<positive_inf> : tile<128xi64> -> tile<128xf32>
    %i2 = constant <i32: 2> : tile<i32>
    %s2 = store_view_tko weak %r2, %p_f32[%i2] : tile<128xf32>, partition_view<tile=(128), tensor_view<768xf32, strides=[1]>>, tile<i32> -> token
    %r3 = itof %n unsigned rounding<zero> : tile<128xi64> -> tile<128xf32>
    %i3 = constant <i32: 3> : tile<i32>
    %s3 = store_view_tko weak %r3, %p_f32[%i3] : tile<128xf32>, partition_view<tile=(128), tensor_view<768xf32, strides=[1]>>, tile<i32> -> token
    %r4 = itof %n unsigned rounding<negative_inf> : tile<128xi64> -> tile<128xf32>
    %i4 = constant <i32: 4> : tile<i32>
    %s4 = store_view_tko weak %r4, %p_f32[%i4] : tile<128xf32>, partition_view<tile=(128), tensor_view<768xf32, strides=[1]>>, tile<i32> -> token
    %r5 = itof %n unsigned rounding<positive_inf> : tile<128xi64> -> tile<128xf32>
    %i5 = constant <i32: 5> : tile<i32>
    %s5 = store_view_tko weak %r5, %p_f32[%i5] : tile<128xf32>, partition_view<tile=(128), tensor_view<768xf32, strides=[1]>>, tile<i32> -> token
    %r6 = itof %n signed rounding<zero> : tile<128xi64> -> tile<128xf64>
    %i6 = constant <i32: 0> : tile<i32>
    %s6 = store_view_tko weak %r6, %p_f64[%i6] : tile<128xf64>, partition_view<tile=(128), tensor_view<384xf64, strides=[1]>>, tile<i32> -> token
    %r7 = itof %n signed rounding<positive_inf> : tile<128xi64> -> tile<128xf64>
    %i7 = constant <i32: 1> : tile<i32>
    %s7 = store_view_tko weak %r7, %p_f64[%i7] : tile<128xf64>, partition_view<tile=(128), tensor_view<384xf64, strides=[1]>>, tile<i32> -> token
    %r8 = itof %n unsigned rounding<negative_inf> : tile<128xi64> -> tile<128xf64>
    %i8 = constant <i32: 2> : tile<i32>
    %s8 = store_view_tko weak %r8, %p_f64[%i8] : tile<128xf64>, partition_view<tile=(128), tensor_view<384xf64, strides=[1]>>, tile<i32> -> token
    %r9 = itof %n signed rounding<zero> : tile<128xi64> -> tile<128xf16>
    %i9 = constant <i32: 0> : tile<i32>
    %s9 = store_view_tko weak %r9, %p_f16[%i9] : tile<128xf16>, partition_view<tile=(128), tensor_view<512xf16, strides=[1]>>, tile<i32> -> token
    %r10 = itof %n signed rounding<negative_inf> : tile<128xi64> -> tile<128xf16>
    %i10 = constant <i32: 1> : tile<i32>
    %s10 = store_view_tko weak %r10, %p_f16[%i10] : tile<128xf16>, partition_view<tile=(128), tensor_view<512xf16, strides=[1]>>, tile<i32> -> token
    %r11 = itof %n signed rounding<positive_inf> : tile<128xi64> -> tile<128xf16>
    %i11 = constant <i32: 2> : tile<i32>
    %s11 = store_view_tko weak %r11, %p_f16[%i11] : tile<128xf16>, partition_view<tile=(128), tensor_view<512xf16, strides=[1]>>, tile<i32> -> token
    %r12 = itof %n unsigned rounding<positive_inf> : tile<128xi64> -> tile<128xf16>
    %i12 = constant <i32: 3> : tile<i32>
    %s12 = store_view_tko weak %r12, %p_f16[%i12] : tile<128xf16>, partition_view<tile=(128), tensor_view<512xf16, strides=[1]>>, tile<i32> -> token
    %r13 = itof %n signed rounding<zero> : tile<128xi64> -> tile<128xbf16>
    %i13 = constant <i32: 0> : tile<i32>
    %s13 = store_view_tko weak %r13, %p_bf16[%i13] : tile<128xbf16>, partition_view<tile=(128), tensor_view<384xbf16, strides=[1]>>, tile<i32> -> token
    %r14 = itof %n signed rounding<positive_inf> : tile<128xi64> -> tile<128xbf16>
    %i14 = constant <i32: 1> : tile<i32>
    %s14 = store_view_tko weak %r14, %p_bf16[%i14] : tile<128xbf16>, partition_view<tile=(128), tensor_view<384xbf16, strides=[1]>>, tile<i32> -> token
    %r15 = itof %n unsigned rounding<negative_inf> : tile<128xi64> -> tile<128xbf16>
    %i15 = constant <i32: 2> : tile<i32>
    %s15 = store_view_tko weak %r15, %p_bf16[%i15] : tile<128xbf16>, partition_view<tile=(128), tensor_view<384xbf16, strides=[1]>>, tile<i32> -> token
    return
  }
}
