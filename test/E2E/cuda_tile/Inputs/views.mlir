// Views as values. `out` is a tensor_view kernel parameter: the launcher
// passes its base pointer, extent and stride (both i64, the dynamic parts)
// as three parameters. A `for` carries two partition views that swap each
// iteration, an `if` picks the output view, a `loop` breaks with a view:
//   dst[i] = 3 a[i] + 2 b[i] for i < n, dst = out (stride s) if flag != 0,
//   else alt (stride 1). Launch ceil(n / 128) tile blocks.
cuda_tile.module @kernels {
  entry @views(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>,
               %out: tensor_view<?xf32, strides=[?]>, %alt: tile<ptr<f32>>,
               %n: tile<i32>, %flag: tile<i32>) {
    %ta = make_tensor_view %a, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %tb = make_tensor_view %b, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pa = make_partition_view %ta : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
    %pb = make_partition_view %tb : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %zero = constant <f32: 0.0> : tile<128xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c3 = constant <i32: 3> : tile<i32>
    // a + b + a; afterwards %p = pb, %q = pa.
    %acc, %p, %q = for %i in (%c0 to %c3, step %c1) : tile<i32> iter_values(%s = %zero, %u = %pa, %v = %pb) -> (tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>) {
      %x, %t0 = load_view_tko weak %u[%bx] : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
      %s2 = addf %s, %x : tile<128xf32>
      continue %s2, %v, %u : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
    }
    %y, %t1 = load_view_tko weak %p[%bx] : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %acc2 = addf %acc, %y : tile<128xf32>
    // A loop whose break value is a view (pa, after two iterations).
    %w = loop iter_values(%k = %c0) : tile<i32> -> partition_view<tile=(128), tensor_view<?xf32, strides=[1]>> {
      %done = cmpi greater_than_or_equal %k, %c1, signed : tile<i32> -> tile<i1>
      if %done {
        break %q : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
      }
      %k1 = addi %k, %c1 : tile<i32>
      continue %k1 : tile<i32>
    }
    %z, %t2 = load_view_tko weak %w[%bx] : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %acc3 = addf %acc2, %z : tile<128xf32>
    %talt = make_tensor_view %alt, shape = [%n], strides = [%c1] : tile<i32> -> tensor_view<?xf32, strides=[?]>
    %po = make_partition_view %out : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>
    %palt = make_partition_view %talt : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>
    %cond = cmpi not_equal %flag, %c0, signed : tile<i32> -> tile<i1>
    %dst = if %cond -> (partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>) {
      yield %po : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>
    } else {
      yield %palt : partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>
    }
    %t3 = store_view_tko weak %acc3, %dst[%bx] : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[?]>>, tile<i32> -> token
    return
  }
}
