// i4 tiles in reductions, scans and the remaining integer conversions: a
// = unpack(q) as 4 rows of 64 (q: 128 bytes), b = unpack(r) likewise.
// Outputs (i32, exti signed of the i4 results):
//   s[4]     = wrapping i4 sum of each row of a (reduce, dim 1)
//   c[4x64]  = running signed maximum of a along each row (scan)
//   h[4x64]  = mulhii(a, b): the high nibble of the unsigned nibble product
//   g[4x64]  = ftoi signed of x (f32, 4 x 64, values in [-8, 8)) to i4
//   u[4x64]  = ftoi unsigned of 2|x| to i4 (values in [0, 16)), read back
//              signed (8..15 are -8..-1)
//   k[4]     = argmax of each row of a (the first index of its signed
//              maximum): a reduce of an i4 and an i32 operand together
cuda_tile.module @kernels {
  entry @int4_reduce(%q: tile<ptr<i8>>, %r: tile<ptr<i8>>, %x: tile<ptr<f32>>,
                     %s: tile<ptr<i32>>, %c: tile<ptr<i32>>, %h: tile<ptr<i32>>,
                     %g: tile<ptr<i32>>, %u: tile<ptr<i32>>,
                     %k: tile<ptr<i32>>) {
    %tq = make_tensor_view %q, shape = [128], strides = [1] : tensor_view<128xi8, strides=[1]>
    %tr = make_tensor_view %r, shape = [128], strides = [1] : tensor_view<128xi8, strides=[1]>
    %tx = make_tensor_view %x, shape = [4, 64], strides = [64, 1] : tensor_view<4x64xf32, strides=[64,1]>
    %ts = make_tensor_view %s, shape = [4], strides = [1] : tensor_view<4xi32, strides=[1]>
    %tc = make_tensor_view %c, shape = [4, 64], strides = [64, 1] : tensor_view<4x64xi32, strides=[64,1]>
    %th = make_tensor_view %h, shape = [4, 64], strides = [64, 1] : tensor_view<4x64xi32, strides=[64,1]>
    %tg = make_tensor_view %g, shape = [4, 64], strides = [64, 1] : tensor_view<4x64xi32, strides=[64,1]>
    %tu = make_tensor_view %u, shape = [4, 64], strides = [64, 1] : tensor_view<4x64xi32, strides=[64,1]>
    %pq = make_partition_view %tq : partition_view<tile=(128), tensor_view<128xi8, strides=[1]>>
    %pr = make_partition_view %tr : partition_view<tile=(128), tensor_view<128xi8, strides=[1]>>
    %px = make_partition_view %tx : partition_view<tile=(4x64), tensor_view<4x64xf32, strides=[64,1]>>
    %ps = make_partition_view %ts : partition_view<tile=(4), tensor_view<4xi32, strides=[1]>>
    %pc = make_partition_view %tc : partition_view<tile=(4x64), tensor_view<4x64xi32, strides=[64,1]>>
    %ph = make_partition_view %th : partition_view<tile=(4x64), tensor_view<4x64xi32, strides=[64,1]>>
    %pg = make_partition_view %tg : partition_view<tile=(4x64), tensor_view<4x64xi32, strides=[64,1]>>
    %tk = make_tensor_view %k, shape = [4], strides = [1] : tensor_view<4xi32, strides=[1]>
    %pk = make_partition_view %tk : partition_view<tile=(4), tensor_view<4xi32, strides=[1]>>
    %pu = make_partition_view %tu : partition_view<tile=(4x64), tensor_view<4x64xi32, strides=[64,1]>>
    %z = constant <i32: 0> : tile<i32>
    %bq, %t0 = load_view_tko weak %pq[%z] : partition_view<tile=(128), tensor_view<128xi8, strides=[1]>>, tile<i32> -> tile<128xi8>, token
    %br, %t1 = load_view_tko weak %pr[%z] : partition_view<tile=(128), tensor_view<128xi8, strides=[1]>>, tile<i32> -> tile<128xi8>, token
    %vx, %t2 = load_view_tko weak %px[%z, %z] : partition_view<tile=(4x64), tensor_view<4x64xf32, strides=[64,1]>>, tile<i32> -> tile<4x64xf32>, token
    %ua = unpack %bq : tile<128xi8> -> tile<256xi4>
    %ub = unpack %br : tile<128xi8> -> tile<256xi4>
    %a = reshape %ua : tile<256xi4> -> tile<4x64xi4>
    %b = reshape %ub : tile<256xi4> -> tile<4x64xi4>
    %sum = reduce %a dim=1 identities=[0 : i4] : tile<4x64xi4> -> tile<4xi4> (%e: tile<i4>, %acc: tile<i4>) {
      %n = addi %e, %acc : tile<i4>
      yield %n : tile<i4>
    }
    %run = scan %a dim=1 reverse=false identities=[-8 : i4] : tile<4x64xi4> -> tile<4x64xi4> (%e: tile<i4>, %acc: tile<i4>) {
      %n = maxi %e, %acc signed : tile<i4>
      yield %n : tile<i4>
    }
    %ri = iota : tile<64xi32>
    %r1 = reshape %ri : tile<64xi32> -> tile<1x64xi32>
    %idx = broadcast %r1 : tile<1x64xi32> -> tile<4x64xi32>
    %mx, %at = reduce %a, %idx dim=1 identities=[-8 : i4, 0 : i32] : tile<4x64xi4>, tile<4x64xi32> -> tile<4xi4>, tile<4xi32> (%xv: tile<i4>, %xa: tile<i4>, %iv: tile<i32>, %ia: tile<i32>) {
      %gt = cmpi greater_than %xv, %xa, signed : tile<i4> -> tile<i1>
      %eq = cmpi equal %xv, %xa, signed : tile<i4> -> tile<i1>
      %lt = cmpi less_than %iv, %ia, signed : tile<i32> -> tile<i1>
      %tie = andi %eq, %lt : tile<i1>
      %take = ori %gt, %tie : tile<i1>
      %bv = select %take, %xv, %xa : tile<i1>, tile<i4>
      %bi = select %take, %iv, %ia : tile<i1>, tile<i32>
      yield %bv, %bi : tile<i4>, tile<i32>
    }
    %hi = mulhii %a, %b : tile<4x64xi4>
    %fi = ftoi %vx signed : tile<4x64xf32> -> tile<4x64xi4>
    %ax = absf %vx : tile<4x64xf32>
    %two = constant <f32: 2.0> : tile<4x64xf32>
    %ax2 = mulf %ax, %two : tile<4x64xf32>
    %fu = ftoi %ax2 unsigned : tile<4x64xf32> -> tile<4x64xi4>
    %sum32 = exti %sum signed : tile<4xi4> -> tile<4xi32>
    %run32 = exti %run signed : tile<4x64xi4> -> tile<4x64xi32>
    %hi32 = exti %hi signed : tile<4x64xi4> -> tile<4x64xi32>
    %fi32 = exti %fi signed : tile<4x64xi4> -> tile<4x64xi32>
    %fu32 = exti %fu signed : tile<4x64xi4> -> tile<4x64xi32>
    %t3 = store_view_tko weak %sum32, %ps[%z] : tile<4xi32>, partition_view<tile=(4), tensor_view<4xi32, strides=[1]>>, tile<i32> -> token
    %t4 = store_view_tko weak %run32, %pc[%z, %z] : tile<4x64xi32>, partition_view<tile=(4x64), tensor_view<4x64xi32, strides=[64,1]>>, tile<i32> -> token
    %t5 = store_view_tko weak %hi32, %ph[%z, %z] : tile<4x64xi32>, partition_view<tile=(4x64), tensor_view<4x64xi32, strides=[64,1]>>, tile<i32> -> token
    %t6 = store_view_tko weak %fi32, %pg[%z, %z] : tile<4x64xi32>, partition_view<tile=(4x64), tensor_view<4x64xi32, strides=[64,1]>>, tile<i32> -> token
    %t7 = store_view_tko weak %fu32, %pu[%z, %z] : tile<4x64xi32>, partition_view<tile=(4x64), tensor_view<4x64xi32, strides=[64,1]>>, tile<i32> -> token
    %t8 = store_view_tko weak %at, %pk[%z] : tile<4xi32>, partition_view<tile=(4), tensor_view<4xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
