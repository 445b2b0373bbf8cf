// Inclusive prefix sums of independent blocks of 1024 integers:
//   out[i] = sum_{j = start(i) .. i} x[j], start(i) = i rounded down to 1024.
// Each program scans its block with `scan` (in-thread, then across lanes
// with shuffles, then across warps through shared memory). Elements past n
// read 0 and are not stored. Launch ceil(n / 1024) programs along x.
//
//   tileiras --gpu-name=sm_90a examples/inclusive_scan.mlir -o inclusive_scan.ptx

nv_tileaa.func @inclusive_scan(%x: !nv_tileaa.ptr<i32>, %out: !nv_tileaa.ptr<i32>, %n: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %pid = nv_tileaa.get_program_id x : i32
  %block = arith.constant 1024 : i32
  %start = arith.muli %pid, %block : i32
  %starts = nv_tileaa.splat %start : i32 -> tensor<1024xi32>
  %range = nv_tileaa.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %offsets = arith.addi %starts, %range : tensor<1024xi32>
  %bound = nv_tileaa.splat %n : i32 -> tensor<1024xi32>
  %mask = arith.cmpi slt, %offsets, %bound : tensor<1024xi32>

  %x_base = nv_tileaa.splat %x : !nv_tileaa.ptr<i32> -> tensor<1024x!nv_tileaa.ptr<i32>>
  %x_ptrs = nv_tileaa.addptr %x_base, %offsets : tensor<1024x!nv_tileaa.ptr<i32>>, tensor<1024xi32>
  %v = nv_tileaa.load %x_ptrs, %mask : tensor<1024x!nv_tileaa.ptr<i32>> -> tensor<1024xi32>
  %sums = nv_tileaa.scan %v {axis = 0 : i32, reverse = false} : tensor<1024xi32> -> tensor<1024xi32> {
  ^bb0(%l: i32, %r: i32):
    %s = arith.addi %l, %r : i32
    nv_tileaa.yield %s : i32
  }
  %out_base = nv_tileaa.splat %out : !nv_tileaa.ptr<i32> -> tensor<1024x!nv_tileaa.ptr<i32>>
  %out_ptrs = nv_tileaa.addptr %out_base, %offsets : tensor<1024x!nv_tileaa.ptr<i32>>, tensor<1024xi32>
  nv_tileaa.store %out_ptrs, %sums, %mask : tensor<1024x!nv_tileaa.ptr<i32>>, tensor<1024xi32>
  nv_tileaa.return
}
