// vector_add with cuTile-style debug information: a subprogram in
// kernels/vadd.py, a lexical block, and a di_loc on every op.
#file = #cuda_tile.di_file<"vadd.py" in "/src/kernels">
#unit = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 10, name = "vector_add", linkageName = "vector_add", compileUnit = #unit, scopeLine = 11>
#block = #cuda_tile.di_lexical_block<scope = #sp, file = #file, line = 14, column = 4>
cuda_tile.module @kernels {
  entry @vector_add(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>,
                    %n: tile<i32>) {
    %ta = make_tensor_view %a, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]> loc(#cuda_tile.di_loc<loc("vadd.py":11:9) in #sp>)
    %tb = make_tensor_view %b, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]> loc(#cuda_tile.di_loc<loc("vadd.py":12:9) in #sp>)
    %tc = make_tensor_view %c, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]> loc(#cuda_tile.di_loc<loc("vadd.py":13:9) in #sp>)
    %pa = make_partition_view %ta : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>> loc(#cuda_tile.di_loc<loc("vadd.py":11:9) in #sp>)
    %pb = make_partition_view %tb : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>> loc(#cuda_tile.di_loc<loc("vadd.py":12:9) in #sp>)
    %pc = make_partition_view %tc : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>> loc(#cuda_tile.di_loc<loc("vadd.py":13:9) in #sp>)
    %bx, %by, %bz = get_tile_block_id : tile<i32> loc(#cuda_tile.di_loc<loc("vadd.py":14:10) in #sp>)
    %x, %t0 = load_view_tko weak %pa[%bx] : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token loc(#cuda_tile.di_loc<loc("vadd.py":15:8) in #block>)
    %y, %t1 = load_view_tko weak %pb[%bx] : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token loc(#cuda_tile.di_loc<loc("vadd.py":16:8) in #block>)
    %s = addf %x, %y : tile<1024xf32> loc(#cuda_tile.di_loc<loc("vadd.py":17:10) in #block>)
    %t2 = store_view_tko weak %s, %pc[%bx] : tile<1024xf32>, partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token loc(#cuda_tile.di_loc<loc("vadd.py":18:4) in #block>)
    return loc(#cuda_tile.di_loc<loc("vadd.py":19:4) in #sp>)
  } loc(#cuda_tile.di_loc<loc("vadd.py":10:0) in #sp>)
}
