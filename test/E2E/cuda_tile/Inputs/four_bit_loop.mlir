// 4-bit tiles as loop and if values: an i4 tile doubled (wrapping) n times,
// an f4E2M1FN tile loaded from q kept on the first iteration and doubled
// (through f32, saturating) on the others, stored back to q; p = exti of
// the i4 tile. One tile block.
cuda_tile.module @kernels {
  entry @four_bit_loop(%p: tile<ptr<i32>>, %q: tile<ptr<f4E2M1FN>>, %n: tile<i32>) {
    %tq = make_tensor_view %q, shape = [64], strides = [1] : tensor_view<64xf4E2M1FN, strides=[1]>
    %pq = make_partition_view %tq : partition_view<tile=(64), tensor_view<64xf4E2M1FN, strides=[1]>>
    %z = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %f, %t0 = load_view_tko weak %pq[%z] : partition_view<tile=(64), tensor_view<64xf4E2M1FN, strides=[1]>>, tile<i32> -> tile<64xf4E2M1FN>, token
    %i0 = constant <i4: 1> : tile<64xi4>
    %r:2 = for %k in (%z to %n, step %one) : tile<i32> iter_values(%a = %i0, %b = %f) -> (tile<64xi4>, tile<64xf4E2M1FN>) {
      %a2 = addi %a, %a : tile<64xi4>
      %c = cmpi less_than %k, %one, signed : tile<i32> -> tile<i1>
      %b2 = if %c -> (tile<64xf4E2M1FN>) {
        yield %b : tile<64xf4E2M1FN>
      } else {
        %x = ftof %b : tile<64xf4E2M1FN> -> tile<64xf32>
        %y = addf %x, %x : tile<64xf32>
        %z2 = ftof %y : tile<64xf32> -> tile<64xf4E2M1FN>
        yield %z2 : tile<64xf4E2M1FN>
      }
      continue %a2, %b2 : tile<64xi4>, tile<64xf4E2M1FN>
    }
    %t1 = store_view_tko weak %r#1, %pq[%z] : tile<64xf4E2M1FN>, partition_view<tile=(64), tensor_view<64xf4E2M1FN, strides=[1]>>, tile<i32> -> token
    %e = exti %r#0 signed : tile<64xi4> -> tile<64xi32>
    %tp = make_tensor_view %p, shape = [64], strides = [1] : tensor_view<64xi32, strides=[1]>
    %pp = make_partition_view %tp : partition_view<tile=(64), tensor_view<64xi32, strides=[1]>>
    %t2 = store_view_tko weak %e, %pp[%z] : tile<64xi32>, partition_view<tile=(64), tensor_view<64xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
