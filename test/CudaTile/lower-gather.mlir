// gather_scatter_view: the index tile gives the coordinates along
// sparse_dim, the other indices are element offsets; loads read the
// padding value out of bounds, stores are masked. Strided views' index
// spaces step by the traversal strides.
// RUN: tileiras-opt %s --convert-cuda-tile-to-tileaa | FileCheck %s

cuda_tile.module @kernels {
  // CHECK-LABEL: nv_tileaa.func @gather
  // CHECK-SAME: (%[[X:.*]]: !nv_tileaa.ptr<f32>, %[[ROWS:.*]]: !nv_tileaa.ptr<i32>, %[[COL:.*]]: i32)
  // CHECK: %[[R:.*]] = nv_tileaa.load %{{.*}} : tensor<8x!nv_tileaa.ptr<i32>> -> tensor<8xi32>
  // CHECK: %[[R2:.*]] = nv_tileaa.view %[[R]] : tensor<8xi32> -> tensor<8x1xi32>
  // CHECK: %[[RB:.*]] = nv_tileaa.broadcast %[[R2]] : tensor<8x1xi32> -> tensor<8x16xi32>
  // CHECK: %[[ROFF:.*]] = arith.muli %[[RB]], %{{.*}} : tensor<8x16xi32>
  // CHECK: arith.cmpi slt, %[[RB]], %{{.*}} : tensor<8x16xi32>
  // CHECK-NOT: arith.muli %[[COL]]
  // CHECK: %[[RANGE:.*]] = nv_tileaa.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  // CHECK: %[[CS:.*]] = nv_tileaa.splat %[[COL]] : i32 -> tensor<16xi32>
  // CHECK: arith.addi %[[CS]], %[[RANGE]] : tensor<16xi32>
  // CHECK: %[[P:.*]] = nv_tileaa.addptr
  // CHECK: nv_tileaa.load %[[P]], %[[M:.*]], %{{.*}} : tensor<8x16x!nv_tileaa.ptr<f32>>
  // CHECK: nv_tileaa.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<8x16x!nv_tileaa.ptr<f32>>, tensor<8x16xf32>
  entry @gather(%x: tile<ptr<f32>>, %idx: tile<ptr<i32>>, %col: tile<i32>) {
    %tx = make_tensor_view %x, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
    %gx = make_gather_scatter_view %tx : gather_scatter_view<tile=(8x16), padding_value = nan, tensor_view<32x32xf32, strides=[32,1]>, sparse_dim=0>
    %i8 = iota : tile<8xi32>
    %ip1 = reshape %idx : tile<ptr<i32>> -> tile<1xptr<i32>>
    %ipb = broadcast %ip1 : tile<1xptr<i32>> -> tile<8xptr<i32>>
    %ips = offset %ipb, %i8 : tile<8xptr<i32>>, tile<8xi32> -> tile<8xptr<i32>>
    %rows, %t0 = load_ptr_tko weak %ips : tile<8xptr<i32>> -> tile<8xi32>, token
    %v, %t1 = load_view_tko weak %gx[%rows, %col] : gather_scatter_view<tile=(8x16), padding_value = nan, tensor_view<32x32xf32, strides=[32,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> tile<8x16xf32>, token
    %t2 = store_view_tko weak %v, %gx[%rows, %col] : tile<8x16xf32>, gather_scatter_view<tile=(8x16), padding_value = nan, tensor_view<32x32xf32, strides=[32,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> token
    return
  }

  // CHECK-LABEL: nv_tileaa.func @strided_space
  // CHECK: arith.ceildivsi %{{.*}}, %c4_i32 : i32
  // CHECK: arith.ceildivsi %{{.*}}, %c3_i32 : i32
  entry @strided_space(%x: tile<ptr<f32>>, %n: tile<i32>, %p: tile<ptr<i32>>) {
    %tv = make_tensor_view %x, shape = [%n, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %sv = make_strided_view %tv : strided_view<tile=(4x2), traversal_strides=[4,3], tensor_view<?x?xf32, strides=[?,1]>, dim_map=[1, 0]>
    %a, %b = get_index_space_shape %sv : strided_view<tile=(4x2), traversal_strides=[4,3], tensor_view<?x?xf32, strides=[?,1]>, dim_map=[1, 0]> -> tile<i32>
    %s = addi %a, %b : tile<i32>
    %t = store_ptr_tko weak %p, %s : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
