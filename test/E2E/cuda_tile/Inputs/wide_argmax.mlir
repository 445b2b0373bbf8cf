// Reductions and scans of several operands wider than 64 bits together
// (the combiner runs on whole tiles). x is an 8 x 128 f64 matrix; tile
// block b takes rows 4b .. 4b + 3 (launch 2 tile blocks) and writes
// * vmax[r], imax[r]: each row's largest value and its first index (f64
//   and i32: 96 bits);
// * svmax[r][c], simax[r][c]: the running maximum along the row and the
//   first index where it is reached (a scan of f64 and i32);
// * rsum[r][c], rcnt[r][c]: sums and counts of x[r'][c] > 0 over the rows
//   r' >= r of the tile block (a reverse scan along dim 0 of f64 and i64:
//   128 bits);
// * gmax[b], gidx[b]: the tile block's largest value and the first of its
//   flattened indices 128 * (r - 4b) + c (a 1-D reduce to a scalar).
cuda_tile.module @kernels {
  entry @wide_argmax(%x: tile<ptr<f64>>, %vmax: tile<ptr<f64>>, %imax: tile<ptr<i32>>, %svmax: tile<ptr<f64>>, %simax: tile<ptr<i32>>, %rsum: tile<ptr<f64>>, %rcnt: tile<ptr<i64>>, %gmax: tile<ptr<f64>>, %gidx: tile<ptr<i32>>) {
    %tv = make_tensor_view %x, shape = [8, 128], strides = [128, 1] : tensor_view<8x128xf64, strides=[128,1]>
    %pv = make_partition_view %tv : partition_view<tile=(4x128), tensor_view<8x128xf64, strides=[128,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %v, %t0 = load_view_tko weak %pv[%bx, %c0] : partition_view<tile=(4x128), tensor_view<8x128xf64, strides=[128,1]>>, tile<i32> -> tile<4x128xf64>, token
    %r = iota : tile<128xi32>
    %r1 = reshape %r : tile<128xi32> -> tile<1x128xi32>
    %idx = broadcast %r1 : tile<1x128xi32> -> tile<4x128xi32>

    %m, %i = reduce %v, %idx dim=1 identities=[0xFFF0000000000000 : f64, 0 : i32] : tile<4x128xf64>, tile<4x128xi32> -> tile<4xf64>, tile<4xi32> (%xv: tile<f64>, %xa: tile<f64>, %iv: tile<i32>, %ia: tile<i32>) {
      %gt = cmpf greater_than ordered %xv, %xa : tile<f64> -> tile<i1>
      %eq = cmpf equal ordered %xv, %xa : tile<f64> -> tile<i1>
      %lt = cmpi less_than %iv, %ia, signed : tile<i32> -> tile<i1>
      %tie = andi %eq, %lt : tile<i1>
      %take = ori %gt, %tie : tile<i1>
      %bv = select %take, %xv, %xa : tile<i1>, tile<f64>
      %bi = select %take, %iv, %ia : tile<i1>, tile<i32>
      yield %bv, %bi : tile<f64>, tile<i32>
    }
    %tvm = make_tensor_view %vmax, shape = [8], strides = [1] : tensor_view<8xf64, strides=[1]>
    %pvm = make_partition_view %tvm : partition_view<tile=(4), tensor_view<8xf64, strides=[1]>>
    %t1 = store_view_tko weak %m, %pvm[%bx] : tile<4xf64>, partition_view<tile=(4), tensor_view<8xf64, strides=[1]>>, tile<i32> -> token
    %tim = make_tensor_view %imax, shape = [8], strides = [1] : tensor_view<8xi32, strides=[1]>
    %pim = make_partition_view %tim : partition_view<tile=(4), tensor_view<8xi32, strides=[1]>>
    %t2 = store_view_tko weak %i, %pim[%bx] : tile<4xi32>, partition_view<tile=(4), tensor_view<8xi32, strides=[1]>>, tile<i32> -> token

    %sm, %si = scan %v, %idx dim=1 reverse=false identities=[0xFFF0000000000000 : f64, 0 : i32] : tile<4x128xf64>, tile<4x128xi32> -> tile<4x128xf64>, tile<4x128xi32> (%yv: tile<f64>, %ya: tile<f64>, %jv: tile<i32>, %ja: tile<i32>) {
      %gt = cmpf greater_than ordered %yv, %ya : tile<f64> -> tile<i1>
      %eq = cmpf equal ordered %yv, %ya : tile<f64> -> tile<i1>
      %lt = cmpi less_than %jv, %ja, signed : tile<i32> -> tile<i1>
      %tie = andi %eq, %lt : tile<i1>
      %take = ori %gt, %tie : tile<i1>
      %bv = select %take, %yv, %ya : tile<i1>, tile<f64>
      %bi = select %take, %jv, %ja : tile<i1>, tile<i32>
      yield %bv, %bi : tile<f64>, tile<i32>
    }
    %tsv = make_tensor_view %svmax, shape = [8, 128], strides = [128, 1] : tensor_view<8x128xf64, strides=[128,1]>
    %psv = make_partition_view %tsv : partition_view<tile=(4x128), tensor_view<8x128xf64, strides=[128,1]>>
    %t3 = store_view_tko weak %sm, %psv[%bx, %c0] : tile<4x128xf64>, partition_view<tile=(4x128), tensor_view<8x128xf64, strides=[128,1]>>, tile<i32> -> token
    %tsi = make_tensor_view %simax, shape = [8, 128], strides = [128, 1] : tensor_view<8x128xi32, strides=[128,1]>
    %psi = make_partition_view %tsi : partition_view<tile=(4x128), tensor_view<8x128xi32, strides=[128,1]>>
    %t4 = store_view_tko weak %si, %psi[%bx, %c0] : tile<4x128xi32>, partition_view<tile=(4x128), tensor_view<8x128xi32, strides=[128,1]>>, tile<i32> -> token

    %zero = constant <f64: 0.0> : tile<4x128xf64>
    %pos = cmpf greater_than ordered %v, %zero : tile<4x128xf64> -> tile<4x128xi1>
    %one = constant <i64: 1> : tile<4x128xi64>
    %none = constant <i64: 0> : tile<4x128xi64>
    %cnt = select %pos, %one, %none : tile<4x128xi1>, tile<4x128xi64>
    %rs, %rc = scan %v, %cnt dim=0 reverse=true identities=[0.0 : f64, 0 : i64] : tile<4x128xf64>, tile<4x128xi64> -> tile<4x128xf64>, tile<4x128xi64> (%a: tile<f64>, %b: tile<f64>, %p: tile<i64>, %q: tile<i64>) {
      %s = addf %a, %b : tile<f64>
      %n = addi %p, %q : tile<i64>
      yield %s, %n : tile<f64>, tile<i64>
    }
    %trs = make_tensor_view %rsum, shape = [8, 128], strides = [128, 1] : tensor_view<8x128xf64, strides=[128,1]>
    %prs = make_partition_view %trs : partition_view<tile=(4x128), tensor_view<8x128xf64, strides=[128,1]>>
    %t5 = store_view_tko weak %rs, %prs[%bx, %c0] : tile<4x128xf64>, partition_view<tile=(4x128), tensor_view<8x128xf64, strides=[128,1]>>, tile<i32> -> token
    %trc = make_tensor_view %rcnt, shape = [8, 128], strides = [128, 1] : tensor_view<8x128xi64, strides=[128,1]>
    %prc = make_partition_view %trc : partition_view<tile=(4x128), tensor_view<8x128xi64, strides=[128,1]>>
    %t6 = store_view_tko weak %rc, %prc[%bx, %c0] : tile<4x128xi64>, partition_view<tile=(4x128), tensor_view<8x128xi64, strides=[128,1]>>, tile<i32> -> token

    %flat = reshape %v : tile<4x128xf64> -> tile<512xf64>
    %fidx = iota : tile<512xi32>
    %g, %gi = reduce %flat, %fidx dim=0 identities=[0xFFF0000000000000 : f64, 0 : i32] : tile<512xf64>, tile<512xi32> -> tile<f64>, tile<i32> (%zv: tile<f64>, %za: tile<f64>, %kv: tile<i32>, %ka: tile<i32>) {
      %gt = cmpf greater_than ordered %zv, %za : tile<f64> -> tile<i1>
      %eq = cmpf equal ordered %zv, %za : tile<f64> -> tile<i1>
      %lt = cmpi less_than %kv, %ka, signed : tile<i32> -> tile<i1>
      %tie = andi %eq, %lt : tile<i1>
      %take = ori %gt, %tie : tile<i1>
      %bv = select %take, %zv, %za : tile<i1>, tile<f64>
      %bi = select %take, %kv, %ka : tile<i1>, tile<i32>
      yield %bv, %bi : tile<f64>, tile<i32>
    }
    %gp = offset %gmax, %bx : tile<ptr<f64>>, tile<i32> -> tile<ptr<f64>>
    %t7 = store_ptr_tko weak %gp, %g : tile<ptr<f64>>, tile<f64> -> token
    %gip = offset %gidx, %bx : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>
    %t8 = store_ptr_tko weak %gip, %gi : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
