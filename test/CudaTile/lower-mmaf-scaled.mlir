// mmaf_scaled %a, %b, %c, %sa, %sb -> nv_tileaa.dot_scaled %a scale %sa,
// %b scale %sb, %c; f8E8M0FNU scale tiles load through views and pointers,
// and convert to other floats from their bits; batched (3-D) operands give
// one dot_scaled per batch.
// RUN: tileiras-opt %s --convert-cuda-tile-to-tileaa='gpu-name=sm_100a' | FileCheck %s

cuda_tile.module @kernels {
  // Mixed f8E4M3FN x f8E5M2, scales from constants; the operands keep
  // their types and the scales pair with their own operand.
  // CHECK-LABEL: nv_tileaa.func @consts
  entry @consts() {
    // CHECK-DAG: %[[A:.*]] = arith.constant dense<1.000000e+00> : tensor<64x64xf8E4M3FN>
    // CHECK-DAG: %[[B:.*]] = arith.constant dense<2.000000e+00> : tensor<64x32xf8E5M2>
    // CHECK-DAG: %[[C:.*]] = arith.constant dense<0.000000e+00> : tensor<64x32xf32>
    // CHECK-DAG: %[[SA:.*]] = arith.constant dense<4.000000e+00> : tensor<64x2xf8E8M0FNU>
    // CHECK-DAG: %[[SB:.*]] = arith.constant dense<5.000000e-01> : tensor<2x32xf8E8M0FNU>
    %a = constant <f8E4M3FN: 1.0> : tile<64x64xf8E4M3FN>
    %b = constant <f8E5M2: 2.0> : tile<64x32xf8E5M2>
    %c = constant <f32: 0.0> : tile<64x32xf32>
    %sa = constant <f8E8M0FNU: 4.0> : tile<64x2xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 0.5> : tile<2x32xf8E8M0FNU>
    // CHECK: nv_tileaa.dot_scaled %[[A]] scale %[[SA]], %[[B]] scale %[[SB]], %[[C]] : tensor<64x64xf8E4M3FN> scale tensor<64x2xf8E8M0FNU>, tensor<64x32xf8E5M2> scale tensor<2x32xf8E8M0FNU>, tensor<64x32xf32> -> tensor<64x32xf32>
    %d = mmaf_scaled %a, %b, %c, %sa, %sb : tile<64x64xf8E4M3FN>, tile<64x32xf8E5M2>, tile<64x32xf32>, tile<64x2xf8E8M0FNU>, tile<2x32xf8E8M0FNU>
    return
  }

  // Batched (3-D): a block-scaled dot has no batched form; one dot_scaled
  // per batch, of each operand's slice, viewed back and concatenated along
  // the batch dimension.
  // CHECK-LABEL: nv_tileaa.func @batched
  entry @batched(%pa: tile<ptr<f8E4M3FN>>) {
    // CHECK: %[[A:.*]] = nv_tileaa.load {{.*}} -> tensor<2x32x64xf8E4M3FN>
    // CHECK-DAG: %[[B:.*]] = arith.constant dense<2.000000e+00> : tensor<2x64x16xf8E5M2>
    // CHECK-DAG: %[[C:.*]] = arith.constant dense<0.000000e+00> : tensor<2x32x16xf32>
    // CHECK-DAG: %[[SA:.*]] = arith.constant dense<4.000000e+00> : tensor<2x32x2xf8E8M0FNU>
    // CHECK-DAG: %[[SB:.*]] = arith.constant dense<5.000000e-01> : tensor<2x2x16xf8E8M0FNU>
    // CHECK: %[[A0:.*]] = nv_tileaa.extract_slice %[[A]] {offsets = array<i64: 0, 0, 0>} : tensor<2x32x64xf8E4M3FN> -> tensor<1x32x64xf8E4M3FN>
    // CHECK: %[[A0V:.*]] = nv_tileaa.view %[[A0]] : tensor<1x32x64xf8E4M3FN> -> tensor<32x64xf8E4M3FN>
    // CHECK: nv_tileaa.extract_slice %[[SA]] {offsets = array<i64: 0, 0, 0>}
    // CHECK: nv_tileaa.extract_slice %[[B]] {offsets = array<i64: 0, 0, 0>}
    // CHECK: nv_tileaa.extract_slice %[[SB]] {offsets = array<i64: 0, 0, 0>}
    // CHECK: nv_tileaa.extract_slice %[[C]] {offsets = array<i64: 0, 0, 0>}
    // CHECK: %[[D0:.*]] = nv_tileaa.dot_scaled %[[A0V]] scale %{{.*}}, %{{.*}} scale %{{.*}}, %{{.*}} : tensor<32x64xf8E4M3FN> scale tensor<32x2xf8E8M0FNU>, tensor<64x16xf8E5M2> scale tensor<2x16xf8E8M0FNU>, tensor<32x16xf32> -> tensor<32x16xf32>
    // CHECK: %[[D0V:.*]] = nv_tileaa.view %[[D0]] : tensor<32x16xf32> -> tensor<1x32x16xf32>
    // CHECK: nv_tileaa.extract_slice %[[A]] {offsets = array<i64: 1, 0, 0>}
    // CHECK: nv_tileaa.extract_slice %[[SA]] {offsets = array<i64: 1, 0, 0>}
    // CHECK: nv_tileaa.extract_slice %[[B]] {offsets = array<i64: 1, 0, 0>}
    // CHECK: nv_tileaa.extract_slice %[[SB]] {offsets = array<i64: 1, 0, 0>}
    // CHECK: nv_tileaa.extract_slice %[[C]] {offsets = array<i64: 1, 0, 0>}
    // CHECK: %[[D1:.*]] = nv_tileaa.dot_scaled
    // CHECK: %[[D1V:.*]] = nv_tileaa.view %[[D1]] : tensor<32x16xf32> -> tensor<1x32x16xf32>
    // CHECK: nv_tileaa.cat %[[D0V]], %[[D1V]] {axis = 0 : i32} : tensor<1x32x16xf32>, tensor<1x32x16xf32> -> tensor<2x32x16xf32>
    // CHECK-NOT: nv_tileaa.dot_scaled
    %ta = make_tensor_view %pa, shape = [2, 32, 64], strides = [2048, 64, 1] : tensor_view<2x32x64xf8E4M3FN, strides=[2048,64,1]>
    %va = make_partition_view %ta : partition_view<tile=(2x32x64), tensor_view<2x32x64xf8E4M3FN, strides=[2048,64,1]>>
    %z = constant <i32: 0> : tile<i32>
    %a, %t = load_view_tko weak %va[%z, %z, %z] : partition_view<tile=(2x32x64), tensor_view<2x32x64xf8E4M3FN, strides=[2048,64,1]>>, tile<i32> -> tile<2x32x64xf8E4M3FN>, token
    %b = constant <f8E5M2: 2.0> : tile<2x64x16xf8E5M2>
    %c = constant <f32: 0.0> : tile<2x32x16xf32>
    %sa = constant <f8E8M0FNU: 4.0> : tile<2x32x2xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 0.5> : tile<2x2x16xf8E8M0FNU>
    %d = mmaf_scaled %a, %b, %c, %sa, %sb : tile<2x32x64xf8E4M3FN>, tile<2x64x16xf8E5M2>, tile<2x32x16xf32>, tile<2x32x2xf8E8M0FNU>, tile<2x2x16xf8E8M0FNU>
    return
  }

  // In a K loop, the accumulator is the loop value; the scales come from
  // views (padding zero: the byte 0, 2^-127, E8M0 has no zero; nan: 0xFF)
  // and from a pointer tile.
  // CHECK-LABEL: nv_tileaa.func @loop
  // CHECK-SAME: %[[PSA:[^:]*]]: !nv_tileaa.ptr<f8E8M0FNU>, %[[PSB:[^:]*]]: !nv_tileaa.ptr<f8E8M0FNU>
  entry @loop(%pa: tile<ptr<f8E5M2>>, %psa: tile<ptr<f8E8M0FNU>>, %psb: tile<ptr<f8E8M0FNU>>, %n: tile<i32>) {
    %ta = make_tensor_view %pa, shape = [32, %n], strides = [%n, 1] : tile<i32> -> tensor_view<32x?xf8E5M2, strides=[?,1]>
    %va = make_partition_view %ta : partition_view<tile=(32x64), padding_value = zero, tensor_view<32x?xf8E5M2, strides=[?,1]>>
    %tsa = make_tensor_view %psa, shape = [32, %n], strides = [%n, 1] : tile<i32> -> tensor_view<32x?xf8E8M0FNU, strides=[?,1]>
    %vsa = make_partition_view %tsa : partition_view<tile=(32x2), padding_value = zero, tensor_view<32x?xf8E8M0FNU, strides=[?,1]>>
    %vsn = make_partition_view %tsa : partition_view<tile=(32x2), padding_value = nan, tensor_view<32x?xf8E8M0FNU, strides=[?,1]>>
    %sb_ptr = reshape %psb : tile<ptr<f8E8M0FNU>> -> tile<1x1xptr<f8E8M0FNU>>
    %sb_ptrs = broadcast %sb_ptr : tile<1x1xptr<f8E8M0FNU>> -> tile<2x16xptr<f8E8M0FNU>>
    %b = constant <f8E4M3FN: 1.0> : tile<64x16xf8E4M3FN>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %four = constant <i32: 4> : tile<i32>
    // CHECK: %[[INIT:.*]] = arith.constant dense<0.000000e+00> : tensor<32x16xf32>
    %init = constant <f32: 0.0> : tile<32x16xf32>
    // CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (tensor<32x16xf32>)
    %r = for %k in (%zero to %four, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<32x16xf32>) {
      // CHECK: %[[A:.*]] = nv_tileaa.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x64x!nv_tileaa.ptr<f8E5M2>> -> tensor<32x64xf8E5M2>
      %a, %t0 = load_view_tko weak %va[%zero, %k] : partition_view<tile=(32x64), padding_value = zero, tensor_view<32x?xf8E5M2, strides=[?,1]>>, tile<i32> -> tile<32x64xf8E5M2>, token
      // CHECK: %[[PAD:.*]] = arith.constant dense<5.877470e-39> : tensor<32x2xf8E8M0FNU>
      // CHECK: %[[SA:.*]] = nv_tileaa.load %{{.*}}, %{{.*}}, %[[PAD]] : tensor<32x2x!nv_tileaa.ptr<f8E8M0FNU>> -> tensor<32x2xf8E8M0FNU>
      %sa, %t1 = load_view_tko weak %vsa[%zero, %k] : partition_view<tile=(32x2), padding_value = zero, tensor_view<32x?xf8E8M0FNU, strides=[?,1]>>, tile<i32> -> tile<32x2xf8E8M0FNU>, token
      // CHECK: %[[NAN:.*]] = arith.constant dense<0xFF> : tensor<32x2xf8E8M0FNU>
      // CHECK: nv_tileaa.load %{{.*}}, %{{.*}}, %[[NAN]] : tensor<32x2x!nv_tileaa.ptr<f8E8M0FNU>> -> tensor<32x2xf8E8M0FNU>
      %sn, %t2 = load_view_tko weak %vsn[%zero, %k] : partition_view<tile=(32x2), padding_value = nan, tensor_view<32x?xf8E8M0FNU, strides=[?,1]>>, tile<i32> -> tile<32x2xf8E8M0FNU>, token
      // CHECK: %[[SB:.*]] = nv_tileaa.load %{{.*}} : tensor<2x16x!nv_tileaa.ptr<f8E8M0FNU>> -> tensor<2x16xf8E8M0FNU>
      %sb, %t3 = load_ptr_tko weak %sb_ptrs : tile<2x16xptr<f8E8M0FNU>> -> tile<2x16xf8E8M0FNU>, token
      // CHECK: %[[D:.*]] = nv_tileaa.dot_scaled %[[A]] scale %[[SA]], %{{.*}} scale %[[SB]], %[[ACC]] : tensor<32x64xf8E5M2> scale tensor<32x2xf8E8M0FNU>, tensor<64x16xf8E4M3FN> scale tensor<2x16xf8E8M0FNU>, tensor<32x16xf32> -> tensor<32x16xf32>
      %d = mmaf_scaled %a, %b, %acc, %sa, %sb : tile<32x64xf8E5M2>, tile<64x16xf8E4M3FN>, tile<32x16xf32>, tile<32x2xf8E8M0FNU>, tile<2x16xf8E8M0FNU>
      // CHECK: scf.yield %[[D]] : tensor<32x16xf32>
      continue %d : tile<32x16xf32>
    }
    return
  }

  // Scales take no arithmetic in nv_tileaa: ftof decodes the bits (byte e
  // is the f32 with biased exponent e; 0 is 2^-127, 0xFF NaN), select
  // picks bytes, print prints the decoded f32.
  // CHECK-LABEL: nv_tileaa.func @scale_tiles
  entry @scale_tiles(%p: tile<ptr<f8E8M0FNU>>) {
    %p1 = reshape %p : tile<ptr<f8E8M0FNU>> -> tile<1xptr<f8E8M0FNU>>
    %ps = broadcast %p1 : tile<1xptr<f8E8M0FNU>> -> tile<8xptr<f8E8M0FNU>>
    // CHECK: %[[S:.*]] = nv_tileaa.load %{{.*}} : tensor<8x!nv_tileaa.ptr<f8E8M0FNU>> -> tensor<8xf8E8M0FNU>
    %s, %t0 = load_ptr_tko weak %ps : tile<8xptr<f8E8M0FNU>> -> tile<8xf8E8M0FNU>, token
    // CHECK: %[[BITS:.*]] = arith.bitcast %[[S]] : tensor<8xf8E8M0FNU> to tensor<8xi8>
    // CHECK: %[[BYTE:.*]] = arith.extui %[[BITS]] : tensor<8xi8> to tensor<8xi32>
    // CHECK: %[[SHL:.*]] = arith.shli %[[BYTE]], %{{.*}} : tensor<8xi32>
    // CHECK: %[[C0:.*]] = arith.constant dense<4194304> : tensor<8xi32>
    // CHECK: %[[SUB:.*]] = arith.select %{{.*}}, %[[C0]], %[[SHL]] : tensor<8xi1>, tensor<8xi32>
    // CHECK: %[[NAN:.*]] = arith.constant dense<2143289344> : tensor<8xi32>
    // CHECK: %[[F32BITS:.*]] = arith.select %{{.*}}, %[[NAN]], %[[SUB]] : tensor<8xi1>, tensor<8xi32>
    // CHECK: %[[F32:.*]] = arith.bitcast %[[F32BITS]] : tensor<8xi32> to tensor<8xf32>
    %f = ftof %s : tile<8xf8E8M0FNU> -> tile<8xf32>
    // To f16: decoded to f32 first, then rounded.
    // CHECK: arith.bitcast %[[S]] : tensor<8xf8E8M0FNU> to tensor<8xi8>
    // CHECK: %[[F:.*]] = arith.bitcast %{{.*}} : tensor<8xi32> to tensor<8xf32>
    // CHECK: arith.truncf %[[F]] : tensor<8xf32> to tensor<8xf16>
    %h = ftof %s : tile<8xf8E8M0FNU> -> tile<8xf16>
    %two = constant <f8E8M0FNU: 2.0> : tile<8xf8E8M0FNU>
    %c = constant <i1: true> : tile<8xi1>
    // CHECK: %[[A:.*]] = arith.bitcast %[[S]] : tensor<8xf8E8M0FNU> to tensor<8xi8>
    // CHECK: %[[B:.*]] = arith.bitcast %{{.*}} : tensor<8xf8E8M0FNU> to tensor<8xi8>
    // CHECK: %[[PICK:.*]] = arith.select %{{.*}}, %[[A]], %[[B]] : tensor<8xi1>, tensor<8xi8>
    // CHECK: %[[SEL:.*]] = arith.bitcast %[[PICK]] : tensor<8xi8> to tensor<8xf8E8M0FNU>
    %sel = select %c, %s, %two : tile<8xi1>, tile<8xf8E8M0FNU>
    // CHECK: %[[PF:.*]] = arith.bitcast %{{.*}} : tensor<8xi32> to tensor<8xf32>
    // CHECK: nv_tileaa.print "%f{{.*}}", %[[PF]] : tensor<8xf32>
    %t1 = print_tko "%f\n", %sel : tile<8xf8E8M0FNU> -> token
    %t2 = store_ptr_tko weak %ps, %sel : tile<8xptr<f8E8M0FNU>>, tile<8xf8E8M0FNU> -> token
    return
  }
}
