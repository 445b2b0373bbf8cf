// 0-d views: a tensor view of rank 0 is one element at its base pointer.
// Tile block b reads x through a 0-d partition view, writes y[b] = 2 x
// (a 0-d view of y + b) and adds b + 1 to z with atomic_red_view_tko on a
// 0-d view. Launch 4 tile blocks: z = 1 + 2 + 3 + 4 = 10.
cuda_tile.module @kernels {
  entry @view0(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>, %z: tile<ptr<f32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tx = make_tensor_view %x, shape = [], strides = [] : tensor_view<f32>
    %px = make_partition_view %tx : partition_view<tile=(), tensor_view<f32>>
    %v, %t0 = load_view_tko weak %px[] : partition_view<tile=(), tensor_view<f32>> -> tile<f32>, token
    %w = addf %v, %v : tile<f32>
    %yb = offset %y, %bx : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>
    %ty = make_tensor_view %yb, shape = [], strides = [] : tensor_view<f32>
    %py = make_partition_view %ty : partition_view<tile=(), tensor_view<f32>>
    %t1 = store_view_tko weak %w, %py[] : tile<f32>, partition_view<tile=(), tensor_view<f32>> -> token
    %tz = make_tensor_view %z, shape = [], strides = [] : tensor_view<f32>
    %pz = make_partition_view %tz : partition_view<tile=(), tensor_view<f32>>
    %one = constant <i32: 1> : tile<i32>
    %b1 = addi %bx, %one : tile<i32>
    %f = itof %b1 signed : tile<i32> -> tile<f32>
    %t2 = atomic_red_view_tko relaxed device %pz[], addf, %f : tile<f32>, partition_view<tile=(), tensor_view<f32>> -> token
    return
  }
}
