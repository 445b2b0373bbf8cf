// RMSNorm over rows: y[r, :] = x[r, :] * w / sqrt(mean(x[r, :]^2) + eps).
// x, y are M x N row-major with row stride `stride`, N <= 256, w has N
// elements, eps is an f32 kernel parameter. Each program handles 4 rows:
// a 4 x 256 tile, the sum of squares reduced along axis 1.
// RUN: tileiras --gpu-name=sm_80 %s -o %t.sm_80.ptx
// RUN: tileiras --gpu-name=sm_90a %s -o %t.sm_90a.ptx
// RUN: tileiras --gpu-name=sm_120a %s -o %t.sm_120a.ptx
// RUN: %ptxas-verify sm_80 %t.sm_80.ptx
// RUN: %ptxas-verify sm_90a %t.sm_90a.ptx
// RUN: %ptxas-verify sm_120a %t.sm_120a.ptx
// RUN: FileCheck %s < %t.sm_90a.ptx
// CHECK: .entry rmsnorm(

nv_tileaa.func @rmsnorm(%x: !nv_tileaa.ptr<f32>, %w: !nv_tileaa.ptr<f32>,
                        %y: !nv_tileaa.ptr<f32>, %m: i32, %n: i32,
                        %stride: i32, %eps: f32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %pid = nv_tileaa.get_program_id x : i32
  %c4 = arith.constant 4 : i32
  %row0 = arith.muli %pid, %c4 : i32
  %row0s = nv_tileaa.splat %row0 : i32 -> tensor<4xi32>
  %r4 = nv_tileaa.make_range {start = 0 : i32, end = 4 : i32} : tensor<4xi32>
  %rows = arith.addi %row0s, %r4 : tensor<4xi32>
  %rows_col = nv_tileaa.expand_dims %rows {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
  %rows2d = nv_tileaa.broadcast %rows_col : tensor<4x1xi32> -> tensor<4x256xi32>
  %cols = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %cols_row = nv_tileaa.expand_dims %cols {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
  %cols2d = nv_tileaa.broadcast %cols_row : tensor<1x256xi32> -> tensor<4x256xi32>

  %strides = nv_tileaa.splat %stride : i32 -> tensor<4x256xi32>
  %row_offs = arith.muli %rows2d, %strides : tensor<4x256xi32>
  %offsets = arith.addi %row_offs, %cols2d : tensor<4x256xi32>
  %ms = nv_tileaa.splat %m : i32 -> tensor<4x256xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<4x256xi32>
  %row_ok = arith.cmpi slt, %rows2d, %ms : tensor<4x256xi32>
  %col_ok = arith.cmpi slt, %cols2d, %ns : tensor<4x256xi32>
  %mask = arith.andi %row_ok, %col_ok : tensor<4x256xi1>

  %xb = nv_tileaa.splat %x : !nv_tileaa.ptr<f32> -> tensor<4x256x!nv_tileaa.ptr<f32>>
  %xp = nv_tileaa.addptr %xb, %offsets : tensor<4x256x!nv_tileaa.ptr<f32>>, tensor<4x256xi32>
  %v = nv_tileaa.load %xp, %mask : tensor<4x256x!nv_tileaa.ptr<f32>> -> tensor<4x256xf32>

  // The weights: one row of N, broadcast to the 4 rows.
  %ns1 = nv_tileaa.splat %n : i32 -> tensor<256xi32>
  %wmask = arith.cmpi slt, %cols, %ns1 : tensor<256xi32>
  %wb = nv_tileaa.splat %w : !nv_tileaa.ptr<f32> -> tensor<256x!nv_tileaa.ptr<f32>>
  %wp = nv_tileaa.addptr %wb, %cols : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xi32>
  %wv = nv_tileaa.load %wp, %wmask : tensor<256x!nv_tileaa.ptr<f32>> -> tensor<256xf32>
  %w_row = nv_tileaa.expand_dims %wv {axis = 0 : i32} : tensor<256xf32> -> tensor<1x256xf32>
  %w2d = nv_tileaa.broadcast %w_row : tensor<1x256xf32> -> tensor<4x256xf32>

  // mean of squares per row (masked lanes loaded 0), then rsqrt(mean + eps).
  %sq = arith.mulf %v, %v : tensor<4x256xf32>
  %sum = nv_tileaa.reduce %sq {axis = 1 : i32} : tensor<4x256xf32> -> tensor<4xf32> {
  ^bb0(%l: f32, %r: f32):
    %s = arith.addf %l, %r : f32
    nv_tileaa.yield %s : f32
  }
  %nf = arith.sitofp %n : i32 to f32
  %nfs = nv_tileaa.splat %nf : f32 -> tensor<4xf32>
  %mean = arith.divf %sum, %nfs : tensor<4xf32>
  %epss = nv_tileaa.splat %eps : f32 -> tensor<4xf32>
  %meps = arith.addf %mean, %epss : tensor<4xf32>
  %inv = math.rsqrt %meps : tensor<4xf32>
  %inv_col = nv_tileaa.expand_dims %inv {axis = 1 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  %inv2d = nv_tileaa.broadcast %inv_col : tensor<4x1xf32> -> tensor<4x256xf32>
  %normed = arith.mulf %v, %inv2d : tensor<4x256xf32>
  %out = arith.mulf %normed, %w2d : tensor<4x256xf32>

  %yb = nv_tileaa.splat %y : !nv_tileaa.ptr<f32> -> tensor<4x256x!nv_tileaa.ptr<f32>>
  %yp = nv_tileaa.addptr %yb, %offsets : tensor<4x256x!nv_tileaa.ptr<f32>>, tensor<4x256xi32>
  nv_tileaa.store %yp, %out, %mask : tensor<4x256x!nv_tileaa.ptr<f32>>, tensor<4x256xf32>
  nv_tileaa.return
}
