; RUN: tileiras-sim-prep %s -o - | FileCheck %s
; RUN: not tileiras-sim-prep %S/Inputs/unknown-asm.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNKNOWN

; tileiras-sim-prep turns each inline-PTX template of the memory and
; conversion lowering (passes/TileToLLVM/MemoryOps.cpp, MemoryUtils.cpp,
; ElementwiseOps.cpp) into host IR: a predicate becomes a branch around the
; access, the `mov`s of the initial values the incoming values of phis, the
; access a checked (__sim_check_access: alignment, state space) plain,
; vector or atomic host access. Address spaces disappear, llvm.nvvm.*
; become runtime calls, shared memory an offset in the per-CTA arena, and
; the kernel gets a host entry that reads its arguments from 8-byte slots.

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@__tileiras_smem_k = internal unnamed_addr addrspace(3) global [64 x i8] undef, align 16

; CHECK: @__sim_kernel_name = constant [2 x i8] c"k\00"
; CHECK: @__sim_kernel_signature = constant [20 x i8] c"ptr,i32,f32,i64,f64\00"
; CHECK: @__sim_kernel_reqntid = constant [7 x i8] c"32,1,1\00"
; CHECK: @__sim_shared_bytes = constant i64 64

; CHECK: ; Function Attrs: sanitize_address
; CHECK-NEXT: define void @k(ptr align 16 %p, i32 %n, float %f, i64 %l, double %d)
define ptx_kernel void @k(ptr addrspace(1) align 16 %p, i32 %n, float %f, i64 %l, double %d) #0 {
  %a = ptrtoint ptr addrspace(1) %p to i64
  %pred = icmp slt i32 %n, 5
; CHECK: %sim.shared = call ptr @__sim_shared_base()
; CHECK: %__tileiras_smem_k.sim = getelementptr i8, ptr %sim.shared, i64 0
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK: call i32 @__sim_nvvm_read_ptx_sreg_tid_x()

; Masked 128-bit load with `other` values: 2 x b64.
; CHECK: br i1 %pred, label %[[LOAD:.*]], label %[[JOIN:.*]]
; CHECK: [[LOAD]]:
; CHECK-NEXT: call void @__sim_check_access(i64 %a, i64 16, i32 1, i32 0)
; CHECK: load <2 x i64>, ptr %{{.*}}, align 16
; CHECK: [[JOIN]]:
; CHECK-NEXT: phi i64 [ %{{.*}}, %[[LOAD]] ], [ 7, %{{.*}} ]
; CHECK-NEXT: phi i64 [ %{{.*}}, %[[LOAD]] ], [ 8, %{{.*}} ]
  %v = call { i64, i64 } asm sideeffect "mov.b64 $0, $4;\0A\09mov.b64 $1, $5;\0A\09@$3 ld.global.v2.b64 {$0, $1}, [$2];", "=&l,=&l,l,b,l,l"(i64 %a, i1 %pred, i64 7, i64 8)

; A byte in a 16-bit register, masked, read as 0 when off.
; CHECK: call void @__sim_check_access(i64 %a, i64 1, i32 1, i32 0)
; CHECK: load i8, ptr %{{.*}}, align 1
; CHECK: phi i8 [ %{{.*}}, %{{.*}} ], [ 0, %{{.*}} ]
  %b = call i8 asm sideeffect "mov.b16 $0, 0;\0A\09@$2 ld.global.b8 $0, [$1];", "=&c,l,b"(i64 %a, i1 %pred)

; Ordered loads are atomic loads; cache operators and eviction priorities
; are ignored.
; CHECK: load atomic i32, ptr %{{.*}} monotonic, align 4
  %r = call i32 asm sideeffect "ld.relaxed.gpu.global.cg.b32 $0, [$1];", "=r,l"(i64 %a)
; CHECK: load atomic i32, ptr %{{.*}} acquire, align 8
; CHECK: load atomic i32, ptr %{{.*}} acquire, align 4
  %q = call { i32, i32 } asm sideeffect "ld.acquire.sys.global.L1::evict_last.v2.b32 {$0, $1}, [$2];", "=r,=r,l"(i64 %a)

; Vector store, predicated.
; CHECK: call void @__sim_check_access(i64 %a, i64 16, i32 1, i32 1)
; CHECK: store <4 x i32> <i32 1, i32 2, i32 3, i32 4>, ptr %{{.*}}, align 16
  call void asm sideeffect "@$5 st.global.cs.v4.b32 [$0], {$1, $2, $3, $4};", "l,r,r,r,r,b"(i64 %a, i32 1, i32 2, i32 3, i32 4, i1 %pred)
; CHECK: store atomic i64 %l, ptr %{{.*}} release, align 8
  call void asm sideeffect "st.release.cta.global.b64 [$0], $1;", "l,l"(i64 %a, i64 %l)

; A store to shared memory (emitPredicatedStore), checked against the arena.
  %s = ptrtoint ptr addrspace(3) @__tileiras_smem_k to i64
; CHECK: call void @__sim_check_access(i64 %s, i64 4, i32 3, i32 1)
  call void asm sideeffect "@$2 st.shared.b32 [$0], $1;", "l,r,b"(i64 %s, i32 %n, i1 %pred)

; Atomics: integer ones are atomicrmw/cmpxchg, float additions runtime calls.
; CHECK: atomicrmw add ptr %{{.*}}, i32 1 monotonic, align 4
  %o1 = call i32 asm sideeffect "mov.b32 $0, 0;\0A\09@$3 atom.relaxed.gpu.global.add.u32 $0, [$1], $2;", "=&r,l,r,b"(i64 %a, i32 1, i1 %pred)
; CHECK: atomicrmw min ptr %{{.*}}, i64 %l acq_rel, align 8
  %o2 = call i64 asm sideeffect "atom.acq_rel.sys.global.min.s64 $0, [$1], $2;", "=l,l,l"(i64 %a, i64 %l)
; CHECK: atomicrmw umax ptr %{{.*}}, i32 %n acquire, align 4
  %o3 = call i32 asm sideeffect "atom.acquire.cta.shared.max.u32 $0, [$1], $2;", "=r,l,r"(i64 %s, i32 %n)
; CHECK: cmpxchg ptr %{{.*}}, i16 1, i16 2 release monotonic, align 2
  %o4 = call i16 asm sideeffect "atom.release.gpu.global.cas.b16 $0, [$1], $2, $3;", "=h,l,h,h"(i64 %a, i16 1, i16 2)
; CHECK: atomicrmw xchg ptr %{{.*}}, i32 %n monotonic, align 4
  %o5 = call i32 asm sideeffect "atom.relaxed.gpu.global.exch.b32 $0, [$1], $2;", "=r,l,r"(i64 %a, i32 %n)
; f32 addition on global memory flushes subnormals (last argument 1).
; CHECK: call i32 @__sim_atom_add_f32(ptr %{{.*}}, i32 %n, i32 1)
  %o6 = call i32 asm sideeffect "atom.relaxed.gpu.global.add.f32 $0, [$1], $2;", "=r,l,r"(i64 %a, i32 %n)
; CHECK: call i32 @__sim_atom_add_f32(ptr %{{.*}}, i32 %n, i32 0)
  %o7 = call i32 asm sideeffect "atom.relaxed.gpu.shared.add.f32 $0, [$1], $2;", "=r,l,r"(i64 %s, i32 %n)
; CHECK: call i32 @__sim_atom_add_bf16(ptr %{{.*}}, i32 3)
  %o8 = call i16 asm sideeffect "atom.relaxed.gpu.global.add.noftz.bf16 $0, [$1], $2;", "=h,l,h"(i64 %a, i16 3)
; CHECK: call i64 @__sim_atom_add_f64(ptr %{{.*}}, i64 %l)
  %o9 = call i64 asm sideeffect "atom.relaxed.gpu.global.add.f64 $0, [$1], $2;", "=l,l,l"(i64 %a, i64 %l)

; cvt with a directed rounding mode (2 = rm).
; CHECK: call i32 @__sim_cvt_f32_to_f16(float %f, i32 2)
  %h = call i16 asm "cvt.rm.f16.f32 $0, $1;", "=h,f"(float %f)

  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK: call void @__sim_nvvm_barrier_cta_sync_aligned_all(i32 0)
  ret void
}

; CHECK-LABEL: define void @__sim_kernel_entry(ptr %0)
; CHECK: load ptr, ptr %{{.*}}, align 1
; CHECK: getelementptr i8, ptr %0, i64 8
; CHECK: load i32
; CHECK: getelementptr i8, ptr %0, i64 16
; CHECK: load float
; CHECK: call void @k(

; UNKNOWN: tileiras-sim-prep: error: unsupported inline PTX in @u (instruction 'prmt.b32 $0, $1, $2, 0x3210'):
; UNKNOWN: This is a gap in the simulator, not a mistake in your kernel
; UNKNOWN: teach tools/sim/SimPrep.cpp the new template

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { "nvvm.reqntid"="32,1,1" "target-cpu"="sm_90a" }
