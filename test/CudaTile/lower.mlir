// convert-cuda-tile-to-tileaa: one entry per op family.
// RUN: tileiras-opt %s --convert-cuda-tile-to-tileaa='gpu-name=sm_100a' | FileCheck %s

cuda_tile.module @kernels {
  // Hints for sm_100 win over default; cluster and occupancy are kept.
  // CHECK-LABEL: nv_tileaa.func @hints(%{{.*}}: !nv_tileaa.ptr<f32>, %{{.*}}: i32)
  // CHECK-SAME: nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8, clusterDim = [2, 1, 1]>
  // CHECK-SAME: nv_tileaa.occupancy = 2 : i32
  entry @hints(%p: tile<ptr<f32>>, %n: tile<i32>) optimization_hints=<sm_100 = {num_worker_warps_per_cta = 8, num_cta_in_cga = 2, occupancy = 2}, default = {num_worker_warps_per_cta = 4}> {
    // CHECK: nv_tileaa.get_program_id x : i32
    // CHECK: nv_tileaa.get_program_id y : i32
    // CHECK: nv_tileaa.get_num_programs z : i32
    %x, %y, %z = get_tile_block_id : tile<i32>
    %nx, %ny, %nz = get_num_tile_blocks : tile<i32>
    // CHECK: nv_tileaa.return
    return
  }

  // Without hints: 4 warps up to 4096 elements.
  // CHECK-LABEL: nv_tileaa.func @elementwise
  // CHECK-SAME: kernel_spec<numWarps = 4>
  entry @elementwise(%a: tile<f32>, %i: tile<i32>) {
    // CHECK: %[[C:.*]] = arith.constant dense<1.000000e+00> : tensor<128xf32>
    %c = constant <f32: 1.0> : tile<128xf32>
    // CHECK: nv_tileaa.addf %[[C]], %[[C]] : tensor<128xf32>
    %s = addf %c, %c : tile<128xf32>
    // CHECK: nv_tileaa.divf
    %d = divf %s, %c : tile<128xf32>
    // exp(x) = exp2(x * log2(e)).
    // CHECK: %[[LOG2E:.*]] = arith.constant dense<1.44269502> : tensor<128xf32>
    // CHECK: %[[S:.*]] = nv_tileaa.mulf %{{.*}}, %[[LOG2E]] : tensor<128xf32>
    // CHECK: nv_tileaa.exp2 %[[S]] : tensor<128xf32>
    %e = exp %d : tile<128xf32>
    // CHECK: arith.maximumf
    %m = maxf %e, %c propagate_nan : tile<128xf32>
    // CHECK: arith.minnumf
    %n = minf %m, %c : tile<128xf32>
    // CHECK: arith.cmpf ult
    %cmp = cmpf less_than unordered %n, %c : tile<128xf32> -> tile<128xi1>
    // CHECK: arith.select
    %sel = select %cmp, %n, %c : tile<128xi1>, tile<128xf32>
    // CHECK: arith.ceildivsi
    %q = divi %i, %i signed rounding<positive_inf> : tile<i32>
    // CHECK: arith.subi
    %ng = negi %q : tile<i32>
    // CHECK: arith.cmpi uge
    %ci = cmpi greater_than_or_equal %ng, %i, unsigned : tile<i32> -> tile<i1>
    // CHECK: arith.extsi %{{.*}} : i32 to i64
    %w = exti %ng signed : tile<i32> -> tile<i64>
    // CHECK: arith.truncf %{{.*}} : f32 to f16
    %h = ftof %a : tile<f32> -> tile<f16>
    // CHECK: arith.uitofp
    %f = itof %i unsigned : tile<i32> -> tile<f32>
    return
  }

  // Views become pointer tiles with bounds masks; tokens disappear.
  // CHECK-LABEL: nv_tileaa.func @views
  entry @views(%p: tile<ptr<f32>>, %q: tile<ptr<f32>>, %m: tile<i32>, %ld: tile<i32>) {
    %tv = make_tensor_view %p, shape = [%m, 64], strides = [%ld, 1] : tile<i32> -> tensor_view<?x64xf32, strides=[?,1]>
    %pv = make_partition_view %tv : partition_view<tile=(16x64), padding_value = neg_inf, tensor_view<?x64xf32, strides=[?,1]>>
    %x, %y, %z = get_tile_block_id : tile<i32>
    %zero = constant <i32: 0> : tile<i32>
    // CHECK: nv_tileaa.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
    // CHECK: nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
    // CHECK: arith.cmpi slt
    // CHECK: nv_tileaa.addptr %{{.*}}, %{{.*}} : tensor<16x64x!nv_tileaa.ptr<f32>>, tensor<16x64xi32>
    // CHECK: %[[PAD:.*]] = arith.constant dense<0xFF800000> : tensor<16x64xf32>
    // CHECK: %[[V:.*]] = nv_tileaa.load %{{.*}}, %{{.*}}, %[[PAD]] : tensor<16x64x!nv_tileaa.ptr<f32>> -> tensor<16x64xf32>
    %v, %t = load_view_tko weak %pv[%x, %zero] : partition_view<tile=(16x64), padding_value = neg_inf, tensor_view<?x64xf32, strides=[?,1]>>, tile<i32> -> tile<16x64xf32>, token
    // CHECK: nv_tileaa.store %{{.*}}, %[[V]], %{{.*}} : tensor<16x64x!nv_tileaa.ptr<f32>>, tensor<16x64xf32>
    %t2 = store_view_tko weak %v, %pv[%x, %zero] token = %t : tile<16x64xf32>, partition_view<tile=(16x64), padding_value = neg_inf, tensor_view<?x64xf32, strides=[?,1]>>, tile<i32> -> token
    // CHECK: arith.ceildivsi
    %sm, %sn = get_index_space_shape %pv : partition_view<tile=(16x64), padding_value = neg_inf, tensor_view<?x64xf32, strides=[?,1]>> -> tile<i32>
    // Pointer tiles: splat + addptr + masked load/store.
    %r = iota : tile<16xi32>
    %qs = reshape %q : tile<ptr<f32>> -> tile<1xptr<f32>>
    %qb = broadcast %qs : tile<1xptr<f32>> -> tile<16xptr<f32>>
    // CHECK: nv_tileaa.addptr %{{.*}}, %{{.*}} : tensor<16x!nv_tileaa.ptr<f32>>, tensor<16xi32>
    %ptrs = offset %qb, %r : tile<16xptr<f32>>, tile<16xi32> -> tile<16xptr<f32>>
    %ms = reshape %m : tile<i32> -> tile<1xi32>
    %mb = broadcast %ms : tile<1xi32> -> tile<16xi32>
    %mask = cmpi less_than %r, %mb, signed : tile<16xi32> -> tile<16xi1>
    // CHECK: nv_tileaa.load %{{.*}}, %{{.*}} : tensor<16x!nv_tileaa.ptr<f32>> -> tensor<16xf32>
    %l, %t3 = load_ptr_tko weak %ptrs, %mask token = %t2 : tile<16xptr<f32>>, tile<16xi1> -> tile<16xf32>, token
    // CHECK: nv_tileaa.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x!nv_tileaa.ptr<f32>>, tensor<16xf32>
    %t4 = store_ptr_tko weak %ptrs, %l, %mask token = %t3 : tile<16xptr<f32>>, tile<16xf32>, tile<16xi1> -> token
    return
  }

  // CHECK-LABEL: nv_tileaa.func @loops
  entry @loops(%n: tile<i32>, %c: tile<i1>) {
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %a = constant <f16: 1.0> : tile<16x16xf16>
    %init = constant <f32: 0.0> : tile<16x16xf32>
    %t0 = make_token : token
    // CHECK: scf.for unsigned %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<16x16xf32>)  : i32 {
    // CHECK: nv_tileaa.dot %{{.*}}, %{{.*}}, %[[ACC]] : tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf32> -> tensor<16x16xf32>
    // CHECK: scf.yield %{{.*}} : tensor<16x16xf32>
    %r, %tok = for unsigned %i in (%zero to %n, step %one) : tile<i32> iter_values(%acc = %init, %t = %t0) -> (tile<16x16xf32>, token) {
      %d = mmaf %a, %a, %acc : tile<16x16xf16>, tile<16x16xf16>, tile<16x16xf32>
      continue %d, %t : tile<16x16xf32>, token
    }
    // CHECK: nv_tileaa.reduce %{{.*}} {axis = 1 : i32} : tensor<16x16xf32> -> tensor<16xf32>
    // CHECK: ^bb0(%[[L:.*]]: f32, %[[R:.*]]: f32):
    // CHECK: nv_tileaa.addf %[[L]], %[[R]] : f32
    // CHECK: nv_tileaa.yield
    %s = reduce %r dim=1 identities=[0.0 : f32] : tile<16x16xf32> -> tile<16xf32> (%e: tile<f32>, %acc: tile<f32>) {
      %v = addf %e, %acc : tile<f32>
      yield %v : tile<f32>
    }
    // CHECK: scf.if %{{.*}} -> (i32) {
    // CHECK: scf.yield %{{.*}} : i32
    // CHECK: } else {
    %k = if %c -> (tile<i32>) {
      yield %zero : tile<i32>
    } else {
      yield %one : tile<i32>
    }
    return
  }
}

cuda_tile.module @atomics {
  // CHECK-LABEL: nv_tileaa.func @atomics
  entry @atomics(%p: tile<ptr<i32>>, %v: tile<i32>) {
    // CHECK: nv_tileaa.atomic_rmw umax, %{{.*}}, %{{.*}} {mem_scope = #nv_tileaa.mem_scope<cta>, mem_semantic = #nv_tileaa.mem_semantic<acq_rel>} : !nv_tileaa.ptr<i32>, i32 -> i32
    %o, %t = atomic_rmw_tko acq_rel tl_blk %p, umax, %v : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    // CHECK: nv_tileaa.atomic_cas %{{.*}}, %{{.*}}, %{{.*}} {mem_scope = #nv_tileaa.mem_scope<gpu>, mem_semantic = #nv_tileaa.mem_semantic<relaxed>} : !nv_tileaa.ptr<i32>, i32 -> i32
    %c, %t2 = atomic_cas_tko relaxed device %p, %v, %o token = %t : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    // CHECK: nv_tileaa.print "old=%d\n", %{{.*}} : i32
    %t3 = print_tko "old=%d\n", %c token = %t2 : tile<i32> -> token
    %ok = cmpi greater_than_or_equal %c, %v, signed : tile<i32> -> tile<i1>
    // CHECK: nv_tileaa.assert %{{.*}}, "in range" : i1
    assert %ok, "in range" : tile<i1>
    return
  }
}

// An empty module (cuTile's version probe) lowers to nothing.
// CHECK-NOT: cuda_tile.module
cuda_tile.module @empty {
}
