// Pointer casts and a masked compare-and-swap. For r in [0, 128):
//   y[r] = the bits of x[r], read through ptr_to_ptr (f32 -> i32);
//   z[r] = x[127 - r], read through int_to_ptr(ptr_to_int(x) + 4 (127 - r));
//   for r < m: old = CAS(c[r], r % 3, r + 1); masked lanes (r >= m) leave
//   c[r] alone and give their compare value r % 3; o[r] = old.
// One tile block.
cuda_tile.module @kernels {
  entry @casts(%x: tile<ptr<f32>>, %y: tile<ptr<i32>>, %z: tile<ptr<f32>>,
               %c: tile<ptr<i32>>, %o: tile<ptr<i32>>, %m: tile<i32>) {
    %r = iota : tile<128xi32>
    %x1 = reshape %x : tile<ptr<f32>> -> tile<1xptr<f32>>
    %xb = broadcast %x1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %xp = offset %xb, %r : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %xi = ptr_to_ptr %xp : tile<128xptr<f32>> -> tile<128xptr<i32>>
    %bits, %t0 = load_ptr_tko weak %xi : tile<128xptr<i32>> -> tile<128xi32>, token
    %y1 = reshape %y : tile<ptr<i32>> -> tile<1xptr<i32>>
    %yb = broadcast %y1 : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %yp = offset %yb, %r : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>
    %t1 = store_ptr_tko weak %yp, %bits : tile<128xptr<i32>>, tile<128xi32> -> token

    %base = ptr_to_int %x : tile<ptr<f32>> -> tile<i64>
    %base1 = reshape %base : tile<i64> -> tile<1xi64>
    %baseb = broadcast %base1 : tile<1xi64> -> tile<128xi64>
    %c127 = constant <i32: 127> : tile<128xi32>
    %rev = subi %c127, %r : tile<128xi32>
    %rev64 = exti %rev unsigned : tile<128xi32> -> tile<128xi64>
    %c4 = constant <i64: 4> : tile<128xi64>
    %bytes = muli %rev64, %c4 : tile<128xi64>
    %addr = addi %baseb, %bytes : tile<128xi64>
    %zp0 = int_to_ptr %addr : tile<128xi64> -> tile<128xptr<f32>>
    %v, %t2 = load_ptr_tko weak %zp0 : tile<128xptr<f32>> -> tile<128xf32>, token
    %z1 = reshape %z : tile<ptr<f32>> -> tile<1xptr<f32>>
    %zb = broadcast %z1 : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %zp = offset %zb, %r : tile<128xptr<f32>>, tile<128xi32> -> tile<128xptr<f32>>
    %t3 = store_ptr_tko weak %zp, %v : tile<128xptr<f32>>, tile<128xf32> -> token

    %c1 = reshape %c : tile<ptr<i32>> -> tile<1xptr<i32>>
    %cb = broadcast %c1 : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %cp = offset %cb, %r : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>
    %m1 = reshape %m : tile<i32> -> tile<1xi32>
    %mb = broadcast %m1 : tile<1xi32> -> tile<128xi32>
    %mask = cmpi less_than %r, %mb, signed : tile<128xi32> -> tile<128xi1>
    %three = constant <i32: 3> : tile<128xi32>
    %cmp = remi %r, %three unsigned : tile<128xi32>
    %one = constant <i32: 1> : tile<128xi32>
    %new = addi %r, %one : tile<128xi32>
    %old, %t4 = atomic_cas_tko relaxed device %cp, %cmp, %new, %mask : tile<128xptr<i32>>, tile<128xi32>, tile<128xi1> -> tile<128xi32>, token
    %o1 = reshape %o : tile<ptr<i32>> -> tile<1xptr<i32>>
    %ob = broadcast %o1 : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %op = offset %ob, %r : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>
    %t5 = store_ptr_tko weak %op, %old : tile<128xptr<i32>>, tile<128xi32> -> token
    return
  }
}
