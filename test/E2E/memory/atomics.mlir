// Every atomic_rmw mode on every element type it takes, cas, masks,
// ordering, shared memory, replication and the scalar (once per program)
// form, compiled for every target and assembled.
// RUN: %all-targets %s %t | FileCheck %S/all-targets.txt
// RUN: tileiras --gpu-name=sm_80 %s -o - | FileCheck %s

// Masked tile atomics: two elements per thread, each its own predicated
// atom (masked-off lanes start from 0 and touch no memory).
// CHECK-LABEL: .entry add_i32(
// CHECK: mov.b32 %r[[OLD:[0-9]+]], 0;
// CHECK-NEXT: @%p{{[0-9]+}} atom.relaxed.gpu.global.add.u32 %r[[OLD]], [%rd{{[0-9]+}}], %r{{[0-9]+}};
// CHECK-LABEL: .entry add_i64(
// CHECK: atom.relaxed.gpu.global.add.u64
// CHECK-LABEL: .entry addf_f32(
// CHECK: atom.relaxed.gpu.global.add.f32
// CHECK-LABEL: .entry addf_f64(
// CHECK: atom.relaxed.gpu.global.add.f64
// CHECK-LABEL: .entry addf_f16(
// CHECK: mov.b16 %rs[[H:[0-9]+]], 0;
// CHECK-NEXT: @%p{{[0-9]+}} atom.relaxed.gpu.global.add.noftz.f16 %rs[[H]],
// CHECK-LABEL: .entry and_i32(
// CHECK: atom.relaxed.gpu.global.and.b32
// CHECK-LABEL: .entry or_i64(
// CHECK: atom.relaxed.gpu.global.or.b64
// CHECK-LABEL: .entry xor_i32(
// CHECK: atom.relaxed.gpu.global.xor.b32
// CHECK-LABEL: .entry xchg_f32(
// CHECK: atom.relaxed.gpu.global.exch.b32
// CHECK-LABEL: .entry xchg_f64(
// CHECK: atom.relaxed.gpu.global.exch.b64
// CHECK-LABEL: .entry min_i64(
// CHECK: atom.relaxed.gpu.global.min.s64
// CHECK-LABEL: .entry max_i32(
// CHECK: atom.relaxed.gpu.global.max.s32
// CHECK-LABEL: .entry umin_i32(
// CHECK: atom.relaxed.gpu.global.min.u32
// CHECK-LABEL: .entry umax_i64(
// CHECK: atom.relaxed.gpu.global.max.u64


nv_tileaa.func @add_i32(%a: !nv_tileaa.ptr<i32>, %v: i32, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<256xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<256xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<i32> -> tensor<256x!nv_tileaa.ptr<i32>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<256x!nv_tileaa.ptr<i32>>, tensor<256xi32>
  %vs = nv_tileaa.splat %v : i32 -> tensor<256xi32>
  %o = nv_tileaa.atomic_rmw add, %ap, %vs, %m : tensor<256x!nv_tileaa.ptr<i32>>, tensor<256xi32> -> tensor<256xi32>
  nv_tileaa.store %ap, %o : tensor<256x!nv_tileaa.ptr<i32>>, tensor<256xi32>
  nv_tileaa.return
}

nv_tileaa.func @add_i64(%a: !nv_tileaa.ptr<i64>, %v: i64, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<256xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<256xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<i64> -> tensor<256x!nv_tileaa.ptr<i64>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<256x!nv_tileaa.ptr<i64>>, tensor<256xi32>
  %vs = nv_tileaa.splat %v : i64 -> tensor<256xi64>
  %o = nv_tileaa.atomic_rmw add, %ap, %vs, %m : tensor<256x!nv_tileaa.ptr<i64>>, tensor<256xi64> -> tensor<256xi64>
  nv_tileaa.store %ap, %o : tensor<256x!nv_tileaa.ptr<i64>>, tensor<256xi64>
  nv_tileaa.return
}

nv_tileaa.func @addf_f32(%a: !nv_tileaa.ptr<f32>, %v: f32, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<256xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<256xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<256x!nv_tileaa.ptr<f32>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xi32>
  %vs = nv_tileaa.splat %v : f32 -> tensor<256xf32>
  %o = nv_tileaa.atomic_rmw addf, %ap, %vs, %m : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xf32> -> tensor<256xf32>
  nv_tileaa.store %ap, %o : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xf32>
  nv_tileaa.return
}

nv_tileaa.func @addf_f64(%a: !nv_tileaa.ptr<f64>, %v: f64, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<256xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<256xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<f64> -> tensor<256x!nv_tileaa.ptr<f64>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<256x!nv_tileaa.ptr<f64>>, tensor<256xi32>
  %vs = nv_tileaa.splat %v : f64 -> tensor<256xf64>
  %o = nv_tileaa.atomic_rmw addf, %ap, %vs, %m : tensor<256x!nv_tileaa.ptr<f64>>, tensor<256xf64> -> tensor<256xf64>
  nv_tileaa.store %ap, %o : tensor<256x!nv_tileaa.ptr<f64>>, tensor<256xf64>
  nv_tileaa.return
}

nv_tileaa.func @addf_f16(%a: !nv_tileaa.ptr<f16>, %v: f16, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<256xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<256xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<f16> -> tensor<256x!nv_tileaa.ptr<f16>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<256x!nv_tileaa.ptr<f16>>, tensor<256xi32>
  %vs = nv_tileaa.splat %v : f16 -> tensor<256xf16>
  %o = nv_tileaa.atomic_rmw addf, %ap, %vs, %m : tensor<256x!nv_tileaa.ptr<f16>>, tensor<256xf16> -> tensor<256xf16>
  nv_tileaa.store %ap, %o : tensor<256x!nv_tileaa.ptr<f16>>, tensor<256xf16>
  nv_tileaa.return
}

nv_tileaa.func @and_i32(%a: !nv_tileaa.ptr<i32>, %v: i32, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<256xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<256xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<i32> -> tensor<256x!nv_tileaa.ptr<i32>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<256x!nv_tileaa.ptr<i32>>, tensor<256xi32>
  %vs = nv_tileaa.splat %v : i32 -> tensor<256xi32>
  %o = nv_tileaa.atomic_rmw and, %ap, %vs, %m : tensor<256x!nv_tileaa.ptr<i32>>, tensor<256xi32> -> tensor<256xi32>
  nv_tileaa.store %ap, %o : tensor<256x!nv_tileaa.ptr<i32>>, tensor<256xi32>
  nv_tileaa.return
}

nv_tileaa.func @or_i64(%a: !nv_tileaa.ptr<i64>, %v: i64, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<256xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<256xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<i64> -> tensor<256x!nv_tileaa.ptr<i64>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<256x!nv_tileaa.ptr<i64>>, tensor<256xi32>
  %vs = nv_tileaa.splat %v : i64 -> tensor<256xi64>
  %o = nv_tileaa.atomic_rmw or, %ap, %vs, %m : tensor<256x!nv_tileaa.ptr<i64>>, tensor<256xi64> -> tensor<256xi64>
  nv_tileaa.store %ap, %o : tensor<256x!nv_tileaa.ptr<i64>>, tensor<256xi64>
  nv_tileaa.return
}

nv_tileaa.func @xor_i32(%a: !nv_tileaa.ptr<i32>, %v: i32, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<256xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<256xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<i32> -> tensor<256x!nv_tileaa.ptr<i32>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<256x!nv_tileaa.ptr<i32>>, tensor<256xi32>
  %vs = nv_tileaa.splat %v : i32 -> tensor<256xi32>
  %o = nv_tileaa.atomic_rmw xor, %ap, %vs, %m : tensor<256x!nv_tileaa.ptr<i32>>, tensor<256xi32> -> tensor<256xi32>
  nv_tileaa.store %ap, %o : tensor<256x!nv_tileaa.ptr<i32>>, tensor<256xi32>
  nv_tileaa.return
}

nv_tileaa.func @xchg_f32(%a: !nv_tileaa.ptr<f32>, %v: f32, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<256xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<256xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<256x!nv_tileaa.ptr<f32>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xi32>
  %vs = nv_tileaa.splat %v : f32 -> tensor<256xf32>
  %o = nv_tileaa.atomic_rmw xchg, %ap, %vs, %m : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xf32> -> tensor<256xf32>
  nv_tileaa.store %ap, %o : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xf32>
  nv_tileaa.return
}

nv_tileaa.func @xchg_f64(%a: !nv_tileaa.ptr<f64>, %v: f64, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<256xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<256xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<f64> -> tensor<256x!nv_tileaa.ptr<f64>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<256x!nv_tileaa.ptr<f64>>, tensor<256xi32>
  %vs = nv_tileaa.splat %v : f64 -> tensor<256xf64>
  %o = nv_tileaa.atomic_rmw xchg, %ap, %vs, %m : tensor<256x!nv_tileaa.ptr<f64>>, tensor<256xf64> -> tensor<256xf64>
  nv_tileaa.store %ap, %o : tensor<256x!nv_tileaa.ptr<f64>>, tensor<256xf64>
  nv_tileaa.return
}

nv_tileaa.func @min_i64(%a: !nv_tileaa.ptr<i64>, %v: i64, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<256xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<256xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<i64> -> tensor<256x!nv_tileaa.ptr<i64>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<256x!nv_tileaa.ptr<i64>>, tensor<256xi32>
  %vs = nv_tileaa.splat %v : i64 -> tensor<256xi64>
  %o = nv_tileaa.atomic_rmw min, %ap, %vs, %m : tensor<256x!nv_tileaa.ptr<i64>>, tensor<256xi64> -> tensor<256xi64>
  nv_tileaa.store %ap, %o : tensor<256x!nv_tileaa.ptr<i64>>, tensor<256xi64>
  nv_tileaa.return
}

nv_tileaa.func @max_i32(%a: !nv_tileaa.ptr<i32>, %v: i32, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<256xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<256xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<i32> -> tensor<256x!nv_tileaa.ptr<i32>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<256x!nv_tileaa.ptr<i32>>, tensor<256xi32>
  %vs = nv_tileaa.splat %v : i32 -> tensor<256xi32>
  %o = nv_tileaa.atomic_rmw max, %ap, %vs, %m : tensor<256x!nv_tileaa.ptr<i32>>, tensor<256xi32> -> tensor<256xi32>
  nv_tileaa.store %ap, %o : tensor<256x!nv_tileaa.ptr<i32>>, tensor<256xi32>
  nv_tileaa.return
}

nv_tileaa.func @umin_i32(%a: !nv_tileaa.ptr<i32>, %v: i32, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<256xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<256xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<i32> -> tensor<256x!nv_tileaa.ptr<i32>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<256x!nv_tileaa.ptr<i32>>, tensor<256xi32>
  %vs = nv_tileaa.splat %v : i32 -> tensor<256xi32>
  %o = nv_tileaa.atomic_rmw umin, %ap, %vs, %m : tensor<256x!nv_tileaa.ptr<i32>>, tensor<256xi32> -> tensor<256xi32>
  nv_tileaa.store %ap, %o : tensor<256x!nv_tileaa.ptr<i32>>, tensor<256xi32>
  nv_tileaa.return
}

nv_tileaa.func @umax_i64(%a: !nv_tileaa.ptr<i64>, %v: i64, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<256xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<256xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<i64> -> tensor<256x!nv_tileaa.ptr<i64>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<256x!nv_tileaa.ptr<i64>>, tensor<256xi32>
  %vs = nv_tileaa.splat %v : i64 -> tensor<256xi64>
  %o = nv_tileaa.atomic_rmw umax, %ap, %vs, %m : tensor<256x!nv_tileaa.ptr<i64>>, tensor<256xi64> -> tensor<256xi64>
  nv_tileaa.store %ap, %o : tensor<256x!nv_tileaa.ptr<i64>>, tensor<256xi64>
  nv_tileaa.return
}

// Once per program: thread 0 takes a ticket; the other threads read it
// from shared memory between two barriers.
// CHECK-LABEL: .entry ticket(
// CHECK: mov.u32 %r[[TID:[0-9]+]], %tid.x;
// CHECK: setp.eq.b32 %p[[T0:[0-9]+]], %r[[TID]], 0;
// CHECK: @%p[[T0]] atom.acq_rel.gpu.global.add.u32 %r[[OLD:[0-9]+]],
// CHECK: @%p[[T0]] st.shared.b32 [%rd{{[0-9]+}}], %r[[OLD]];
// CHECK: bar.sync 0;
// CHECK: ld.shared.b32 %r[[TICKET:[0-9]+]], [__tileiras_smem_ticket];
// CHECK: st.global.b32 [%rd{{[0-9]+}}], %r[[TICKET]];
nv_tileaa.func @ticket(%counter: !nv_tileaa.ptr<i32>, %out: !nv_tileaa.ptr<i32>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %one = arith.constant 1 : i32
  %t = nv_tileaa.atomic_rmw add, %counter, %one {mem_semantic = #nv_tileaa.mem_semantic<acq_rel>, mem_scope = #nv_tileaa.mem_scope<gpu>} : !nv_tileaa.ptr<i32>, i32 -> i32
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %ob = nv_tileaa.splat %out : !nv_tileaa.ptr<i32> -> tensor<128x!nv_tileaa.ptr<i32>>
  %op = nv_tileaa.addptr %ob, %r : tensor<128x!nv_tileaa.ptr<i32>>, tensor<128xi32>
  %ts = nv_tileaa.splat %t : i32 -> tensor<128xi32>
  nv_tileaa.store %op, %ts : tensor<128x!nv_tileaa.ptr<i32>>, tensor<128xi32>
  nv_tileaa.return
}

// 64 elements over 4 warps: only warps 0 and 1 perform the atomics and the
// old values go to warps 2 and 3 through shared memory.
// CHECK-LABEL: .entry replicated(
// CHECK: and.b32 %r[[WB:[0-9]+]], %r{{[0-9]+}}, 2;
// CHECK: setp.eq.b32 %p[[OWN:[0-9]+]], %r[[WB]], 0;
// CHECK: @%p[[OWN]] atom.relaxed.gpu.global.add.f32 %r[[OLD:[0-9]+]],
// CHECK: @%p{{[0-9]+}} st.shared.b32 [%rd{{[0-9]+}}], %r[[OLD]];
// CHECK: bar.sync 0;
// CHECK: ld.shared.b32 %r[[BACK:[0-9]+]],
// The store of the old values is made by the owner copies too.
// CHECK: and.b32 %r[[WB2:[0-9]+]], %r{{[0-9]+}}, 2;
// CHECK: setp.eq.b32 %p[[OWN2:[0-9]+]], %r[[WB2]], 0;
// CHECK: @%p[[OWN2]] st.global.b32 [%rd{{[0-9]+}}], %r[[BACK]];
nv_tileaa.func @replicated(%a: !nv_tileaa.ptr<f32>, %out: !nv_tileaa.ptr<f32>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
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

// Compare-and-swap on shared memory (16-bit) and on global memory (64-bit,
// scalar, once per program).
// CHECK-LABEL: .entry cas(
// CHECK: atom.acquire.cta.shared.cas.b16 %rs{{[0-9]+}}, [%rd{{[0-9]+}}], %rs{{[0-9]+}}, %rs{{[0-9]+}};
// CHECK: atom.relaxed.sys.global.cas.b64 %rd{{[0-9]+}}, [%rd{{[0-9]+}}], %rd{{[0-9]+}}, %rd{{[0-9]+}};
nv_tileaa.func @cas(%a: !nv_tileaa.ptr<f16, 3>, %b: !nv_tileaa.ptr<i64>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<f16, 3> -> tensor<128x!nv_tileaa.ptr<f16, 3>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<128x!nv_tileaa.ptr<f16, 3>>, tensor<128xi32>
  %c = arith.constant dense<1.0> : tensor<128xf16>
  %o = nv_tileaa.atomic_cas %ap, %c, %c {mem_semantic = #nv_tileaa.mem_semantic<acquire>, mem_scope = #nv_tileaa.mem_scope<cta>} : tensor<128x!nv_tileaa.ptr<f16, 3>>, tensor<128xf16> -> tensor<128xf16>
  nv_tileaa.store %ap, %o : tensor<128x!nv_tileaa.ptr<f16, 3>>, tensor<128xf16>
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %s = nv_tileaa.atomic_cas %b, %c0, %c1 {mem_scope = #nv_tileaa.mem_scope<sys>} : !nv_tileaa.ptr<i64>, i64 -> i64
  nv_tileaa.store %b, %s : !nv_tileaa.ptr<i64>, i64
  nv_tileaa.return
}

// Float max/min: one integer atomic per element, chosen by the sign bit of
// the value (IEEE 754 totalOrder): max.s for a clear sign, min.u for a set
// one (min: min.s and max.u), each under its own predicate.
// CHECK-LABEL: .entry max_f32(
// CHECK-DAG: atom.relaxed.gpu.global.max.s32
// CHECK-DAG: atom.relaxed.gpu.global.min.u32
// CHECK-LABEL: .entry min_f32(
// CHECK-DAG: atom.relaxed.gpu.global.min.s32
// CHECK-DAG: atom.relaxed.gpu.global.max.u32
// CHECK-LABEL: .entry max_f64_shared(
// CHECK-DAG: atom.acq_rel.cta.shared.max.s64
// CHECK-DAG: atom.acq_rel.cta.shared.min.u64
// CHECK-LABEL: .entry min_f64_scalar(
// CHECK-DAG: atom.relaxed.gpu.global.min.s64
// CHECK-DAG: atom.relaxed.gpu.global.max.u64

nv_tileaa.func @max_f32(%a: !nv_tileaa.ptr<f32>, %v: f32, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %ns = nv_tileaa.splat %n : i32 -> tensor<256xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<256xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<256x!nv_tileaa.ptr<f32>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xi32>
  %vs = nv_tileaa.splat %v : f32 -> tensor<256xf32>
  %o = nv_tileaa.atomic_rmw max, %ap, %vs, %m : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xf32> -> tensor<256xf32>
  nv_tileaa.store %ap, %o : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xf32>
  nv_tileaa.return
}

nv_tileaa.func @min_f32(%a: !nv_tileaa.ptr<f32>, %v: f32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 256 : i32} : tensor<256xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<256x!nv_tileaa.ptr<f32>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xi32>
  %vs = nv_tileaa.splat %v : f32 -> tensor<256xf32>
  %o = nv_tileaa.atomic_rmw min, %ap, %vs : tensor<256x!nv_tileaa.ptr<f32>>, tensor<256xf32> -> tensor<256xf32>
  nv_tileaa.return
}

nv_tileaa.func @max_f64_shared(%a: !nv_tileaa.ptr<f64, 3>, %v: f64, %out: !nv_tileaa.ptr<f64>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<f64, 3> -> tensor<128x!nv_tileaa.ptr<f64, 3>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<128x!nv_tileaa.ptr<f64, 3>>, tensor<128xi32>
  %vs = nv_tileaa.splat %v : f64 -> tensor<128xf64>
  %o = nv_tileaa.atomic_rmw max, %ap, %vs {mem_semantic = #nv_tileaa.mem_semantic<acq_rel>, mem_scope = #nv_tileaa.mem_scope<cta>} : tensor<128x!nv_tileaa.ptr<f64, 3>>, tensor<128xf64> -> tensor<128xf64>
  %ob = nv_tileaa.splat %out : !nv_tileaa.ptr<f64> -> tensor<128x!nv_tileaa.ptr<f64>>
  %op = nv_tileaa.addptr %ob, %r : tensor<128x!nv_tileaa.ptr<f64>>, tensor<128xi32>
  nv_tileaa.store %op, %o : tensor<128x!nv_tileaa.ptr<f64>>, tensor<128xf64>
  nv_tileaa.return
}

nv_tileaa.func @min_f64_scalar(%a: !nv_tileaa.ptr<f64>, %v: f64, %out: !nv_tileaa.ptr<f64>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %o = nv_tileaa.atomic_rmw min, %a, %v : !nv_tileaa.ptr<f64>, f64 -> f64
  nv_tileaa.store %out, %o : !nv_tileaa.ptr<f64>, f64
  nv_tileaa.return
}
