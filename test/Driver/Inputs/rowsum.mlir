// A loop the LLVM optimizer unrolls more or less depending on -O.
nv_tileaa.func @rowsum(%x: !nv_tileaa.ptr<f32>, %out: !nv_tileaa.ptr<f32>, %n: i32)
    attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %pid = nv_tileaa.get_program_id x : i32
  %row = arith.muli %pid, %n : i32
  %base = nv_tileaa.addptr %x, %row : !nv_tileaa.ptr<f32>, i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant 0.0 : f32
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) : i32 {
    %p = nv_tileaa.addptr %base, %i : !nv_tileaa.ptr<f32>, i32
    %v = nv_tileaa.load %p : !nv_tileaa.ptr<f32> -> f32
    %next = nv_tileaa.addf %acc, %v : f32
    scf.yield %next : f32
  }
  %q = nv_tileaa.addptr %out, %pid : !nv_tileaa.ptr<f32>, i32
  nv_tileaa.store %q, %sum : !nv_tileaa.ptr<f32>, f32
  nv_tileaa.return
}
