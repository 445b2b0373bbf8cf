// alloca: each tile block writes 2 x (its 64 inputs) into per-block
// scratch, reads it back reversed (a different thread holds each element),
// and adds 1 through a second, `global` allocation of one f32 per element.
//   y[64 b + i] = 2 x[64 b + 63 - i] + 1
// The kernel takes a scratch buffer as its last parameter (see
// docs/cuda-tile.md, "alloca"). Launch n / 64 tile blocks.
cuda_tile.module @kernels {
  entry @alloca(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c64 = constant <i32: 64> : tile<i32>
    %base = muli %bx, %c64 : tile<i32>
    %i = iota : tile<64xi32>
    %b1 = reshape %base : tile<i32> -> tile<1xi32>
    %bb = broadcast %b1 : tile<1xi32> -> tile<64xi32>
    %gi = addi %bb, %i : tile<64xi32>
    %x1 = reshape %x : tile<ptr<f32>> -> tile<1xptr<f32>>
    %xb = broadcast %x1 : tile<1xptr<f32>> -> tile<64xptr<f32>>
    %xp = offset %xb, %gi : tile<64xptr<f32>>, tile<64xi32> -> tile<64xptr<f32>>
    %v, %t0 = load_ptr_tko weak %xp : tile<64xptr<f32>> -> tile<64xf32>, token
    %two = constant <f32: 2.0> : tile<64xf32>
    %v2 = mulf %v, %two : tile<64xf32>
    %s = alloca num_elem = 64, alignment = 16 : tile<ptr<f32>>
    %s1 = reshape %s : tile<ptr<f32>> -> tile<1xptr<f32>>
    %sb = broadcast %s1 : tile<1xptr<f32>> -> tile<64xptr<f32>>
    %sp = offset %sb, %i : tile<64xptr<f32>>, tile<64xi32> -> tile<64xptr<f32>>
    %t1 = store_ptr_tko weak %sp, %v2 token = %t0 : tile<64xptr<f32>>, tile<64xf32> -> token
    %c63 = constant <i32: 63> : tile<64xi32>
    %ri = subi %c63, %i : tile<64xi32>
    %rp = offset %sb, %ri : tile<64xptr<f32>>, tile<64xi32> -> tile<64xptr<f32>>
    %r, %t2 = load_ptr_tko weak %rp token = %t1 : tile<64xptr<f32>> -> tile<64xf32>, token
    %g = alloca num_elem = 64, alignment = 256 global : tile<ptr<f32>>
    %g1 = reshape %g : tile<ptr<f32>> -> tile<1xptr<f32>>
    %gb = broadcast %g1 : tile<1xptr<f32>> -> tile<64xptr<f32>>
    %gp = offset %gb, %i : tile<64xptr<f32>>, tile<64xi32> -> tile<64xptr<f32>>
    %one = constant <f32: 1.0> : tile<64xf32>
    %t3 = store_ptr_tko weak %gp, %one token = %t2 : tile<64xptr<f32>>, tile<64xf32> -> token
    %o, %t4 = load_ptr_tko weak %gp token = %t3 : tile<64xptr<f32>> -> tile<64xf32>, token
    %res = addf %r, %o : tile<64xf32>
    %y1 = reshape %y : tile<ptr<f32>> -> tile<1xptr<f32>>
    %yb = broadcast %y1 : tile<1xptr<f32>> -> tile<64xptr<f32>>
    %yp = offset %yb, %gi : tile<64xptr<f32>>, tile<64xi32> -> tile<64xptr<f32>>
    %t5 = store_ptr_tko weak %yp, %res token = %t4 : tile<64xptr<f32>>, tile<64xf32> -> token
    return
  }
}
