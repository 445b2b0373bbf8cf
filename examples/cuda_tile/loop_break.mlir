// Early exits in cuda_tile: `loop` with `continue` and `break` inside `if`.
//
// Each tile block takes 128 elements x of an f32 vector (the tail of the
// last block reads 0) and runs
//
//   acc = 0, i = 0
//   loop:
//     i += 1
//     if i % 3 == 0: continue                        (skip multiples of 3)
//     acc = fma(x, i, acc)
//     if max |acc| > limit: break (acc, i)           (in an if with a result)
//     if i >= 20: break (acc, i)
//
// then stores y = acc (masked) and count[block] = i. The loop carries a
// scalar and a tile and breaks with them in the other order; the exit
// decisions are per tile block, so blocks leave the loop at different
// iterations. Launch ceil(n / 128) tile blocks along x.
//
//   tileiras --gpu-name sm_90a examples/cuda_tile/loop_break.mlir -o loop_break.ptx

cuda_tile.module @kernels {
  entry @loop_break(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>,
                    %count: tile<ptr<i32>>, %n: tile<i32>, %limit: tile<f32>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c128 = constant <i32: 128> : tile<i32>
    %base = muli %bx, %c128 : tile<i32>
    %base1 = reshape %base : tile<i32> -> tile<1xi32>
    %baseb = broadcast %base1 : tile<1xi32> -> tile<128xi32>
    %r = iota : tile<128xi32>
    %idx = addi %baseb, %r : tile<128xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<128xi32>
    %mask = cmpi less_than %idx, %nb, signed : tile<128xi32> -> tile<128xi1>
    %x1 = reshape %x : tile<ptr<f32>> -> tile<1xptr<f32>>
    %xb = broadcast %x1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %xp = offset %xb, %idx : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %zero = constant <f32: 0.0> : tile<128xf32>
    %xv, %t0 = load_ptr_tko weak %xp, %mask, %zero : tile<128xptr<f32>>, tile<128xi1>, tile<128xf32> -> tile<128xf32>, token
    %i0 = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %three = constant <i32: 3> : tile<i32>
    %twenty = constant <i32: 20> : tile<i32>
    %acc, %last = loop iter_values(%i = %i0, %a = %zero) : tile<i32>, tile<128xf32> -> tile<128xf32>, tile<i32> {
      %i1 = addi %i, %one : tile<i32>
      %rem = remi %i1, %three signed : tile<i32>
      %skip = cmpi equal %rem, %i0, signed : tile<i32> -> tile<i1>
      if %skip {
        continue %i1, %a : tile<i32>, tile<128xf32>
      }
      %fi = itof %i1 signed : tile<i32> -> tile<f32>
      %fi1 = reshape %fi : tile<f32> -> tile<1xf32>
      %fib = broadcast %fi1 : tile<1xf32> -> tile<128xf32>
      %a1 = fma %xv, %fib, %a : tile<128xf32>
      %abs = absf %a1 : tile<128xf32>
      %m = reduce %abs dim=0 identities=[0.000000e+00 : f32] : tile<128xf32> -> tile<f32> (%e: tile<f32>, %acc0: tile<f32>) {
        %mx = maxf %e, %acc0 : tile<f32>
        yield %mx : tile<f32>
      }
      %big = cmpf greater_than ordered %m, %limit : tile<f32> -> tile<i1>
      %stop = if %big -> (tile<i1>) {
        break %a1, %i1 : tile<128xf32>, tile<i32>
      } else {
        %end = cmpi greater_than_or_equal %i1, %twenty, signed : tile<i32> -> tile<i1>
        yield %end : tile<i1>
      }
      if %stop {
        break %a1, %i1 : tile<128xf32>, tile<i32>
      }
      continue %i1, %a1 : tile<i32>, tile<128xf32>
    }
    %y1 = reshape %y : tile<ptr<f32>> -> tile<1xptr<f32>>
    %yb = broadcast %y1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %yp = offset %yb, %idx : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %t1 = store_ptr_tko weak %yp, %acc, %mask : tile<128xptr<f32>>, tile<128xf32>, tile<128xi1> -> token
    %cp = offset %count, %bx : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
    %t2 = store_ptr_tko weak %cp, %last : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
