// Histogram of n bin indices into `bins` counters with atomics:
//   hist[b] = #{ i < n : x[i] == b } for 0 <= b < bins.
// Each program reads 1024 indices and adds 1 to each indexed counter with
// one atomic per element; indices outside [0, bins) and elements past n are
// masked off. `hist` must be zeroed before the launch. Launch ceil(n / 1024)
// programs along x.
//
//   tileiras --gpu-name=sm_90a examples/histogram.mlir -o histogram.ptx

nv_tileaa.func @histogram(%x: !nv_tileaa.ptr<i32>, %hist: !nv_tileaa.ptr<i32>,
                          %n: i32, %bins: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %pid = nv_tileaa.get_program_id x : i32
  %block = arith.constant 1024 : i32
  %start = arith.muli %pid, %block : i32
  %starts = nv_tileaa.splat %start : i32 -> tensor<1024xi32>
  %range = nv_tileaa.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %offsets = arith.addi %starts, %range : tensor<1024xi32>
  %bound = nv_tileaa.splat %n : i32 -> tensor<1024xi32>
  %in_range = arith.cmpi slt, %offsets, %bound : tensor<1024xi32>

  %x_base = nv_tileaa.splat %x : !nv_tileaa.ptr<i32> -> tensor<1024x!nv_tileaa.ptr<i32>>
  %x_ptrs = nv_tileaa.addptr %x_base, %offsets : tensor<1024x!nv_tileaa.ptr<i32>>, tensor<1024xi32>
  %bin = nv_tileaa.load %x_ptrs, %in_range : tensor<1024x!nv_tileaa.ptr<i32>> -> tensor<1024xi32>

  %zero = arith.constant dense<0> : tensor<1024xi32>
  %nbins = nv_tileaa.splat %bins : i32 -> tensor<1024xi32>
  %not_negative = arith.cmpi sge, %bin, %zero : tensor<1024xi32>
  %below = arith.cmpi slt, %bin, %nbins : tensor<1024xi32>
  %valid_bin = arith.andi %not_negative, %below : tensor<1024xi1>
  %mask = arith.andi %in_range, %valid_bin : tensor<1024xi1>

  %h_base = nv_tileaa.splat %hist : !nv_tileaa.ptr<i32> -> tensor<1024x!nv_tileaa.ptr<i32>>
  %h_ptrs = nv_tileaa.addptr %h_base, %bin : tensor<1024x!nv_tileaa.ptr<i32>>, tensor<1024xi32>
  %ones = arith.constant dense<1> : tensor<1024xi32>
  %old = nv_tileaa.atomic_rmw add, %h_ptrs, %ones, %mask : tensor<1024x!nv_tileaa.ptr<i32>>, tensor<1024xi32> -> tensor<1024xi32>
  nv_tileaa.return
}
