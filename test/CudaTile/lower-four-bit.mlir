// 4-bit tiles are i8 tiles, one element a byte (FourBitTiles.cpp): i4
// sign-extended, f4E2M1FN codes zero-extended.
// RUN: tileiras-opt %s --convert-cuda-tile-to-tileaa -split-input-file | FileCheck %s

// Constants: i4 values sign-extended (-8 is 0xF8), f4E2M1FN codes (-6.0 is
// 15, 0.5 is 1); unpack splits bytes into low and high nibbles, interleaved
// (expand_dims + cat + view), then sign-extends (shl 4, ashr 4).
// CHECK-LABEL: nv_tileaa.func @consts
// CHECK-DAG: arith.constant dense<[-8, 7, -1, 0]> : tensor<4xi8>
// CHECK-DAG: arith.constant dense<[15, 1]> : tensor<2xi8>
// CHECK: %[[LO:.*]] = arith.andi %[[B:.*]], %{{.*}} : tensor<2xi8>
// CHECK: %[[LO1:.*]] = nv_tileaa.expand_dims %[[LO]] {axis = 1 : i32} : tensor<2xi8> -> tensor<2x1xi8>
// CHECK: %[[HI:.*]] = arith.shrui %[[B]], %{{.*}} : tensor<2xi8>
// CHECK: %[[HI1:.*]] = nv_tileaa.expand_dims %[[HI]] {axis = 1 : i32}
// CHECK: %[[J:.*]] = nv_tileaa.cat %[[LO1]], %[[HI1]] {axis = 1 : i32} : tensor<2x1xi8>, tensor<2x1xi8> -> tensor<2x2xi8>
// CHECK: %[[V:.*]] = nv_tileaa.view %[[J]] : tensor<2x2xi8> -> tensor<4xi8>
// CHECK: %[[S:.*]] = arith.shli %[[V]], %[[FOUR:.*]] : tensor<4xi8>
// CHECK: %[[U:.*]] = arith.shrsi %[[S]], %[[FOUR]] : tensor<4xi8>
// i4 addition wraps: the i8 sum sign-extended from bit 3.
// CHECK: %[[SUM:.*]] = arith.addi %{{.*}}, %[[U]] : tensor<4xi8>
// CHECK: %[[SUM1:.*]] = arith.shli %[[SUM]], %[[F2:.*]] : tensor<4xi8>
// CHECK: %[[W:.*]] = arith.shrsi %[[SUM1]], %[[F2]] : tensor<4xi8>
// exti signed extends the byte; unsigned masks the nibble first.
// CHECK: arith.extsi %[[W]] : tensor<4xi8> to tensor<4xi32>
// CHECK: %[[M:.*]] = arith.andi %[[W]], %{{.*}} : tensor<4xi8>
// CHECK: arith.extui %[[M]] : tensor<4xi8> to tensor<4xi32>
// pack: elements 2j and 2j + 1 (extract_slice of the pairs) into one byte.
// CHECK: %[[P:.*]] = nv_tileaa.view %{{.*}} : tensor<2xi8> -> tensor<1x2xi8>
// CHECK: nv_tileaa.extract_slice %[[P]] {offsets = array<i64: 0, 0>} : tensor<1x2xi8> -> tensor<1x1xi8>
// CHECK: nv_tileaa.extract_slice %[[P]] {offsets = array<i64: 0, 1>} : tensor<1x2xi8> -> tensor<1x1xi8>
// CHECK: arith.shli
// CHECK: arith.ori %{{.*}}, %{{.*}} : tensor<1xi8>
cuda_tile.module @m {
  entry @consts(%p: tile<ptr<i8>>) {
    %a = constant <i4: [-8, 7, -1, 0]> : tile<4xi4>
    %f = constant <f4E2M1FN: [-6.0, 0.5]> : tile<2xf4E2M1FN>
    %b = constant <i8: [18, 52]> : tile<2xi8>
    %u = unpack %b : tile<2xi8> -> tile<4xi4>
    %s = addi %a, %u : tile<4xi4>
    %e = exti %s signed : tile<4xi4> -> tile<4xi32>
    %e2 = exti %s unsigned : tile<4xi4> -> tile<4xi32>
    %g = pack %f : tile<2xf4E2M1FN> -> tile<1xi8>
    return
  }
}

// -----

// An i4 kernel parameter is a byte holding the value in its low nibble:
// sign-extended on entry. bitcast to f4E2M1FN keeps the nibble only, and
// back sign-extends it again.
// CHECK-LABEL: nv_tileaa.func @param(%arg0: i8)
// CHECK: %[[S:.*]] = arith.shli %arg0, %[[FOUR:.*]] : i8
// CHECK: %[[V:.*]] = arith.shrsi %[[S]], %[[FOUR]] : i8
// CHECK: %[[T1:.*]] = nv_tileaa.splat %[[V]] : i8 -> tensor<1xi8>
// CHECK: %[[T:.*]] = nv_tileaa.broadcast %[[T1]] : tensor<1xi8> -> tensor<2xi8>
// CHECK: %[[F:.*]] = arith.andi %[[T]], %{{.*}} : tensor<2xi8>
// CHECK: %[[S2:.*]] = arith.shli %[[F]], %[[FOUR2:.*]] : tensor<2xi8>
// CHECK: arith.shrsi %[[S2]], %[[FOUR2]] : tensor<2xi8>
cuda_tile.module @m1 {
  entry @param(%x: tile<i4>) {
    %t = reshape %x : tile<i4> -> tile<1xi4>
    %b = broadcast %t : tile<1xi4> -> tile<2xi4>
    %f = bitcast %b : tile<2xi4> -> tile<2xf4E2M1FN>
    %i = bitcast %f : tile<2xf4E2M1FN> -> tile<2xi4>
    return
  }
}

// -----

// An f4E2M1FN B loaded packed along N (its stride-1 dimension) is split
// into one code a byte (once, right after the load) and packed again along
// K for dot_scaled; A comes
// from ftof (seven threshold compares of |x| summed, the sign bit, NaN to
// code 7) and is packed along K. The product's f4E2M1FN copy is stored
// through a view: packed along the stride-1 dimension, i8 pointers.
// CHECK-LABEL: nv_tileaa.func @requant
// CHECK: %[[BL:.*]] = nv_tileaa.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x16x!nv_tileaa.ptr<i8>> -> tensor<64x16xi8>
// CHECK: nv_tileaa.cat %{{.*}}, %{{.*}} {axis = 2 : i32} : tensor<64x16x1xi8>, tensor<64x16x1xi8> -> tensor<64x16x2xi8>
// CHECK: %[[BU:.*]] = nv_tileaa.view %{{.*}} : tensor<64x16x2xi8> -> tensor<64x32xi8>
// CHECK: math.absf %{{.*}} : tensor<32x64xf32>
// CHECK: arith.cmpf ogt
// CHECK: arith.cmpf oge
// CHECK: arith.cmpf ogt
// CHECK: arith.cmpf oge
// CHECK: arith.cmpf ogt
// CHECK: arith.cmpf oge
// CHECK: arith.cmpf ogt
// CHECK: arith.cmpf uno
// CHECK: nv_tileaa.view %{{.*}} : tensor<32x64xi8> -> tensor<32x32x2xi8>
// CHECK: nv_tileaa.view %[[BU]] : tensor<64x32xi8> -> tensor<32x2x32xi8>
// CHECK: nv_tileaa.dot_scaled %{{.*}} scale %{{.*}}, %{{.*}} scale %{{.*}}, %{{.*}} {a_format = f4E2M1FN, b_format = f4E2M1FN} : tensor<32x32xi8> scale tensor<32x2xf8E8M0FNU>, tensor<32x32xi8> scale tensor<2x32xf8E8M0FNU>
// CHECK: nv_tileaa.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x16x!nv_tileaa.ptr<i8>>, tensor<32x16xi8>
cuda_tile.module @m2 {
  entry @requant(%x: tile<ptr<f32>>, %b: tile<ptr<f4E2M1FN>>, %y: tile<ptr<f4E2M1FN>>) {
    %tx = make_tensor_view %x, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xf32, strides=[64,1]>
    %tb = make_tensor_view %b, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf4E2M1FN, strides=[32,1]>
    %ty = make_tensor_view %y, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf4E2M1FN, strides=[32,1]>
    %px = make_partition_view %tx : partition_view<tile=(32x64), tensor_view<32x64xf32, strides=[64,1]>>
    %pb = make_partition_view %tb : partition_view<tile=(64x32), tensor_view<64x32xf4E2M1FN, strides=[32,1]>>
    %py = make_partition_view %ty : partition_view<tile=(32x32), tensor_view<32x32xf4E2M1FN, strides=[32,1]>>
    %z = constant <i32: 0> : tile<i32>
    %vx, %t0 = load_view_tko weak %px[%z, %z] : partition_view<tile=(32x64), tensor_view<32x64xf32, strides=[64,1]>>, tile<i32> -> tile<32x64xf32>, token
    %vb, %t1 = load_view_tko weak %pb[%z, %z] : partition_view<tile=(64x32), tensor_view<64x32xf4E2M1FN, strides=[32,1]>>, tile<i32> -> tile<64x32xf4E2M1FN>, token
    %a = ftof %vx : tile<32x64xf32> -> tile<32x64xf4E2M1FN>
    %c = constant <f32: 0.0> : tile<32x32xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<32x2xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<2x32xf8E8M0FNU>
    %d = mmaf_scaled %a, %vb, %c, %sa, %sb : tile<32x64xf4E2M1FN>, tile<64x32xf4E2M1FN>, tile<32x32xf32>, tile<32x2xf8E8M0FNU>, tile<2x32xf8E8M0FNU>
    %q = ftof %d : tile<32x32xf32> -> tile<32x32xf4E2M1FN>
    %t2 = store_view_tko weak %q, %py[%z, %z] : tile<32x32xf4E2M1FN>, partition_view<tile=(32x32), tensor_view<32x32xf4E2M1FN, strides=[32,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A packed f4E2M1FN load is split into one code a byte once, right after
// the load, however many uses need it: here one inside an `if` and one
// after it.
// CHECK-LABEL: nv_tileaa.func @two_uses
// CHECK: nv_tileaa.load %{{.*}} : tensor<16x32x!nv_tileaa.ptr<i8>> -> tensor<16x32xi8>
// CHECK: %[[CODES:.*]] = nv_tileaa.view %{{.*}} : tensor<16x32x2xi8> -> tensor<16x64xi8>
// CHECK-NOT: nv_tileaa.cat
// CHECK: scf.if
// CHECK: %[[CODES]]
// CHECK-NOT: nv_tileaa.cat
// CHECK: nv_tileaa.return
cuda_tile.module @m3 {
  entry @two_uses(%b: tile<ptr<f4E2M1FN>>, %y: tile<ptr<f32>>, %c: tile<i1>) {
    %tb = make_tensor_view %b, shape = [16, 64], strides = [64, 1] : tensor_view<16x64xf4E2M1FN, strides=[64,1]>
    %pb = make_partition_view %tb : partition_view<tile=(16x64), tensor_view<16x64xf4E2M1FN, strides=[64,1]>>
    %ty = make_tensor_view %y, shape = [16, 64], strides = [64, 1] : tensor_view<16x64xf32, strides=[64,1]>
    %py = make_partition_view %ty : partition_view<tile=(16x64), tensor_view<16x64xf32, strides=[64,1]>>
    %z = constant <i32: 0> : tile<i32>
    %vb, %t0 = load_view_tko weak %pb[%z, %z] : partition_view<tile=(16x64), tensor_view<16x64xf4E2M1FN, strides=[64,1]>>, tile<i32> -> tile<16x64xf4E2M1FN>, token
    if %c {
      %f = ftof %vb : tile<16x64xf4E2M1FN> -> tile<16x64xf32>
      %t1 = store_view_tko weak %f, %py[%z, %z] : tile<16x64xf32>, partition_view<tile=(16x64), tensor_view<16x64xf32, strides=[64,1]>>, tile<i32> -> token
    }
    %g = ftof %vb : tile<16x64xf4E2M1FN> -> tile<16x64xf32>
    %t2 = store_view_tko weak %g, %py[%z, %z] : tile<16x64xf32>, partition_view<tile=(16x64), tensor_view<16x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
