// Atomics: one `atom` per element, predicated by the mask and, where the
// layout replicates an element, by the owner copy; masked-off (and
// non-owner) results start as 0. The old values of replicated elements are
// then handed to every copy: a shuffle from the owner lane when only lanes
// replicate, the scratch buffer (barrier, owner stores, barrier, load) when
// warps do. Scalar atomics happen once per program (thread 0) and reach the
// other threads through the scratch buffer. Default ordering: relaxed, gpu.
// RUN: tileiras-opt %s --tileaa-to-nvvm='gpu-name=sm_90a' | FileCheck %s

// CHECK-LABEL: llvm.func @rmw_add_i32
// CHECK-COUNT-4: "mov.b32 $0, 0;\0A\09@$3 atom.relaxed.gpu.global.add.u32 $0, [$1], $2;", "=&r,l,r,b"
// CHECK-NOT: atom.
// CHECK: llvm.return
nv_tileaa.func @rmw_add_i32(%a: !nv_tileaa.ptr<i32>, %v: i32, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<i32> -> tensor<128x!nv_tileaa.ptr<i32>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<128x!nv_tileaa.ptr<i32>>, tensor<128xi32>
  %vs = nv_tileaa.splat %v : i32 -> tensor<128xi32>
  %o = nv_tileaa.atomic_rmw add, %ap, %vs, %m : tensor<128x!nv_tileaa.ptr<i32>>, tensor<128xi32> -> tensor<128xi32>
  nv_tileaa.store %ap, %o : tensor<128x!nv_tileaa.ptr<i32>>, tensor<128xi32>
  nv_tileaa.return
}

// CHECK-LABEL: llvm.func @rmw_add_i64
// CHECK-COUNT-4: "mov.b64 $0, 0;\0A\09@$3 atom.relaxed.gpu.global.add.u64 $0, [$1], $2;", "=&l,l,l,b"
// CHECK-NOT: atom.
// CHECK: llvm.return
nv_tileaa.func @rmw_add_i64(%a: !nv_tileaa.ptr<i64>, %v: i64, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<i64> -> tensor<128x!nv_tileaa.ptr<i64>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<128x!nv_tileaa.ptr<i64>>, tensor<128xi32>
  %vs = nv_tileaa.splat %v : i64 -> tensor<128xi64>
  %o = nv_tileaa.atomic_rmw add, %ap, %vs, %m : tensor<128x!nv_tileaa.ptr<i64>>, tensor<128xi64> -> tensor<128xi64>
  nv_tileaa.store %ap, %o : tensor<128x!nv_tileaa.ptr<i64>>, tensor<128xi64>
  nv_tileaa.return
}

// CHECK-LABEL: llvm.func @rmw_addf_f32
// CHECK-COUNT-4: "mov.b32 $0, 0;\0A\09@$3 atom.relaxed.gpu.global.add.f32 $0, [$1], $2;", "=&r,l,r,b"
// CHECK-NOT: atom.
// CHECK: llvm.return
nv_tileaa.func @rmw_addf_f32(%a: !nv_tileaa.ptr<f32>, %v: f32, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<128x!nv_tileaa.ptr<f32>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  %vs = nv_tileaa.splat %v : f32 -> tensor<128xf32>
  %o = nv_tileaa.atomic_rmw addf, %ap, %vs, %m : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32> -> tensor<128xf32>
  nv_tileaa.store %ap, %o : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
  nv_tileaa.return
}

// `add` on a float pointee is float addition, exactly as `addf`.
// CHECK-LABEL: llvm.func @rmw_add_f32
// CHECK-COUNT-4: "mov.b32 $0, 0;\0A\09@$3 atom.relaxed.gpu.global.add.f32 $0, [$1], $2;", "=&r,l,r,b"
// CHECK-NOT: atom.
// CHECK: llvm.return
nv_tileaa.func @rmw_add_f32(%a: !nv_tileaa.ptr<f32>, %v: f32, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<128x!nv_tileaa.ptr<f32>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  %vs = nv_tileaa.splat %v : f32 -> tensor<128xf32>
  %o = nv_tileaa.atomic_rmw add, %ap, %vs, %m : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32> -> tensor<128xf32>
  nv_tileaa.store %ap, %o : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
  nv_tileaa.return
}

// CHECK-LABEL: llvm.func @rmw_addf_f64
// CHECK-COUNT-4: "mov.b64 $0, 0;\0A\09@$3 atom.relaxed.gpu.global.add.f64 $0, [$1], $2;", "=&l,l,l,b"
// CHECK-NOT: atom.
// CHECK: llvm.return
nv_tileaa.func @rmw_addf_f64(%a: !nv_tileaa.ptr<f64>, %v: f64, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<f64> -> tensor<128x!nv_tileaa.ptr<f64>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<128x!nv_tileaa.ptr<f64>>, tensor<128xi32>
  %vs = nv_tileaa.splat %v : f64 -> tensor<128xf64>
  %o = nv_tileaa.atomic_rmw addf, %ap, %vs, %m : tensor<128x!nv_tileaa.ptr<f64>>, tensor<128xf64> -> tensor<128xf64>
  nv_tileaa.store %ap, %o : tensor<128x!nv_tileaa.ptr<f64>>, tensor<128xf64>
  nv_tileaa.return
}

// CHECK-LABEL: llvm.func @rmw_addf_f16
// CHECK-COUNT-4: "mov.b16 $0, 0;\0A\09@$3 atom.relaxed.gpu.global.add.noftz.f16 $0, [$1], $2;", "=&h,l,h,b"
// CHECK-NOT: atom.
// CHECK: llvm.return
nv_tileaa.func @rmw_addf_f16(%a: !nv_tileaa.ptr<f16>, %v: f16, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<f16> -> tensor<128x!nv_tileaa.ptr<f16>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<128x!nv_tileaa.ptr<f16>>, tensor<128xi32>
  %vs = nv_tileaa.splat %v : f16 -> tensor<128xf16>
  %o = nv_tileaa.atomic_rmw addf, %ap, %vs, %m : tensor<128x!nv_tileaa.ptr<f16>>, tensor<128xf16> -> tensor<128xf16>
  nv_tileaa.store %ap, %o : tensor<128x!nv_tileaa.ptr<f16>>, tensor<128xf16>
  nv_tileaa.return
}

// CHECK-LABEL: llvm.func @rmw_addf_bf16
// CHECK-COUNT-4: "mov.b16 $0, 0;\0A\09@$3 atom.relaxed.gpu.global.add.noftz.bf16 $0, [$1], $2;", "=&h,l,h,b"
// CHECK-NOT: atom.
// CHECK: llvm.return
nv_tileaa.func @rmw_addf_bf16(%a: !nv_tileaa.ptr<bf16>, %v: bf16, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<bf16> -> tensor<128x!nv_tileaa.ptr<bf16>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<128x!nv_tileaa.ptr<bf16>>, tensor<128xi32>
  %vs = nv_tileaa.splat %v : bf16 -> tensor<128xbf16>
  %o = nv_tileaa.atomic_rmw addf, %ap, %vs, %m : tensor<128x!nv_tileaa.ptr<bf16>>, tensor<128xbf16> -> tensor<128xbf16>
  nv_tileaa.store %ap, %o : tensor<128x!nv_tileaa.ptr<bf16>>, tensor<128xbf16>
  nv_tileaa.return
}

// CHECK-LABEL: llvm.func @rmw_and_i32
// CHECK-COUNT-4: "mov.b32 $0, 0;\0A\09@$3 atom.relaxed.gpu.global.and.b32 $0, [$1], $2;", "=&r,l,r,b"
// CHECK-NOT: atom.
// CHECK: llvm.return
nv_tileaa.func @rmw_and_i32(%a: !nv_tileaa.ptr<i32>, %v: i32, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<i32> -> tensor<128x!nv_tileaa.ptr<i32>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<128x!nv_tileaa.ptr<i32>>, tensor<128xi32>
  %vs = nv_tileaa.splat %v : i32 -> tensor<128xi32>
  %o = nv_tileaa.atomic_rmw and, %ap, %vs, %m : tensor<128x!nv_tileaa.ptr<i32>>, tensor<128xi32> -> tensor<128xi32>
  nv_tileaa.store %ap, %o : tensor<128x!nv_tileaa.ptr<i32>>, tensor<128xi32>
  nv_tileaa.return
}

// CHECK-LABEL: llvm.func @rmw_or_i64
// CHECK-COUNT-4: "mov.b64 $0, 0;\0A\09@$3 atom.relaxed.gpu.global.or.b64 $0, [$1], $2;", "=&l,l,l,b"
// CHECK-NOT: atom.
// CHECK: llvm.return
nv_tileaa.func @rmw_or_i64(%a: !nv_tileaa.ptr<i64>, %v: i64, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<i64> -> tensor<128x!nv_tileaa.ptr<i64>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<128x!nv_tileaa.ptr<i64>>, tensor<128xi32>
  %vs = nv_tileaa.splat %v : i64 -> tensor<128xi64>
  %o = nv_tileaa.atomic_rmw or, %ap, %vs, %m : tensor<128x!nv_tileaa.ptr<i64>>, tensor<128xi64> -> tensor<128xi64>
  nv_tileaa.store %ap, %o : tensor<128x!nv_tileaa.ptr<i64>>, tensor<128xi64>
  nv_tileaa.return
}

// CHECK-LABEL: llvm.func @rmw_xor_i32
// CHECK-COUNT-4: "mov.b32 $0, 0;\0A\09@$3 atom.relaxed.gpu.global.xor.b32 $0, [$1], $2;", "=&r,l,r,b"
// CHECK-NOT: atom.
// CHECK: llvm.return
nv_tileaa.func @rmw_xor_i32(%a: !nv_tileaa.ptr<i32>, %v: i32, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<i32> -> tensor<128x!nv_tileaa.ptr<i32>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<128x!nv_tileaa.ptr<i32>>, tensor<128xi32>
  %vs = nv_tileaa.splat %v : i32 -> tensor<128xi32>
  %o = nv_tileaa.atomic_rmw xor, %ap, %vs, %m : tensor<128x!nv_tileaa.ptr<i32>>, tensor<128xi32> -> tensor<128xi32>
  nv_tileaa.store %ap, %o : tensor<128x!nv_tileaa.ptr<i32>>, tensor<128xi32>
  nv_tileaa.return
}

// CHECK-LABEL: llvm.func @rmw_xchg_f32
// CHECK-COUNT-4: "mov.b32 $0, 0;\0A\09@$3 atom.relaxed.gpu.global.exch.b32 $0, [$1], $2;", "=&r,l,r,b"
// CHECK-NOT: atom.
// CHECK: llvm.return
nv_tileaa.func @rmw_xchg_f32(%a: !nv_tileaa.ptr<f32>, %v: f32, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<128x!nv_tileaa.ptr<f32>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  %vs = nv_tileaa.splat %v : f32 -> tensor<128xf32>
  %o = nv_tileaa.atomic_rmw xchg, %ap, %vs, %m : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32> -> tensor<128xf32>
  nv_tileaa.store %ap, %o : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
  nv_tileaa.return
}

// CHECK-LABEL: llvm.func @rmw_xchg_i64
// CHECK-COUNT-4: "mov.b64 $0, 0;\0A\09@$3 atom.relaxed.gpu.global.exch.b64 $0, [$1], $2;", "=&l,l,l,b"
// CHECK-NOT: atom.
// CHECK: llvm.return
nv_tileaa.func @rmw_xchg_i64(%a: !nv_tileaa.ptr<i64>, %v: i64, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<i64> -> tensor<128x!nv_tileaa.ptr<i64>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<128x!nv_tileaa.ptr<i64>>, tensor<128xi32>
  %vs = nv_tileaa.splat %v : i64 -> tensor<128xi64>
  %o = nv_tileaa.atomic_rmw xchg, %ap, %vs, %m : tensor<128x!nv_tileaa.ptr<i64>>, tensor<128xi64> -> tensor<128xi64>
  nv_tileaa.store %ap, %o : tensor<128x!nv_tileaa.ptr<i64>>, tensor<128xi64>
  nv_tileaa.return
}

// CHECK-LABEL: llvm.func @rmw_min_i32
// CHECK-COUNT-4: "mov.b32 $0, 0;\0A\09@$3 atom.relaxed.gpu.global.min.s32 $0, [$1], $2;", "=&r,l,r,b"
// CHECK-NOT: atom.
// CHECK: llvm.return
nv_tileaa.func @rmw_min_i32(%a: !nv_tileaa.ptr<i32>, %v: i32, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<i32> -> tensor<128x!nv_tileaa.ptr<i32>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<128x!nv_tileaa.ptr<i32>>, tensor<128xi32>
  %vs = nv_tileaa.splat %v : i32 -> tensor<128xi32>
  %o = nv_tileaa.atomic_rmw min, %ap, %vs, %m : tensor<128x!nv_tileaa.ptr<i32>>, tensor<128xi32> -> tensor<128xi32>
  nv_tileaa.store %ap, %o : tensor<128x!nv_tileaa.ptr<i32>>, tensor<128xi32>
  nv_tileaa.return
}

// CHECK-LABEL: llvm.func @rmw_max_i64
// CHECK-COUNT-4: "mov.b64 $0, 0;\0A\09@$3 atom.relaxed.gpu.global.max.s64 $0, [$1], $2;", "=&l,l,l,b"
// CHECK-NOT: atom.
// CHECK: llvm.return
nv_tileaa.func @rmw_max_i64(%a: !nv_tileaa.ptr<i64>, %v: i64, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<i64> -> tensor<128x!nv_tileaa.ptr<i64>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<128x!nv_tileaa.ptr<i64>>, tensor<128xi32>
  %vs = nv_tileaa.splat %v : i64 -> tensor<128xi64>
  %o = nv_tileaa.atomic_rmw max, %ap, %vs, %m : tensor<128x!nv_tileaa.ptr<i64>>, tensor<128xi64> -> tensor<128xi64>
  nv_tileaa.store %ap, %o : tensor<128x!nv_tileaa.ptr<i64>>, tensor<128xi64>
  nv_tileaa.return
}

// CHECK-LABEL: llvm.func @rmw_umin_i64
// CHECK-COUNT-4: "mov.b64 $0, 0;\0A\09@$3 atom.relaxed.gpu.global.min.u64 $0, [$1], $2;", "=&l,l,l,b"
// CHECK-NOT: atom.
// CHECK: llvm.return
nv_tileaa.func @rmw_umin_i64(%a: !nv_tileaa.ptr<i64>, %v: i64, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<i64> -> tensor<128x!nv_tileaa.ptr<i64>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<128x!nv_tileaa.ptr<i64>>, tensor<128xi32>
  %vs = nv_tileaa.splat %v : i64 -> tensor<128xi64>
  %o = nv_tileaa.atomic_rmw umin, %ap, %vs, %m : tensor<128x!nv_tileaa.ptr<i64>>, tensor<128xi64> -> tensor<128xi64>
  nv_tileaa.store %ap, %o : tensor<128x!nv_tileaa.ptr<i64>>, tensor<128xi64>
  nv_tileaa.return
}

// CHECK-LABEL: llvm.func @rmw_umax_i32
// CHECK-COUNT-4: "mov.b32 $0, 0;\0A\09@$3 atom.relaxed.gpu.global.max.u32 $0, [$1], $2;", "=&r,l,r,b"
// CHECK-NOT: atom.
// CHECK: llvm.return
nv_tileaa.func @rmw_umax_i32(%a: !nv_tileaa.ptr<i32>, %v: i32, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<128xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<128xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<i32> -> tensor<128x!nv_tileaa.ptr<i32>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<128x!nv_tileaa.ptr<i32>>, tensor<128xi32>
  %vs = nv_tileaa.splat %v : i32 -> tensor<128xi32>
  %o = nv_tileaa.atomic_rmw umax, %ap, %vs, %m : tensor<128x!nv_tileaa.ptr<i32>>, tensor<128xi32> -> tensor<128xi32>
  nv_tileaa.store %ap, %o : tensor<128x!nv_tileaa.ptr<i32>>, tensor<128xi32>
  nv_tileaa.return
}

// Written ordering and scope, on shared memory; cas takes compare and new
// value, here as 16-bit registers. No mask: only the owner predicate would
// guard it, and 128 elements over 128 threads are not replicated.
// CHECK-LABEL: llvm.func @cas_shared
// CHECK: "atom.acquire.cta.shared.cas.b16 $0, [$1], $2, $3;", "=h,l,h,h"
// CHECK: "atom.acq_rel.sys.shared.add.u32 $0, [$1], $2;", "=r,l,r"
nv_tileaa.func @cas_shared(%a: !nv_tileaa.ptr<f16, 3>, %b: !nv_tileaa.ptr<i32, 3>) {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<f16, 3> -> tensor<128x!nv_tileaa.ptr<f16, 3>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<128x!nv_tileaa.ptr<f16, 3>>, tensor<128xi32>
  %c = arith.constant dense<1.0> : tensor<128xf16>
  %o = nv_tileaa.atomic_cas %ap, %c, %c {mem_semantic = #nv_tileaa.mem_semantic<acquire>, mem_scope = #nv_tileaa.mem_scope<cta>} : tensor<128x!nv_tileaa.ptr<f16, 3>>, tensor<128xf16> -> tensor<128xf16>
  nv_tileaa.store %ap, %o : tensor<128x!nv_tileaa.ptr<f16, 3>>, tensor<128xf16>
  %bb = nv_tileaa.splat %b : !nv_tileaa.ptr<i32, 3> -> tensor<128x!nv_tileaa.ptr<i32, 3>>
  %bp = nv_tileaa.addptr %bb, %r : tensor<128x!nv_tileaa.ptr<i32, 3>>, tensor<128xi32>
  %q = nv_tileaa.atomic_rmw add, %bp, %r {mem_semantic = #nv_tileaa.mem_semantic<acq_rel>, mem_scope = #nv_tileaa.mem_scope<sys>} : tensor<128x!nv_tileaa.ptr<i32, 3>>, tensor<128xi32> -> tensor<128xi32>
  nv_tileaa.store %bp, %q : tensor<128x!nv_tileaa.ptr<i32, 3>>, tensor<128xi32>
  nv_tileaa.return
}

// 64 elements over 4 warps: warps 2 and 3 hold copies of warps 0 and 1.
// Only warps with bit 1 clear perform the atomic; after a barrier they
// store the old values to the scratch buffer at the element's index
// (lane + 32 * (warp & 1)), and after a second barrier every thread reads
// its element back.
// CHECK-LABEL: llvm.func @replicated_warps
// CHECK-DAG: %[[SMEM:.*]] = llvm.mlir.addressof @__tileiras_smem_replicated_warps : !llvm.ptr<3>
// CHECK-DAG: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-DAG: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK: %[[B1:.*]] = llvm.and %{{.*}}, %[[TWO]] : i32
// CHECK: %[[OWNER:.*]] = llvm.icmp "eq" %[[B1]], %[[ZERO]] : i32
// CHECK: %[[OLD:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "mov.b32 $0, 0;\0A\09@$3 atom.relaxed.gpu.global.add.f32 $0, [$1], $2;", "=&r,l,r,b" %{{.*}}, %{{.*}}, %[[OWNER]]
// CHECK: %[[SLOT:.*]] = llvm.getelementptr %[[SMEM]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
// CHECK: %[[SLOTI:.*]] = llvm.ptrtoint %[[SLOT]] : !llvm.ptr<3> to i64
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att {tileiras.shared_access = "write"} "@$2 st.shared.b32 [$0], $1;", "l,r,b" %[[SLOTI]], %[[OLD]], %{{.*}}
// CHECK: nvvm.barrier0
// CHECK: %[[BACK:.*]] = llvm.load %[[SLOT]] : !llvm.ptr<3> -> i32
// The store of the result is made by the owner copies too.
// CHECK: "@$2 st.global.b32 [$0], $1;", "l,r,b" %{{.*}}, %[[BACK]], %{{.*}}
nv_tileaa.func @replicated_warps(%a: !nv_tileaa.ptr<f32>, %out: !nv_tileaa.ptr<f32>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<64x!nv_tileaa.ptr<f32>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<64x!nv_tileaa.ptr<f32>>, tensor<64xi32>
  %x = nv_tileaa.load %ap : tensor<64x!nv_tileaa.ptr<f32>> -> tensor<64xf32>
  %ob = nv_tileaa.splat %out : !nv_tileaa.ptr<f32> -> tensor<64x!nv_tileaa.ptr<f32>>
  %op = nv_tileaa.addptr %ob, %r : tensor<64x!nv_tileaa.ptr<f32>>, tensor<64xi32>
  %old = nv_tileaa.atomic_rmw addf, %op, %x : tensor<64x!nv_tileaa.ptr<f32>>, tensor<64xf32> -> tensor<64xf32>
  nv_tileaa.store %ap, %old : tensor<64x!nv_tileaa.ptr<f32>>, tensor<64xf32>
  nv_tileaa.return
}

// 16 elements over one warp: lanes 16..31 copy lanes 0..15. Lanes with bit 4
// clear perform the atomic and the others take its result with a shuffle
// from lane & ~16; no shared memory.
// CHECK-LABEL: llvm.func @replicated_lanes
// CHECK-NOT: nvvm.barrier0
// CHECK-DAG: %[[MASK:.*]] = llvm.mlir.constant(-17 : i32) : i32
// CHECK-DAG: %[[SIXTEEN:.*]] = llvm.mlir.constant(16 : i32) : i32
// CHECK: %[[LANEBIT:.*]] = llvm.and %{{.*}}, %[[SIXTEEN]] : i32
// CHECK: %[[OWNER:.*]] = llvm.icmp "eq" %[[LANEBIT]], %{{.*}} : i32
// CHECK: %[[OLD:.*]] = llvm.inline_asm {{.*}}"mov.b32 $0, 0;\0A\09@$3 atom.relaxed.gpu.global.add.u32 $0, [$1], $2;", "=&r,l,r,b" %{{.*}}, %{{.*}}, %[[OWNER]]
// CHECK: %[[SRC:.*]] = llvm.and %{{.*}}, %[[MASK]] : i32
// CHECK: nvvm.shfl.sync idx %{{.*}}, %[[OLD]], %[[SRC]], %{{.*}} : i32 -> i32
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
nv_tileaa.func @replicated_lanes(%a: !nv_tileaa.ptr<i32>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<i32> -> tensor<16x!nv_tileaa.ptr<i32>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<16x!nv_tileaa.ptr<i32>>, tensor<16xi32>
  %o = nv_tileaa.atomic_rmw add, %ap, %r : tensor<16x!nv_tileaa.ptr<i32>>, tensor<16xi32> -> tensor<16xi32>
  nv_tileaa.store %ap, %o : tensor<16x!nv_tileaa.ptr<i32>>, tensor<16xi32>
  nv_tileaa.return
}

// An atomic whose old values nobody uses needs no broadcast: still only the
// owner copies (and thread 0 for the scalar), but no shared memory and no
// barriers.
// CHECK-LABEL: llvm.func @effect_only
// CHECK-NOT: nvvm.barrier0
// CHECK: "mov.b32 $0, 0;\0A\09@$3 atom.relaxed.gpu.global.add.u32 $0, [$1], $2;", "=&r,l,r,b"
// CHECK-NOT: nvvm.barrier0
// CHECK: "mov.b32 $0, 0;\0A\09@$3 atom.relaxed.gpu.global.add.u32 $0, [$1], $2;", "=&r,l,r,b"
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
nv_tileaa.func @effect_only(%hist: !nv_tileaa.ptr<i32>, %bins: tensor<64xi32>) {
  %hb = nv_tileaa.splat %hist : !nv_tileaa.ptr<i32> -> tensor<64x!nv_tileaa.ptr<i32>>
  %hp = nv_tileaa.addptr %hb, %bins : tensor<64x!nv_tileaa.ptr<i32>>, tensor<64xi32>
  %one = arith.constant dense<1> : tensor<64xi32>
  %o = nv_tileaa.atomic_rmw add, %hp, %one : tensor<64x!nv_tileaa.ptr<i32>>, tensor<64xi32> -> tensor<64xi32>
  %c1 = arith.constant 1 : i32
  %s = nv_tileaa.atomic_rmw add, %hist, %c1 : !nv_tileaa.ptr<i32>, i32 -> i32
  nv_tileaa.return
}
