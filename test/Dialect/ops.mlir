// Round trip of every nv_tileaa op in its custom form: parse -> print -> parse,
// and through the generic form. The CHECK lines pin the printed form of each
// op (DESIGN.md section 5).
// RUN: tileiras-opt %s | FileCheck %s
// RUN: tileiras-opt %s | tileiras-opt | FileCheck %s
// RUN: tileiras-opt %s --mlir-print-op-generic | tileiras-opt | FileCheck %s
// The printed form is a fixed point: printing it again changes nothing.
// RUN: tileiras-opt %s -o %t.1.mlir
// RUN: tileiras-opt %t.1.mlir -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir

// CHECK-LABEL: nv_tileaa.func @helper(%{{.*}}: f32) -> f32 {
nv_tileaa.func @helper(%x: f32) -> f32 {
  // CHECK: nv_tileaa.return %{{.*}} : f32
  nv_tileaa.return %x : f32
}

// CHECK-LABEL: nv_tileaa.func @no_results()
nv_tileaa.func @no_results() {
  // CHECK-NEXT: nv_tileaa.return{{$}}
  nv_tileaa.return
}

// nv_tileaa.noalias marks pointer arguments of any function.
// CHECK-LABEL: nv_tileaa.func @noalias(%{{.*}}: !nv_tileaa.ptr<f32> {nv_tileaa.noalias}, %{{.*}}: !nv_tileaa.ptr<i8, 3> {nv_tileaa.noalias}, %{{.*}}: i32)
nv_tileaa.func @noalias(%a: !nv_tileaa.ptr<f32> {nv_tileaa.noalias}, %b: !nv_tileaa.ptr<i8, 3> {nv_tileaa.noalias}, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<>} {
  nv_tileaa.return
}
// CHECK-LABEL: func.func private @noalias_decl(!nv_tileaa.ptr<f16> {nv_tileaa.noalias})
func.func private @noalias_decl(!nv_tileaa.ptr<f16> {nv_tileaa.noalias})

// CHECK-LABEL: nv_tileaa.func @k(%{{.*}}: !nv_tileaa.ptr<f32>, %{{.*}}: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
nv_tileaa.func @k(%a: !nv_tileaa.ptr<f32>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  // CHECK: %{{.*}} = nv_tileaa.get_program_id x : i32
  %pid = nv_tileaa.get_program_id x : i32
  // CHECK: %{{.*}} = nv_tileaa.get_program_id z : i32
  %pidz = nv_tileaa.get_program_id z : i32
  // CHECK: %{{.*}} = nv_tileaa.get_num_programs y : i32
  %np = nv_tileaa.get_num_programs y : i32
  // start and end print in this order (DESIGN.md), whichever order they
  // were written in; other attributes follow.
  // CHECK: %{{.*}} = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %i = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  // CHECK: %{{.*}} = nv_tileaa.make_range {start = 128 : i32, end = 256 : i32} : tensor<128xi32>
  %i2 = nv_tileaa.make_range {end = 256 : i32, start = 128 : i32} : tensor<128xi32>
  // CHECK: %{{.*}} = nv_tileaa.make_range {start = -64 : i32, end = 64 : i32, a.note = "x", b} : tensor<128xi32>
  %i3 = nv_tileaa.make_range {b, end = 64 : i32, a.note = "x", start = -64 : i32} : tensor<128xi32>
  // CHECK: %{{.*}} = nv_tileaa.splat %{{.*}} : i32 -> tensor<128xi32>
  %t = nv_tileaa.splat %n : i32 -> tensor<128xi32>
  // CHECK: %{{.*}} = nv_tileaa.splat %{{.*}} : !nv_tileaa.ptr<f32> -> tensor<128x!nv_tileaa.ptr<f32>>
  %ptrs0 = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<128x!nv_tileaa.ptr<f32>>
  // CHECK: %{{.*}} = nv_tileaa.addptr %{{.*}}, %{{.*}} : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  %ptrs = nv_tileaa.addptr %ptrs0, %i : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  // CHECK: %{{.*}} = nv_tileaa.addptr %{{.*}}, %{{.*}} : !nv_tileaa.ptr<f32>, i32
  %p1 = nv_tileaa.addptr %a, %n : !nv_tileaa.ptr<f32>, i32
  %mask = arith.cmpi slt, %i, %t : tensor<128xi32>
  %other = arith.constant dense<0.0> : tensor<128xf32>
  // CHECK: %{{.*}} = nv_tileaa.load %{{.*}} : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  %x = nv_tileaa.load %ptrs : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  // CHECK: %{{.*}} = nv_tileaa.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  %y = nv_tileaa.load %ptrs, %mask, %other : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  // CHECK: %{{.*}} = nv_tileaa.load %{{.*}}, %{{.*}} : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  %y2 = nv_tileaa.load %ptrs, %mask : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  // CHECK: %{{.*}} = nv_tileaa.load %{{.*}}, %{{.*}}, %{{.*}} {cache_modifier = #nv_tileaa.cache_modifier<cg>, eviction_policy = #nv_tileaa.eviction_policy<first>} : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  %y3 = nv_tileaa.load %ptrs, %mask, %other {cache_modifier = #nv_tileaa.cache_modifier<cg>, eviction_policy = #nv_tileaa.eviction_policy<first>} : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  // CHECK: %{{.*}} = nv_tileaa.load %{{.*}} {mem_scope = #nv_tileaa.mem_scope<gpu>, mem_semantic = #nv_tileaa.mem_semantic<acquire>} : !nv_tileaa.ptr<f32> -> f32
  %s0 = nv_tileaa.load %a {mem_semantic = #nv_tileaa.mem_semantic<acquire>, mem_scope = #nv_tileaa.mem_scope<gpu>} : !nv_tileaa.ptr<f32> -> f32
  // CHECK: %{{.*}} = nv_tileaa.load %{{.*}} : !nv_tileaa.ptr<f32> -> f32
  %s = nv_tileaa.load %p1 : !nv_tileaa.ptr<f32> -> f32
  %true = arith.constant true
  %zero = arith.constant 0.0 : f32
  // CHECK: %{{.*}} = nv_tileaa.load %{{.*}}, %{{.*}}, %{{.*}} : !nv_tileaa.ptr<f32> -> f32
  %s1 = nv_tileaa.load %p1, %true, %zero : !nv_tileaa.ptr<f32> -> f32
  // CHECK: nv_tileaa.store %{{.*}}, %{{.*}} : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
  nv_tileaa.store %ptrs, %x : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
  // CHECK: nv_tileaa.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
  nv_tileaa.store %ptrs, %y, %mask : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
  // CHECK: nv_tileaa.store %{{.*}}, %{{.*}}, %{{.*}} {cache_modifier = #nv_tileaa.cache_modifier<cs>, eviction_policy = #nv_tileaa.eviction_policy<last>} : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
  nv_tileaa.store %ptrs, %y, %mask {cache_modifier = #nv_tileaa.cache_modifier<cs>, eviction_policy = #nv_tileaa.eviction_policy<last>} : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
  // CHECK: nv_tileaa.store %{{.*}}, %{{.*}} {mem_scope = #nv_tileaa.mem_scope<sys>, mem_semantic = #nv_tileaa.mem_semantic<release>} : !nv_tileaa.ptr<f32>, f32
  nv_tileaa.store %a, %s {mem_semantic = #nv_tileaa.mem_semantic<release>, mem_scope = #nv_tileaa.mem_scope<sys>} : !nv_tileaa.ptr<f32>, f32
  // CHECK: nv_tileaa.store %{{.*}}, %{{.*}}, %{{.*}} : !nv_tileaa.ptr<f32>, f32
  nv_tileaa.store %a, %s, %true : !nv_tileaa.ptr<f32>, f32
  // CHECK: %{{.*}} = nv_tileaa.atomic_rmw addf, %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32> -> tensor<128xf32>
  %o = nv_tileaa.atomic_rmw addf, %ptrs, %x, %mask : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32> -> tensor<128xf32>
  // CHECK: %{{.*}} = nv_tileaa.atomic_rmw addf, %{{.*}}, %{{.*}} {mem_scope = #nv_tileaa.mem_scope<cta>, mem_semantic = #nv_tileaa.mem_semantic<acq_rel>} : !nv_tileaa.ptr<f32>, f32 -> f32
  %os = nv_tileaa.atomic_rmw addf, %a, %s {mem_semantic = #nv_tileaa.mem_semantic<acq_rel>, mem_scope = #nv_tileaa.mem_scope<cta>} : !nv_tileaa.ptr<f32>, f32 -> f32
  // CHECK: nv_tileaa.addf %{{.*}}, %{{.*}} : tensor<128xf32>
  %z = nv_tileaa.addf %x, %y : tensor<128xf32>
  // CHECK: nv_tileaa.subf %{{.*}}, %{{.*}} {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<128xf32>
  %z1 = nv_tileaa.subf %z, %y {rounding_mode = #nv_tileaa.rounding<rz>} : tensor<128xf32>
  // CHECK: nv_tileaa.mulf %{{.*}}, %{{.*}} {fastmath = #nv_tileaa.fastmath<fast>} : tensor<128xf32>
  %z2 = nv_tileaa.mulf %z1, %y {fastmath = #nv_tileaa.fastmath<fast>} : tensor<128xf32>
  // CHECK: nv_tileaa.divf %{{.*}}, %{{.*}} {fastmath = #nv_tileaa.fastmath<nnan,ninf>, rounding_mode = #nv_tileaa.rounding<approx>} : tensor<128xf32>
  %z3 = nv_tileaa.divf %z2, %y {rounding_mode = #nv_tileaa.rounding<approx>, fastmath = #nv_tileaa.fastmath<nnan,ninf>} : tensor<128xf32>
  // CHECK: nv_tileaa.divf %{{.*}}, %{{.*}} {rounding_mode = #nv_tileaa.rounding<full>} : f32
  %sd = nv_tileaa.divf %s, %s1 {rounding_mode = #nv_tileaa.rounding<full>} : f32
  // CHECK: nv_tileaa.addf %{{.*}}, %{{.*}} {rounding_mode = #nv_tileaa.rounding<rm>} : f32
  %sa = nv_tileaa.addf %s, %sd {rounding_mode = #nv_tileaa.rounding<rm>} : f32
  // CHECK: nv_tileaa.mulf %{{.*}}, %{{.*}} {rounding_mode = #nv_tileaa.rounding<rp>} : f32
  %sm = nv_tileaa.mulf %s, %sa {rounding_mode = #nv_tileaa.rounding<rp>} : f32
  // CHECK: nv_tileaa.fma %{{.*}}, %{{.*}}, %{{.*}} : tensor<128xf32>
  %f = nv_tileaa.fma %z3, %x, %y : tensor<128xf32>
  // CHECK: nv_tileaa.fma %{{.*}}, %{{.*}}, %{{.*}} {rounding_mode = #nv_tileaa.rounding<rn>} : f32
  %fs = nv_tileaa.fma %s, %sm, %s {rounding_mode = #nv_tileaa.rounding<rn>} : f32
  // CHECK: nv_tileaa.sqrt %{{.*}} : tensor<128xf32>
  %q = nv_tileaa.sqrt %f : tensor<128xf32>
  // CHECK: nv_tileaa.sqrt %{{.*}} {rounding_mode = #nv_tileaa.rounding<approx>} : f32
  %qs = nv_tileaa.sqrt %fs {rounding_mode = #nv_tileaa.rounding<approx>} : f32
  // CHECK: nv_tileaa.rsqrt %{{.*}} : tensor<128xf32>
  %r = nv_tileaa.rsqrt %q : tensor<128xf32>
  // CHECK: nv_tileaa.rsqrt %{{.*}} {rounding_mode = #nv_tileaa.rounding<approx>} : f32
  %rs = nv_tileaa.rsqrt %qs {rounding_mode = #nv_tileaa.rounding<approx>} : f32
  // CHECK: nv_tileaa.exp2 %{{.*}} {fastmath = #nv_tileaa.fastmath<afn>} : tensor<128xf32>
  %e = nv_tileaa.exp2 %r {fastmath = #nv_tileaa.fastmath<afn>} : tensor<128xf32>
  // CHECK: nv_tileaa.exp2 %{{.*}} {rounding_mode = #nv_tileaa.rounding<approx>} : f32
  %es = nv_tileaa.exp2 %rs {rounding_mode = #nv_tileaa.rounding<approx>} : f32
  // CHECK: nv_tileaa.clampf %{{.*}}, %{{.*}}, %{{.*}} : tensor<128xf32>
  %c = nv_tileaa.clampf %e, %x, %y : tensor<128xf32>
  // CHECK: nv_tileaa.clampf %{{.*}}, %{{.*}}, %{{.*}} : f32
  %cs = nv_tileaa.clampf %es, %s, %s1 : f32
  // CHECK: nv_tileaa.mulhiui %{{.*}}, %{{.*}} : tensor<128xi32>
  %hi = nv_tileaa.mulhiui %i, %t : tensor<128xi32>
  // CHECK: nv_tileaa.mulhiui %{{.*}}, %{{.*}} : i64
  %n64 = arith.extui %n : i32 to i64
  %his = nv_tileaa.mulhiui %n64, %n64 : i64
  // CHECK: nv_tileaa.fp_to_fp %{{.*}} : tensor<128xf32> -> tensor<128xf16>
  %h = nv_tileaa.fp_to_fp %c : tensor<128xf32> -> tensor<128xf16>
  // CHECK: nv_tileaa.fp_to_fp %{{.*}} {rounding_mode = #nv_tileaa.rounding<rz>} : f32 -> bf16
  %hb = nv_tileaa.fp_to_fp %cs {rounding_mode = #nv_tileaa.rounding<rz>} : f32 -> bf16
  // CHECK: nv_tileaa.fp_to_fp %{{.*}} : tensor<128xf16> -> tensor<128xf8E4M3FN>
  %h8 = nv_tileaa.fp_to_fp %h : tensor<128xf16> -> tensor<128xf8E4M3FN>
  // CHECK: nv_tileaa.fp_to_fp %{{.*}} : tensor<128xf8E4M3FN> -> tensor<128xf32>
  %h32 = nv_tileaa.fp_to_fp %h8 : tensor<128xf8E4M3FN> -> tensor<128xf32>
  // CHECK: nv_tileaa.fp_to_fp %{{.*}} : tensor<128xf32> -> tensor<128xtf32>
  %htf = nv_tileaa.fp_to_fp %h32 : tensor<128xf32> -> tensor<128xtf32>
  // CHECK: nv_tileaa.call @helper(%{{.*}}) : (f32) -> f32
  %call = nv_tileaa.call @helper(%cs) : (f32) -> f32
  // CHECK: nv_tileaa.call @no_results() : () -> ()
  nv_tileaa.call @no_results() : () -> ()
  nv_tileaa.return
}

// The other enum values and the address spaces, each printed as written
// (fastmath flags in declaration order, all seven as `fast`), and the
// global address space 1 printed without its number.
// CHECK-LABEL: nv_tileaa.func @enums_and_spaces(
// CHECK-SAME: %{{.*}}: !nv_tileaa.ptr<f32>, %{{.*}}: !nv_tileaa.ptr<f32>, %{{.*}}: !nv_tileaa.ptr<i8, 4>, %{{.*}}: !nv_tileaa.ptr<f64, 5>, %{{.*}}: tensor<16x!nv_tileaa.ptr<bf16, 4>>, %{{.*}}: tensor<16x!nv_tileaa.ptr<f16>>, %{{.*}}: f32)
nv_tileaa.func @enums_and_spaces(%g: !nv_tileaa.ptr<f32>, %g1: !nv_tileaa.ptr<f32, 1>, %c: !nv_tileaa.ptr<i8, 4>, %l: !nv_tileaa.ptr<f64, 5>, %ct: tensor<16x!nv_tileaa.ptr<bf16, 4>>, %gt: tensor<16x!nv_tileaa.ptr<f16, 1>>, %x: f32) {
  // CHECK: nv_tileaa.load %{{.*}} {cache_modifier = #nv_tileaa.cache_modifier<ca>} : !nv_tileaa.ptr<f32> -> f32
  %0 = nv_tileaa.load %g1 {cache_modifier = #nv_tileaa.cache_modifier<ca>} : !nv_tileaa.ptr<f32, 1> -> f32
  // CHECK: nv_tileaa.load %{{.*}} {cache_modifier = #nv_tileaa.cache_modifier<cv>, mem_semantic = #nv_tileaa.mem_semantic<weak>} : !nv_tileaa.ptr<i8, 4> -> i8
  %1 = nv_tileaa.load %c {cache_modifier = #nv_tileaa.cache_modifier<cv>, mem_semantic = #nv_tileaa.mem_semantic<weak>} : !nv_tileaa.ptr<i8, 4> -> i8
  // CHECK: nv_tileaa.load %{{.*}} {mem_scope = #nv_tileaa.mem_scope<cta>, mem_semantic = #nv_tileaa.mem_semantic<relaxed>} : !nv_tileaa.ptr<f64, 5> -> f64
  %2 = nv_tileaa.load %l {mem_semantic = #nv_tileaa.mem_semantic<relaxed>, mem_scope = #nv_tileaa.mem_scope<cta>} : !nv_tileaa.ptr<f64, 5> -> f64
  // CHECK: nv_tileaa.load %{{.*}} {cache_modifier = #nv_tileaa.cache_modifier<lu>} : tensor<16x!nv_tileaa.ptr<bf16, 4>> -> tensor<16xbf16>
  %3 = nv_tileaa.load %ct {cache_modifier = #nv_tileaa.cache_modifier<lu>} : tensor<16x!nv_tileaa.ptr<bf16, 4>> -> tensor<16xbf16>
  // CHECK: nv_tileaa.load %{{.*}} : tensor<16x!nv_tileaa.ptr<f16>> -> tensor<16xf16>
  %4 = nv_tileaa.load %gt : tensor<16x!nv_tileaa.ptr<f16, 1>> -> tensor<16xf16>
  // CHECK: nv_tileaa.store %{{.*}}, %{{.*}} {mem_semantic = #nv_tileaa.mem_semantic<weak>} : !nv_tileaa.ptr<f64, 5>, f64
  nv_tileaa.store %l, %2 {mem_semantic = #nv_tileaa.mem_semantic<weak>} : !nv_tileaa.ptr<f64, 5>, f64
  // CHECK: nv_tileaa.store %{{.*}}, %{{.*}} {mem_scope = #nv_tileaa.mem_scope<gpu>, mem_semantic = #nv_tileaa.mem_semantic<relaxed>} : !nv_tileaa.ptr<f32>, f32
  nv_tileaa.store %g1, %0 {mem_semantic = #nv_tileaa.mem_semantic<relaxed>, mem_scope = #nv_tileaa.mem_scope<gpu>} : !nv_tileaa.ptr<f32, 1>, f32
  // CHECK: nv_tileaa.atomic_rmw addf, %{{.*}}, %{{.*}} {mem_scope = #nv_tileaa.mem_scope<sys>, mem_semantic = #nv_tileaa.mem_semantic<relaxed>} : !nv_tileaa.ptr<f32>, f32 -> f32
  %5 = nv_tileaa.atomic_rmw addf, %g, %x {mem_semantic = #nv_tileaa.mem_semantic<relaxed>, mem_scope = #nv_tileaa.mem_scope<sys>} : !nv_tileaa.ptr<f32>, f32 -> f32
  // CHECK: nv_tileaa.addf %{{.*}}, %{{.*}} {fastmath = #nv_tileaa.fastmath<none>} : f32
  %f0 = nv_tileaa.addf %x, %x {fastmath = #nv_tileaa.fastmath<none>} : f32
  // CHECK: nv_tileaa.subf %{{.*}}, %{{.*}} {fastmath = #nv_tileaa.fastmath<nsz>} : f32
  %f1 = nv_tileaa.subf %x, %x {fastmath = #nv_tileaa.fastmath<nsz>} : f32
  // CHECK: nv_tileaa.divf %{{.*}}, %{{.*}} {fastmath = #nv_tileaa.fastmath<arcp>} : f32
  %f2 = nv_tileaa.divf %x, %x {fastmath = #nv_tileaa.fastmath<arcp>} : f32
  // CHECK: nv_tileaa.fma %{{.*}}, %{{.*}}, %{{.*}} {fastmath = #nv_tileaa.fastmath<contract>} : f32
  %f3 = nv_tileaa.fma %x, %x, %x {fastmath = #nv_tileaa.fastmath<contract>} : f32
  // CHECK: nv_tileaa.mulf %{{.*}}, %{{.*}} {fastmath = #nv_tileaa.fastmath<reassoc>} : f32
  %f4 = nv_tileaa.mulf %x, %x {fastmath = #nv_tileaa.fastmath<reassoc>} : f32
  // CHECK: nv_tileaa.addf %{{.*}}, %{{.*}} {fastmath = #nv_tileaa.fastmath<reassoc,nsz,arcp,contract>} : f32
  %f5 = nv_tileaa.addf %x, %x {fastmath = #nv_tileaa.fastmath<contract,arcp,nsz,reassoc>} : f32
  // CHECK: nv_tileaa.sqrt %{{.*}} {fastmath = #nv_tileaa.fastmath<fast>} : f32
  %f6 = nv_tileaa.sqrt %x {fastmath = #nv_tileaa.fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn>} : f32
  // CHECK: nv_tileaa.clampf %{{.*}}, %{{.*}}, %{{.*}} {fastmath = #nv_tileaa.fastmath<nnan,nsz>} : f32
  %f7 = nv_tileaa.clampf %x, %x, %x {fastmath = #nv_tileaa.fastmath<nsz,nnan>} : f32
  // CHECK: nv_tileaa.assume %{{.*}} {div_by = 8 : i64} : !nv_tileaa.ptr<f64, 5>
  %a = nv_tileaa.assume %l {div_by = 8 : i64} : !nv_tileaa.ptr<f64, 5>
  // CHECK: nv_tileaa.addptr %{{.*}}, %{{.*}} : !nv_tileaa.ptr<i8, 4>, i64
  %off = arith.constant 3 : i64
  %cp = nv_tileaa.addptr %c, %off : !nv_tileaa.ptr<i8, 4>, i64
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @atomics
nv_tileaa.func @atomics(%pi: !nv_tileaa.ptr<i32>, %ps: !nv_tileaa.ptr<i64, 3>, %v: i32) {
  %ptrs = nv_tileaa.splat %pi : !nv_tileaa.ptr<i32> -> tensor<128x!nv_tileaa.ptr<i32>>
  %vals = nv_tileaa.splat %v : i32 -> tensor<128xi32>
  // CHECK: nv_tileaa.atomic_rmw add, %{{.*}}, %{{.*}} : tensor<128x!nv_tileaa.ptr<i32>>, tensor<128xi32> -> tensor<128xi32>
  %0 = nv_tileaa.atomic_rmw add, %ptrs, %vals : tensor<128x!nv_tileaa.ptr<i32>>, tensor<128xi32> -> tensor<128xi32>
  // CHECK: nv_tileaa.atomic_rmw and, %{{.*}}, %{{.*}} : !nv_tileaa.ptr<i32>, i32 -> i32
  %1 = nv_tileaa.atomic_rmw and, %pi, %v : !nv_tileaa.ptr<i32>, i32 -> i32
  // CHECK: nv_tileaa.atomic_rmw or, %{{.*}}, %{{.*}} : !nv_tileaa.ptr<i32>, i32 -> i32
  %2 = nv_tileaa.atomic_rmw or, %pi, %v : !nv_tileaa.ptr<i32>, i32 -> i32
  // CHECK: nv_tileaa.atomic_rmw xor, %{{.*}}, %{{.*}} : !nv_tileaa.ptr<i32>, i32 -> i32
  %3 = nv_tileaa.atomic_rmw xor, %pi, %v : !nv_tileaa.ptr<i32>, i32 -> i32
  // CHECK: nv_tileaa.atomic_rmw xchg, %{{.*}}, %{{.*}} : !nv_tileaa.ptr<i32>, i32 -> i32
  %4 = nv_tileaa.atomic_rmw xchg, %pi, %v : !nv_tileaa.ptr<i32>, i32 -> i32
  // CHECK: nv_tileaa.atomic_rmw min, %{{.*}}, %{{.*}} : !nv_tileaa.ptr<i32>, i32 -> i32
  %5 = nv_tileaa.atomic_rmw min, %pi, %v : !nv_tileaa.ptr<i32>, i32 -> i32
  // CHECK: nv_tileaa.atomic_rmw max, %{{.*}}, %{{.*}} : !nv_tileaa.ptr<i32>, i32 -> i32
  %6 = nv_tileaa.atomic_rmw max, %pi, %v : !nv_tileaa.ptr<i32>, i32 -> i32
  // CHECK: nv_tileaa.atomic_rmw umin, %{{.*}}, %{{.*}} : !nv_tileaa.ptr<i32>, i32 -> i32
  %7 = nv_tileaa.atomic_rmw umin, %pi, %v : !nv_tileaa.ptr<i32>, i32 -> i32
  %w = arith.extui %v : i32 to i64
  // CHECK: nv_tileaa.atomic_rmw umax, %{{.*}}, %{{.*}} {mem_scope = #nv_tileaa.mem_scope<cluster>, mem_semantic = #nv_tileaa.mem_semantic<release>} : !nv_tileaa.ptr<i64, 3>, i64 -> i64
  %8 = nv_tileaa.atomic_rmw umax, %ps, %w {mem_semantic = #nv_tileaa.mem_semantic<release>, mem_scope = #nv_tileaa.mem_scope<cluster>} : !nv_tileaa.ptr<i64, 3>, i64 -> i64
  // CHECK: nv_tileaa.atomic_rmw add, %{{.*}}, %{{.*}} {mem_scope = #nv_tileaa.mem_scope<sys>} : !nv_tileaa.ptr<i32>, i32 -> i32
  %9 = nv_tileaa.atomic_rmw add, %pi, %v {mem_scope = #nv_tileaa.mem_scope<sys>} : !nv_tileaa.ptr<i32>, i32 -> i32
  // CHECK: nv_tileaa.atomic_cas %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x!nv_tileaa.ptr<i32>>, tensor<128xi32> -> tensor<128xi32>
  %10 = nv_tileaa.atomic_cas %ptrs, %vals, %0 : tensor<128x!nv_tileaa.ptr<i32>>, tensor<128xi32> -> tensor<128xi32>
  // CHECK: nv_tileaa.atomic_cas %{{.*}}, %{{.*}}, %{{.*}} {mem_scope = #nv_tileaa.mem_scope<gpu>, mem_semantic = #nv_tileaa.mem_semantic<acquire>} : !nv_tileaa.ptr<i32>, i32 -> i32
  %11 = nv_tileaa.atomic_cas %pi, %v, %1 {mem_semantic = #nv_tileaa.mem_semantic<acquire>, mem_scope = #nv_tileaa.mem_scope<gpu>} : !nv_tileaa.ptr<i32>, i32 -> i32
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @shapes
nv_tileaa.func @shapes(%t: tensor<128xf32>, %u: tensor<64x32xf32>, %w: tensor<64x2xf32>) {
  // CHECK: nv_tileaa.expand_dims %{{.*}} {axis = 0 : i32} : tensor<128xf32> -> tensor<1x128xf32>
  %e = nv_tileaa.expand_dims %t {axis = 0 : i32} : tensor<128xf32> -> tensor<1x128xf32>
  // CHECK: nv_tileaa.expand_dims %{{.*}} {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
  %e1 = nv_tileaa.expand_dims %t {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
  // CHECK: nv_tileaa.broadcast %{{.*}} : tensor<1x128xf32> -> tensor<64x128xf32>
  %b = nv_tileaa.broadcast %e : tensor<1x128xf32> -> tensor<64x128xf32>
  // CHECK: nv_tileaa.view %{{.*}} : tensor<64x2xf32> -> tensor<128xf32>
  %v = nv_tileaa.view %w : tensor<64x2xf32> -> tensor<128xf32>
  // CHECK: nv_tileaa.permute %{{.*}} {order = array<i32: 1, 0>} : tensor<64x32xf32> -> tensor<32x64xf32>
  %q = nv_tileaa.permute %u {order = array<i32: 1, 0>} : tensor<64x32xf32> -> tensor<32x64xf32>
  // CHECK: nv_tileaa.extract_slice %{{.*}} {offsets = array<i64: 0, 16>} : tensor<64x32xf32> -> tensor<64x16xf32>
  %s = nv_tileaa.extract_slice %u {offsets = array<i64: 0, 16>} : tensor<64x32xf32> -> tensor<64x16xf32>
  // CHECK: nv_tileaa.extract_slice %{{.*}} {offsets = array<i64: 32, 0>} : tensor<64x32xf32> -> tensor<32x16xf32>
  %t0 = nv_tileaa.extract_slice %u {offsets = array<i64: 32, 0>} : tensor<64x32xf32> -> tensor<32x16xf32>
  // CHECK: nv_tileaa.cat %{{.*}}, %{{.*}} {axis = 0 : i32} : tensor<32x16xf32>, tensor<32x16xf32> -> tensor<64x16xf32>
  %c = nv_tileaa.cat %t0, %t0 {axis = 0 : i32} : tensor<32x16xf32>, tensor<32x16xf32> -> tensor<64x16xf32>
  // CHECK: nv_tileaa.cat %{{.*}}, %{{.*}} {axis = 1 : i32} : tensor<64x16xf32>, tensor<64x16xf32> -> tensor<64x32xf32>
  %c1 = nv_tileaa.cat %s, %c {axis = 1 : i32} : tensor<64x16xf32>, tensor<64x16xf32> -> tensor<64x32xf32>
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @dots
nv_tileaa.func @dots(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<64x64xf32>,
                     %ai: tensor<64x32xi8>, %bi: tensor<32x64xi8>, %ci: tensor<64x64xi32>,
                     %a3: tensor<2x64x32xbf16>, %b3: tensor<2x32x16xbf16>, %c3: tensor<2x64x16xf32>,
                     %a8: tensor<64x32xf8E4M3FN>, %b8: tensor<32x64xf8E5M2>,
                     %at: tensor<64x32xtf32>, %bt: tensor<32x64xtf32>,
                     %ad: tensor<16x16xf64>, %cd: tensor<16x16xf64>) {
  // CHECK: nv_tileaa.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
  %d = nv_tileaa.dot %a, %b, %c : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
  // CHECK: nv_tileaa.dot %{{.*}}, %{{.*}}, %{{.*}} {propagate_nan} : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
  %dn = nv_tileaa.dot %a, %b, %d {propagate_nan} : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
  // CHECK: nv_tileaa.dot %{{.*}}, %{{.*}}, %{{.*}} {signedness_a = #nv_tileaa.signedness<signed>, signedness_b = #nv_tileaa.signedness<unsigned>} : tensor<64x32xi8>, tensor<32x64xi8>, tensor<64x64xi32> -> tensor<64x64xi32>
  %di = nv_tileaa.dot %ai, %bi, %ci {signedness_a = #nv_tileaa.signedness<signed>, signedness_b = #nv_tileaa.signedness<unsigned>} : tensor<64x32xi8>, tensor<32x64xi8>, tensor<64x64xi32> -> tensor<64x64xi32>
  // CHECK: nv_tileaa.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x64x32xbf16>, tensor<2x32x16xbf16>, tensor<2x64x16xf32> -> tensor<2x64x16xf32>
  %d3 = nv_tileaa.dot %a3, %b3, %c3 : tensor<2x64x32xbf16>, tensor<2x32x16xbf16>, tensor<2x64x16xf32> -> tensor<2x64x16xf32>
  // CHECK: nv_tileaa.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x32xf8E4M3FN>, tensor<32x64xf8E5M2>, tensor<64x64xf32> -> tensor<64x64xf32>
  %d8 = nv_tileaa.dot %a8, %b8, %c : tensor<64x32xf8E4M3FN>, tensor<32x64xf8E5M2>, tensor<64x64xf32> -> tensor<64x64xf32>
  // CHECK: nv_tileaa.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x32xtf32>, tensor<32x64xtf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %dt = nv_tileaa.dot %at, %bt, %c : tensor<64x32xtf32>, tensor<32x64xtf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  // CHECK: nv_tileaa.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x16xf64>, tensor<16x16xf64>, tensor<16x16xf64> -> tensor<16x16xf64>
  %dd = nv_tileaa.dot %ad, %ad, %cd : tensor<16x16xf64>, tensor<16x16xf64>, tensor<16x16xf64> -> tensor<16x16xf64>
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @regions
nv_tileaa.func @regions(%x: tensor<64x128xf32>, %y: tensor<128xi32>) {
  // CHECK:      nv_tileaa.reduce %{{.*}} {axis = 1 : i32} : tensor<64x128xf32> -> tensor<64xf32> {
  // CHECK-NEXT: ^bb0(%{{.*}}: f32, %{{.*}}: f32):
  // CHECK-NEXT:   %{{.*}} = arith.maximumf %{{.*}}, %{{.*}} : f32
  // CHECK-NEXT:   nv_tileaa.yield %{{.*}} : f32
  // CHECK-NEXT: }
  %r = nv_tileaa.reduce %x {axis = 1 : i32} : tensor<64x128xf32> -> tensor<64xf32> {
  ^bb0(%l: f32, %rr: f32):
    %m = arith.maximumf %l, %rr : f32
    nv_tileaa.yield %m : f32
  }
  // CHECK: nv_tileaa.reduce %{{.*}} {axis = 0 : i32} : tensor<128xi32> -> i32 {
  %s = nv_tileaa.reduce %y {axis = 0 : i32} : tensor<128xi32> -> i32 {
  ^bb0(%l: i32, %rr: i32):
    %m = arith.addi %l, %rr : i32
    nv_tileaa.yield %m : i32
  }
  // CHECK: nv_tileaa.scan %{{.*}} {axis = 0 : i32, reverse = false} : tensor<128xi32> -> tensor<128xi32> {
  %c = nv_tileaa.scan %y {axis = 0 : i32, reverse = false} : tensor<128xi32> -> tensor<128xi32> {
  ^bb0(%l: i32, %rr: i32):
    %m = arith.addi %l, %rr : i32
    nv_tileaa.yield %m : i32
  }
  // CHECK: nv_tileaa.scan %{{.*}} {axis = 1 : i32, reverse = true} : tensor<64x128xf32> -> tensor<64x128xf32> {
  %c2 = nv_tileaa.scan %x {axis = 1 : i32, reverse = true} : tensor<64x128xf32> -> tensor<64x128xf32> {
  ^bb0(%l: f32, %rr: f32):
    %one = arith.constant 1.0 : f32
    %m = arith.mulf %l, %rr : f32
    %m2 = arith.mulf %m, %one : f32
    nv_tileaa.yield %m2 : f32
  }
  // CHECK: nv_tileaa.scan %{{.*}} {axis = 0 : i32} : tensor<128xi32> -> tensor<128xi32> {
  %c3 = nv_tileaa.scan %y {axis = 0 : i32} : tensor<128xi32> -> tensor<128xi32> {
  ^bb0(%l: i32, %rr: i32):
    %m = arith.maxsi %l, %rr : i32
    nv_tileaa.yield %m : i32
  }
  nv_tileaa.return
}

// CHECK-LABEL: nv_tileaa.func @misc
nv_tileaa.func @misc(%x: tensor<128xf32>, %cond: tensor<128xi1>, %n: i32, %b: i1, %p: !nv_tileaa.ptr<f16, 3>, %ps: tensor<128x!nv_tileaa.ptr<f32>>) {
  // CHECK: nv_tileaa.assert %{{.*}}, "index out of range" : tensor<128xi1>
  nv_tileaa.assert %cond, "index out of range" : tensor<128xi1>
  // CHECK: nv_tileaa.assert %{{.*}}, "n must be positive" : i1
  nv_tileaa.assert %b, "n must be positive" : i1
  // Messages print with C escapes (\n \t \" \\), other unprintable bytes
  // as \XX.
  // CHECK: nv_tileaa.print "x=%f\n", %{{.*}} : tensor<128xf32>
  nv_tileaa.print "x=%f\n", %x : tensor<128xf32>
  // CHECK: nv_tileaa.print "n=%d p=%p x=%8.3e\n", %{{.*}}, %{{.*}}, %{{.*}} : i32, !nv_tileaa.ptr<f16, 3>, tensor<128xf32>
  nv_tileaa.print "n=%d p=%p x=%8.3e\n", %n, %p, %x : i32, !nv_tileaa.ptr<f16, 3>, tensor<128xf32>
  // CHECK: nv_tileaa.print "100%% done\n"{{$}}
  nv_tileaa.print "100%% done\n"
  // CHECK: nv_tileaa.print "say \"hi\"\tC:\\dir\\ \\n \01\7F\FF\n"{{$}}
  nv_tileaa.print "say \"hi\"\09C:\5Cdir\\ \\n \01\7f\FF\0A"
  // CHECK: nv_tileaa.assert %{{.*}}, "a \"quoted\" \\ message\n" : i1
  nv_tileaa.assert %b, "a \"quoted\" \\ message\n" : i1
  // CHECK: nv_tileaa.assume %{{.*}} {div_by = 16 : i64} : i32
  %n16 = nv_tileaa.assume %n {div_by = 16 : i64} : i32
  // CHECK: nv_tileaa.assume %{{.*}} {bounded = array<i64: 0, 1024>} : i32
  %nb = nv_tileaa.assume %n16 {bounded = array<i64: 0, 1024>} : i32
  // CHECK: nv_tileaa.assume %{{.*}} {same_elements = array<i64: 16>} : tensor<128xf32>
  %xs = nv_tileaa.assume %x {same_elements = array<i64: 16>} : tensor<128xf32>
  // CHECK: nv_tileaa.assume %{{.*}} {along = 0 : i64, div_by = 16 : i64, every = 16 : i64} : tensor<128x!nv_tileaa.ptr<f32>>
  %pa = nv_tileaa.assume %ps {div_by = 16 : i64, every = 16 : i64, along = 0 : i64} : tensor<128x!nv_tileaa.ptr<f32>>
  // CHECK: nv_tileaa.assume %{{.*}} {div_by = 16 : i64} : !nv_tileaa.ptr<f16, 3>
  %p16 = nv_tileaa.assume %p {div_by = 16 : i64} : !nv_tileaa.ptr<f16, 3>
  // CHECK: nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %t1 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  // CHECK: nv_tileaa.join_mem_token %{{.*}}, %{{.*}} : !nv_tileaa.mem_token
  %tj = nv_tileaa.join_mem_token %t0, %t1 : !nv_tileaa.mem_token
  // CHECK: nv_tileaa.join_mem_token : !nv_tileaa.mem_token
  %te = nv_tileaa.join_mem_token : !nv_tileaa.mem_token
  nv_tileaa.return
}

// Tiles are used in upstream ops and may be loop-carried.
// CHECK-LABEL: nv_tileaa.func @loop_carried
nv_tileaa.func @loop_carried(%init: tensor<64x64xf32>, %n: index) -> tensor<64x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: scf.for {{.*}} -> (tensor<64x64xf32>)
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<64x64xf32>) {
    %s = arith.addf %acc, %acc : tensor<64x64xf32>
    scf.yield %s : tensor<64x64xf32>
  }
  nv_tileaa.return %r : tensor<64x64xf32>
}

// nv_tileaa ops are also valid in func.func (after the function boundary has
// been lowered) and accept tiles that carry an encoding.
// CHECK-LABEL: func.func @in_func_func
func.func @in_func_func(%a: tensor<128xf32, "blocked">) -> tensor<1x128xf32> {
  // CHECK: nv_tileaa.expand_dims %{{.*}} {axis = 0 : i32} : tensor<128xf32, "blocked"> -> tensor<1x128xf32>
  %e = nv_tileaa.expand_dims %a {axis = 0 : i32} : tensor<128xf32, "blocked"> -> tensor<1x128xf32>
  return %e : tensor<1x128xf32>
}
