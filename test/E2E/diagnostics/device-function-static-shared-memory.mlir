// Device functions keep static scratch buffers (a device function cannot
// know where its callers' dynamic buffers end), so together they may need at
// most the 48 KiB a kernel can declare statically. @helper transposes a
// 128 x 128 tile through 66048 bytes: the kernel calling it is rejected,
// at the kernel, even on sm_90a where the kernel itself could use 227 KiB.
// RUN: %expect-exit 1 tileiras --gpu-name=sm_90a %s -o %t.ptx 2>&1 | FileCheck %s
// RUN: not ls %t.ptx
// CHECK: device-function-static-shared-memory.mlir:[[@LINE+1]]:1: error: kernel @kernel calls device functions that need 66048 bytes of shared memory together, more than the 49152 bytes of static shared memory a kernel may declare on sm_90a (device functions' scratch is always static; only a kernel's own scratch can be dynamic); inline the functions into the kernel or use smaller tiles
nv_tileaa.func @kernel(%in: !nv_tileaa.ptr<f32>, %out: !nv_tileaa.ptr<f32>, %m: i32, %n: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
  nv_tileaa.call @helper(%in, %out, %m, %n) : (!nv_tileaa.ptr<f32>, !nv_tileaa.ptr<f32>, i32, i32) -> ()
  nv_tileaa.return
}

nv_tileaa.func private @helper(%in: !nv_tileaa.ptr<f32>, %out: !nv_tileaa.ptr<f32>,
                          %m: i32, %n: i32) {
  %c128 = arith.constant 128 : i32
  %pid_m = nv_tileaa.get_program_id x : i32
  %pid_n = nv_tileaa.get_program_id y : i32
  %row0 = arith.muli %pid_m, %c128 : i32
  %col0 = arith.muli %pid_n, %c128 : i32
  %r128 = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %row0s = nv_tileaa.splat %row0 : i32 -> tensor<128xi32>
  %col0s = nv_tileaa.splat %col0 : i32 -> tensor<128xi32>
  %rows = arith.addi %row0s, %r128 : tensor<128xi32>
  %cols = arith.addi %col0s, %r128 : tensor<128xi32>

  // Read in[rows, cols]: rows down, columns across.
  %rows_col = nv_tileaa.expand_dims %rows {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %rows_in = nv_tileaa.broadcast %rows_col : tensor<128x1xi32> -> tensor<128x128xi32>
  %cols_row = nv_tileaa.expand_dims %cols {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
  %cols_in = nv_tileaa.broadcast %cols_row : tensor<1x128xi32> -> tensor<128x128xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<128x128xi32>
  %ms = nv_tileaa.splat %m : i32 -> tensor<128x128xi32>
  %in_offs_r = arith.muli %rows_in, %ns : tensor<128x128xi32>
  %in_offs = arith.addi %in_offs_r, %cols_in : tensor<128x128xi32>
  %in_row_ok = arith.cmpi slt, %rows_in, %ms : tensor<128x128xi32>
  %in_col_ok = arith.cmpi slt, %cols_in, %ns : tensor<128x128xi32>
  %in_mask = arith.andi %in_row_ok, %in_col_ok : tensor<128x128xi1>
  %in_base = nv_tileaa.splat %in : !nv_tileaa.ptr<f32> -> tensor<128x128x!nv_tileaa.ptr<f32>>
  %in_ptrs = nv_tileaa.addptr %in_base, %in_offs : tensor<128x128x!nv_tileaa.ptr<f32>>, tensor<128x128xi32>
  %tile = nv_tileaa.load %in_ptrs, %in_mask : tensor<128x128x!nv_tileaa.ptr<f32>> -> tensor<128x128xf32>

  // Element (i, j) of the permuted tile is in[rows[j], cols[i]]; it goes to
  // out[cols[i], rows[j]].
  %t = nv_tileaa.permute %tile {order = array<i32: 1, 0>} : tensor<128x128xf32> -> tensor<128x128xf32>
  %cols_col = nv_tileaa.expand_dims %cols {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %cols_out = nv_tileaa.broadcast %cols_col : tensor<128x1xi32> -> tensor<128x128xi32>
  %rows_row = nv_tileaa.expand_dims %rows {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
  %rows_out = nv_tileaa.broadcast %rows_row : tensor<1x128xi32> -> tensor<128x128xi32>
  %out_offs_r = arith.muli %cols_out, %ms : tensor<128x128xi32>
  %out_offs = arith.addi %out_offs_r, %rows_out : tensor<128x128xi32>
  %out_row_ok = arith.cmpi slt, %cols_out, %ns : tensor<128x128xi32>
  %out_col_ok = arith.cmpi slt, %rows_out, %ms : tensor<128x128xi32>
  %out_mask = arith.andi %out_row_ok, %out_col_ok : tensor<128x128xi1>
  %out_base = nv_tileaa.splat %out : !nv_tileaa.ptr<f32> -> tensor<128x128x!nv_tileaa.ptr<f32>>
  %out_ptrs = nv_tileaa.addptr %out_base, %out_offs : tensor<128x128x!nv_tileaa.ptr<f32>>, tensor<128x128xi32>
  nv_tileaa.store %out_ptrs, %t, %out_mask : tensor<128x128x!nv_tileaa.ptr<f32>>, tensor<128x128xf32>
  nv_tileaa.return
}
