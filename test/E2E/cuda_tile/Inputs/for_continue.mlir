// `for` with `continue` inside `if`: y[c] = sum of x[j * ld + c] over the
// even rows j in [0, k) (odd rows skip to the next iteration), for the n
// columns; 128 columns per tile block. Launch ceil(n / 128) tile blocks.
cuda_tile.module @kernels {
  entry @for_continue(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %n: tile<i32>,
                      %k: tile<i32>, %ld: tile<i32>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c128 = constant <i32: 128> : tile<i32>
    %base = muli %bx, %c128 : tile<i32>
    %base1 = reshape %base : tile<i32> -> tile<1xi32>
    %baseb = broadcast %base1 : tile<1xi32> -> tile<128xi32>
    %r = iota : tile<128xi32>
    %col = addi %baseb, %r : tile<128xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nb = broadcast %n1 : tile<1xi32> -> tile<128xi32>
    %mask = cmpi less_than %col, %nb, signed : tile<128xi32> -> tile<128xi1>
    %x1 = reshape %x : tile<ptr<f32>> -> tile<1xptr<f32>>
    %xb = broadcast %x1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %zero = constant <f32: 0.0> : tile<128xf32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %sum = for %j in (%c0 to %k, step %c1) : tile<i32> iter_values(%acc = %zero) -> (tile<128xf32>) {
      %low = andi %j, %c1 : tile<i32>
      %odd = cmpi equal %low, %c1, signed : tile<i32> -> tile<i1>
      if %odd {
        continue %acc : tile<128xf32>
      }
      %row = muli %j, %ld : tile<i32>
      %row1 = reshape %row : tile<i32> -> tile<1xi32>
      %rowb = broadcast %row1 : tile<1xi32> -> tile<128xi32>
      %off = addi %rowb, %col : tile<128xi32>
      %p = offset %xb, %off : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
      %v, %t = load_ptr_tko weak %p, %mask, %zero : tile<128xptr<f32>>, tile<128xi1>, tile<128xf32> -> tile<128xf32>, token
      %acc1 = addf %acc, %v : tile<128xf32>
      continue %acc1 : tile<128xf32>
    }
    %y1 = reshape %y : tile<ptr<f32>> -> tile<1xptr<f32>>
    %yb = broadcast %y1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %yp = offset %yb, %col : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %t1 = store_ptr_tko weak %yp, %sum, %mask : tile<128xptr<f32>>, tile<128xf32>, tile<128xi1> -> token
    return
  }
}
