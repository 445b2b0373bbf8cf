// Cache modifiers, eviction priorities and memory ordering reach the PTX
// opcode: ld{.sem.scope}.global{.cop}{.L1::evict_*}{.vN}.b32, the same on
// every target (an eviction priority makes the emitter choose PTX ISA 7.4
// or newer). A hint PTX cannot express (an eviction priority together with
// a cache modifier, or outside global memory) is dropped with a warning.
// RUN: tileiras-opt %s --tileaa-to-nvvm='gpu-name=sm_90a' 2>%t.sm90a.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN --implicit-check-not=warning < %t.sm90a.err
// RUN: tileiras-opt %s --tileaa-to-nvvm='gpu-name=sm_80' 2>%t.sm80.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN --implicit-check-not=warning < %t.sm80.err

// CHECK-LABEL: llvm.func @loads
// CHECK: "ld.global.ca.v4.b32 {$0, $1, $2, $3}, [$4];"
// CHECK: "ld.global.cg.v4.b32 {$0, $1, $2, $3}, [$4];"
// CHECK: "ld.global.cs.v4.b32 {$0, $1, $2, $3}, [$4];"
// CHECK: "ld.global.lu.v4.b32 {$0, $1, $2, $3}, [$4];"
// CHECK: "ld.global.cv.v4.b32 {$0, $1, $2, $3}, [$4];"
// CHECK: "ld.global.L1::evict_first.v4.b32 {$0, $1, $2, $3}, [$4];"
// CHECK: "ld.global.L1::evict_last.v4.b32 {$0, $1, $2, $3}, [$4];"
// CHECK: "ld.global.v4.b32 {$0, $1, $2, $3}, [$4];"
// CHECK: "ld.acquire.gpu.global.v4.b32 {$0, $1, $2, $3}, [$4];"
// CHECK: "ld.relaxed.sys.global.L1::evict_last.v4.b32 {$0, $1, $2, $3}, [$4];"
// CHECK: "ld.acquire.cta.global.v4.b32 {$0, $1, $2, $3}, [$4];"
// CHECK: "ld.global.cg.v4.b32 {$0, $1, $2, $3}, [$4];"


nv_tileaa.func @loads(%a: !nv_tileaa.ptr<f32>, %b: !nv_tileaa.ptr<f32>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<128x!nv_tileaa.ptr<f32>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  %x0 = nv_tileaa.load %ap {cache_modifier = #nv_tileaa.cache_modifier<ca>} : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  %x1 = nv_tileaa.load %ap {cache_modifier = #nv_tileaa.cache_modifier<cg>} : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  %x2 = nv_tileaa.load %ap {cache_modifier = #nv_tileaa.cache_modifier<cs>} : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  %x3 = nv_tileaa.load %ap {cache_modifier = #nv_tileaa.cache_modifier<lu>} : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  %x4 = nv_tileaa.load %ap {cache_modifier = #nv_tileaa.cache_modifier<cv>} : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  %x5 = nv_tileaa.load %ap {eviction_policy = #nv_tileaa.eviction_policy<first>} : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  %x6 = nv_tileaa.load %ap {eviction_policy = #nv_tileaa.eviction_policy<last>} : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  %x7 = nv_tileaa.load %ap {eviction_policy = #nv_tileaa.eviction_policy<normal>} : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  %x8 = nv_tileaa.load %ap {mem_semantic = #nv_tileaa.mem_semantic<acquire>, mem_scope = #nv_tileaa.mem_scope<gpu>} : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  %x9 = nv_tileaa.load %ap {mem_semantic = #nv_tileaa.mem_semantic<relaxed>, mem_scope = #nv_tileaa.mem_scope<sys>, eviction_policy = #nv_tileaa.eviction_policy<last>} : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  %x10 = nv_tileaa.load %ap {mem_semantic = #nv_tileaa.mem_semantic<acquire>, mem_scope = #nv_tileaa.mem_scope<cta>} : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  // WARN: qualifiers.mlir:[[@LINE+1]]:10: warning: eviction_policy 'first' is ignored: PTX cannot combine an L1 eviction priority with the cache modifier 'cg'
  %x11 = nv_tileaa.load %ap {cache_modifier = #nv_tileaa.cache_modifier<cg>, eviction_policy = #nv_tileaa.eviction_policy<first>} : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  %s0 = nv_tileaa.addf %x0, %x1 : tensor<128xf32>
  %s1 = nv_tileaa.addf %s0, %x2 : tensor<128xf32>
  %s2 = nv_tileaa.addf %s1, %x3 : tensor<128xf32>
  %s3 = nv_tileaa.addf %s2, %x4 : tensor<128xf32>
  %s4 = nv_tileaa.addf %s3, %x5 : tensor<128xf32>
  %s5 = nv_tileaa.addf %s4, %x6 : tensor<128xf32>
  %s6 = nv_tileaa.addf %s5, %x7 : tensor<128xf32>
  %s7 = nv_tileaa.addf %s6, %x8 : tensor<128xf32>
  %s8 = nv_tileaa.addf %s7, %x9 : tensor<128xf32>
  %s9 = nv_tileaa.addf %s8, %x10 : tensor<128xf32>
  %s10 = nv_tileaa.addf %s9, %x11 : tensor<128xf32>
  %bb = nv_tileaa.splat %b : !nv_tileaa.ptr<f32> -> tensor<128x!nv_tileaa.ptr<f32>>
  %bp = nv_tileaa.addptr %bb, %r : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  nv_tileaa.store %bp, %s10 : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
  nv_tileaa.return
}

// CHECK-LABEL: llvm.func @stores
// CHECK: "st.global.cg.v4.b32 [$0], {$1, $2, $3, $4};"
// CHECK: "st.global.cs.v4.b32 [$0], {$1, $2, $3, $4};"
// CHECK: "st.global.L1::evict_first.v4.b32 [$0], {$1, $2, $3, $4};"
// CHECK: "st.release.cta.global.v4.b32 [$0], {$1, $2, $3, $4};"
// CHECK: "st.relaxed.gpu.global.v4.b32 [$0], {$1, $2, $3, $4};"
// CHECK: "st.release.sys.global.L1::evict_last.v4.b32 [$0], {$1, $2, $3, $4};"
nv_tileaa.func @stores(%b: !nv_tileaa.ptr<f32>, %v: f32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %bb = nv_tileaa.splat %b : !nv_tileaa.ptr<f32> -> tensor<128x!nv_tileaa.ptr<f32>>
  %bp = nv_tileaa.addptr %bb, %r : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  %x = nv_tileaa.splat %v : f32 -> tensor<128xf32>
  nv_tileaa.store %bp, %x {cache_modifier = #nv_tileaa.cache_modifier<cg>} : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
  nv_tileaa.store %bp, %x {cache_modifier = #nv_tileaa.cache_modifier<cs>} : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
  nv_tileaa.store %bp, %x {eviction_policy = #nv_tileaa.eviction_policy<first>} : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
  nv_tileaa.store %bp, %x {mem_semantic = #nv_tileaa.mem_semantic<release>, mem_scope = #nv_tileaa.mem_scope<cta>} : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
  nv_tileaa.store %bp, %x {mem_semantic = #nv_tileaa.mem_semantic<relaxed>, mem_scope = #nv_tileaa.mem_scope<gpu>} : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
  nv_tileaa.store %bp, %x {mem_semantic = #nv_tileaa.mem_semantic<release>, mem_scope = #nv_tileaa.mem_scope<sys>, eviction_policy = #nv_tileaa.eviction_policy<last>} : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
  nv_tileaa.return
}

// Other state spaces: shared, constant and local memory get their own
// ld/st; cache operators apply to global and local memory only, ordering to
// global and shared memory only (local memory is private to the thread and
// constant memory read-only, so a weak access is equivalent there). Local
// memory is private to each thread, so a scalar store to it is made by
// every thread, not once per program.
// CHECK-LABEL: llvm.func @spaces
// CHECK: "ld.shared.v4.b32 {$0, $1, $2, $3}, [$4];"
// CHECK: "ld.acquire.cta.shared.v4.b32 {$0, $1, $2, $3}, [$4];"
// CHECK: "ld.const.v4.b32 {$0, $1, $2, $3}, [$4];"
// CHECK: "ld.local.cs.b32 $0, [$1];"
// CHECK: "st.shared.v4.b32 [$0], {$1, $2, $3, $4};"
// CHECK: "st.local.b32 [$0], $1;", "l,r"
nv_tileaa.func @spaces(%s: !nv_tileaa.ptr<f32, 3>, %c: !nv_tileaa.ptr<f32, 4>, %l: !nv_tileaa.ptr<f32, 5>) {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 512 : i32} : tensor<512xi32>
  %sb = nv_tileaa.splat %s : !nv_tileaa.ptr<f32, 3> -> tensor<512x!nv_tileaa.ptr<f32, 3>>
  %sp = nv_tileaa.addptr %sb, %r : tensor<512x!nv_tileaa.ptr<f32, 3>>, tensor<512xi32>
  %sp16 = nv_tileaa.assume %sp {div_by = 16 : i64} : tensor<512x!nv_tileaa.ptr<f32, 3>>
  // WARN: qualifiers.mlir:[[@LINE+1]]:8: warning: eviction_policy 'last' is ignored: PTX eviction priorities apply to global memory only
  %x = nv_tileaa.load %sp16 {eviction_policy = #nv_tileaa.eviction_policy<last>} : tensor<512x!nv_tileaa.ptr<f32, 3>> -> tensor<512xf32>
  %y = nv_tileaa.load %sp16 {mem_semantic = #nv_tileaa.mem_semantic<acquire>, mem_scope = #nv_tileaa.mem_scope<cta>} : tensor<512x!nv_tileaa.ptr<f32, 3>> -> tensor<512xf32>
  %cb = nv_tileaa.splat %c : !nv_tileaa.ptr<f32, 4> -> tensor<512x!nv_tileaa.ptr<f32, 4>>
  %cp = nv_tileaa.addptr %cb, %r : tensor<512x!nv_tileaa.ptr<f32, 4>>, tensor<512xi32>
  %cp16 = nv_tileaa.assume %cp {div_by = 16 : i64} : tensor<512x!nv_tileaa.ptr<f32, 4>>
  %z = nv_tileaa.load %cp16 {mem_semantic = #nv_tileaa.mem_semantic<acquire>, mem_scope = #nv_tileaa.mem_scope<gpu>} : tensor<512x!nv_tileaa.ptr<f32, 4>> -> tensor<512xf32>
  %lv = nv_tileaa.load %l {cache_modifier = #nv_tileaa.cache_modifier<cs>} : !nv_tileaa.ptr<f32, 5> -> f32
  %s0 = nv_tileaa.addf %x, %y : tensor<512xf32>
  %s1 = nv_tileaa.addf %s0, %z : tensor<512xf32>
  nv_tileaa.store %sp16, %s1 : tensor<512x!nv_tileaa.ptr<f32, 3>>, tensor<512xf32>
  nv_tileaa.store %l, %lv {mem_semantic = #nv_tileaa.mem_semantic<release>, mem_scope = #nv_tileaa.mem_scope<gpu>} : !nv_tileaa.ptr<f32, 5>, f32
  nv_tileaa.return
}
