// Cache modifiers, eviction priorities and memory ordering on loads and
// stores, compiled for every target and assembled. Eviction priorities
// (.L1::evict_*) need PTX ISA 7.4: targets whose minimum is older (sm_75,
// sm_80, sm_86) get .version 7.4 instead of their minimum, and keep them.
// RUN: %all-targets %s %t 2>%t.warnings | FileCheck %S/all-targets.txt
// RUN: FileCheck %s < %t/hints.sm_90a.ptx
// RUN: FileCheck %s < %t/hints.sm_87.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,RAISED < %t/hints.sm_75.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,RAISED < %t/hints.sm_80.ptx
// RUN: FileCheck %s --check-prefixes=CHECK,RAISED < %t/hints.sm_86.ptx
// RUN: not grep -q warning %t.warnings
// An explicit older PTX ISA is an error naming the reason.
// RUN: %expect-exit 1 tileiras --gpu-name=sm_80 --ptx-version=7.0 %s -o %t/old.ptx 2>&1 | FileCheck %s --check-prefix=TOO-LOW
// TOO-LOW: tileiras: error: --ptx-version=7.0 is too low: an L1 eviction priority (.L1::evict_*) needs PTX ISA 7.4 or newer

// RAISED: .version 7.4
// CHECK-LABEL: .entry hints(
// CHECK: ld.global.cg.v4.b32
// CHECK: ld.global.cs.v4.b32
// CHECK: ld.global.L1::evict_first.v4.b32
// CHECK: ld.global.L1::evict_last.v4.b32
// CHECK: ld.acquire.gpu.global.v4.b32
// CHECK: ld.relaxed.sys.global.L1::evict_last.v4.b32
// CHECK: st.global.cs.v4.b32
// CHECK: st.global.L1::evict_first.v4.b32
// CHECK: st.release.gpu.global.L1::evict_last.v4.b32
// CHECK: st.relaxed.cta.global.v4.b32
// WARN-NOT: warning
nv_tileaa.func @hints(%a: !nv_tileaa.ptr<f32>, %b: !nv_tileaa.ptr<f32>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
  %r = nv_tileaa.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %ab = nv_tileaa.splat %a : !nv_tileaa.ptr<f32> -> tensor<128x!nv_tileaa.ptr<f32>>
  %ap = nv_tileaa.addptr %ab, %r : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  %x0 = nv_tileaa.load %ap {cache_modifier = #nv_tileaa.cache_modifier<cg>} : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  %x1 = nv_tileaa.load %ap {cache_modifier = #nv_tileaa.cache_modifier<cs>} : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  %x2 = nv_tileaa.load %ap {eviction_policy = #nv_tileaa.eviction_policy<first>} : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  %x3 = nv_tileaa.load %ap {eviction_policy = #nv_tileaa.eviction_policy<last>} : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  %x4 = nv_tileaa.load %ap {mem_semantic = #nv_tileaa.mem_semantic<acquire>, mem_scope = #nv_tileaa.mem_scope<gpu>} : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  %x5 = nv_tileaa.load %ap {mem_semantic = #nv_tileaa.mem_semantic<relaxed>, mem_scope = #nv_tileaa.mem_scope<sys>, eviction_policy = #nv_tileaa.eviction_policy<last>} : tensor<128x!nv_tileaa.ptr<f32>> -> tensor<128xf32>
  %s0 = nv_tileaa.addf %x0, %x1 : tensor<128xf32>
  %s1 = nv_tileaa.addf %s0, %x2 : tensor<128xf32>
  %s2 = nv_tileaa.addf %s1, %x3 : tensor<128xf32>
  %s3 = nv_tileaa.addf %s2, %x4 : tensor<128xf32>
  %s4 = nv_tileaa.addf %s3, %x5 : tensor<128xf32>
  %bb = nv_tileaa.splat %b : !nv_tileaa.ptr<f32> -> tensor<128x!nv_tileaa.ptr<f32>>
  %bp = nv_tileaa.addptr %bb, %r : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xi32>
  nv_tileaa.store %bp, %s4 {cache_modifier = #nv_tileaa.cache_modifier<cs>} : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
  nv_tileaa.store %bp, %s3 {eviction_policy = #nv_tileaa.eviction_policy<first>} : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
  nv_tileaa.store %bp, %s2 {mem_semantic = #nv_tileaa.mem_semantic<release>, mem_scope = #nv_tileaa.mem_scope<gpu>, eviction_policy = #nv_tileaa.eviction_policy<last>} : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
  nv_tileaa.store %bp, %s1 {mem_semantic = #nv_tileaa.mem_semantic<relaxed>, mem_scope = #nv_tileaa.mem_scope<cta>} : tensor<128x!nv_tileaa.ptr<f32>>, tensor<128xf32>
  nv_tileaa.return
}
