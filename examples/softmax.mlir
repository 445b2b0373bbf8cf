// Row-wise softmax: y[r, :] = exp(x[r, :] - max(x[r, :])) / sum(...).
//
// x and y are row-major M x N matrices with a row stride of `stride`
// elements; N must be at most 1024. Each program handles 4 rows, so launch
// ceil(M / 4) programs along x. Every row is loaded as one 4 x 1024 tile
// (columns past N and rows past M are masked off), reduced along axis 1 for
// its maximum and its sum, and normalized in registers.
//
//   tileiras --gpu-name=sm_80 examples/softmax.mlir -o softmax.ptx

nv_tileaa.func @softmax(%x: !nv_tileaa.ptr<f32>, %y: !nv_tileaa.ptr<f32>,
                        %m: i32, %n: i32, %stride: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
  // Row indices of this program: pid * 4 + [0, 1, 2, 3], as a 4 x 1 column.
  %pid = nv_tileaa.get_program_id x : i32
  %c4 = arith.constant 4 : i32
  %row0 = arith.muli %pid, %c4 : i32
  %row0s = nv_tileaa.splat %row0 : i32 -> tensor<4xi32>
  %rrange = nv_tileaa.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %rows = arith.addi %row0s, %rrange : tensor<4xi32>
  %rows_col = nv_tileaa.expand_dims %rows {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
  %rows2d = nv_tileaa.broadcast %rows_col : tensor<4x1xi32> -> tensor<4x1024xi32>

  // Column indices [0, 1024) as a 1 x 1024 row.
  %cols = nv_tileaa.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %cols_row = nv_tileaa.expand_dims %cols {axis = 0 : i32} : tensor<1024xi32> -> tensor<1x1024xi32>
  %cols2d = nv_tileaa.broadcast %cols_row : tensor<1x1024xi32> -> tensor<4x1024xi32>

  // Element offsets rows * stride + cols, and the in-bounds mask.
  %strides = nv_tileaa.splat %stride : i32 -> tensor<4x1024xi32>
  %row_offs = arith.muli %rows2d, %strides : tensor<4x1024xi32>
  %offsets = arith.addi %row_offs, %cols2d : tensor<4x1024xi32>
  %ms = nv_tileaa.splat %m : i32 -> tensor<4x1024xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<4x1024xi32>
  %row_ok = arith.cmpi slt, %rows2d, %ms : tensor<4x1024xi32>
  %col_ok = arith.cmpi slt, %cols2d, %ns : tensor<4x1024xi32>
  %mask = arith.andi %row_ok, %col_ok : tensor<4x1024xi1>

  // Masked-off lanes read -inf, which neither wins the max nor adds to the
  // sum (exp2(-inf) = 0).
  %x_base = nv_tileaa.splat %x : !nv_tileaa.ptr<f32> -> tensor<4x1024x!nv_tileaa.ptr<f32>>
  %x_ptrs = nv_tileaa.addptr %x_base, %offsets : tensor<4x1024x!nv_tileaa.ptr<f32>>, tensor<4x1024xi32>
  %neg_inf = arith.constant dense<0xFF800000> : tensor<4x1024xf32>
  %v = nv_tileaa.load %x_ptrs, %mask, %neg_inf : tensor<4x1024x!nv_tileaa.ptr<f32>> -> tensor<4x1024xf32>

  // Row maxima, subtracted for numerical stability.
  %max = nv_tileaa.reduce %v {axis = 1 : i32} : tensor<4x1024xf32> -> tensor<4xf32> {
  ^bb0(%l: f32, %r: f32):
    %larger = arith.maximumf %l, %r : f32
    nv_tileaa.yield %larger : f32
  }
  %max_col = nv_tileaa.expand_dims %max {axis = 1 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  %max2d = nv_tileaa.broadcast %max_col : tensor<4x1xf32> -> tensor<4x1024xf32>
  %shifted = nv_tileaa.subf %v, %max2d : tensor<4x1024xf32>

  // exp(t) = exp2(t * log2(e)).
  %log2e = arith.constant dense<1.44269502> : tensor<4x1024xf32>
  %scaled = nv_tileaa.mulf %shifted, %log2e : tensor<4x1024xf32>
  %e = nv_tileaa.exp2 %scaled : tensor<4x1024xf32>

  %sum = nv_tileaa.reduce %e {axis = 1 : i32} : tensor<4x1024xf32> -> tensor<4xf32> {
  ^bb0(%l: f32, %r: f32):
    %s = arith.addf %l, %r : f32
    nv_tileaa.yield %s : f32
  }
  %sum_col = nv_tileaa.expand_dims %sum {axis = 1 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  %sum2d = nv_tileaa.broadcast %sum_col : tensor<4x1xf32> -> tensor<4x1024xf32>
  %result = nv_tileaa.divf %e, %sum2d : tensor<4x1024xf32>

  %y_base = nv_tileaa.splat %y : !nv_tileaa.ptr<f32> -> tensor<4x1024x!nv_tileaa.ptr<f32>>
  %y_ptrs = nv_tileaa.addptr %y_base, %offsets : tensor<4x1024x!nv_tileaa.ptr<f32>>, tensor<4x1024xi32>
  nv_tileaa.store %y_ptrs, %result, %mask : tensor<4x1024x!nv_tileaa.ptr<f32>>, tensor<4x1024xf32>
  nv_tileaa.return
}
