// c[i] = a[i] + b[i] for 0 <= i < n, in cuda_tile (NVIDIA's Tile IR).
//
// Each tile block adds one 1024-element tile; the partition views mask the
// last, partial tile. Launch ceil(n / 1024) tile blocks along x.
//
//   tileiras --gpu-name sm_90a examples/cuda_tile/vector_add.mlir -o vector_add.cubin

cuda_tile.module @kernels {
  entry @vector_add(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>,
                    %n: tile<i32>) {
    %a16 = assume div_by<16>, %a : tile<ptr<f32>>
    %b16 = assume div_by<16>, %b : tile<ptr<f32>>
    %c16 = assume div_by<16>, %c : tile<ptr<f32>>
    %ta = make_tensor_view %a16, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %tb = make_tensor_view %b16, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %tc = make_tensor_view %c16, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pa = make_partition_view %ta : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %pb = make_partition_view %tb : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %pc = make_partition_view %tc : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %x, %t0 = load_view_tko weak %pa[%bx] : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %y, %t1 = load_view_tko weak %pb[%bx] : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %s = addf %x, %y : tile<1024xf32>
    %t2 = store_view_tko weak %s, %pc[%bx] : tile<1024xf32>, partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
