// Views crossing control flow and kernel parameters become their base
// pointer and their dynamic extents and strides (i64); static parts come
// back as constants.
// RUN: tileiras-opt %s --convert-cuda-tile-to-tileaa='gpu-name=sm_100a' | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @param(%{{.*}}: !nv_tileaa.ptr<f32>, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i32)
cuda_tile.module @kernels {
  entry @param(%tv: tensor_view<?x64xf32, strides=[?,1]>, %i: tile<i32>) {
    %pv = make_partition_view %tv : partition_view<tile=(16x64), tensor_view<?x64xf32, strides=[?,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    // CHECK: nv_tileaa.load
    %x, %t = load_view_tko weak %pv[%i, %c0] : partition_view<tile=(16x64), tensor_view<?x64xf32, strides=[?,1]>>, tile<i32> -> tile<16x64xf32>, token
    return
  }

  // CHECK-LABEL: nv_tileaa.func @carried
  // CHECK: %[[P:.*]]:4 = scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (!nv_tileaa.ptr<f32>, i64, !nv_tileaa.ptr<f32>, i64)
  // CHECK: scf.yield %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !nv_tileaa.ptr<f32>, i64, !nv_tileaa.ptr<f32>, i64
  // CHECK: %[[IF:.*]]:2 = scf.if %{{.*}} -> (!nv_tileaa.ptr<f32>, i64)
  // CHECK: scf.yield %[[P]]#0, %[[P]]#1
  // CHECK: scf.yield %[[P]]#2, %[[P]]#3
  // CHECK: scf.while {{.*}} -> (i32, !nv_tileaa.ptr<f32>, i64)
  // CHECK: nv_tileaa.store
  entry @carried(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %n: tile<i32>) {
    %ta = make_tensor_view %a, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %tb = make_tensor_view %b, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pa = make_partition_view %ta : partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>
    %pb = make_partition_view %tb : partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %p, %q = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%u = %pa, %v = %pb) -> (partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>, partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>) {
      continue %v, %u : partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>, partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>
    }
    %c = cmpi equal %n, %c1, signed : tile<i32> -> tile<i1>
    %d = if %c -> (partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>) {
      yield %p : partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>
    } else {
      yield %q : partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>
    }
    %w = loop iter_values(%k = %c0) : tile<i32> -> partition_view<tile=(64), tensor_view<?xf32, strides=[1]>> {
      %done = cmpi greater_than_or_equal %k, %c1, signed : tile<i32> -> tile<i1>
      if %done {
        break %d : partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>
      }
      %k1 = addi %k, %c1 : tile<i32>
      continue %k1 : tile<i32>
    }
    %z = constant <f32: 1.0> : tile<64xf32>
    %t = store_view_tko weak %z, %w[%c0] : tile<64xf32>, partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
