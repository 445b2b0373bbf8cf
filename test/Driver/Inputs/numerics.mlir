// Scalar float arithmetic the numeric options act on.
nv_tileaa.func @numerics(%p: !nv_tileaa.ptr<f32>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %q1 = nv_tileaa.addptr %p, %c1 : !nv_tileaa.ptr<f32>, i32
  %q2 = nv_tileaa.addptr %p, %c2 : !nv_tileaa.ptr<f32>, i32
  %a = nv_tileaa.load %p : !nv_tileaa.ptr<f32> -> f32
  %b = nv_tileaa.load %q1 : !nv_tileaa.ptr<f32> -> f32
  %c = nv_tileaa.load %q2 : !nv_tileaa.ptr<f32> -> f32
  %m = nv_tileaa.mulf %a, %b : f32
  %s = nv_tileaa.addf %m, %c : f32
  %d = nv_tileaa.divf %s, %b : f32
  %r = nv_tileaa.sqrt %d : f32
  nv_tileaa.store %p, %r : !nv_tileaa.ptr<f32>, f32
  nv_tileaa.return
}
