// c[i] = a[i] + b[i] for 0 <= i < n, with n a multiple of 16.
//
// Each program (CTA) handles one block of 1024 consecutive elements: the
// program id selects the block, make_range enumerates the elements in it, and
// a mask disables the lanes past n in the last block. Launch with
// ceil(n / 1024) programs along x.
//
//   tileiras --gpu-name=sm_90 examples/vector_add.mlir -o vector_add.ptx

nv_tileaa.func @vector_add(%a: !nv_tileaa.ptr<f32>, %b: !nv_tileaa.ptr<f32>,
                           %c: !nv_tileaa.ptr<f32>, %n: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  // offsets = pid * 1024 + [0, 1, ..., 1023]
  %pid = nv_tileaa.get_program_id x : i32
  %block = arith.constant 1024 : i32
  %start = arith.muli %pid, %block : i32
  %starts = nv_tileaa.splat %start : i32 -> tensor<1024xi32>
  %range = nv_tileaa.make_range {start = 0 : i32, end = 1024 : i32} : tensor<1024xi32>
  %offsets = arith.addi %starts, %range : tensor<1024xi32>

  // Lanes at or past n neither load nor store.
  // n is a multiple of 16 (the caller's promise): the mask is constant
  // over every 16 consecutive elements, so each thread's 4 elements move
  // with one 128-bit access. Without this fact a mask could change inside
  // a vector and the accesses would be scalar.
  %n16 = nv_tileaa.assume %n {div_by = 16 : i64} : i32
  %bound = nv_tileaa.splat %n16 : i32 -> tensor<1024xi32>
  %mask = arith.cmpi slt, %offsets, %bound : tensor<1024xi32>

  %a_base = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<1024x!nv_tileaa.ptr<f32>>
  %a_ptrs = nv_tileaa.addptr %a_base, %offsets : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xi32>
  %b_base = nv_tileaa.splat %b : !nv_tileaa.ptr<f32> -> tensor<1024x!nv_tileaa.ptr<f32>>
  %b_ptrs = nv_tileaa.addptr %b_base, %offsets : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xi32>
  %c_base = nv_tileaa.splat %c : !nv_tileaa.ptr<f32> -> tensor<1024x!nv_tileaa.ptr<f32>>
  %c_ptrs = nv_tileaa.addptr %c_base, %offsets : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xi32>

  // Masked-off lanes of a load without `other` read as 0.
  %x = nv_tileaa.load %a_ptrs, %mask : tensor<1024x!nv_tileaa.ptr<f32>> -> tensor<1024xf32>
  %y = nv_tileaa.load %b_ptrs, %mask : tensor<1024x!nv_tileaa.ptr<f32>> -> tensor<1024xf32>
  %sum = nv_tileaa.addf %x, %y : tensor<1024xf32>
  nv_tileaa.store %c_ptrs, %sum, %mask : tensor<1024x!nv_tileaa.ptr<f32>>, tensor<1024xf32>
  nv_tileaa.return
}
