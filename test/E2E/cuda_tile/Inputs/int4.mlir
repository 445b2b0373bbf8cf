// i4 tiles: q and r hold 2n int4 values packed two a byte (element 2j in
// the low nibble). Each tile block unpacks 256 values a = unpack(q) and
// b = unpack(r) and writes, as i32 rows of w (8 x 2n, row k at k * 2n):
//   0: exti signed a     1: exti unsigned a   2: a + b (i4, wrapping)
//   3: a * b             4: shri a, 1 unsigned  5: maxi a, b signed
//   6: mini a, b unsigned  7: a < b unsigned ? a : b
// f = itof signed a * 0.5 and g = itof unsigned a (f32), and s = the bytes
// of pack(trunci(exti signed a + 9)).
cuda_tile.module @kernels {
  entry @int4(%q: tile<ptr<i8>>, %r: tile<ptr<i8>>, %w: tile<ptr<i32>>,
              %f: tile<ptr<f32>>, %g: tile<ptr<f32>>, %s: tile<ptr<i8>>,
              %n: tile<i32>) {
    %bid, %by, %bz = get_tile_block_id : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %n2 = muli %n, %c2 : tile<i32>
    %tq = make_tensor_view %q, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi8, strides=[1]>
    %tr = make_tensor_view %r, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi8, strides=[1]>
    %ts = make_tensor_view %s, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi8, strides=[1]>
    %tw = make_tensor_view %w, shape = [8, %n2], strides = [%n2, 1] : tile<i32> -> tensor_view<8x?xi32, strides=[?,1]>
    %tf = make_tensor_view %f, shape = [%n2], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %tg = make_tensor_view %g, shape = [%n2], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pq = make_partition_view %tq : partition_view<tile=(128), padding_value = zero, tensor_view<?xi8, strides=[1]>>
    %pr = make_partition_view %tr : partition_view<tile=(128), padding_value = zero, tensor_view<?xi8, strides=[1]>>
    %ps = make_partition_view %ts : partition_view<tile=(128), tensor_view<?xi8, strides=[1]>>
    %pw = make_partition_view %tw : partition_view<tile=(1x256), tensor_view<8x?xi32, strides=[?,1]>>
    %pf = make_partition_view %tf : partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>
    %pg = make_partition_view %tg : partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>
    %bq, %t0 = load_view_tko weak %pq[%bid] : partition_view<tile=(128), padding_value = zero, tensor_view<?xi8, strides=[1]>>, tile<i32> -> tile<128xi8>, token
    %br, %t1 = load_view_tko weak %pr[%bid] : partition_view<tile=(128), padding_value = zero, tensor_view<?xi8, strides=[1]>>, tile<i32> -> tile<128xi8>, token
    %a = unpack %bq : tile<128xi8> -> tile<256xi4>
    %b = unpack %br : tile<128xi8> -> tile<256xi4>
    %sa = exti %a signed : tile<256xi4> -> tile<256xi32>
    %ua = exti %a unsigned : tile<256xi4> -> tile<256xi32>
    %add = addi %a, %b : tile<256xi4>
    %mul = muli %a, %b : tile<256xi4>
    %c1 = constant <i4: 1> : tile<256xi4>
    %shr = shri %a, %c1 unsigned : tile<256xi4>
    %max = maxi %a, %b signed : tile<256xi4>
    %min = mini %a, %b unsigned : tile<256xi4>
    %lt = cmpi less_than %a, %b, unsigned : tile<256xi4> -> tile<256xi1>
    %sel = select %lt, %a, %b : tile<256xi1>, tile<256xi4>
    %i0 = constant <i32: 0> : tile<i32>
    %i1 = constant <i32: 1> : tile<i32>
    %i2 = constant <i32: 2> : tile<i32>
    %i3 = constant <i32: 3> : tile<i32>
    %i4 = constant <i32: 4> : tile<i32>
    %i5 = constant <i32: 5> : tile<i32>
    %i6 = constant <i32: 6> : tile<i32>
    %i7 = constant <i32: 7> : tile<i32>
    %r0 = reshape %sa : tile<256xi32> -> tile<1x256xi32>
    %r1 = reshape %ua : tile<256xi32> -> tile<1x256xi32>
    %e2 = exti %add signed : tile<256xi4> -> tile<256xi32>
    %r2 = reshape %e2 : tile<256xi32> -> tile<1x256xi32>
    %e3 = exti %mul signed : tile<256xi4> -> tile<256xi32>
    %r3 = reshape %e3 : tile<256xi32> -> tile<1x256xi32>
    %e4 = exti %shr signed : tile<256xi4> -> tile<256xi32>
    %r4 = reshape %e4 : tile<256xi32> -> tile<1x256xi32>
    %e5 = exti %max signed : tile<256xi4> -> tile<256xi32>
    %r5 = reshape %e5 : tile<256xi32> -> tile<1x256xi32>
    %e6 = exti %min signed : tile<256xi4> -> tile<256xi32>
    %r6 = reshape %e6 : tile<256xi32> -> tile<1x256xi32>
    %e7 = exti %sel signed : tile<256xi4> -> tile<256xi32>
    %r7 = reshape %e7 : tile<256xi32> -> tile<1x256xi32>
    %w0 = store_view_tko weak %r0, %pw[%i0, %bid] : tile<1x256xi32>, partition_view<tile=(1x256), tensor_view<8x?xi32, strides=[?,1]>>, tile<i32> -> token
    %w1 = store_view_tko weak %r1, %pw[%i1, %bid] : tile<1x256xi32>, partition_view<tile=(1x256), tensor_view<8x?xi32, strides=[?,1]>>, tile<i32> -> token
    %w2 = store_view_tko weak %r2, %pw[%i2, %bid] : tile<1x256xi32>, partition_view<tile=(1x256), tensor_view<8x?xi32, strides=[?,1]>>, tile<i32> -> token
    %w3 = store_view_tko weak %r3, %pw[%i3, %bid] : tile<1x256xi32>, partition_view<tile=(1x256), tensor_view<8x?xi32, strides=[?,1]>>, tile<i32> -> token
    %w4 = store_view_tko weak %r4, %pw[%i4, %bid] : tile<1x256xi32>, partition_view<tile=(1x256), tensor_view<8x?xi32, strides=[?,1]>>, tile<i32> -> token
    %w5 = store_view_tko weak %r5, %pw[%i5, %bid] : tile<1x256xi32>, partition_view<tile=(1x256), tensor_view<8x?xi32, strides=[?,1]>>, tile<i32> -> token
    %w6 = store_view_tko weak %r6, %pw[%i6, %bid] : tile<1x256xi32>, partition_view<tile=(1x256), tensor_view<8x?xi32, strides=[?,1]>>, tile<i32> -> token
    %w7 = store_view_tko weak %r7, %pw[%i7, %bid] : tile<1x256xi32>, partition_view<tile=(1x256), tensor_view<8x?xi32, strides=[?,1]>>, tile<i32> -> token
    %fa = itof %a signed : tile<256xi4> -> tile<256xf32>
    %half = constant <f32: 0.5> : tile<256xf32>
    %fh = mulf %fa, %half : tile<256xf32>
    %w8 = store_view_tko weak %fh, %pf[%bid] : tile<256xf32>, partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    %ga = itof %a unsigned : tile<256xi4> -> tile<256xf32>
    %w9 = store_view_tko weak %ga, %pg[%bid] : tile<256xf32>, partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    %c9 = constant <i32: 9> : tile<256xi32>
    %p9 = addi %sa, %c9 : tile<256xi32>
    %t9 = trunci %p9 : tile<256xi32> -> tile<256xi4>
    %packed = pack %t9 : tile<256xi4> -> tile<128xi8>
    %w10 = store_view_tko weak %packed, %ps[%bid] : tile<128xi8>, partition_view<tile=(128), tensor_view<?xi8, strides=[1]>>, tile<i32> -> token
    return
  }
}
