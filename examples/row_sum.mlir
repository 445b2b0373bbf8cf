// Row sums of an M x N row-major matrix: out[r] = sum_c x[r, c].
// Each program owns 16 rows and walks the columns in chunks of 256 with an
// scf.for that carries a 16 x 256 partial-sum tile; one reduction along the
// columns at the end. Launch ceil(M / 16) programs along x.
//
//   tileiras --gpu-name=sm_90a examples/row_sum.mlir -o row_sum.ptx

nv_tileaa.func @row_sum(%x: !nv_tileaa.ptr<f32>, %out: !nv_tileaa.ptr<f32>,
                        %m: i32, %n: i32, %stride: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %pid = nv_tileaa.get_program_id x : i32
  %c16 = arith.constant 16 : i32
  %row0 = arith.muli %pid, %c16 : i32
  %row0s = nv_tileaa.splat %row0 : i32 -> tensor<16xi32>
  %rrange = nv_tileaa.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %rows = arith.addi %row0s, %rrange : tensor<16xi32>
  %rows_col = nv_tileaa.expand_dims %rows {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %rows2d = nv_tileaa.broadcast %rows_col : tensor<16x1xi32> -> tensor<16x256xi32>
  %cols = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %cols_row = nv_tileaa.expand_dims %cols {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
  %cols2d = nv_tileaa.broadcast %cols_row : tensor<1x256xi32> -> tensor<16x256xi32>

  %strides = nv_tileaa.splat %stride : i32 -> tensor<16x256xi32>
  %row_offs = arith.muli %rows2d, %strides : tensor<16x256xi32>
  %ms = nv_tileaa.splat %m : i32 -> tensor<16x256xi32>
  %row_ok = arith.cmpi slt, %rows2d, %ms : tensor<16x256xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<16x256xi32>
  %x_base = nv_tileaa.splat %x : !nv_tileaa.ptr<f32> -> tensor<16x256x!nv_tileaa.ptr<f32>>

  %c0 = arith.constant 0 : i32
  %c256 = arith.constant 256 : i32
  %zero = arith.constant dense<0.0> : tensor<16x256xf32>
  %partial = scf.for %c = %c0 to %n step %c256 iter_args(%acc = %zero) -> (tensor<16x256xf32>) : i32 {
    %cs = nv_tileaa.splat %c : i32 -> tensor<16x256xi32>
    %col_idx = arith.addi %cs, %cols2d : tensor<16x256xi32>
    %col_ok = arith.cmpi slt, %col_idx, %ns : tensor<16x256xi32>
    %mask = arith.andi %row_ok, %col_ok : tensor<16x256xi1>
    %offs = arith.addi %row_offs, %col_idx : tensor<16x256xi32>
    %ptrs = nv_tileaa.addptr %x_base, %offs : tensor<16x256x!nv_tileaa.ptr<f32>>, tensor<16x256xi32>
    %v = nv_tileaa.load %ptrs, %mask : tensor<16x256x!nv_tileaa.ptr<f32>> -> tensor<16x256xf32>
    %next = nv_tileaa.addf %acc, %v : tensor<16x256xf32>
    scf.yield %next : tensor<16x256xf32>
  }
  %sums = nv_tileaa.reduce %partial {axis = 1 : i32} : tensor<16x256xf32> -> tensor<16xf32> {
  ^bb0(%l: f32, %r: f32):
    %s = arith.addf %l, %r : f32
    nv_tileaa.yield %s : f32
  }
  %out_base = nv_tileaa.splat %out : !nv_tileaa.ptr<f32> -> tensor<16x!nv_tileaa.ptr<f32>>
  %out_ptrs = nv_tileaa.addptr %out_base, %rows : tensor<16x!nv_tileaa.ptr<f32>>, tensor<16xi32>
  %m16 = nv_tileaa.splat %m : i32 -> tensor<16xi32>
  %out_ok = arith.cmpi slt, %rows, %m16 : tensor<16xi32>
  nv_tileaa.store %out_ptrs, %sums, %out_ok : tensor<16x!nv_tileaa.ptr<f32>>, tensor<16xf32>
  nv_tileaa.return
}
