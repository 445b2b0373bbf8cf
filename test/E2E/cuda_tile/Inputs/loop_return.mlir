// `return` inside loops: a `loop` whose body runs a `for` of 4 steps; a
// step whose accumulator exceeds `limit` in magnitude stores it, records
// the step in count[b] and leaves the kernel from inside both loops. After
// 5 rounds (20 steps) the loop breaks with the accumulator, which is
// stored with count[b] = -1. Tile block b works on x[128 b .. 128 b + 127]:
//   acc_t = fma(x, t, acc_{t-1}), t = 0, 1, ..., acc_{-1} = 0.
// Launch ceil(n / 128) tile blocks.
cuda_tile.module @kernels {
  entry @loop_return(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>,
                     %count: tile<ptr<i32>>, %n: tile<i32>,
                     %limit: tile<f32>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tx = make_tensor_view %x, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %ty = make_tensor_view %y, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %px = make_partition_view %tx : partition_view<tile=(128), padding_value = zero, tensor_view<?xf32, strides=[1]>>
    %py = make_partition_view %ty : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
    %xs, %t0 = load_view_tko weak %px[%bx] : partition_view<tile=(128), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %pc = offset %count, %bx : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %c5 = constant <i32: 5> : tile<i32>
    %zeros = constant <f32: 0.0> : tile<128xf32>
    %final = loop iter_values(%j = %c0, %acc = %zeros) : tile<i32>, tile<128xf32> -> tile<128xf32> {
      %next = for %i in (%c0 to %c4, step %c1) : tile<i32> iter_values(%a = %acc) -> (tile<128xf32>) {
        %j4 = muli %j, %c4 : tile<i32>
        %t = addi %j4, %i : tile<i32>
        %tf = itof %t signed : tile<i32> -> tile<f32>
        %tr = reshape %tf : tile<f32> -> tile<1xf32>
        %tb = broadcast %tr : tile<1xf32> -> tile<128xf32>
        %a2 = fma %xs, %tb, %a : tile<128xf32>
        %mag = absf %a2 : tile<128xf32>
        %m = reduce %mag dim=0 identities=[0.000000e+00 : f32] : tile<128xf32> -> tile<f32> (%e: tile<f32>, %r: tile<f32>) {
          %mx = maxf %e, %r : tile<f32>
          yield %mx : tile<f32>
        }
        %over = cmpf greater_than ordered %m, %limit : tile<f32> -> tile<i1>
        if %over {
          %t1 = store_view_tko weak %a2, %py[%bx] : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
          %t2 = store_ptr_tko weak %pc, %t : tile<ptr<i32>>, tile<i32> -> token
          return
        }
        continue %a2 : tile<128xf32>
      }
      %j1 = addi %j, %c1 : tile<i32>
      %done = cmpi greater_than_or_equal %j1, %c5, signed : tile<i32> -> tile<i1>
      if %done {
        break %next : tile<128xf32>
      }
      continue %j1, %next : tile<i32>, tile<128xf32>
    }
    %t3 = store_view_tko weak %final, %py[%bx] : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    %minus1 = constant <i32: -1> : tile<i32>
    %t4 = store_ptr_tko weak %pc, %minus1 : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
