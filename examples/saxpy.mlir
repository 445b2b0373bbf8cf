// y[i] = a * x[i] + y[i] for 0 <= i < n, n a multiple of 16 (single
// precision a*x plus y).
//
// Each program handles a block of 2048 elements: 4 warps, 16 elements per
// thread, moved with 128-bit loads and stores. Launch ceil(n / 2048)
// programs along x.
//
//   tileiras --gpu-name=sm_90a examples/saxpy.mlir -o saxpy.ptx

nv_tileaa.func @saxpy(%x: !nv_tileaa.ptr<f32>, %y: !nv_tileaa.ptr<f32>,
                      %a: f32, %n: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %pid = nv_tileaa.get_program_id x : i32
  %block = arith.constant 2048 : i32
  %start = arith.muli %pid, %block : i32
  %starts = nv_tileaa.splat %start : i32 -> tensor<2048xi32>
  %range = nv_tileaa.make_range {start = 0 : i32, end = 2048 : i32} : tensor<2048xi32>
  %offsets = arith.addi %starts, %range : tensor<2048xi32>
  // n is a multiple of 16 (the caller's promise): the mask is constant
  // over every 16 consecutive elements, so each thread's 4 elements move
  // with one 128-bit access. Without this fact a mask could change inside
  // a vector and the accesses would be scalar.
  %n16 = nv_tileaa.assume %n {div_by = 16 : i64} : i32
  %bound = nv_tileaa.splat %n16 : i32 -> tensor<2048xi32>
  %mask = arith.cmpi slt, %offsets, %bound : tensor<2048xi32>

  %x_base = nv_tileaa.splat %x : !nv_tileaa.ptr<f32> -> tensor<2048x!nv_tileaa.ptr<f32>>
  %x_ptrs = nv_tileaa.addptr %x_base, %offsets : tensor<2048x!nv_tileaa.ptr<f32>>, tensor<2048xi32>
  %y_base = nv_tileaa.splat %y : !nv_tileaa.ptr<f32> -> tensor<2048x!nv_tileaa.ptr<f32>>
  %y_ptrs = nv_tileaa.addptr %y_base, %offsets : tensor<2048x!nv_tileaa.ptr<f32>>, tensor<2048xi32>

  %xs = nv_tileaa.load %x_ptrs, %mask : tensor<2048x!nv_tileaa.ptr<f32>> -> tensor<2048xf32>
  %ys = nv_tileaa.load %y_ptrs, %mask : tensor<2048x!nv_tileaa.ptr<f32>> -> tensor<2048xf32>
  %as = nv_tileaa.splat %a : f32 -> tensor<2048xf32>
  %r = nv_tileaa.fma %as, %xs, %ys : tensor<2048xf32>
  nv_tileaa.store %y_ptrs, %r, %mask : tensor<2048x!nv_tileaa.ptr<f32>>, tensor<2048xf32>
  nv_tileaa.return
}
