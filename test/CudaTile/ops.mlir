// Custom form, generic form and MLIR bytecode of every cuda_tile op family
// print back the same.
// RUN: tileiras-opt %s | FileCheck %s
// RUN: tileiras-opt %s | tileiras-opt | FileCheck %s
// RUN: tileiras-opt %s --mlir-print-op-generic | tileiras-opt | FileCheck %s
// RUN: tileiras-opt %s --emit-bytecode | tileiras-opt | FileCheck %s
// Tile IR bytecode 13.3 written and read back:
// RUN: tileiras-translate --mlir-to-cudatilebc %s | tileiras-translate --cudatilebc-to-mlir | FileCheck %s

// CHECK-LABEL: cuda_tile.module @kernels
cuda_tile.module @kernels {
  // CHECK: global private constant @g alignment = 128 <f32: [1.000000e-01, 2.000000e-01]> : tile<2xf32>
  global private constant @g alignment = 128 <f32: [0.1, 0.2]> : tile<2xf32>
  // CHECK: global @h <i32: 7> : tile<4xi32>
  cuda_tile.global @h <i32: 7> : !cuda_tile.tile<4xi32>

  // CHECK-LABEL: entry @arith(%{{.*}}: tile<f32>, %{{.*}}: tile<i32>) optimization_hints=<default = {num_worker_warps_per_cta = 8}, sm_100 = {num_cta_in_cga = 2, occupancy = 2}> {
  entry @arith(%x: tile<f32>, %n: !cuda_tile.tile<i32>) optimization_hints=<sm_100 = {num_cta_in_cga = 2, occupancy = 2}, default = {num_worker_warps_per_cta = 8}> {
    // CHECK: %[[C:.*]] = constant <f32: 0.000000e+00> : tile<2x4xf32>
    %c = constant <f32: 0.0> : tile<2x4xf32>
    // CHECK: constant <i32: {{\[}}[0, 1], [2, 3]]> : tile<2x2xi32>
    %d = cuda_tile.constant <i32: [[0, 1], [2, 3]]> : tile<2x2xi32>
    // CHECK: constant <i1: true> : tile<i1>
    %t = constant <i1: true> : tile<i1>
    // CHECK: constant <f32: 0x7F800000> : tile<f32>
    %inf = constant <f32: 0x7F800000> : tile<f32>
    // CHECK: addf %[[C]], %[[C]] rounding<zero> flush_to_zero : tile<2x4xf32>
    %a0 = addf %c, %c rounding<zero> flush_to_zero : tile<2x4xf32>
    // CHECK: subf %{{.*}}, %{{.*}} : tile<2x4xf32>
    %a1 = subf %a0, %c : tile<2x4xf32>
    // CHECK: mulf
    %a2 = mulf %a1, %c rounding<nearest_even> : tile<2x4xf32>
    // CHECK: divf %{{.*}}, %{{.*}} rounding<approx> : tile<2x4xf32>
    %a3 = divf %a2, %c rounding<approx> : tile<2x4xf32>
    // CHECK: fma %{{.*}}, %{{.*}}, %{{.*}} : tile<2x4xf32>
    %a4 = fma %a3, %a3, %c : tile<2x4xf32>
    // CHECK: sqrt %{{.*}} flush_to_zero : tile<2x4xf32>
    %a5 = sqrt %a4 flush_to_zero : tile<2x4xf32>
    // CHECK: rsqrt
    %a6 = rsqrt %a5 : tile<2x4xf32>
    // CHECK: exp2 %{{.*}} flush_to_zero
    %a7 = exp2 %a6 flush_to_zero : tile<2x4xf32>
    // CHECK: exp %{{.*}} rounding<approx> : tile<2x4xf32>
    %a8 = exp %a7 rounding<approx> : tile<2x4xf32>
    // CHECK: tanh %{{.*}} : tile<2x4xf32>
    %a9 = tanh %a8 : tile<2x4xf32>
    %b0 = absf %a9 : tile<2x4xf32>
    %b1 = negf %b0 : tile<2x4xf32>
    %b2 = ceil %b1 : tile<2x4xf32>
    %b3 = floor %b2 : tile<2x4xf32>
    %b4 = cos %b3 : tile<2x4xf32>
    %b5 = cosh %b4 : tile<2x4xf32>
    %b6 = sin %b5 : tile<2x4xf32>
    %b7 = sinh %b6 : tile<2x4xf32>
    %b8 = tan %b7 : tile<2x4xf32>
    %b9 = log %b8 : tile<2x4xf32>
    // CHECK: log2
    %c0 = log2 %b9 : tile<2x4xf32>
    // CHECK: pow
    %c1 = pow %c0, %c0 : tile<2x4xf32>
    %c2 = remf %c1, %c0 : tile<2x4xf32>
    // CHECK: atan2
    %c3 = atan2 %c2, %c0 : tile<2x4xf32>
    // CHECK: maxf %{{.*}}, %{{.*}} propagate_nan : tile<2x4xf32>
    %c4 = maxf %c3, %c0 propagate_nan : tile<2x4xf32>
    // CHECK: minf %{{.*}}, %{{.*}} flush_to_zero : tile<2x4xf32>
    %c5 = minf %c4, %c0 flush_to_zero : tile<2x4xf32>
    // CHECK: cmpf less_than unordered %{{.*}}, %{{.*}} : tile<2x4xf32> -> tile<2x4xi1>
    %c6 = cmpf less_than unordered %c5, %c0 : tile<2x4xf32> -> tile<2x4xi1>
    // CHECK: select %{{.*}}, %{{.*}}, %{{.*}} : tile<2x4xi1>, tile<2x4xf32>
    %c7 = select %c6, %c5, %c0 : tile<2x4xi1>, tile<2x4xf32>

    // CHECK: addi %{{.*}}, %{{.*}} overflow<no_signed_wrap> : tile<i32>
    %i0 = addi %n, %n overflow<no_signed_wrap> : tile<i32>
    %i1 = subi %i0, %n : tile<i32>
    %i2 = muli %i1, %n overflow<no_wrap> : tile<i32>
    %i3 = shli %i2, %n : tile<i32>
    // CHECK: negi %{{.*}} : tile<i32>
    %i4 = negi %i3 : tile<i32>
    // CHECK: divi %{{.*}}, %{{.*}} signed rounding<positive_inf> : tile<i32>
    %i5 = divi %i4, %n signed rounding<positive_inf> : tile<i32>
    // CHECK: remi %{{.*}}, %{{.*}} unsigned : tile<i32>
    %i6 = remi %i5, %n unsigned : tile<i32>
    %i7 = maxi %i6, %n signed : tile<i32>
    %i8 = mini %i7, %n unsigned : tile<i32>
    %i9 = shri %i8, %n signed : tile<i32>
    %j0 = absi %i9 : tile<i32>
    %j1 = mulhii %j0, %n : tile<i32>
    %j2 = andi %j1, %n : tile<i32>
    %j3 = ori %j2, %n : tile<i32>
    %j4 = xori %j3, %n : tile<i32>
    // CHECK: cmpi less_than %{{.*}}, %{{.*}}, signed : tile<i32> -> tile<i1>
    %j5 = cmpi less_than %j4, %n, signed : tile<i32> -> tile<i1>

    // CHECK: exti %{{.*}} signed : tile<i32> -> tile<i64>
    %k0 = exti %j4 signed : tile<i32> -> tile<i64>
    // CHECK: trunci %{{.*}} overflow<no_wrap> : tile<i64> -> tile<i16>
    %k1 = trunci %k0 overflow<no_wrap> : tile<i64> -> tile<i16>
    // CHECK: ftof %{{.*}} : tile<f32> -> tile<bf16>
    %k2 = ftof %x : tile<f32> -> tile<bf16>
    // CHECK: ftoi %{{.*}} signed : tile<f32> -> tile<i32>
    %k3 = ftoi %x signed : tile<f32> -> tile<i32>
    // CHECK: itof %{{.*}} unsigned rounding<zero> : tile<i32> -> tile<f32>
    %k4 = itof %k3 unsigned rounding<zero> : tile<i32> -> tile<f32>
    // CHECK: bitcast %{{.*}} : tile<f32> -> tile<i32>
    %k5 = bitcast %k4 : tile<f32> -> tile<i32>
    // CHECK: int_to_ptr %{{.*}} : tile<i64> -> tile<ptr<f32>>
    %k6 = int_to_ptr %k0 : tile<i64> -> tile<ptr<f32>>
    // CHECK: ptr_to_int %{{.*}} : tile<ptr<f32>> -> tile<i64>
    %k7 = ptr_to_int %k6 : tile<ptr<f32>> -> tile<i64>
    // CHECK: ptr_to_ptr %{{.*}} : tile<ptr<f32>> -> tile<ptr<i8>>
    %k8 = ptr_to_ptr %k6 : tile<ptr<f32>> -> tile<ptr<i8>>
    // CHECK: return
    return
  }

  // CHECK-LABEL: entry @shapes
  entry @shapes(%p: tile<ptr<f32>>) {
    // CHECK: %{{.*}}, %{{.*}}, %{{.*}} = get_tile_block_id : tile<i32>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    // CHECK: get_num_tile_blocks : tile<i32>
    %nx, %ny, %nz = get_num_tile_blocks : tile<i32>
    // CHECK: iota : tile<8xi32>
    %r = iota : tile<8xi32>
    // CHECK: reshape %{{.*}} : tile<8xi32> -> tile<1x8xi32>
    %r2 = reshape %r : tile<8xi32> -> tile<1x8xi32>
    // CHECK: broadcast %{{.*}} : tile<1x8xi32> -> tile<4x8xi32>
    %b = broadcast %r2 : tile<1x8xi32> -> tile<4x8xi32>
    // CHECK: permute %{{.*}} [1, 0] : tile<4x8xi32> -> tile<8x4xi32>
    %pm = permute %b [1, 0] : tile<4x8xi32> -> tile<8x4xi32>
    // CHECK: cat %{{.*}}, %{{.*}} dim = 1 : tile<4x8xi32>, tile<4x8xi32> -> tile<4x16xi32>
    %ct = cat %b, %b dim = 1 : tile<4x8xi32>, tile<4x8xi32> -> tile<4x16xi32>
    // CHECK: extract %{{.*}}[%{{.*}}, %{{.*}}] : tile<4x16xi32> -> tile<2x4xi32>
    %ex = extract %ct[%bx, %by] : tile<4x16xi32> -> tile<2x4xi32>
    %ps = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %ps : tile<1xptr<f32>> -> tile<8xptr<f32>>
    // CHECK: offset %{{.*}}, %{{.*}} : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>
    %po = offset %pb, %r : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>
    // CHECK: pack %{{.*}} : tile<8xi32> -> tile<32xi8>
    %pk = pack %r : tile<8xi32> -> tile<32xi8>
    // CHECK: unpack %{{.*}} : tile<32xi8> -> tile<16xf16>
    %up = unpack %pk : tile<32xi8> -> tile<16xf16>
    // CHECK: assume div_by<16>, %{{.*}} : tile<ptr<f32>>
    %pa = assume div_by<16>, %p : tile<ptr<f32>>
    // CHECK: assume div_by<4, every 4 along 0>, %{{.*}} : tile<8xi32>
    %ra = assume div_by<4, every 4 along 0>, %r : tile<8xi32>
    // CHECK: assume bounded<0, ?>, %{{.*}} : tile<i32>
    %ba = assume bounded<0, ?>, %bx : tile<i32>
    // CHECK: assume same_elements<[4]>, %{{.*}} : tile<8xi32>
    %sa = assume same_elements<[4]>, %r : tile<8xi32>
    return
  }

  // CHECK-LABEL: entry @memory
  entry @memory(%p: tile<ptr<f32>>, %n: tile<i32>, %s: tile<i32>) {
    // CHECK: make_tensor_view %{{.*}}, shape = [%{{.*}}, 64], strides = [%{{.*}}, 1] : tile<i32> -> tensor_view<?x64xf32, strides=[?,1]>
    %tv = make_tensor_view %p, shape = [%n, 64], strides = [%s, 1] : tile<i32> -> tensor_view<?x64xf32, strides=[?,1]>
    // CHECK: make_tensor_view %{{.*}}, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
    %tv2 = make_tensor_view %p, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
    // CHECK: make_partition_view %{{.*}} : partition_view<tile=(16x64), padding_value = neg_inf, tensor_view<?x64xf32, strides=[?,1]>, dim_map=[1, 0]>
    %pv = make_partition_view %tv : partition_view<tile=(16x64), padding_value = neg_inf, tensor_view<?x64xf32, strides=[?,1]>, dim_map=[1, 0]>
    // CHECK: make_partition_view %{{.*}} : partition_view<tile=(8x8), tensor_view<32x32xf32, strides=[32,1]>>
    %pv2 = make_partition_view %tv2 : partition_view<tile=(8x8), tensor_view<32x32xf32, strides=[32,1]>, dim_map=[0, 1]>
    // CHECK: make_strided_view %{{.*}} : strided_view<tile=(4x2), traversal_strides=[4,3], tensor_view<32x32xf32, strides=[32,1]>>
    %sv = make_strided_view %tv2 : strided_view<tile=(4x2), traversal_strides=[4,3], tensor_view<32x32xf32, strides=[32,1]>>
    // CHECK: make_gather_scatter_view %{{.*}} : gather_scatter_view<tile=(8x16), padding_value = zero, tensor_view<32x32xf32, strides=[32,1]>, sparse_dim=0>
    %gv = make_gather_scatter_view %tv2 : gather_scatter_view<tile=(8x16), padding_value = zero, tensor_view<32x32xf32, strides=[32,1]>, sparse_dim=0>
    // CHECK: get_tensor_shape %{{.*}} : tensor_view<?x64xf32, strides=[?,1]> -> tile<i64>
    %d0, %d1 = get_tensor_shape %tv : tensor_view<?x64xf32, strides=[?,1]> -> tile<i64>
    // CHECK: get_index_space_shape %{{.*}} : partition_view<tile=(8x8), tensor_view<32x32xf32, strides=[32,1]>> -> tile<i32>
    %i0, %i1 = get_index_space_shape %pv2 : partition_view<tile=(8x8), tensor_view<32x32xf32, strides=[32,1]>> -> tile<i32>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    // CHECK: %[[T0:.*]] = make_token : token
    %t0 = make_token : token
    // CHECK: load_view_tko weak %{{.*}}[%{{.*}}, %{{.*}}] token = %[[T0]] optimization_hints = <sm_100 = {allow_tma = false, latency = 3}> : partition_view<tile=(8x8), tensor_view<32x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x8xf32>, token
    %v, %t1 = load_view_tko weak %pv2[%bx, %by] token = %t0 optimization_hints = <sm_100 = {allow_tma = false, latency = 3}> : partition_view<tile=(8x8), tensor_view<32x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x8xf32>, token
    // CHECK: load_view_tko acquire device %{{.*}}[%{{.*}}, %{{.*}}] : strided_view
    %v2, %t2 = load_view_tko acquire device %sv[%bx, %by] : strided_view<tile=(4x2), traversal_strides=[4,3], tensor_view<32x32xf32, strides=[32,1]>>, tile<i32> -> tile<4x2xf32>, token
    %gi = iota : tile<8xi32>
    // CHECK: load_view_tko weak %{{.*}}[%{{.*}}, %{{.*}}] : gather_scatter_view<{{.*}}>, tile<8xi32>, tile<i32> -> tile<8x16xf32>, token
    %v3, %t3 = load_view_tko weak %gv[%gi, %bx] : gather_scatter_view<tile=(8x16), padding_value = zero, tensor_view<32x32xf32, strides=[32,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> tile<8x16xf32>, token
    // CHECK: store_view_tko release sys %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] token = %{{.*}} : tile<8x8xf32>, partition_view<tile=(8x8), tensor_view<32x32xf32, strides=[32,1]>>, tile<i32> -> token
    %t4 = store_view_tko release sys %v, %pv2[%bx, %by] token = %t1 : tile<8x8xf32>, partition_view<tile=(8x8), tensor_view<32x32xf32, strides=[32,1]>>, tile<i32> -> token
    // CHECK: join_tokens %{{.*}}, %{{.*}} : token
    %t5 = join_tokens %t4, %t3 : token
    %r = iota : tile<8xi32>
    %ps = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pb = broadcast %ps : tile<1xptr<f32>> -> tile<8xptr<f32>>
    %ptrs = offset %pb, %r : tile<8xptr<f32>>, tile<8xi32> -> tile<8xptr<f32>>
    %nb = reshape %n : tile<i32> -> tile<1xi32>
    %nn = broadcast %nb : tile<1xi32> -> tile<8xi32>
    %mask = cmpi less_than %r, %nn, signed : tile<8xi32> -> tile<8xi1>
    %pad = constant <f32: 0.0> : tile<8xf32>
    // CHECK: load_ptr_tko weak %{{.*}}, %{{.*}}, %{{.*}} token = %{{.*}} : tile<8xptr<f32>>, tile<8xi1>, tile<8xf32> -> tile<8xf32>, token
    %l, %t6 = load_ptr_tko weak %ptrs, %mask, %pad token = %t5 : tile<8xptr<f32>>, tile<8xi1>, tile<8xf32> -> tile<8xf32>, token
    // CHECK: load_ptr_tko relaxed device %{{.*}} : tile<8xptr<f32>> -> tile<8xf32>, token
    %l2, %t7 = load_ptr_tko relaxed device %ptrs : tile<8xptr<f32>> -> tile<8xf32>, token
    // CHECK: store_ptr_tko weak %{{.*}}, %{{.*}}, %{{.*}} : tile<8xptr<f32>>, tile<8xf32>, tile<8xi1> -> token
    %t8 = store_ptr_tko weak %ptrs, %l, %mask : tile<8xptr<f32>>, tile<8xf32>, tile<8xi1> -> token
    // CHECK: atomic_rmw_tko relaxed device %{{.*}}, addf, %{{.*}}, %{{.*}} token = %{{.*}} : tile<8xptr<f32>>, tile<8xf32>, tile<8xi1> -> tile<8xf32>, token
    %o, %t9 = atomic_rmw_tko relaxed device %ptrs, addf, %l, %mask token = %t8 : tile<8xptr<f32>>, tile<8xf32>, tile<8xi1> -> tile<8xf32>, token
    // CHECK: atomic_cas_tko acq_rel sys %{{.*}}, %{{.*}}, %{{.*}} : tile<8xptr<f32>>, tile<8xf32> -> tile<8xf32>, token
    %o2, %t10 = atomic_cas_tko acq_rel sys %ptrs, %l, %o : tile<8xptr<f32>>, tile<8xf32> -> tile<8xf32>, token
    // CHECK: atomic_red_view_tko relaxed device %{{.*}}[%{{.*}}, %{{.*}}], addf, %{{.*}} : tile<8x8xf32>, partition_view
    %t11 = atomic_red_view_tko relaxed device %pv2[%bx, %by], addf, %v : tile<8x8xf32>, partition_view<tile=(8x8), tensor_view<32x32xf32, strides=[32,1]>>, tile<i32> -> token
    // CHECK: alloca num_elem = 64, alignment = 128 global : tile<ptr<f32>>
    %al = alloca num_elem = 64, alignment = 128 global : tile<ptr<f32>>
    // CHECK: get_global @g : tile<ptr<f32>>
    %gp = get_global @g : tile<ptr<f32>>
    // CHECK: print_tko "x=%f n=%d\0A", %{{.*}}, %{{.*}} token = %{{.*}} : tile<8xf32>, tile<i32> -> token
    %t12 = print_tko "x=%f n=%d\n", %l, %n token = %t11 : tile<8xf32>, tile<i32> -> token
    // CHECK: print_tko "hello" -> token
    %t13 = print_tko "hello" -> token
    // CHECK: assert %{{.*}}, "in range" : tile<8xi1>
    assert %mask, "in range" : tile<8xi1>
    return
  }

  // CHECK-LABEL: entry @mma
  entry @mma() {
    %a = constant <f16: 1.0> : tile<64x32xf16>
    %b = constant <f16: 1.0> : tile<32x64xf16>
    %c = constant <f32: 0.0> : tile<64x64xf32>
    // CHECK: mmaf %{{.*}}, %{{.*}}, %{{.*}} : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
    %d = mmaf %a, %b, %c : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
    %e = constant <f8E4M3FN: 1.0> : tile<64x32xf8E4M3FN>
    %f = constant <f8E4M3FN: 1.0> : tile<32x64xf8E4M3FN>
    // CHECK: mmaf %{{.*}}, %{{.*}}, %{{.*}} fast_acc : tile<64x32xf8E4M3FN>
    %g = mmaf %e, %f, %c fast_acc : tile<64x32xf8E4M3FN>, tile<32x64xf8E4M3FN>, tile<64x64xf32>
    %ia = constant <i8: 1> : tile<16x32xi8>
    %ib = constant <i8: 1> : tile<32x16xi8>
    %ic = constant <i32: 0> : tile<16x16xi32>
    // CHECK: mmai %{{.*}}, %{{.*}}, %{{.*}} signed unsigned : tile<16x32xi8>, tile<32x16xi8>, tile<16x16xi32>
    %id = mmai %ia, %ib, %ic signed unsigned : tile<16x32xi8>, tile<32x16xi8>, tile<16x16xi32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<64x1xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<1x64xf8E8M0FNU>
    // CHECK: mmaf_scaled
    %sd = mmaf_scaled %e, %f, %c, %sa, %sb : tile<64x32xf8E4M3FN>, tile<32x64xf8E4M3FN>, tile<64x64xf32>, tile<64x1xf8E8M0FNU>, tile<1x64xf8E8M0FNU>
    return
  }

  // CHECK-LABEL: entry @control
  entry @control(%n: tile<i32>, %c: tile<i1>) {
    %x = constant <f32: 1.0> : tile<8x64xf32>
    // CHECK: reduce %{{.*}} dim=0 identities=[0.000000e+00 : f32] : tile<8x64xf32> -> tile<64xf32> (%[[E:.*]]: tile<f32>, %[[A:.*]]: tile<f32>) {
    // CHECK-NEXT: addf %[[E]], %[[A]] : tile<f32>
    // CHECK-NEXT: yield %{{.*}} : tile<f32>
    %r = reduce %x dim=0 identities=[0.000000e+00 : f32] : tile<8x64xf32> -> tile<64xf32> (%e: tile<f32>, %acc: tile<f32>) {
      %s = addf %e, %acc : tile<f32>
      yield %s : tile<f32>
    }
    // CHECK: scan %{{.*}} dim=1 reverse=true identities=[1.000000e+00 : f32] : tile<8x64xf32> -> tile<8x64xf32>
    %sc = scan %x dim=1 reverse=true identities=[1.0 : f32] : tile<8x64xf32> -> tile<8x64xf32> (%a: tile<f32>, %b: tile<f32>) {
      %m = mulf %a, %b : tile<f32>
      yield %m : tile<f32>
    }
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %init = constant <f32: 0.0> : tile<f32>
    // CHECK: for unsigned %{{.*}} in (%{{.*}} to %{{.*}}, step %{{.*}}) : tile<i32> iter_values(%{{.*}} = %{{.*}}) -> (tile<f32>) {
    // CHECK: continue %{{.*}} : tile<f32>
    %f = for unsigned %iv in (%zero to %n, step %one) : tile<i32> iter_values(%v = %init) -> (tile<f32>) {
      %fv = itof %iv signed : tile<i32> -> tile<f32>
      %nv = addf %v, %fv : tile<f32>
      continue %nv : tile<f32>
    }
    // CHECK: for %{{.*}} in (%{{.*}} to %{{.*}}, step %{{.*}}) : tile<i32> {
    for %iv in (%zero to %n, step %one) : tile<i32> {
    }
    // CHECK: loop iter_values(%{{.*}} = %{{.*}}) : tile<i32> -> tile<f32> {
    %l = loop iter_values(%i = %zero) : tile<i32> -> tile<f32> {
      %done = cmpi greater_than_or_equal %i, %n, signed : tile<i32> -> tile<i1>
      // CHECK: if %{{.*}} {
      if %done {
        // CHECK: break %{{.*}} : tile<f32>
        break %init : tile<f32>
      }
      %next = addi %i, %one : tile<i32>
      continue %next : tile<i32>
    }
    // CHECK: %{{.*}} = if %{{.*}} -> (tile<f32>) {
    // CHECK: } else {
    %y = if %c -> (tile<f32>) {
      yield %init : tile<f32>
    } else {
      yield %l : tile<f32>
    }
    // CHECK: loop {
    loop {
      break
    }
    return
  }
}
