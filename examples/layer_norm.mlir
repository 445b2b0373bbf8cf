// Layer normalization of each row of an M x N matrix (N <= 1024):
//   y[r, :] = (x[r, :] - mean) / sqrt(var + eps) * w + b
// with the mean and the (biased) variance of the row. One program per row:
// launch M programs along x. The row is one 1024-element tile (columns past
// N masked); both statistics are reductions to a scalar.
//
//   tileiras --gpu-name=sm_90a examples/layer_norm.mlir -o layer_norm.ptx

nv_tileaa.func @layer_norm(%x: !nv_tileaa.ptr<f32>, %y: !nv_tileaa.ptr<f32>,
                           %w: !nv_tileaa.ptr<f32>, %b: !nv_tileaa.ptr<f32>,
                           %n: i32, %stride: i32, %eps: f32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %row = nv_tileaa.get_program_id x : i32
  %row_start = arith.muli %row, %stride : i32
  %cols = nv_tileaa.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<1024xi32>
  %mask = arith.cmpi slt, %cols, %ns : tensor<1024xi32>

  %x_row = nv_tileaa.addptr %x, %row_start : !nv_tileaa.ptr<f32>, i32
  %x_base = nv_tileaa.splat %x_row : !nv_tileaa.ptr<f32> -> tensor<1024x!nv_tileaa.ptr<f32>>
  %x_ptrs = nv_tileaa.addptr %x_base, %cols : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xi32>
  %v = nv_tileaa.load %x_ptrs, %mask : tensor<1024x!nv_tileaa.ptr<f32>> -> tensor<1024xf32>

  // mean = sum(x) / n (masked-off columns read 0 and add nothing).
  %sum = nv_tileaa.reduce %v {axis = 0 : i32} : tensor<1024xf32> -> f32 {
  ^bb0(%l: f32, %r: f32):
    %s = arith.addf %l, %r : f32
    nv_tileaa.yield %s : f32
  }
  %nf = arith.sitofp %n : i32 to f32
  %mean = arith.divf %sum, %nf : f32
  %means = nv_tileaa.splat %mean : f32 -> tensor<1024xf32>

  // var = sum((x - mean)^2) / n over the columns that exist.
  %centered_all = nv_tileaa.subf %v, %means : tensor<1024xf32>
  %zeros = arith.constant dense<0.0> : tensor<1024xf32>
  %centered = arith.select %mask, %centered_all, %zeros : tensor<1024xi1>, tensor<1024xf32>
  %squares = nv_tileaa.mulf %centered, %centered : tensor<1024xf32>
  %sq_sum = nv_tileaa.reduce %squares {axis = 0 : i32} : tensor<1024xf32> -> f32 {
  ^bb0(%l: f32, %r: f32):
    %s = arith.addf %l, %r : f32
    nv_tileaa.yield %s : f32
  }
  %var = arith.divf %sq_sum, %nf : f32
  %var_eps = arith.addf %var, %eps : f32
  %rstd = math.rsqrt %var_eps : f32
  %rstds = nv_tileaa.splat %rstd : f32 -> tensor<1024xf32>

  %w_base = nv_tileaa.splat %w : !nv_tileaa.ptr<f32> -> tensor<1024x!nv_tileaa.ptr<f32>>
  %w_ptrs = nv_tileaa.addptr %w_base, %cols : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xi32>
  %wv = nv_tileaa.load %w_ptrs, %mask : tensor<1024x!nv_tileaa.ptr<f32>> -> tensor<1024xf32>
  %b_base = nv_tileaa.splat %b : !nv_tileaa.ptr<f32> -> tensor<1024x!nv_tileaa.ptr<f32>>
  %b_ptrs = nv_tileaa.addptr %b_base, %cols : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xi32>
  %bv = nv_tileaa.load %b_ptrs, %mask : tensor<1024x!nv_tileaa.ptr<f32>> -> tensor<1024xf32>

  %normed = nv_tileaa.mulf %centered, %rstds : tensor<1024xf32>
  %out = nv_tileaa.fma %normed, %wv, %bv : tensor<1024xf32>
  %y_row = nv_tileaa.addptr %y, %row_start : !nv_tileaa.ptr<f32>, i32
  %y_base = nv_tileaa.splat %y_row : !nv_tileaa.ptr<f32> -> tensor<1024x!nv_tileaa.ptr<f32>>
  %y_ptrs = nv_tileaa.addptr %y_base, %cols : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xi32>
  nv_tileaa.store %y_ptrs, %out, %mask : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xf32>
  nv_tileaa.return
}
